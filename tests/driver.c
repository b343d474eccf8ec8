/* The differential driver behind the seeded random runs (conformance_random.c) and the fuzz targets
 * (tests/fuzz/): every operation of the contract, valid and invalid (stale and never-issued handles, unknown
 * components, malformed queries and descriptions, structural changes during iteration, nested iteration,
 * injected allocation failures), run on the strategy and on the reference model. Its choices come from
 * env->rng, so a seed or a fuzz input's bytes decide the whole sequence. */
#include "driver.h"

#include <stdlib.h>
#include <string.h>

#define CONF_MAX_VALUE 256 /* largest component size used here */

typedef struct conf_comp_spec {
    const char *name;
    size_t size, align;
    esb_storage_hint hint;
} conf_comp_spec;

static const conf_comp_spec conf_start_comps[] = {
    {"f32", 4, 4, ESB_STORAGE_DENSE},    {"vec3", 12, 4, ESB_STORAGE_DENSE},      {"mat4", 64, 4, ESB_STORAGE_DENSE},
    {"u8", 1, 1, ESB_STORAGE_DENSE},     {"f64", 8, 8, ESB_STORAGE_DENSE},        {"a32", 32, 32, ESB_STORAGE_DENSE},
    {"a64", 64, 64, ESB_STORAGE_DENSE},  {"tag_a", 0, 1, ESB_STORAGE_DENSE},      {"tag_b", 0, 1, ESB_STORAGE_DENSE},
    {"tag_c", 0, 1, ESB_STORAGE_SPARSE}, {"sparse16", 16, 8, ESB_STORAGE_SPARSE}, {"big", 256, 16, ESB_STORAGE_DENSE},
};

static const conf_comp_spec conf_late_comps[] = {
    {"late24", 24, 8, ESB_STORAGE_DENSE},
    {"late_tag", 0, 1, ESB_STORAGE_DENSE},
    {"late_sparse2", 2, 2, ESB_STORAGE_SPARSE},
    {"late_a16", 48, 16, ESB_STORAGE_SPARSE},
};

#define CONF_N_LATE (sizeof conf_late_comps / sizeof conf_late_comps[0])
_Static_assert(CONF_N_LATE == CONF_DRIVER_LATE, "CONF_DRIVER_LATE counts conf_late_comps");

/* ---- argument pickers ---- */

static esb_entity conf_pick_alive(conf_env *env) {
    conf_model *m = &env->m;
    if (!m->nalive) return ESB_ENTITY_NULL;
    size_t i = conf_rng_below(&env->rng, (uint32_t)m->nissued);
    while (!m->ents[i]) i = (i + 1) % m->nissued;
    return m->handles[i];
}

esb_entity conf_pick_entity(conf_env *env) {
    conf_model *m = &env->m;
    conf_rng *r = &env->rng;
    uint32_t roll = conf_rng_below(r, 100);
    if (roll < 76 && m->nalive) return conf_pick_alive(env);
    if (roll < 90 && m->nissued > m->nalive) {
        size_t i = conf_rng_below(r, (uint32_t)m->nissued);
        while (m->ents[i]) i = (i + 1) % m->nissued;
        return m->handles[i];
    }
    switch (conf_rng_below(r, 4)) {
    case 0: return ESB_ENTITY_NULL;
    case 1: return conf_rng_next(r);
    case 2: {
        uint32_t max_index = 0;
        for (size_t i = 0; i < m->nissued; ++i)
            if (esb_entity_index(m->handles[i]) > max_index) max_index = esb_entity_index(m->handles[i]);
        return esb_entity_make(max_index + 1 + conf_rng_below(r, 4), conf_rng_below(r, 2));
    }
    default:
        if (!m->nissued) return ESB_ENTITY_NULL;
        esb_entity h = m->handles[conf_rng_below(r, (uint32_t)m->nissued)];
        return esb_entity_make(esb_entity_index(h), esb_entity_version(h) + 1 + conf_rng_below(r, 2));
    }
}

esb_component conf_pick_unknown(conf_env *env) {
    switch (conf_rng_below(&env->rng, 4)) {
    case 0: return env->m.ncomps;
    case 1: return env->m.ncomps + 1 + conf_rng_below(&env->rng, 8);
    case 2: return ESB_MAX_COMPONENTS;
    default: return UINT32_MAX;
    }
}

esb_component conf_pick_known(conf_env *env) {
    uint32_t n = env->m.ncomps;
    if (n > 8 && conf_rng_chance(&env->rng, 70)) n = 8;
    return conf_rng_below(&env->rng, n);
}

esb_component conf_pick_comp(conf_env *env) {
    if (conf_rng_chance(&env->rng, 8) || !env->m.ncomps) return conf_pick_unknown(env);
    return conf_pick_known(env);
}

static bool conf_in(const esb_component *a, uint32_t n, esb_component c) {
    for (uint32_t i = 0; i < n; ++i)
        if (a[i] == c) return true;
    return false;
}

uint32_t conf_pick_distinct(conf_env *env, esb_component *dst, uint32_t want, bool tags, const esb_component *avoid,
                            uint32_t navoid) {
    uint32_t n = 0;
    for (uint32_t tries = 0; n < want && tries < 4 * want + 8; ++tries) {
        esb_component c = conf_pick_known(env);
        if (!tags && env->m.comps[c].tag) continue;
        if (conf_in(dst, n, c) || conf_in(avoid, navoid, c)) continue;
        dst[n++] = c;
    }
    return n;
}

static uint32_t conf_first_tag(const conf_env *env) {
    for (esb_component c = 0; c < env->m.ncomps; ++c)
        if (env->m.comps[c].tag) return c;
    return 0;
}

/* ---- operations ---- */

static void conf_op_create(conf_env *env) {
    esb_entity e;
    if (conf_do_create(env, conf_rng_chance(&env->rng, 97) ? &e : NULL) != ESB_OK) return;
    unsigned char value[CONF_MAX_VALUE];
    for (uint32_t k = conf_rng_below(&env->rng, 4); k > 0; --k) { /* give it a shape (separately checked) */
        conf_check_state(env, false);
        conf_rng_fill(&env->rng, value, sizeof value);
        conf_do_add(env, e, conf_pick_known(env), value);
    }
}

static void conf_op_bulk(conf_env *env) {
    conf_rng *r = &env->rng;
    bool locked = conf_model_locked(&env->m);
    size_t n = conf_rng_below(r, 10) + (locked ? 1 : 0); /* n = 0 only with valid, unlocked calls */
    esb_component ids[8];
    uint32_t count = conf_pick_distinct(env, ids, conf_rng_below(r, 6), true, NULL, 0);
    if (n > 0 && count > 0 && conf_rng_chance(r, 6)) {
        esb_component again = ids[conf_rng_below(r, count)]; /* a component listed twice */
        ids[count++] = again;
    } else if (n > 0 && conf_rng_chance(r, 6)) {
        ids[count++] = conf_pick_unknown(env);
    }
    unsigned char *bufs[8] = {0};
    const void *vals[8] = {0};
    bool with_values = conf_rng_chance(r, 70);
    for (uint32_t k = 0; with_values && k < count; ++k) {
        size_t size = conf_model_comp_size(&env->m, ids[k]);
        if (conf_rng_chance(r, 25)) continue; /* this one zero-filled */
        bufs[k] = malloc(size * n + 1);
        conf_rng_fill(r, bufs[k], size * n);
        vals[k] = bufs[k];
    }
    bool want_out = count == 0 || conf_rng_chance(r, 60);
    conf_do_bulk(env, n, count ? ids : (conf_rng_chance(r, 50) ? NULL : ids), count, with_values ? vals : NULL,
                 want_out, NULL);
    for (uint32_t k = 0; k < count; ++k) free(bufs[k]);
}

static void conf_op_add(conf_env *env) {
    unsigned char value[CONF_MAX_VALUE];
    conf_rng_fill(&env->rng, value, sizeof value);
    esb_entity e = conf_pick_entity(env);
    conf_do_add(env, e, conf_pick_comp(env), conf_rng_chance(&env->rng, 25) ? NULL : value);
}

static void conf_op_remove(conf_env *env) {
    esb_entity e = conf_pick_entity(env);
    esb_component c = conf_pick_comp(env);
    size_t idx = conf_model_find(&env->m, e);
    if (idx != CONF_NO_ENTITY && env->m.ents[idx] && conf_rng_chance(&env->rng, 70)) {
        esb_component start = conf_rng_below(&env->rng, env->m.ncomps);
        for (esb_component k = 0; k < env->m.ncomps; ++k) {
            esb_component cand = (start + k) % env->m.ncomps;
            if (env->m.ents[idx]->has[cand]) {
                c = cand;
                break;
            }
        }
    }
    conf_do_remove(env, e, c);
}

static void conf_op_read(conf_env *env) {
    esb_entity e = conf_pick_entity(env);
    env->what = "esb_alive";
    CONF_REQUIRE(env, esb_alive(env->w, e) == conf_model_alive(&env->m, env->w, e), "esb_alive disagrees");
    conf_check_read(env, e, conf_pick_comp(env));
}

/* Writes through a pointer from esb_get. */
static void conf_op_poke(conf_env *env) {
    esb_entity e = conf_pick_alive(env);
    if (e == ESB_ENTITY_NULL) return;
    esb_component c = conf_pick_known(env);
    if (conf_model_has(&env->m, env->w, e, c) != 1 || env->m.comps[c].tag) return;
    void *p = NULL;
    env->what = "esb_get (write)";
    CONF_REQUIRE(env, esb_get(env->w, e, c, &p) == ESB_OK && p, "esb_get of a present component failed");
    unsigned char value[CONF_MAX_VALUE];
    conf_rng_fill(&env->rng, value, env->m.comps[c].size);
    memcpy(p, value, env->m.comps[c].size);
    conf_model_write(&env->m, e, c, value);
}

/* esb_set: a value or zeros (NULL), on any entity and component, valid or not; allowed while iterating. */
static void conf_op_set(conf_env *env) {
    esb_entity e = conf_pick_entity(env);
    esb_component c = conf_pick_comp(env);
    unsigned char value[CONF_MAX_VALUE];
    size_t size = conf_model_comp_known(&env->m, c) ? env->m.comps[c].size : 0;
    conf_rng_fill(&env->rng, value, size <= sizeof value ? size : sizeof value);
    conf_do_set(env, e, c, conf_rng_chance(&env->rng, 10) ? NULL : value);
}

static void conf_op_query_create(conf_env *env) {
    conf_rng *r = &env->rng;
    esb_component f[ESB_MAX_FIELDS + 1], w[ESB_MAX_TERMS + 1], wo[ESB_MAX_TERMS + 1];
    esb_access acc[ESB_MAX_FIELDS + 1];
    esb_query_desc d = {0};
    d.field_count = conf_pick_distinct(env, f, conf_rng_below(r, 3), false, NULL, 0);
    d.with_count = conf_pick_distinct(env, w, conf_rng_below(r, 2), true, f, d.field_count);
    d.without_count = conf_pick_distinct(env, wo, conf_rng_below(r, 3), true, NULL, 0);
    if (d.field_count + d.with_count == 0) d.with_count = conf_pick_distinct(env, w, 1, true, wo, d.without_count);
    if (d.field_count && d.without_count && conf_rng_chance(r, 10)) wo[0] = f[0]; /* required and excluded */
    for (uint32_t k = 0; k < ESB_MAX_FIELDS + 1; ++k) acc[k] = conf_rng_chance(r, 30) ? ESB_READ : ESB_WRITE;
    d.fields = f;
    d.with = w;
    d.without = wo;
    d.access = conf_rng_chance(r, 50) ? acc : NULL;
    d.cached = conf_rng_chance(r, 50);
    if (d.field_count + d.with_count && conf_rng_chance(r, 40)) { /* a change term on a field or with term */
        uint32_t pick = conf_rng_below(r, d.field_count + d.with_count);
        d.change = conf_rng_chance(r, 50) ? ESB_CHANGE_CHANGED : ESB_CHANGE_ADDED;
        d.change_component = pick < d.field_count ? f[pick] : w[pick - d.field_count];
        if (conf_rng_chance(r, 6)) d.change = (esb_change)(3 + conf_rng_below(r, 3)); /* no such kind */
        if (conf_rng_chance(r, 6)) d.change_component = conf_pick_known(env);         /* perhaps not a term of it */
    }
    if (conf_rng_chance(r, 12)) {
        switch (conf_rng_below(r, 8)) {
        case 0: f[d.field_count++] = conf_first_tag(env); break; /* a tag as a field */
        case 1:
            if (d.field_count) f[d.field_count++] = f[0];
            break;
        case 2:
            if (d.field_count) w[d.with_count++] = f[0];
            break;
        case 3:
            if (d.without_count) wo[d.without_count++] = wo[0];
            break;
        case 4: f[d.field_count++] = conf_pick_unknown(env); break;
        case 5: wo[d.without_count++] = conf_pick_unknown(env); break;
        case 6: d.field_count = d.with_count = 0; break;
        default: d.field_count = ESB_MAX_FIELDS + 1; break;
        }
    }
    if (CONF_MODEL_QUERIES - conf_free_query_slots(env) + 2 > CONF_DRIVER_QUERIES &&
        conf_model_query_status(&env->m, env->w, &d, &d) == ESB_OK)
        return; /* the model has no room to track another query */
    int slot = -1;
    conf_do_query_create(env, &d, &slot);
}

int conf_pick_query(conf_env *env) {
    int start = (int)conf_rng_below(&env->rng, CONF_DRIVER_QUERIES);
    for (int k = 0; k < CONF_DRIVER_QUERIES; ++k) {
        int s = (start + k) % CONF_DRIVER_QUERIES;
        if (env->m.q[s].live) return s;
    }
    return -1;
}

static void conf_op_query_destroy(conf_env *env) {
    int s = conf_pick_query(env);
    if (s < 0 && !conf_rng_chance(&env->rng, 20)) return;
    if (conf_rng_chance(&env->rng, 5)) s = -1;
    conf_do_query_destroy(env, s);
}

static void conf_op_register(conf_env *env) {
    conf_rng *r = &env->rng;
    static const size_t aligns[] = {0, 1, 2, 3, 4, 8, 16, 32, 64, 128, 6};
    esb_component_desc d = {"random", 0, 1, ESB_STORAGE_DENSE};
    d.align = aligns[conf_rng_below(r, sizeof aligns / sizeof aligns[0])];
    d.size = d.align ? d.align * conf_rng_below(r, 4) : 4;
    if (conf_rng_chance(r, 30)) d.size += 1 + conf_rng_below(r, 3);
    if (conf_rng_chance(r, 5)) d.size = ESB_MAX_COMPONENT_SIZE + 64;
    if (d.size == 0) d.align = 1;
    if (conf_rng_chance(r, 5)) d.name = NULL;
    if (conf_rng_chance(r, 5)) /* the other hint, or one outside the enum */
        d.hint = conf_rng_chance(r, 50) ? ESB_STORAGE_SPARSE : (esb_storage_hint)(2 + conf_rng_below(r, 3));
    /* only invalid descriptions, or valid ones while locked, or a few valid ones: keep the total small */
    if (conf_model_register_status(&env->m, env->w, &d, &d) == ESB_OK && (env->m.ncomps >= 18 || d.size > 64)) return;
    esb_component id;
    conf_do_register(env, &d, &id);
}

static void conf_op_structural_or_read(conf_env *env) {
    conf_model *m = &env->m;
    /* Now and then the k-th allocation of the operation fails: the wrappers then accept ESB_ERR_NOMEM where the
     * model expects success, and require the world to be unchanged (checked after the step). */
    if (conf_rng_chance(&env->rng, 4)) {
        env->injecting = true;
        esb_mem_fail_nth(1 + conf_rng_below(&env->rng, 6));
    }
    uint32_t w_create = m->nalive < 40 ? 22 : (m->nalive > 220 ? 3 : 10);
    uint32_t w_destroy = m->nalive > 220 ? 18 : 8;
    uint32_t w_bundle = env->batched_ops ? 6 : 0, w_matching = env->batched_ops ? 4 : 0; /* 0: the table the fuzz
                                                                                          regressions were recorded in */
    const uint32_t weights[] = {w_create, w_create / 2 + 2, w_destroy, 20,        12, 6, 4, 3, 2, 2,
                                8,        w_bundle,         w_bundle,  w_matching};
    uint32_t total = 0;
    for (size_t i = 0; i < sizeof weights / sizeof weights[0]; ++i) total += weights[i];
    uint32_t roll = conf_rng_below(&env->rng, total), op = 0;
    while (roll >= weights[op]) roll -= weights[op++];
    switch (op) {
    case 0: conf_op_create(env); break;
    case 1: conf_op_bulk(env); break;
    case 2: conf_do_destroy(env, conf_pick_entity(env)); break;
    case 3: conf_op_add(env); break;
    case 4: conf_op_remove(env); break;
    case 5: conf_op_read(env); break;
    case 6: conf_op_poke(env); break;
    case 7: conf_op_query_create(env); break;
    case 8: conf_op_query_destroy(env); break;
    case 9: conf_op_register(env); break;
    case 10: conf_op_set(env); break;
    case 11: conf_op_add_bundle(env); break;
    case 12: conf_op_remove_bundle(env); break;
    default: conf_op_matching(env); break;
    }
    if (env->injecting) { /* the operation made no call that could fail */
        esb_mem_fail_nth(0);
        env->injecting = false;
    }
}

static int conf_active_iter(conf_env *env) {
    int li = (int)conf_rng_below(&env->rng, CONF_LIVE_ITERS);
    for (int k = 0; k < CONF_LIVE_ITERS; ++k)
        if (env->live[(li + k) % CONF_LIVE_ITERS].active) return (li + k) % CONF_LIVE_ITERS;
    return -1;
}

static int conf_idle_iter(conf_env *env) {
    for (int li = 0; li < CONF_LIVE_ITERS; ++li)
        if (!env->live[li].active) return li;
    return -1;
}

/* A query slot that is live and (not) being iterated, or -1. */
static int conf_pick_query_iterating(conf_env *env, bool iterating) {
    int start = (int)conf_rng_below(&env->rng, CONF_DRIVER_QUERIES);
    for (int k = 0; k < CONF_DRIVER_QUERIES; ++k) {
        int s = (start + k) % CONF_DRIVER_QUERIES;
        if (env->m.q[s].live && env->m.q[s].iterating == iterating) return s;
    }
    return -1;
}

void conf_driver_step(conf_env *env) {
    conf_rng *r = &env->rng;
    uint32_t roll = conf_rng_below(r, 100);
    int live = conf_active_iter(env);
    int idle = conf_idle_iter(env);
    if (live >= 0) {
        if (roll < 28) {
            conf_do_iter_next(env, live);
        } else if (roll < 33) {
            conf_do_iter_end(env, live);
        } else if (roll < 46) {
            conf_do_iter_write(env, live);
        } else if (roll < 50 && idle >= 0) {
            int s = conf_pick_query_iterating(env, false); /* nested iteration of another query */
            if (s >= 0) conf_do_iter_begin(env, idle, s);
        } else if (roll < 53 && idle >= 0) {
            conf_do_iter_begin(env, idle, conf_pick_query_iterating(env, true)); /* LOCKED */
        } else {
            conf_op_structural_or_read(env); /* structural: LOCKED, nothing changes */
            for (int li = 0; li < CONF_LIVE_ITERS; ++li) conf_verify_batch(env, li);
        }
        return;
    }
    if (roll < 6) {
        int s = conf_pick_query(env);
        if (conf_rng_chance(r, 5)) s = -1; /* NULL query: INVALID */
        if (s >= 0 || conf_pick_query(env) >= 0) conf_do_iter_begin(env, 0, s);
        return;
    }
    conf_op_structural_or_read(env);
}

void conf_driver_begin(conf_env *env) {
    env->what = "register";
    for (size_t i = 0; i < sizeof conf_start_comps / sizeof conf_start_comps[0]; ++i)
        conf_reg(env, conf_start_comps[i].name, conf_start_comps[i].size, conf_start_comps[i].align,
                 conf_start_comps[i].hint);
}

bool conf_driver_register_late(conf_env *env, size_t late) {
    if (late >= CONF_N_LATE || conf_model_locked(&env->m)) return false;
    conf_reg(env, conf_late_comps[late].name, conf_late_comps[late].size, conf_late_comps[late].align,
             conf_late_comps[late].hint);
    return true;
}

void conf_driver_finish(conf_env *env) {
    for (int li = 0; li < CONF_LIVE_ITERS; ++li)
        if (env->live[li].active) conf_do_iter_end(env, li);
    conf_check_state(env, true);
    /* leave some queries for esb_world_destroy to free */
    for (int s = 0; s < CONF_MODEL_QUERIES; s += 2)
        if (env->m.q[s].live) conf_do_query_destroy(env, s);
    conf_env_fini(env);
}

/* Out-of-memory atomicity (the k-th allocation of an operation fails: ESB_ERR_NOMEM, nothing changed, the retry
 * succeeds) and memory accounting (everything a world allocated is freed by esb_world_destroy). */
#include <stdio.h>
#include <string.h>

#include "support.h"

/* A deterministic world with mixed entity shapes (every mixed component but the late one) and the mixed queries
 * (slots 0 .. CONF_MIX_QUERIES - 1). */
static void conf_oom_build(conf_env *env) {
    conf_env_init(env, 7);
    for (int k = 0; k < CONF_MIX_LATE; ++k) {
        const esb_component_desc *c = &conf_mix_components[k];
        conf_reg(env, c->name, c->size, c->align, c->hint);
    }
    unsigned char v[64];
    for (int i = 0; i < 40; ++i) {
        esb_entity e;
        cr_assert_eq(conf_do_create(env, &e), ESB_OK);
        for (int k = 0; k < CONF_MIX_U8; ++k) { /* never u8: adding it makes a new shape */
            if (!((i * 7 + k) % 3 == 0 || k == CONF_MIX_F32)) continue;
            conf_rng_fill(&env->rng, v, sizeof v);
            cr_assert_eq(conf_do_add(env, e, (esb_component)k, v), ESB_OK);
        }
    }
    esb_component ids[] = {CONF_MIX_VEC3, CONF_MIX_TAG};
    cr_assert_eq(conf_do_bulk(env, 20, ids, 2, NULL, true, NULL), ESB_OK);
    for (size_t i = 0; i < env->m.nissued; i += 6) cr_assert_eq(conf_do_destroy(env, env->m.handles[i]), ESB_OK);
    for (unsigned k = 0; k < CONF_MIX_QUERIES; ++k) {
        esb_query_desc d = conf_mix_query(k);
        int slot;
        cr_assert_eq(conf_do_query_create(env, &d, &slot), ESB_OK);
    }
}

/* First alive entity with component has and without component lacks. */
static esb_entity conf_find(conf_env *env, int has, int lacks) {
    for (size_t i = 0; i < env->m.nissued; ++i) {
        const conf_ment *s = env->m.ents[i];
        if (s && s->has[has] && !s->has[lacks]) return env->m.handles[i];
    }
    cr_assert_fail("test bug: no entity with %d and without %d", has, lacks);
    return ESB_ENTITY_NULL;
}

/* ---- the operations under test; each goes through the differential wrappers ---- */

static esb_status op_create(conf_env *env) {
    esb_entity e;
    return conf_do_create(env, &e);
}

static esb_status op_bulk_values(conf_env *env) { return conf_do_bulk_mix(env, 70, true); }

static esb_status op_bulk_new_shape(conf_env *env) {
    esb_component ids[] = {CONF_MIX_U8, CONF_MIX_SPARSE};
    return conf_do_bulk(env, 5, ids, 2, NULL, false, NULL);
}

static esb_status op_add_new_shape(conf_env *env) {
    unsigned char v = 0x5A;
    return conf_do_add(env, conf_find(env, CONF_MIX_F32, CONF_MIX_U8), CONF_MIX_U8, &v);
}

static esb_status op_add_dense(conf_env *env) {
    unsigned char v[64];
    memset(v, 0x33, sizeof v);
    return conf_do_add(env, conf_find(env, CONF_MIX_F32, CONF_MIX_A64), CONF_MIX_A64, v);
}

static esb_status op_add_sparse(conf_env *env) {
    return conf_do_add(env, conf_find(env, CONF_MIX_F32, CONF_MIX_SPARSE), CONF_MIX_SPARSE, NULL);
}

static esb_status op_add_tag(conf_env *env) {
    return conf_do_add(env, conf_find(env, CONF_MIX_F32, CONF_MIX_TAG), CONF_MIX_TAG, NULL);
}

static esb_status op_query_cached(conf_env *env) {
    esb_component f[] = {CONF_MIX_VEC3, CONF_MIX_A64}, wo = CONF_MIX_SPARSE;
    esb_query_desc d = {0};
    d.fields = f, d.field_count = 2, d.without = &wo, d.without_count = 1, d.cached = true;
    int slot;
    return conf_do_query_create(env, &d, &slot);
}

static esb_status op_query_uncached(conf_env *env) {
    esb_component f = CONF_MIX_F32, w = CONF_MIX_TAG;
    esb_query_desc d = {0};
    d.fields = &f, d.field_count = 1, d.with = &w, d.with_count = 1;
    int slot;
    return conf_do_query_create(env, &d, &slot);
}

static esb_status op_register(conf_env *env) {
    esb_component id;
    return conf_do_register(env, &conf_mix_components[CONF_MIX_LATE], &id);
}

static esb_status op_iter_begin(conf_env *env) {
    esb_status st = conf_do_iter_begin(env, 0, 0);
    if (st == ESB_OK)
        while (conf_do_iter_next(env, 0)) {
        }
    return st;
}

/* First alive entity with components a and b. */
static esb_entity conf_find_both(conf_env *env, int a, int b) {
    for (size_t i = 0; i < env->m.nissued; ++i) {
        const conf_ment *s = env->m.ents[i];
        if (s && s->has[a] && s->has[b]) return env->m.handles[i];
    }
    cr_assert_fail("test bug: no entity with %d and %d", a, b);
    return ESB_ENTITY_NULL;
}

/* A bundle into a shape no entity has had (u8), with a sparse component and a dense one beside it. */
static esb_status op_add_bundle_new_shape(conf_env *env) {
    unsigned char u8 = 0x5A, sparse[16], a64[64];
    memset(sparse, 0x21, sizeof sparse);
    memset(a64, 0x44, sizeof a64);
    esb_component ids[] = {CONF_MIX_A64, CONF_MIX_U8, CONF_MIX_SPARSE};
    const void *values[] = {a64, &u8, sparse};
    esb_entity e = ESB_ENTITY_NULL;
    for (size_t i = 0; i < env->m.nissued && e == ESB_ENTITY_NULL; ++i) { /* one lacking all three */
        const conf_ment *s = env->m.ents[i];
        if (s && s->has[CONF_MIX_F32] && !s->has[CONF_MIX_A64] && !s->has[CONF_MIX_U8] && !s->has[CONF_MIX_SPARSE])
            e = env->m.handles[i];
    }
    cr_assert_neq(e, ESB_ENTITY_NULL, "test bug: no entity with f32 and without a64, u8 and sparse");
    return conf_do_add_bundle(env, e, ids, 3, values);
}

static esb_status op_add_bundle_tag_and_dense(conf_env *env) {
    float v3[3] = {1, 2, 3};
    esb_component ids[] = {CONF_MIX_TAG, CONF_MIX_VEC3};
    const void *values[] = {NULL, v3};
    esb_entity e = ESB_ENTITY_NULL;
    for (size_t i = 0; i < env->m.nissued && e == ESB_ENTITY_NULL; ++i) {
        const conf_ment *s = env->m.ents[i];
        if (s && s->has[CONF_MIX_F32] && !s->has[CONF_MIX_TAG] && !s->has[CONF_MIX_VEC3]) e = env->m.handles[i];
    }
    cr_assert_neq(e, ESB_ENTITY_NULL, "test bug: no entity with f32 and without tag and vec3");
    return conf_do_add_bundle(env, e, ids, 2, values);
}

/* Two of an entity's components (f32 among them) out at once: a shape that may not exist yet. */
static esb_status op_remove_bundle(conf_env *env) {
    esb_component ids[] = {CONF_MIX_VEC3, CONF_MIX_F32};
    return conf_do_remove_bundle(env, conf_find_both(env, CONF_MIX_F32, CONF_MIX_VEC3), ids, 2);
}

/* The query over f32 and vec3 (mixed query 0) gains u8 everywhere: several groups, new shapes among them. */
static esb_status op_add_matching(conf_env *env) {
    unsigned char u8 = 0x77;
    return conf_do_add_matching(env, 0, CONF_MIX_U8, &u8, true);
}

/* Every a64 holder without the tag (mixed query 1) loses a64: groups emptied, some into shapes that exist. */
static esb_status op_remove_matching(conf_env *env) { return conf_do_remove_matching(env, 1, CONF_MIX_A64, true); }

/* Creates pre more entities with f32 and u8, so that op meets storage at every fill level (growth points). */
static void conf_oom_prep(conf_env *env, unsigned pre) {
    for (unsigned i = 0; i < pre; ++i) {
        esb_entity e;
        cr_assert_eq(conf_do_create(env, &e), ESB_OK);
        cr_assert_eq(conf_do_add(env, e, CONF_MIX_F32, NULL), ESB_OK);
        cr_assert_eq(conf_do_add(env, e, CONF_MIX_U8, NULL), ESB_OK);
    }
}

/* For k = 1, 2, ...: build the world (plus pre entities), fail the k-th allocation of op, require NOMEM and the
 * unchanged state, then the successful retry; until op makes fewer than k allocating calls. */
static void conf_oom_sweep_at(const char *name, esb_status (*op)(conf_env *), unsigned pre) {
    for (uint64_t k = 1;; ++k) {
        cr_assert_lt(k, 10000, "%s: no end to the allocations", name);
        size_t live_before = esb_mem_get_stats().live_bytes;
        conf_env env;
        conf_oom_build(&env);
        conf_oom_prep(&env, pre);
        env.step = (unsigned)(pre * 1000 + k);
        char sweep[160];
        snprintf(sweep, sizeof sweep, "\"%s at fill level %u, allocation %llu of the call failing\"", name, pre,
                 (unsigned long long)k);
        env.sweep = sweep;
        env.injecting = true;
        esb_mem_fail_nth(k);
        esb_status st = op(&env);
        if (env.injecting) env.calls = esb_mem_fail_nth(0); /* the op made no strategy call (test bug) */
        bool fired = env.calls >= k;
        if (!fired) {
            cr_assert_eq(st, ESB_OK, "%s: without an injected failure it returned %s", name, esb_status_name(st));
            conf_check_state(&env, true);
        } else {
            cr_assert_eq(st, ESB_ERR_NOMEM, "%s: allocation %llu of %llu failed, it returned %s", name,
                         (unsigned long long)k, (unsigned long long)env.calls, esb_status_name(st));
            conf_check_state(&env, true); /* exactly as before */
            st = op(&env);
            cr_assert_eq(st, ESB_OK, "%s: retry after NOMEM returned %s", name, esb_status_name(st));
            conf_check_state(&env, true);
        }
        conf_env_fini(&env);
        size_t live_after = esb_mem_get_stats().live_bytes;
        cr_assert_eq(live_after, live_before, "%s (k=%llu): %zd bytes leaked", name, (unsigned long long)k,
                     (ptrdiff_t)(live_after - live_before));
        if (!fired) return;
    }
}

static void conf_oom_sweep(const char *name, esb_status (*op)(conf_env *)) { conf_oom_sweep_at(name, op, 0); }

Test(conf_memory, oom_create) { conf_oom_sweep("esb_create", op_create); }
Test(conf_memory, oom_create_bulk_values) { conf_oom_sweep("esb_create_bulk", op_bulk_values); }
Test(conf_memory, oom_create_bulk_new_shape) { conf_oom_sweep("esb_create_bulk (no out)", op_bulk_new_shape); }
Test(conf_memory, oom_add_new_shape) { conf_oom_sweep("esb_add (new shape)", op_add_new_shape); }
Test(conf_memory, oom_add_dense) { conf_oom_sweep("esb_add (a64)", op_add_dense); }
Test(conf_memory, oom_add_sparse) { conf_oom_sweep("esb_add (sparse)", op_add_sparse); }
Test(conf_memory, oom_add_tag) { conf_oom_sweep("esb_add (tag)", op_add_tag); }
Test(conf_memory, oom_query_create_cached) { conf_oom_sweep("esb_query_create (cached)", op_query_cached); }
Test(conf_memory, oom_query_create_uncached) { conf_oom_sweep("esb_query_create", op_query_uncached); }
Test(conf_memory, oom_register) { conf_oom_sweep("esb_component_register", op_register); }
Test(conf_memory, oom_iter_begin) { conf_oom_sweep("esb_iter_begin", op_iter_begin); }
Test(conf_memory, oom_add_bundle_new_shape) { conf_oom_sweep("esb_add_bundle (new shape)", op_add_bundle_new_shape); }
Test(conf_memory, oom_add_bundle_tag_and_dense) {
    conf_oom_sweep("esb_add_bundle (tag, vec3)", op_add_bundle_tag_and_dense);
}
Test(conf_memory, oom_remove_bundle) { conf_oom_sweep("esb_remove_bundle", op_remove_bundle); }
Test(conf_memory, oom_add_matching) { conf_oom_sweep("esb_add_matching (u8)", op_add_matching); }
Test(conf_memory, oom_remove_matching) { conf_oom_sweep("esb_remove_matching (a64)", op_remove_matching); }

/* The same operations at every fill level from 0 to 80 extra entities, so that storage growth is hit. */
Test(conf_memory, oom_create_at_every_fill_level) {
    for (unsigned pre = 0; pre < 80; ++pre) conf_oom_sweep_at("esb_create", op_create, pre);
}
Test(conf_memory, oom_add_at_every_fill_level) {
    for (unsigned pre = 0; pre < 80; ++pre) conf_oom_sweep_at("esb_add (new shape)", op_add_new_shape, pre);
}
Test(conf_memory, oom_add_bundle_at_every_fill_level) {
    for (unsigned pre = 0; pre < 80; ++pre)
        conf_oom_sweep_at("esb_add_bundle (new shape)", op_add_bundle_new_shape, pre);
}
Test(conf_memory, oom_add_matching_at_every_fill_level) {
    for (unsigned pre = 0; pre < 80; pre += 3) conf_oom_sweep_at("esb_add_matching (u8)", op_add_matching, pre);
}

Test(conf_memory, oom_world_create) {
    for (uint64_t k = 1;; ++k) {
        cr_assert_lt(k, 1000, "esb_world_create: no end to the allocations");
        size_t live_before = esb_mem_get_stats().live_bytes;
        esb_world *w = NULL;
        esb_mem_fail_nth(k);
        esb_status st = esb_world_create(&w);
        uint64_t calls = esb_mem_fail_nth(0);
        if (calls < k) {
            cr_assert_eq(st, ESB_OK, "esb_world_create: %s", esb_status_name(st));
            esb_world_destroy(w);
            cr_assert_eq(esb_mem_get_stats().live_bytes, live_before, "world create/destroy leaks");
            return;
        }
        cr_assert_eq(st, ESB_ERR_NOMEM, "esb_world_create with allocation %llu failing returned %s",
                     (unsigned long long)k, esb_status_name(st));
        conf_tally("allocation failures injected", 1);
        cr_assert_eq(esb_mem_get_stats().live_bytes, live_before, "failed esb_world_create leaked");
    }
}

/* A busy world without a model: many shapes, queries cached and not, iterations, bulk creation; everything is
 * returned by esb_world_destroy, live queries included. */
Test(conf_memory, world_destroy_frees_everything) {
    size_t live_before = esb_mem_get_stats().live_bytes;
    conf_env env;
    conf_oom_build(&env);
    conf_rng *r = &env.rng;
    for (int round = 0; round < 300; ++round) {
        esb_entity e;
        cr_assert_eq(conf_do_create(&env, &e), ESB_OK);
        for (int k = 0; k < CONF_MIX_LATE; ++k)
            if (conf_rng_chance(r, 40)) cr_assert_eq(conf_do_add(&env, e, (esb_component)k, NULL), ESB_OK);
        if (round % 7 == 0) {
            esb_component ids[] = {(esb_component)conf_rng_below(r, CONF_MIX_LATE)};
            cr_assert_eq(conf_do_bulk(&env, 1 + conf_rng_below(r, 40), ids, 1, NULL, true, NULL), ESB_OK);
        }
        if (round % 3 == 0 && env.m.nalive > 10) {
            size_t i = conf_rng_below(r, (uint32_t)env.m.nissued);
            if (env.m.ents[i]) cr_assert_eq(conf_do_destroy(&env, env.m.handles[i]), ESB_OK);
        }
        if (round % 11 == 0) {
            esb_component k = conf_rng_below(r, CONF_MIX_LATE);
            size_t i = conf_rng_below(r, (uint32_t)env.m.nissued);
            if (env.m.ents[i] && env.m.ents[i]->has[k]) cr_assert_eq(conf_do_remove(&env, env.m.handles[i], k), ESB_OK);
        }
        if (round % 50 == 0 && conf_free_query_slots(&env) > 1) {
            esb_component f = CONF_MIX_VEC3, wo = (esb_component)conf_rng_below(r, CONF_MIX_LATE);
            esb_query_desc d = {0};
            d.fields = &f, d.field_count = 1, d.without = &wo, d.without_count = wo != f, d.cached = round % 100 == 0;
            int slot;
            cr_assert_eq(conf_do_query_create(&env, &d, &slot), ESB_OK);
        }
        if (round % 25 == 0) conf_check_state(&env, true);
    }
    conf_check_state(&env, true);
    conf_env_fini(&env);
    size_t live_after = esb_mem_get_stats().live_bytes;
    cr_assert_eq(live_after, live_before, "%zd bytes still allocated after esb_world_destroy",
                 (ptrdiff_t)(live_after - live_before));
}

Test(conf_memory, empty_world_leaves_nothing) {
    size_t live_before = esb_mem_get_stats().live_bytes;
    for (int i = 0; i < 3; ++i) {
        esb_world *w = NULL;
        cr_assert_eq(esb_world_create(&w), ESB_OK);
        esb_world_destroy(w);
    }
    cr_assert_eq(esb_mem_get_stats().live_bytes, live_before, "create/destroy of an empty world leaks");
}

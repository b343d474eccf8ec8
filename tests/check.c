/* Iteration wrappers and comparisons of the strategy's observable state with the model: batches, reads, full
 * query result sets, the whole world. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "each.h"
#include "support.h"

/* ---- batches and iteration ---- */

static unsigned char *conf_batch_field(const esb_batch *b, uint32_t k, uint32_t i, size_t size) {
    uint32_t row = b->rows[k] ? b->rows[k][i] : i;
    return (unsigned char *)b->base[k] + (size_t)row * (b->stride[k] ? b->stride[k] : size);
}

/* Checks batch b of query slot; marks its entities in seen and counts those the iteration must hand out in
 * *nseen, and records the batch's writable fields as changes of its entities (unless seen is NULL:
 * re-verification of a batch already handed out). */
static void conf_check_batch(conf_env *env, int slot, const esb_batch *b, unsigned char *seen, size_t seen_len,
                             size_t *nseen) {
    const conf_mquery *q = &env->m.q[slot];
    CONF_REQUIRE(env, b->count > 0, "esb_iter_next handed out a batch with count 0");
    CONF_REQUIRE(env, b->entities != NULL, "batch with a NULL entity array");
    for (uint32_t k = 0; k < q->nf; ++k) CONF_REQUIRE(env, b->base[k] != NULL, "batch field %u has a NULL base", k);
    CONF_REQUIRE(env, b->field_count == q->nf, "a batch of %u fields for a query of %u", b->field_count, q->nf);
    for (uint32_t k = 0; k < q->nf; ++k)
        CONF_REQUIRE(env, !b->stride[k] || b->stride[k] >= conf_model_comp_size(&env->m, q->f[k]),
                     "batch field %u has a stride smaller than its component", k);
    for (uint32_t i = 0; i < b->count; ++i) {
        esb_entity e = conf_batch_entity(b, i);
        size_t idx = conf_model_find(&env->m, e);
        CONF_REQUIRE(env, idx != CONF_NO_ENTITY, "batch entity %#" PRIx64 " was never issued", e);
        CONF_REQUIRE(env, env->m.ents[idx] != NULL, "batch holds destroyed entity %#" PRIx64, e);
        conf_expect expect = conf_model_expect(&env->m, slot, idx);
        CONF_REQUIRE(env, expect != CONF_FORBIDDEN, "batch holds entity %#" PRIx64 ", which does not match the query%s",
                     e, conf_model_matches(&env->m, slot, idx) ? " (its change term)" : "");
        if (seen) {
            CONF_REQUIRE(env, idx < seen_len, "batch entity %#" PRIx64 " was created during iteration", e);
            CONF_REQUIRE(env, !seen[idx], "entity %#" PRIx64 " handed out twice in one iteration", e);
            seen[idx] = 1;
            *nseen += expect == CONF_MUST;
        }
        for (uint32_t k = 0; k < q->nf; ++k) {
            esb_component c = q->f[k];
            size_t size = env->m.comps[c].size;
            const unsigned char *p = conf_batch_field(b, k, i, size);
            CONF_REQUIRE(env, conf_aligned(p, env->m.comps[c].align),
                         "batch field %u (component %u) element %u at %p is not %zu-aligned", k, c, i, (void *)p,
                         env->m.comps[c].align);
            CONF_REQUIRE(env, memcmp(p, env->m.ents[idx]->data[c], size) == 0,
                         "batch field %u (component %u) of entity %#" PRIx64 " differs from the stored value", k, c, e);
        }
    }
    /* the same entities through the each.h helper, in the same order */
    uint32_t n = 0;
    ESB_EACH(b, i, {
        CONF_REQUIRE(env, ESB_ENTITY(i) == conf_batch_entity(b, i), "ESB_ENTITY(%u) disagrees with the layout", i);
        ++n;
    });
    CONF_REQUIRE(env, n == b->count, "ESB_EACH visited %u of %u elements", n, b->count);
    if (seen)
        for (uint32_t i = 0; i < b->count; ++i) conf_model_batch_handed(&env->m, slot, conf_batch_entity(b, i));
}

esb_status conf_do_iter_begin(conf_env *env, int li, int slot) {
    conf_live *L = &env->live[li];
    CONF_REQUIRE(env, !L->active, "test bug: live iterator %d already active", li);
    memset(&L->it, 0xA5, sizeof L->it); /* the caller's stack: garbage before begin */
    esb_status want = conf_model_iter_begin_status(&env->m, slot, &L->it);
    esb_status got = esb_iter_begin(slot < 0 ? NULL : env->q[slot], &L->it);
    bool nomem = conf_status_check(env, "esb_iter_begin", want, got);
    if (nomem || got != ESB_OK) {
        esb_iter_end(&L->it); /* must be harmless after a failed begin */
        return got;
    }
    conf_model_iter_begin_apply(&env->m, slot);
    L->active = true;
    L->slot = slot;
    L->has_batch = false;
    L->nseen = 0;
    free(L->seen);
    L->seen_len = env->m.nissued;
    L->seen = calloc(L->seen_len ? L->seen_len : 1, 1);
    return got;
}

bool conf_do_iter_next(conf_env *env, int li) {
    conf_live *L = &env->live[li];
    env->what = "esb_iter_next";
    bool more = esb_iter_next(&L->it);
    if (more) {
        conf_check_batch(env, L->slot, &L->it.batch, L->seen, L->seen_len, &L->nseen);
        L->has_batch = true;
        return true;
    }
    size_t want = conf_model_must_count(&env->m, L->slot);
    CONF_REQUIRE(env, L->nseen == want, "iteration handed out %zu of the %zu entities it must", L->nseen, want);
    conf_model_iter_end_apply(&env->m, L->slot, true);
    L->active = false;
    L->has_batch = false;
    if (conf_rng_chance(&env->aux, 50)) esb_iter_end(&L->it); /* ended already: must do nothing */
    return false;
}

void conf_do_iter_end(conf_env *env, int li) {
    conf_live *L = &env->live[li];
    esb_iter_end(&L->it);
    conf_model_iter_end_apply(&env->m, L->slot, false);
    L->active = false;
    L->has_batch = false;
    if (conf_rng_chance(&env->aux, 50)) esb_iter_end(&L->it); /* idempotent */
}

void conf_verify_batch(conf_env *env, int li) {
    conf_live *L = &env->live[li];
    if (!L->active || !L->has_batch) return;
    env->what = "batch re-read";
    conf_check_batch(env, L->slot, &L->it.batch, NULL, 0, NULL);
}

void conf_do_iter_write(conf_env *env, int li) {
    conf_live *L = &env->live[li];
    if (!L->active || !L->has_batch) return;
    const conf_mquery *q = &env->m.q[L->slot];
    const esb_batch *b = &L->it.batch;
    unsigned char buf[ESB_MAX_COMPONENT_SIZE / 256];
    for (uint32_t k = 0; k < q->nf; ++k) {
        if (q->acc[k] != ESB_WRITE) continue;
        esb_component c = q->f[k];
        size_t size = env->m.comps[c].size;
        if (size > sizeof buf) continue;
        for (uint32_t i = 0; i < b->count; ++i) {
            if (!conf_rng_chance(&env->aux, 40)) continue;
            conf_rng_fill(&env->aux, buf, size);
            memcpy(conf_batch_field(b, k, i, size), buf, size);
            conf_model_write(&env->m, conf_batch_entity(b, i), c, buf);
        }
    }
}

/* ---- reads and full-state comparison ---- */

void conf_check_read(conf_env *env, esb_entity e, esb_component c) {
    env->what = "esb_has/esb_get";
    int hw = conf_model_has(&env->m, env->w, e, c);
    int hg = esb_has(env->w, e, c);
    CONF_REQUIRE(env, hg == hw, "esb_has(%#" PRIx64 ", %u) = %d, expected %d", e, c, hg, hw);
    const unsigned char *bytes = NULL;
    int dummy = 0;
    void *p = &dummy;
    esb_status want = conf_model_get(&env->m, env->w, e, c, &p, &bytes);
    esb_status got = esb_get(env->w, e, c, &p);
    CONF_REQUIRE(env, got == want, "esb_get(%#" PRIx64 ", %u) returned %s, expected %s", e, c, esb_status_name(got),
                 esb_status_name(want));
    if (got != ESB_OK) {
        CONF_REQUIRE(env, p == NULL, "esb_get failed (%s) without setting *out to NULL", esb_status_name(got));
        return;
    }
    size_t size = env->m.comps[c].size;
    if (size == 0) {
        CONF_REQUIRE(env, p == NULL, "esb_get on tag %u gave a non-NULL pointer", c);
        return;
    }
    CONF_REQUIRE(env, p != NULL, "esb_get(%#" PRIx64 ", %u) returned OK and NULL", e, c);
    CONF_REQUIRE(env, conf_aligned(p, env->m.comps[c].align), "esb_get(%#" PRIx64 ", %u) = %p is not %zu-aligned", e, c,
                 p, env->m.comps[c].align);
    CONF_REQUIRE(env, memcmp(p, bytes, size) == 0, "esb_get(%#" PRIx64 ", %u): value differs from the model", e, c);
}

void conf_check_query(conf_env *env, int slot) {
    conf_model *m = &env->m;
    esb_iter it;
    memset(&it, 0x5A, sizeof it);
    env->what = "esb_iter_begin (check)";
    esb_status st = esb_iter_begin(env->q[slot], &it);
    CONF_REQUIRE(env, st == ESB_OK, "esb_iter_begin on an idle query returned %s", esb_status_name(st));
    conf_model_iter_begin_apply(m, slot);
    unsigned char *seen = calloc(m->nissued ? m->nissued : 1, 1);
    size_t nseen = 0;
    env->what = "esb_iter_next (check)";
    while (esb_iter_next(&it)) conf_check_batch(env, slot, &it.batch, seen, m->nissued, &nseen);
    free(seen);
    size_t want = conf_model_must_count(m, slot);
    CONF_REQUIRE(env, nseen == want, "query in slot %d handed out %zu of the %zu entities it must", slot, nseen, want);
    conf_model_iter_end_apply(m, slot, true);
    esb_iter_end(&it); /* after esb_iter_next returned false: must do nothing */
}

static void conf_check_never_issued(conf_env *env, esb_entity e) {
    if (conf_model_find(&env->m, e) != CONF_NO_ENTITY) return; /* happens to be a real handle */
    env->what = "esb_alive (never issued)";
    CONF_REQUIRE(env, !esb_alive(env->w, e), "esb_alive(%#" PRIx64 ") is true for a handle never issued", e);
    esb_component c = env->m.ncomps ? conf_rng_below(&env->aux, env->m.ncomps) : 0;
    conf_check_read(env, e, c);
}

void conf_check_state(conf_env *env, bool with_queries) {
    conf_model *m = &env->m;
    conf_rng *r = &env->aux;
    uint32_t max_index = 0;
    esb_world_check(env->w); /* the strategy's internal invariants; aborts on a broken one */
    env->what = "esb_alive";
    for (size_t i = 0; i < m->nissued; ++i) {
        bool want = m->ents[i] != NULL;
        CONF_REQUIRE(env, esb_alive(env->w, m->handles[i]) == want, "esb_alive(%#" PRIx64 ") != %d", m->handles[i],
                     want);
        if (esb_entity_index(m->handles[i]) > max_index) max_index = esb_entity_index(m->handles[i]);
    }

    conf_check_never_issued(env, ESB_ENTITY_NULL);
    conf_check_never_issued(env, conf_rng_next(r));
    conf_check_never_issued(env, esb_entity_make(max_index + 1 + conf_rng_below(r, 3), conf_rng_below(r, 3)));
    if (m->nissued) {
        esb_entity h = m->handles[conf_rng_below(r, (uint32_t)m->nissued)];
        uint32_t v = esb_entity_version(h);
        conf_check_never_issued(env, esb_entity_make(esb_entity_index(h), v + 1 + conf_rng_below(r, 3)));
        conf_check_never_issued(env, esb_entity_make(esb_entity_index(h), v - 1));
        conf_check_never_issued(env, esb_entity_make(esb_entity_index(h), v ^ 0x80000000u));
    }

    esb_component unknown = m->ncomps + conf_rng_below(r, 4);
    size_t stale_checks = 0;
    for (size_t i = 0; i < m->nissued; ++i) {
        if (!m->ents[i]) {
            if (stale_checks < 6 && conf_rng_chance(r, 10)) {
                ++stale_checks;
                conf_check_read(env, m->handles[i], m->ncomps ? conf_rng_below(r, m->ncomps) : 0);
            }
            continue;
        }
        for (esb_component c = 0; c < m->ncomps; ++c) conf_check_read(env, m->handles[i], c);
        conf_check_read(env, m->handles[i], unknown);
    }

    if (!with_queries) return;
    for (int s = 0; s < CONF_MODEL_QUERIES; ++s)
        if (m->q[s].live && !m->q[s].iterating) conf_check_query(env, s);
}

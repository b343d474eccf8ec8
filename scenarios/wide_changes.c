/* The wide family's structural changes, on n entities with W components of S bytes each (wide.h), at each (S, W)
 * of the grid:
 * wide_add_remove_sS_wW: add_remove (scenarios/add_remove.c) on those entities: a 4-byte component B, registered
 * after them, added to every entity, then removed from every one, each phase ended by a pass over the query of B and
 * the last wide component (uncached, as add_remove's) that must see every entity with its B value after the adds
 * and none after the removes. A design that moves an entity between tables on a change copies its W S bytes twice
 * per unit; one that stores a pool per component touches B's alone. The unit is one add+remove pair.
 * wide_create_sS_wW: esb_create_bulk of the n entities with all W components, their values prepared before the
 * clock: the W S bytes per entity every design must write once, and what its layout adds to them. The run uses its
 * world up. The unit is an entity. */
#include <stdlib.h>

#include "wide.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

/* ---- wide_add_remove ------------------------------------------------------------------------------------------ */

typedef struct wide_add_remove_ctx {
    wide_world w; /* its query: B and the last wide component, uncached */
    esb_component b;
    scalar *b_values;
    scn_seen with_b;        /* what the pass after the adds must see: every entity, with its B value */
    uint64_t observed_ns;   /* in the passes, since setup */
    const char *pass_wrong; /* what the first pass that saw something else saw wrong, for verify to report */
} wide_add_remove_ctx;

static void wide_add_remove_teardown(void *p) {
    free(((wide_add_remove_ctx *)p)->b_values);
    scn_ctx_delete(p);
}

static void *wide_add_remove_setup(size_t n, const void *params, const char **error) {
    wide_add_remove_ctx *c = wide_new(sizeof *c, n, params, error);
    if (!c) return NULL;
    wide_world *w = &c->w;
    c->b_values = scratch_alloc(n, sizeof *c->b_values);
    esb_status s = c->b_values ? ESB_OK : ESB_ERR_NOMEM;
    if (s == ESB_OK) s = scn_register(w->base.world, "B", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->b);
    if (s == ESB_OK) s = wide_populate(w);
    if (s == ESB_OK) {
        esb_component fields[] = {c->b, w->comps[w->width - 1]};
        s = scn_query(w->base.world, fields, 2, false, &w->base.query);
    }
    c->with_b.entities = n;
    for (size_t i = 0; s == ESB_OK && i < n; ++i) {
        c->b_values[i] = data_scalar(i * 3 + 1);
        c->with_b.handles += w->base.handles[i];
        c->with_b.values += data_float_bits(c->b_values[i].v);
    }
    return scn_setup_end(c, s, wide_add_remove_teardown, error);
}

static uint64_t add_all(wide_add_remove_ctx *c) {
    uint64_t added = 0;
    for (size_t i = 0; i < c->w.base.n; ++i)
        added += esb_add(c->w.base.world, c->w.base.handles[i], c->b, &c->b_values[i]) == ESB_OK;
    return added;
}

static uint64_t remove_all(wide_add_remove_ctx *c) {
    uint64_t removed = 0;
    for (size_t i = 0; i < c->w.base.n; ++i)
        removed += esb_remove(c->w.base.world, c->w.base.handles[i], c->b) == ESB_OK;
    return removed;
}

static uint64_t wide_add_remove_run(void *p) {
    wide_add_remove_ctx *c = p;
    uint64_t added = add_all(c);
    scn_seen after_adds = scn_observe(c->w.base.query, 0, &c->observed_ns);
    uint64_t removed = remove_all(c);
    scn_seen after_removes = scn_observe(c->w.base.query, 0, &c->observed_ns);
    if (!c->pass_wrong && !scn_seen_equal(after_adds, c->with_b))
        c->pass_wrong =
            "the pass over B and the last wide component after the adds did not see every entity with its B "
            "value";
    if (!c->pass_wrong && !scn_seen_equal(after_removes, (scn_seen){0, 0, 0}))
        c->pass_wrong = "the pass over B and the last wide component after the removes still saw entities with B";
    return added < removed ? added : removed;
}

static uint64_t wide_add_remove_observed_ns(void *p) { return ((wide_add_remove_ctx *)p)->observed_ns; }

/* Every entity's wide components (untouched by the runs, wherever the moves took them), and how many still have B
 * (none). */
static uint64_t wide_add_remove_checksum(void *p) {
    wide_add_remove_ctx *c = p;
    uint64_t with_b = 0;
    for (size_t i = 0; i < c->w.base.n; ++i) with_b += esb_has(c->w.base.world, c->w.base.handles[i], c->b) == 1;
    return wide_checksum(&c->w) + data_hash_pair(with_b, c->w.base.n);
}

/* What the runs' passes saw, then one more run, watched: after the adds every entity holds its B value, after the
 * removes none has B; and every move carried the entities' wide components along, into the right columns. */
static bool wide_add_remove_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    wide_add_remove_ctx *c = p;
    const scn_ctx *base = &c->w.base;
    (void)runs;
    if (c->pass_wrong) return *error = c->pass_wrong, false;
    if (add_all(c) != base->n) return *error = "an add failed", false;
    for (size_t i = 0; i < base->n; ++i) {
        void *b;
        if (esb_get(base->world, base->handles[i], c->b, &b) != ESB_OK || ((scalar *)b)->v != c->b_values[i].v)
            return *error = "after the adds an entity lacks its B value", false;
    }
    if (!wide_spots_hold_own(&c->w, spots, WIDE_EVERY))
        return *error = "after the adds an entity's wide components are not its own", false;
    if (remove_all(c) != base->n) return *error = "a remove failed", false;
    for (size_t i = 0; i < base->n; ++i)
        if (esb_has(base->world, base->handles[i], c->b) != 0)
            return *error = "after the removes an entity has B", false;
    if (!wide_spots_hold_own(&c->w, spots, WIDE_EVERY))
        return *error = "after the runs an entity's wide components are not its own", false;
    return true;
}

DEFINE_SCENARIO(wide_add_remove_s4_w8, .params = &(const wide_params){.size = 4, .width = 8},
                .setup = wide_add_remove_setup, .run = wide_add_remove_run, .checksum = wide_add_remove_checksum,
                .verify = wide_add_remove_verify, .observed_ns = wide_add_remove_observed_ns,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = wide_add_remove_teardown);
DEFINE_SCENARIO(wide_add_remove_s64_w8, .params = &(const wide_params){.size = 64, .width = 8},
                .setup = wide_add_remove_setup, .run = wide_add_remove_run, .checksum = wide_add_remove_checksum,
                .verify = wide_add_remove_verify, .observed_ns = wide_add_remove_observed_ns,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = wide_add_remove_teardown);
DEFINE_SCENARIO(wide_add_remove_s256_w8, .params = &(const wide_params){.size = 256, .width = 8},
                .setup = wide_add_remove_setup, .run = wide_add_remove_run, .checksum = wide_add_remove_checksum,
                .verify = wide_add_remove_verify, .observed_ns = wide_add_remove_observed_ns,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = wide_add_remove_teardown);
DEFINE_SCENARIO(wide_add_remove_s1024_w8, .params = &(const wide_params){.size = 1024, .width = 8},
                .setup = wide_add_remove_setup, .run = wide_add_remove_run, .checksum = wide_add_remove_checksum,
                .verify = wide_add_remove_verify, .observed_ns = wide_add_remove_observed_ns,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = wide_add_remove_teardown);
DEFINE_SCENARIO(wide_add_remove_s64_w2, .params = &(const wide_params){.size = 64, .width = 2},
                .setup = wide_add_remove_setup, .run = wide_add_remove_run, .checksum = wide_add_remove_checksum,
                .verify = wide_add_remove_verify, .observed_ns = wide_add_remove_observed_ns,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = wide_add_remove_teardown);
DEFINE_SCENARIO(wide_add_remove_s64_w32, .params = &(const wide_params){.size = 64, .width = 32},
                .setup = wide_add_remove_setup, .run = wide_add_remove_run, .checksum = wide_add_remove_checksum,
                .verify = wide_add_remove_verify, .observed_ns = wide_add_remove_observed_ns,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = wide_add_remove_teardown);

/* ---- wide_create ---------------------------------------------------------------------------------------------- */

typedef struct wide_create_ctx {
    wide_world w;
    wide_values values; /* the n entities' values, prepared in setup */
} wide_create_ctx;

static void wide_create_teardown(void *p) {
    wide_values_free(&((wide_create_ctx *)p)->values);
    scn_ctx_delete(p);
}

static void *wide_create_setup(size_t n, const void *params, const char **error) {
    wide_create_ctx *c = wide_new(sizeof *c, n, params, error);
    if (!c) return NULL;
    esb_status s = wide_values_make(&c->w, &c->values) ? ESB_OK : ESB_ERR_NOMEM;
    return scn_setup_end(c, s, wide_create_teardown, error);
}

static uint64_t wide_create_run(void *p) {
    wide_create_ctx *c = p;
    return wide_create_all(&c->w, &c->values) == ESB_OK ? c->w.base.n : 0;
}

static uint64_t wide_create_checksum(void *p) { return wide_checksum(&((wide_create_ctx *)p)->w); }

/* The entities the sample names and the last one hold every component with the values they were created with. */
static bool wide_create_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    (void)runs;
    if (!wide_spots_hold_own(&((wide_create_ctx *)p)->w, spots, WIDE_EVERY))
        return *error = "an entity's components do not hold the values it was created with", false;
    return true;
}

/* Their runs use the world up: every run needs a new setup. */
DEFINE_SCENARIO(wide_create_s4_w8, .params = &(const wide_params){.size = 4, .width = 8}, .consumes_state = true,
                .setup = wide_create_setup, .run = wide_create_run, .checksum = wide_create_checksum,
                .verify = wide_create_verify, .world = scn_ctx_world, .teardown = wide_create_teardown);
DEFINE_SCENARIO(wide_create_s64_w8, .params = &(const wide_params){.size = 64, .width = 8}, .consumes_state = true,
                .setup = wide_create_setup, .run = wide_create_run, .checksum = wide_create_checksum,
                .verify = wide_create_verify, .world = scn_ctx_world, .teardown = wide_create_teardown);
DEFINE_SCENARIO(wide_create_s256_w8, .params = &(const wide_params){.size = 256, .width = 8}, .consumes_state = true,
                .setup = wide_create_setup, .run = wide_create_run, .checksum = wide_create_checksum,
                .verify = wide_create_verify, .world = scn_ctx_world, .teardown = wide_create_teardown);
DEFINE_SCENARIO(wide_create_s1024_w8, .params = &(const wide_params){.size = 1024, .width = 8}, .consumes_state = true,
                .setup = wide_create_setup, .run = wide_create_run, .checksum = wide_create_checksum,
                .verify = wide_create_verify, .world = scn_ctx_world, .teardown = wide_create_teardown);
DEFINE_SCENARIO(wide_create_s64_w2, .params = &(const wide_params){.size = 64, .width = 2}, .consumes_state = true,
                .setup = wide_create_setup, .run = wide_create_run, .checksum = wide_create_checksum,
                .verify = wide_create_verify, .world = scn_ctx_world, .teardown = wide_create_teardown);
DEFINE_SCENARIO(wide_create_s64_w32, .params = &(const wide_params){.size = 64, .width = 32}, .consumes_state = true,
                .setup = wide_create_setup, .run = wide_create_run, .checksum = wide_create_checksum,
                .verify = wide_create_verify, .world = scn_ctx_world, .teardown = wide_create_teardown);

/* add_remove: n entities with A {float}; add B {float} to every one, then remove it from every one. The unit
 * is one add+remove pair. The world is back to its starting state after each run, so runs repeat on it. Each
 * phase ends with a pass over the query of A and B (a system that runs every frame on entities with both: after
 * the adds it reads every B, after the removes it finds nothing), so the adds and removes must have taken
 * effect when they returned: a design that buffered them and cancelled each add with its remove would pay here,
 * and one that let the query see a stale state is caught (the passes' share of the time is reported apart).
 * add_remove_cached: the query has the cached hint, so designs that maintain per-query state (cached filters,
 * groups) pay for it here.
 * add_remove_large: add_remove on entities that also carry ten other one-float components (L0..L9), so a
 * design that moves an entity's data on every change moves eleven components instead of one.
 * add_remove_tracked: add_remove while a query with a change term on B exists (never iterated), so every add of B
 * is a change the world tracks, and every move carries what the design tracks with it.
 * add_remove_q1, _q10, _q100: add_remove while 1, 10 or 100 cached queries over A and B exist (never iterated;
 * about half match the entities: ecs.h, scn_live_queries), so a design that keeps per-query state up to date on
 * every change (cached filters, groups) pays for each, and one that matches queries per table pays for none.
 * add_remove_matching: the same adds and removes as two query-wide calls, esb_add_matching over a cached query of A
 * without B and esb_remove_matching over the pass's query (cached): where a design can move a whole table or set a
 * word of bits at once, it does. Every entity gets the same B value (the call takes one).
 * add_remove_frag and add_remove_matching_frag: the loop and the query-wide calls on entities spread over sixteen
 * component sets (entity i also carries tag F(i mod 16)), so a design that groups entities by set has sixteen
 * groups to move instead of one. */
#include <stdlib.h>

#include "ecs.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

#define LARGE_EXTRA 10u
#define FRAGMENTS 16u

typedef struct add_remove_ctx {
    scn_ctx base; /* its query: fields A and B, the passes' query, cached in add_remove_cached */
    esb_component a, b, extra[LARGE_EXTRA];
    uint32_t extra_count; /* add_remove_large: LARGE_EXTRA, else 0 */
    scalar *b_values;
    scn_seen with_b;        /* what the pass after the adds must see: every entity, with its B value */
    uint64_t observed_ns;   /* in the passes, since setup */
    const char *pass_wrong; /* what the first pass that saw something else saw wrong, for verify to report */
    scn_live live;          /* add_remove_q*: the cached queries that exist and are never iterated */
    esb_query *lacking_b;   /* add_remove_matching*: A without B, the query-wide add's */
} add_remove_ctx;

static void add_remove_teardown(void *p) {
    free(((add_remove_ctx *)p)->b_values);
    scn_ctx_delete(p);
}

/* Extra component k of entity i: distinct per component, so data moved into the wrong column shows. */
static float extra_value(uint64_t i, unsigned k) { return data_scalar(i * 11 + k + 1).v; }

/* The bulk path's value functions of the extra components (scn_value_fn), one per component. */
static void extra_value_0(uint64_t i, void *dst) { ((scalar *)dst)->v = extra_value(i, 0); }
static void extra_value_1(uint64_t i, void *dst) { ((scalar *)dst)->v = extra_value(i, 1); }
static void extra_value_2(uint64_t i, void *dst) { ((scalar *)dst)->v = extra_value(i, 2); }
static void extra_value_3(uint64_t i, void *dst) { ((scalar *)dst)->v = extra_value(i, 3); }
static void extra_value_4(uint64_t i, void *dst) { ((scalar *)dst)->v = extra_value(i, 4); }
static void extra_value_5(uint64_t i, void *dst) { ((scalar *)dst)->v = extra_value(i, 5); }
static void extra_value_6(uint64_t i, void *dst) { ((scalar *)dst)->v = extra_value(i, 6); }
static void extra_value_7(uint64_t i, void *dst) { ((scalar *)dst)->v = extra_value(i, 7); }
static void extra_value_8(uint64_t i, void *dst) { ((scalar *)dst)->v = extra_value(i, 8); }
static void extra_value_9(uint64_t i, void *dst) { ((scalar *)dst)->v = extra_value(i, 9); }

/* A in bulk, with the first `extra` of the ten extra components. */
static esb_status populate(add_remove_ctx *c, uint32_t extra) {
    static const char *const names[LARGE_EXTRA] = {"L0", "L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L9"};
    static const scn_value_fn extra_values[LARGE_EXTRA] = {extra_value_0, extra_value_1, extra_value_2, extra_value_3,
                                                           extra_value_4, extra_value_5, extra_value_6, extra_value_7,
                                                           extra_value_8, extra_value_9};
    esb_component ids[1 + LARGE_EXTRA] = {c->a};
    size_t sizes[1 + LARGE_EXTRA];
    scn_value_fn values[1 + LARGE_EXTRA] = {scn_scalar};
    esb_status s = scn_register_scalars(c->base.world, names, extra, ESB_STORAGE_DENSE, c->extra);
    c->extra_count = extra;
    for (uint32_t k = 0; k <= extra; ++k) {
        if (k) ids[k] = c->extra[k - 1], values[k] = extra_values[k - 1];
        sizes[k] = sizeof(scalar);
    }
    return s == ESB_OK ? scn_bulk(c->base.world, c->base.n, ids, sizes, values, 1 + extra, c->base.handles) : s;
}

/* What distinguishes the family's scenarios. */
typedef struct add_remove_params {
    bool cached_query;            /* the passes' query has the cached hint */
    uint32_t extra;               /* how many of the extra components (L0..L9) every entity carries */
    bool tracked;                 /* a query with a change term on B exists */
    const scenario_info *counted; /* a query-count scenario's own descriptor: its live_queries cached queries over
                                     A and B exist, never iterated; NULL for none */
    bool query_wide;              /* the adds and removes are esb_add_matching and esb_remove_matching */
    uint32_t fragments;           /* 0, or FRAGMENTS: entity i also carries tag F(i mod FRAGMENTS) */
} add_remove_params;

/* Entity i carries tag F(i mod count), so the entities sit in count component sets. */
static esb_status fragment(add_remove_ctx *c, uint32_t count) {
    static const char *const names[FRAGMENTS] = {"F0", "F1", "F2",  "F3",  "F4",  "F5",  "F6",  "F7",
                                                 "F8", "F9", "F10", "F11", "F12", "F13", "F14", "F15"};
    esb_component tags[FRAGMENTS];
    esb_status s = ESB_OK;
    for (uint32_t k = 0; s == ESB_OK && k < count; ++k)
        s = scn_register(c->base.world, names[k], 0, 1, ESB_STORAGE_DENSE, &tags[k]);
    for (size_t i = 0; s == ESB_OK && count && i < c->base.n; ++i)
        s = esb_add(c->base.world, c->base.handles[i], tags[i % count], NULL);
    return s;
}

static void *add_remove_setup(size_t n, const void *params, const char **error) {
    const add_remove_params *p = params;
    add_remove_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    c->b_values = scratch_alloc(n, sizeof *c->b_values);
    esb_status s = ESB_ERR_NOMEM;
    if (c->b_values && (s = esb_world_create(&c->base.world)) == ESB_OK &&
        (s = scn_register(c->base.world, "A", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->a)) == ESB_OK &&
        (s = scn_register(c->base.world, "B", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->b)) == ESB_OK)
        s = populate(c, p->extra);
    if (s == ESB_OK) s = fragment(c, p->fragments);
    if (s == ESB_OK && p->query_wide) {
        esb_query_desc lacking = {
            .fields = &c->a, .field_count = 1, .without = &c->b, .without_count = 1, .cached = true};
        s = esb_query_create(c->base.world, &lacking, &c->lacking_b);
    }
    if (s == ESB_OK) {
        esb_component fields[] = {c->a, c->b};
        s = scn_query(c->base.world, fields, 2, p->cached_query || p->query_wide, &c->base.query);
        if (s == ESB_OK && p->tracked) s = scn_watch(c->base.world, fields, 2, c->b);
        if (s == ESB_OK && p->counted)
            s = scn_live_queries(c->base.world, fields, 2, c->b, p->counted->live_queries, &c->live);
    }
    c->with_b.entities = n;
    for (size_t i = 0; s == ESB_OK && i < n; ++i) {
        c->b_values[i] = data_scalar(p->query_wide ? 1 : i * 3 + 1);
        c->with_b.handles += c->base.handles[i];
        c->with_b.values += data_float_bits(c->b_values[i].v);
    }
    return scn_setup_end(c, s, add_remove_teardown, error);
}

static uint64_t add_all(add_remove_ctx *c) {
    uint64_t added = 0;
    for (size_t i = 0; i < c->base.n; ++i)
        added += esb_add(c->base.world, c->base.handles[i], c->b, &c->b_values[i]) == ESB_OK;
    return added;
}

static uint64_t remove_all(add_remove_ctx *c) {
    uint64_t removed = 0;
    for (size_t i = 0; i < c->base.n; ++i) removed += esb_remove(c->base.world, c->base.handles[i], c->b) == ESB_OK;
    return removed;
}

/* What the two passes of a run saw against what they must: every entity with its B value, then none; the first
 * miss is kept for verify to report. */
static void note_passes(add_remove_ctx *c, scn_seen after_adds, scn_seen after_removes) {
    if (!c->pass_wrong && !scn_seen_equal(after_adds, c->with_b))
        c->pass_wrong = "the pass over A and B after the adds did not see every entity with its B value";
    if (!c->pass_wrong && !scn_seen_equal(after_removes, (scn_seen){0, 0, 0}))
        c->pass_wrong = "the pass over A and B after the removes still saw entities with B";
}

static uint64_t add_remove_run(void *p) {
    add_remove_ctx *c = p;
    uint64_t added = add_all(c);
    scn_seen after_adds = scn_observe(c->base.query, 1, &c->observed_ns);
    uint64_t removed = remove_all(c);
    scn_seen after_removes = scn_observe(c->base.query, 1, &c->observed_ns);
    note_passes(c, after_adds, after_removes);
    return added < removed ? added : removed;
}

/* add_remove_run's phases, each one query-wide call. */
static uint64_t add_remove_matching_run(void *p) {
    add_remove_ctx *c = p;
    size_t added = 0, removed = 0;
    if (esb_add_matching(c->lacking_b, c->b, &c->b_values[0], &added) != ESB_OK) added = 0;
    scn_seen after_adds = scn_observe(c->base.query, 1, &c->observed_ns);
    if (esb_remove_matching(c->base.query, c->b, &removed) != ESB_OK) removed = 0;
    scn_seen after_removes = scn_observe(c->base.query, 1, &c->observed_ns);
    note_passes(c, after_adds, after_removes);
    return added < removed ? added : removed;
}

static uint64_t add_remove_observed_ns(void *p) { return ((add_remove_ctx *)p)->observed_ns; }

/* Every entity's ordinal with its A value and extra components (untouched by the runs), and how many still have
 * B (none). */
static uint64_t add_remove_checksum(void *p) {
    add_remove_ctx *c = p;
    uint64_t sum = scn_scalars_checksum(c->base.world, c->base.handles, c->base.n, c->extra, c->extra_count, 1);
    uint64_t with_b = 0;
    for (size_t i = 0; i < c->base.n; ++i) {
        void *a;
        if (esb_get(c->base.world, c->base.handles[i], c->a, &a) == ESB_OK)
            sum += data_entity_hash(i, data_mix64(data_float_bits(((scalar *)a)->v)));
        with_b += esb_has(c->base.world, c->base.handles[i], c->b) == 1;
    }
    return sum + data_hash_pair(with_b, c->base.n);
}

/* What the runs' passes saw, then one more run, watched: after the adds every entity holds its B value, after
 * the removes none has B. */
static bool add_remove_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    add_remove_ctx *c = p;
    (void)runs;
    if (c->pass_wrong) return *error = c->pass_wrong, false;
    if (add_all(c) != c->base.n) return *error = "an add failed", false;
    for (size_t i = 0; i < c->base.n; ++i) {
        void *b;
        if (esb_get(c->base.world, c->base.handles[i], c->b, &b) != ESB_OK || ((scalar *)b)->v != c->b_values[i].v)
            return *error = "after the adds an entity lacks its B value", false;
    }
    if (spots == SPOT_EVERY_ENTITY && !scn_live_hold(&c->live, c->base.n))
        return *error = "after the adds a live query does not see the entities it matches", false;
    if (remove_all(c) != c->base.n) return *error = "a remove failed", false;
    for (size_t i = 0; i < c->base.n; ++i)
        if (esb_has(c->base.world, c->base.handles[i], c->b) != 0)
            return *error = "after the removes an entity has B", false;
    /* Every move of the runs carried the entity's other components along, into the right columns. */
    for (uint64_t spot = 0; spot < data_spot_count(c->base.n, spots); ++spot) {
        uint64_t i = data_spot_ordinal(c->base.n, spots, spot);
        void *v;
        if (esb_get(c->base.world, c->base.handles[i], c->a, &v) != ESB_OK ||
            data_float_bits(((scalar *)v)->v) != data_float_bits(data_scalar(i).v))
            return *error = "after the runs an entity's A is not its own", false;
        for (uint32_t k = 0; k < c->extra_count; ++k)
            if (esb_get(c->base.world, c->base.handles[i], c->extra[k], &v) != ESB_OK ||
                data_float_bits(((scalar *)v)->v) != data_float_bits(extra_value(i, k)))
                return *error = "after the runs an entity's other components are not its own", false;
    }
    return true;
}

DEFINE_SCENARIO(add_remove, .params = &(const add_remove_params){.cached_query = false, .extra = 0, .tracked = false},
                .setup = add_remove_setup, .run = add_remove_run, .checksum = add_remove_checksum,
                .verify = add_remove_verify, .observed_ns = add_remove_observed_ns, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = add_remove_teardown);
DEFINE_SCENARIO(add_remove_cached,
                .params = &(const add_remove_params){.cached_query = true, .extra = 0, .tracked = false},
                .setup = add_remove_setup, .run = add_remove_run, .checksum = add_remove_checksum,
                .verify = add_remove_verify, .observed_ns = add_remove_observed_ns, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = add_remove_teardown);
DEFINE_SCENARIO(add_remove_large,
                .params = &(const add_remove_params){.cached_query = false, .extra = LARGE_EXTRA, .tracked = false},
                .setup = add_remove_setup, .run = add_remove_run, .checksum = add_remove_checksum,
                .verify = add_remove_verify, .observed_ns = add_remove_observed_ns, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = add_remove_teardown);
DEFINE_SCENARIO(add_remove_tracked,
                .params = &(const add_remove_params){.cached_query = false, .extra = 0, .tracked = true},
                .setup = add_remove_setup, .run = add_remove_run, .checksum = add_remove_checksum,
                .verify = add_remove_verify, .observed_ns = add_remove_observed_ns, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = add_remove_teardown);
DEFINE_SCENARIO(add_remove_q1, .params = &(const add_remove_params){.counted = &scenario_info_add_remove_q1},
                .setup = add_remove_setup, .run = add_remove_run, .checksum = add_remove_checksum,
                .verify = add_remove_verify, .observed_ns = add_remove_observed_ns, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = add_remove_teardown);
DEFINE_SCENARIO(add_remove_q10, .params = &(const add_remove_params){.counted = &scenario_info_add_remove_q10},
                .setup = add_remove_setup, .run = add_remove_run, .checksum = add_remove_checksum,
                .verify = add_remove_verify, .observed_ns = add_remove_observed_ns, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = add_remove_teardown);
DEFINE_SCENARIO(add_remove_q100, .params = &(const add_remove_params){.counted = &scenario_info_add_remove_q100},
                .setup = add_remove_setup, .run = add_remove_run, .checksum = add_remove_checksum,
                .verify = add_remove_verify, .observed_ns = add_remove_observed_ns, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = add_remove_teardown);
DEFINE_SCENARIO(add_remove_matching, .params = &(const add_remove_params){.query_wide = true},
                .setup = add_remove_setup, .run = add_remove_matching_run, .checksum = add_remove_checksum,
                .verify = add_remove_verify, .observed_ns = add_remove_observed_ns, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = add_remove_teardown);
DEFINE_SCENARIO(add_remove_frag, .params = &(const add_remove_params){.cached_query = true, .fragments = FRAGMENTS},
                .setup = add_remove_setup, .run = add_remove_run, .checksum = add_remove_checksum,
                .verify = add_remove_verify, .observed_ns = add_remove_observed_ns, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = add_remove_teardown);
DEFINE_SCENARIO(add_remove_matching_frag,
                .params = &(const add_remove_params){.query_wide = true, .fragments = FRAGMENTS},
                .setup = add_remove_setup, .run = add_remove_matching_run, .checksum = add_remove_checksum,
                .verify = add_remove_verify, .observed_ns = add_remove_observed_ns, .query_kind = scn_ctx_kind,
                .world = scn_ctx_world, .teardown = add_remove_teardown);

/* spawn_add_K (K = 1, 2, 4, 8): n entities spawned one at a time, each by esb_create and then K esb_add calls of
 * the one-float components S0 .. S(K-1): a spawner that builds its entities a component at a time, which a design
 * that moves entities between component sets pays with K moves. spawn_bundle_K: the same entities, each by
 * esb_create and one esb_add_bundle of the K components: one move, where the design has a batched path.
 * The unit is one entity spawned. A cached query over the K components exists from setup, as a system over them
 * would, and each run ends with a pass over it that must see every entity with its S0 value, so the spawns must
 * have taken effect when they returned (the pass's share is reported apart). The values are prepared before the
 * clock starts; a run uses its world up, so every run has a setup of its own. */
#include <stdlib.h>

#include "ecs.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

#define SPAWN_MAX 8u

typedef struct spawn_params {
    uint32_t components; /* K */
    bool bundled;        /* one esb_add_bundle per entity, not K esb_add calls */
} spawn_params;

typedef struct spawn_ctx {
    scn_ctx base; /* its query: the K components, cached */
    uint32_t count;
    esb_component comps[SPAWN_MAX];
    scalar *values[SPAWN_MAX]; /* values[k][i]: entity i's value of S_k */
    scn_seen expected;         /* what the pass after the spawns must see */
    scn_seen seen;             /* what it saw, last run */
    uint64_t observed_ns;
} spawn_ctx;

static void spawn_teardown(void *p) {
    spawn_ctx *c = p;
    for (uint32_t k = 0; k < SPAWN_MAX; ++k) free(c->values[k]);
    scn_ctx_delete(p);
}

/* Entity i's value of S_k: distinct per component, so a value written into the wrong column shows. */
static scalar spawn_value(uint64_t i, uint32_t k) { return data_scalar(i * 13 + k * 7 + 5); }

static void *spawn_setup(size_t n, const void *params, const char **error) {
    static const char *const names[SPAWN_MAX] = {"S0", "S1", "S2", "S3", "S4", "S5", "S6", "S7"};
    const spawn_params *p = params;
    spawn_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    c->count = p->components;
    esb_status s = ESB_OK;
    for (uint32_t k = 0; k < c->count; ++k)
        if (!(c->values[k] = scratch_alloc(n, sizeof *c->values[k]))) s = ESB_ERR_NOMEM;
    if (s == ESB_OK) s = esb_world_create(&c->base.world);
    if (s == ESB_OK) s = scn_register_scalars(c->base.world, names, c->count, ESB_STORAGE_DENSE, c->comps);
    if (s == ESB_OK) s = scn_query(c->base.world, c->comps, c->count, true, &c->base.query);
    c->expected.entities = n;
    for (size_t i = 0; s == ESB_OK && i < n; ++i) {
        for (uint32_t k = 0; k < c->count; ++k) c->values[k][i] = spawn_value(i, k);
        c->expected.values += data_float_bits(c->values[0][i].v);
    }
    return scn_setup_end(c, s, spawn_teardown, error);
}

/* Ends a run: the pass over the K components, and the handles it must have seen (known only now). */
static void spawn_observe(spawn_ctx *c) {
    c->seen = scn_observe(c->base.query, 0, &c->observed_ns);
    c->expected.handles = 0;
    for (size_t i = 0; i < c->base.n; ++i) c->expected.handles += c->base.handles[i];
}

static uint64_t spawn_one_by_one(void *p) {
    spawn_ctx *c = p;
    esb_world *w = c->base.world;
    uint64_t done = 0;
    for (size_t i = 0; i < c->base.n; ++i) {
        esb_entity *e = &c->base.handles[i];
        bool ok = esb_create(w, e) == ESB_OK;
        for (uint32_t k = 0; ok && k < c->count; ++k) ok = esb_add(w, *e, c->comps[k], &c->values[k][i]) == ESB_OK;
        done += ok;
    }
    spawn_observe(c);
    return done;
}

static uint64_t spawn_bundled(void *p) {
    spawn_ctx *c = p;
    esb_world *w = c->base.world;
    uint64_t done = 0;
    for (size_t i = 0; i < c->base.n; ++i) {
        esb_entity *e = &c->base.handles[i];
        const void *values[SPAWN_MAX];
        for (uint32_t k = 0; k < c->count; ++k) values[k] = &c->values[k][i];
        done += esb_create(w, e) == ESB_OK && esb_add_bundle(w, *e, c->comps, c->count, values) == ESB_OK;
    }
    spawn_observe(c);
    return done;
}

/* Every entity (or a spot sample) holds each of the K components with its value, and the run's pass saw all of
 * them: a spawn that skipped a component, wrote a wrong value or left work for later is caught. */
static bool spawn_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    spawn_ctx *c = p;
    (void)runs;
    if (!scn_seen_equal(c->seen, c->expected))
        return *error = "the pass after the spawns did not see every entity with its S0 value", false;
    for (uint64_t j = 0; j < data_spot_count(c->base.n, spots); ++j) {
        uint64_t i = data_spot_ordinal(c->base.n, spots, j);
        for (uint32_t k = 0; k < c->count; ++k) {
            void *v;
            if (esb_get(c->base.world, c->base.handles[i], c->comps[k], &v) != ESB_OK)
                return *error = "a spawned entity lacks one of its components", false;
            if (data_float_bits(((scalar *)v)->v) != data_float_bits(c->values[k][i].v))
                return *error = "a spawned entity's component holds another value", false;
        }
    }
    return true;
}

static uint64_t spawn_checksum(void *p) {
    spawn_ctx *c = p;
    return scn_scalars_checksum(c->base.world, c->base.handles, c->base.n, c->comps, c->count, 40);
}

static uint64_t spawn_observed_ns(void *p) { return ((spawn_ctx *)p)->observed_ns; }

DEFINE_SCENARIO(spawn_add_1, .consumes_state = true, .params = &(const spawn_params){1, false}, .setup = spawn_setup,
                .run = spawn_one_by_one, .checksum = spawn_checksum, .verify = spawn_verify,
                .observed_ns = spawn_observed_ns, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = spawn_teardown);
DEFINE_SCENARIO(spawn_add_2, .consumes_state = true, .params = &(const spawn_params){2, false}, .setup = spawn_setup,
                .run = spawn_one_by_one, .checksum = spawn_checksum, .verify = spawn_verify,
                .observed_ns = spawn_observed_ns, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = spawn_teardown);
DEFINE_SCENARIO(spawn_add_4, .consumes_state = true, .params = &(const spawn_params){4, false}, .setup = spawn_setup,
                .run = spawn_one_by_one, .checksum = spawn_checksum, .verify = spawn_verify,
                .observed_ns = spawn_observed_ns, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = spawn_teardown);
DEFINE_SCENARIO(spawn_add_8, .consumes_state = true, .params = &(const spawn_params){8, false}, .setup = spawn_setup,
                .run = spawn_one_by_one, .checksum = spawn_checksum, .verify = spawn_verify,
                .observed_ns = spawn_observed_ns, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = spawn_teardown);
DEFINE_SCENARIO(spawn_bundle_1, .consumes_state = true, .params = &(const spawn_params){1, true}, .setup = spawn_setup,
                .run = spawn_bundled, .checksum = spawn_checksum, .verify = spawn_verify,
                .observed_ns = spawn_observed_ns, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = spawn_teardown);
DEFINE_SCENARIO(spawn_bundle_2, .consumes_state = true, .params = &(const spawn_params){2, true}, .setup = spawn_setup,
                .run = spawn_bundled, .checksum = spawn_checksum, .verify = spawn_verify,
                .observed_ns = spawn_observed_ns, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = spawn_teardown);
DEFINE_SCENARIO(spawn_bundle_4, .consumes_state = true, .params = &(const spawn_params){4, true}, .setup = spawn_setup,
                .run = spawn_bundled, .checksum = spawn_checksum, .verify = spawn_verify,
                .observed_ns = spawn_observed_ns, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = spawn_teardown);
DEFINE_SCENARIO(spawn_bundle_8, .consumes_state = true, .params = &(const spawn_params){8, true}, .setup = spawn_setup,
                .run = spawn_bundled, .checksum = spawn_checksum, .verify = spawn_verify,
                .observed_ns = spawn_observed_ns, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = spawn_teardown);

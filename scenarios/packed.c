/* packed_5: n entities with the five one-float components A..E; a run is five single-component queries, each
 * doubling its component (the established suites' "packed" case: every query walks densely packed data, so a
 * design that pays per query or per component, not per entity, shows it). */
#include "ecs.h"
#include "kernels.h"
#include "scenario.h"
#include "info.h"

#define PACKED_COUNT 5u

typedef struct packed_ctx {
    scn_ctx base; /* its query: the first of the five */
    esb_component comp[PACKED_COUNT];
    esb_query *query[PACKED_COUNT];
} packed_ctx;

static float packed_value(uint64_t i, unsigned k) { return data_scalar(i * PACKED_COUNT + k).v; }

static void value_of(unsigned k, uint64_t i, void *dst) { ((scalar *)dst)->v = packed_value(i, k); }
static void value_a(uint64_t i, void *dst) { value_of(0, i, dst); }
static void value_b(uint64_t i, void *dst) { value_of(1, i, dst); }
static void value_c(uint64_t i, void *dst) { value_of(2, i, dst); }
static void value_d(uint64_t i, void *dst) { value_of(3, i, dst); }
static void value_e(uint64_t i, void *dst) { value_of(4, i, dst); }

static void *packed_setup(size_t n, const void *params, const char **error) {
    (void)params;
    static const char *const names[PACKED_COUNT] = {"A", "B", "C", "D", "E"};
    static const scn_value_fn values[PACKED_COUNT] = {value_a, value_b, value_c, value_d, value_e};
    static const size_t sizes[PACKED_COUNT] = {sizeof(scalar), sizeof(scalar), sizeof(scalar), sizeof(scalar),
                                               sizeof(scalar)};
    packed_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    esb_status s = esb_world_create(&c->base.world);
    if (s == ESB_OK &&
        (s = scn_register_scalars(c->base.world, names, PACKED_COUNT, ESB_STORAGE_DENSE, c->comp)) == ESB_OK)
        s = scn_bulk(c->base.world, n, c->comp, sizes, values, PACKED_COUNT, c->base.handles);
    for (unsigned k = 0; s == ESB_OK && k < PACKED_COUNT; ++k)
        s = scn_query(c->base.world, &c->comp[k], 1, true, &c->query[k]);
    c->base.query = c->query[0];
    return scn_setup_end(c, s, scn_ctx_delete, error);
}

static uint64_t packed_run(void *p) {
    packed_ctx *c = p;
    bool all = true;
    for (unsigned k = 0; k < PACKED_COUNT; ++k) all &= scn_pass(c->query[k], kernel_double) == c->base.n;
    return all ? c->base.n : 0;
}

static uint64_t packed_checksum(void *p) {
    packed_ctx *c = p;
    return scn_scalars_checksum(c->base.world, c->base.handles, c->base.n, c->comp, PACKED_COUNT, 0);
}

static bool packed_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    packed_ctx *c = p;
    for (uint64_t spot = 0; spot < data_spot_count(c->base.n, spots); ++spot)
        for (unsigned k = 0; k < PACKED_COUNT; ++k) {
            uint64_t i = data_spot_ordinal(c->base.n, spots, spot);
            void *v;
            if (esb_get(c->base.world, c->base.handles[i], c->comp[k], &v) != ESB_OK ||
                data_float_bits(((scalar *)v)->v) != data_float_bits(data_doubled(packed_value(i, k), runs)))
                return *error = "a component was not doubled once per run", false;
        }
    return true;
}

DEFINE_SCENARIO(packed_5, .setup = packed_setup, .run = packed_run, .checksum = packed_checksum,
                .verify = packed_verify, .query_kind = scn_ctx_kind, .world = scn_ctx_world,
                .teardown = scn_ctx_delete);

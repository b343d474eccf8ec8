/* packed_5: n entities with the five one-float components A..E; a run is five single-component queries, each
 * doubling its component (the established suites' "packed" case: every query walks densely packed data, so a
 * design that pays per query or per component, not per entity, shows it). */
#include <stdlib.h>

#include "ecs.h"
#include "kernels.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

#define PACKED_COUNT 5u

typedef struct packed_ctx {
    esb_world *world;
    esb_component comp[PACKED_COUNT];
    esb_query *query[PACKED_COUNT];
    esb_entity *handles;
    size_t n;
} packed_ctx;

static float packed_value(uint64_t i, unsigned k) { return data_scalar(i * PACKED_COUNT + k).v; }

static void value_of(unsigned k, uint64_t i, void *dst) { ((scalar *)dst)->v = packed_value(i, k); }
static void value_a(uint64_t i, void *dst) { value_of(0, i, dst); }
static void value_b(uint64_t i, void *dst) { value_of(1, i, dst); }
static void value_c(uint64_t i, void *dst) { value_of(2, i, dst); }
static void value_d(uint64_t i, void *dst) { value_of(3, i, dst); }
static void value_e(uint64_t i, void *dst) { value_of(4, i, dst); }

static void packed_teardown(void *p) {
    packed_ctx *c = p;
    esb_world_destroy(c->world);
    free(c->handles);
    free(c);
}

static void *packed_setup(size_t n, const char **error) {
    static const char *const names[PACKED_COUNT] = {"A", "B", "C", "D", "E"};
    static const scn_value_fn values[PACKED_COUNT] = {value_a, value_b, value_c, value_d, value_e};
    static const size_t sizes[PACKED_COUNT] = {sizeof(scalar), sizeof(scalar), sizeof(scalar), sizeof(scalar),
                                               sizeof(scalar)};
    packed_ctx *c = scratch_calloc(1, sizeof *c);
    if (!c) return *error = "out of memory", NULL;
    c->n = n;
    c->handles = scratch_alloc(n, sizeof *c->handles);
    esb_status s = ESB_ERR_NOMEM;
    if (c->handles && (s = esb_world_create(&c->world)) == ESB_OK &&
        (s = scn_register_scalars(c->world, names, PACKED_COUNT, ESB_STORAGE_DENSE, c->comp)) == ESB_OK)
        s = scn_bulk(c->world, n, c->comp, sizes, values, PACKED_COUNT, c->handles);
    for (unsigned k = 0; s == ESB_OK && k < PACKED_COUNT; ++k)
        s = scn_query(c->world, &c->comp[k], 1, true, &c->query[k]);
    if (s != ESB_OK) {
        *error = esb_status_name(s);
        packed_teardown(c);
        return NULL;
    }
    return c;
}

static uint64_t packed_run(void *p) {
    packed_ctx *c = p;
    bool all = true;
    for (unsigned k = 0; k < PACKED_COUNT; ++k) all &= scn_pass(c->query[k], kernel_double) == c->n;
    return all ? c->n : 0;
}

static uint64_t packed_checksum(void *p) {
    packed_ctx *c = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < c->n; ++i)
        for (unsigned k = 0; k < PACKED_COUNT; ++k) {
            void *v;
            if (esb_get(c->world, c->handles[i], c->comp[k], &v) == ESB_OK)
                sum += data_entity_hash(i, data_hash_pair(k, data_float_bits(((scalar *)v)->v)));
        }
    return sum;
}

static bool packed_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    packed_ctx *c = p;
    for (uint64_t spot = 0; spot < data_spot_count(c->n, spots); ++spot)
        for (unsigned k = 0; k < PACKED_COUNT; ++k) {
            uint64_t i = data_spot_ordinal(c->n, spots, spot);
            void *v;
            if (esb_get(c->world, c->handles[i], c->comp[k], &v) != ESB_OK ||
                data_float_bits(((scalar *)v)->v) != data_float_bits(data_doubled(packed_value(i, k), runs)))
                return *error = "a component was not doubled once per run", false;
        }
    return true;
}

static const char *packed_kind(void *p) { return esb_query_kind(((packed_ctx *)p)->query[0]); }
static esb_world *packed_world(void *p) { return ((packed_ctx *)p)->world; }

const scenario scenario_packed_5 = {
    .info = &scenario_info_packed_5,
    .setup = packed_setup,
    .run = packed_run,
    .checksum = packed_checksum,
    .verify = packed_verify,
    .query_kind = packed_kind,
    .world = packed_world,
    .teardown = packed_teardown,
};

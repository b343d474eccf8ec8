/* frag_iter: n entities, entity i with the one-float component L(i mod 26) and Data {float}; one pass of
 * Data.v *= 2 through a cached query over Data alone. Data is spread over 26 component sets of n/26 entities,
 * so a design that stores by set walks 26 short runs where a per-component design walks one array (the
 * established suites' fragmented iteration; their size is 26 x 20 entities). */
#include <stdlib.h>

#include "ecs.h"
#include "kernels.h"
#include "scenario.h"
#include "scratch.h"
#include "info.h"

#define FRAG_KINDS 26u

typedef struct frag_ctx {
    scn_ctx base;
    esb_component kind[FRAG_KINDS], data;
} frag_ctx;

static float data_value(uint64_t i) { return data_scalar(i).v; }
static float kind_value(uint64_t i) { return data_scalar(i * 7 + 3).v; }

/* Each kind's entities in one bulk call; entity i is the (i / 26)-th of kind i mod 26. */
static esb_status populate(frag_ctx *c) {
    size_t per_kind = (c->base.n + FRAG_KINDS - 1) / FRAG_KINDS;
    scalar *kinds = scratch_alloc(per_kind, sizeof *kinds), *data = scratch_alloc(per_kind, sizeof *data);
    esb_entity *made = scratch_alloc(per_kind, sizeof *made);
    esb_status s = kinds && data && made ? ESB_OK : ESB_ERR_NOMEM;
    for (unsigned k = 0; s == ESB_OK && k < FRAG_KINDS && k < c->base.n; ++k) {
        size_t m = 0;
        for (size_t i = k; i < c->base.n; i += FRAG_KINDS, ++m) {
            kinds[m].v = kind_value(i);
            data[m].v = data_value(i);
        }
        esb_component ids[] = {c->kind[k], c->data};
        const void *values[] = {kinds, data};
        s = esb_create_bulk(c->base.world, m, ids, 2, values, made);
        for (size_t j = 0; s == ESB_OK && j < m; ++j) c->base.handles[k + j * FRAG_KINDS] = made[j];
    }
    free(kinds);
    free(data);
    free(made);
    return s;
}

static void *frag_setup(size_t n, const void *params, const char **error) {
    (void)params;
    static const char *const names[FRAG_KINDS] = {"L0",  "L1",  "L2",  "L3",  "L4",  "L5",  "L6",  "L7",  "L8",
                                                  "L9",  "L10", "L11", "L12", "L13", "L14", "L15", "L16", "L17",
                                                  "L18", "L19", "L20", "L21", "L22", "L23", "L24", "L25"};
    frag_ctx *c = scn_ctx_new(sizeof *c, n, error);
    if (!c) return NULL;
    esb_status s = esb_world_create(&c->base.world);
    if (s == ESB_OK &&
        (s = scn_register_scalars(c->base.world, names, FRAG_KINDS, ESB_STORAGE_DENSE, c->kind)) == ESB_OK &&
        (s = scn_register(c->base.world, "Data", sizeof(scalar), _Alignof(scalar), ESB_STORAGE_DENSE, &c->data)) ==
            ESB_OK &&
        (s = populate(c)) == ESB_OK)
        s = scn_query(c->base.world, &c->data, 1, true, &c->base.query);
    return scn_setup_end(c, s, scn_ctx_delete, error);
}

static uint64_t frag_run(void *p) {
    frag_ctx *c = p;
    return scn_pass(c->base.query, kernel_double) == c->base.n ? c->base.n : 0;
}

/* Every entity's ordinal with its kind (and value) and its Data. */
static uint64_t frag_checksum(void *p) {
    frag_ctx *c = p;
    uint64_t sum = 0;
    for (size_t i = 0; i < c->base.n; ++i) {
        void *kind, *data;
        if (esb_get(c->base.world, c->base.handles[i], c->kind[i % FRAG_KINDS], &kind) == ESB_OK &&
            esb_get(c->base.world, c->base.handles[i], c->data, &data) == ESB_OK)
            sum += data_entity_hash(
                i, data_hash_pair(data_float_bits(((scalar *)kind)->v), data_float_bits(((scalar *)data)->v)));
    }
    return sum;
}

static bool frag_verify(void *p, uint64_t runs, uint64_t spots, const char **error) {
    frag_ctx *c = p;
    for (uint64_t k = 0; k < data_spot_count(c->base.n, spots); ++k) {
        uint64_t i = data_spot_ordinal(c->base.n, spots, k);
        void *data;
        if (esb_get(c->base.world, c->base.handles[i], c->data, &data) != ESB_OK ||
            data_float_bits(((scalar *)data)->v) != data_float_bits(data_doubled(data_value(i), runs)))
            return *error = "an entity's Data was not doubled once per run", false;
        if (esb_has(c->base.world, c->base.handles[i], c->kind[i % FRAG_KINDS]) != 1 ||
            esb_has(c->base.world, c->base.handles[i], c->kind[(i + 1) % FRAG_KINDS]) != 0)
            return *error = "an entity does not hold exactly the kind it was created with", false;
    }
    return true;
}

DEFINE_SCENARIO(frag_iter, .setup = frag_setup, .run = frag_run, .checksum = frag_checksum, .verify = frag_verify,
                .query_kind = scn_ctx_kind, .world = scn_ctx_world, .teardown = scn_ctx_delete);

/* A world of two pools, a and b, and a third component c to exclude, for the tests of runs (tests/runs.c and the
 * source sets' tests/runs.c): its entities, queries over it and a walk that checks every batch against esb_get.
 * Static: each test file has a world of its own. */
#ifndef SPARSE_TESTS_TWO_POOLS_H
#define SPARSE_TESTS_TWO_POOLS_H

#include "support.h"
#include "sparse.h"

static esb_world *world;
static esb_component a, b, c;

/* The element of field k for batch entry i (contract.h: base, rows, stride). */
static inline const void *element(const esb_batch *batch, uint32_t k, uint32_t i, size_t size) {
    uint32_t row = batch->rows[k] ? batch->rows[k][i] : i;
    return (const unsigned char *)batch->base[k] + (size_t)row * (batch->stride[k] ? batch->stride[k] : size);
}

/* n entities with a (its ordinal + offset) and b (twice that). */
static inline void populate(esb_entity *out, uint32_t n, uint32_t offset) {
    esb_component ab[] = {a, b};
    cr_assert_eq(esb_create_bulk(world, n, ab, 2, NULL, out), ESB_OK);
    for (uint32_t i = 0; i < n; ++i) {
        void *va, *vb;
        cr_assert_eq(esb_get(world, out[i], a, &va), ESB_OK);
        cr_assert_eq(esb_get(world, out[i], b, &vb), ESB_OK);
        *(uint32_t *)va = i + offset;
        *(uint64_t *)vb = 2 * (uint64_t)(i + offset);
    }
}

static inline void setup(void) {
    world = conf_world();
    a = conf_register(world, "a", 4, 4, ESB_STORAGE_DENSE);
    b = conf_register(world, "b", 8, 8, ESB_STORAGE_DENSE);
    c = conf_register(world, "c", 0, 1, ESB_STORAGE_DENSE);
}

/* Whether query_ab's query has the cached hint. */
typedef enum ab_caching { AB_UNCACHED, AB_CACHED } ab_caching;

/* A query over a and b (without c when exclude). */
static inline esb_query *query_ab(bool exclude, ab_caching caching) {
    esb_component ab[] = {a, b};
    esb_query_desc desc = {.fields = ab,
                           .field_count = 2,
                           .without = &c,
                           .without_count = exclude ? 1 : 0,
                           .cached = caching == AB_CACHED};
    return conf_query(world, &desc);
}

/* Iterates q (query_ab's); checks every element against esb_get; returns how many entities it saw, and in
 * *first_count and *first_sliced what the first batch was. */
static inline uint32_t walk_query(esb_query *q, bool exclude, uint32_t *first_count, bool *first_sliced) {
    esb_iter it;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    uint32_t seen = 0, batches = 0;
    while (esb_iter_next(&it)) {
        const esb_batch *bt = &it.batch;
        if (batches++ == 0) {
            *first_count = bt->count;
            *first_sliced = !bt->rows[0] && !bt->rows[1] && !bt->entity_rows;
        }
        for (uint32_t i = 0; i < bt->count; ++i) {
            esb_entity e = bt->entities[bt->entity_rows ? bt->entity_rows[i] : i];
            void *va, *vb;
            cr_assert_eq(esb_get(world, e, a, &va), ESB_OK);
            cr_assert_eq(esb_get(world, e, b, &vb), ESB_OK);
            cr_assert_eq(*(const uint32_t *)element(bt, 0, i, 4), *(uint32_t *)va);
            cr_assert_eq(*(const uint64_t *)element(bt, 1, i, 8), *(uint64_t *)vb);
            cr_assert(!exclude || esb_has(world, e, c) == 0, "an excluded entity was handed out");
        }
        seen += bt->count;
    }
    return seen;
}

#endif

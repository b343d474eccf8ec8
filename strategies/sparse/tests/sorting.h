/* What the tests of sorting share (tests/sort.c, cached-groups/tests/sort.c): an order by a component's value,
 * a world of entities with two components, and a check that a query hands them out in order. */
#ifndef SPARSE_TESTS_SORTING_H
#define SPARSE_TESTS_SORTING_H

#include "support.h"
#include "sort.h"

typedef struct by_value {
    esb_component c;
    int direction; /* 1 ascending, -1 descending */
} by_value;

static inline int compare_values(esb_world *w, esb_entity a, esb_entity b, void *ctx) {
    const by_value *by = ctx;
    float x = conf_get_f32(w, a, by->c), y = conf_get_f32(w, b, by->c);
    return by->direction * ((x > y) - (x < y));
}

static inline esb_component reg(esb_world *w, const char *name) {
    return conf_register(w, name, sizeof(float), sizeof(float), ESB_STORAGE_DENSE);
}

/* Iterates q and checks that field 0 comes out ordered by direction, that every entity's field 0 and 1
 * equal what esb_get says (the sparse slots followed the moves), and returns how many entities it saw. */
static inline size_t check_sorted(esb_world *w, esb_query *q, esb_component c0, esb_component c1, int direction) {
    esb_iter it;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    float last = direction > 0 ? -1e30f : 1e30f;
    size_t seen = 0;
    while (esb_iter_next(&it)) {
        for (uint32_t i = 0; i < it.batch.count; ++i) {
            esb_entity e = it.batch.entities[it.batch.entity_rows ? it.batch.entity_rows[i] : i];
            uint32_t r0 = it.batch.rows[0] ? it.batch.rows[0][i] : i;
            float v = ((float *)it.batch.base[0])[r0];
            cr_assert(direction > 0 ? v >= last : v <= last, "out of order: %f after %f", v, last);
            last = v;
            float own0, own1;
            void *p;
            cr_assert_eq(esb_get(w, e, c0, &p), ESB_OK);
            own0 = *(float *)p;
            cr_assert_eq(own0, v, "the batch value is not the entity's");
            if (it.batch.field_count > 1) {
                uint32_t r1 = it.batch.rows[1] ? it.batch.rows[1][i] : i;
                cr_assert_eq(esb_get(w, e, c1, &p), ESB_OK);
                own1 = *(float *)p;
                cr_assert_eq(own1, ((float *)it.batch.base[1])[r1], "field 1 is not the entity's");
                cr_assert_eq(own1, own0 * 2.0f, "the two components of one entity came apart");
            }
            seen++;
        }
    }
    return seen;
}

/* n entities with A = a pseudo-random value and B = 2A. */
static inline void populate(esb_world *w, esb_component a, esb_component b, size_t n, esb_entity *out) {
    for (size_t i = 0; i < n; ++i) {
        float v = (float)((i * 7919u) % 1009u), twice = 2.0f * v;
        cr_assert_eq(esb_create(w, &out[i]), ESB_OK);
        cr_assert_eq(esb_add(w, out[i], a, &v), ESB_OK);
        cr_assert_eq(esb_add(w, out[i], b, &twice), ESB_OK);
    }
}

#endif

/* Sorting pools and groups (sort.h), a sparse-set feature beyond the contract: built into this strategy's
 * test binaries only. */
#include "each.h"
#include "support.h"
#include "sort.h"

typedef struct by_value {
    esb_component c;
    int direction; /* 1 ascending, -1 descending */
} by_value;

static int compare_values(esb_world *w, esb_entity a, esb_entity b, void *ctx) {
    const by_value *by = ctx;
    float x = conf_get_f32(w, a, by->c), y = conf_get_f32(w, b, by->c);
    return by->direction * ((x > y) - (x < y));
}

static esb_component reg(esb_world *w, const char *name) {
    return conf_register(w, name, sizeof(float), sizeof(float), ESB_STORAGE_DENSE);
}

/* Iterates q and checks that field 0 comes out ordered by direction, that every entity's field 0 and 1
 * equal what esb_get says (the sparse slots followed the moves), and returns how many entities it saw. */
static size_t check_sorted(esb_world *w, esb_query *q, esb_component c0, esb_component c1, int direction) {
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
static void populate(esb_world *w, esb_component a, esb_component b, size_t n, esb_entity *out) {
    for (size_t i = 0; i < n; ++i) {
        float v = (float)((i * 7919u) % 1009u), twice = 2.0f * v;
        cr_assert_eq(esb_create(w, &out[i]), ESB_OK);
        cr_assert_eq(esb_add(w, out[i], a, &v), ESB_OK);
        cr_assert_eq(esb_add(w, out[i], b, &twice), ESB_OK);
    }
}

Test(sparse_sort, pool_by_value_both_ways) {
    esb_world *w = conf_world();
    esb_component a = reg(w, "A"), b = reg(w, "B");
    esb_entity e[3000];
    populate(w, a, b, 3000, e);
    for (size_t i = 0; i < 3000; i += 3) cr_assert_eq(esb_destroy(w, e[i]), ESB_OK); /* holes, swaps */
    esb_query_desc d = {.fields = &a, .field_count = 1};
    esb_query *q = conf_query(w, &d);
    for (int direction = 1; direction >= -1; direction -= 2) {
        by_value by = {a, direction};
        cr_assert_eq(esb_sparse_sort_pool(w, a, compare_values, &by), ESB_OK);
        cr_assert_eq(check_sorted(w, q, a, b, direction), 2000u);
    }
    esb_iter it;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    by_value by = {a, 1};
    cr_assert_eq(esb_sparse_sort_pool(w, a, compare_values, &by), ESB_ERR_LOCKED);
    esb_iter_end(&it);
    cr_assert_eq(esb_sparse_sort_pool(w, 99, compare_values, &by), ESB_ERR_UNKNOWN_COMPONENT);
    cr_assert_eq(esb_sparse_sort_pool(w, a, NULL, &by), ESB_ERR_INVALID);
    esb_world_destroy(w);
}

Test(sparse_sort, group_keeps_its_pools_aligned) {
#ifndef ESB_SPARSE_GROUPS
    cr_skip_test("groups exist only in sparse-groups");
#else
    esb_world *w = conf_world();
    esb_component a = reg(w, "A"), b = reg(w, "B"), c = reg(w, "C");
    esb_entity e[2000];
    populate(w, a, b, 2000, e);
    float one = 1.0f;
    for (size_t i = 0; i < 2000; i += 4) cr_assert_eq(esb_add(w, e[i], c, &one), ESB_OK);
    esb_component ab[] = {a, b};
    esb_query_desc d = {.fields = ab, .field_count = 2, .without = &c, .without_count = 1, .cached = true};
    esb_query *owned = conf_query(w, &d);
    cr_assert_str_eq(esb_query_kind(owned), "owned-group");
    esb_query *again = conf_query(w, &d); /* same terms: its pools are taken */
    cr_assert_str_eq(esb_query_kind(again), "non-owned-group");
    by_value by = {a, -1};
    cr_assert_eq(esb_sparse_sort_group(owned, compare_values, &by), ESB_OK);
    cr_assert_eq(check_sorted(w, owned, a, b, -1), 1500u);
    by.direction = 1;
    cr_assert_eq(esb_sparse_sort_group(again, compare_values, &by), ESB_OK);
    cr_assert_eq(check_sorted(w, again, a, b, 1), 1500u);
    /* An owned pool is sorted through its group only; after sorting, the groups stay correct under change. */
    cr_assert_eq(esb_sparse_sort_pool(w, a, compare_values, &by), ESB_ERR_INVALID);
    for (size_t i = 1; i < 2000; i += 5) cr_assert_eq(esb_destroy(w, e[i]), ESB_OK);
    cr_assert_eq(esb_remove(w, e[0], c), ESB_OK);
    cr_assert_eq(esb_sparse_sort_group(owned, compare_values, &by), ESB_OK);
    cr_assert_eq(check_sorted(w, owned, a, b, 1), 1500u - 300u + 1u);
    esb_world_destroy(w);
#endif
}

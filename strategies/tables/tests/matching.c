/* The tables design's query-wide paths beyond what the contract can observe: a column is made only in a table where
 * some row gains the component, a table whose every row matches gains it a word at a time, and a sparse column's map
 * follows the presence bits either way. Built into this strategy's test binaries only. */
#include "support.h"
#include "tables.h"

enum { N = 300 };

static float value_of(esb_world *w, esb_entity e, esb_component c) {
    void *p;
    cr_assert_eq(esb_get(w, e, c, &p), ESB_OK);
    return *(float *)p;
}

/* Two tables ({A} and {A, T}); the query excludes T, so only {A} gains S, and {A, T} gets no column. */
Test(tables_matching, a_column_only_where_a_row_gains_it) {
    static const esb_component_desc descs[] = {
        {"A", 4, 4, ESB_STORAGE_DENSE}, {"T", 0, 1, ESB_STORAGE_DENSE}, {"S", 4, 4, ESB_STORAGE_SPARSE}};
    esb_component ids[3];
    static esb_entity e[N], t[N];
    esb_world *w = conf_world_of(descs, 3, ids, N, 1, e);
    esb_component at[] = {ids[0], ids[1]};
    cr_assert_eq(esb_create_bulk(w, N, at, 2, NULL, t), ESB_OK);
    esb_query_desc d = {.fields = ids, .field_count = 1, .without = &ids[1], .without_count = 1};
    esb_query *q = conf_query(w, &d);
    uint64_t columns = conf_counter(w, "columns");
    float v = 5.0f;
    size_t count = 0;
    cr_assert_eq(esb_add_matching(q, ids[2], &v, &count), ESB_OK);
    cr_assert_eq(count, N);
    cr_assert_eq(conf_counter(w, "columns"), columns + 1, "a column made where no row gains the component");
    for (int i = 0; i < N; ++i) {
        cr_assert_eq(value_of(w, e[i], ids[2]), 5.0f);
        cr_assert_eq(esb_has(w, t[i], ids[2]), 0);
    }
    esb_world_check(w);
    cr_assert_eq(esb_query_destroy(q), ESB_OK);
    esb_world_destroy(w);
}

/* A sparse S given to every row of a table at once, then taken from a third of them by a query that excludes a tag
 * (the bits a word at a time, the map's elements erased), then from the rest (the whole table's at once). */
Test(tables_matching, a_sparse_column_follows_the_bits) {
    static const esb_component_desc descs[] = {
        {"A", 4, 4, ESB_STORAGE_DENSE}, {"S", 4, 4, ESB_STORAGE_SPARSE}, {"T", 0, 1, ESB_STORAGE_DENSE}};
    esb_component ids[3];
    static esb_entity e[N];
    esb_world *w = conf_world_of(descs, 3, ids, N, 1, e);
    esb_query *with_a = conf_query1(w, ids[0], true);
    float v = 3.0f;
    size_t count = 0;
    cr_assert_eq(esb_add_matching(with_a, ids[1], &v, &count), ESB_OK);
    cr_assert_eq(count, N);
    for (int i = 0; i < N; ++i) cr_assert_eq(value_of(w, e[i], ids[1]), 3.0f);
    for (int i = 0; i < N; ++i)
        if (i % 3) cr_assert_eq(esb_add(w, e[i], ids[2], NULL), ESB_OK);
    esb_query_desc d = {.fields = ids, .field_count = 1, .without = &ids[2], .without_count = 1};
    esb_query *untagged = conf_query(w, &d);
    cr_assert_eq(esb_remove_matching(untagged, ids[1], &count), ESB_OK);
    cr_assert_eq(count, N / 3);
    esb_world_check(w);
    for (int i = 0; i < N; ++i) {
        cr_assert_eq(esb_has(w, e[i], ids[1]), i % 3 != 0);
        if (i % 3) cr_assert_eq(value_of(w, e[i], ids[1]), 3.0f);
    }
    cr_assert_eq(esb_remove_matching(with_a, ids[1], &count), ESB_OK);
    cr_assert_eq(count, N - N / 3);
    esb_world_check(w);
    for (int i = 0; i < N; ++i) cr_assert_eq(esb_has(w, e[i], ids[1]), 0);
    cr_assert_eq(esb_query_destroy(with_a), ESB_OK);
    cr_assert_eq(esb_query_destroy(untagged), ESB_OK);
    esb_world_destroy(w);
}

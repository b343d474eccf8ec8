/* The hybrid design's query-wide paths beyond what the contract can observe: a dense component moves whole tables
 * where each source archetype is alone on its table, row by row where it shares it, and a sparse one moves no table
 * row. Built into this strategy's test binaries only. */
#include "support.h"
#include "hybrid.h"

enum { N = 300 };

/* The value of component c of entity e, as a float. */
static float value_of(esb_world *w, esb_entity e, esb_component c) {
    void *p;
    cr_assert_eq(esb_get(w, e, c, &p), ESB_OK);
    return *(float *)p;
}

/* Entities with A (value i) in two archetypes, {A} and {A, D}; every one gains B, whose additions an ADDED term
 * reports, and loses it again. */
static void add_and_remove_b(esb_world *w, const esb_component *ids, esb_entity *e, uint64_t table_moves,
                             uint64_t archetype_moves) {
    esb_component a = ids[0], b = ids[1];
    esb_query *q = conf_query1(w, a, true), *with_b = conf_query1(w, b, false);
    esb_query_desc added = {.fields = &b, .field_count = 1, .change = ESB_CHANGE_ADDED, .change_component = b};
    esb_query *qa = conf_query(w, &added);
    float seven = 7.0f;
    size_t count = 0;
    uint64_t moves = conf_counter(w, "table_moves"), archetype = conf_counter(w, "archetype_moves");
    cr_assert_eq(esb_add_matching(q, b, &seven, &count), ESB_OK);
    cr_assert_eq(count, N);
    cr_assert_eq(conf_counter(w, "table_moves") - moves, table_moves);
    cr_assert_eq(conf_counter(w, "archetype_moves") - archetype, archetype_moves);
    esb_world_check(w);
    for (int i = 0; i < N; ++i) {
        cr_assert_eq(value_of(w, e[i], a), (float)i, "entity %d's A moved wrong", i);
        cr_assert_eq(value_of(w, e[i], b), 7.0f, "entity %d's B is not the value", i);
    }
    cr_assert_eq(conf_count(qa), N, "an ADDED term over B does not report every entity that gained it");
    cr_assert_eq(esb_remove_matching(with_b, b, &count), ESB_OK);
    cr_assert_eq(count, N);
    esb_world_check(w);
    for (int i = 0; i < N; ++i) {
        cr_assert_eq(esb_has(w, e[i], b), 0);
        cr_assert_eq(value_of(w, e[i], a), (float)i, "entity %d's A moved wrong", i);
    }
    cr_assert_eq(conf_count(qa), 0);
    esb_query *qs[] = {q, with_b, qa};
    for (int i = 0; i < 3; ++i) cr_assert_eq(esb_query_destroy(qs[i]), ESB_OK);
}

/* {A}, {A, D}: each archetype alone on its table, so each source hands its whole table over (counted as one table
 * move per row). */
Test(hybrid_matching, a_dense_component_moves_whole_tables) {
    static const esb_component_desc descs[] = {
        {"A", 4, 4, ESB_STORAGE_DENSE}, {"B", 4, 4, ESB_STORAGE_DENSE}, {"D", 8, 8, ESB_STORAGE_DENSE}};
    esb_component ids[3];
    static esb_entity e[N];
    esb_world *w = conf_world_of(descs, 3, ids, N, 1, e);
    for (int i = 0; i < N; ++i) {
        float v = (float)i;
        cr_assert_eq(esb_set(w, e[i], ids[0], &v), ESB_OK);
        if (i % 3 == 0) cr_assert_eq(esb_add(w, e[i], ids[2], NULL), ESB_OK);
    }
    add_and_remove_b(w, ids, e, N, N);
    esb_world_destroy(w);
}

/* A sparse tag on some entities puts two archetypes on the table {A}: those rows move one by one, the values
 * and the rows of the others kept. */
Test(hybrid_matching, a_dense_component_moves_rows_of_shared_tables) {
    static const esb_component_desc descs[] = {
        {"A", 4, 4, ESB_STORAGE_DENSE}, {"B", 4, 4, ESB_STORAGE_DENSE}, {"U", 0, 1, ESB_STORAGE_SPARSE}};
    esb_component ids[3];
    static esb_entity e[N];
    esb_world *w = conf_world_of(descs, 3, ids, N, 1, e);
    for (int i = 0; i < N; ++i) {
        float v = (float)i;
        cr_assert_eq(esb_set(w, e[i], ids[0], &v), ESB_OK);
        if (i % 4 == 0) cr_assert_eq(esb_add(w, e[i], ids[2], NULL), ESB_OK);
    }
    add_and_remove_b(w, ids, e, N, N);
    for (int i = 0; i < N; ++i) cr_assert_eq(esb_has(w, e[i], ids[2]), i % 4 == 0);
    esb_world_destroy(w);
}

/* A sparse B: archetype rows move as lists, no table row moves, and the pool holds every value. */
Test(hybrid_matching, a_sparse_component_moves_no_table_row) {
    static const esb_component_desc descs[] = {
        {"A", 4, 4, ESB_STORAGE_DENSE}, {"B", 4, 4, ESB_STORAGE_SPARSE}, {"D", 8, 8, ESB_STORAGE_DENSE}};
    esb_component ids[3];
    static esb_entity e[N];
    esb_world *w = conf_world_of(descs, 3, ids, N, 1, e);
    for (int i = 0; i < N; ++i) {
        float v = (float)i;
        cr_assert_eq(esb_set(w, e[i], ids[0], &v), ESB_OK);
        if (i % 3 == 0) cr_assert_eq(esb_add(w, e[i], ids[2], NULL), ESB_OK);
    }
    uint64_t moves = conf_counter(w, "table_moves");
    add_and_remove_b(w, ids, e, 0, N);
    cr_assert_eq(conf_counter(w, "table_moves"), moves);
    esb_world_destroy(w);
}

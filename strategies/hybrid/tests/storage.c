/* The hybrid design beyond what the contract can observe: which changes move table rows, which queries go by
 * table or by archetype, and sparse fields handed out in chunks. Built into this strategy's test binaries
 * only. */
#include "each.h"
#include "support.h"
#include "hybrid.h"

/* Sparse components and sparse tags change the archetype only; dense components and dense tags move the table
 * row too (a dense tag is part of its table's identity, as in Bevy). */
Test(hybrid_storage, only_dense_changes_move_table_rows) {
    static const esb_component_desc descs[] = {{"P", 4, 4, ESB_STORAGE_DENSE},
                                               {"S", 4, 4, ESB_STORAGE_SPARSE},
                                               {"T", 0, 1, ESB_STORAGE_SPARSE},
                                               {"D", 8, 8, ESB_STORAGE_DENSE},
                                               {"U", 0, 1, ESB_STORAGE_DENSE}};
    esb_component ids[5];
    esb_entity e[64];
    esb_world *w = conf_world_of(descs, 5, ids, 64, 1, e); /* every entity with P alone */
    esb_component pos = ids[0], sp = ids[1], tag = ids[2], dense = ids[3], dense_tag = ids[4];
    uint64_t tables = conf_counter(w, "tables");
    for (int i = 0; i < 64; ++i) {
        float v = (float)i;
        cr_assert_eq(esb_add(w, e[i], sp, &v), ESB_OK);
        cr_assert_eq(esb_add(w, e[i], tag, NULL), ESB_OK);
        cr_assert_eq(esb_remove(w, e[i], sp), ESB_OK);
    }
    cr_assert_eq(conf_counter(w, "table_moves"), 0);
    cr_assert_eq(conf_counter(w, "archetype_moves"), 3 * 64);
    cr_assert_eq(conf_counter(w, "tables"), tables, "sparse components and sparse tags made a table");
    for (int i = 0; i < 64; ++i) cr_assert_eq(esb_add(w, e[i], dense, NULL), ESB_OK);
    cr_assert_eq(conf_counter(w, "table_moves"), 64);
    for (int i = 0; i < 32; ++i) cr_assert_eq(esb_add(w, e[i], dense_tag, NULL), ESB_OK);
    cr_assert_eq(conf_counter(w, "table_moves"), 96, "a dense tag moves the table row");
    cr_assert_eq(conf_counter(w, "tables"), tables + 2, "{P, D} and {P, D, U}");
    for (int i = 0; i < 64; ++i) {
        void *p;
        cr_assert_eq(esb_get(w, e[i], pos, &p), ESB_OK);
        cr_assert_eq(*(float *)p, 0.0f);
        cr_assert_eq(esb_has(w, e[i], dense_tag), i < 32);
    }
    esb_world_destroy(w);
}

static const char *kind_of(esb_world *w, const esb_component *fields, uint32_t nf, const esb_component *without,
                           uint32_t nw) {
    esb_query_desc d = {.fields = fields, .field_count = nf, .without = without, .without_count = nw, .cached = true};
    esb_query *q = conf_query(w, &d);
    const char *kind = esb_query_kind(q);
    cr_assert_eq(esb_query_destroy(q), ESB_OK);
    return kind;
}

Test(hybrid_storage, queries_go_by_table_only_when_every_term_is_in_tables) {
    esb_world *w = conf_world();
    esb_component a = conf_register(w, "A", 4, 4, ESB_STORAGE_DENSE);
    esb_component b = conf_register(w, "B", 4, 4, ESB_STORAGE_DENSE);
    esb_component s = conf_register(w, "S", 4, 4, ESB_STORAGE_SPARSE);
    esb_component t = conf_register(w, "T", 0, 1, ESB_STORAGE_DENSE);
    esb_component u = conf_register(w, "U", 0, 1, ESB_STORAGE_SPARSE);
    esb_component ab[] = {a, b}, as[] = {a, s};
    cr_assert_str_eq(kind_of(w, ab, 2, NULL, 0), "table-cache");
    cr_assert_str_eq(kind_of(w, as, 2, NULL, 0), "archetype-cache");
    cr_assert_str_eq(kind_of(w, ab, 2, &t, 1), "table-cache", "a dense tag is a table's");
    cr_assert_str_eq(kind_of(w, ab, 2, &u, 1), "archetype-cache", "a sparse tag is the archetype's alone");
    cr_assert_str_eq(kind_of(w, ab, 1, &b, 1), "table-cache");
    esb_world_destroy(w);
}

/* A dense query excluding a dense tag iterates whole tables, and finds exactly the entities without the tag. */
Test(hybrid_storage, a_dense_tag_splits_tables_for_queries) {
    esb_world *w = conf_world();
    esb_component a = conf_register(w, "A", 4, 4, ESB_STORAGE_DENSE);
    esb_component t = conf_register(w, "T", 0, 1, ESB_STORAGE_DENSE);
    enum { N = 100 };
    static esb_entity e[N];
    cr_assert_eq(esb_create_bulk(w, N, &a, 1, NULL, e), ESB_OK);
    for (int i = 0; i < N; i += 2) cr_assert_eq(esb_add(w, e[i], t, NULL), ESB_OK);
    esb_query_desc d = {.fields = &a, .field_count = 1, .without = &t, .without_count = 1, .cached = true};
    esb_query *q = conf_query(w, &d);
    esb_iter it;
    uint32_t batches = 0, seen = 0;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    while (esb_iter_next(&it)) {
        cr_assert_null(it.batch.entity_rows, "a whole table, no index array");
        for (uint32_t i = 0; i < it.batch.count; ++i) cr_assert_eq(esb_has(w, it.batch.entities[i], t), 0);
        batches++, seen += it.batch.count;
    }
    cr_assert_eq(seen, N / 2);
    cr_assert_eq(batches, 1, "one table: {A}");
    esb_world_check(w);
    esb_world_destroy(w);
}

/* An archetype with more rows than one chunk: a sparse field comes out in chunks, every value with its entity. */
Test(hybrid_storage, sparse_fields_in_chunks) {
    esb_world *w = conf_world();
    esb_component a = conf_register(w, "A", 4, 4, ESB_STORAGE_DENSE);
    esb_component s = conf_register(w, "S", 8, 8, ESB_STORAGE_SPARSE);
    enum { N = 3 * HY_CHUNK + 17 };
    static float av[N];
    static double sv[N];
    for (int i = 0; i < N; ++i) av[i] = (float)i, sv[i] = 2.0 * i;
    esb_component ids[] = {a, s};
    const void *values[] = {av, sv};
    static esb_entity e[N];
    cr_assert_eq(esb_create_bulk(w, N, ids, 2, values, e), ESB_OK);
    for (int i = 0; i < N; i += 3) cr_assert_eq(esb_destroy(w, e[i]), ESB_OK); /* shuffles the sparse set */
    esb_query_desc d = {.fields = ids, .field_count = 2, .cached = true};
    esb_query *q = conf_query(w, &d);
    esb_iter it;
    uint64_t seen = 0;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    while (esb_iter_next(&it)) {
        cr_assert_leq(it.batch.count, HY_CHUNK);
        ESB_EACH(&it.batch, i, {
            float x = ESB_FIELD(0, float, i);
            cr_assert_eq(ESB_FIELD(1, double, i), 2.0 * x);
            void *p;
            cr_assert_eq(esb_get(w, ESB_ENTITY(i), a, &p), ESB_OK);
            cr_assert_eq(*(float *)p, x);
            seen++;
        });
    }
    cr_assert_eq(seen, N - (N + 2) / 3);
    esb_world_destroy(w);
}

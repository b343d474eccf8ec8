/* Query-wide adds and removes as this design builds them, beyond what the contract can observe: whole tables
 * moved (esb_table_append_all, W1-W2 of table.h), the rows in their order, a tag's table into an empty destination
 * by a swap of arrays (esb_table_steal). Built into this strategy's test binaries, so the table's functions are
 * tested in both layouts (archetype: table-soa, archetype-aos: table-aos). */
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "archetype.h"

static const esb_component_info five[] = {{"u8", 1, 1, ESB_STORAGE_DENSE},
                                          {"f32", 4, 4, ESB_STORAGE_DENSE},
                                          {"f64", 8, 8, ESB_STORAGE_DENSE},
                                          {"u16", 2, 2, ESB_STORAGE_DENSE},
                                          {"tag", 0, 1, ESB_STORAGE_DENSE}};

static esb_table source, destination; /* static: reachable when a check aborts */

static void table_of(esb_table *t, const esb_component *ids, uint32_t count) {
    esb_bitset set = {{0}};
    for (uint32_t k = 0; k < count; ++k) esb_bitset_set(&set, ids[k]);
    memset(t, 0, sizeof *t);
    cr_assert_eq(esb_table_init(t, &set, five, 5), ESB_OK);
}

/* Row r's values in a table of {u8, f32, f64}: distinct per row and column. */
static void fill_row(esb_table *t, uint32_t row, uint32_t r) {
    unsigned char u = (unsigned char)(r + 1);
    float f = (float)r + 0.5f;
    double d = -(double)r;
    memcpy(esb_table_element(t, esb_table_column_of(t, 0), row), &u, 1);
    memcpy(esb_table_element(t, esb_table_column_of(t, 1), row), &f, 4);
    memcpy(esb_table_element(t, esb_table_column_of(t, 2), row), &d, 8);
}

/* Rows of {u8, f32, f64} appended to a table of {f32, f64, u16} that holds two rows already: W1 and W2. */
Test(archetype_matching, a_whole_table_appends_its_shared_columns_in_row_order) {
    esb_component from_ids[] = {0, 1, 2}, to_ids[] = {1, 2, 3};
    table_of(&source, from_ids, 3);
    table_of(&destination, to_ids, 3);
    enum { N = 37 };
    cr_assert_eq(esb_table_reserve(&source, N), ESB_OK);
    for (uint32_t r = 0; r < N; ++r) fill_row(&source, esb_table_push(&source, esb_entity_make(r, 1)), r);
    cr_assert_eq(esb_table_reserve(&destination, 2 + N), ESB_OK);
    for (uint32_t r = 0; r < 2; ++r) {
        uint32_t row = esb_table_push(&destination, esb_entity_make(100 + r, 1));
        float f = 1000.0f + (float)r;
        memcpy(esb_table_element(&destination, esb_table_column_of(&destination, 1), row), &f, 4);
    }
    uint32_t capacity = source.capacity;

    cr_assert_eq(esb_table_append_all(&destination, &source), 2, "the first appended row follows the old ones");
    cr_assert_eq(destination.count, 2 + N);
    cr_assert_eq(source.count, 0, "the source is left empty");
    cr_assert_eq(source.capacity, capacity, "with its capacity");
    uint16_t u16 = 0x5a5a;
    esb_table_fill_repeat(&destination, esb_table_column_of(&destination, 3), 2, N, &u16);
    for (uint32_t r = 0; r < 2; ++r) {
        float f;
        memcpy(&f, esb_table_element(&destination, esb_table_column_of(&destination, 1), r), 4);
        cr_assert_eq(f, 1000.0f + (float)r, "a row the destination held before lost its value");
    }
    for (uint32_t r = 0; r < N; ++r) {
        uint32_t row = 2 + r;
        float f;
        double d;
        uint16_t u;
        cr_assert_eq(destination.entities[row], esb_entity_make(r, 1), "rows out of their order");
        memcpy(&f, esb_table_element(&destination, esb_table_column_of(&destination, 1), row), 4);
        memcpy(&d, esb_table_element(&destination, esb_table_column_of(&destination, 2), row), 8);
        memcpy(&u, esb_table_element(&destination, esb_table_column_of(&destination, 3), row), 2);
        cr_assert(f == (float)r + 0.5f && d == -(double)r, "row %u's shared columns not copied", r);
        cr_assert_eq(u, 0x5a5a, "the repeated value missing in row %u", r);
    }
    esb_table_check_invariants(&source);
    esb_table_check_invariants(&destination);
    esb_table_free(&source);
    esb_table_free(&destination);
}

/* Two tables of the same columns (a tag apart): the empty one takes the other's arrays whole. */
Test(archetype_matching, a_table_steals_the_arrays_of_one_with_its_columns) {
    esb_component ids[] = {0, 1, 2}, plus_tag[] = {0, 1, 2, 4};
    table_of(&source, ids, 3);
    table_of(&destination, plus_tag, 4);
    enum { N = 9 };
    cr_assert_eq(esb_table_reserve(&source, N), ESB_OK);
    cr_assert_eq(esb_table_reserve(&destination, 1), ESB_OK);
    for (uint32_t r = 0; r < N; ++r) fill_row(&source, esb_table_push(&source, esb_entity_make(r, 1)), r);
    const esb_entity *handles = source.entities;
    uint32_t capacity = source.capacity, other = destination.capacity;
    cr_assert(esb_table_can_steal(&destination, &source));
    esb_table_steal(&destination, &source);
    cr_assert(destination.entities == handles && destination.capacity == capacity && destination.count == N,
              "the destination did not take the source's arrays");
    cr_assert(source.count == 0 && source.capacity == other, "the source did not take the destination's");
    for (uint32_t r = 0; r < N; ++r) {
        double d;
        memcpy(&d, esb_table_element(&destination, esb_table_column_of(&destination, 2), r), 8);
        cr_assert_eq(d, -(double)r);
    }
    cr_assert(esb_table_can_steal(&source, &destination), "the tag has no column: the two have the same");
    cr_assert(!esb_table_can_steal(&destination, &source), "a steal into a table with rows");
    esb_component others[] = {0, 1, 3};
    esb_table_free(&source);
    table_of(&source, others, 3);
    cr_assert(!esb_table_can_steal(&source, &destination), "a steal into a table with other columns");
    esb_table_check_invariants(&source);
    esb_table_check_invariants(&destination);
    esb_table_free(&source);
    esb_table_free(&destination);
}

/* The world's path: every source table moved at once, its rows in their order, the locations rewritten, one move
 * counted per entity; a tag into new (empty) archetypes by steals; back again by appends. */
Test(archetype_matching, whole_tables_move_in_row_order) {
    conf_basic b = conf_basic_world();
    esb_world *w = b.w;
    enum { N = 100 };
    esb_entity *e = malloc(N * sizeof *e);
    for (int i = 0; i < N; ++i) {
        e[i] = conf_new_f32(&b, (float)i);
        if (i % 4 == 0) CONF_EXPECT(esb_add(w, e[i], b.f64, NULL), ESB_OK); /* a second source table */
    }
    esb_query *q = conf_query1(w, b.f32, false), *changed = conf_query_changed(w, b.vec3);
    uint64_t moves = conf_counter(w, "moves");
    uint32_t f32_only = at_locations(w)[esb_entity_index(e[1])].archetype;
    at_archetype *src = at_archetype_of(w, f32_only);
    esb_entity *order = malloc(src->table.count * sizeof *order);
    uint32_t count = src->table.count;
    memcpy(order, src->table.entities, count * sizeof *order);

    float v3[3] = {1, 2, 3};
    size_t added = 0;
    CONF_EXPECT(esb_add_matching(q, b.vec3, v3, &added), ESB_OK);
    esb_world_check(w);
    cr_assert_eq(added, N);
    cr_assert_eq(conf_counter(w, "moves"), moves + N, "one move per entity");
    cr_assert_eq(conf_count(changed), N, "the moved rows are additions");
    const at_archetype *dst = at_archetype_of(w, at_locations(w)[esb_entity_index(e[1])].archetype);
    cr_assert_eq(dst->table.count, count);
    cr_assert_eq(memcmp(dst->table.entities, order, count * sizeof *order), 0, "rows out of their source's order");
    cr_assert_eq(src->table.count, 0);
    for (int i = 0; i < N; ++i) cr_assert_eq(conf_get_f32(w, e[i], b.f32), (float)i);

    /* The tag: both destinations are new, so each takes its source's arrays. */
    const esb_entity *handles = dst->table.entities;
    CONF_EXPECT(esb_add_matching(q, b.tag, NULL, &added), ESB_OK);
    esb_world_check(w);
    cr_assert_eq(added, N);
    const at_archetype *tagged = at_archetype_of(w, at_locations(w)[esb_entity_index(e[1])].archetype);
    cr_assert(tagged->table.entities == handles, "the tagged table did not take its source's arrays");
    for (int i = 0; i < N; ++i) cr_assert_eq(conf_get_f32(w, e[i], b.f32), (float)i);

    /* And back: the destinations ({f32}, {f32, f64}) are empty but have other columns, so the rows are copied. */
    CONF_EXPECT(esb_remove_matching(q, b.vec3, &added), ESB_OK);
    cr_assert_eq(added, N);
    CONF_EXPECT(esb_remove_matching(q, b.tag, &added), ESB_OK);
    cr_assert_eq(added, N);
    esb_world_check(w);
    cr_assert_eq(at_locations(w)[esb_entity_index(e[1])].archetype, f32_only);
    cr_assert_eq(memcmp(src->table.entities, order, count * sizeof *order), 0, "rows out of their order");
    for (int i = 0; i < N; ++i) {
        cr_assert_eq(conf_get_f32(w, e[i], b.f32), (float)i);
        cr_assert_eq(esb_has(w, e[i], b.vec3) + esb_has(w, e[i], b.tag), 0);
    }
    cr_assert_eq(conf_counter(w, "moves"), moves + 4 * N);
    CONF_EXPECT(esb_query_destroy(q), ESB_OK);
    CONF_EXPECT(esb_query_destroy(changed), ESB_OK);
    free(order);
    free(e);
    esb_world_destroy(w);
}

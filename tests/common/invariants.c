/* The invariant checks can fail: each shared structure of strategies/_common is built healthy (its check passes),
 * then one invariant is broken by hand, and its check must abort. Every abort test runs in its own process
 * (Criterion forks), with the check's message kept off the test log. The structures live in static storage, so
 * that what they hold is still reachable when the process stops (not a leak to memcheck). */
#include <string.h>

#include "change_set.h"
#include "check.h"
#include "check_aborts.h"
#include "contract.h"
#include "edges.h"
#include "entity_table.h"
#include "match_list.h"
#include "query_head.h"
#include "query_registry.h"
#include "set_index.h"
#include "sparse_set.h"
#include "table.h"

#ifndef ESB_CHECKED
#error "the tests are built with ESB_CHECKED: the invariant checks must be compiled in"
#endif

/* ---- the assertion itself ---- */

Test(invariants, a_true_assertion_passes) {
    ESB_ASSERT(1 + 1 == 2);
    ESB_ASSERT_MSG(sizeof(uint32_t) == 4, "not reached");
}

Test(invariants, a_false_assertion_aborts, CONF_CHECK_ABORTS) { ESB_ASSERT_MSG(1 + 1 == 3, "arithmetic"); }

/* ---- entity table and free list ---- */

static esb_entity_table table_of_entities;

/* Five indices issued, two of them (1 and 3) destroyed: a free list of two. */
static esb_entity_table *entities_with_free_list(void) {
    esb_entity_table *ei = &table_of_entities;
    esb_et_init(ei);
    cr_assert_eq(esb_et_grow(ei, 8), ESB_OK);
    esb_entity e[5];
    for (int i = 0; i < 5; ++i) e[i] = esb_et_take(ei);
    esb_et_release(ei, e[1]);
    esb_et_release(ei, e[3]);
    esb_et_check_invariants(ei);
    return ei;
}

Test(invariants, a_healthy_entity_table_passes) {
    esb_entity_table *ei = entities_with_free_list();
    esb_et_take(ei);
    esb_et_check_invariants(ei);
    esb_et_free(ei);
}

Test(invariants, a_free_count_off_by_one_aborts, CONF_CHECK_ABORTS) {
    esb_entity_table *ei = entities_with_free_list();
    ei->free_count++;
    esb_et_check_invariants(ei);
}

Test(invariants, a_free_list_loop_aborts, CONF_CHECK_ABORTS) {
    esb_entity_table *ei = entities_with_free_list();
    ei->slots[1] = esb_entity_make(3, esb_entity_version(ei->slots[1])); /* 3 -> 1 -> 3 -> ... */
    esb_et_check_invariants(ei);
}

Test(invariants, a_dead_index_neither_free_nor_retired_aborts, CONF_CHECK_ABORTS) {
    esb_entity_table *ei = entities_with_free_list();
    ei->slots[4] = esb_entity_make(ESB_ET_NO_FREE, 1); /* index 4 dies without joining the free list */
    esb_et_check_invariants(ei);
}

/* ---- sparse set ---- */

static esb_sparse_set pool;

static esb_sparse_set *pool_of_three(void) {
    memset(&pool, 0, sizeof pool);
    pool.size = pool.align = 4;
    for (uint32_t idx = 0; idx < 3; ++idx) {
        cr_assert_eq(esb_sparse_reserve(&pool, 1), ESB_OK);
        cr_assert_eq(esb_sparse_reserve_index(&pool, idx * 5000), ESB_OK); /* two sparse pages */
        uint32_t value = idx;
        esb_sparse_emplace(&pool, esb_entity_make(idx * 5000, idx), &value);
    }
    esb_sparse_check_invariants(&pool, 15000);
    return &pool;
}

Test(invariants, a_healthy_sparse_set_passes) {
    esb_sparse_set *p = pool_of_three();
    esb_sparse_erase(p, 0);
    esb_sparse_check_invariants(p, 15000);
    esb_sparse_free(p);
}

Test(invariants, a_sparse_slot_pointing_elsewhere_aborts, CONF_CHECK_ABORTS) {
    esb_sparse_set *p = pool_of_three();
    p->pages[0][0] = (uint64_t)0 << 32 | 1; /* entity 0 said to be at position 1 */
    esb_sparse_check_invariants(p, 15000);
}

Test(invariants, a_stray_sparse_slot_aborts, CONF_CHECK_ABORTS) {
    esb_sparse_set *p = pool_of_three();
    p->pages[0][7] = 2; /* index 7 is in no packed position */
    esb_sparse_check_invariants(p, 15000);
}

/* ---- table ---- */

static esb_table rows;

static esb_table *table_of_two_columns(void) {
    static const esb_component_info components[] = {
        {"a", 4, 4, ESB_STORAGE_DENSE}, {"tag", 0, 1, ESB_STORAGE_DENSE}, {"b", 8, 8, ESB_STORAGE_DENSE}};
    esb_bitset set = {{0}};
    for (esb_component c = 0; c < 3; ++c) esb_bitset_set(&set, c);
    memset(&rows, 0, sizeof rows);
    cr_assert_eq(esb_table_init(&rows, &set, components, 3), ESB_OK);
    cr_assert_eq(esb_table_reserve(&rows, 3), ESB_OK);
    for (uint32_t i = 0; i < 3; ++i) esb_table_push(&rows, esb_entity_make(i, 0));
    esb_table_check_invariants(&rows);
    return &rows;
}

Test(invariants, a_healthy_table_passes) {
    esb_table *t = table_of_two_columns();
    cr_assert_eq(t->column_count, 2, "the tag has no column");
    cr_assert(esb_table_find_column(t, 0) == 0 && esb_table_find_column(t, 2) == 1, "the map finds each column");
    cr_assert(esb_table_find_column(t, 1) == ESB_NO_COLUMN && esb_table_find_column(t, 3) == ESB_NO_COLUMN &&
                  esb_table_find_column(t, ESB_MAX_COMPONENTS - 1) == ESB_NO_COLUMN,
              "no column for the tag, nor past the last column");
    esb_table_swap_remove(t, 0);
    esb_table_check_invariants(t);
    esb_table_free(t);
}

Test(invariants, columns_out_of_order_abort, CONF_CHECK_ABORTS) {
    esb_table *t = table_of_two_columns();
    esb_column first = t->columns[0];
    t->columns[0] = t->columns[1];
    t->columns[1] = first;
    esb_table_check_invariants(t);
}

Test(invariants, a_column_map_entry_for_the_tag_aborts, CONF_CHECK_ABORTS) {
    esb_table *t = table_of_two_columns();
    t->column_map[1] = 0; /* the tag would find column a's data */
    esb_table_check_invariants(t);
}

Test(invariants, more_rows_than_capacity_abort, CONF_CHECK_ABORTS) {
    esb_table *t = table_of_two_columns();
    t->count = t->capacity + 1;
    esb_table_check_invariants(t);
}

/* ---- match list ---- */

static esb_match_list matches;

/* Group id matches iff it is even; its one field's column is id / 2. */
static bool even_group(const void *query, uint32_t id, uint16_t *columns) {
    (void)query;
    if (id % 2) return false;
    if (columns) columns[0] = (uint16_t)(id / 2);
    return true;
}

static esb_match_list *list_of_even_groups(void) {
    memset(&matches, 0, sizeof matches);
    matches.field_count = 1;
    cr_assert_eq(esb_match_list_catch_up(&matches, 7, even_group, NULL), ESB_OK);
    cr_assert_eq(esb_match_list_catch_up(&matches, 12, even_group, NULL), ESB_OK);
    esb_match_list_check_invariants(&matches, 12, even_group, NULL);
    return &matches;
}

Test(invariants, a_healthy_match_list_passes) {
    esb_match_list *m = list_of_even_groups();
    cr_assert_eq(m->count, 6);
    esb_match_list_check_invariants(m, 20, even_group, NULL); /* groups made since are not seen yet */
    esb_match_list_free(m);
}

Test(invariants, a_match_missing_from_the_list_aborts, CONF_CHECK_ABORTS) {
    esb_match_list *m = list_of_even_groups();
    m->count--; /* group 10 forgotten */
    esb_match_list_check_invariants(m, 12, even_group, NULL);
}

Test(invariants, a_match_with_a_stale_column_aborts, CONF_CHECK_ABORTS) {
    esb_match_list *m = list_of_even_groups();
    m->columns[2]++;
    esb_match_list_check_invariants(m, 12, even_group, NULL);
}

/* ---- edges ---- */

static esb_bitset graph[3]; /* archetype 0: {}, 1: {0}, 2: {1} */
static esb_edges edges_of_root;

static const esb_bitset *set_in_graph(const void *sets, uint32_t id) { return &((const esb_bitset *)sets)[id]; }

static esb_edges *root_edges(void) {
    memset(graph, 0, sizeof graph);
    esb_bitset_set(&graph[1], 0);
    esb_bitset_set(&graph[2], 1);
    memset(&edges_of_root, 0, sizeof edges_of_root);
    cr_assert_eq(esb_edges_set(&edges_of_root, 0, ESB_EDGE_ADD, 1, 2), ESB_OK);
    esb_edges_check_invariants(&edges_of_root, &graph[0], 2, 3, set_in_graph, graph);
    return &edges_of_root;
}

Test(invariants, healthy_edges_pass) {
    esb_edges *e = root_edges();
    cr_assert_eq(esb_edges_set(e, 1, ESB_EDGE_ADD, 2, 2), ESB_OK);
    esb_edges_check_invariants(e, &graph[0], 2, 3, set_in_graph, graph);
    esb_edges_free(e);
}

Test(invariants, an_edge_to_the_wrong_archetype_aborts, CONF_CHECK_ABORTS) {
    esb_edges *e = root_edges();
    cr_assert_eq(esb_edges_set(e, 1, ESB_EDGE_ADD, 1, 2), ESB_OK); /* adding 1 to {} does not give {0} */
    esb_edges_check_invariants(e, &graph[0], 2, 3, set_in_graph, graph);
}

/* ---- set index ---- */

static esb_set_index index_of_sets;

static esb_set_index *index_of_three(void) {
    memset(&index_of_sets, 0, sizeof index_of_sets);
    for (uint32_t id = 0; id < 3; ++id) {
        esb_bitset set = {{0}};
        esb_bitset_set(&set, id * 70);
        cr_assert_eq(esb_set_index_reserve(&index_of_sets), ESB_OK);
        esb_set_index_insert(&index_of_sets, &set, id);
    }
    esb_set_index_check_invariants(&index_of_sets);
    return &index_of_sets;
}

Test(invariants, a_healthy_set_index_passes) {
    esb_set_index *ix = index_of_three();
    esb_set_index_free(ix);
}

Test(invariants, a_set_stored_twice_aborts, CONF_CHECK_ABORTS) {
    esb_set_index *ix = index_of_three();
    uint32_t filled = 0, empty = 0;
    while (ix->slots[filled].id == ESB_SET_NONE) filled++;
    while (ix->slots[empty].id != ESB_SET_NONE) empty++;
    ix->slots[empty] = ix->slots[filled]; /* one of the two copies is not where its probe stops */
    ix->count++;
    esb_set_index_check_invariants(ix);
}

Test(invariants, a_set_index_count_off_by_one_aborts, CONF_CHECK_ABORTS) {
    esb_set_index *ix = index_of_three();
    ix->count--;
    esb_set_index_check_invariants(ix);
}

/* ---- query registry and query terms ---- */

static esb_query_registry registry;
static esb_query_node nodes[3];

static esb_query_registry *registry_of_three(void) {
    memset(&registry, 0, sizeof registry);
    memset(nodes, 0, sizeof nodes);
    for (int i = 0; i < 3; ++i) esb_qr_link(&registry, &nodes[i], 0);
    esb_qr_check_invariants(&registry);
    return &registry;
}

Test(invariants, a_healthy_registry_passes) {
    esb_query_registry *r = registry_of_three();
    esb_iter it;
    cr_assert_eq(esb_qr_begin(&nodes[1], &it), ESB_OK);
    esb_qr_check_invariants(r);
    esb_qr_end(&it);
    esb_qr_unlink(r, &nodes[0]);
    esb_qr_check_invariants(r);
}

Test(invariants, a_lock_without_an_iterator_aborts, CONF_CHECK_ABORTS) {
    esb_query_registry *r = registry_of_three();
    r->live_iterators++;
    esb_qr_check_invariants(r);
}

Test(invariants, a_query_list_that_loops_aborts, CONF_CHECK_ABORTS) {
    esb_query_registry *r = registry_of_three();
    nodes[0].next = &nodes[1]; /* the list was 2, 1, 0: now 2, 1, 0, 1, 0, ... */
    esb_qr_check_invariants(r);
}

Test(invariants, an_iterator_naming_another_query_aborts, CONF_CHECK_ABORTS) {
    esb_query_registry *r = registry_of_three();
    static esb_iter it;
    cr_assert_eq(esb_qr_begin(&nodes[1], &it), ESB_OK);
    it.query = (esb_query *)&nodes[2];
    esb_qr_check_invariants(r);
}

Test(invariants, a_query_of_another_registry_in_the_list_aborts, CONF_CHECK_ABORTS) {
    esb_query_registry *r = registry_of_three();
    static esb_query_registry other;
    nodes[1].registry = &other;
    esb_qr_check_invariants(r);
}

Test(invariants, a_held_query_whose_iterator_lost_its_live_mark_aborts, CONF_CHECK_ABORTS) {
    esb_query_registry *r = registry_of_three();
    static esb_iter it;
    cr_assert_eq(esb_qr_begin(&nodes[1], &it), ESB_OK);
    it.live_mark ^= 1;
    esb_qr_check_invariants(r);
}

static const esb_component_info two_components[] = {{"a", 4, 4, ESB_STORAGE_DENSE}, {"tag", 0, 1, ESB_STORAGE_DENSE}};

static void query_of(esb_query_head *h, const esb_component *fields, uint32_t nf, const esb_component *without,
                     uint32_t nw) {
    static esb_query_registry owner;
    esb_query_desc desc = {.fields = fields, .field_count = nf, .without = without, .without_count = nw};
    memset(h, 0, sizeof *h);
    esb_query_head_init(h, &owner, &desc);
    esb_query_head_check_invariants(h, two_components, 2);
}

Test(invariants, healthy_query_terms_pass) {
    esb_query_head h;
    esb_component a = 0, tag = 1;
    query_of(&h, &a, 1, &tag, 1);
    query_of(&h, &a, 1, &a, 1); /* matches nothing, and says so */
    cr_assert(h.matches_nothing);
}

Test(invariants, a_wrong_matches_nothing_aborts, CONF_CHECK_ABORTS) {
    static esb_query_head h;
    esb_component a = 0;
    query_of(&h, &a, 1, &a, 1);
    h.matches_nothing = false;
    esb_query_head_check_invariants(&h, two_components, 2);
}

Test(invariants, a_tag_as_a_field_aborts, CONF_CHECK_ABORTS) {
    static esb_query_head h;
    esb_component a = 0;
    query_of(&h, &a, 1, NULL, 0);
    h.fields[0] = 1;
    esb_bitset_set(&h.include, 1);
    esb_query_head_check_invariants(&h, two_components, 2);
}

/* ---- change sets (change_set.h) ---- */

/* The world of these tests: indices below 10 are alive and hold component 1, no other index or component. */
static bool holds_below_ten(const void *world, esb_component c, uint32_t idx) {
    (void)world;
    return c == 1 && idx < 10;
}

static esb_change_sets change_sets_of_one(esb_change_set **set) {
    esb_change_sets cs = {0};
    cr_assert_eq(esb_change_sets_reserve(&cs, 64), ESB_OK);
    *set = esb_change_set_create(&cs, 1, ESB_CHANGE_CHANGED);
    esb_change_mark(&cs, 1, 3, false);
    return cs;
}

Test(invariants, healthy_change_sets_pass) {
    esb_change_set *s;
    esb_change_sets cs = change_sets_of_one(&s);
    esb_change_sets_check(&cs, NULL, holds_below_ten);
    esb_change_sets_free(&cs);
}

Test(invariants, a_change_set_holding_a_dead_index_aborts, CONF_CHECK_ABORTS) {
    esb_change_set *s;
    esb_change_sets cs = change_sets_of_one(&s);
    s->bits[0] |= 1ull << 40; /* index 40 is not alive */
    esb_change_sets_check(&cs, NULL, holds_below_ten);
}

Test(invariants, a_change_set_under_another_component_aborts, CONF_CHECK_ABORTS) {
    esb_change_set *s;
    esb_change_sets cs = change_sets_of_one(&s);
    s->component = 2; /* listed under 1 */
    esb_change_sets_check(&cs, NULL, holds_below_ten);
}

Test(invariants, a_change_set_count_off_by_one_aborts, CONF_CHECK_ABORTS) {
    esb_change_set *s;
    esb_change_sets cs = change_sets_of_one(&s);
    cs.count++;
    esb_change_sets_check(&cs, NULL, holds_below_ten);
}

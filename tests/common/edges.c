/* The shared archetype-graph edges (_common/edges.h): a cached move is found in both directions, an uncached
 * one is not, and growth for components registered later keeps what was cached. */
#include <criterion/criterion.h>

#include "edges.h"
#include "support.h"

Test(edges, a_linked_move_is_cached_both_ways_and_nothing_else_is) {
    esb_edges root = {0}, with_a = {0};
    cr_assert_eq(esb_edges_get(&root, 3, ESB_EDGE_ADD), ESB_EDGE_NONE, "an empty edge list has a target");
    cr_assert_eq(esb_edges_link(&root, 0, &with_a, 1, 3, ESB_EDGE_ADD, 4), ESB_OK);
    cr_assert_eq(esb_edges_get(&root, 3, ESB_EDGE_ADD), 1);
    cr_assert_eq(esb_edges_get(&with_a, 3, ESB_EDGE_REMOVE), 0);
    cr_assert_eq(esb_edges_get(&root, 3, ESB_EDGE_REMOVE), ESB_EDGE_NONE);
    cr_assert_eq(esb_edges_get(&with_a, 3, ESB_EDGE_ADD), ESB_EDGE_NONE);
    for (esb_component c = 0; c < 3; ++c) {
        cr_assert_eq(esb_edges_get(&root, c, ESB_EDGE_ADD), ESB_EDGE_NONE, "component %u", c);
        cr_assert_eq(esb_edges_get(&root, c, ESB_EDGE_REMOVE), ESB_EDGE_NONE, "component %u", c);
    }
    cr_assert_eq(esb_edges_get(&root, 200, ESB_EDGE_ADD), ESB_EDGE_NONE, "a component past the array has a target");
    /* a component registered later grows the array and keeps the cached edges */
    cr_assert_eq(esb_edges_set(&root, 100, ESB_EDGE_ADD, 7, 101), ESB_OK);
    cr_assert_eq(esb_edges_get(&root, 100, ESB_EDGE_ADD), 7);
    cr_assert_eq(esb_edges_get(&root, 3, ESB_EDGE_ADD), 1, "growth lost a cached edge");
    cr_assert_eq(esb_edges_get(&root, 99, ESB_EDGE_ADD), ESB_EDGE_NONE);
    esb_edges_free(&root);
    esb_edges_free(&with_a);
}

Test(edges, a_failed_growth_caches_nothing) {
    esb_edges e = {0};
    cr_assert_eq(esb_edges_set(&e, 1, ESB_EDGE_ADD, 5, 2), ESB_OK);
    esb_edges copy = e;
    esb_mem_fail_nth(1);
    cr_assert_eq(esb_edges_set(&e, 40, ESB_EDGE_REMOVE, 9, 41), ESB_ERR_NOMEM);
    esb_mem_fail_nth(0);
    cr_assert_eq(e.count, copy.count);
    cr_assert_eq(e.edge, copy.edge);
    cr_assert_eq(esb_edges_get(&e, 40, ESB_EDGE_REMOVE), ESB_EDGE_NONE);
    cr_assert_eq(esb_edges_get(&e, 1, ESB_EDGE_ADD), 5);
    esb_edges_free(&e);
}

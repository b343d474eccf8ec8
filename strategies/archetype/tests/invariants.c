/* The archetype design's invariants (archetype.h, A1-A8) can fail: a healthy world passes esb_world_check, and each
 * test breaks one invariant by hand and expects the check to abort. Built into this strategy's test binaries. */
#include "check_aborts.h"
#include "support.h"
#include "archetype.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component a, b;
static esb_entity e[4];

/* Four entities with {a}, one moved to {a, b} and back (so edges exist), and a cached query over a. */
static esb_query *healthy_world(void) {
    static const esb_component_desc descs[] = {{"a", 4, 4, ESB_STORAGE_DENSE}, {"b", 8, 8, ESB_STORAGE_DENSE}};
    esb_component ids[2];
    world = conf_world_of(descs, 2, ids, 4, 1, e);
    a = ids[0], b = ids[1];
    cr_assert_eq(esb_add(world, e[1], b, NULL), ESB_OK);
    esb_query_desc desc = {.fields = &a, .field_count = 1, .cached = true};
    esb_query *q = conf_query(world, &desc);
    esb_world_check(world);
    return q;
}

Test(archetype_invariants, a_healthy_world_passes) {
    healthy_world();
    cr_assert_eq(esb_remove(world, e[1], b), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(archetype_invariants, a_location_naming_another_row_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    at_locations(world)[esb_entity_index(e[0])].row ^= 1;
    esb_world_check(world);
}

Test(archetype_invariants, a_cached_query_missing_an_archetype_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    q->matches.count--;
    esb_world_check(world);
}

/* The cached query over a matches {a} (rows) and {a, b} (rows while e[1] is there): emptying {a, b} takes it out
 * of the active list, and filling it again puts it back. */
Test(archetype_invariants, a_table_turning_empty_leaves_the_active_list) {
    esb_query *q = healthy_world();
    cr_assert_eq(q->matches.count, 2);
    cr_assert_eq(q->active_count, 2);
    cr_assert_eq(esb_remove(world, e[1], b), ESB_OK);
    cr_assert_eq(q->active_count, 1, "{a, b} is empty");
    esb_world_check(world);
    cr_assert_eq(esb_add(world, e[2], b, NULL), ESB_OK);
    cr_assert_eq(q->active_count, 2, "{a, b} has a row again");
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(archetype_invariants, an_empty_table_in_the_active_list_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    cr_assert_eq(esb_remove(world, e[1], b), ESB_OK);
    uint32_t emptied = q->matches.ids[0] == at_locations(world)[esb_entity_index(e[1])].archetype ? 1 : 0;
    q->active_pos[emptied] = q->active_count; /* {a, b} listed as active though its table has no row */
    q->active[q->active_count++] = emptied;
    esb_world_check(world);
}

Test(archetype_invariants, a_watcher_of_the_wrong_archetype_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    at_archetype *from = at_archetype_of(world, at_locations(world)[esb_entity_index(e[0])].archetype);
    from->watchers[0].match ^= 1; /* the query's other match */
    esb_world_check(world);
}

Test(archetype_invariants, an_edge_to_the_wrong_archetype_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    uint32_t from = at_locations(world)[esb_entity_index(e[0])].archetype;
    at_archetype_of(world, from)->node.edges.edge[b].add = AT_ROOT;
    esb_world_check(world);
}

Test(archetype_invariants, a_change_state_seen_ahead_of_its_table_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_query *q = conf_query_changed(world, a);
    q->seen[0] = UINT64_MAX;
    esb_world_check(world);
}

Test(archetype_invariants, a_change_term_without_its_cache_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_query *q = conf_query_changed(world, a);
    q->head.cached = false;
    esb_world_check(world);
}

Test(archetype_invariants, a_healthy_world_with_a_change_term_passes) {
    healthy_world();
    esb_query *q = conf_query_changed(world, a);
    float v = 2.0f;
    cr_assert_eq(esb_set(world, e[0], a, &v), ESB_OK);
    cr_assert_geq(conf_count(q), 1); /* the whole table of e[0] */
    cr_assert_eq(esb_remove(world, e[1], b), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

/* The hybrid design's invariants (hybrid.h, Y1-Y8) can fail: a healthy world passes esb_world_check, and each test
 * breaks one invariant by hand and expects the check to abort. Built into this strategy's test binaries. */
#include "check_aborts.h"
#include "support.h"
#include "hybrid.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component dense, sparse, tag;
static esb_entity e[4];

/* Four entities with {dense, sparse}; one given a sparse tag (an archetype move that keeps its table row), so the
 * two archetypes share a table and keep lists of their own. */
static void healthy_world(void) {
    static const esb_component_desc descs[] = {
        {"dense", 4, 4, ESB_STORAGE_DENSE}, {"sparse", 8, 8, ESB_STORAGE_SPARSE}, {"tag", 0, 1, ESB_STORAGE_SPARSE}};
    esb_component ids[3];
    world = conf_world_of(descs, 3, ids, 4, 2, e);
    dense = ids[0], sparse = ids[1], tag = ids[2];
    cr_assert_eq(esb_add(world, e[2], tag, NULL), ESB_OK);
    esb_world_check(world);
}

Test(hybrid_invariants, a_healthy_world_passes) {
    healthy_world();
    cr_assert_eq(esb_destroy(world, e[0]), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(hybrid_invariants, an_archetype_row_and_the_location_disagreeing_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    const hy_location *loc = &hy_locations(world)[esb_entity_index(e[1])];
    hy_archetype_of(world, loc->archetype)->table_rows[loc->row] ^= 1; /* the other copy of the row */
    esb_world_check(world);
}

Test(hybrid_invariants, an_entity_missing_from_a_pool_its_archetype_names_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    uint32_t pos;
    cr_assert(esb_sparse_find(&world->pools[sparse], e[3], &pos));
    esb_sparse_erase(&world->pools[sparse], pos);
    esb_world_check(world);
}

/* An archetype alone on its table keeps no lists; a second archetype on the table makes it keep them. */
Test(hybrid_invariants, an_archetype_keeps_lists_once_it_shares_its_table) {
    static const esb_component_desc descs[] = {{"dense", 4, 4, ESB_STORAGE_DENSE}, {"tag", 0, 1, ESB_STORAGE_SPARSE}};
    esb_component ids[2];
    world = conf_world_of(descs, 2, ids, 4, 1, e);
    const hy_archetype *a = hy_archetype_of(world, hy_locations(world)[esb_entity_index(e[0])].archetype);
    cr_assert(a->alone && a->count == 0 && world->table_alone[a->table] != HY_SHARED);
    cr_assert_eq(esb_add(world, e[1], ids[1], NULL), ESB_OK); /* {dense, tag}: the same table */
    cr_assert(!a->alone && a->count == 3 && world->table_alone[a->table] == HY_SHARED);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(hybrid_invariants, an_archetype_alone_on_a_shared_table_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    hy_archetype *a = hy_archetype_of(world, hy_locations(world)[esb_entity_index(e[0])].archetype);
    a->alone = true; /* its rows would be taken for the table's, which another archetype's rows share */
    esb_world_check(world);
}

Test(hybrid_invariants, a_change_tick_from_the_future_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    conf_query_changed(world, dense);
    const hy_location *loc = &hy_locations(world)[esb_entity_index(e[0])];
    const hy_archetype *a = hy_archetype_of(world, loc->archetype);
    esb_table_ticks_of(a->rows_in, dense)->changed[hy_table_row(a, loc->row)] = world->change_tick + 1;
    esb_world_check(world);
}

Test(hybrid_invariants, a_watched_pool_with_ticks_short_of_its_count_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    conf_query_changed(world, sparse);
    world->pool_ticks[sparse].capacity = world->pools[sparse].count - 1;
    esb_world_check(world);
}

/* Changes stamped in a table's track, in a pool and in a tag's pool, reported and then absorbed by a complete
 * pass; the ticks follow rows through moves and removals. */
Test(hybrid_invariants, a_healthy_world_with_change_terms_passes) {
    healthy_world();
    esb_query *by_dense = conf_query_changed(world, dense), *by_sparse = conf_query_changed(world, sparse);
    esb_query_desc d = {.fields = &dense,
                        .field_count = 1,
                        .with = &tag,
                        .with_count = 1,
                        .change = ESB_CHANGE_ADDED,
                        .change_component = tag};
    esb_query *tagged = conf_query(world, &d);
    float v = 2.0f;
    double x = 3.0;
    cr_assert_eq(esb_set(world, e[1], dense, &v), ESB_OK);
    cr_assert_eq(esb_set(world, e[3], sparse, &x), ESB_OK);
    cr_assert_eq(esb_add(world, e[0], tag, NULL), ESB_OK);
    cr_assert_eq(esb_destroy(world, e[2]), ESB_OK);
    esb_world_check(world);
    cr_assert_eq(conf_count(by_dense), 1);
    cr_assert_eq(conf_count(by_sparse), 1);
    cr_assert_eq(conf_count(tagged), 1);
    cr_assert_eq(conf_count(tagged), 0);
    esb_world_check(world);
    esb_world_destroy(world);
}

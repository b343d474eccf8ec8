/* The hybrid design's invariants (hybrid.h, Y1-Y6) can fail: a healthy world passes esb_world_check, and each test
 * breaks one invariant by hand and expects the check to abort. Built into this strategy's test binaries. */
#include "check_aborts.h"
#include "support.h"
#include "hybrid.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component dense, sparse, tag;
static esb_entity e[4];

/* Four entities with {dense, sparse}; one given a tag (an archetype move that keeps its table row). */
static void healthy_world(void) {
    static const esb_component_desc descs[] = {
        {"dense", 4, 4, ESB_STORAGE_DENSE}, {"sparse", 8, 8, ESB_STORAGE_SPARSE}, {"tag", 0, 1, ESB_STORAGE_DENSE}};
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
    const hy_location *loc = &world->locations[esb_entity_index(e[1])];
    world->archetypes[loc->archetype]->table_rows[loc->archetype_row] ^= 1; /* the other copy of the row */
    esb_world_check(world);
}

Test(hybrid_invariants, an_entity_missing_from_a_pool_its_archetype_names_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    uint32_t pos;
    cr_assert(esb_sparse_find(&world->pools[sparse], e[3], &pos));
    esb_sparse_erase(&world->pools[sparse], pos);
    esb_world_check(world);
}

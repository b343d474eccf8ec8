/* The hybrid design's invariants (hybrid.h, Y1-Y6) can fail: a healthy world passes esb_world_check, and each test
 * breaks one invariant by hand and expects the check to abort. Built into this strategy's test binaries. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <signal.h>

#include "contract.h"
#include "hybrid.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component dense, sparse, tag;
static esb_entity e[4];

/* Four entities with {dense, sparse}; one given a tag (an archetype move that keeps its table row). */
static void healthy_world(void) {
    cr_assert_eq(esb_world_create(&world), ESB_OK);
    esb_component_desc dd = {"dense", 4, 4, ESB_STORAGE_DENSE}, ds = {"sparse", 8, 8, ESB_STORAGE_SPARSE},
                       dt = {"tag", 0, 1, ESB_STORAGE_DENSE};
    cr_assert_eq(esb_component_register(world, &dd, &dense), ESB_OK);
    cr_assert_eq(esb_component_register(world, &ds, &sparse), ESB_OK);
    cr_assert_eq(esb_component_register(world, &dt, &tag), ESB_OK);
    esb_component both[] = {dense, sparse};
    cr_assert_eq(esb_create_bulk(world, 4, both, 2, NULL, e), ESB_OK);
    cr_assert_eq(esb_add(world, e[2], tag, NULL), ESB_OK);
    esb_world_check(world);
}

Test(hybrid_invariants, a_healthy_world_passes) {
    healthy_world();
    cr_assert_eq(esb_destroy(world, e[0]), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(hybrid_invariants, an_archetype_row_and_the_location_disagreeing_aborts, .signal = SIGABRT,
     .init = cr_redirect_stderr) {
    healthy_world();
    const hy_location *loc = &world->locations[esb_entity_index(e[1])];
    world->archetypes[loc->archetype]->table_rows[loc->archetype_row] ^= 1; /* the other copy of the row */
    esb_world_check(world);
}

Test(hybrid_invariants, an_entity_missing_from_a_pool_its_archetype_names_aborts, .signal = SIGABRT,
     .init = cr_redirect_stderr) {
    healthy_world();
    uint32_t pos;
    cr_assert(esb_sparse_find(&world->pools[sparse], e[3], &pos));
    esb_sparse_erase(&world->pools[sparse], pos);
    esb_world_check(world);
}

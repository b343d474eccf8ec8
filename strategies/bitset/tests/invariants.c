/* The bitset design's invariants (hibit.h, B1-B5; hibitset.h, H1-H3) can fail: a healthy world passes
 * esb_world_check, and each test breaks one invariant by hand and expects the check to abort. Built into this
 * strategy's test binaries. */
#include "check_aborts.h"
#include "support.h"
#include "hibit.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component dense, sparse, tag;
static esb_entity e[4];

/* Four entities with {dense, sparse}; one given the tag too. */
static void healthy_world(void) {
    static const esb_component_desc descs[] = {
        {"dense", 4, 4, ESB_STORAGE_DENSE}, {"sparse", 8, 8, ESB_STORAGE_SPARSE}, {"tag", 0, 1, ESB_STORAGE_DENSE}};
    esb_component ids[3];
    world = conf_world_of(descs, 3, ids, 4, 2, e);
    dense = ids[0], sparse = ids[1], tag = ids[2];
    cr_assert_eq(esb_add(world, e[2], tag, NULL), ESB_OK);
    esb_world_check(world);
}

Test(bitset_invariants, a_healthy_world_passes) {
    healthy_world();
    esb_query *q = conf_query_changed(world, dense);
    float v = 2.0f;
    cr_assert_eq(esb_set(world, e[1], dense, &v), ESB_OK);
    cr_assert_eq(esb_destroy(world, e[0]), ESB_OK);
    cr_assert_eq(conf_count(q), 1);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(bitset_invariants, a_presence_bit_of_a_dead_index_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    cr_assert_eq(esb_destroy(world, e[3]), ESB_OK);
    esb_hibitset_set(&world->present[dense], esb_entity_index(e[3]));
    esb_world_check(world);
}

Test(bitset_invariants, a_summary_bit_over_an_empty_word_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    world->present[tag].level[1][0] |= 2; /* level-0 word 1 is empty */
    esb_world_check(world);
}

Test(bitset_invariants, a_set_out_of_step_with_its_presence_set_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_hibitset_clear(&world->present[sparse], esb_entity_index(e[1])); /* the set still holds it */
    esb_world_check(world);
}

Test(bitset_invariants, a_query_whose_lists_are_not_its_terms_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_query *q = conf_query_changed(world, dense);
    q->need[0] = &world->present[tag];
    esb_world_check(world);
}

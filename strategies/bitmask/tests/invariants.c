/* The bitmask design's invariants (bitmask.h, B1-B8) can fail: a healthy world passes esb_world_check, and each test
 * breaks one invariant by hand and expects the check to abort. Built into this strategy's test binaries. */
#include "check_aborts.h"
#include "healthy_world.h"

Test(bitmask_invariants, a_healthy_world_passes) {
    esb_query *q = healthy_world();
    cr_assert_eq(conf_count(q), 2); /* a pass: a cached filter's blocks are judged, and checked from then on */
    cr_assert_eq(esb_remove(world, e[1], b), ESB_OK);
    esb_world_check(world);
    cr_assert_eq(conf_count(q), 3);
    cr_assert_eq(esb_add(world, e[1], b, NULL), ESB_OK);
    esb_world_check(world);
    cr_assert_eq(conf_count(q), 2);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(bitmask_invariants, a_mask_bit_on_a_dead_index_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    world->mask[0][esb_entity_index(e[3])] = 1ull << a; /* a recycled index would be born with a */
    esb_world_check(world);
}

Test(bitmask_invariants, a_change_set_holding_a_dead_index_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_query *q = conf_query_changed(world, a);
    q->changes->bits[0] |= 1ull << esb_entity_index(e[3]); /* destroyed */
    esb_world_check(world);
}

Test(bitmask_invariants, a_change_term_with_a_cached_filter_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_query *q = conf_query_changed(world, a);
    q->cached = true;
    esb_world_check(world);
}

Test(bitmask_invariants, a_healthy_world_with_a_change_term_passes) {
    healthy_world();
    esb_query *q = conf_query_changed(world, a);
    float v = 2.0f;
    cr_assert_eq(esb_set(world, e[0], a, &v), ESB_OK);
    cr_assert_eq(conf_count(q), 1);
    cr_assert_eq(esb_destroy(world, e[0]), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

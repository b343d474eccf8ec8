/* The sparse-set design's invariants (sparse.h, P1-P8) can fail: a healthy world passes esb_world_check, and each
 * test breaks one invariant by hand and expects the check to abort. Built into this strategy's test binaries; the
 * tests of groups and of run memos are the source sets' (cached-groups/tests/, cached-views/tests/). */
#include "check_aborts.h"
#include "support.h"
#include "sparse.h"

#include "healthy_world.h"

Test(sparse_invariants, a_healthy_world_passes) {
    healthy_world();
    cr_assert_eq(esb_remove(world, e[1], c), ESB_OK);
    cr_assert_eq(esb_destroy(world, e[0]), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(sparse_invariants, a_pool_holding_a_dead_entity_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_et_release(&world->core.entities, e[5]); /* destroyed in the entity table alone */
    esb_world_check(world);
}

/* P8: an observer of a, its set of changed entities. */
static esb_query *observing_a(void) {
    esb_query *q = conf_query_changed(world, a);
    float v = 1.0f;
    cr_assert_eq(esb_set(world, e[0], a, &v), ESB_OK);
    esb_world_check(world);
    return q;
}

Test(sparse_invariants, an_observer_holding_an_entity_without_its_component_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    esb_query *q = observing_a();
    esb_entity lone;
    cr_assert_eq(esb_create(world, &lone), ESB_OK);
    cr_assert_eq(esb_sparse_reserve(&q->observed, 1), ESB_OK);
    cr_assert_eq(esb_sparse_reserve_index(&q->observed, esb_entity_index(lone)), ESB_OK);
    esb_sparse_emplace(&q->observed, lone, NULL); /* lone has no a */
    esb_world_check(world);
}

Test(sparse_invariants, an_observer_count_off_by_one_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    observing_a();
    world->observer_count++;
    esb_world_check(world);
}

Test(sparse_invariants, a_healthy_world_with_an_observer_passes) {
    healthy_world();
    esb_query *q = observing_a();
    cr_assert_eq(conf_count(q), 1);
    cr_assert_eq(esb_remove(world, e[1], c), ESB_OK);
    cr_assert_eq(esb_destroy(world, e[2]), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

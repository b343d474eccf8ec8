/* The invariants of groups (sparse.h, P3-P5) can fail: each test breaks one in a healthy world whose cached query is
 * an owned group, and expects the check to abort. Built into the test binaries of the variants with this set. */
#include "check_aborts.h"
#include "support.h"
#include "sparse.h"
#include "tests/healthy_world.h"

Test(sparse_invariants, a_group_length_marker_one_short_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    cr_assert(q->kind == SP_OWNED && q->len == 4);
    q->len--; /* a matching entity left out of the group */
    esb_world_check(world);
}

Test(sparse_invariants, a_group_missing_from_its_exclusions_listeners_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    cr_assert(world->listeners[c].excluding == &q->exclude_watch[0]);
    world->listeners[c].excluding = NULL; /* adding c would no longer make an entity leave */
    esb_world_check(world);
}

Test(sparse_invariants, a_listener_in_another_components_list_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    cr_assert(world->listeners[a].including == &q->include_watch[0] && !world->listeners[c].including);
    world->listeners[a].including = NULL; /* changes of a would answer to c's list */
    world->listeners[c].including = &q->include_watch[0];
    esb_world_check(world);
}

Test(sparse_invariants, owned_pools_out_of_step_abort, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    esb_sparse_set *p = &world->components[q->owned[1]].pool;
    esb_entity_word first = p->dense[0], second = p->dense[1]; /* swap two members in one owned pool only */
    p->dense[0] = second;
    p->dense[1] = first;
    esb_sparse_point(p, esb_entity_of(first), 1);
    esb_sparse_point(p, esb_entity_of(second), 0);
    esb_world_check(world);
}

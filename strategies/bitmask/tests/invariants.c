/* The bitmask design's invariants (bitmask.h, B1-B6) can fail: a healthy world passes esb_world_check, and each test
 * breaks one invariant by hand and expects the check to abort. Built into this strategy's test binaries. */
#include "check_aborts.h"
#include "support.h"
#include "bitmask.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component a, b;
static esb_entity e[4];

/* Four entities with {a}, one also with b, one destroyed, and a query over a without b (cached: a cached filter
 * in bitmask-cached, a scan otherwise). */
static esb_query *healthy_world(void) {
    static const esb_component_desc descs[] = {{"a", 4, 4, ESB_STORAGE_DENSE}, {"b", 0, 1, ESB_STORAGE_DENSE}};
    esb_component ids[2];
    world = conf_world_of(descs, 2, ids, 4, 1, e);
    a = ids[0], b = ids[1];
    esb_query_desc desc = {.fields = &a, .field_count = 1, .without = &b, .without_count = 1, .cached = true};
    esb_query *q = conf_query(world, &desc);
    cr_assert_eq(esb_add(world, e[1], b, NULL), ESB_OK);
    cr_assert_eq(esb_destroy(world, e[3]), ESB_OK);
    esb_world_check(world);
    return q;
}

Test(bitmask_invariants, a_healthy_world_passes) {
    healthy_world();
    cr_assert_eq(esb_remove(world, e[1], b), ESB_OK);
    esb_world_check(world);
    esb_world_destroy(world);
}

Test(bitmask_invariants, a_mask_bit_on_a_dead_index_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    world->mask[0][esb_entity_index(e[3])] = 1ull << a; /* a recycled index would be born with a */
    esb_world_check(world);
}

#ifdef ESB_BITMASK_CACHED
Test(bitmask_invariants, a_cached_filter_missing_a_match_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    cr_assert(q->cached && q->member_count == 2);
    q->member_count--; /* its last member forgotten, its position left behind */
    esb_world_check(world);
}

Test(bitmask_invariants, a_cached_filter_holding_a_non_match_aborts, CONF_CHECK_ABORTS) {
    healthy_world();
    world->mask[0][esb_entity_index(e[0])] |= 1ull << b; /* e[0] gains b behind the filter's back */
    esb_world_check(world);
}
#endif

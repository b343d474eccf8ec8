/* The healthy world the tests of the invariant checks break (tests/invariants.c and the cache set's
 * cached/tests/cached.c). Static, as check_aborts.h asks: still reachable when an aborting check stops the process;
 * each test file has a world of its own. */
#ifndef BITMASK_TESTS_HEALTHY_WORLD_H
#define BITMASK_TESTS_HEALTHY_WORLD_H

#include "support.h"
#include "bitmask.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component a, b;
static esb_entity e[4];

/* Four entities with {a}, one also with b, one destroyed, and a cached query over a without b (a cached filter
 * holding e[0] and e[2] in the cached set's variants, a scan otherwise). */
static inline esb_query *healthy_world(void) {
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

#endif

/* The healthy world the tests of the invariant checks break (tests/invariants.c and the source sets'
 * tests/invariants.c). Static, as check_aborts.h asks: still reachable when an aborting check stops the process;
 * each test file has a world of its own. */
#ifndef SPARSE_TESTS_HEALTHY_WORLD_H
#define SPARSE_TESTS_HEALTHY_WORLD_H

#include "support.h"
#include "sparse.h"

static esb_world *world; /* static: still reachable when an aborting check stops the process */
static esb_component a, b, c;
static esb_entity e[6];

/* Six entities with {a, b}, two of them with c, and a cached query over a and b without c (an owned group in
 * sparse-groups: its members are the first len entities of the pools of a and b). */
static inline esb_query *healthy_world(void) {
    world = conf_world();
    a = conf_register(world, "a", 4, 4, ESB_STORAGE_DENSE);
    b = conf_register(world, "b", 8, 8, ESB_STORAGE_DENSE);
    c = conf_register(world, "c", 0, 1, ESB_STORAGE_DENSE);
    esb_component ab[] = {a, b};
    esb_query_desc desc = {.fields = ab, .field_count = 2, .without = &c, .without_count = 1, .cached = true};
    esb_query *q = conf_query(world, &desc);
    cr_assert_eq(esb_create_bulk(world, 6, ab, 2, NULL, e), ESB_OK);
    cr_assert_eq(esb_add(world, e[1], c, NULL), ESB_OK);
    cr_assert_eq(esb_add(world, e[4], c, NULL), ESB_OK);
    esb_world_check(world);
    return q;
}

#endif

/* Views find runs (run.c): where the other pools hold the driving pool's entities in the same order side by
 * side, a batch is plain slices; an excluded entity or a pool out of step ends a run, and the entity-by-entity
 * path takes over. Every batch is checked element by element against esb_get, and the count of entities
 * seen against what matches. Built into this strategy's test binaries (every sparse variant: EnTT's view,
 * sparse-view, has no runs and hands out index arrays instead). */
#include "support.h"
#include "sparse.h"
#include "two_pools.h"
#include "view_loop.h" /* the variant's view set, for SP_RUNS: view-best/ or view-entt/view_loop.h */

/* e leaves b and comes back at the end of b's pool with b's value of entity ordinal `ordinal` (populate's):
 * b's last element moves into e's old place, so b's handles no longer follow a's from there. */
static void readd_b(esb_entity e, uint32_t ordinal) {
    cr_assert_eq(esb_remove(world, e, b), ESB_OK);
    cr_assert_eq(esb_add(world, e, b, NULL), ESB_OK);
    void *vb;
    cr_assert_eq(esb_get(world, e, b, &vb), ESB_OK);
    *(uint64_t *)vb = 2 * (uint64_t)ordinal;
}

/* walk_query with a query of its own, made for the pass. */
static uint32_t walk(bool exclude, uint32_t *first_count, bool *first_sliced) {
    esb_query *q = query_ab(exclude, AB_UNCACHED);
    uint32_t seen = walk_query(q, exclude, first_count, first_sliced);
    cr_assert_eq(esb_query_destroy(q), ESB_OK);
    return seen;
}

Test(sparse_runs, pools_in_step_are_handed_out_as_slices) {
    setup();
    esb_entity e[3 * 64 + 10];
    populate(e, 3 * 64 + 10, 0);
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk(false, &count, &sliced), 3 * 64 + 10);
    cr_assert_eq(sliced, SP_RUNS);
    if (SP_RUNS) cr_assert_eq(count, 3 * 64 + 10, "the whole run in one batch");
    esb_world_destroy(world);
}

Test(sparse_runs, a_run_found_at_another_position_in_the_other_pool) {
    setup();
    /* b holds 100 entities of its own first: a drives, and a's entities sit at b's positions 100 on */
    esb_entity lone[100], e[200];
    for (uint32_t i = 0; i < 100; ++i) {
        cr_assert_eq(esb_create(world, &lone[i]), ESB_OK);
        cr_assert_eq(esb_add(world, lone[i], b, NULL), ESB_OK);
    }
    populate(e, 200, 7);
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk(false, &count, &sliced), 200);
    cr_assert_eq(sliced, SP_RUNS);
    esb_world_destroy(world);
}

Test(sparse_runs, an_excluded_entity_ends_a_run) {
    setup();
    esb_entity e[300];
    populate(e, 300, 0);
    cr_assert_eq(esb_add(world, e[150], c, NULL), ESB_OK);
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk(true, &count, &sliced), 299);
    cr_assert_eq(sliced, SP_RUNS);
    if (SP_RUNS) cr_assert_eq(count, 150, "the run stops at the excluded entity");
    esb_world_destroy(world);
}

Test(sparse_runs, pools_out_of_step_fall_back_to_lookups) {
    setup();
    esb_entity e[300];
    populate(e, 300, 0);
    readd_b(e[0], 0); /* b's last element moves to the front, e[0] goes to the end */
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk(false, &count, &sliced), 300);
    cr_assert(!sliced, "a stretch whose handles differ is no run");
    esb_world_destroy(world);
}

Test(sparse_runs, a_chunk_whose_first_candidates_all_match_then_one_does_not) {
    setup();
    esb_entity e[600];
    populate(e, 600, 0);
    readd_b(e[0], 0); /* no runs: b's handles differ from a's from the start */
    /* the first few hundred candidates all match (pool-by-pool filtering keeps a whole step), then one is
     * excluded */
    cr_assert_eq(esb_add(world, e[400], c, NULL), ESB_OK);
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk(true, &count, &sliced), 599);
    cr_assert(!sliced, "pools out of step handed out as slices");
    esb_world_destroy(world);
}

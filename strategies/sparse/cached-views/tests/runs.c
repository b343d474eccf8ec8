/* A cached view (cached-views) remembers the runs its passes found; where a cached query is a group
 * (cached-groups) it has no runs to remember. Built into the test binaries of the variants with this set. */
#include "support.h"
#include "sparse.h"
#include "tests/two_pools.h"
#include "view_loop.h" /* the variant's view set, for SP_RUNS: view-best/ or view-entt/view_loop.h */

/* A cached view remembers the runs its passes found (sparse.h, sp_run_memo) and relies on them while its pools
 * are unchanged. Each kind of change below would make a remembered run wrong (an excluded entity inside it, a
 * position that moved, an entity gone), so every pass after one is checked element by element, and the memo
 * against what sp_run answers now (esb_world_check, P7). first_run: the run the first batch is, or 0 where
 * the pools are out of step from the start. */
static void expect_pass(esb_query *q, uint32_t matches, uint32_t first_run) {
    uint32_t count;
    bool sliced;
    cr_assert_eq(walk_query(q, true, &count, &sliced), matches);
    if (SP_RUNS && first_run)
        cr_assert(sliced && count == first_run, "first batch %u, expected a run of %u", count, first_run);
    if (!first_run) cr_assert(!sliced, "a first batch of slices where the pools are out of step");
    cr_assert_eq(q->memo.count > 0, q->remembers_runs);
    esb_world_check(world);
}

Test(sparse_runs, a_cached_view_relies_on_its_runs_only_while_its_pools_are_unchanged) {
    setup();
    esb_entity e[600];
    populate(e, 600, 0);
    esb_query *q = query_ab(true, AB_CACHED);
    cr_assert_eq(q->remembers_runs, SP_RUNS);
    expect_pass(q, 600, 600);
    uint32_t entries = q->memo.count;
    expect_pass(q, 600, 600); /* unchanged pools: the same entries answer */
    cr_assert_eq(q->memo.count, entries);

    cr_assert_eq(esb_add(world, e[300], c, NULL), ESB_OK); /* an append to the excluded pool only */
    expect_pass(q, 599, 300);
    cr_assert_eq(esb_remove(world, e[300], c), ESB_OK); /* an erase and an append: its count unchanged */
    cr_assert_eq(esb_add(world, e[200], c, NULL), ESB_OK);
    expect_pass(q, 599, 200);
    cr_assert_eq(esb_remove(world, e[200], c), ESB_OK); /* an erase */
    expect_pass(q, 600, 600);
    cr_assert_eq(esb_remove(world, e[10], b), ESB_OK); /* b's last entity moves to position 10 */
    expect_pass(q, 599, 0);
    cr_assert_eq(esb_add(world, e[10], b, NULL), ESB_OK); /* an append to an included pool: e[10] at b's end */
    void *vb;
    cr_assert_eq(esb_get(world, e[10], b, &vb), ESB_OK);
    *(uint64_t *)vb = 20;
    expect_pass(q, 600, 0);
    cr_assert_eq(esb_destroy(world, e[0]), ESB_OK); /* an erase from every pool */
    expect_pass(q, 599, 0);
    cr_assert_eq(esb_query_destroy(q), ESB_OK);
    esb_world_destroy(world);
}

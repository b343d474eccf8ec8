/* The invariant of a cached view's run memo (sparse.h, P7) can fail: a test breaks it in a healthy world whose
 * cached query is a view, and expects the check to abort. Built into the test binaries of the variants with this
 * set. */
#include "check_aborts.h"
#include "support.h"
#include "sparse.h"
#include "tests/healthy_world.h"
#include "view_loop.h" /* the variant's view set, for SP_RUNS: view-best/ or view-entt/view_loop.h */

/* A pass of the cached view records sp_run's answers (P7); one that sp_run no longer gives is caught. Where views
 * find no runs (view-entt), a memo is itself the broken invariant. */
Test(sparse_invariants, a_run_memo_entry_sp_run_does_not_give_aborts, CONF_CHECK_ABORTS) {
    esb_query *q = healthy_world();
    if (!SP_RUNS) {
        q->remembers_runs = true;
        esb_world_check(world);
    }
    esb_iter it;
    cr_assert_eq(esb_iter_begin(q, &it), ESB_OK);
    while (esb_iter_next(&it)) continue;
    esb_world_check(world);
    cr_assert(q->remembers_runs && q->memo.count > 0);
    q->memo.entries[1] += 1; /* the first entry's run, one longer than the pools allow */
    esb_world_check(world);
}

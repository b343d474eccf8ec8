#include <string.h>

#include "inline.h"
#include "match.h"

/* Pool-by-pool filtering ("a different approach to ECS", Rift): list the driving pool's chunk, then narrow the
 * list one pool at a time, keeping those an included pool holds and dropping those an excluded pool holds,
 * the likeliest to reject first (sp_tests). A field's pool is asked once: the pass that tests it also keeps
 * the positions it finds, by the candidate's place in the step (SP_FILTER_STEP candidates of the chunk), and
 * the survivors' positions are gathered after the step's passes from those arrays, not from the pools; the
 * last pass writes its survivors' positions where the batch wants them. The same lookups as a view, in the
 * other loop order: one pool's pages at a time instead of every pool per entity. And where a view must choose
 * between stopping at a candidate's first rejection (a branch on every verdict) and asking every pool (no
 * branch, more lookups), narrowing a list does both: each pass asks only the survivors of the one before, and
 * keeps them without a branch. */

/* Which candidates a pass reads: the whole step (the first pass), or those listed in places (the survivors of
 * the passes before). */
typedef enum sp_candidates { SP_WHOLE_STEP, SP_LISTED } sp_candidates;
/* What a pass's test is: an excluded pool (a candidate is kept where it is absent), an included pool of a with term
 * (kept where present), or a field's pool (kept where present, its positions kept too). */
typedef enum sp_pass_test { SP_PASS_EXCLUDED, SP_PASS_WITH, SP_PASS_FIELD } sp_pass_test;
/* Where a pass writes: a middle pass to the step's arrays, by the candidate's place (gathered later); the last
 * straight into the batch, by the kept candidate's rank, beside its driving position. */
typedef enum sp_pass_out { SP_TO_STEP, SP_TO_BATCH } sp_pass_out;

/* One pass over the n candidates listed in places (their places in the step, increasing; or, for the first
 * pass, the whole step): the candidates the test keeps are written back to places, their count returned. A
 * field's positions go to `rows`: SP_TO_STEP, every tested candidate's at its place; SP_TO_BATCH, each kept
 * one's at its rank, beside its driving position (first + place) in drive_rows. Kept without a branch: every
 * place is written and the count advances for a kept one (m <= j, so the place written is one already read), so
 * a verdict that is a coin flip costs no misprediction. */
static ESB_ALWAYS_INLINE uint32_t pass_as(const sp_pool_view pool, const esb_entity_word *dense, uint32_t *places,
                                          uint32_t n, sp_candidates candidates, sp_pass_test test, sp_pass_out out,
                                          uint32_t *drive_rows, uint32_t first) {
    bool listed = candidates == SP_LISTED, included = test != SP_PASS_EXCLUDED, keeps_rows = test == SP_PASS_FIELD;
    bool at_place = out == SP_TO_STEP;
    uint32_t m = 0;
    for (uint32_t j = 0; j < n; ++j) {
        uint32_t at = listed ? places[j] : j, pos = 0;
        esb_entity_word e = dense[at];
        bool found = sp_view_find(&pool, esb_word_low(e), esb_word_version(e), &pos);
        if (keeps_rows) pool.rows[at_place ? at : m] = pos;
        if (!at_place) drive_rows[m] = first + at;
        places[m] = at;
        m += found == included;
    }
    return m;
}

/* A pass compiled for its candidates (listed or not), its test's kind (included or excluded, a field or not) and
 * where it writes (a middle pass, or the last). */
static ESB_ALWAYS_INLINE uint32_t pass(const sp_test *test, const esb_entity_word *dense, uint32_t *places, uint32_t n,
                                       sp_candidates candidates) {
    if (!test->included)
        return pass_as(test->pool, dense, places, n, candidates, SP_PASS_EXCLUDED, SP_TO_STEP, NULL, 0);
    return test->pool.rows ? pass_as(test->pool, dense, places, n, candidates, SP_PASS_FIELD, SP_TO_STEP, NULL, 0)
                           : pass_as(test->pool, dense, places, n, candidates, SP_PASS_WITH, SP_TO_STEP, NULL, 0);
}
static ESB_ALWAYS_INLINE uint32_t last_pass(const sp_test *test, uint32_t *rows, const esb_entity_word *dense,
                                            uint32_t *places, uint32_t n, sp_candidates candidates,
                                            uint32_t *drive_rows, uint32_t first) {
    sp_pool_view pool = test->pool;
    pool.rows = rows;
    if (!test->included)
        return pass_as(pool, dense, places, n, candidates, SP_PASS_EXCLUDED, SP_TO_BATCH, drive_rows, first);
    return rows ? pass_as(pool, dense, places, n, candidates, SP_PASS_FIELD, SP_TO_BATCH, drive_rows, first)
                : pass_as(pool, dense, places, n, candidates, SP_PASS_WITH, SP_TO_BATCH, drive_rows, first);
}

/* to[j] = from[places[j]] for j < n: the survivors' positions, out of a step's array. */
static inline void gather(uint32_t *restrict to, const uint32_t *restrict from, const uint32_t *restrict places,
                          uint32_t n) {
    for (uint32_t j = 0; j < n; ++j) to[j] = from[places[j]];
}

uint32_t sp_chunk(const esb_query *q, esb_component driver, uint32_t start, uint32_t end, uint32_t *drive_rows,
                  uint32_t *field_rows) {
    const esb_entity_word *dense = q->world->components[driver].pool.dense + start;
    sp_test tests[ESB_MAX_FIELDS + 2 * ESB_MAX_TERMS];
    uint32_t ntests = sp_tests(q, driver, field_rows, tests);
    ESB_ASSERT(ntests > 0);
    /* A step's passes but the last write their positions and places to the step's own arrays (after the
     * batch's in the scratch, sparse.h), which stay in L1 beside the pools' pages where a whole chunk's would
     * not; the survivors' are then gathered to the batch's arrays, after those of the steps before. */
    uint32_t *step_rows = field_rows + (size_t)(q->field_count + 1) * SP_VIEW_CHUNK;
    uint32_t *places = step_rows + (size_t)q->field_count * SP_FILTER_STEP;
    uint32_t *batch_rows[ESB_MAX_FIELDS + 2 * ESB_MAX_TERMS];
    for (uint32_t t = 0; t < ntests; ++t) {
        batch_rows[t] = tests[t].pool.rows;
        if (batch_rows[t])
            tests[t].pool.rows = step_rows + (size_t)(batch_rows[t] - field_rows) / SP_VIEW_CHUNK * SP_FILTER_STEP;
    }
    uint32_t kept = 0, last = ntests - 1;
    for (uint32_t step = 0; step < end - start; step += SP_FILTER_STEP) {
        uint32_t count = end - start - step < SP_FILTER_STEP ? end - start - step : SP_FILTER_STEP, n = count;
        uint32_t *last_rows = batch_rows[last] ? batch_rows[last] + kept : NULL;
        if (last == 0) {
            n = last_pass(&tests[0], last_rows, dense + step, places, n, SP_WHOLE_STEP, drive_rows + kept,
                          start + step);
        } else {
            n = pass(&tests[0], dense + step, places, n, SP_WHOLE_STEP);
            for (uint32_t t = 1; t < last && n; ++t) n = pass(&tests[t], dense + step, places, n, SP_LISTED);
            n = last_pass(&tests[last], last_rows, dense + step, places, n, SP_LISTED, drive_rows + kept, start + step);
        }
        for (uint32_t t = 0; t < last; ++t) {
            if (!batch_rows[t]) continue;
            if (n == count) /* every candidate kept: the places are the step's own */
                memcpy(batch_rows[t] + kept, tests[t].pool.rows, n * sizeof *batch_rows[t]);
            else
                gather(batch_rows[t] + kept, tests[t].pool.rows, places, n);
        }
        kept += n;
    }
    return kept;
}

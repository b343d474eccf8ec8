#include <string.h>

#include "match.h"

/* Pool-by-pool filtering ("a different approach to ECS", Rift): list the driving pool's chunk, then narrow the
 * list one pool at a time, keeping those an included pool holds and dropping those an excluded pool holds,
 * the likeliest to reject first (sp_tests). A field's pool is asked once: the pass that tests it also keeps
 * the positions it finds, by the candidate's place in the step (SP_FILTER_STEP candidates of the chunk), and
 * the survivors' positions are gathered after the step's passes from those arrays, not from the pools. The same lookups as a view, in the other loop order: one
 * pool's pages at a time instead of every pool per entity. */
/* One pass: keeps, of the n candidates listed in places (their places in the step, increasing; or, for the
 * first pass, the whole step, listed == false), those the test passes, writing their places back to places
 * and, for a field, every tested candidate's position at its place. Returns how many are kept. */
static inline uint32_t pass(const sp_test *test, const esb_entity_word *dense, uint32_t *places, uint32_t n,
                            bool listed) {
    const sp_pool_view pool = test->pool;
    const bool included = test->included;
    uint32_t m = 0;
    for (uint32_t j = 0; j < n; ++j) {
        uint32_t at = listed ? places[j] : j, pos = 0;
        esb_entity_word e = dense[at];
        bool found = sp_view_find(&pool, esb_word_low(e), esb_word_version(e), &pos);
        if (pool.rows) pool.rows[at] = pos;
        /* kept as a list's RemoveIf keeps them; a branch-free store of every place costs more instructions and
         * saves no mispredictions, since the lookup itself branches on the slot */
        if (found == included) places[m++] = at;
    }
    return m;
}

uint32_t sp_filter_chunk(const esb_query *q, esb_component driver, uint32_t start, uint32_t end, uint32_t *drive_rows,
                         uint32_t *field_rows) {
    const esb_entity_word *dense = q->world->components[driver].pool.dense + start;
    sp_test tests[ESB_MAX_FIELDS + 2 * ESB_MAX_TERMS];
    uint32_t ntests = sp_tests(q, driver, field_rows, tests);
    ESB_ASSERT(ntests > 0);
    /* A step's passes write their positions and places to the step's own arrays (after the batch's in the
     * scratch, sparse.h), which stay in L1 beside the pools' pages where a whole chunk's would not; the
     * survivors are then gathered to the batch's arrays, after those of the steps before. */
    uint32_t *step_rows = field_rows + (size_t)(q->field_count + 1) * SP_VIEW_CHUNK;
    uint32_t *places = step_rows + (size_t)q->field_count * SP_FILTER_STEP;
    uint32_t *batch_rows[ESB_MAX_FIELDS + 2 * ESB_MAX_TERMS];
    for (uint32_t t = 0; t < ntests; ++t) {
        batch_rows[t] = tests[t].pool.rows;
        if (batch_rows[t])
            tests[t].pool.rows = step_rows + (size_t)(batch_rows[t] - field_rows) / SP_VIEW_CHUNK * SP_FILTER_STEP;
    }
    uint32_t kept = 0;
    for (uint32_t step = 0; step < end - start; step += SP_FILTER_STEP) {
        uint32_t count = end - start - step < SP_FILTER_STEP ? end - start - step : SP_FILTER_STEP;
        uint32_t n = pass(&tests[0], dense + step, places, count, false);
        for (uint32_t t = 1; t < ntests && n; ++t) n = pass(&tests[t], dense + step, places, n, true);
        if (n == count && kept == step) { /* every candidate so far kept: positions copied whole, places not */
            for (uint32_t t = 0; t < ntests; ++t)
                if (batch_rows[t]) memcpy(batch_rows[t] + kept, tests[t].pool.rows, n * sizeof *batch_rows[t]);
            kept += n;
            continue;
        }
        /* the first step to reject one: the driving positions of the steps before, which kept all */
        for (uint32_t j = 0; kept == step && j < kept; ++j) drive_rows[j] = start + j;
        for (uint32_t t = 0; t < ntests; ++t)
            if (batch_rows[t])
                for (uint32_t j = 0; j < n; ++j) batch_rows[t][kept + j] = tests[t].pool.rows[places[j]];
        for (uint32_t j = 0; j < n; ++j) drive_rows[kept + j] = start + step + places[j];
        kept += n;
    }
    /* every candidate kept: drive_rows left unwritten, the caller hands the driving pool out as slices */
    return kept;
}

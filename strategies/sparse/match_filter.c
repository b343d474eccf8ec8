#include "match.h"

/* Pool-by-pool filtering ("a different approach to ECS", Rift): list the driving pool's chunk, then narrow the
 * list one pool at a time, keeping those an included pool holds and dropping those an excluded pool holds,
 * the likeliest to reject first (sp_tests). A field's pool is asked once: the pass that tests it also keeps
 * the positions it finds, by the candidate's place in the chunk, and the survivors' positions are gathered at
 * the end from those arrays, not from the pools. The same lookups as a view, in the other loop order: one
 * pool's pages at a time instead of every pool per entity. */
/* One pass: keeps, of the n candidates listed in places (their places in the chunk, increasing; or, for the
 * first pass, the whole chunk, listed == false), those the test passes, writing their places back to places
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
        places[m] = at;
        m += found == included;
    }
    return m;
}

uint32_t sp_filter_chunk(const esb_query *q, esb_component driver, uint32_t start, uint32_t end, uint32_t *drive_rows,
                         uint32_t *field_rows) {
    const esb_entity_word *dense = q->world->components[driver].pool.dense + start;
    sp_test tests[ESB_MAX_FIELDS + 2 * ESB_MAX_TERMS];
    uint32_t ntests = sp_tests(q, driver, field_rows, tests);
    ESB_ASSERT(ntests > 0);
    /* drive_rows holds the survivors' places in the chunk until the end */
    uint32_t n = pass(&tests[0], dense, drive_rows, end - start, false);
    for (uint32_t t = 1; t < ntests && n; ++t) n = pass(&tests[t], dense, drive_rows, n, true);
    /* every candidate kept: each field's positions already sit at their places, and the caller hands the
     * driving pool out as slices (match.h) */
    if (n == end - start) return n;
    /* places only grow, so the gather can run in place: drive_rows[j] >= j */
    for (uint32_t t = 0; t < ntests; ++t) {
        uint32_t *rows = tests[t].pool.rows;
        if (rows)
            for (uint32_t j = 0; j < n; ++j) rows[j] = rows[drive_rows[j]];
    }
    for (uint32_t j = 0; j < n; ++j) drive_rows[j] += start;
    return n;
}

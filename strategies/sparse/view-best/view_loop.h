/* The set view-best (every sparse variant but sparse-view): the best view. It orders its tests, the likeliest to
 * reject first (sp_tests), asks them all without a branch on a verdict, keeps the position each membership test
 * found, and hands out runs (run.c) where the pools hold the driving entities side by side; match.h says what a
 * view set defines. */
#ifndef SPARSE_VIEW_LOOP_H
#define SPARSE_VIEW_LOOP_H

#include "match.h"

#define SP_RUNS true
#define SP_ORDERED_TESTS true

/* A view, entity by entity. EnTT's asks each test in turn and stops at the first that rejects the candidate:
 * a branch on every verdict, mispredicted about as often as a test's outcome is a coin flip. The best view
 * asks every test and combines the verdicts without a branch (the count advances by their conjunction), which
 * costs the lookups a rejection would have skipped and saves those mispredictions, which cost more where
 * membership is unpredictable (random_tables_q4, query_exclude, churn_then_iter). A field's position is
 * written at the count before the verdict is known, so a rejected candidate's positions are overwritten by the
 * next one's. */
static inline uint32_t sp_view_loop(const sp_test *tests, uint32_t ntests, const esb_entity_word *dense, uint32_t start,
                                    uint32_t end, uint32_t *drive_rows) {
    uint32_t n = 0;
    for (uint32_t i = start; i < end; ++i) {
        uint32_t idx = esb_word_low(dense[i]), version = esb_word_version(dense[i]);
        bool match = true;
        for (uint32_t t = 0; t < ntests; ++t) {
            uint32_t pos = 0;
            match &= sp_view_find(&tests[t].pool, idx, version, &pos) == tests[t].included;
            if (tests[t].pool.rows) tests[t].pool.rows[n] = pos;
        }
        drive_rows[n] = i;
        n += match;
    }
    return n;
}

#endif

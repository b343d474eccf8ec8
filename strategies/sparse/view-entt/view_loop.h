/* The set view-entt (sparse-view): views as EnTT builds them. The pools are asked in the query's order, included
 * then excluded, each test in turn until the first that rejects the entity, each field's pool twice (whether it
 * holds the entity, contains; then, for a match, its element, get); no runs, every entity is tested. match.h says
 * what a view set defines. */
#ifndef SPARSE_VIEW_LOOP_H
#define SPARSE_VIEW_LOOP_H

#include "match.h"

#define SP_RUNS false
#define SP_ORDERED_TESTS false

/* A view, entity by entity, as EnTT's: a branch on every verdict. */
static inline uint32_t sp_view_loop(const sp_test *tests, uint32_t ntests, const esb_entity_word *dense, uint32_t start,
                                    uint32_t end, uint32_t *drive_rows) {
    uint32_t n = 0;
    for (uint32_t i = start; i < end; ++i) {
        uint32_t idx = esb_word_low(dense[i]), version = esb_word_version(dense[i]);
        for (uint32_t t = 0; t < ntests; ++t) {
            uint32_t pos = 0;
            if (sp_view_find(&tests[t].pool, idx, version, &pos) != tests[t].included) goto rejected;
        }
        for (uint32_t t = 0; t < ntests; ++t) /* get after contains: each field's pool asked again */
            if (tests[t].pool.rows) (void)sp_view_find(&tests[t].pool, idx, version, &tests[t].pool.rows[n]);
        drive_rows[n++] = i;
    rejected:;
    }
    return n;
}

#endif

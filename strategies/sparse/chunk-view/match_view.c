#include "match.h"
#include "view_loop.h" /* the variant's view set: view-best/view_loop.h or view-entt/view_loop.h */

/* The chunk, entity by entity (sp_view_loop). Inlined with a constant test count for the common queries, as
 * EnTT's view is compiled for its own list of pools: the loop over the tests unrolls and the pools stay in
 * registers. */
uint32_t sp_chunk(const esb_query *q, esb_component driver, uint32_t start, uint32_t end, uint32_t *drive_rows,
                  uint32_t *field_rows) {
    const esb_entity_word *dense = q->world->components[driver].pool.dense;
    sp_test tests[ESB_MAX_FIELDS + 2 * ESB_MAX_TERMS];
    uint32_t ntests = sp_tests(q, driver, field_rows, tests);
    switch (ntests) {
    case 1: return sp_view_loop(tests, 1, dense, start, end, drive_rows);
    case 2: return sp_view_loop(tests, 2, dense, start, end, drive_rows);
    case 3: return sp_view_loop(tests, 3, dense, start, end, drive_rows);
    default: return sp_view_loop(tests, ntests, dense, start, end, drive_rows);
    }
}

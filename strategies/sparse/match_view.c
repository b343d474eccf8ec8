#include "match.h"

/* EnTT's view asks the pools in the query's order, stops at the first that rejects the entity, and asks each
 * field's pool twice: whether it holds the entity (contains), then, for a match, for its element (get). The
 * best view orders the tests, asks them all without a branch on a verdict, and keeps the position each
 * membership test found. */
#ifdef ESB_SPARSE_ENTT_VIEW
#define SP_ORDERED_TESTS false
#else
#define SP_ORDERED_TESTS true
#endif

/* How many alive entities a test would reject: an included pool those it lacks, an excluded pool those it
 * holds. */
static uint32_t rejects(const esb_sparse_set *p, bool included, uint32_t alive) {
    return included ? (p->count < alive ? alive - p->count : 0) : p->count;
}

uint32_t sp_tests(const esb_query *q, esb_component driver, uint32_t *field_rows, sp_test *tests) {
    const esb_world *w = q->world;
    uint32_t alive = esb_et_alive_count(&w->core.entities), count = 0;
    uint32_t rejected[ESB_MAX_FIELDS + 2 * ESB_MAX_TERMS];
    for (uint32_t t = 0; t < q->include_count + q->exclude_count; ++t) {
        bool included = t < q->include_count;
        esb_component c = included ? q->include[t] : q->exclude[t - q->include_count];
        if (c == driver) continue;
        const esb_sparse_set *p = &w->components[c].pool;
        uint32_t *rows = t < q->field_count ? field_rows + (size_t)t * SP_VIEW_CHUNK : NULL;
        uint32_t r = rejects(p, included, alive), at = count++;
        /* a stable insertion: the likeliest to reject first, ties in the query's order */
        for (; SP_ORDERED_TESTS && at > 0 && rejected[at - 1] < r; --at) {
            tests[at] = tests[at - 1];
            rejected[at] = rejected[at - 1];
        }
        tests[at] = (sp_test){{p->pages, p->page_count, rows}, included};
        rejected[at] = r;
    }
    return count;
}

/* A view, entity by entity. EnTT's asks each test in turn and stops at the first that rejects the candidate:
 * a branch on every verdict, mispredicted about as often as a test's outcome is a coin flip. The best view
 * asks every test and combines the verdicts without a branch (the count advances by their conjunction), which
 * costs the lookups a rejection would have skipped and saves those mispredictions, which cost more where
 * membership is unpredictable (random_tables_q4, query_exclude, churn_then_iter). A field's position is
 * written at the count before the verdict is known, so a rejected candidate's positions are overwritten by the
 * next one's. Inlined with a constant test count for the common queries (below), as EnTT's view is compiled
 * for its own list of pools: the loop over the tests unrolls and the pools stay in registers. */
static inline uint32_t view_chunk(const sp_test *tests, uint32_t ntests, const esb_entity_word *dense, uint32_t start,
                                  uint32_t end, uint32_t *drive_rows) {
    uint32_t n = 0;
    for (uint32_t i = start; i < end; ++i) {
        uint32_t idx = esb_word_low(dense[i]), version = esb_word_version(dense[i]);
#ifdef ESB_SPARSE_ENTT_VIEW
        for (uint32_t t = 0; t < ntests; ++t) {
            uint32_t pos = 0;
            if (sp_view_find(&tests[t].pool, idx, version, &pos) != tests[t].included) goto rejected;
        }
        for (uint32_t t = 0; t < ntests; ++t) /* get after contains: each field's pool asked again */
            if (tests[t].pool.rows) (void)sp_view_find(&tests[t].pool, idx, version, &tests[t].pool.rows[n]);
        drive_rows[n++] = i;
    rejected:;
#else
        bool match = true;
        for (uint32_t t = 0; t < ntests; ++t) {
            uint32_t pos = 0;
            match &= sp_view_find(&tests[t].pool, idx, version, &pos) == tests[t].included;
            if (tests[t].pool.rows) tests[t].pool.rows[n] = pos;
        }
        drive_rows[n] = i;
        n += match;
#endif
    }
    return n;
}

uint32_t sp_view_chunk(const esb_query *q, esb_component driver, uint32_t start, uint32_t end, uint32_t *drive_rows,
                       uint32_t *field_rows) {
    const esb_entity_word *dense = q->world->components[driver].pool.dense;
    sp_test tests[ESB_MAX_FIELDS + 2 * ESB_MAX_TERMS];
    uint32_t ntests = sp_tests(q, driver, field_rows, tests);
    switch (ntests) {
    case 1: return view_chunk(tests, 1, dense, start, end, drive_rows);
    case 2: return view_chunk(tests, 2, dense, start, end, drive_rows);
    case 3: return view_chunk(tests, 3, dense, start, end, drive_rows);
    default: return view_chunk(tests, ntests, dense, start, end, drive_rows);
    }
}

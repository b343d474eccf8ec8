#include "match.h"
#include "view_loop.h" /* the variant's view set, for SP_ORDERED_TESTS: view-best/ or view-entt/view_loop.h */

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

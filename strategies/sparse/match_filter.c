#include "match.h"

/* Pool-by-pool filtering ("a different approach to ECS", Rift): list the driving pool's chunk, then narrow the
 * list one pool at a time (keep those the next included pool holds, drop those an excluded pool holds), and
 * only then look the survivors' positions up, field by field. The same lookups as a view, in the other loop
 * order: one pool's pages at a time instead of every pool's per entity. */
uint32_t sp_filter_chunk(const esb_query *q, esb_component driver, uint32_t start, uint32_t end, uint32_t *drive_rows,
                         uint32_t *field_rows) {
    const esb_world *w = q->world;
    const esb_entity *dense = w->components[driver].pool.dense;
    uint32_t n = end - start;
    for (uint32_t j = 0; j < n; ++j) drive_rows[j] = start + j;
    for (uint32_t t = 0; t < q->include_count + q->exclude_count && n; ++t) {
        bool keep_present = t < q->include_count;
        esb_component c = keep_present ? q->include[t] : q->exclude[t - q->include_count];
        if (c == driver) continue;
        const esb_sparse_set *p = &w->components[c].pool;
        const sp_pool_view l = {p->pages, p->page_count, NULL};
        uint32_t m = 0;
        for (uint32_t j = 0; j < n; ++j) {
            esb_entity e = dense[drive_rows[j]];
            uint32_t pos;
            drive_rows[m] = drive_rows[j];
            m += sp_view_find(&l, esb_entity_index(e), esb_entity_version(e), &pos) == keep_present;
        }
        n = m;
    }
    for (uint32_t k = 0; k < q->field_count; ++k) {
        if (q->fields[k] == driver) continue;
        const esb_sparse_set *p = &w->components[q->fields[k]].pool;
        const sp_pool_view l = {p->pages, p->page_count, NULL};
        uint32_t *rows = field_rows + (size_t)k * SP_VIEW_CHUNK;
        for (uint32_t j = 0; j < n; ++j) {
            esb_entity e = dense[drive_rows[j]];
            (void)sp_view_find(&l, esb_entity_index(e), esb_entity_version(e), &rows[j]);
        }
    }
    return n;
}

#include "match.h"

/* Tests entities [start, end) of the driving pool; writes the matches' driving positions to drive_rows and
 * each other field's positions to its index array (field_rows + k * SP_VIEW_CHUNK). Returns the match count.
 * Compaction is branch-free: every candidate is written and the count advances only on a match. */
uint32_t sp_view_chunk(const esb_query *q, esb_component driver, uint32_t start, uint32_t end, uint32_t *drive_rows,
                       uint32_t *field_rows) {
    const esb_world *w = q->world;
    const esb_entity *dense = w->components[driver].pool.dense;
    sp_pool_view inc[ESB_MAX_FIELDS + ESB_MAX_TERMS], exc[ESB_MAX_TERMS];
    uint32_t ninc = 0, nexc = 0;
    for (uint32_t t = 0; t < q->include_count; ++t) {
        if (q->include[t] == driver) continue;
        const esb_sparse_set *p = &w->components[q->include[t]].pool;
        inc[ninc++] =
            (sp_pool_view){p->pages, p->page_count, t < q->field_count ? field_rows + (size_t)t * SP_VIEW_CHUNK : NULL};
    }
    for (uint32_t t = 0; t < q->exclude_count; ++t) {
        const esb_sparse_set *p = &w->components[q->exclude[t]].pool;
        exc[nexc++] = (sp_pool_view){p->pages, p->page_count, NULL};
    }
    uint32_t n = 0;
    for (uint32_t i = start; i < end; ++i) {
        uint32_t idx = esb_entity_index(dense[i]), version = esb_entity_version(dense[i]);
        bool match = true;
        for (uint32_t t = 0; t < ninc; ++t) {
            uint32_t pos = 0;
            match &= sp_view_find(&inc[t], idx, version, &pos);
            if (inc[t].rows) inc[t].rows[n] = pos;
        }
        for (uint32_t t = 0; t < nexc; ++t) {
            uint32_t pos;
            match &= !sp_view_find(&exc[t], idx, version, &pos);
        }
        drive_rows[n] = i;
        n += match;
    }
    return n;
}

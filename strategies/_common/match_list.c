#include "match_list.h"

#include <string.h>

#include "grow.h"

static size_t columns_bytes(const esb_match_list *m, uint32_t capacity) {
    return (size_t)capacity * m->field_count * sizeof *m->columns;
}

static esb_status reserve(esb_match_list *m, uint32_t needed) {
    if (needed <= m->capacity) return ESB_OK;
    uint32_t cap;
    if (esb_grow_capacity(m->capacity, needed, 8, UINT32_MAX, &cap) != ESB_OK) return ESB_ERR_FULL;
    uint32_t *ids = esb_mem_alloc(cap * sizeof *ids, 0);
    uint16_t *columns = m->field_count ? esb_mem_alloc(columns_bytes(m, cap), 0) : NULL;
    if (!ids || (m->field_count && !columns)) {
        esb_mem_free(ids, cap * sizeof *ids);
        esb_mem_free(columns, columns_bytes(m, cap));
        return ESB_ERR_NOMEM;
    }
    if (m->count) {
        memcpy(ids, m->ids, m->count * sizeof *ids);
        if (m->field_count) memcpy(columns, m->columns, columns_bytes(m, m->count));
    }
    esb_mem_free(m->ids, m->capacity * sizeof *m->ids);
    esb_mem_free(m->columns, columns_bytes(m, m->capacity));
    m->ids = ids;
    m->columns = columns;
    m->capacity = cap;
    return ESB_OK;
}

esb_status esb_match_list_catch_up_new(esb_match_list *m, uint32_t total, esb_match_test test, const void *query) {
    uint32_t fresh = 0;
    for (uint32_t id = m->seen; id < total; ++id) fresh += test(query, id, NULL);
    if (fresh == 0) { /* nothing to record, and the arrays may not exist yet */
        m->seen = total;
        return ESB_OK;
    }
    if (reserve(m, m->count + fresh) != ESB_OK) return ESB_ERR_NOMEM;
    for (; m->seen < total; ++m->seen) {
        uint16_t *columns = m->field_count ? m->columns + (size_t)m->count * m->field_count : NULL;
        if (test(query, m->seen, columns)) m->ids[m->count++] = m->seen;
    }
    return ESB_OK;
}

void esb_match_list_free(esb_match_list *m) {
    esb_mem_free(m->ids, m->capacity * sizeof *m->ids);
    esb_mem_free(m->columns, columns_bytes(m, m->capacity));
    memset(m, 0, sizeof *m);
}

#ifdef ESB_CHECKED
void esb_match_list_check_invariants(const esb_match_list *m, uint32_t total, esb_match_test test, const void *query) {
    ESB_ASSERT(m->count <= m->capacity);
    ESB_ASSERT_MSG(m->seen <= total, "a match list that has seen groups which do not exist");
    ESB_ASSERT(m->field_count <= ESB_MAX_FIELDS);
    uint16_t columns[ESB_MAX_FIELDS];
    uint32_t at = 0; /* the next listed match */
    for (uint32_t id = 0; id < m->seen; ++id) {
        bool listed = at < m->count && m->ids[at] == id;
        ESB_ASSERT_MSG(at == m->count || m->ids[at] >= id, "match ids out of order, or repeated");
        bool matches = test(query, id, m->field_count ? columns : NULL);
        ESB_ASSERT_MSG(listed == matches, "a cached match list that differs from testing every group again");
        if (!listed) continue;
        if (m->field_count)
            ESB_ASSERT_MSG(memcmp(columns, esb_match_list_columns(m, at), m->field_count * sizeof *columns) == 0,
                           "a cached match with stale field columns");
        at++;
    }
    ESB_ASSERT_MSG(at == m->count, "a match listed past the groups seen");
}

void esb_match_list_check_query(const esb_match_list *m, uint32_t fields, bool cached, uint32_t total,
                                esb_match_test test, const void *query) {
    ESB_ASSERT_MSG(m->field_count == fields, "a match list for another number of fields");
    if (cached)
        esb_match_list_check_invariants(m, total, test, query);
    else
        ESB_ASSERT_MSG(m->count == 0 && m->seen == 0, "an uncached query with a match list");
}
#endif

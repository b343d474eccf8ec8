#include "sparse_set.h"

#include <string.h>

#include "grow.h"

esb_status esb_sparse_grow(esb_sparse_set *p, uint32_t extra) {
    uint64_t need = (uint64_t)p->count + extra;
    if (need <= p->capacity) return ESB_OK;
    uint32_t cap;
    esb_status s = esb_grow_capacity(p->capacity, need, 16, ESB_MAX_ENTITIES, &cap);
    if (s != ESB_OK) return s;
    esb_grow_item items[2] = {
        {(void **)&p->dense, (size_t)p->capacity * sizeof *p->dense, (size_t)cap * sizeof *p->dense, 0, -1, NULL},
        {(void **)&p->data, (size_t)p->capacity * p->size, (size_t)cap * p->size, p->align, -1, NULL},
    };
    s = esb_grow_all(items, p->size ? 2 : 1);
    if (s == ESB_OK) p->capacity = cap;
    return s;
}

esb_status esb_sparse_make_page(esb_sparse_set *p, uint32_t idx) {
    uint32_t page = idx >> ESB_SPARSE_PAGE_BITS;
    if (page >= p->page_count) {
        uint32_t count = p->page_count ? p->page_count : 4;
        while (count <= page) count *= 2;
        esb_entity_word **pages = esb_mem_realloc(p->pages, p->page_count * sizeof *pages, count * sizeof *pages, 0);
        if (!pages) return ESB_ERR_NOMEM;
        memset(pages + p->page_count, 0, (count - p->page_count) * sizeof *pages);
        p->pages = pages;
        p->page_count = count;
    }
    if (!p->pages[page]) {
        esb_entity_word *fresh = esb_mem_alloc(ESB_SPARSE_PAGE * sizeof *fresh, 0);
        if (!fresh) return ESB_ERR_NOMEM;
        memset(fresh, 0xFF, ESB_SPARSE_PAGE * sizeof *fresh); /* ESB_SPARSE_EMPTY */
        p->pages[page] = fresh;
    }
    return ESB_OK;
}

esb_status esb_sparse_reserve_next_indices(esb_sparse_set *const *pools, uint32_t np, const esb_entity_table *ei,
                                           size_t n) {
    esb_status s = ESB_OK;
    if (np == 0) return s;
    uint32_t idx = ei->free_head;
    size_t i = 0;
    for (; i < n && idx != ESB_ET_NO_FREE; ++i, idx = esb_entity_index(esb_entity_of(*esb_et_slot(ei, idx))))
        for (uint32_t k = 0; s == ESB_OK && k < np; ++k) s = esb_sparse_reserve_index(pools[k], idx);
    if (s != ESB_OK || i == n) return s;
    /* Fresh indices [issued, issued + n - i): one reservation per page they span. */
    uint64_t first = ei->issued, last = ei->issued + (n - i) - 1;
    for (uint64_t page = first >> ESB_SPARSE_PAGE_BITS; s == ESB_OK && page <= last >> ESB_SPARSE_PAGE_BITS; ++page) {
        uint64_t at = page << ESB_SPARSE_PAGE_BITS > first ? page << ESB_SPARSE_PAGE_BITS : first;
        for (uint32_t k = 0; s == ESB_OK && k < np; ++k) s = esb_sparse_reserve_index(pools[k], (uint32_t)at);
    }
    return s;
}

void esb_sparse_free(esb_sparse_set *p) {
    for (uint32_t i = 0; i < p->page_count; ++i)
        esb_mem_free(p->pages[i], p->pages[i] ? ESB_SPARSE_PAGE * sizeof(esb_entity_word) : 0);
    esb_mem_free(p->pages, p->page_count * sizeof *p->pages);
    esb_mem_free(p->dense, (size_t)p->capacity * sizeof *p->dense);
    esb_mem_free(p->data, (size_t)p->capacity * p->size);
    memset(p, 0, sizeof *p);
}

#ifdef ESB_CHECKED
void esb_sparse_check_invariants(const esb_sparse_set *p, uint32_t index_bound) {
    ESB_ASSERT(p->count <= p->capacity);
    ESB_ASSERT(p->capacity == 0 || p->dense != NULL);
    ESB_ASSERT_MSG(p->size ? p->capacity == 0 || p->data != NULL : p->data == NULL, "a tag's pool holds values");
    ESB_ASSERT(p->page_count == 0 || p->pages != NULL);
    for (uint32_t pos = 0; pos < p->count; ++pos) {
        esb_entity e = esb_sparse_handle(p, pos);
        ESB_ASSERT_MSG(esb_entity_index(e) < index_bound, "a packed handle of an index never issued");
        ESB_ASSERT_MSG(esb_sparse_slot(p, esb_entity_index(e)) == esb_word_make(esb_entity_version(e), pos),
                       "a packed handle whose sparse slot does not point back at it");
    }
    uint64_t end = (uint64_t)p->page_count << ESB_SPARSE_PAGE_BITS, filled = 0;
    if (end > index_bound) end = index_bound;
    for (uint32_t idx = 0; idx < end; ++idx) filled += esb_sparse_slot(p, idx) != ESB_SPARSE_EMPTY;
    ESB_ASSERT_MSG(filled == p->count, "a filled sparse slot that no packed handle owns");
}
#endif

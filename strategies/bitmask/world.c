/* World lifetime, component registration and growth of the per-entity arrays. */
#include <string.h>

#include "values.h"

static uint32_t mask_words_used(uint32_t component_count) { return (component_count + 63) / 64; }

esb_status esb_world_create(esb_world **out) {
    return esb_core_create_world(out, sizeof(esb_world), _Alignof(esb_world), NULL);
}

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->core.queries.head) bm_query_free((esb_query *)w->core.queries.head);
    for (uint32_t c = 0; c < w->core.component_count; ++c) {
        bm_component *comp = &w->components[c];
        bm_values_free(comp, w->capacity);
        esb_mem_free(comp->filters, comp->filter_capacity * sizeof *comp->filters);
    }
    for (uint32_t k = 0; k < ESB_BITSET_WORDS; ++k) esb_mem_free(w->mask[k], (size_t)w->capacity * sizeof(uint64_t));
    esb_mem_free(w->cached, w->cached_capacity * sizeof *w->cached);
    esb_et_free(&w->core.entities);
    esb_mem_free(w, sizeof *w);
}

size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"cached_filters", "filter_updates"};
    uint64_t v[] = {w ? w->cached_count : 0, w ? w->filter_updates : 0};
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    esb_status s = esb_core_check_register(esb_core_of(w), desc, out);
    if (s != ESB_OK) return s;
    esb_component c = w->core.component_count;
    uint32_t word = c >> 6;
    if (w->capacity && !w->mask[word]) { /* the first component of a new 64-id range */
        w->mask[word] = esb_mem_calloc((size_t)w->capacity * sizeof(uint64_t), 0);
        if (!w->mask[word]) return ESB_ERR_NOMEM;
    }
    bm_component *comp = &w->components[c];
    memset(comp, 0, sizeof *comp);
    comp->name = desc->name;
    comp->size = (uint32_t)desc->size;
    comp->align = (uint32_t)desc->align;
    bm_values_init(comp);
    w->core.component_count++;
    *out = c;
    return ESB_OK;
}

esb_status bm_reserve(esb_world *w, uint64_t extra) {
    uint32_t cap;
    esb_status s = esb_et_plan(&w->core.entities, extra, &cap);
    if (s != ESB_OK || cap == w->capacity) return s;
    /* The slots grow first: if the arrays below cannot, the slots are merely roomier, and the next attempt
     * grows the arrays to the slots' capacity. */
    s = esb_et_grow(&w->core.entities, cap);
    if (s == ESB_OK) s = esb_change_sets_reserve(&w->changes, cap); /* likewise merely roomier on a failure below */
    if (s != ESB_OK) return s;

    size_t max_items = ESB_BITSET_WORDS + w->core.component_count + 3 * (size_t)w->cached_count;
    esb_grow_item *items = esb_mem_alloc(max_items * sizeof *items, 0);
    if (!items) return ESB_ERR_NOMEM;
    size_t n = 0;
    size_t old = w->capacity, now = cap;
    for (uint32_t k = 0; k < mask_words_used(w->core.component_count); ++k)
        items[n++] = (esb_grow_item){(void **)&w->mask[k], old * 8, now * 8, 0, 0, NULL};
    n += bm_values_grow_items(w, items + n, old, now);
    for (uint32_t i = 0; i < w->cached_count; ++i) {
        esb_query *q = w->cached[i];
        items[n++] = (esb_grow_item){(void **)&q->members, old * 4, now * 4, 0, -1, NULL};
        items[n++] = (esb_grow_item){(void **)&q->position, old * 4, now * 4, 0, 0xFF, NULL};
        size_t old_blocks = bm_block_count(w->capacity), new_blocks = bm_block_count(cap);
        if (new_blocks > old_blocks) /* new blocks hold no member yet: length 0 (B7) */
            items[n++] = (esb_grow_item){
                (void **)&q->verdicts, old_blocks * sizeof *q->verdicts, new_blocks * sizeof *q->verdicts, 0, 0, NULL};
    }
    s = esb_grow_all(items, n);
    esb_mem_free(items, max_items * sizeof *items);
    if (s != ESB_OK) return s;
    w->capacity = cap;
    return ESB_OK;
}

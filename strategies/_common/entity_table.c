#include "entity_table.h"

#include <string.h>

esb_status esb_ei_plan(const esb_entity_table *ei, uint64_t extra, uint32_t *capacity) {
    *capacity = ei->capacity;
    if (esb_ei_room(ei) >= extra) return ESB_OK;
    uint64_t needed = (uint64_t)ei->issued + (extra - ei->free_count);
    if (needed > ESB_INDEX_LIMIT) return ESB_ERR_FULL;
    uint64_t cap = ei->capacity ? ei->capacity : 64;
    while (cap < needed) cap *= 2;
    *capacity = cap > ESB_INDEX_LIMIT ? ESB_INDEX_LIMIT : (uint32_t)cap;
    return ESB_OK;
}

esb_status esb_ei_grow(esb_entity_table *ei, uint32_t new_capacity) {
    if (new_capacity <= ei->capacity) return ESB_OK;
    esb_entity *slots = esb_mem_realloc(ei->slots, (size_t)ei->capacity * sizeof *slots,
                                        (size_t)new_capacity * sizeof *slots, 0);
    if (!slots) return ESB_ERR_NOMEM;
    ei->slots = slots;
    ei->capacity = new_capacity;
    return ESB_OK;
}

esb_status esb_ei_reserve_with(esb_entity_table *ei, uint64_t extra, void **array, size_t elem,
                               uint32_t *array_capacity) {
    uint32_t cap;
    esb_status s = esb_ei_plan(ei, extra, &cap);
    if (s != ESB_OK || cap == *array_capacity) return s;
    if ((s = esb_ei_grow(ei, cap)) != ESB_OK) return s;
    void *grown = esb_mem_realloc(*array, (size_t)*array_capacity * elem, (size_t)cap * elem, 0);
    if (!grown) return ESB_ERR_NOMEM;
    *array = grown;
    *array_capacity = cap;
    return ESB_OK;
}

void esb_ei_free(esb_entity_table *ei) {
    esb_mem_free(ei->slots, (size_t)ei->capacity * sizeof *ei->slots);
    memset(ei, 0, sizeof *ei);
}

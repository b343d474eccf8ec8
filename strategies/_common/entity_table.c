#include "entity_table.h"

#include <string.h>

#include "grow.h"

esb_status esb_et_plan(const esb_entity_table *ei, uint64_t extra, uint32_t *capacity) {
    *capacity = ei->capacity;
    if (esb_et_room(ei) >= extra) return ESB_OK;
    uint64_t needed = (uint64_t)ei->issued + (extra - ei->free_count);
    return esb_grow_capacity(ei->capacity, needed, 64, ESB_INDEX_LIMIT, capacity);
}

esb_status esb_et_grow(esb_entity_table *ei, uint32_t new_capacity) {
    if (new_capacity <= ei->capacity) return ESB_OK;
    size_t slot = (size_t)ei->stride * sizeof *ei->slots;
    esb_entity_word *slots = esb_mem_realloc(ei->slots, ei->capacity * slot, new_capacity * slot, 0);
    if (!slots) return ESB_ERR_NOMEM;
    ei->slots = slots;
    ei->capacity = new_capacity;
    return ESB_OK;
}

esb_status esb_et_reserve(esb_entity_table *ei, uint64_t extra) {
    uint32_t cap;
    esb_status s = esb_et_plan(ei, extra, &cap);
    return s == ESB_OK ? esb_et_grow(ei, cap) : s;
}

void esb_et_free(esb_entity_table *ei) {
    esb_mem_free(ei->slots, (size_t)ei->capacity * ei->stride * sizeof *ei->slots);
    memset(ei, 0, sizeof *ei);
}

#ifdef ESB_CHECKED
void esb_et_check_invariants(const esb_entity_table *ei) {
    ESB_ASSERT(ei->issued <= ei->capacity);
    ESB_ASSERT((uint64_t)ei->capacity <= (uint64_t)ESB_INDEX_LIMIT);
    ESB_ASSERT(ei->capacity == 0 || ei->slots != NULL);
    uint32_t alive = 0;
    for (uint32_t i = 0; i < ei->issued; ++i) {
        uint32_t named = esb_entity_index(esb_entity_of(*esb_et_slot(ei, i)));
        ESB_ASSERT_MSG((esb_word_version(*esb_et_slot(ei, i)) & ~ESB_VERSION_MAX) == 0,
                       "a version wider than its bits");
        if (named == i)
            alive++;
        else
            ESB_ASSERT_MSG(named == ESB_ET_NO_FREE || named < ei->issued, "a dead slot names an index never issued");
    }
    uint32_t listed = 0;
    for (uint32_t i = ei->free_head; i != ESB_ET_NO_FREE; i = esb_entity_index(esb_entity_of(*esb_et_slot(ei, i)))) {
        ESB_ASSERT_MSG(i < ei->issued, "the free list names an index never issued");
        ESB_ASSERT_MSG(esb_entity_index(esb_entity_of(*esb_et_slot(ei, i))) != i, "an alive index on the free list");
        ESB_ASSERT_MSG(listed < ei->free_count, "the free list is longer than free_count, or loops");
        listed++;
    }
    ESB_ASSERT_MSG(listed == ei->free_count, "the free list is shorter than free_count");
    ESB_ASSERT_MSG((uint64_t)alive + ei->free_count + ei->retired == ei->issued,
                   "a dead index neither free nor retired");
    esb_et_check_retired(ei);
}

uint32_t esb_et_count_alive(const esb_entity_table *ei) {
    uint32_t alive = 0;
    for (uint32_t idx = 0; idx < ei->issued; ++idx)
        alive += esb_entity_index(esb_entity_of(*esb_et_slot(ei, idx))) == idx;
    return alive;
}

void esb_et_check_rows(const esb_entity_table *ei, const esb_entity *entities, uint32_t count, uint32_t group,
                       const void *records, size_t stride, size_t group_at, size_t row_at) {
    for (uint32_t row = 0; row < count; ++row) {
        ESB_ASSERT_MSG(esb_et_alive_in(ei, entities[row], ei->stride), "a row holding a dead entity");
        const unsigned char *record = (const unsigned char *)records + (size_t)esb_entity_index(entities[row]) * stride;
        uint32_t named_group, named_row;
        memcpy(&named_group, record + group_at, sizeof named_group);
        memcpy(&named_row, record + row_at, sizeof named_row);
        ESB_ASSERT_MSG(named_group == group && named_row == row, "a row whose entity's location names another");
    }
}
#endif

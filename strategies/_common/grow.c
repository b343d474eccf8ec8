#include "grow.h"

#include <string.h>

esb_status esb_grow_one(void **array, uint32_t count, uint32_t *capacity, size_t elem, uint32_t first, size_t align) {
    if (count < *capacity) return ESB_OK;
    uint32_t cap;
    if (esb_grow_capacity(*capacity, (uint64_t)count + 1, first, UINT32_MAX, &cap) != ESB_OK) return ESB_ERR_FULL;
    void *grown = esb_mem_realloc(*array, (size_t)*capacity * elem, (size_t)cap * elem, align);
    if (!grown) return ESB_ERR_NOMEM;
    *array = grown;
    *capacity = cap;
    return ESB_OK;
}

esb_status esb_grow_all(esb_grow_item *items, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        items[i].fresh = esb_mem_alloc(items[i].new_bytes, items[i].align);
        if (!items[i].fresh) {
            while (i--) esb_mem_free(items[i].fresh, items[i].new_bytes);
            return ESB_ERR_NOMEM;
        }
    }
    for (size_t i = 0; i < count; ++i) {
        esb_grow_item *g = &items[i];
        if (g->old_bytes) memcpy(g->fresh, *g->block, g->old_bytes);
        if (g->fill >= 0) memset((unsigned char *)g->fresh + g->old_bytes, g->fill, g->new_bytes - g->old_bytes);
        esb_mem_free(*g->block, g->old_bytes);
        *g->block = g->fresh;
    }
    return ESB_OK;
}

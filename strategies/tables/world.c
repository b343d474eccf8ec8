/* World lifetime, component registration, counters. */
#include <string.h>

#include "validate.h"
#include "tables.h"

esb_status esb_world_create(esb_world **out) {
    if (!out) return ESB_ERR_INVALID;
    esb_world *w = esb_mem_calloc(sizeof *w, _Alignof(esb_world));
    if (!w) return ESB_ERR_NOMEM;
    esb_et_init(&w->entities);
    w->empty_type = TB_NO_TABLE;
    *out = w;
    return ESB_OK;
}

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->queries.head) tb_query_free((esb_query *)w->queries.head);
    tb_tables_free(w);
    esb_mem_free(w->locations, (size_t)w->capacity * sizeof *w->locations);
    esb_et_free(&w->entities);
    esb_mem_free(w, sizeof *w);
}

size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"tables", "columns", "masked_batches"};
    uint64_t v[] = {w ? w->table_count : 0, w ? w->columns_made : 0, w ? w->masked_batches : 0};
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    if (!w || !out || esb_check_component_desc(desc) != ESB_OK) return ESB_ERR_INVALID;
    if (esb_qr_locked(&w->queries)) return ESB_ERR_LOCKED;
    if (w->component_count == ESB_MAX_COMPONENTS) return ESB_ERR_FULL;
    esb_component c = w->component_count++;
    w->components[c] = (esb_component_info){desc->name, (uint32_t)desc->size, (uint32_t)desc->align, desc->hint};
    *out = c;
    return ESB_OK;
}

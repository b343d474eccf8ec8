/* World lifetime, component registration, counters. */
#include "tables.h"

/* The entity table's slots in the location records; the table of entities without components is made on the
 * first esb_create. */
static esb_status world_init(esb_world *w) {
    esb_et_in_records(&w->core.entities, sizeof(tb_location));
    w->empty_type = TB_NO_TABLE;
    return ESB_OK;
}

esb_status esb_world_create(esb_world **out) {
    return esb_core_create_world(out, sizeof(esb_world), _Alignof(esb_world), world_init);
}

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->core.queries.head) tb_query_free((esb_query *)w->core.queries.head);
    tb_tables_free(w);
    esb_et_free(&w->core.entities);
    esb_mem_free(w, sizeof *w);
}

size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"tables", "columns", "masked_batches"};
    uint64_t v[] = {w ? w->table_count : 0, w ? w->columns_made : 0, w ? w->masked_batches : 0};
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    return w ? esb_core_register_info(&w->core, w->components, desc, out) : ESB_ERR_INVALID;
}

/* World lifetime, component registration (which picks each component's storage), counters, growth of the
 * entity index. */
#include "graph.h"
#include "hybrid.h"

/* The entity table's slots in the location records, then the root archetype. */
static esb_status world_init(esb_world *w) {
    esb_et_in_records(&w->core.entities, sizeof(hy_location));
    return esb_graph_make_root(w, hy_archetype_make);
}

esb_status esb_world_create(esb_world **out) {
    return esb_core_create_world(out, sizeof(esb_world), _Alignof(esb_world), world_init);
}

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->core.queries.head) hy_query_free((esb_query *)w->core.queries.head);
    hy_graph_free(w);
    for (uint32_t c = 0; c < w->core.component_count; ++c) {
        esb_sparse_free(&w->pools[c]);
        hy_pool_ticks *t = &w->pool_ticks[c];
        esb_mem_free(t->changed, (size_t)t->capacity * sizeof(uint64_t));
        esb_mem_free(t->added, (size_t)t->capacity * sizeof(uint64_t));
    }
    esb_et_free(&w->core.entities);
    esb_mem_free(w, sizeof *w);
}

size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"archetypes", "tables", "edge_hits", "edge_misses", "archetype_moves", "table_moves"};
    uint64_t v[] = {w ? w->graph.count : 0,       w ? w->table_count : 0,     w ? w->graph.edge_hits : 0,
                    w ? w->graph.edge_misses : 0, w ? w->archetype_moves : 0, w ? w->table_moves : 0};
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    esb_status s = w ? esb_core_register_info(&w->core, w->components, desc, out) : ESB_ERR_INVALID;
    if (s != ESB_OK) return s;
    esb_component c = *out;
    if (desc->hint == ESB_STORAGE_DENSE) esb_bitset_set(&w->table_components, c);
    if (desc->hint == ESB_STORAGE_SPARSE) { /* a tag too: its set holds no values */
        esb_bitset_set(&w->sparse_components, c);
        w->pools[c].size = (uint32_t)desc->size;
        w->pools[c].align = (uint32_t)desc->align;
    }
    return ESB_OK;
}

/* World lifetime, component registration and counters. */
#include "graph.h"
#include "chunks.h"

/* The entity table's slots in the location records, then the root archetype. */
static esb_status world_init(esb_world *w) {
    esb_et_in_records(&w->core.entities, sizeof(ck_location));
    return esb_graph_make_root(w, ck_archetype_make);
}

esb_status esb_world_create(esb_world **out) {
    return esb_core_create_world(out, sizeof(esb_world), _Alignof(esb_world), world_init);
}

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->core.queries.head) ck_query_free((esb_query *)w->core.queries.head);
    ck_store_free(w); /* before the archetypes: a chunk's size is its archetype's */
    ck_graph_free(w);
    esb_et_free(&w->core.entities);
    esb_mem_free(w, sizeof *w);
}

/* chunks: in use now; chunks_taken: taken for an archetype so far; chunks_allocated: of those, how many needed new
 * memory (the others reused a released chunk's). */
size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"archetypes", "chunks", "chunks_taken", "chunks_allocated", "edge_hits", "edge_misses", "moves"};
    uint64_t v[] = {w ? w->graph.count : 0,
                    w ? w->store_count - w->spare_count : 0,
                    w ? w->chunks_taken : 0,
                    w ? w->chunks_allocated : 0,
                    w ? w->graph.edge_hits : 0,
                    w ? w->graph.edge_misses : 0,
                    w ? w->moves : 0};
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    return w ? esb_core_register_info(&w->core, w->components, desc, out) : ESB_ERR_INVALID;
}

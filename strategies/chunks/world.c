/* World lifetime, component registration and counters. */
#include "graph.h"
#include "op_checks.h"
#include "world_new.h"
#include "chunks.h"

/* The entity table's slots in the location records, then the root archetype. */
static esb_status world_init(esb_world *w) {
    ck_use_records(w);
    return ck_graph_root(w);
}

ESB_WORLD_CREATE_API(world_init)

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->queries.head) ck_query_free((esb_query *)w->queries.head);
    ck_store_free(w); /* before the archetypes: a chunk's size is its archetype's */
    ck_graph_free(w);
    esb_mem_free(w->locations, (size_t)w->capacity * sizeof *w->locations);
    esb_et_free(&w->entities);
    esb_mem_free(w, sizeof *w);
}

/* chunks: in use now; chunks_taken: taken for an archetype so far; chunks_allocated: of those, how many needed new
 * memory (the others reused a released chunk's). */
size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"archetypes", "chunks", "chunks_taken", "chunks_allocated", "edge_hits", "edge_misses", "moves"};
    uint64_t v[] = {w ? w->archetype_count : 0,
                    w ? w->store_count - w->spare_count : 0,
                    w ? w->chunks_taken : 0,
                    w ? w->chunks_allocated : 0,
                    w ? w->edge_hits : 0,
                    w ? w->edge_misses : 0,
                    w ? w->moves : 0};
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    return ESB_WORLD_REGISTER_INFO(w, desc, out);
}

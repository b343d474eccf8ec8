/* Archetypes and tables: found by component set through hash indices, made on first need; archetypes linked
 * by add/remove edges; an archetype's own rows (entity, table row). */
#ifndef HYBRID_GRAPH_H
#define HYBRID_GRAPH_H

#include "archetype_graph.h"
#include "hybrid.h"

/* Makes an empty archetype with component set `signature` (esb_graph_make, _core/archetype_graph.h): a new archetype is empty, and
 * its table is made with it if that is new too (the root's is the table without columns; NOMEM may leave a new
 * empty table behind, which nothing observes). */
esb_status hy_archetype_make(esb_world *w, const esb_bitset *signature, uint32_t *out);

/* Frees every archetype and table, and the indices. */
void hy_graph_free(esb_world *w);

/* Room for `extra` more rows in an archetype's own lists (all or nothing); nothing for one alone on its table. */
esb_status hy_archetype_list_reserve(hy_archetype *a, uint64_t extra);
static inline esb_status hy_archetype_reserve(hy_archetype *a, uint64_t extra) {
    return a->alone ? ESB_OK : hy_archetype_list_reserve(a, extra);
}

/* Appends e, at table_row of its table, to a's rows; returns its archetype row (the table row, alone). */
static inline uint32_t hy_archetype_push(hy_archetype *a, esb_entity e, uint32_t table_row) {
    if (a->alone) return table_row;
    uint32_t row = a->count++;
    a->entities[row] = e;
    a->table_rows[row] = table_row;
    return row;
}

/* Removes an archetype row (not alone) by moving the last one into it; returns the handle that moved into
 * `row`, or ESB_ENTITY_NULL when `row` was the last. */
static inline esb_entity hy_archetype_swap_remove(hy_archetype *a, uint32_t row) {
    ESB_ASSERT(!a->alone);
    uint32_t last = --a->count;
    if (row == last) return ESB_ENTITY_NULL;
    a->entities[row] = a->entities[last];
    a->table_rows[row] = a->table_rows[last];
    return a->entities[row];
}

/* How many rows archetype a has. */
static inline uint32_t hy_archetype_rows(const esb_world *w, const hy_archetype *a) {
    return a->alone ? w->tables[a->table]->count : a->count;
}

#endif

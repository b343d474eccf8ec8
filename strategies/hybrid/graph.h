/* Archetypes and tables: found by component set through hash indices, made on first need; archetypes linked
 * by add/remove edges; an archetype's own rows (entity, table row). */
#ifndef HYBRID_GRAPH_H
#define HYBRID_GRAPH_H

#include "archetype_graph.h"
#include "hybrid.h"

/* hy_graph_root, hy_archetype_find, hy_archetype_step (_common/archetype_graph.h); a new archetype is empty, and
 * its table is made with it if that is new too (the root's is the table without columns; NOMEM may leave a new
 * empty table behind, which nothing observes). */
ESB_ARCHETYPE_GRAPH_DECLARE(hy)

/* Frees every archetype and table, and the indices. */
void hy_graph_free(esb_world *w);

/* Room for `extra` more rows in an archetype's own lists (all or nothing). */
esb_status hy_archetype_reserve(hy_archetype *a, uint64_t extra);

static inline uint32_t hy_archetype_push(hy_archetype *a, esb_entity e, uint32_t table_row) {
    uint32_t row = a->count++;
    a->entities[row] = e;
    a->table_rows[row] = table_row;
    return row;
}

/* Removes an archetype row by moving the last one into it; returns the handle that moved into `row`, or
 * ESB_ENTITY_NULL when `row` was the last. */
static inline esb_entity hy_archetype_swap_remove(hy_archetype *a, uint32_t row) {
    uint32_t last = --a->count;
    if (row == last) return ESB_ENTITY_NULL;
    a->entities[row] = a->entities[last];
    a->table_rows[row] = a->table_rows[last];
    return a->entities[row];
}

#endif

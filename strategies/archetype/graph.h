/* The archetype graph: every archetype the world has made, found by component set through a hash index, and
 * linked to its neighbours (one component more or less) through lazily filled edges. */
#ifndef ARCHETYPE_GRAPH_H
#define ARCHETYPE_GRAPH_H

#include "archetype.h"
#include "archetype_graph.h"

/* Makes an empty archetype with component set `signature` (esb_graph_make, _core/archetype_graph.h): a new archetype is empty, with
 * a table of its components' columns. */
esb_status at_archetype_make(esb_world *w, const esb_bitset *signature, uint32_t *out);

/* Frees every archetype, its table and edges, and the index. */
void at_graph_free(esb_world *w);

#endif

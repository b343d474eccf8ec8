/* The archetype graph: every archetype the world has made, found by component set through a hash index, and
 * linked to its neighbours (one component more or less) through lazily filled edges. */
#ifndef ARCHETYPE_GRAPH_H
#define ARCHETYPE_GRAPH_H

#include "archetype.h"

/* Makes the root archetype (no components) and the empty index. */
esb_status at_graph_init(esb_world *w);

/* Frees every archetype, its table and edges, and the index. */
void at_graph_free(esb_world *w);

/* Find by component set and step along an edge (_common/archetype_graph.h); a new archetype is empty, with a
 * table of its components' columns. */
esb_status at_archetype_find(esb_world *w, const esb_bitset *signature, uint32_t *out);
esb_status at_archetype_step(esb_world *w, uint32_t from, esb_component c, bool add, uint32_t *out);

#endif

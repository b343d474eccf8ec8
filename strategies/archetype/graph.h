/* The archetype graph: every archetype the world has made, found by component set through a hash index, and
 * linked to its neighbours (one component more or less) through lazily filled edges. */
#ifndef ARCHETYPE_GRAPH_H
#define ARCHETYPE_GRAPH_H

#include "world.h"

/* Makes the root archetype (no components) and the empty index. */
esb_status at_graph_init(esb_world *w);

/* Frees every archetype, its table and edges, and the index. */
void at_graph_free(esb_world *w);

/* The archetype whose component set is `signature`, made (empty) if it does not exist yet. NOMEM leaves the
 * world without it. O(1) expected, plus O(components) to make one. */
esb_status at_archetype_find(esb_world *w, const esb_bitset *signature, uint32_t *out);

/* The archetype reached from `from` by adding c (add) or removing it (!add): the cached edge when taken before
 * (a hit), else through at_archetype_find (a miss), after which the edge and its reverse are cached. NOMEM
 * when the archetype or the edges cannot be allocated; nothing observable has changed then. */
esb_status at_archetype_step(esb_world *w, uint32_t from, esb_component c, bool add, uint32_t *out);

#endif

/* The archetype graph of chunked archetypes: archetypes found by component set through a hash index and linked
 * to their neighbours through lazily filled edges (_core/archetype_graph.h); each archetype's chunk layout. */
#ifndef CHUNKS_GRAPH_H
#define CHUNKS_GRAPH_H

#include "archetype_graph.h"
#include "chunks.h"

/* Makes an empty archetype with component set `signature` (esb_graph_make, _core/archetype_graph.h): a new archetype has no chunk. */
esb_status ck_archetype_make(esb_world *w, const esb_bitset *signature, uint32_t *out);

/* Frees every archetype, its lists and edges, and the index (after the store, which asks them their sizes). */
void ck_graph_free(esb_world *w);

#endif

/* The archetype graph of chunked archetypes: archetypes found by component set through a hash index and linked
 * to their neighbours through lazily filled edges (_common/archetype_graph.h); each archetype's chunk layout. */
#ifndef CHUNKS_GRAPH_H
#define CHUNKS_GRAPH_H

#include "archetype_graph.h"
#include "chunks.h"

/* ck_graph_root, ck_archetype_find, ck_archetype_step (_common/archetype_graph.h); a new archetype has no chunk. */
ESB_ARCHETYPE_GRAPH_DECLARE(ck)

/* Frees every archetype, its lists and edges, and the index (after the store, which asks them their sizes). */
void ck_graph_free(esb_world *w);

#endif

/* The set chunk-view (every sparse variant but sparse-filter): a chunk's matches are found entity by entity, each
 * pool asked in turn (match_view.c here), which needs no arrays beyond the batch's; sparse.h says what a chunk set
 * defines. */
#ifndef SPARSE_CHUNK_H
#define SPARSE_CHUNK_H

#define SP_VIEW_KIND "view"
#define SP_FILTER_SCRATCH 0u

#endif

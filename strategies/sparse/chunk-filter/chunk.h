/* The set chunk-filter (sparse-filter): a chunk's matches are found by pool-by-pool filtering (match_filter.c
 * here), which narrows the chunk SP_FILTER_STEP candidates at a time in arrays of its own; sparse.h says what a
 * chunk set defines. */
#ifndef SPARSE_CHUNK_H
#define SPARSE_CHUNK_H

#define SP_VIEW_KIND "pool-filter"
#define SP_FILTER_SCRATCH SP_FILTER_STEP

#endif

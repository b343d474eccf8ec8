/* Whether a query's cached hint gets it a cached filter (filters.c) is a source set the variants file names: every
 * query scans in uncached/ (bitmask), the hint gets a cached filter in cached/ (bitmask-cached, bitmask-pools).
 * Each set's cache_hint_inline.h defines the two functions below; the filters' code around them is the same. */
#ifndef BITMASK_CACHE_HINT_H
#define BITMASK_CACHE_HINT_H

#include "bitmask.h"

/* Whether esb_query_create makes a query with the cached hint (and no change term) a cached filter. */
static inline bool bm_honours_cache_hint(void);

/* A cached filter's block holding position slot has changed: the next pass scans it again (B7). */
static inline void bm_forget_block_of(esb_query *q, uint32_t slot);

/* The variant's set's: uncached/cache_hint_inline.h or cached/cache_hint_inline.h (on its include path). */
#include "cache_hint_inline.h"

#endif

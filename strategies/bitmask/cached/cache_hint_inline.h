/* The cache set cached/ (bitmask-cached, bitmask-pools): a query with the cached hint is a cached filter
 * (cache_hint.h declares and describes these). */
#ifndef BITMASK_CACHE_HINT_INLINE_H
#define BITMASK_CACHE_HINT_INLINE_H

static inline bool bm_honours_cache_hint(void) { return true; }

static inline void bm_forget_block_of(esb_query *q, uint32_t slot) { q->verdicts[slot / ESB_BATCH_ROWS].length = 0; }

#endif

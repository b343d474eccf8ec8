/* The cache set uncached/ (bitmask): every query scans, whatever its hint, so no filter is ever attached
 * (cache_hint.h declares and describes these). */
#ifndef BITMASK_CACHE_HINT_INLINE_H
#define BITMASK_CACHE_HINT_INLINE_H

static inline bool bm_honours_cache_hint(void) { return false; }

/* No filter holds a block: the store is compiled out, which keeps destroy's generated code what it is without the
 * cache (inlined there, even code that never runs changes how the compiler allocates its registers). */
static inline void bm_forget_block_of(esb_query *q, uint32_t slot) { (void)q, (void)slot; }

#endif

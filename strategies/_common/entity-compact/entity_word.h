/* The entity word set entity-compact (sparse-compact): EnTT's default entity, 32 bits, a 12-bit version above a
 * 20-bit low part (an index, or in a pool's sparse slot a position); entity_table.h declares what a word set
 * defines. The variant narrows the table to fit (ESB_VERSION_BITS <= 12 and fewer than 2^20 indices), so that
 * no index or position is all ones and an all-ones low part can stand for ESB_ET_NO_FREE, an all-ones word for
 * "none" (ESB_WORD_NONE). */
#ifndef ESB_ENTITY_WORD_H
#define ESB_ENTITY_WORD_H

_Static_assert(ESB_VERSION_BITS <= 12 && ESB_INDEX_LIMIT < (1u << 20),
               "the 32-bit entity word needs ESB_VERSION_BITS <= 12 and ESB_INDEX_LIMIT < 2^20");

typedef uint32_t esb_entity_word;
#define ESB_WORD_LOW_BITS 20

#include "entity_word_parts.h"

/* A handle as a word, and back: an all-ones low part reads back as ESB_ET_NO_FREE. */
static inline esb_entity_word esb_word_of(esb_entity e) {
    return esb_word_make(esb_entity_version(e), esb_entity_index(e));
}
static inline esb_entity esb_entity_of(esb_entity_word w) {
    uint32_t low = esb_word_low(w);
    return esb_entity_make(low == ESB_WORD_LOW_MASK ? ESB_ET_NO_FREE : low, esb_word_version(w));
}

#endif

/* The entity word set entity-wide (every variant but sparse-compact): an entity is stored as the contract's
 * 64-bit handle itself, a 32-bit version above a 32-bit index, so a word and a handle convert by the identity
 * (entity_table.h declares what a word set defines). */
#ifndef ESB_ENTITY_WORD_H
#define ESB_ENTITY_WORD_H

typedef uint64_t esb_entity_word;
#define ESB_WORD_LOW_BITS 32

#include "entity_word_parts.h"

static inline esb_entity_word esb_word_of(esb_entity e) { return e; }
static inline esb_entity esb_entity_of(esb_entity_word w) { return w; }

#endif

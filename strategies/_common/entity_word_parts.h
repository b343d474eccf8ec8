/* A word's parts, for the entity word sets (entity-wide/entity_word.h, entity-compact/entity_word.h), which
 * define esb_entity_word and ESB_WORD_LOW_BITS before they include this: a version above a low part of
 * ESB_WORD_LOW_BITS bits. */
#ifndef ESB_ENTITY_WORD_PARTS_H
#define ESB_ENTITY_WORD_PARTS_H

#define ESB_WORD_NONE ((esb_entity_word)-1)
#define ESB_WORD_LOW_MASK ((uint32_t)((((uint64_t)1) << ESB_WORD_LOW_BITS) - 1))

static inline esb_entity_word esb_word_make(uint32_t version, uint32_t low) {
    return (esb_entity_word)((esb_entity_word)version << ESB_WORD_LOW_BITS | (low & ESB_WORD_LOW_MASK));
}
static inline uint32_t esb_word_low(esb_entity_word w) { return (uint32_t)w & ESB_WORD_LOW_MASK; }
static inline uint32_t esb_word_version(esb_entity_word w) { return (uint32_t)(w >> ESB_WORD_LOW_BITS); }

#endif

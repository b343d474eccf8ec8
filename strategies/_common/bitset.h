/* A 256-bit set, one bit per component id: signatures, include/exclude masks. */
#ifndef ESB_BITSET_H
#define ESB_BITSET_H

#include <string.h>

#include "contract.h"

#define ESB_BITSET_WORDS (ESB_MAX_COMPONENTS / 64)

typedef struct esb_bitset {
    uint64_t w[ESB_BITSET_WORDS];
} esb_bitset;

static inline void esb_bitset_set(esb_bitset *s, uint32_t bit) { s->w[bit >> 6] |= 1ull << (bit & 63); }
static inline void esb_bitset_clear(esb_bitset *s, uint32_t bit) { s->w[bit >> 6] &= ~(1ull << (bit & 63)); }
static inline bool esb_bitset_test(const esb_bitset *s, uint32_t bit) { return (s->w[bit >> 6] >> (bit & 63)) & 1u; }

/* The set of count component ids (a bulk creation's component set). */
static inline void esb_bitset_of_ids(esb_bitset *s, const esb_component *ids, uint32_t count) {
    memset(s, 0, sizeof *s);
    for (uint32_t k = 0; k < count; ++k) esb_bitset_set(s, ids[k]);
}

static inline bool esb_bitset_contains(const esb_bitset *set, const esb_bitset *sub) {
    uint64_t missing = 0;
    for (unsigned i = 0; i < ESB_BITSET_WORDS; ++i) missing |= sub->w[i] & ~set->w[i];
    return missing == 0;
}

static inline bool esb_bitset_disjoint(const esb_bitset *a, const esb_bitset *b) {
    uint64_t common = 0;
    for (unsigned i = 0; i < ESB_BITSET_WORDS; ++i) common |= a->w[i] & b->w[i];
    return common == 0;
}

/* How many members of s are below bit: bit's place among them, when it is one (a component's rank in a set). */
static inline uint32_t esb_bitset_rank(const esb_bitset *s, uint32_t bit) {
    uint32_t rank = 0, word = bit >> 6;
    for (uint32_t i = 0; i < word; ++i) rank += (uint32_t)__builtin_popcountll(s->w[i]);
    return rank + (uint32_t)__builtin_popcountll(s->w[word] & ((1ull << (bit & 63)) - 1));
}

/* How many members s has. */
static inline uint32_t esb_bitset_count(const esb_bitset *s) {
    uint32_t n = 0;
    for (unsigned i = 0; i < ESB_BITSET_WORDS; ++i) n += (uint32_t)__builtin_popcountll(s->w[i]);
    return n;
}

#endif

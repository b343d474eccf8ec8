/* A 256-bit set, one bit per component id: signatures, include/exclude masks. */
#ifndef ESB_BITSET_H
#define ESB_BITSET_H

#include "contract.h"

#define ESB_BITSET_WORDS (ESB_MAX_COMPONENTS / 64)

typedef struct esb_bitset {
    uint64_t w[ESB_BITSET_WORDS];
} esb_bitset;

static inline void esb_bitset_set(esb_bitset *s, uint32_t bit) { s->w[bit >> 6] |= 1ull << (bit & 63); }
static inline void esb_bitset_clear(esb_bitset *s, uint32_t bit) { s->w[bit >> 6] &= ~(1ull << (bit & 63)); }
static inline bool esb_bitset_test(const esb_bitset *s, uint32_t bit) { return (s->w[bit >> 6] >> (bit & 63)) & 1u; }

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

#endif

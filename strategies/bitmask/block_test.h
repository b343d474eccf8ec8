/* The tests of up to 64 consecutive entities' masks at once, in one mask word: what the scan (scan.c) and the
 * query-wide calls (matching.c) find a block's matches with. */
#ifndef BITMASK_BLOCK_TEST_H
#define BITMASK_BLOCK_TEST_H

#include <stdbool.h>
#include <stdint.h>

/* Bit j set iff entity first + j (j < len) has every bit of inc and none of exc in its mask word (mask: that word's
 * array), without a branch. */
static inline uint64_t bm_word_matches(const uint64_t *mask, uint32_t first, uint32_t len, uint64_t inc, uint64_t exc) {
    uint64_t bits = 0;
    for (uint32_t j = 0; j < len; ++j) {
        uint64_t m = mask[first + j];
        bits |= (uint64_t)(((m & inc) == inc) & ((m & exc) == 0)) << j;
    }
    return bits;
}

/* Whether every entity of the len whose mask words start at mask has every bit of inc and none of exc: an
 * OR-reduction of the wrong bits, which vectorises fully, so a stretch where every entity matches pays no
 * per-entity bit extraction. (scan.c's block_all_match writes the same loop in place: through a call, gcc
 * allocates the registers of the scan's hot loop otherwise.) */
static inline bool bm_word_all_match(const uint64_t *mask, uint32_t len, uint64_t inc, uint64_t exc) {
    uint64_t wrong = 0;
    for (uint32_t j = 0; j < len; ++j) wrong |= ((mask[j] & inc) ^ inc) | (mask[j] & exc);
    return !wrong;
}

#endif

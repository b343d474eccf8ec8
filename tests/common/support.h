/* What the unit tests of strategies/_common/ share: a small deterministic generator, and the allocation-failure
 * sweep (fail the k-th allocating call of an operation for every k it makes, and check it left its structure
 * as it was). */
#ifndef COMMON_TEST_SUPPORT_H
#define COMMON_TEST_SUPPORT_H

#include <stdint.h>

#include "memory.h"

/* xorshift64*: enough for choosing operations; a fixed seed makes every run the same. */
static inline uint32_t unit_rand(uint64_t *state) {
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return (uint32_t)((x * 0x2545F4914F6CDD1Dull) >> 32);
}

/* Bytes the hooks count as allocated now: a structure freed gives back exactly what it took. */
static inline size_t unit_live_bytes(void) { return esb_mem_get_stats().live_bytes; }

#endif

#include "layout.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static uint64_t g_stream;

/* splitmix64: a full-period stream whose outputs pass the usual statistical batteries, and one line of state. */
static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t layout_new_seed(void) {
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        size_t got = fread(&seed, sizeof seed, 1, f);
        fclose(f);
        if (got == 1) return seed;
    }
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    uint64_t state = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec + ((uint64_t)getpid() << 32);
    return splitmix(&state);
}

uint64_t layout_next_seed(uint64_t seed) { return splitmix(&seed); }

void layout_begin(uint64_t seed) { g_stream = seed; }

size_t layout_block_residue(size_t window, size_t unit) {
    return (size_t)(splitmix(&g_stream) % (window / unit)) * unit;
}

size_t layout_stack_residue(uint64_t seed) {
    uint64_t state = seed ^ 0x5DEECE66Dull; /* a stream of its own, so the stack does not follow block 1 */
    return (size_t)(splitmix(&state) % (LAYOUT_WINDOW / 16)) * 16;
}

#include "scratch.h"

#include <stdlib.h>

static uint64_t refusals;
static size_t last_refused_bytes;

static void *refused(size_t bytes) {
    refusals++;
    last_refused_bytes = bytes;
    return NULL;
}

/* A block of count * size bytes (at least one, so that NULL always means refused), zeroed or not. */
static void *scratch_block(size_t count, size_t size, int zeroed) {
    if (size && count > SIZE_MAX / size) return refused(SIZE_MAX);
    size_t bytes = count * size;
    void *p = zeroed ? calloc(bytes ? bytes : 1, 1) : malloc(bytes ? bytes : 1);
    return p ? p : refused(bytes);
}

void *scratch_alloc(size_t count, size_t size) { return scratch_block(count, size, 0); }

void *scratch_calloc(size_t count, size_t size) { return scratch_block(count, size, 1); }

uint64_t scratch_refusals(void) { return refusals; }

size_t scratch_last_refused_bytes(void) { return last_refused_bytes; }

/* A raw baseline's arrays, each one block from the memory hooks: its bytes per entity are counted as the
 * strategies' are, and each array is placed as every strategy's blocks are (harness/layout.h). */
#ifndef SCENARIOS_RAW_BLOCK_H
#define SCENARIOS_RAW_BLOCK_H

#include <stdbool.h>
#include <stddef.h>

#define RAW_BLOCK_ARRAYS 5u

typedef struct raw_block {
    void *array[RAW_BLOCK_ARRAYS]; /* NULL where the array is empty */
    size_t bytes[RAW_BLOCK_ARRAYS];
} raw_block;

/* Allocates count (<= RAW_BLOCK_ARRAYS) arrays of bytes[k] bytes, 64-byte aligned, and points b->array[k] at
 * them; false (nothing left allocated) when out of memory. */
bool raw_block_alloc(raw_block *b, unsigned count, const size_t *bytes);

void raw_block_free(raw_block *b);

#endif

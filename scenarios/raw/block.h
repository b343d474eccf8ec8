/* A raw baseline's arrays, each one block from the memory hooks: its bytes per entity are counted as the
 * strategies' are, and each array is placed as every strategy's blocks are (platform/layout.h). */
#ifndef SCENARIOS_RAW_BLOCK_H
#define SCENARIOS_RAW_BLOCK_H

#include <stdbool.h>
#include <stddef.h>

#define RAW_BLOCK_ARRAYS 5u

typedef struct raw_block {
    void *array[RAW_BLOCK_ARRAYS]; /* NULL where the array is empty */
    size_t bytes[RAW_BLOCK_ARRAYS];
} raw_block;

/* Allocates count (<= RAW_BLOCK_ARRAYS) arrays of bytes[k] bytes, with malloc's alignment (block.c says why),
 * and points b->array[k] at them; false (nothing left allocated) when out of memory. */
bool raw_block_alloc(raw_block *b, unsigned count, const size_t *bytes);

void raw_block_free(raw_block *b);

/* A baseline's context whose first member is its raw_block: size bytes, zero-filled, from the memory hooks, then
 * its count arrays (raw_block_alloc). NULL with *error set, nothing left allocated, when out of memory. */
void *raw_context_new(size_t size, unsigned count, const size_t *bytes, const char **error);

/* Frees a context of size bytes that raw_context_new made, with its arrays. */
void raw_context_free(void *ctx, size_t size);

#endif

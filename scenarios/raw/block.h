/* One allocation from the memory hooks holding a raw baseline's arrays, so its bytes per entity are counted as
 * the strategies' are. */
#ifndef SCENARIOS_RAW_BLOCK_H
#define SCENARIOS_RAW_BLOCK_H

#include <stdbool.h>
#include <stddef.h>

#define RAW_BLOCK_ARRAYS 5u

typedef struct raw_block {
    unsigned char *base;
    size_t size;
    void *array[RAW_BLOCK_ARRAYS]; /* NULL where the array is empty */
} raw_block;

/* Lays out count (<= RAW_BLOCK_ARRAYS) arrays of bytes[k] bytes in one block and points b->array[k] at them;
 * false when out of memory. */
bool raw_block_alloc(raw_block *b, unsigned count, const size_t *bytes);

void raw_block_free(raw_block *b);

#endif

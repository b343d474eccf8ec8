/* The scenarios' own memory: contexts, handle lists, the value arrays prepared before the clock starts. It comes
 * from the C library, not from the allocator hooks (memory.h): it is no strategy's storage, so it is neither
 * placed (layout.h) nor counted in bytes per entity. Like the hooks, these functions record every block the C
 * library refuses, so that the harness can report a cell that failed for want of memory as out of memory,
 * whatever the scenario made of the NULL. Blocks are freed with free(). */
#ifndef PLATFORM_SCRATCH_H
#define PLATFORM_SCRATCH_H

#include <stddef.h>
#include <stdint.h>

/* count elements of size bytes each, uninitialised; NULL (recorded as refused) only when the C library refuses
 * or count * size does not fit in a size_t: an empty array still gets a block, so a NULL is never mistaken for
 * one. */
void *scratch_alloc(size_t count, size_t size);

/* As scratch_alloc, but zero-filled. */
void *scratch_calloc(size_t count, size_t size);

/* Refusals so far in the process, and the size of the block the last one asked for (SIZE_MAX where count *
 * size did not fit). */
uint64_t scratch_refusals(void);
size_t scratch_last_refused_bytes(void);

#endif

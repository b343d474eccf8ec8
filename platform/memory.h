/* Allocator hooks: the only way a strategy may obtain memory.
 *
 * The harness implements them (platform/memory.c). They count live and peak bytes exactly, so the harness can
 * report bytes per entity; they can be told to fail the k-th allocation so tests can check that every
 * operation survives an out-of-memory error with the world intact; and they start every block at an offset
 * drawn from the measured cell's layout seed (platform/layout.h), so that no strategy's memory layout is one
 * frozen draw of the C library's.
 *
 * Deallocation is sized (the caller passes the size it allocated, as in C++'s sized delete or Rust's
 * allocator API): the counts stay exact from what the caller says. Test builds (ESB_MEMORY_CHECKED) also record
 * each block's size and alignment and verify them on every free and realloc.
 */
#ifndef ESB_MEMORY_H
#define ESB_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/* Largest alignment the hooks (and so any component) support: one cache line. */
#define ESB_MAX_ALIGN 64u

/* Returns size bytes aligned to align (a power of two <= ESB_MAX_ALIGN; 0 means the malloc default, a shorthand
 * of the hooks only: a component's align is never 0, contract.h), or NULL
 * when out of memory or when an injected failure fires. Contents are uninitialised. size 0 also returns NULL
 * without counting as a call or a failure: a caller with possibly empty arrays checks the size, not the
 * pointer, before reporting ESB_ERR_NOMEM. */
void *esb_mem_alloc(size_t size, size_t align);

/* As esb_mem_alloc, but zero-filled. */
void *esb_mem_calloc(size_t size, size_t align);

/* Resizes a block from esb_mem_alloc/calloc/realloc made with the same align; old_size is its current size.
 * ptr NULL allocates. On failure returns NULL and leaves the old block valid and unchanged. new_size 0 is
 * invalid (returns NULL, block unchanged): free instead. Bytes past old_size are uninitialised. */
void *esb_mem_realloc(void *ptr, size_t old_size, size_t new_size, size_t align);

/* Frees a block; size must be the size it was (re)allocated with. NULL is ignored. */
void esb_mem_free(void *ptr, size_t size);

/* Accounting, process-wide. */
typedef struct esb_mem_stats {
    size_t live_bytes;         /* bytes currently allocated through the hooks */
    size_t peak_bytes;         /* high-water mark of live_bytes since the last esb_mem_reset_peak */
    uint64_t allocations;      /* successful alloc/calloc/realloc calls so far */
    uint64_t failures;         /* calls that returned NULL (real or injected) */
    uint64_t refusals;         /* of those, the ones the C library refused or no block could satisfy, never an
                              injected one: a failure the harness reports as out of memory, whatever the caller
                              made of the NULL */
    size_t last_refused_bytes; /* the size the last refused call asked for */
    /* Since the process began, never reset: what a stretch of work asked of the allocator, read as the difference
     * of two readings (the frames of a framed scenario, harness/runner.h). Deterministic, whatever the machine. */
    uint64_t bytes_allocated; /* sizes of every successful alloc and calloc, and the new size of every realloc */
    uint64_t bytes_retired;   /* old sizes of every block freed or reallocated: what growth copied (a realloc, or a
                                 block replaced by a new one, copied and freed; a shrinking realloc copies less),
                                 and blocks dropped */
} esb_mem_stats;

esb_mem_stats esb_mem_get_stats(void);
void esb_mem_reset_peak(void);

/* Failure injection: the k-th allocating call from now (k >= 1; alloc, calloc and realloc count) fails once.
 * k = 0 disarms. Returns the number of allocating calls made since the last arming, so a test can first count
 * the calls an operation makes and then fail each one in turn. */
uint64_t esb_mem_fail_nth(uint64_t k);

#endif

/* All-or-nothing growth of several arrays at once.
 *
 * A strategy whose per-entity data lives in many parallel arrays (masks, columns, filter maps) must grow them
 * together, and an allocation failure halfway must leave every array as it was. esb_grow_all allocates every
 * new block first and only then copies and frees the old ones. */
#ifndef ESB_GROW_H
#define ESB_GROW_H

#include "contract.h"

typedef struct esb_grow_item {
    void **block;     /* the array's pointer; replaced on success */
    size_t old_bytes; /* its current size (0 when *block is NULL) */
    size_t new_bytes; /* > old_bytes */
    size_t align;
    int fill;    /* byte value for the new tail, or -1 to leave it uninitialised */
    void *fresh; /* private */
} esb_grow_item;

/* The growth policy of every array here: the capacity that holds `needed` entries, doubling from `current` (from
 * `first` when the array is empty), never above `limit`; ESB_ERR_FULL when `needed` is above it. Doubling keeps the
 * cost of appends amortised O(1) while wasting at most half of an array, as std::vector and Rust's Vec do. */
static inline esb_status esb_grow_capacity(uint32_t current, uint64_t needed, uint32_t first, uint64_t limit,
                                           uint32_t *out) {
    if (needed > limit) return ESB_ERR_FULL;
    uint64_t cap = current ? current : first;
    while (cap < needed) cap *= 2;
    *out = (uint32_t)(cap > limit ? limit : cap);
    return ESB_OK;
}

/* Grows every item or none: ESB_ERR_NOMEM leaves all blocks untouched. */
esb_status esb_grow_all(esb_grow_item *items, size_t count);

/* Room for one more entry in an array of `elem`-byte entries holding `count` of *capacity, doubling it (from
 * `first` entries); ESB_ERR_NOMEM leaves it as it was. For the lists of archetypes, tables and columns. */
esb_status esb_grow_one(void **array, uint32_t count, uint32_t *capacity, size_t elem, uint32_t first, size_t align);

#endif

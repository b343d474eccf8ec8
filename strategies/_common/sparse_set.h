/* A pool: the sparse set that stores one component type (the design of EnTT's and Shipyard's storage). The
 * sparse-set strategy keeps every component in one; the hybrid strategy those registered with the sparse hint.
 *
 *  - sparse: entity index -> (version << 32 | packed position), in pages of SP_PAGE entries allocated on first
 *    use, so a pool that holds a few high indices does not pay for all the low ones. A slot holds the version
 *    of the entity it was filled for, so a membership test is one load and one compare, and a stale handle of
 *    a recycled index fails it without touching the packed arrays.
 *  - dense: the packed entity handles; data: the packed component values aligned with them (none for tags).
 *
 * Removal swaps the last element into the hole. Nothing here checks liveness: the world does. */
#ifndef ESB_SPARSE_SET_H
#define ESB_SPARSE_SET_H

#include "check.h"
#include "contract.h"
#include "entity_table.h"

#ifndef SP_PAGE_BITS
#define SP_PAGE_BITS 12 /* 4096 entries (32 KiB) per sparse page */
#endif
#define SP_PAGE ((uint32_t)1 << SP_PAGE_BITS)
#define SP_EMPTY UINT64_MAX

/* Invariants (sp_check_invariants):
 *  S1 count <= capacity; dense holds capacity handles, data capacity values (none for a tag: size 0).
 *  S2 The sparse slot of every packed handle's index holds that handle's version and its packed position, so
 *     the packed handles are distinct and each is found where it is.
 *  S3 No other slot is filled: a filled slot always names a packed handle. */
typedef struct sp_pool {
    uint64_t **pages;    /* page_count pointers, NULL where no entry was ever set */
    uint32_t page_count;
    esb_entity *dense;
    unsigned char *data; /* capacity * size bytes, NULL for tags */
    uint32_t count, capacity;
    uint32_t size, align;
} sp_pool;

static inline uint64_t sp_slot(const sp_pool *p, uint32_t idx) {
    uint32_t page = idx >> SP_PAGE_BITS;
    if (page >= p->page_count || !p->pages[page]) return SP_EMPTY;
    return p->pages[page][idx & (SP_PAGE - 1)];
}

/* True iff e (a live handle) is in the pool; *pos receives its packed position. */
static inline bool sp_find(const sp_pool *p, esb_entity e, uint32_t *pos) {
    uint64_t slot = sp_slot(p, esb_entity_index(e));
    *pos = (uint32_t)slot;
    return slot != SP_EMPTY && (uint32_t)(slot >> 32) == esb_entity_version(e);
}

static inline bool sp_contains(const sp_pool *p, esb_entity e) {
    uint32_t pos;
    return sp_find(p, e, &pos);
}

/* Address of the value at pos; NULL for a tag's pool, which stores no data (and has no array to offset). */
static inline void *sp_value(const sp_pool *p, uint32_t pos) {
    return p->data ? p->data + (size_t)pos * p->size : NULL;
}

/* Room for `extra` more elements and sparse pages for entity indices [first, first + count): all allocations
 * an emplace of those indices needs. ESB_ERR_NOMEM leaves the pool's contents intact (some capacity may
 * remain). */
esb_status sp_reserve(sp_pool *p, uint32_t extra);
esb_status sp_reserve_index(sp_pool *p, uint32_t idx);

/* Sparse pages, in each of the np pools, for the next n indices the entity table will issue (the first n of
 * its free list, then fresh ones): what emplacing the entities of a bulk creation needs. */
esb_status sp_reserve_next_indices(sp_pool *const *pools, uint32_t np, const esb_entity_table *ei, size_t n);

/* Appends e with value (or zeros); requires sp_reserve(p, 1) and sp_reserve_index for its index. */
void sp_emplace(sp_pool *p, esb_entity e, const void *value);

/* Removes the element at pos by moving the last one into its place. */
void sp_erase(sp_pool *p, uint32_t pos);

void sp_pool_free(sp_pool *p);

#ifdef ESB_CHECKED
/* Asserts S1-S3 for a pool whose handles all have indices below index_bound (the entity table's issued count);
 * slots at or above it are not examined. O(count + index_bound). */
void sp_check_invariants(const sp_pool *p, uint32_t index_bound);
#endif

#endif

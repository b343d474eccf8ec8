/* A pool: the sparse set that stores one component type (the design of EnTT's and Shipyard's storage). The
 * sparse-set strategy keeps every component in one; the hybrid strategy those registered with the sparse hint.
 *
 *  - sparse: entity index -> (version, packed position), in pages of ESB_SPARSE_PAGE entries allocated on first
 *    use, so a pool that holds a few high indices does not pay for all the low ones. A slot holds the version
 *    of the entity it was filled for, so a membership test is one load and one compare, and a stale handle of
 *    a recycled index fails it without touching the packed arrays.
 *  - dense: the packed entity handles; data: the packed component values aligned with them (none for tags).
 *
 * Slots and packed handles are entity words (entity_table.h): the contract's 64-bit handles by default, EnTT's
 * 32-bit entities in the variants with the set entity-compact; a slot's low part is the position.
 * ESB_SPARSE_EMPTY is the all-ones word, which no filled slot can be (no position is all ones).
 *
 * Removal swaps the last element into the hole. Nothing here checks liveness: the world does. */
#ifndef ESB_SPARSE_SET_H
#define ESB_SPARSE_SET_H

#include <string.h>

#include "check.h"
#include "component_info.h"
#include "contract.h"
#include "entity_table.h"

#define ESB_SPARSE_PAGE_BITS 12 /* 4096 entries per sparse page */
#define ESB_SPARSE_PAGE ((uint32_t)1 << ESB_SPARSE_PAGE_BITS)
#define ESB_SPARSE_EMPTY ESB_WORD_NONE

/* Invariants (esb_sparse_check_invariants):
 *  S1 count <= capacity; dense holds capacity handles, data capacity values (none for a tag: size 0).
 *  S2 The sparse slot of every packed handle's index holds that handle's version and its packed position, so
 *     the packed handles are distinct and each is found where it is.
 *  S3 No other slot is filled: a filled slot always names a packed handle.
 *
 * stamp counts the changes that shrink or reorder the packed handles (an erase, a swap, a sort: whoever moves
 * handles bumps it), so it only grows. An append only raises count, so the packed handles are those someone
 * saw iff stamp and count are both what they were (no erase or move since, hence no append either). */
typedef struct esb_sparse_set {
    esb_entity_word **pages; /* page_count pointers, NULL where no entry was ever set */
    uint32_t page_count;
    esb_entity_word *dense; /* packed handles (esb_word_of) */
    unsigned char *data;    /* capacity * size bytes, NULL for tags */
    uint32_t count, capacity;
    uint32_t size, align;
    uint64_t stamp;
} esb_sparse_set;

/* The handle at packed position pos. */
static inline esb_entity esb_sparse_handle(const esb_sparse_set *p, uint32_t pos) {
    return esb_entity_of(p->dense[pos]);
}

/* The slot of index idx: ESB_SPARSE_EMPTY where its page was never made. */
static inline esb_entity_word esb_sparse_slot(const esb_sparse_set *p, uint32_t idx) {
    uint32_t page = idx >> ESB_SPARSE_PAGE_BITS;
    if (page >= p->page_count || !p->pages[page]) return ESB_SPARSE_EMPTY;
    return p->pages[page][idx & (ESB_SPARSE_PAGE - 1)];
}

/* Points the slot of e's index (whose page esb_sparse_reserve_index made) at packed position pos: what a move
 * within the packed arrays (a swap, a sort) writes for each handle it moved. */
static inline void esb_sparse_point(esb_sparse_set *p, esb_entity e, uint32_t pos) {
    uint32_t idx = esb_entity_index(e);
    p->pages[idx >> ESB_SPARSE_PAGE_BITS][idx & (ESB_SPARSE_PAGE - 1)] = esb_word_make(esb_entity_version(e), pos);
}

/* Whether a sparse slot was filled for an entity of this version, which fits in the word's version part (a
 * packed handle's does; a caller's handle may not): one compare, as EnTT tests its sparse entries. The slot and
 * the version's word agree above the low part iff the versions are equal, and then their xor is the slot's
 * position, which is never all ones; an empty slot's low part is all ones. What the views' loops ask, with the
 * version's word made once per candidate. */
static inline bool esb_slot_holds(esb_entity_word slot, uint32_t version) {
    return (esb_entity_word)(slot ^ esb_word_make(version, 0)) < ESB_WORD_LOW_MASK;
}

/* True iff e (a live handle) is in the pool; *pos receives its packed position. */
static inline bool esb_sparse_find(const esb_sparse_set *p, esb_entity e, uint32_t *pos) {
    esb_entity_word slot = esb_sparse_slot(p, esb_entity_index(e));
    *pos = esb_word_low(slot);
    return slot != ESB_SPARSE_EMPTY && esb_word_version(slot) == esb_entity_version(e);
}

static inline bool esb_sparse_contains(const esb_sparse_set *p, esb_entity e) {
    uint32_t pos;
    return esb_sparse_find(p, e, &pos);
}

/* Address of the value at pos; NULL for a tag's pool, which stores no data (and has no array to offset). */
static inline void *esb_sparse_value(const esb_sparse_set *p, uint32_t pos) {
    return p->data ? p->data + (size_t)pos * p->size : NULL;
}

/* If the pool holds e: true, and *out receives its value (left alone for a tag).
 * Where the pool holds alive entities only, as every design's pools do, a hit also proves e alive: get answers
 * from the slot alone, and only a miss needs the entity table. */
static inline bool esb_sparse_get(const esb_sparse_set *p, esb_entity e, void **out) {
    uint32_t pos;
    if (!esb_sparse_find(p, e, &pos)) return false;
    if (p->size) *out = esb_sparse_value(p, pos);
    return true;
}

/* The slow paths of the two reservations below (growth of the packed arrays, a new sparse page or page table),
 * out of line so that the checks every insert makes stay small enough to inline. */
esb_status esb_sparse_grow(esb_sparse_set *p, uint32_t extra);
esb_status esb_sparse_make_page(esb_sparse_set *p, uint32_t idx);

/* Room for `extra` more elements. ESB_ERR_NOMEM leaves the pool's contents intact (some capacity may remain). */
static inline esb_status esb_sparse_reserve(esb_sparse_set *p, uint32_t extra) {
    return (uint64_t)p->count + extra <= p->capacity ? ESB_OK : esb_sparse_grow(p, extra);
}

/* The sparse page of index idx (and the page table reaching it). */
static inline esb_status esb_sparse_reserve_index(esb_sparse_set *p, uint32_t idx) {
    uint32_t page = idx >> ESB_SPARSE_PAGE_BITS;
    return page < p->page_count && p->pages[page] ? ESB_OK : esb_sparse_make_page(p, idx);
}

/* Sparse pages, in each of the np pools, for the next n indices the entity table will issue (the first n of
 * its free list, then fresh ones): what emplacing the entities of a bulk creation needs. */
esb_status esb_sparse_reserve_next_indices(esb_sparse_set *const *pools, uint32_t np, const esb_entity_table *ei,
                                           size_t n);

/* Appends e and returns its position, its value left for the caller to write (esb_sparse_fill, or
 * esb_sparse_emplace's copy); requires room (esb_sparse_reserve) and the page of its index
 * (esb_sparse_reserve_index). */
static inline uint32_t esb_sparse_append(esb_sparse_set *p, esb_entity e) {
    ESB_ASSERT_MSG(p->count < p->capacity, "an append without room");
    ESB_ASSERT_MSG(!esb_sparse_contains(p, e), "an append of a handle already in the pool");
    uint32_t pos = p->count++;
    esb_sparse_point(p, e, pos);
    p->dense[pos] = esb_word_of(e);
    return pos;
}

/* Writes the values of positions [first, first + n): n consecutive values from `values`, or zeros (NULL);
 * nothing for a tag. What a bulk creation writes after appending its entities. */
static inline void esb_sparse_fill(esb_sparse_set *p, uint32_t first, size_t n, const void *values) {
    if (!p->size) return;
    if (values)
        memcpy(esb_sparse_value(p, first), values, n * p->size);
    else
        memset(esb_sparse_value(p, first), 0, n * p->size);
}

/* Appends e with value (or zeros); requires what esb_sparse_append does. */
static inline void esb_sparse_emplace(esb_sparse_set *p, esb_entity e, const void *value) {
    uint32_t pos = esb_sparse_append(p, e);
    if (!p->size) return;
    if (value)
        esb_copy_element(esb_sparse_value(p, pos), value, p->size);
    else
        memset(esb_sparse_value(p, pos), 0, p->size);
}

/* Removes the element at pos by moving the last one into its place. */
static inline void esb_sparse_erase(esb_sparse_set *p, uint32_t pos) {
    ESB_ASSERT_MSG(pos < p->count, "esb_sparse_erase past the packed end");
    uint32_t last = --p->count;
    p->stamp++;
    esb_entity gone = esb_sparse_handle(p, pos);
    if (pos != last) {
        p->dense[pos] = p->dense[last];
        esb_sparse_point(p, esb_sparse_handle(p, pos), pos);
        if (p->size) esb_copy_element(esb_sparse_value(p, pos), esb_sparse_value(p, last), p->size);
    }
    uint32_t idx = esb_entity_index(gone);
    p->pages[idx >> ESB_SPARSE_PAGE_BITS][idx & (ESB_SPARSE_PAGE - 1)] = ESB_SPARSE_EMPTY;
}

/* Removes every element: each packed handle's slot emptied, in one pass over them, and no element moved (what
 * erasing them one by one would leave, S2-S3). */
static inline void esb_sparse_clear(esb_sparse_set *p) {
    for (uint32_t pos = 0; pos < p->count; ++pos) {
        uint32_t idx = esb_entity_index(esb_sparse_handle(p, pos));
        p->pages[idx >> ESB_SPARSE_PAGE_BITS][idx & (ESB_SPARSE_PAGE - 1)] = ESB_SPARSE_EMPTY;
    }
    p->stamp += p->count != 0;
    p->count = 0;
}

void esb_sparse_free(esb_sparse_set *p);

#ifdef ESB_CHECKED
/* Asserts S1-S3 for a pool whose handles all have indices below index_bound (the entity table's issued count);
 * slots at or above it are not examined. O(count + index_bound). */
void esb_sparse_check_invariants(const esb_sparse_set *p, uint32_t index_bound);
#endif

#endif

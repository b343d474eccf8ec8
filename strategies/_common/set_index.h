/* Component sets -> ids: the lookup of an archetype or a table by its exact component set (the canonical form
 * of a sorted component-id list), by open addressing with linear probing, kept at most half full. */
#ifndef ESB_SET_INDEX_H
#define ESB_SET_INDEX_H

#include "bitset.h"
#include "check.h"

#define ESB_SET_NONE UINT32_MAX

typedef struct esb_set_index_entry {
    esb_bitset set;
    uint32_t id; /* ESB_SET_NONE: empty slot */
} esb_set_index_entry;

/* Invariants (esb_set_index_check_invariants; that the ids are the design's groups is the design's to check):
 *  X1 capacity is 0 or a power of two, and count * 2 <= capacity (a probe always meets an empty slot).
 *  X2 count slots are filled, and each filled slot is where its own set's probe stops: no set is stored twice,
 *     none is unreachable. */
typedef struct esb_set_index {
    esb_set_index_entry *slots; /* capacity entries, a power of two */
    uint32_t capacity, count;
} esb_set_index;

/* The id stored for set, or ESB_SET_NONE. O(1) expected. */
uint32_t esb_set_index_find(const esb_set_index *ix, const esb_bitset *set);

/* Makes room for one more entry (rehashing into a larger table); ESB_ERR_NOMEM leaves the index as it was. */
esb_status esb_set_index_reserve(esb_set_index *ix);

/* Adds set -> id; requires room (esb_set_index_reserve) and set absent. */
void esb_set_index_insert(esb_set_index *ix, const esb_bitset *set, uint32_t id);

void esb_set_index_free(esb_set_index *ix);

#ifdef ESB_CHECKED
/* Asserts X1-X2. O(capacity) expected. */
void esb_set_index_check_invariants(const esb_set_index *ix);
#endif

#endif

#include "set_index.h"

#include <string.h>

#include "grow.h"

static uint64_t set_hash(const esb_bitset *s) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (unsigned k = 0; k < ESB_BITSET_WORDS; ++k) {
        h = (h ^ s->w[k]) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    return h;
}

/* The slot holding set, or the empty slot where it would go; the table is never full. */
static esb_set_index_entry *slot_of(esb_set_index_entry *slots, uint32_t capacity, const esb_bitset *set) {
    for (uint64_t i = set_hash(set);; ++i) {
        esb_set_index_entry *e = &slots[i & (capacity - 1)];
        if (e->id == ESB_SET_NONE || memcmp(&e->set, set, sizeof *set) == 0) return e;
    }
}

uint32_t esb_set_index_find(const esb_set_index *ix, const esb_bitset *set) {
    return ix->capacity ? slot_of(ix->slots, ix->capacity, set)->id : ESB_SET_NONE;
}

esb_status esb_set_index_reserve(esb_set_index *ix) {
    if (((uint64_t)ix->count + 1) * 2 <= ix->capacity) return ESB_OK;
    uint32_t capacity; /* kept at most half full */
    if (esb_grow_capacity(ix->capacity, ((uint64_t)ix->count + 1) * 2, 64, UINT32_MAX, &capacity) != ESB_OK)
        return ESB_ERR_FULL;
    esb_set_index_entry *slots = esb_mem_alloc((size_t)capacity * sizeof *slots, _Alignof(esb_set_index_entry));
    if (!slots) return ESB_ERR_NOMEM;
    for (uint32_t i = 0; i < capacity; ++i) slots[i].id = ESB_SET_NONE;
    for (uint32_t i = 0; i < ix->capacity; ++i)
        if (ix->slots[i].id != ESB_SET_NONE) *slot_of(slots, capacity, &ix->slots[i].set) = ix->slots[i];
    esb_mem_free(ix->slots, (size_t)ix->capacity * sizeof *slots);
    ix->slots = slots;
    ix->capacity = capacity;
    return ESB_OK;
}

void esb_set_index_insert(esb_set_index *ix, const esb_bitset *set, uint32_t id) {
    ESB_ASSERT_MSG(((uint64_t)ix->count + 1) * 2 <= ix->capacity, "esb_set_index_insert without room");
    esb_set_index_entry *e = slot_of(ix->slots, ix->capacity, set);
    ESB_ASSERT_MSG(e->id == ESB_SET_NONE, "esb_set_index_insert of a set already there");
    e->set = *set;
    e->id = id;
    ix->count++;
}

void esb_set_index_free(esb_set_index *ix) {
    esb_mem_free(ix->slots, (size_t)ix->capacity * sizeof *ix->slots);
    memset(ix, 0, sizeof *ix);
}

#ifdef ESB_CHECKED
void esb_set_index_check_invariants(const esb_set_index *ix) {
    ESB_ASSERT_MSG((ix->capacity & (ix->capacity - 1)) == 0, "a capacity that is not a power of two");
    ESB_ASSERT_MSG((uint64_t)ix->count * 2 <= ix->capacity, "an index more than half full");
    ESB_ASSERT(ix->capacity == 0 || ix->slots != NULL);
    uint32_t filled = 0;
    for (uint32_t i = 0; i < ix->capacity; ++i) {
        if (ix->slots[i].id == ESB_SET_NONE) continue;
        filled++;
        ESB_ASSERT_MSG(slot_of(ix->slots, ix->capacity, &ix->slots[i].set) == &ix->slots[i],
                       "a set stored twice, or where its probe never reaches");
    }
    ESB_ASSERT_MSG(filled == ix->count, "count differs from the filled slots");
}
#endif

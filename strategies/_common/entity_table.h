/* Generational entity index with an implicit free list (the scheme EnTT describes): one slot per index.
 * An alive slot holds its own handle; a dead slot holds the index of the next free slot and the version the
 * index will carry when reused. Liveness is then a single compare: slots[index] == handle, since a dead slot's
 * index bits never equal its own index.
 *
 * The slots are an array of their own, or the first word of a design's per-index records (esb_et_in_records),
 * as flecs keeps its entity records in its entity index and Bevy generation and location in one EntityMeta:
 * then the record that says where an entity is also says whether it is alive, and no handle is stored twice.
 * A strategy keeps other per-entity data in arrays of its own, sized by the table's capacity. Growth is the
 * strategy's call (esb_et_plan, esb_et_grow, esb_et_reserve) so it can grow its arrays in the same step and stay
 * all-or-nothing on allocation failure.
 */
#ifndef ESB_ENTITY_TABLE_H
#define ESB_ENTITY_TABLE_H

#include "check.h"
#include "contract.h"

#define ESB_ET_NO_FREE UINT32_MAX

/* Version width in bits (1..32) and what happens when an index's version is exhausted: it wraps to 0 (EnTT), or
 * the index is retired for good (Shipyard), as the variant's version set says (below). It and ESB_INDEX_LIMIT are
 * the contract's knobs (contract.h), which every compile defines: the contract's full width and space (the
 * Makefile's CONTRACT_KNOBS) unless the variant narrows them, as test builds do so that both happen within a few
 * operations. */
_Static_assert(ESB_VERSION_BITS >= 1 && ESB_VERSION_BITS <= 32, "ESB_VERSION_BITS must be between 1 and 32");
#define ESB_VERSION_MAX ((uint32_t)(((uint64_t)1 << ESB_VERSION_BITS) - 1))

/* Indices a world may issue: the contract's whole space, or fewer in test builds (ESB_INDEX_LIMIT), so that
 * exhausting it (ESB_ERR_FULL) takes thousands of creations instead of four billion. */
_Static_assert(ESB_INDEX_LIMIT >= 1 && ESB_INDEX_LIMIT <= ESB_MAX_ENTITIES,
               "ESB_INDEX_LIMIT must be between 1 and ESB_MAX_ENTITIES");

/* The word an entity is stored in (a slot here, a packed handle or a sparse slot in a pool), from the variant's
 * entity word set: entity-wide/entity_word.h (the contract's 64-bit handle itself, every variant but one) or
 * entity-compact/entity_word.h (EnTT's 32-bit entity, sparse-compact). A word set defines the type
 * esb_entity_word, ESB_WORD_LOW_BITS (the low part's width: an index, or in a sparse slot a position; the
 * version above it), includes entity_word_parts.h (ESB_WORD_NONE, ESB_WORD_LOW_MASK, esb_word_make,
 * esb_word_low, esb_word_version) and defines the conversions esb_word_of (a handle as a word) and
 * esb_entity_of (a word as a handle; an all-ones low part reads back as ESB_ET_NO_FREE). */
#include "entity_word.h"

/* What happens to an exhausted index, from the variant's version set: versions-wrap/exhausted.h (it wraps, every
 * variant but the test-only NAME-retire4) or versions-retire/exhausted.h (it is retired). A version set defines
 * esb_et_retires(version), whether releasing an entity of that version retires its index, and in checked builds
 * esb_et_check_retired (its exhausted.c), E5's part about retired indices. */
#include "exhausted.h"

/* Invariants (esb_et_check_invariants):
 *  E1 issued <= capacity <= ESB_INDEX_LIMIT; slots holds capacity slots, stride words apart (1: an array of its
 *     own).
 *  E2 Every slot's version fits in ESB_VERSION_BITS.
 *  E3 A slot below issued is alive iff its index bits are its own index; a dead slot's never are (so liveness is
 *     one compare), they name the next free index (below issued) or ESB_ET_NO_FREE.
 *  E4 The free list, from free_head through the dead slots' index bits, is free_count long, visits only dead
 *     indices below issued and ends with ESB_ET_NO_FREE (so it has no cycle and no index twice).
 *  E5 issued = alive + free_count + retired: every dead index is free or retired. Only versions-retire retires:
 *     a retired slot names ESB_ET_NO_FREE with the exhausted version ESB_VERSION_MAX. */
typedef struct esb_entity_table {
    esb_entity_word *slots; /* capacity slots, stride words apart; the first `issued` meaningful */
    uint32_t stride;        /* words from one slot to the next: 1, or a record's size in words */
    uint32_t issued;        /* indices ever handed out: slots 0 .. issued - 1 */
    uint32_t capacity;
    uint32_t free_head; /* first dead index, or ESB_ET_NO_FREE */
    uint32_t free_count;
    uint32_t retired; /* indices whose versions ran out (versions-retire) */
} esb_entity_table;

static inline void esb_et_init(esb_entity_table *ei) {
    *ei = (esb_entity_table){.stride = 1, .free_head = ESB_ET_NO_FREE};
}

/* Makes an empty table keep its slots as the first word of per-index records of record_size bytes (a multiple of
 * the word's): the table's storage is then the design's array of records (esb_et_records), grown and freed with
 * the table. A record's first word is its entity's handle while it lives, and the free list's link once it is
 * dead (E3: never its own index). */
static inline void esb_et_in_records(esb_entity_table *ei, size_t record_size) {
    ESB_ASSERT_MSG(ei->capacity == 0 && record_size % sizeof(esb_entity_word) == 0, "records that cannot hold slots");
    ei->stride = (uint32_t)(record_size / sizeof(esb_entity_word));
}

/* The slot of index idx (below capacity), `stride` words from one slot to the next: the table's own stride,
 * passed as a constant by the functions below (1, for slots of their own; a record's size in words, by the
 * designs that keep their slots in records), so that no operation multiplies by a stride it could know. */
static inline esb_entity_word *esb_et_slot_in(const esb_entity_table *ei, uint32_t idx, uint32_t stride) {
    ESB_ASSERT_MSG(stride == ei->stride, "a slot read with another stride than its table's");
    return ei->slots + (size_t)idx * stride;
}

/* The same with the table's stride read at run time: for the checks. */
static inline esb_entity_word *esb_et_slot(const esb_entity_table *ei, uint32_t idx) {
    return esb_et_slot_in(ei, idx, ei->stride);
}

static inline bool esb_et_alive_in(const esb_entity_table *ei, esb_entity e, uint32_t stride) {
    uint32_t idx = esb_entity_index(e);
    return idx < ei->issued && esb_entity_of(*esb_et_slot_in(ei, idx, stride)) == e;
}

/* Whether e is alive, in a table with slots of its own (esb_et_alive_in with a record's words, in records). */
static inline bool esb_et_alive(const esb_entity_table *ei, esb_entity e) { return esb_et_alive_in(ei, e, 1); }

/* The checks every operation on an entity and a component makes, in the contract's order. */
static inline esb_status esb_et_check(const esb_entity_table *ei, esb_entity e, esb_component c,
                                      uint32_t component_count) {
    if (!esb_et_alive(ei, e)) return ESB_ERR_STALE;
    if (c >= component_count) return ESB_ERR_UNKNOWN_COMPONENT;
    return ESB_OK;
}

/* Entities alive now (E5). */
static inline uint32_t esb_et_alive_count(const esb_entity_table *ei) {
    return ei->issued - ei->free_count - ei->retired;
}

/* Indices available without growing. */
static inline uint64_t esb_et_room(const esb_entity_table *ei) {
    return (uint64_t)ei->free_count + (ei->capacity - ei->issued);
}

/* Issues a handle; requires esb_et_room(ei) > 0. */
static inline esb_entity esb_et_take_in(esb_entity_table *ei, uint32_t stride) {
    uint32_t idx;
    if (ei->free_head != ESB_ET_NO_FREE) {
        idx = ei->free_head;
        esb_entity_word *slot = esb_et_slot_in(ei, idx, stride);
        esb_entity dead = esb_entity_of(*slot);
        ei->free_head = esb_entity_index(dead);
        ei->free_count--;
        *slot = esb_word_make(esb_entity_version(dead), idx);
        return esb_entity_of(*slot);
    }
    ESB_ASSERT_MSG(ei->issued < ei->capacity, "esb_et_take without room");
    idx = ei->issued++;
    *esb_et_slot_in(ei, idx, stride) = esb_word_make(0, idx);
    return esb_entity_make(idx, 0);
}

/* Kills an alive handle: its index goes to the free list with the next version, or is retired (its slot then
 * names no index, so no handle of it is ever alive again). */
static inline void esb_et_release_in(esb_entity_table *ei, esb_entity e, uint32_t stride) {
    uint32_t idx = esb_entity_index(e), version = esb_entity_version(e);
    ESB_ASSERT_MSG(esb_et_alive_in(ei, e, stride), "esb_et_release of a handle that is not alive");
    esb_entity_word *slot = esb_et_slot_in(ei, idx, stride);
    if (esb_et_retires(version)) {
        *slot = esb_word_of(esb_entity_make(ESB_ET_NO_FREE, version));
        ei->retired++;
        return;
    }
    *slot = esb_word_of(esb_entity_make(ei->free_head, version == ESB_VERSION_MAX ? 0 : version + 1));
    ei->free_head = idx;
    ei->free_count++;
}

/* The two, in a table with slots of its own. */
static inline esb_entity esb_et_take(esb_entity_table *ei) { return esb_et_take_in(ei, 1); }
static inline void esb_et_release(esb_entity_table *ei, esb_entity e) { esb_et_release_in(ei, e, 1); }

/* Capacity that lets `extra` more entities in: the current one when they fit, else doubled (at least 64) and
 * clamped to the index space (ESB_INDEX_LIMIT). ESB_ERR_FULL when the index space cannot hold them. */
esb_status esb_et_plan(const esb_entity_table *ei, uint64_t extra, uint32_t *capacity);

/* Moves the slots (or the records that hold them) into a new block of new_capacity entries. ESB_ERR_NOMEM leaves
 * the table unchanged. */
esb_status esb_et_grow(esb_entity_table *ei, uint32_t new_capacity);

/* Room for `extra` more entities (esb_et_plan, then esb_et_grow): for a design whose per-entity data lives in the
 * records, all it grows. ESB_ERR_FULL or ESB_ERR_NOMEM leave the table unchanged. */
esb_status esb_et_reserve(esb_entity_table *ei, uint64_t extra);

/* The records of a table that keeps its slots in them (esb_et_in_records), for the design to cast to its record
 * type: capacity records, the first `issued` meaningful. */
static inline void *esb_et_records(const esb_entity_table *ei) { return ei->slots; }

void esb_et_free(esb_entity_table *ei);

#ifdef ESB_CHECKED
/* Asserts E1-E5. O(issued). */
void esb_et_check_invariants(const esb_entity_table *ei);

/* Asserts E5's part about retired indices, as the variant's version set retires them (its exhausted.c). */
void esb_et_check_retired(const esb_entity_table *ei);

/* The number of alive indices. O(issued). */
uint32_t esb_et_count_alive(const esb_entity_table *ei);

/* Asserts that rows [0, count) of a group of entities (a table's or an archetype's: `entities`, group id `group`)
 * hold alive entities whose per-index records (as above) name that group and row back: the uint32_t members at
 * byte offsets group_at and row_at of the record. O(count). */
void esb_et_check_rows(const esb_entity_table *ei, const esb_entity *entities, uint32_t count, uint32_t group,
                       const void *records, size_t stride, size_t group_at, size_t row_at);
#endif

#endif

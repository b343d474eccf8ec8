/* The naive bitmask design ("ECS: under the hood"): an entity table with one component bitmask per entity, and
 * each component's data in an array indexed by entity index, with holes where the entity lacks it (as pico_ecs
 * stores it). A query scans every entity index and tests its masks.
 *
 * With the cache set cached/ (bitmask-cached, bitmask-pools; cache_hint.h), a query created with the cached hint is
 * a cached filter instead: a packed list of its matching entities, kept current on every add, remove and destroy
 * through per-component lists of the filters that include or exclude that component.
 *
 * Masks are stored word-major (mask[w][entity]): a query that only involves components 0..63 reads 8 bytes per
 * entity instead of 32. A mask word array exists once a component of its range is registered.
 *
 * Where the values live is a source set (the variants file): arrays/ (the base and bitmask-cached) keeps them as
 * above; pools/ (bitmask-pools, with the cached filters) where that article keeps them, each component's in a
 * sparse-set pool (_common/sparse_set.h, its ComponentsPool), each tag in its mask bit alone (its TagsPool). The
 * masks and the cached filters are the same in both. A set defines bm_value_store (value_store.h) and the
 * functions of values.h over it.
 */
#ifndef BITMASK_H
#define BITMASK_H

#include "bitset.h"
#include "change_set.h"
#include "contract.h"
#include "world_core.h"
#include "entity_table.h"
#include "query_registry.h"
#include "value_store.h" /* the variant's value set's: arrays/value_store.h or pools/value_store.h (values.h) */

#define BM_NOT_IN UINT32_MAX /* filter position of an entity the filter does not hold */

/* A pass hands a cached filter's list out in blocks of ESB_BATCH_ROWS positions (block b: positions
 * b * ESB_BATCH_ROWS up to the next block or member_count). A block whose members are one run of consecutive
 * entity indices goes out as a plain slice of every array instead of through the list (query.c). Finding out
 * reads the whole block, so each block keeps the verdict of its last scan, with the number of members it then held:
 * a pass over an unchanged list reads one verdict per block and not the list. An insert appends to the last
 * block, which leaves its verdict shorter than the block, so the next pass scans it again; an erase rewrites a
 * position and shortens the last block, so it forgets the verdicts of both blocks (B7). */
typedef struct bm_block_verdict {
    uint32_t length; /* members the block held when last scanned; 0: not since an erase touched it (or never) */
    uint32_t first;  /* the smallest of them if they are one run, else BM_NOT_IN */
} bm_block_verdict;

/* Blocks of ESB_BATCH_ROWS positions that `entries` positions span. */
static inline uint32_t bm_block_count(uint32_t entries) {
    return (uint32_t)(((uint64_t)entries + ESB_BATCH_ROWS - 1) / ESB_BATCH_ROWS);
}

/* Positions of `block` in a list of `entries`: ESB_BATCH_ROWS but for the last block; block must hold some. */
static inline uint32_t bm_block_length(uint32_t entries, uint64_t block) {
    uint32_t at = (uint32_t)(block * ESB_BATCH_ROWS);
    return entries - at < ESB_BATCH_ROWS ? entries - at : ESB_BATCH_ROWS;
}

/* The verdict on the len (>= 1) members starting at block, by a vectorisable min/max: members are distinct, so
 * they are one run exactly when their largest and smallest index span their number. */
static inline bm_block_verdict bm_block_scan(const uint32_t *block, uint32_t len) {
    uint32_t lo = UINT32_MAX, hi = 0;
    for (uint32_t i = 0; i < len; ++i) {
        lo = block[i] < lo ? block[i] : lo;
        hi = block[i] > hi ? block[i] : hi;
    }
    return (bm_block_verdict){len, hi - lo + 1 == len ? lo : BM_NOT_IN};
}

typedef struct bm_component {
    const char *name;
    uint32_t size;
    uint32_t align;
    bm_value_store values;      /* the values of the entities that have it (value_store.h) */
    struct esb_query **filters; /* cached filters that include or exclude this component */
    uint32_t filter_count, filter_capacity;
} bm_component;

struct esb_query {
    esb_query_node node; /* first member (query_registry.h) */
    esb_world *world;
    const char *kind;
    esb_component fields[ESB_MAX_FIELDS];
    esb_access access[ESB_MAX_FIELDS];
    uint32_t field_count;
    esb_bitset include, exclude;
    esb_change_set *changes;         /* a change term's set of entity indices (change_set.h), or NULL: see scan.c */
    bool matches_nothing;            /* a component is both included and excluded */
    uint8_t words[ESB_BITSET_WORDS]; /* mask words the query tests */
    uint32_t word_count;
    uint32_t *scan_rows;  /* ESB_BATCH_ROWS entries: the batch of a scan */
    uint32_t *field_rows; /* where a value set needs them, each field's positions for a batch (values.h) */
    /* cached filter */
    bool cached;
    uint32_t *members;  /* packed entity indices, world->capacity entries */
    uint32_t *position; /* entity index -> slot in members or BM_NOT_IN, world->capacity entries */
    uint32_t member_count;
    bm_block_verdict *verdicts; /* one per block of members' positions: bm_block_count(world->capacity) entries */
    uint32_t cached_slot;       /* index in world->cached */
};

/* Invariants (check.c, esb_world_check):
 *  B1 The entity table's own (entity_table.h); its issued indices fit in capacity, which its slots may exceed
 *     after a growth that failed halfway.
 *  B2 Once capacity > 0, a mask word array exists for every 64-id range holding a registered component, and for
 *     no other. The mask of a dead or never-issued index (up to capacity) is all zero: no scan matches it and an
 *     index issued again starts without components. An alive index's names registered components only.
 *  B3 Each component's value store hands out a value for every alive entity whose mask has it; a tag has none
 *     (the value set states it for its store in value_store.h; bm_values_check).
 *  B4 cached lists the cached filters, each knowing its slot there; each component's filter list holds exactly
 *     the cached filters that include or exclude it, once each.
 *  B5 A cached filter holds exactly the entities whose masks match it now (recomputed from the mask bits):
 *     members[0 .. member_count) are distinct issued indices, position maps each back to its slot, and every
 *     other index up to capacity to BM_NOT_IN.
 *  B6 The registry's own (query_registry.h); each query's terms (query_head.h), the mask words it tests (those
 *     its terms touch, in order) and its scan array (uncached) or filter arrays (cached).
 *  B7 A cached filter's block verdicts: none is longer than its block (a block past member_count holds 0 members),
 *     and one as long as its block is what bm_block_scan of the block says now. Members are only appended or
 *     rewritten by an erase, which zeroes the verdicts of the blocks whose positions it rewrites or drops; a pass
 *     scans again every block whose verdict is shorter than it.
 *  B8 A query has a change set exactly when it has a change term, and then no cached filter; the change sets'
 *     own invariants (change_set.h): each holds capacity bits, set only for alive indices with its component. */
struct esb_world {
    esb_world_core core; /* first member (_core/world_core.h): entity table, query registry, component count */
    uint32_t capacity;   /* entries of every per-entity array (masks, data, filter maps) */
    uint64_t *mask[ESB_BITSET_WORDS]; /* word-major entity masks; all zero for dead indices */
    bm_component components[ESB_MAX_COMPONENTS];
    struct esb_query **cached; /* the cached filters */
    uint32_t cached_count, cached_capacity;
    uint64_t filter_updates; /* membership changes applied to cached filters */
    esb_change_sets changes; /* the change terms' sets of entity indices, by component (_common/change_set.h) */
};
_Static_assert(offsetof(esb_world, core) == 0, "a world begins with its core");

/* Makes room for `extra` more entities in every per-entity array (all or nothing). */
esb_status bm_reserve(esb_world *w, uint64_t extra);

static inline bool bm_has(const esb_world *w, uint32_t idx, esb_component c) {
    return (w->mask[c >> 6][idx] >> (c & 63)) & 1u;
}

static inline bool bm_matches(const esb_world *w, const struct esb_query *q, uint32_t idx) {
    for (uint32_t k = 0; k < q->word_count; ++k) {
        uint32_t wi = q->words[k];
        uint64_t m = w->mask[wi][idx];
        if ((m & q->include.w[wi]) != q->include.w[wi] || (m & q->exclude.w[wi])) return false;
    }
    return !q->matches_nothing;
}

/* A new entity idx whose mask is set_bits: an addition of each of its components. */
static inline void bm_changes_on_create(const esb_world *w, uint32_t idx, const uint64_t *set_bits) {
    if (!w->changes.count) return;
    for (uint32_t k = 0; k < ESB_BITSET_WORDS; ++k)
        for (uint64_t bits = set_bits[k]; bits; bits &= bits - 1)
            esb_change_mark(&w->changes, k * 64 + (uint32_t)__builtin_ctzll(bits), idx, true);
}

/* Unlinks and frees a query, whatever its state. */
void bm_query_free(struct esb_query *q);

/* Cached filters (no-ops in the cache set uncached/, which attaches none). */
void bm_filters_on_change(esb_world *w, uint32_t idx, esb_component c);
/* A bundle changed components ids[0..count) of idx at once: each filter watching any of them is refreshed once. */
void bm_filters_on_bundle(esb_world *w, uint32_t idx, const esb_component *ids, uint32_t count);
void bm_filters_on_destroy(esb_world *w, uint32_t idx);
void bm_filters_on_create(esb_world *w, uint32_t idx);
esb_status bm_filter_attach(esb_world *w, struct esb_query *q);
void bm_filter_detach(esb_world *w, struct esb_query *q);

#endif

/* The naive bitmask design ("ECS: under the hood"): an entity table with one component bitmask per entity, and
 * each component's data in an array indexed by entity index, with holes where the entity lacks it (as pico_ecs
 * stores it). A query scans every entity index and tests its masks.
 *
 * Built with ESB_BITMASK_CACHED (the bitmask-cached variant), a query created with the cached hint is a cached
 * filter instead: a packed list of its matching entities, kept current on every add, remove and destroy through
 * per-component lists of the filters that include or exclude that component.
 *
 * Masks are stored word-major (mask[w][entity]): a query that only involves components 0..63 reads 8 bytes per
 * entity instead of 32. A mask word array exists once a component of its range is registered.
 */
#ifndef BITMASK_H
#define BITMASK_H

#include "bitset.h"
#include "contract.h"
#include "entity_table.h"
#include "query_registry.h"

#define BM_NOT_IN UINT32_MAX /* filter position of an entity the filter does not hold */

typedef struct bm_component {
    const char *name;
    uint32_t size;
    uint32_t align;
    unsigned char *data;        /* world->capacity * size bytes, or NULL until first added (and for tags) */
    struct esb_query **filters; /* cached filters that include or exclude this component */
    uint32_t filter_count, filter_capacity;
} bm_component;

struct esb_query {
    esb_query_node node; /* first member (query_registry.h) */
    esb_world *world;
    const char *kind;
    esb_component fields[ESB_MAX_FIELDS];
    uint32_t field_count;
    esb_bitset include, exclude;
    bool matches_nothing;            /* a component is both included and excluded */
    uint8_t words[ESB_BITSET_WORDS]; /* mask words the query tests */
    uint32_t word_count;
    uint32_t *scan_rows; /* ESB_BATCH_ROWS entries: the batch of a scan */
    /* cached filter */
    bool cached;
    uint32_t *members;  /* packed entity indices, world->capacity entries */
    uint32_t *position; /* entity index -> slot in members or BM_NOT_IN, world->capacity entries */
    uint32_t member_count;
    uint32_t cached_slot; /* index in world->cached */
};

/* Invariants (check.c, esb_world_check):
 *  B1 The entity table's own (entity_table.h); its issued indices fit in capacity, which its slots may exceed
 *     after a growth that failed halfway.
 *  B2 Once capacity > 0, a mask word array exists for every 64-id range holding a registered component, and for
 *     no other. The mask of a dead or never-issued index (up to capacity) is all zero: no scan matches it and an
 *     index issued again starts without components. An alive index's names registered components only.
 *  B3 A component with data that an alive entity has owns its data array; a tag never has one.
 *  B4 cached lists the cached filters, each knowing its slot there; each component's filter list holds exactly
 *     the cached filters that include or exclude it, once each.
 *  B5 A cached filter holds exactly the entities whose masks match it now (recomputed from the mask bits):
 *     members[0 .. member_count) are distinct issued indices, position maps each back to its slot, and every
 *     other index up to capacity to BM_NOT_IN.
 *  B6 The registry's own (query_registry.h); each query's terms (query_head.h), the mask words it tests (those
 *     its terms touch, in order) and its scan array (uncached) or filter arrays (cached). */
struct esb_world {
    esb_entity_table entities;
    uint32_t capacity;                /* entries of every per-entity array (masks, data, filter maps) */
    uint64_t *mask[ESB_BITSET_WORDS]; /* word-major entity masks; all zero for dead indices */
    bm_component components[ESB_MAX_COMPONENTS];
    uint32_t component_count;
    esb_query_registry queries; /* every live query, and the iteration lock */
    struct esb_query **cached;  /* the cached filters */
    uint32_t cached_count, cached_capacity;
    uint64_t filter_updates; /* membership changes applied to cached filters */
};

/* Makes room for `extra` more entities in every per-entity array (all or nothing). */
esb_status bm_reserve(esb_world *w, uint64_t extra);

/* Allocates component c's data array if it has none yet. */
esb_status bm_ensure_data(esb_world *w, esb_component c);

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

/* Unlinks and frees a query, whatever its state. */
void bm_query_free(struct esb_query *q);

/* Cached filters (no-ops unless built with ESB_BITMASK_CACHED). */
void bm_filters_on_change(esb_world *w, uint32_t idx, esb_component c);
void bm_filters_on_destroy(esb_world *w, uint32_t idx);
void bm_filters_on_create(esb_world *w, uint32_t idx);
esb_status bm_filter_attach(esb_world *w, struct esb_query *q);
void bm_filter_detach(esb_world *w, struct esb_query *q);

#endif

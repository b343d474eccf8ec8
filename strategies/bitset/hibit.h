/* The hierarchical-bitset design of specs: every component has a presence set (hibitset.h: a bit per entity
 * index, with summary levels above it) and a storage indexed by entity; a query joins the presence sets of its
 * terms level by level, so empty regions are skipped a word or a level at a time, and hands out the joined
 * indices as batches: a run of whole 64-index words where every bit of the join is set goes out as plain array
 * slices, anything else through an index array.
 *
 * Storage, chosen by the component's hint as a specs user chooses a storage type: a dense component with data
 * lives in an array indexed by entity index with holes (specs's VecStorage); a sparse one in a sparse set of its
 * own (_common/sparse_set.h, the role of specs's DenseVecStorage: a sparse index to a packed array); a tag is its
 * presence bits alone (specs's NullStorage). Change terms keep sets of entity indices (_common/change_set.h), as a
 * specs system collects a FlaggedStorage's modified ids into a BitSet and joins it with the storages. */
#ifndef BITSET_HIBIT_H
#define BITSET_HIBIT_H

#include "change_set.h"
#include "component_info.h"
#include "contract.h"
#include "world_core.h"
#include "entity_table.h"
#include "hibitset.h"
#include "query_head.h"
#include "query_registry.h"
#include "sparse_set.h"

/* Entities per batch: the size of each query's index arrays. */
#define HB_BATCH ESB_BATCH_ROWS

struct esb_query {
    esb_query_head head; /* first member (query_head.h): registry node, kind, terms */
    esb_world *world;
    const esb_hibitset *need[ESB_MAX_COMPONENTS];   /* the included components' presence sets */
    const esb_hibitset *refuse[ESB_MAX_COMPONENTS]; /* the excluded ones' */
    uint32_t need_count, refuse_count;
    uint32_t sparse_fields;  /* fields stored in sparse sets */
    uint32_t *rows;          /* HB_BATCH entity indices: an index batch's */
    uint32_t *positions;     /* HB_BATCH per sparse field: the batch's positions in that field's set */
    esb_change_set *changes; /* its change term's set of entity indices (change_set.h), or NULL */
    esb_hibit_join join;     /* the live iteration's walk (a query has one live iterator at a time) */
    uint32_t pending_word;   /* a word the last batch took from the join and left for the next */
    uint64_t pending_bits;   /* its bits; 0 when none is pending */
};
_Static_assert(offsetof(esb_query, head) == 0, "a query begins with its head");

/* Invariants (check.c, esb_world_check):
 *  B1 The entity table's own (entity_table.h); its issued indices fit in capacity, which its slots may exceed
 *     (after a growth that failed halfway).
 *  B2 Every registered component's presence set keeps hibitset.h's invariants (H1-H3) and holds room for
 *     capacity indices; it holds alive indices only; an unregistered component's is empty.
 *  B3 A dense component with data that an alive entity has owns its data array (capacity entries); a sparse one
 *     with data keeps sparse_set.h's invariants and holds exactly the indices its presence set holds; a tag has
 *     no storage.
 *  B4 The registry's own (query_registry.h); each query's terms (query_head.h); its need and refuse lists are
 *     the presence sets of its included and excluded components; its count of sparse fields, its arrays; a
 *     change set exactly when it has a change term, on the term's component.
 *  B5 The change sets' own (change_set.h): each holds capacity bits, set only for alive indices with its
 *     component. */
struct esb_world {
    esb_world_core core; /* first member (_core/world_core.h): entity table, query registry, component count */
    uint32_t capacity;   /* entries in every per-entity array and presence set */
    esb_component_info components[ESB_MAX_COMPONENTS];
    esb_hibitset present[ESB_MAX_COMPONENTS]; /* every registered component's presence set */
    unsigned char *data[ESB_MAX_COMPONENTS];  /* dense with data: capacity * size bytes, NULL until first used */
    esb_sparse_set pools[ESB_MAX_COMPONENTS]; /* sparse with data */
    esb_change_sets changes;                  /* the change terms' sets, by component (_common/change_set.h) */
    uint64_t words_joined, run_batches, index_batches; /* reported by esb_world_counters */
};
_Static_assert(offsetof(esb_world, core) == 0, "a world begins with its core");

/* Whether c is stored in a sparse set (the sparse hint, with data). */
static inline bool hb_pooled(const esb_world *w, esb_component c) {
    return w->components[c].size && w->components[c].hint == ESB_STORAGE_SPARSE;
}

/* Whether c is stored in an array by entity index (the dense hint, with data). */
static inline bool hb_arrayed(const esb_world *w, esb_component c) {
    return w->components[c].size && w->components[c].hint == ESB_STORAGE_DENSE;
}

/* Room for `extra` more entities in the entity table, every presence set and every data array, all or nothing. */
esb_status hb_reserve(esb_world *w, uint64_t extra);

/* Allocates dense component c's data array (capacity entries) if it has none yet. */
esb_status hb_ensure_data(esb_world *w, esb_component c);

/* Address of dense component c's value for entity index idx. */
static inline unsigned char *hb_value(const esb_world *w, esb_component c, uint32_t idx) {
    return w->data[c] + (size_t)idx * w->components[c].size;
}

static inline bool hb_has(const esb_world *w, uint32_t idx, esb_component c) {
    return esb_hibitset_test(&w->present[c], idx);
}

/* hb_has for an alive entity's index, below capacity and so within every presence set's room (B2): no bound. */
static inline bool hb_has_alive(const esb_world *w, uint32_t idx, esb_component c) {
    ESB_ASSERT((uint64_t)idx < (uint64_t)w->present[c].words * 64);
    return w->present[c].level[0][idx >> 6] >> (idx & 63) & 1u;
}

/* Unlinks and frees a query (esb_query_destroy, and esb_world_destroy for the queries still alive). */
void hb_query_free(esb_query *q);

#endif

/* The part of a query the designs that embed it keep the same way (archetype, bitset, chunks, hybrid, tables, the
 * template; bitmask and sparse keep their terms in structs of their own, checked through
 * esb_query_terms_check_invariants): its node in the world's query registry, how it is served, and its terms. Such
 * a design's struct esb_query begins with an esb_query_head named `head` (asserted beside the struct), so a query,
 * its head and its registry node convert into each other with a cast. Iterators begin and end through the
 * registry (esb_query_head_begin, esb_qr_end). */
#ifndef ESB_QUERY_HEAD_H
#define ESB_QUERY_HEAD_H

#include "bitset.h"
#include "component_info.h"
#include "query_registry.h"
#include "table.h"
#include "world_core.h"

/* Invariants (esb_query_head_check_invariants; that the node is in its registry's list is the registry's check):
 *  Q1 Every term names a registered component; the fields are distinct components with data, all in include.
 *  Q2 matches_nothing says exactly whether include and exclude share a component. */
typedef struct esb_query_head {
    esb_query_node node;          /* first member (query_registry.h) */
    esb_query_registry *registry; /* the world's */
    const char *kind;             /* esb_query_kind's answer */
    esb_component fields[ESB_MAX_FIELDS];
    esb_access access[ESB_MAX_FIELDS]; /* each field's (ESB_WRITE where the description gave none) */
    uint32_t field_count;
    esb_bitset include, exclude; /* fields and with terms; without terms */
    esb_change change;           /* the change term (contract.h), on change_component; ESB_CHANGE_NONE: none */
    esb_component change_component;
    bool matches_nothing; /* a component both included and excluded */
    bool cached;          /* created with the cached hint */
} esb_query_head;

/* Whether a group whose component set is `set` (an archetype's signature, a table's set) matches the query's terms:
 * it holds every included component and no excluded one. */
static inline bool esb_query_head_matches(const esb_query_head *h, const esb_bitset *set) {
    return !h->matches_nothing && esb_bitset_contains(set, &h->include) && esb_bitset_disjoint(set, &h->exclude);
}

/* An esb_match_test's answer (match_list.h) for a group with component set `set` whose columns are table t's (an
 * archetype's table, a chunk layout): whether it matches h's terms and, if so and columns is not NULL, each
 * field's column in t. */
static inline bool esb_query_head_match_table(const esb_query_head *h, const esb_bitset *set, const esb_table *t,
                                              uint16_t *columns) {
    if (!esb_query_head_matches(h, set)) return false;
    for (uint32_t k = 0; columns && k < h->field_count; ++k)
        columns[k] = (uint16_t)esb_table_column_of(t, h->fields[k]).k;
    return true;
}

/* Copies the terms of a description that passed esb_check_query_create and links the query into r. */
void esb_query_head_init(esb_query_head *h, esb_query_registry *r, const esb_query_desc *desc);

/* esb_query_create's checks for a world whose core may be NULL and that records its components as
 * esb_component_info, then a zero-filled query of `size` bytes that begins with its head, the head initialised
 * from desc and linked into the world's registry; NULL with *status set to the failed check's error, or to
 * NOMEM. */
void *esb_query_head_create(esb_world_core *core, const esb_component_info *components, const esb_query_desc *desc,
                            esb_query **out, size_t size, size_t align, esb_status *status);

/* esb_iter_begin for a query that begins with head h (NULL for a NULL query): the registry's checks and lock,
 * then a cached query first catches up with the groups made since it last looked, through the design's refresh
 * (NULL: nothing to catch up); a failure there ends the iteration it began. Inline, with refresh a constant, so
 * that it inlines into the design's esb_iter_begin. */
static inline esb_status esb_query_head_begin(esb_query_head *h, esb_iter *it, esb_status (*refresh)(esb_query *q)) {
    esb_status s = esb_qr_begin(h ? &h->node : NULL, it);
    if (s != ESB_OK || !h->cached || !refresh) return s;
    if ((s = refresh((esb_query *)(void *)h)) != ESB_OK) esb_qr_end(it);
    return s;
}

#ifdef ESB_CHECKED
/* Asserts Q1-Q2 for a query of a world whose components are components[0 .. component_count). O(terms). */
void esb_query_head_check_invariants(const esb_query_head *h, const esb_component_info *components,
                                     uint32_t component_count);

/* The registry's invariants (R1-R2) and, for each of its queries (which all begin with a head), Q1-Q2, that the
 * head names this registry, then the design's own check_query(world, head) unless it is NULL. */
void esb_query_heads_check_invariants(const esb_query_registry *r, const esb_component_info *components,
                                      uint32_t component_count,
                                      void (*check_query)(const void *world, const esb_query_head *h),
                                      const void *world);

/* Q1-Q2 for a design that keeps its terms in its own struct; with_data is the set of registered components
 * that are not tags. */
void esb_query_terms_check_invariants(const esb_component *fields, uint32_t field_count, const esb_bitset *include,
                                      const esb_bitset *exclude, bool matches_nothing, const esb_bitset *with_data,
                                      uint32_t component_count);
#endif

#endif

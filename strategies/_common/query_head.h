/* The part of a query the designs that embed it keep the same way (archetype, hybrid, tables, the template; bitmask
 * and sparse keep their terms in structs of their own, checked through esb_query_terms_check_invariants): its node
 * in the world's query registry, how it is served, and its terms. Such a design's struct esb_query begins with an
 * esb_query_head, so a query, its head and its registry node convert into each other with a cast. Iterators begin and end through the registry
 * (esb_qr_begin on &head.node, esb_qr_end). */
#ifndef ESB_QUERY_HEAD_H
#define ESB_QUERY_HEAD_H

#include "bitset.h"
#include "component_info.h"
#include "query_registry.h"

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

/* Copies the terms of a description that passed esb_check_query_create and links the query into r. */
void esb_query_head_init(esb_query_head *h, esb_query_registry *r, const esb_query_desc *desc);

/* A zero-filled query of `size` bytes that begins with its head, the head initialised from desc and linked into
 * r; NULL with *status set to `checked` when that (the result of the checks) is not ESB_OK, or to NOMEM.
 * ESB_QUERY_HEAD_CREATE (query_api.h) calls it for a design. */
void *esb_query_head_create(esb_status checked, esb_query_registry *r, const esb_query_desc *desc, size_t size,
                            size_t align, esb_status *status);

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

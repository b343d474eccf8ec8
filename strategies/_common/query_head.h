/* The part of a query every design keeps the same way: its node in the world's query registry, how it is
 * served, and its terms. A strategy's struct esb_query begins with an esb_query_head, so a query, its head and
 * its registry node convert into each other with a cast. Iterators begin and end through the registry
 * (esb_qr_begin on &head.node, esb_qr_end). */
#ifndef ESB_QUERY_HEAD_H
#define ESB_QUERY_HEAD_H

#include "bitset.h"
#include "query_registry.h"

typedef struct esb_query_head {
    esb_query_node node;          /* first member (query_registry.h) */
    esb_query_registry *registry; /* the world's */
    const char *kind;             /* esb_query_kind's answer */
    esb_component fields[ESB_MAX_FIELDS];
    uint32_t field_count;
    esb_bitset include, exclude;  /* fields and with terms; without terms */
    bool matches_nothing;         /* a component both included and excluded */
    bool cached;                  /* created with the cached hint */
} esb_query_head;

/* Copies the terms of a description that passed esb_check_query_create and links the query into r. */
void esb_query_head_init(esb_query_head *h, esb_query_registry *r, const esb_query_desc *desc);

#endif

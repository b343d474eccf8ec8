/* The contract's query lifecycle, written once.
 *
 * ESB_QUERY_DESTROY_API(query_free, registry) defines esb_query_destroy for any design: NULL is nothing to do,
 * LOCKED while the query's world is iterated (`registry` is an expression of q naming its world's registry),
 * else query_free(q).
 *
 * For every design whose `struct esb_query` begins with an esb_query_head named `head` (archetype, hybrid,
 * tables, the template):
 *  - ESB_QUERY_HEAD_CREATE(w, desc, out, &status) opens esb_query_create: the contract's checks for world w
 *    (op_checks.h; its components[c].size is c's size), then a zero-filled query whose head holds desc's terms
 *    and is linked into w's registry; NULL (and the status to return) when a check or the allocation fails;
 *  - ESB_QUERY_HEAD_API(query_free, refresh) defines esb_query_destroy, esb_query_kind, esb_iter_begin (a cached
 *    query first catches up with the groups made since it last looked, through the design's `refresh`; a
 *    failure ends the iteration it began) and esb_iter_end. A design writes it once, in its query.c, where both
 *    functions are declared; they are the design's own, so they inline into its iteration as before. */
#ifndef ESB_QUERY_API_H
#define ESB_QUERY_API_H

#include <stddef.h>

#include "op_checks.h"
#include "query_head.h"

#define ESB_QUERY_DESTROY_API(query_free, registry)         \
    esb_status esb_query_destroy(esb_query *q) {            \
        if (!q) return ESB_OK;                              \
        if (esb_qr_locked(registry)) return ESB_ERR_LOCKED; \
        query_free(q);                                      \
        return ESB_OK;                                      \
    }

#define ESB_QUERY_HEAD_CREATE(w, desc, out, status)                                                                   \
    ((esb_query *)esb_query_head_create(ESB_WORLD_CHECK_QUERY_CREATE(w, desc, out, size), (w) ? &(w)->queries : NULL, \
                                        (desc), sizeof(esb_query), _Alignof(esb_query), (status)))

#define ESB_QUERY_HEAD_API(query_free, refresh)                                          \
    _Static_assert(offsetof(esb_query, head) == 0, "a query begins with its head");      \
    ESB_QUERY_DESTROY_API(query_free, q->head.registry)                                  \
                                                                                         \
    const char *esb_query_kind(const esb_query *q) { return q ? q->head.kind : "none"; } \
                                                                                         \
    esb_status esb_iter_begin(esb_query *q, esb_iter *it) {                              \
        esb_status s = esb_qr_begin(q ? &q->head.node : NULL, it);                       \
        if (s != ESB_OK || !q->head.cached) return s;                                    \
        if ((s = refresh(q)) != ESB_OK) esb_qr_end(it);                                  \
        return s;                                                                        \
    }                                                                                    \
                                                                                         \
    void esb_iter_end(esb_iter *it) { esb_qr_end(it); }

#endif

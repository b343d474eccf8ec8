/* The contract's query lifecycle, written once for every design whose `struct esb_query` begins its terms with an
 * esb_query_head named `head` (archetype, hybrid, tables, the template): esb_query_destroy (NULL: nothing to do;
 * LOCKED while the query is iterated), esb_query_kind, esb_iter_begin (a cached query first catches up with the
 * groups made since it last looked, through the design's `refresh`; a failure ends the iteration it began) and
 * esb_iter_end. A design writes ESB_QUERY_HEAD_API(its_query_free, its_refresh) once, in its query.c, where
 * both are declared; the functions are the design's own, so they inline into its iteration as before. */
#ifndef ESB_QUERY_API_H
#define ESB_QUERY_API_H

#include "query_head.h"

#define ESB_QUERY_HEAD_API(query_free, refresh)                                          \
    esb_status esb_query_destroy(esb_query *q) {                                         \
        if (!q) return ESB_OK;                                                           \
        if (esb_qr_locked(q->head.registry)) return ESB_ERR_LOCKED;                      \
        query_free(q);                                                                   \
        return ESB_OK;                                                                   \
    }                                                                                    \
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

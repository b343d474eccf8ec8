/* Queries: compilation, and iteration by full scan (every query) or through a cached filter's packed list. */
#include <string.h>

#include "batch.h"
#include "validate.h"
#include "values.h"
#include "cache_hint.h"

void bm_query_free(esb_query *q) {
    esb_world *w = q->world;
    if (q->cached) bm_filter_detach(w, q);
    esb_change_set_destroy(&w->changes, q->changes);
    esb_qr_unlink(&w->core.queries, &q->node);
    esb_mem_free(q->scan_rows, ESB_BATCH_ROWS * sizeof *q->scan_rows);
    bm_values_query_free(q);
    esb_mem_free(q, sizeof *q);
}

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    esb_status s = esb_core_check_query_create(w ? &w->core : NULL, desc, out, w ? &w->components[0].size : NULL,
                                               sizeof *w->components);
    if (s != ESB_OK) return s;

    esb_query *q = esb_mem_calloc(sizeof *q, _Alignof(esb_query));
    if (!q) return ESB_ERR_NOMEM;
    q->world = w;
    if (desc->field_count) memcpy(q->fields, desc->fields, desc->field_count * sizeof *desc->fields);
    for (uint32_t k = 0; k < desc->field_count; ++k) q->access[k] = desc->access ? desc->access[k] : ESB_WRITE;
    q->field_count = desc->field_count;
    esb_query_masks(desc, &q->include, &q->exclude);
    q->matches_nothing = !esb_bitset_disjoint(&q->include, &q->exclude);
    if (bm_values_query_init(q) != ESB_OK) {
        esb_mem_free(q, sizeof *q);
        return ESB_ERR_NOMEM;
    }
    for (uint32_t k = 0; k < ESB_BITSET_WORDS; ++k)
        if (q->include.w[k] | q->exclude.w[k]) q->words[q->word_count++] = (uint8_t)k;

    if (desc->change != ESB_CHANGE_NONE) {
        /* A change term: a walk of its set of changed indices (scan.c), whatever the cached hint says. */
        q->kind = "change-set";
        q->changes = esb_change_set_create(&w->changes, desc->change_component, desc->change);
        q->scan_rows = esb_mem_alloc(ESB_BATCH_ROWS * sizeof *q->scan_rows, 0);
        if (!q->changes || !q->scan_rows) {
            esb_change_set_destroy(&w->changes, q->changes);
            esb_mem_free(q->scan_rows, q->scan_rows ? ESB_BATCH_ROWS * sizeof *q->scan_rows : 0);
            bm_values_query_free(q);
            esb_mem_free(q, sizeof *q);
            return ESB_ERR_NOMEM;
        }
    } else if (desc->cached && bm_honours_cache_hint()) {
        q->kind = "cached-filter";
        s = bm_filter_attach(w, q);
        if (s != ESB_OK) {
            bm_values_query_free(q);
            esb_mem_free(q, sizeof *q);
            return s;
        }
    } else {
        q->kind = "scan";
        q->scan_rows = esb_mem_alloc(ESB_BATCH_ROWS * sizeof *q->scan_rows, 0);
        if (!q->scan_rows) {
            bm_values_query_free(q);
            esb_mem_free(q, sizeof *q);
            return ESB_ERR_NOMEM;
        }
    }
    esb_qr_link(&w->core.queries, &q->node, q->field_count);
    *out = q;
    return ESB_OK;
}

esb_status esb_query_destroy(esb_query *q) {
    return esb_qr_destroy_query(q, q ? &q->world->core.queries : NULL, bm_query_free);
}

const char *esb_query_kind(const esb_query *q) { return q ? q->kind : "none"; }

esb_status esb_iter_begin(esb_query *q, esb_iter *it) { return esb_qr_begin(q ? &q->node : NULL, it); }

void esb_iter_end(esb_iter *it) { esb_qr_end(it); }

/* A cached filter's list, handed out block by block (bitmask.h): a block whose members are one run of
 * consecutive indices as that slice of every array (in index order, which is the same set), any other through the
 * list itself. The block's verdict is the first pass's after the block changed, kept for the next ones. */
static bool next_filter_batch(esb_iter *it, esb_query *q) {
    bm_iter_state *st = ESB_ITER_STATE(bm_iter_state, it);
    uint64_t at = st->next * ESB_BATCH_ROWS;
    if (at >= q->member_count) return false;
    uint32_t len = bm_block_length(q->member_count, st->next);
    const uint32_t *block = q->members + at;
    bm_block_verdict *verdict = &q->verdicts[st->next];
    if (verdict->length != len) *verdict = bm_block_scan(block, len);
    if (verdict->first != BM_NOT_IN)
        bm_batch_contiguous(it, q, verdict->first, len);
    else
        bm_batch_indexed(it, q, block, len);
    st->next++;
    return true;
}

bool esb_iter_next(esb_iter *it) {
    if (!it || !it->query) return false;
    esb_query *q = it->query;
    if (q->cached ? next_filter_batch(it, q) : bm_next_scan_batch(it, q)) return true;
    if (q->changes) esb_change_set_clear(&q->world->changes, q->changes); /* a complete pass consumed them */
    esb_iter_end(it);
    return false;
}

/* Queries: compilation, iteration by a full scan of the entity indices, and the query-wide adds and removes.
 *
 * The world is locked against structural operations while an iterator is live (query_registry.h), so the indices
 * and the arrays cannot change under it. */
#include <string.h>

#include "validate.h"
#include "template.h"

/* An iterator's state: the next entity index to test. */
typedef struct tpl_iter_state {
    uint64_t next;
} tpl_iter_state;
ESB_ITER_STATE_FITS(tpl_iter_state);

void tpl_query_free(esb_query *q) {
    esb_change_set_destroy(&q->world->changes, q->changes);
    esb_qr_unlink(q->head.registry, &q->head.node);
    esb_mem_free(q->rows, TPL_BATCH * sizeof *q->rows);
    esb_mem_free(q, sizeof *q);
}

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    esb_status s;
    esb_query *q =
        esb_query_head_create(w ? &w->core : NULL, w ? w->components : NULL, desc, out, sizeof(esb_query),
                              _Alignof(esb_query), &s); /* checked, its terms copied, linked into the world */
    if (!q) return s;
    q->world = w;
    if (!(q->rows = esb_mem_alloc(TPL_BATCH * sizeof *q->rows, 0)) ||
        (q->head.change &&
         !(q->changes = esb_change_set_create(&w->changes, q->head.change_component, q->head.change)))) {
        tpl_query_free(q); /* unlinked again: a failure leaves no trace */
        return ESB_ERR_NOMEM;
    }
    q->head.kind = "scan"; /* the cached hint is ignored: nothing here is worth keeping between frames */
    *out = q;
    return ESB_OK;
}

esb_status esb_query_destroy(esb_query *q) {
    return esb_qr_destroy_query(q, q ? q->head.registry : NULL, tpl_query_free);
}

const char *esb_query_kind(const esb_query *q) { return q ? q->head.kind : "none"; }

esb_status esb_iter_begin(esb_query *q, esb_iter *it) {
    return esb_query_head_begin(q ? &q->head : NULL, it, NULL);
} /* nothing to catch up with */

void esb_iter_end(esb_iter *it) { esb_qr_end(it); }

/* Includes every required component and none of the excluded ones. Dead indices have an empty signature and
 * every query requires at least one component, so liveness needs no separate test. */
static inline bool matches(const esb_bitset *signature, const esb_query_head *h) {
    return esb_bitset_contains(signature, &h->include) && esb_bitset_disjoint(signature, &h->exclude);
}

/* Handing out a field with write access changes it, for every entity of the batch (contract.h). */
static void mark_written(const esb_world *w, const esb_query *q, uint32_t n) {
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        esb_component c = q->head.fields[k];
        if (q->head.access[k] != ESB_WRITE || !w->changes.watching[c]) continue;
        esb_change_mark_rows(&w->changes, c, q->rows, 0, n, false);
    }
}

/* THE HOT LOOP of every iteration scenario: it costs a 32-byte signature test per issued index, matching or
 * not, and hands out the matches through an index array (one indirection per element in the scenario's loop).
 * A faster design changes this: tables whose rows all match go out as plain arrays, a cached list of matches
 * skips the test, narrower signatures read fewer bytes. */
bool esb_iter_next(esb_iter *it) {
    if (!it || !it->query) return false;
    esb_query *q = it->query;
    esb_world *w = q->world;
    tpl_iter_state *st = ESB_ITER_STATE(tpl_iter_state, it);
    uint32_t first = (uint32_t)st->next, end = w->core.entities.issued, idx = first, n = 0;
    if (!q->head.matches_nothing)
        for (; idx < end && n < TPL_BATCH; ++idx)
            if (matches(&w->signature[idx], &q->head) && (!q->changes || esb_change_test(q->changes, idx)))
                q->rows[n++] = idx;
    w->indices_scanned += idx - first;
    st->next = idx;
    if (n == 0) { /* the scan reached the end with nothing more to hand out: the change set is consumed */
        if (q->changes) esb_change_set_clear(&w->changes, q->changes);
        esb_iter_end(it);
        return false;
    }
    mark_written(w, q, n);
    /* Every field and the entities share the one index array (strides stay zero from esb_iter_begin). */
    esb_batch *b = &it->batch;
    b->count = n;
    b->entities = w->core.entities.slots; /* an alive index's slot holds its handle */
    b->entity_rows = q->rows;
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        b->base[k] = w->data[q->head.fields[k]];
        b->rows[k] = q->rows;
    }
    return true;
}

/* The query-wide calls (contract.h) visit each index once: adding or removing c changes only that entity's own
 * signature, so the set of entities the query matched when the call began is the set it walks, without a copy. */
static esb_status check_matching(const esb_query *q, esb_component c) {
    return q ? esb_core_check_matching(&q->world->core, q->head.change, c) : ESB_ERR_INVALID;
}

esb_status esb_add_matching(esb_query *q, esb_component c, const void *value, size_t *out_count) {
    esb_status s = check_matching(q, c);
    if (s != ESB_OK) return s;
    esb_world *w = q->world;
    if ((s = tpl_ensure_data(w, c)) != ESB_OK) return s; /* the one allocation, before anything changes */
    uint32_t size = w->components[c].size;
    size_t added = 0;
    for (uint32_t idx = 0, end = w->core.entities.issued; !q->head.matches_nothing && idx < end; ++idx) {
        if (!matches(&w->signature[idx], &q->head) || tpl_has(w, idx, c)) continue;
        if (size && value)
            memcpy(tpl_value(w, c, idx), value, size);
        else if (size)
            memset(tpl_value(w, c, idx), 0, size);
        esb_bitset_set(&w->signature[idx], c);
        esb_change_mark(&w->changes, c, idx, true);
        ++added;
    }
    if (out_count) *out_count = added;
    return ESB_OK;
}

esb_status esb_remove_matching(esb_query *q, esb_component c, size_t *out_count) {
    esb_status s = check_matching(q, c);
    if (s != ESB_OK) return s;
    esb_world *w = q->world;
    size_t removed = 0;
    for (uint32_t idx = 0, end = w->core.entities.issued; !q->head.matches_nothing && idx < end; ++idx) {
        if (!matches(&w->signature[idx], &q->head) || !tpl_has(w, idx, c)) continue;
        esb_bitset_clear(&w->signature[idx], c);
        esb_change_forget(&w->changes, c, idx);
        ++removed;
    }
    if (out_count) *out_count = removed;
    return ESB_OK;
}

/* Queries: the join of the included components' presence sets, less the excluded ones', walked level by level
 * (hibitset.h), as a specs join walks a tuple of storages' masks.
 *
 * Batches: where the join's word is whole (all 64 indices match) and the words that follow are whole too, the run
 * goes out as plain slices of the arrays (the indices are the array positions: no index array, no lookup);
 * every other word's indices go out through an index array shared by the entities and the dense fields, up to
 * HB_BATCH at a time. A field in a sparse set needs its positions looked up per entity, so a query with one
 * hands out index batches only. A change term ANDs its set of changed indices into each word of the join.
 *
 * The world is locked against structural operations while an iterator is live (query_registry.h), so the sets
 * and the arrays cannot change under it; the walk's state lives in the query, which has one live iterator. */
#include "validate.h"
#include "hibit.h"

/* An iterator's state: whether its walk has begun. */
typedef struct hb_iter_state {
    uint64_t begun;
} hb_iter_state;
ESB_ITER_STATE_FITS(hb_iter_state);

void hb_query_free(esb_query *q) {
    esb_change_set_destroy(&q->world->changes, q->changes);
    esb_qr_unlink(q->head.registry, &q->head.node);
    esb_mem_free(q->rows, HB_BATCH * sizeof *q->rows);
    esb_mem_free(q->positions, (size_t)HB_BATCH * q->sparse_fields * sizeof *q->positions);
    esb_mem_free(q, sizeof *q);
}

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    esb_status s;
    esb_query *q =
        esb_query_head_create(w ? &w->core : NULL, w ? w->components : NULL, desc, out, sizeof(esb_query),
                              _Alignof(esb_query), &s); /* checked, its terms copied, linked into the world */
    if (!q) return s;
    q->world = w;
    for (unsigned wd = 0; wd < ESB_BITSET_WORDS; ++wd) {
        for (uint64_t bits = q->head.include.w[wd]; bits; bits &= bits - 1)
            q->need[q->need_count++] = &w->present[wd * 64 + (unsigned)__builtin_ctzll(bits)];
        for (uint64_t bits = q->head.exclude.w[wd]; bits; bits &= bits - 1)
            q->refuse[q->refuse_count++] = &w->present[wd * 64 + (unsigned)__builtin_ctzll(bits)];
    }
    for (uint32_t k = 0; k < q->head.field_count; ++k) q->sparse_fields += hb_pooled(w, q->head.fields[k]);
    if (!(q->rows = esb_mem_alloc(HB_BATCH * sizeof *q->rows, 0)) ||
        (q->sparse_fields &&
         !(q->positions = esb_mem_alloc((size_t)HB_BATCH * q->sparse_fields * sizeof *q->positions, 0))) ||
        (q->head.change &&
         !(q->changes = esb_change_set_create(&w->changes, q->head.change_component, q->head.change)))) {
        hb_query_free(q); /* unlinked again: a failure leaves no trace */
        return ESB_ERR_NOMEM;
    }
    q->head.kind = "join"; /* the cached hint is ignored: a join keeps nothing between frames, as specs's */
    *out = q;
    return ESB_OK;
}

esb_status esb_query_destroy(esb_query *q) {
    return esb_qr_destroy_query(q, q ? q->head.registry : NULL, hb_query_free);
}

const char *esb_query_kind(const esb_query *q) { return q ? q->head.kind : "none"; }

esb_status esb_iter_begin(esb_query *q, esb_iter *it) {
    return esb_query_head_begin(q ? &q->head : NULL, it, NULL);
} /* nothing to catch up with */

void esb_iter_end(esb_iter *it) { esb_qr_end(it); }

/* The next word of the join with a match (the change term's set applied): a word left pending by the last
 * batch first. False when the walk is done. */
static bool next_word(esb_query *q, uint32_t *word, uint64_t *bits) {
    if (q->pending_bits) {
        *word = q->pending_word;
        *bits = q->pending_bits;
        q->pending_bits = 0;
        return true;
    }
    const esb_change_set *changes = q->changes;
    uint32_t change_words = changes ? (uint32_t)esb_change_words(q->world->changes.capacity) : 0;
    while (esb_hibit_join_next(&q->join, word, bits)) {
        q->world->words_joined++;
        if (!changes) return true;
        *bits &= *word < change_words ? changes->bits[*word] : 0;
        if (*bits) return true;
    }
    return false;
}

/* Handing out a field with write access changes it, for every entity of the batch (contract.h). */
static void mark_written(const esb_world *w, const esb_query *q, const uint32_t *rows, uint32_t first, uint32_t n) {
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        esb_component c = q->head.fields[k];
        if (q->head.access[k] == ESB_WRITE && w->changes.watching[c])
            esb_change_mark_rows(&w->changes, c, rows, first, n, false);
    }
}

/* A run of whole words: entity indices first .. first + n - 1, every dense field an array slice. */
static void run_batch(esb_iter *it, const esb_query *q, uint32_t first, uint32_t n) {
    const esb_world *w = q->world;
    esb_batch *b = &it->batch;
    b->count = n;
    b->entities = w->core.entities.slots + first; /* an alive index's slot holds its handle */
    b->entity_rows = NULL;
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        b->base[k] = hb_value(w, q->head.fields[k], first);
        b->rows[k] = NULL;
    }
}

/* The indices in q->rows: the entities and the dense fields through them, sparse fields through their positions
 * in their sets, looked up for the batch. */
static void index_batch(esb_iter *it, const esb_query *q, uint32_t n) {
    const esb_world *w = q->world;
    esb_batch *b = &it->batch;
    b->count = n;
    b->entities = w->core.entities.slots;
    b->entity_rows = q->rows;
    uint32_t *positions = q->positions;
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        esb_component c = q->head.fields[k];
        if (!hb_pooled(w, c)) {
            b->base[k] = w->data[c];
            b->rows[k] = q->rows;
            continue;
        }
        const esb_sparse_set *p = &w->pools[c];
        for (uint32_t i = 0; i < n; ++i) esb_sparse_find(p, w->core.entities.slots[q->rows[i]], &positions[i]);
        b->base[k] = p->data;
        b->rows[k] = positions;
        positions += HB_BATCH;
    }
}

bool esb_iter_next(esb_iter *it) {
    if (!it || !it->query) return false;
    esb_query *q = it->query;
    esb_world *w = q->world;
    hb_iter_state *st = ESB_ITER_STATE(hb_iter_state, it);
    if (!st->begun) {
        st->begun = 1;
        q->pending_bits = 0;
        esb_hibit_join_begin(&q->join, q->need, q->need_count, q->refuse, q->refuse_count);
        if (q->head.matches_nothing) q->join.limit[ESB_HIBIT_LEVELS - 1] = 0; /* an empty walk */
    }
    uint32_t n = 0, run_first = 0, run = 0, word;
    uint64_t bits;
    bool runs = !q->sparse_fields; /* a sparse field needs its positions: index batches only */
    while (next_word(q, &word, &bits)) {
        uint32_t base = word * 64;
        if (runs && bits == ~0ull) {
            if (run && base == run_first + run && run + 64 <= HB_BATCH) {
                run += 64;
                continue;
            }
            if (!run && !n) {
                run_first = base, run = 64;
                continue;
            }
        } else if (!run && n + 64 <= HB_BATCH) {
            for (; bits; bits &= bits - 1) q->rows[n++] = base + (uint32_t)__builtin_ctzll(bits);
            continue;
        }
        q->pending_word = word, q->pending_bits = bits; /* for the next batch */
        break;
    }
    if (run) {
        w->run_batches++;
        mark_written(w, q, NULL, run_first, run);
        run_batch(it, q, run_first, run);
        return true;
    }
    if (n) {
        w->index_batches++;
        mark_written(w, q, q->rows, 0, n);
        index_batch(it, q, n);
        return true;
    }
    /* The walk reached the end with nothing more to hand out: the change set is consumed. */
    if (q->changes) esb_change_set_clear(&w->changes, q->changes);
    esb_iter_end(it);
    return false;
}

/* Queries walk the tables that have a column for every included component. A table whose included columns are
 * full and whose excluded columns are empty is handed out whole, as plain arrays; elsewhere the presence bits
 * are tested, 64 rows per word and ESB_BATCH_ROWS rows per batch, and the matching rows go out through an index
 * array. That test is the price of never moving an entity. Sparse columns' values are found in their maps.
 *
 * Cached queries keep the list of tables with the needed columns; it is rebuilt when a table or a column
 * appears (the world's layout generation), which is rare next to iteration. */
#include <string.h>

#include "inline.h"
#include "rows.h"
#include "validate.h"
#include "tables.h"

bool tb_match_table(const void *query, uint32_t id, uint16_t *columns) {
    const esb_query *q = query;
    (void)columns;
    return !q->head.matches_nothing && esb_bitset_contains(&q->world->tables[id]->column_set, &q->head.include);
}

static inline esb_status refresh(esb_query *q) {
    if (q->generation != q->world->layout_generation) {
        q->matches.count = q->matches.seen = 0;
        q->generation = q->world->layout_generation;
    }
    esb_status s = esb_match_list_catch_up(&q->matches, q->world->table_count, tb_match_table, q);
    if (s != ESB_OK) q->generation = UINT64_MAX; /* retry from scratch next time */
    return s;
}

esb_status tb_query_refresh(esb_query *q) { return refresh(q); }

void tb_query_free(esb_query *q) {
    esb_qr_unlink(q->head.registry, &q->head.node);
    esb_mem_free(q->rows, ESB_BATCH_ROWS * sizeof *q->rows);
    esb_mem_free(q->positions, (size_t)ESB_BATCH_ROWS * q->sparse_fields * sizeof *q->positions);
    esb_match_list_free(&q->matches);
    esb_mem_free(q, sizeof *q);
}

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    esb_status s;
    esb_query *q = esb_query_head_create(w ? &w->core : NULL, w ? w->components : NULL, desc, out, sizeof(esb_query),
                                         _Alignof(esb_query), &s);
    if (!q) return s;
    q->world = w;
    for (uint32_t k = 0; k < q->head.field_count; ++k)
        q->sparse_fields += w->components[q->head.fields[k]].hint == ESB_STORAGE_SPARSE;
    q->head.cached |= q->head.change != ESB_CHANGE_NONE; /* its reference point is kept with its list */
    q->head.kind = q->head.cached ? "table-cache" : "table-scan";
    q->generation = UINT64_MAX;
    q->rows = esb_mem_alloc(ESB_BATCH_ROWS * sizeof *q->rows, 0);
    if (q->sparse_fields)
        q->positions = esb_mem_alloc((size_t)ESB_BATCH_ROWS * q->sparse_fields * sizeof *q->positions, 0);
    if (!q->rows || (q->sparse_fields && !q->positions) || (q->head.cached && refresh(q) != ESB_OK) ||
        (q->head.change && tb_ticks_enable(w, q->head.change_component) != ESB_OK)) {
        tb_query_free(q);
        return ESB_ERR_NOMEM;
    }
    if (q->head.change) q->last_run = w->change_tick++; /* its creation: changes before it are not its */
    *out = q;
    return ESB_OK;
}

esb_status esb_query_destroy(esb_query *q) {
    return esb_qr_destroy_query(q, q ? q->head.registry : NULL, tb_query_free);
}

const char *esb_query_kind(const esb_query *q) { return q ? q->head.kind : "none"; }

esb_status esb_iter_begin(esb_query *q, esb_iter *it) { return esb_query_head_begin(q ? &q->head : NULL, it, refresh); }

void esb_iter_end(esb_iter *it) { esb_qr_end(it); }

/* An iterator's state: the next table (or its place in the match list), the next row in it, and what presence
 * tests that table needs (its enum tb_rows, 0 until known). */
typedef struct tb_iter_state {
    uint64_t table, row, rows;
} tb_iter_state;
ESB_ITER_STATE_FITS(tb_iter_state);

/* Rows first .. first + len - 1 whose bits are set in every need array, clear in every refuse array and, where
 * ticks is not NULL, whose tick is past the query's reference point, into q->rows; returns how many. Inlined
 * twice, so a pass without a change term has no tick test in its loop. */
static ESB_ALWAYS_INLINE uint32_t rows_passing(esb_query *q, const uint64_t *const *need, uint32_t nn,
                                               const uint64_t *const *refuse, uint32_t nr, const uint64_t *ticks,
                                               uint32_t first, uint32_t len) {
    uint32_t found = 0;
    for (uint64_t row = first; row < (uint64_t)first + len; row += 64) { /* first is a multiple of 64 */
        uint32_t word = (uint32_t)(row >> 6), valid = (uint32_t)(first + len - row);
        uint64_t m = valid >= 64 ? ~0ull : (1ull << valid) - 1;
        for (uint32_t k = 0; k < nn; ++k) m &= need[k][word];
        for (uint32_t k = 0; k < nr; ++k) m &= ~refuse[k][word];
        if (ticks && m) {
            uint64_t fresh = 0, rows = valid >= 64 ? 64 : valid;
            for (uint32_t j = 0; j < rows; ++j) fresh |= (uint64_t)(ticks[row + j] > q->last_run) << j;
            m &= fresh;
        }
        for (; m; m &= m - 1) q->rows[found++] = (uint32_t)row + (uint32_t)__builtin_ctzll(m);
    }
    return found;
}

/* Rows first .. first + len - 1 of t that match, into q->rows; returns how many. */
static uint32_t matching_rows(esb_query *q, const tb_table *t, uint32_t first, uint32_t len) {
    tb_row_filter f;
    tb_row_filter_make(&f, q, t);
    /* a change term: the rows whose tick of the term's kind is past the reference point */
    const tb_column *term = q->head.change ? tb_column_of(t, q->head.change_component) : NULL;
    if (!term) return rows_passing(q, f.need, f.nn, f.refuse, f.nr, NULL, first, len);
    return rows_passing(q, f.need, f.nn, f.refuse, f.nr,
                        q->head.change == ESB_CHANGE_ADDED ? term->added_ticks : term->changed_ticks, first, len);
}

/* Fills the batch: rows NULL means the contiguous rows first .. first + count - 1. */
static void fill_batch(esb_iter *it, esb_query *q, const tb_table *t, uint32_t first, uint32_t count,
                       const uint32_t *rows) {
    esb_batch *b = &it->batch;
    b->count = count;
    b->entities = rows ? t->entities : t->entities + first;
    b->entity_rows = rows;
    uint32_t *positions = q->positions;
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        const tb_column *col = tb_column_of(t, q->head.fields[k]);
        b->stride[k] = 0;
        if (col->kind == TB_DENSE) {
            b->base[k] = rows ? col->data : col->data + (size_t)first * col->size;
            b->rows[k] = rows;
            continue;
        }
        for (uint32_t i = 0; i < count; ++i)
            esb_sparse_find(col->map, t->entities[rows ? rows[i] : first + i], &positions[i]);
        b->base[k] = col->map->data;
        b->rows[k] = positions;
        positions += ESB_BATCH_ROWS;
    }
    /* writable fields change what the batch hands out, where their columns keep ticks */
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        tb_column *col = tb_column_of(t, q->head.fields[k]);
        if (q->head.access[k] != ESB_WRITE || !col->changed_ticks) continue;
        uint64_t *ticks = col->changed_ticks, tick = q->world->change_tick;
        if (rows)
            for (uint32_t i = 0; i < count; ++i) ticks[rows[i]] = tick;
        else
            for (uint64_t *run = ticks + first, *end = run + count; run < end; ++run) *run = tick; /* a fill */
    }
}

/* The next batch of table t from the state's row; false when the table has no more matching rows. Sparse fields
 * need positions, ESB_BATCH_ROWS at most per batch. */
static bool table_batch(esb_iter *it, esb_query *q, const tb_table *t) {
    tb_iter_state *st = ESB_ITER_STATE(tb_iter_state, it);
    uint32_t at = (uint32_t)st->row;
    if (at >= t->count) return false;
    if (!st->rows) st->rows = tb_rows_matching(q, t);
    if (st->rows == TB_NO_ROWS) return false;
    if (st->rows == TB_ALL_ROWS) {
        uint32_t len = t->count - at;
        if (q->sparse_fields && len > ESB_BATCH_ROWS) len = ESB_BATCH_ROWS;
        fill_batch(it, q, t, at, len, NULL);
        st->row = at + len;
        return true;
    }
    while (at < t->count) {
        uint32_t len = t->count - at < ESB_BATCH_ROWS ? t->count - at : ESB_BATCH_ROWS;
        uint32_t found = matching_rows(q, t, at, len);
        st->row = at += len;
        if (!found) continue;
        q->world->masked_batches++;
        if (found == len && !q->sparse_fields)
            fill_batch(it, q, t, at - len, len, NULL);
        else
            fill_batch(it, q, t, 0, found, q->rows);
        return true;
    }
    return false;
}

bool esb_iter_next(esb_iter *it) {
    if (!it || !it->query) return false;
    esb_query *q = it->query;
    const esb_world *w = q->world;
    uint32_t end = q->head.cached ? q->matches.count : w->table_count;
    tb_iter_state *st = ESB_ITER_STATE(tb_iter_state, it);
    for (; st->table < end; st->table++, st->row = st->rows = 0) {
        uint32_t id = q->head.cached ? q->matches.ids[st->table] : (uint32_t)st->table;
        if (!q->head.cached && !tb_match_table(q, id, NULL)) continue;
        if (table_batch(it, q, w->tables[id])) return true;
    }
    /* A complete pass: what changed before it began was reported, and what changed while it was live, its own
     * writes included, is absorbed (contract.h allows either), as a Bevy system does not see its own writes. */
    if (q->head.change) q->last_run = q->world->change_tick++;
    esb_iter_end(it);
    return false;
}

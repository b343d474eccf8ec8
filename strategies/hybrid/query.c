/* Queries. One whose every term is a dense component ("dense", as Bevy calls it; dense tags are part of a table's
 * identity) matches tables and hands each matching table out whole, every field a plain column. Any other query
 * (a sparse-set component or a sparse tag among its terms) matches archetypes: a batch is an archetype's rows, dense fields reached through the
 * archetype's table rows (one index array shared by every dense field and the entities), sparse fields through
 * positions looked up in their sparse sets, HY_CHUNK rows at a time.
 *
 * Cached queries keep the list of matching tables or archetypes and extend it only with those made since they
 * last looked (the generation scheme of Bevy's QueryState).
 *
 * A change term tests each candidate row's tick (Bevy's Changed<T> and Added<T> filters): in its table's track of
 * the term's component, or in that component's sparse set, and the rows that pass go out through an index array,
 * HY_CHUNK at a time. A batch that hands out a field with ESB_WRITE stamps its rows' ticks for that component
 * where it keeps them, and a complete pass takes the tick its reference point becomes. */
#include <string.h>

#include "graph.h"
#include "inline.h"
#include "validate.h"
#include "hybrid.h"

/* The sets a query tests: a table's set (dense queries) or an archetype's signature. */
static bool matches_set(const esb_query *q, const esb_bitset *set) { return esb_query_head_matches(&q->head, set); }

static uint32_t candidate_count(const esb_query *q) { return q->dense ? q->world->table_count : q->world->graph.count; }

static const esb_table *table_of_candidate(const esb_query *q, uint32_t i) {
    const esb_world *w = q->world;
    return q->dense ? w->tables[i] : w->tables[hy_archetype_of(w, i)->table];
}

static bool candidate_matches(const esb_query *q, uint32_t i) {
    return matches_set(q, q->dense ? &q->world->table_sets[i] : &hy_archetype_of(q->world, i)->node.signature);
}

void hy_query_free(esb_query *q) {
    esb_qr_unlink(q->head.registry, &q->head.node);
    esb_mem_free(q->scratch, (size_t)HY_CHUNK * q->sparse_fields * sizeof *q->scratch);
    esb_mem_free(q->rows, q->rows ? HY_CHUNK * sizeof *q->rows : 0);
    esb_match_list_free(&q->matches);
    esb_mem_free(q, sizeof *q);
}

/* A candidate's match test, with the table column of each field (0 for sparse-set fields, which have none). */
bool hy_match_candidate(const void *query, uint32_t id, uint16_t *columns) {
    const esb_query *q = query;
    if (!candidate_matches(q, id)) return false;
    const esb_table *t = table_of_candidate(q, id);
    for (uint32_t k = 0; columns && k < q->head.field_count; ++k)
        columns[k] =
            hy_in_table(q->world, q->head.fields[k]) ? (uint16_t)esb_table_column_of(t, q->head.fields[k]).k : 0;
    return true;
}

static inline esb_status catch_up(esb_query *q) {
    return esb_match_list_catch_up(&q->matches, candidate_count(q), hy_match_candidate, q);
}

esb_status hy_query_catch_up(esb_query *q) { return catch_up(q); }

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    esb_status s;
    esb_query *q = esb_query_head_create(w ? &w->core : NULL, w ? w->components : NULL, desc, out, sizeof(esb_query),
                                         _Alignof(esb_query), &s);
    if (!q) return s;
    q->world = w;
    q->dense = esb_bitset_contains(&w->table_components, &q->head.include) &&
               esb_bitset_contains(&w->table_components, &q->head.exclude);
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        q->sparse_fields += hy_in_pool(w, q->head.fields[k]);
        if (q->head.access[k] == ESB_WRITE) esb_bitset_set(&q->writes, q->head.fields[k]);
    }
    q->matches.field_count = q->head.field_count;
    q->head.kind = q->dense ? (q->head.cached ? "table-cache" : "table-scan")
                            : (q->head.cached ? "archetype-cache" : "archetype-scan");
    size_t scratch_bytes = (size_t)HY_CHUNK * q->sparse_fields * sizeof *q->scratch;
    if ((q->sparse_fields && !(q->scratch = esb_mem_alloc(scratch_bytes, 0))) ||
        (q->head.change && !(q->rows = esb_mem_alloc(HY_CHUNK * sizeof *q->rows, 0))))
        s = ESB_ERR_NOMEM;
    else if (q->head.cached)
        s = catch_up(q);
    if (s == ESB_OK && q->head.change) s = hy_ticks_enable(w, q->head.change_component);
    if (s != ESB_OK) {
        hy_query_free(q);
        return s;
    }
    if (q->head.change) q->last_run = w->change_tick++; /* its creation: changes before it are not its */
    *out = q;
    return ESB_OK;
}

esb_status esb_query_destroy(esb_query *q) {
    return esb_qr_destroy_query(q, q ? q->head.registry : NULL, hy_query_free);
}

const char *esb_query_kind(const esb_query *q) { return q ? q->head.kind : "none"; }

esb_status esb_iter_begin(esb_query *q, esb_iter *it) {
    return esb_query_head_begin(q ? &q->head : NULL, it, catch_up);
}

void esb_iter_end(esb_iter *it) { esb_qr_end(it); }

/* An iterator's state: the next candidate (or its position in the match list), and the next archetype row within
 * it, for archetypes handed out in chunks. */
typedef struct hy_iter_state {
    uint64_t candidate, row;
} hy_iter_state;
ESB_ITER_STATE_FITS(hy_iter_state);

/* A whole table, every field a column. */
static void table_batch(esb_iter *it, const esb_query *q, const esb_table *t, const uint16_t *columns) {
    esb_table_batch(&it->batch, t, q->head.fields, q->head.field_count, columns);
}

/* Rows of table t as a batch: rows[0 .. count - 1], or first .. first + count - 1 where rows is NULL. Dense fields
 * and the entities go through the same rows; sparse fields through the positions of the batch's entities in their
 * sets (handles: the entities in batch order where the caller has them, else read through the rows). */
static ESB_NOINLINE void rows_batch(esb_iter *it, esb_query *q, const esb_table *t, uint32_t first,
                                    const uint32_t *rows, const esb_entity *handles, uint32_t count,
                                    const uint16_t *columns) {
    const esb_world *w = q->world;
    esb_batch *b = &it->batch;
    b->count = count;
    b->entities = rows ? t->entities : t->entities + first;
    b->entity_rows = rows;
    uint32_t *scratch = q->scratch;
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        esb_component c = q->head.fields[k];
        b->stride[k] = 0;
        if (hy_in_table(w, c)) {
            esb_column_rank column = columns ? esb_column_at(columns[k]) : esb_table_column_of(t, c);
            b->base[k] = rows ? esb_table_column_base(t, column, &b->stride[k]) : esb_table_element(t, column, first);
            b->stride[k] = 0;
            b->rows[k] = rows;
            continue;
        }
        const esb_sparse_set *p = &w->pools[c];
        for (uint32_t i = 0; i < count; ++i)
            esb_sparse_find(p, handles ? handles[i] : t->entities[rows ? rows[i] : first + i], &scratch[i]);
        b->base[k] = p->data;
        b->rows[k] = scratch;
        scratch += HY_CHUNK;
    }
}

/* Rows first .. first + count - 1 of archetype a: alone on its table, its rows are the table's, so dense fields
 * and the entities are slices from first; else through the archetype's table rows. */
static void archetype_batch(esb_iter *it, esb_query *q, const hy_archetype *a, uint32_t first, uint32_t count,
                            const uint16_t *columns) {
    if (a->alone)
        rows_batch(it, q, a->rows_in, first, NULL, NULL, count, columns);
    else
        rows_batch(it, q, a->rows_in, 0, a->table_rows + first, a->entities + first, count, columns);
}

/* Whether the change term's tick of the entity at table row `row` of t is past the reference point: in t's track
 * of the term's component, or in that component's sparse set. */
static ESB_ALWAYS_INLINE bool row_changed(const esb_query *q, const esb_table *t, const esb_tick_track *track,
                                          uint32_t row) {
    bool added = q->head.change == ESB_CHANGE_ADDED;
    if (track) return (added ? track->added[row] : track->changed[row]) > q->last_run;
    const esb_sparse_set *p = &q->world->pools[q->head.change_component];
    uint32_t pos;
    bool found = esb_sparse_find(p, t->entities[row], &pos);
    ESB_ASSERT(found);
    (void)found;
    const hy_pool_ticks *ticks = &q->world->pool_ticks[q->head.change_component];
    return (added ? ticks->added[pos] : ticks->changed[pos]) > q->last_run;
}

/* The next batch of candidate i's rows whose change term passes, at most HY_CHUNK, from the state's row on; false
 * when none is left. */
static bool changed_batch(esb_iter *it, esb_query *q, uint32_t i, const uint16_t *columns) {
    hy_iter_state *st = ESB_ITER_STATE(hy_iter_state, it);
    const esb_world *w = q->world;
    const hy_archetype *a = q->dense ? NULL : hy_archetype_of(w, i);
    const esb_table *t = a ? a->rows_in : w->tables[i];
    uint32_t rows = a ? hy_archetype_rows(w, a) : t->count, found = 0, r = (uint32_t)st->row;
    const esb_tick_track *track =
        hy_in_table(w, q->head.change_component) ? esb_table_ticks_of(t, q->head.change_component) : NULL;
    if (track && (!a || a->alone)) { /* the candidate's rows are its table's: one tick array */
        const uint64_t *ticks = q->head.change == ESB_CHANGE_ADDED ? track->added : track->changed;
        uint64_t last_run = q->last_run;
        while (r < rows && found < HY_CHUNK) {
            /* 16 ticks at a time: a block whose newest tick is not past the reference point is skipped after one
             * compare per row (what most blocks are at low write rates); the others are collected row by row,
             * branch-free */
            uint32_t end = rows - r < 16 ? rows : r + 16;
            if (end - r == 16) {
                uint64_t newest = 0;
                for (uint32_t j = 0; j < 16; ++j) newest = ticks[r + j] > newest ? ticks[r + j] : newest;
                if (newest <= last_run) {
                    r = end;
                    continue;
                }
            }
            for (; r < end && found < HY_CHUNK; ++r) {
                q->rows[found] = r;
                found += ticks[r] > last_run;
            }
        }
    } else {
        for (; r < rows && found < HY_CHUNK; ++r) {
            uint32_t row = a ? hy_table_row(a, r) : r;
            if (row_changed(q, t, track, row)) q->rows[found++] = row;
        }
    }
    st->row = r;
    if (!found) return false;
    rows_batch(it, q, t, 0, q->rows, NULL, found, columns);
    return true;
}

/* The next batch from candidate i (whose fields' columns are `columns`, or NULL to find them); false when it
 * has no rows left. */
static ESB_ALWAYS_INLINE bool candidate_batch(esb_iter *it, esb_query *q, uint32_t i, const uint16_t *columns) {
    hy_iter_state *st = ESB_ITER_STATE(hy_iter_state, it);
    if (q->head.change) return changed_batch(it, q, i, columns);
    if (q->dense) {
        const esb_table *t = q->world->tables[i];
        if (st->row || !t->count) return false;
        table_batch(it, q, t, columns);
        st->row = t->count;
        return true;
    }
    const hy_archetype *a = hy_archetype_of(q->world, i);
    uint32_t first = (uint32_t)st->row, rows = hy_archetype_rows(q->world, a);
    if (first >= rows) return false;
    const esb_table *t = q->world->tables[a->table];
    if (!q->sparse_fields && rows == t->count) { /* the archetype holds its whole table: hand it out whole */
        table_batch(it, q, t, columns);
        st->row = rows;
        return true;
    }
    uint32_t count = rows - first;
    if (q->sparse_fields && count > HY_CHUNK) count = HY_CHUNK;
    archetype_batch(it, q, a, first, count, columns);
    st->row = first + count;
    return true;
}

/* The batch just handed out changes each field with ESB_WRITE whose component keeps ticks: its rows' ticks in the
 * table's track (the rows of the batch: its index array, or the slice its entities start) or in the sparse set. */
static ESB_NOINLINE void stamp_batch(esb_iter *it, esb_query *q, uint32_t candidate) {
    esb_world *w = q->world;
    const esb_batch *b = &it->batch;
    const esb_table *t = q->dense ? w->tables[candidate] : hy_archetype_of(w, candidate)->rows_in;
    uint32_t first = b->entity_rows ? 0 : (uint32_t)(b->entities - t->entities);
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        esb_component c = q->head.fields[k];
        if (q->head.access[k] != ESB_WRITE || !hy_ticked(w, c)) continue;
        if (hy_in_table(w, c)) {
            uint64_t *ticks = esb_table_ticks_of(t, c)->changed, tick = w->change_tick;
            if (b->entity_rows)
                for (uint32_t i = 0; i < b->count; ++i) ticks[b->entity_rows[i]] = tick;
            else
                for (uint64_t *run = ticks + first, *end = run + b->count; run < end; ++run) *run = tick; /* a fill */
        } else {
            for (uint32_t i = 0; i < b->count; ++i) w->pool_ticks[c].changed[b->rows[k][i]] = w->change_tick;
        }
    }
}

bool esb_iter_next(esb_iter *it) {
    if (!it || !it->query) return false;
    esb_query *q = it->query;
    uint32_t end = q->head.cached ? q->matches.count : candidate_count(q);
    hy_iter_state *st = ESB_ITER_STATE(hy_iter_state, it);
    for (; st->candidate < end; st->candidate++, st->row = 0) {
        uint32_t at = (uint32_t)st->candidate;
        uint32_t id = q->head.cached ? q->matches.ids[at] : at;
        if (q->head.cached ? candidate_batch(it, q, id, esb_match_list_columns(&q->matches, at))
                           : candidate_matches(q, at) && candidate_batch(it, q, at, NULL)) {
            if (!esb_bitset_disjoint(&q->writes, &q->world->ticked)) stamp_batch(it, q, id);
            return true;
        }
    }
    /* A complete pass: what changed before it began was reported, and what changed while it was live, its own
     * writes included, is absorbed (contract.h allows either), as a Bevy system does not see its own writes. */
    if (q->head.change) q->last_run = q->world->change_tick++;
    esb_iter_end(it);
    return false;
}

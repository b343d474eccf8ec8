/* The query-wide adds and removes (contract.h: esb_add_matching, esb_remove_matching), archetype by archetype.
 *
 * The sources are the archetypes the query matches when the call begins (a cached query's list after its catch-up,
 * else a scan of the archetypes) that have rows and lack c (add) or hold it (remove). Each has one destination, its
 * set with c added or taken out, distinct per source, and no destination is a source (it holds c after an add and
 * lacks it after a remove), so no row is met twice and none that only matches after the change. Everything is found,
 * made and reserved first: the destinations, room in each destination's lists and table for every row of its
 * source, and for a sparse c the pool's room and pages. The moves that follow cannot fail:
 *  - a dense c (a table component or a dense tag) changes the table. A source alone on its table hands the whole
 *    table over at once: one copy per shared column and tick track, c's column filled as one run, the handles
 *    copied, the locations rewritten, the source table emptied. A source sharing its table (its rows scattered
 *    through it) moves row by row, as esb_add moves one.
 *  - a sparse c keeps the table: the source's rows are appended to the destination's lists whole, and c's pool
 *    gets an element per entity, its values and ticks written as one run (remove: each element erased). */
#include <string.h>

#include "graph.h"
#include "moves.h"
#include "hybrid.h"

/* One source of a call: its `rows` rows all go to archetype `to`, on table `table`. */
typedef struct hy_transfer {
    uint32_t from, to, table, rows;
} hy_transfer;

/* The handles of archetype a, archetype row by archetype row: its table's, when it is alone there. */
static const esb_entity *archetype_entities(const hy_archetype *a) {
    return a->alone ? a->rows_in->entities : a->entities;
}

/* Records archetype id in plan[at] (plan NULL: counts only) if it is a source: rows to move, and c lacking (add) or
 * held (remove). Returns 1 if it is. */
static uint32_t add_source(const esb_world *w, uint32_t id, esb_component c, esb_edge_kind kind, hy_transfer *plan,
                           uint32_t at) {
    const hy_archetype *a = hy_archetype_of(w, id);
    uint32_t rows = hy_archetype_rows(w, a);
    if (!rows || esb_bitset_test(&a->node.signature, c) == (kind == ESB_EDGE_ADD)) return 0;
    if (plan) plan[at] = (hy_transfer){.from = id, .rows = rows};
    return 1;
}

/* Whether no table a dense query lists has two archetypes: each listed table's archetype is then the one that
 * matches, so the list names the sources without a scan. */
static bool listed_tables_unshared(const esb_query *q) {
    for (uint32_t i = 0; i < q->matches.count; ++i)
        if (q->world->table_alone[q->matches.ids[i]] == HY_SHARED) return false;
    return true;
}

/* The sources, into plan (NULL: counted only); returns how many. A cached query's list names them; a dense query's
 * names tables, whose archetypes are the sources where no listed table is shared. Else the archetypes are scanned:
 * a dense query matches an archetype exactly when it matches its table. */
static uint32_t collect_sources(const esb_query *q, esb_component c, esb_edge_kind kind, hy_transfer *plan) {
    const esb_world *w = q->world;
    uint32_t n = 0;
    if (q->head.cached && (!q->dense || listed_tables_unshared(q))) {
        for (uint32_t i = 0; i < q->matches.count; ++i) {
            uint32_t id = q->dense ? w->table_alone[q->matches.ids[i]] : q->matches.ids[i];
            if (id != HY_UNUSED) n += add_source(w, id, c, kind, plan, n);
        }
        return n;
    }
    for (uint32_t id = 0; id < w->graph.count; ++id)
        if (esb_query_head_matches(&q->head, &hy_archetype_of(w, id)->node.signature))
            n += add_source(w, id, c, kind, plan, n);
    return n;
}

/* Every allocation of the moves, none observable if a later one fails: the destinations (found along the edges, or
 * made, which may give an archetype lists of its own, so room is reserved only after all are made), room in each
 * destination's lists, then in each destination table for the rows of all its sources (rows_into, zeroed, one
 * counter per table: sources sharing a table share a destination table), or c's pool room and pages. */
static esb_status reserve(esb_world *w, hy_transfer *plan, uint32_t n, uint32_t *rows_into, esb_component c,
                          esb_edge_kind kind, uint64_t total) {
    esb_status s = ESB_OK;
    for (uint32_t i = 0; s == ESB_OK && i < n; ++i)
        s = esb_graph_step(&w->graph, w, hy_archetype_make, plan[i].from, c, kind, &plan[i].to);
    for (uint32_t i = 0; s == ESB_OK && i < n; ++i) {
        hy_archetype *dst = hy_archetype_of(w, plan[i].to);
        plan[i].table = dst->table;
        s = hy_archetype_reserve(dst, plan[i].rows);
    }
    if (s != ESB_OK) return s;
    if (hy_in_table(w, c)) {
        for (uint32_t i = 0; i < n; ++i) rows_into[plan[i].table] += plan[i].rows;
        for (uint32_t i = 0; s == ESB_OK && i < n; ++i)
            if (rows_into[plan[i].table]) {
                s = esb_table_reserve(w->tables[plan[i].table], rows_into[plan[i].table]);
                rows_into[plan[i].table] = 0; /* reserved once per table */
            }
        return s;
    }
    if (kind == ESB_EDGE_REMOVE) return ESB_OK; /* erasing from the pool needs nothing */
    esb_sparse_set *p = &w->pools[c];
    if ((s = hy_pool_reserve(w, c, (uint32_t)total)) != ESB_OK) return s;
    for (uint32_t i = 0; i < n; ++i) {
        const esb_entity *handles = archetype_entities(hy_archetype_of(w, plan[i].from));
        for (uint32_t r = 0; r < plan[i].rows; ++r)
            if ((s = esb_sparse_reserve_index(p, esb_entity_index(handles[r]))) != ESB_OK) return s;
    }
    return ESB_OK;
}

static void fill_ticks(uint64_t *ticks, uint64_t tick, size_t n) {
    for (uint64_t *end = ticks + n; ticks < end; ++ticks) *ticks = tick;
}

/* Copies rows 0 .. n - 1 of src's column s to rows first .. of dst's column d: one copy where both are plain arrays
 * (the layout's column base has no stride), else element by element. */
static void copy_column_run(esb_table *dst, esb_column_rank d, uint32_t first, const esb_table *src, esb_column_rank s,
                            uint32_t n) {
    uint32_t size = dst->columns[d.k].size, dst_stride, src_stride;
    esb_table_column_base(dst, d, &dst_stride);
    esb_table_column_base(src, s, &src_stride);
    if (!dst_stride && !src_stride) {
        memcpy(esb_table_element(dst, d, first), esb_table_element(src, s, 0), (size_t)n * size);
        return;
    }
    for (uint32_t i = 0; i < n; ++i)
        esb_copy_element(esb_table_element(dst, d, first + i), esb_table_element(src, s, i), size);
}

/* n copies of value (or zeros) into rows first .. of t's column. */
static void fill_column_run(esb_table *t, esb_column_rank column, uint32_t first, uint32_t n, const void *value) {
    uint32_t size = t->columns[column.k].size, stride;
    esb_table_column_base(t, column, &stride);
    if (!stride) {
        esb_repeat_value(esb_table_element(t, column, first), value, size, n);
        return;
    }
    for (uint32_t i = 0; i < n; ++i) esb_write_value(esb_table_element(t, column, first + i), value, size);
}

/* The whole of src's table (src alone on it) appended to the destination's table, room reserved: every column and
 * tick track the two tables share copied as a run (a merge walk of their id-ordered lists), c's column filled and its
 * additions stamped after an add, the locations rewritten (and the destination's lists extended where it shares its
 * table), the source table emptied. */
static void move_table(esb_world *w, hy_archetype *src, uint32_t to, esb_component c, const void *value,
                       esb_edge_kind kind) {
    hy_archetype *dst = hy_archetype_of(w, to);
    esb_table *st = src->rows_in, *dt = dst->rows_in;
    uint32_t n = st->count, first = dt->count;
    ESB_ASSERT(src->alone && dt != st && (uint64_t)first + n <= dt->capacity);
    memcpy(dt->entities + first, st->entities, (size_t)n * sizeof *st->entities);
    dt->count += n;
    for (uint32_t d = 0, s = 0; d < dt->column_count && s < st->column_count;) {
        esb_component dc = dt->columns[d].id, sc = st->columns[s].id;
        if (dc == sc) copy_column_run(dt, esb_column_at(d), first, st, esb_column_at(s), n);
        d += dc <= sc;
        s += sc <= dc;
    }
    for (uint32_t d = 0, s = 0; d < dt->tick_count && s < st->tick_count;) {
        esb_component dc = dt->ticks[d].id, sc = st->ticks[s].id;
        if (dc == sc) {
            memcpy(dt->ticks[d].changed + first, st->ticks[s].changed, (size_t)n * sizeof(uint64_t));
            memcpy(dt->ticks[d].added + first, st->ticks[s].added, (size_t)n * sizeof(uint64_t));
        }
        d += dc <= sc;
        s += sc <= dc;
    }
    if (kind == ESB_EDGE_ADD) {
        int32_t column = esb_table_find_column(dt, c); /* none for a dense tag */
        if (column != ESB_NO_COLUMN) fill_column_run(dt, esb_column_at((uint32_t)column), first, n, value);
        if (hy_ticked(w, c)) {
            esb_tick_track *track = esb_table_ticks_of(dt, c);
            fill_ticks(track->changed + first, w->change_tick, n);
            fill_ticks(track->added + first, w->change_tick, n);
        }
    }
    hy_location *locs = hy_locations(w);
    const esb_entity *moved = dt->entities + first;
    if (dst->alone) {
        for (uint32_t i = 0; i < n; ++i) locs[esb_entity_index(moved[i])] = (hy_location){moved[i], to, first + i};
    } else {
        for (uint32_t i = 0; i < n; ++i)
            locs[esb_entity_index(moved[i])] = (hy_location){moved[i], to, hy_archetype_push(dst, moved[i], first + i)};
    }
    st->count = 0;
    w->table_moves += n;
    w->archetype_moves += n;
}

/* src's rows (src sharing its table) moved one by one to the destination's table, as esb_add and esb_remove move
 * them: the last archetype row first, so that taking it out of src's lists moves no other. */
static void move_rows(esb_world *w, hy_archetype *src, uint32_t to, esb_component c, const void *value,
                      esb_edge_kind kind) {
    hy_archetype *dst = hy_archetype_of(w, to);
    for (uint32_t r = src->count; r-- > 0;) {
        int32_t column;
        uint32_t row = hy_move_entity(w, src->entities[r], src, to, c, kind, &column);
        if (column != ESB_NO_COLUMN)
            esb_write_value(esb_table_element(dst->rows_in, esb_column_at((uint32_t)column), row), value,
                            dst->rows_in->columns[column].size);
        if (kind == ESB_EDGE_ADD && hy_ticked(w, c)) hy_stamp(w, dst, row, c, true);
    }
}

/* src's rows appended whole to the lists of the destination on the same table (a sparse c: no table row moves). */
static void move_lists(esb_world *w, hy_archetype *src, uint32_t to) {
    hy_archetype *dst = hy_archetype_of(w, to);
    ESB_ASSERT(!src->alone && !dst->alone && src->table == dst->table);
    uint32_t n = src->count, at = dst->count;
    memcpy(dst->entities + at, src->entities, (size_t)n * sizeof *src->entities);
    memcpy(dst->table_rows + at, src->table_rows, (size_t)n * sizeof *src->table_rows);
    hy_location *locs = hy_locations(w);
    for (uint32_t i = 0; i < n; ++i)
        locs[esb_entity_index(src->entities[i])] = (hy_location){src->entities[i], to, at + i};
    dst->count += n;
    src->count = 0;
    w->archetype_moves += n;
}

/* c's pool gains src's entities (room and pages reserved): appended, then their values and ticks as one run. */
static void pool_append(esb_world *w, const hy_archetype *src, esb_component c, const void *value) {
    esb_sparse_set *p = &w->pools[c];
    uint32_t first = p->count, n = src->count;
    for (uint32_t i = 0; i < n; ++i) esb_sparse_append(p, src->entities[i]);
    if (p->size) esb_repeat_value(esb_sparse_value(p, first), value, p->size, n);
    if (!hy_ticked(w, c)) return;
    fill_ticks(w->pool_ticks[c].changed + first, w->change_tick, n);
    fill_ticks(w->pool_ticks[c].added + first, w->change_tick, n);
}

/* c's pool loses src's entities, each element's ticks moving with the one that fills its place. */
static void pool_erase_all(esb_world *w, const hy_archetype *src, esb_component c) {
    for (uint32_t i = 0, pos; i < src->count; ++i)
        if (esb_sparse_find(&w->pools[c], src->entities[i], &pos)) hy_pool_erase(w, c, pos);
}

/* esb_add_matching (kind ESB_EDGE_ADD, with value) and esb_remove_matching: checks, the sources, every allocation,
 * then the moves. */
static esb_status change_matching(esb_query *q, esb_component c, const void *value, esb_edge_kind kind,
                                  size_t *out_count) {
    esb_status s = q ? esb_core_check_matching(&q->world->core, q->head.change, c) : ESB_ERR_INVALID;
    if (s != ESB_OK || (q->head.cached && (s = hy_query_catch_up(q)) != ESB_OK)) return s;
    esb_world *w = q->world;
    uint32_t n = collect_sources(q, c, kind, NULL);
    if (!n) {
        if (out_count) *out_count = 0;
        return ESB_OK;
    }
    bool dense = hy_in_table(w, c);
    /* the plan, then a counter per table for a dense c: those there now, and one per source it may make */
    size_t counters = dense ? (size_t)w->table_count + n : 0,
           bytes = n * sizeof(hy_transfer) + counters * sizeof(uint32_t);
    hy_transfer *plan = esb_mem_calloc(bytes, 0);
    if (!plan) return ESB_ERR_NOMEM;
    collect_sources(q, c, kind, plan);
    uint64_t total = 0;
    for (uint32_t i = 0; i < n; ++i) total += plan[i].rows;
    if ((s = reserve(w, plan, n, (uint32_t *)(void *)(plan + n), c, kind, total)) == ESB_OK) {
        for (uint32_t i = 0; i < n; ++i) {
            hy_archetype *src = hy_archetype_of(w, plan[i].from);
            if (dense && src->alone) {
                move_table(w, src, plan[i].to, c, value, kind);
                continue;
            }
            if (dense) {
                move_rows(w, src, plan[i].to, c, value, kind);
                continue;
            }
            if (kind == ESB_EDGE_ADD)
                pool_append(w, src, c, value);
            else
                pool_erase_all(w, src, c);
            move_lists(w, src, plan[i].to);
        }
        if (out_count) *out_count = (size_t)total;
    }
    esb_mem_free(plan, bytes);
    return s;
}

esb_status esb_add_matching(esb_query *q, esb_component c, const void *value, size_t *out_count) {
    return change_matching(q, c, value, ESB_EDGE_ADD, out_count);
}

esb_status esb_remove_matching(esb_query *q, esb_component c, size_t *out_count) {
    return change_matching(q, c, NULL, ESB_EDGE_REMOVE, out_count);
}

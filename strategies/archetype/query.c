/* Queries: every matching non-empty table is one batch, every field a whole column.
 *
 * Uncached queries test each archetype's signature at every iteration, and skip the empty tables as they come
 * to them. Cached ones keep the list of matching archetypes (with each field's column) and extend it only with
 * the archetypes made since they last looked, as Bevy's QueryState does with the archetype generation:
 * iteration never re-tests a known archetype. Of those, they iterate only the active ones, whose tables hold
 * rows: each matched archetype lists its watching queries, and its table's turning empty or non-empty moves it
 * out of or into their active lists (flecs's query cache keeps its empty tables apart the same way), so a
 * world of many empty tables costs a cached pass nothing.
 *
 * Change terms follow flecs's change detection, which needs the query cache (a query with one is cached
 * whatever its hint): each table keeps counters of its writes and of the rows it received (archetype.h), the
 * query remembers what they were when its last complete pass ended, and a pass hands out whole the tables whose
 * counters have moved since and skips the others. So it reports a superset, by table: every entity of a table
 * where one changed, or into which one moved. A batch marks the columns it hands out writable, as flecs marks an
 * [inout] field's column when the iterator moves past its table. */
#include <string.h>

#include "grow.h"
#include "inline.h"
#include "validate.h"
#include "archetype.h"

static void activate(esb_query *q, uint32_t match) {
    ESB_ASSERT(q->active_pos[match] == AT_INACTIVE && q->active_count < q->matches.count);
    q->active_pos[match] = q->active_count;
    q->active[q->active_count++] = match;
}

static void deactivate(esb_query *q, uint32_t match) {
    uint32_t at = q->active_pos[match], last = q->active[--q->active_count];
    ESB_ASSERT(at <= q->active_count && q->active[at] == match);
    q->active[at] = last;
    q->active_pos[last] = at;
    q->active_pos[match] = AT_INACTIVE;
}

void at_table_filled(at_archetype *a) {
    for (uint32_t k = 0; k < a->watcher_count; ++k) activate(a->watchers[k].query, a->watchers[k].match);
}

void at_table_emptied(at_archetype *a) {
    for (uint32_t k = 0; k < a->watcher_count; ++k) deactivate(a->watchers[k].query, a->watchers[k].match);
}

/* Takes q's watcher out of archetype a (a swap with the last one). */
static void unwatch(at_archetype *a, const esb_query *q) {
    for (uint32_t k = 0; k < a->watcher_count; ++k)
        if (a->watchers[k].query == q) {
            a->watchers[k] = a->watchers[--a->watcher_count];
            return;
        }
    ESB_ASSERT_MSG(false, "a matched archetype without its query's watcher");
}

/* The terms' test written out rather than called through esb_query_head_matches, so that gcc keeps inlining
 * table_batch into next_scanned, the uncached pass (docs/decisions.md, "Archetype's scan test written out"). */
static bool query_matches(const esb_query *q, const at_archetype *a) {
    return !q->head.matches_nothing && esb_bitset_contains(&a->node.signature, &q->head.include) &&
           esb_bitset_disjoint(&a->node.signature, &q->head.exclude);
}

void at_query_free(esb_query *q) {
    for (uint32_t i = 0; i < q->matches.count; ++i) unwatch(at_archetype_of(q->world, q->matches.ids[i]), q);
    esb_qr_unlink(q->head.registry, &q->head.node);
    esb_match_list_free(&q->matches);
    esb_mem_free(q->active, (size_t)q->active_capacity * sizeof *q->active);
    esb_mem_free(q->active_pos, (size_t)q->active_capacity * sizeof *q->active_pos);
    esb_mem_free(q->seen, q->seen ? (size_t)q->active_capacity * sizeof *q->seen : 0);
    esb_mem_free(q, sizeof *q);
}

bool at_match_archetype(const void *query, uint32_t id, uint16_t *columns) {
    const esb_query *q = query;
    const at_archetype *a = at_archetype_of(q->world, id);
    return esb_query_head_match_table(&q->head, &a->node.signature, &a->table, columns);
}

/* The room the new matches [from, count) need: the active arrays, and a watcher in each new archetype. */
static esb_status reserve_watching(esb_query *q, uint32_t from) {
    const esb_match_list *m = &q->matches;
    if (m->count > q->active_capacity) {
        uint32_t cap;
        esb_status s = esb_grow_capacity(q->active_capacity, m->count, 8, UINT32_MAX, &cap);
        if (s != ESB_OK) return s;
        size_t old = (size_t)q->active_capacity * sizeof(uint32_t), now = (size_t)cap * sizeof(uint32_t);
        esb_grow_item items[] = {{(void **)&q->active, old, now, 0, -1, NULL},
                                 {(void **)&q->active_pos, old, now, 0, -1, NULL},
                                 {(void **)&q->seen, old * 2, now * 2, 0, -1, NULL}};
        if ((s = esb_grow_all(items, q->head.change ? 3 : 2)) != ESB_OK) return s;
        q->active_capacity = cap;
    }
    for (uint32_t i = from; i < m->count; ++i) {
        at_archetype *a = at_archetype_of(q->world, m->ids[i]);
        esb_status s = esb_grow_one((void **)&a->watchers, a->watcher_count, &a->watcher_capacity, sizeof *a->watchers,
                                    4, _Alignof(at_watch));
        if (s != ESB_OK) return s;
    }
    return ESB_OK;
}

esb_status at_query_catch_up_new(esb_query *q) {
    esb_match_list *m = &q->matches;
    uint32_t count = m->count, seen = m->seen;
    esb_status s = esb_match_list_catch_up(m, q->world->graph.count, at_match_archetype, q);
    if (s == ESB_OK && (s = reserve_watching(q, count)) != ESB_OK) esb_match_list_forget_since(m, count, seen);
    if (s != ESB_OK) return s;
    for (uint32_t i = count; i < m->count; ++i) {
        at_archetype *a = at_archetype_of(q->world, m->ids[i]);
        a->watchers[a->watcher_count++] = (at_watch){q, i};
        q->active_pos[i] = AT_INACTIVE;
        if (q->head.change) /* an archetype made after the query: everything it ever received is news */
            q->seen[i] = m->ids[i] < q->born ? at_change_state(a, q->head.change, q->head.change_component) : 0;
        if (a->table.count) activate(q, i);
    }
    return ESB_OK;
}

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    esb_status s;
    esb_query *q = esb_query_head_create(w ? &w->core : NULL, w ? w->components : NULL, desc, out, sizeof(esb_query),
                                         _Alignof(esb_query), &s);
    if (!q) return s;
    q->world = w;
    q->matches.field_count = q->head.field_count;
    q->born = w->graph.count;
    q->head.cached |= q->head.change != ESB_CHANGE_NONE; /* flecs's change detection needs its query cache */
    q->head.kind = q->head.cached ? "table-cache" : "table-scan";
    if (q->head.cached && (s = at_query_catch_up(q)) != ESB_OK) {
        at_query_free(q);
        return s;
    }
    *out = q;
    return ESB_OK;
}

esb_status esb_query_destroy(esb_query *q) {
    return esb_qr_destroy_query(q, q ? q->head.registry : NULL, at_query_free);
}

const char *esb_query_kind(const esb_query *q) { return q ? q->head.kind : "none"; }

esb_status esb_iter_begin(esb_query *q, esb_iter *it) {
    return esb_query_head_begin(q ? &q->head : NULL, it, at_query_catch_up);
}

void esb_iter_end(esb_iter *it) { esb_qr_end(it); }

/* An iterator's state: the next position in the active list (cached) or the next archetype (scan). */
typedef struct at_iter_state {
    uint64_t next;
} at_iter_state;
ESB_ITER_STATE_FITS(at_iter_state);

/* The whole table as one batch; columns[k] is field k's column (NULL: find it by rank). Its writable columns
 * change (archetype.h). */
static void table_batch(esb_iter *it, const esb_query *q, at_archetype *a, const uint16_t *columns) {
    esb_table_batch(&it->batch, &a->table, q->head.fields, q->head.field_count, columns);
    for (uint32_t k = 0; k < q->head.field_count; ++k)
        if (q->head.access[k] == ESB_WRITE)
            a->column_changes[columns ? columns[k] : esb_table_column_of(&a->table, q->head.fields[k]).k]++;
}

static bool next_cached(esb_iter *it, const esb_query *q) {
    at_iter_state *st = ESB_ITER_STATE(at_iter_state, it);
    while (st->next < q->active_count) {
        uint32_t match = q->active[st->next++];
        at_archetype *a = at_archetype_of(q->world, q->matches.ids[match]);
        ESB_ASSERT_MSG(a->table.count, "an active match with an empty table");
        if (q->head.change && at_change_state(a, q->head.change, q->head.change_component) == q->seen[match])
            continue; /* nothing happened to it since the last complete pass */
        table_batch(it, q, a, esb_match_list_columns(&q->matches, match));
        return true;
    }
    return false;
}

/* A complete pass of a query with a change term: what every match's change state is now is what it saw. */
static void saw_everything(const esb_query *q) {
    for (uint32_t i = 0; i < q->matches.count; ++i)
        q->seen[i] =
            at_change_state(at_archetype_of(q->world, q->matches.ids[i]), q->head.change, q->head.change_component);
}

static ESB_NOINLINE bool next_scanned(esb_iter *it, const esb_query *q) {
    const esb_world *w = q->world;
    at_iter_state *st = ESB_ITER_STATE(at_iter_state, it);
    for (uint64_t i = st->next; i < w->graph.count; ++i) {
        at_archetype *a = at_archetype_of(w, i);
        if (!a->table.count || !query_matches(q, a)) continue;
        table_batch(it, q, a, NULL);
        st->next = i + 1;
        return true;
    }
    return false;
}

bool esb_iter_next(esb_iter *it) {
    if (!it || !it->query) return false;
    const esb_query *q = it->query;
    if (q->head.cached ? next_cached(it, q) : next_scanned(it, q)) return true;
    if (q->head.change) saw_everything(q);
    esb_iter_end(it);
    return false;
}

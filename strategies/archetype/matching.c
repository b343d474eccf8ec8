/* Query-wide adds and removes: whole tables moved, as flecs moves a table's rows when it removes a component from
 * everything that has it (ecs_remove_all -> flecs_table_merge).
 *
 * The sources are the archetypes the query matches whose tables hold rows and lack c (an add) or hold c (a remove):
 * a cached query's match list, once it has caught up with the archetypes made since it last looked, else every
 * archetype tested. Each source S has one destination, S with c added or removed, which no other source shares
 * (S is the destination's set without c, or with it) and which is never a source itself (it holds c where the
 * sources lack it, or the reverse). So the walk of the sources before the moves and the walk during them meet the
 * same archetypes in the same order, and rows that arrive somewhere are never moved again: the set the call began
 * with.
 *
 * First every destination is found or made along the graph's edge (cached there, as an add would) and room for
 * its source's rows reserved; a failure leaves nothing observable changed (new archetypes and roomier tables are
 * not). Then each source's table moves at once (esb_table_append_all: one copy per shared column, or a copy plan
 * per pair of record layouts; a tag's table into an empty destination swaps its arrays instead, as flecs steals
 * the columns of a table merged into an empty one), c's column is filled once, the moved rows' locations
 * rewritten, and each table's bookkeeping done once: the destination's rows_added and active-list transition, the
 * source's turning empty. rows_added is what change terms compare (archetype.h), so one increment per table marks
 * every moved row as an addition, as esb_add's one per row does. */
#include "archetype_graph.h"
#include "graph.h"
#include "validate.h"
#include "archetype.h"

/* The call's sources, walked twice (reservations, then moves): archetypes with rows, matched by q, lacking c
 * (kind ESB_EDGE_ADD) or holding it (ESB_EDGE_REMOVE). end: how far the walk goes, the cached query's match count
 * or the archetype count when the call began (destinations made after it hold c or lack it as no source does). */
typedef struct at_sources {
    const esb_query *q;
    esb_component c;
    esb_edge_kind kind;
    uint32_t end;
} at_sources;

/* The next source at or after *pos into *out; false when there is none. */
static bool next_source(const esb_world *w, const at_sources *src, uint32_t *pos, uint32_t *out) {
    for (; *pos < src->end; ++*pos) {
        uint32_t id = src->q->head.cached ? src->q->matches.ids[*pos] : *pos;
        const at_archetype *a = at_archetype_of(w, id);
        if (!a->table.count || at_has(a, src->c) != (src->kind == ESB_EDGE_REMOVE)) continue;
        if (!src->q->head.cached && !esb_query_head_matches(&src->q->head, &a->node.signature)) continue;
        ++*pos;
        *out = id;
        return true;
    }
    return false;
}

/* Every allocation of the call: each source's destination, found or made and its edge cached, and room there for
 * the source's rows, unless the destination will take the source's arrays whole. */
static esb_status reserve_destinations(esb_world *w, const at_sources *src) {
    uint32_t pos = 0, from, to;
    while (next_source(w, src, &pos, &from)) {
        esb_status s = esb_graph_step(&w->graph, w, at_archetype_make, from, src->c, src->kind, &to);
        if (s != ESB_OK) return s;
        esb_table *dst = &at_archetype_of(w, to)->table, *rows = &at_archetype_of(w, from)->table;
        if (!esb_table_can_steal(dst, rows) && (s = esb_table_reserve(dst, rows->count)) != ESB_OK) return s;
    }
    return ESB_OK;
}

/* Moves every row of archetype `from` to `to` (room reserved), c's column (where `to` has one) filled with value:
 * the moved rows' locations name their new rows, and each table's bookkeeping is done once. Returns the rows. */
static uint32_t move_table(esb_world *w, uint32_t from, uint32_t to, esb_component c, const void *value) {
    at_archetype *src = at_archetype_of(w, from), *dst = at_archetype_of(w, to);
    uint32_t n = src->table.count, first = dst->table.count;
    if (esb_table_can_steal(&dst->table, &src->table))
        esb_table_steal(&dst->table, &src->table);
    else
        esb_table_append_all(&dst->table, &src->table);
    int32_t column = esb_table_find_column(&dst->table, c); /* none for a tag, nor in a remove's destination */
    if (column != ESB_NO_COLUMN) esb_table_fill_repeat(&dst->table, esb_column_at((uint32_t)column), first, n, value);
    at_location *locations = at_locations(w);
    const esb_entity *handles = dst->table.entities;
    for (uint32_t row = first; row < first + n; ++row) {
        at_location *loc = &locations[esb_entity_index(handles[row])];
        loc->archetype = to;
        loc->row = row;
    }
    at_rows_added(dst, first);
    at_row_taken(src);
    w->moves += n;
    return n;
}

static esb_status matching(esb_query *q, esb_component c, esb_edge_kind kind, const void *value, size_t *out_count) {
    esb_status s = q ? esb_core_check_matching(&q->world->core, q->head.change, c) : ESB_ERR_INVALID;
    if (s != ESB_OK) return s;
    esb_world *w = q->world;
    if (q->head.cached && (s = at_query_catch_up(q)) != ESB_OK) return s;
    at_sources src = {q, c, kind, q->head.cached ? q->matches.count : w->graph.count};
    if ((s = reserve_destinations(w, &src)) != ESB_OK) return s;
    size_t moved = 0;
    uint32_t pos = 0, from;
    while (next_source(w, &src, &pos, &from)) {
        uint32_t to = esb_edges_get(&w->graph.nodes[from]->edges, c, kind); /* cached by the reservation */
        ESB_ASSERT_MSG(to != ESB_EDGE_NONE, "a source whose destination was not reserved");
        moved += move_table(w, from, to, c, value);
    }
    if (out_count) *out_count = moved;
    return ESB_OK;
}

esb_status esb_add_matching(esb_query *q, esb_component c, const void *value, size_t *out_count) {
    return matching(q, c, ESB_EDGE_ADD, value, out_count);
}

esb_status esb_remove_matching(esb_query *q, esb_component c, size_t *out_count) {
    return matching(q, c, ESB_EDGE_REMOVE, NULL, out_count);
}

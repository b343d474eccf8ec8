/* Query-wide adds and removes: whole archetypes moved chunk by chunk.
 *
 * The sources are the archetypes the query matches that have chunks and lack c (an add) or hold c (a remove): a
 * cached query's match list, once it has caught up with the archetypes made since it last looked, else every
 * archetype tested. Each source S has one destination, S with c added or removed, which no other source shares and
 * which is never a source itself (it holds c where the sources lack it, or the reverse), so the walk of the sources
 * before the moves and the walk during them meet the same archetypes in the same order, and no row is moved twice.
 *
 * First every destination is found or made along the graph's edge (cached there, as an add would) and room made
 * for the whole source; then the moves, which cannot fail:
 *  - c a tag: the two archetypes lay their chunks out alike, so each chunk of S is re-homed into D whole (its store
 *    record and list entry change; its memory, rows and the locations naming them stay), as Unity's
 *    AddComponent(EntityQuery, tag) changes the archetype of whole chunks in place. The room is D's list's.
 *  - c with data: each chunk of S is copied into D's chunks as runs of rows (one copy per shared column and run,
 *    c's array filled once per run, the handles in one copy, the moved rows' locations rewritten), then released
 *    whole, with no row moved to fill a hole. The room is rows in D's chunks (ck_reserve_rows), and a failure gives
 *    back the chunks taken for the destinations reserved before it, so that no list keeps an empty chunk (K4).
 * Each chunk that receives rows is stamped once (its order version, which stands for every component's): every
 * moved row is an addition, as esb_add's stamp of its row's chunk makes it. */
#include <string.h>

#include "archetype_graph.h"
#include "graph.h"
#include "validate.h"
#include "chunks.h"

/* The call's sources, walked twice (reservations, then moves): archetypes with chunks, matched by q, lacking c
 * (kind ESB_EDGE_ADD) or holding it (ESB_EDGE_REMOVE). end: how far the walk goes, the cached query's match count
 * or the archetype count when the call began. */
typedef struct ck_sources {
    const esb_query *q;
    esb_component c;
    esb_edge_kind kind;
    uint32_t end;
} ck_sources;

/* The next source at or after *pos into *out; false when there is none. */
static bool next_source(const esb_world *w, const ck_sources *src, uint32_t *pos, uint32_t *out) {
    for (; *pos < src->end; ++*pos) {
        uint32_t id = src->q->head.cached ? src->q->matches.ids[*pos] : *pos;
        const ck_archetype *a = ck_archetype_of(w, id);
        if (!a->chunk_count || ck_has(a, src->c) != (src->kind == ESB_EDGE_REMOVE)) continue;
        if (!src->q->head.cached && !esb_query_head_matches(&src->q->head, &a->node.signature)) continue;
        ++*pos;
        *out = id;
        return true;
    }
    return false;
}

/* Whether two archetypes one component apart lay their chunks out alike: that component is a tag. */
static bool same_layout(const ck_archetype *a, const ck_archetype *b) {
    return a->layout.column_count == b->layout.column_count;
}

static uint64_t rows_of(const ck_archetype *a) {
    uint64_t rows = 0;
    for (uint32_t i = 0; i < a->chunk_count; ++i) rows += a->counts[i];
    return rows;
}

/* Undoes what the reservations made before a failure left in the lists: the chunks taken for a destination are
 * empty, at the end of its list (every other chunk holds rows, K4). A source whose edge is not cached yet has had
 * nothing reserved. */
static void release_reserved(esb_world *w, const ck_sources *src) {
    uint32_t pos = 0, from;
    while (next_source(w, src, &pos, &from)) {
        uint32_t to = esb_edges_get(&w->graph.nodes[from]->edges, src->c, src->kind);
        if (to == ESB_EDGE_NONE) continue;
        ck_archetype *d = ck_archetype_of(w, to);
        while (d->chunk_count && !d->counts[d->chunk_count - 1]) ck_chunk_release(w, d, d->chunk_count - 1);
    }
}

/* Every allocation of the call: each source's destination, found or made and its edge cached, and room there for
 * the whole source, all or nothing. */
static esb_status reserve_destinations(esb_world *w, const ck_sources *src) {
    uint32_t pos = 0, from, to;
    esb_status s = ESB_OK;
    while (s == ESB_OK && next_source(w, src, &pos, &from)) {
        if ((s = esb_graph_step(&w->graph, w, ck_archetype_make, from, src->c, src->kind, &to)) != ESB_OK) break;
        ck_archetype *a = ck_archetype_of(w, from), *d = ck_archetype_of(w, to);
        s = same_layout(a, d) ? ck_reserve_list(d, a->chunk_count) : ck_reserve_rows(w, to, rows_of(a));
    }
    if (s != ESB_OK) release_reserved(w, src);
    return s;
}

/* Every chunk of archetype `from` re-homed into `to` (room in its list reserved), each stamped as an arrival.
 * Returns the rows. */
static uint64_t rehome_all(esb_world *w, uint32_t from, uint32_t to) {
    ck_archetype *a = ck_archetype_of(w, from), *d = ck_archetype_of(w, to);
    uint64_t rows = 0;
    while (a->chunk_count) { /* from the last: no chunk of a's list moves to fill the hole */
        rows += a->counts[a->chunk_count - 1];
        ck_chunk_rehome(w, a, a->chunk_count - 1, to);
        ck_stamp_arrival(w, d, d->chunk_count - 1);
    }
    return rows;
}

/* A column both archetypes have: its rank in the destination's layout and in the source's. */
typedef struct ck_pair {
    uint32_t dst, src;
} ck_pair;

/* Rows [first, first + run) of source chunk `data` of a appended to the first open chunk of d (room reserved),
 * with c's column (rank `extra` of d, or ESB_NO_COLUMN) filled with value; returns how many the chunk took, at
 * most run. */
static uint32_t copy_run(esb_world *w, ck_archetype *d, const ck_archetype *a, unsigned char *data, uint32_t first,
                         uint32_t run, const ck_pair *pairs, uint32_t pair_count, int32_t extra, const void *value) {
    uint32_t i = d->open[0], at = d->counts[i], chunk = d->ids[i];
    if (run > d->rows - at) run = d->rows - at;
    unsigned char *to = d->data[i];
    for (uint32_t k = 0; k < pair_count; ++k)
        memcpy(ck_element(d, to, pairs[k].dst, at), ck_element(a, data, pairs[k].src, first),
               (size_t)run * d->columns[pairs[k].dst].size);
    if (extra != ESB_NO_COLUMN)
        esb_repeat_value(ck_element(d, to, (uint32_t)extra, at), value, d->columns[extra].size, run);
    esb_entity *handles = ck_handles(to) + at;
    memcpy(handles, ck_handles(data) + first, (size_t)run * sizeof *handles);
    ck_location *locations = ck_locations(w);
    for (uint32_t r = 0; r < run; ++r) {
        ck_location *loc = &locations[esb_entity_index(handles[r])];
        loc->chunk = chunk;
        loc->row = at + r;
    }
    d->counts[i] += run;
    if (d->counts[i] == d->rows) ck_chunk_closed(d, i);
    ck_stamp_arrival(w, d, i);
    return run;
}

/* Every row of archetype `from` copied into `to`'s chunks (rows reserved) in runs, c's column filled with value
 * where `to` has it, each source chunk released once emptied. Returns the rows. */
static uint64_t copy_all(esb_world *w, uint32_t from, uint32_t to, esb_component c, const void *value) {
    ck_archetype *a = ck_archetype_of(w, from), *d = ck_archetype_of(w, to);
    ck_pair pairs[ESB_MAX_COMPONENTS];
    uint32_t pair_count = 0;
    for (uint32_t dk = 0, sk = 0; esb_table_next_shared(&d->layout, &dk, &a->layout, &sk); ++dk, ++sk)
        pairs[pair_count++] = (ck_pair){dk, sk};
    int32_t extra = esb_table_find_column(&d->layout, c); /* none in a remove's destination */
    uint64_t rows = 0;
    while (a->chunk_count) { /* from the last: releasing it moves no other chunk of a's list */
        uint32_t i = a->chunk_count - 1, count = a->counts[i];
        for (uint32_t done = 0; done < count;)
            done += copy_run(w, d, a, a->data[i], done, count - done, pairs, pair_count, extra, value);
        a->counts[i] = 0;
        ck_chunk_release(w, a, i);
        rows += count;
    }
    return rows;
}

static esb_status matching(esb_query *q, esb_component c, esb_edge_kind kind, const void *value, size_t *out_count) {
    esb_status s = q ? esb_core_check_matching(&q->world->core, q->head.change, c) : ESB_ERR_INVALID;
    if (s != ESB_OK) return s;
    esb_world *w = q->world;
    if (q->head.cached && (s = esb_match_list_catch_up(&q->matches, w->graph.count, ck_match_archetype, q)) != ESB_OK)
        return s;
    ck_sources src = {q, c, kind, q->head.cached ? q->matches.count : w->graph.count};
    if ((s = reserve_destinations(w, &src)) != ESB_OK) return s;
    uint64_t moved = 0;
    uint32_t pos = 0, from;
    while (next_source(w, &src, &pos, &from)) {
        uint32_t to = esb_edges_get(&w->graph.nodes[from]->edges, c, kind); /* cached by the reservation */
        ESB_ASSERT_MSG(to != ESB_EDGE_NONE, "a source whose destination was not reserved");
        moved += same_layout(ck_archetype_of(w, from), ck_archetype_of(w, to)) ? rehome_all(w, from, to)
                                                                               : copy_all(w, from, to, c, value);
    }
    w->moves += moved;
    if (out_count) *out_count = (size_t)moved;
    return ESB_OK;
}

esb_status esb_add_matching(esb_query *q, esb_component c, const void *value, size_t *out_count) {
    return matching(q, c, ESB_EDGE_ADD, value, out_count);
}

esb_status esb_remove_matching(esb_query *q, esb_component c, size_t *out_count) {
    return matching(q, c, ESB_EDGE_REMOVE, NULL, out_count);
}

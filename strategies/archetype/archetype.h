/* The archetype design of flecs and Bevy ("Understanding bevy's ECS implementation", the Mach ECS discussion):
 * one table (_common/table.h) per distinct component set. A table's rows are its entities; each component with
 * data is a column, so every entity of a table has every column filled and a query hands out whole tables as
 * plain arrays.
 *
 * Adding or removing a component moves the entity to the table of its new set. Each archetype caches, per
 * component, the archetype reached by adding and by removing it (the edges of the archetype graph), filled the
 * first time that move happens; a miss falls back to the world's index of archetypes by component set.
 *
 * Two row layouts, each a source set of _common/ (table.h): table-soa, one array per column (flecs, Bevy: the
 * default), and table-aos, packed records, every component of a row side by side (archetype-aos).
 */
#ifndef ARCHETYPE_H
#define ARCHETYPE_H

#include "bitset.h"
#include "contract.h"
#include "world_core.h"
#include "archetype_graph.h"
#include "entity_table.h"
#include "match_list.h"
#include "query_head.h"
#include "query_registry.h"
#include "set_index.h"
#include "table.h"

/* A cached query that matches an archetype, listening to it as flecs's query caches listen to their tables:
 * when the table turns empty or non-empty, the match leaves or joins the query's active list. */
typedef struct at_watch {
    struct esb_query *query;
    uint32_t match; /* the archetype's index in query->matches */
} at_watch;

typedef struct at_archetype {
    esb_graph_node node; /* first member (_core/archetype_graph.h): its component set and edges */
    esb_table table;     /* its rows; a column for each component of the signature with data */
    at_watch *watchers;  /* the cached queries that have matched it */
    uint32_t watcher_count, watcher_capacity;
    /* Change state, as flecs's table dirty_state: counters that only grow, rows_added on every row added to the
     * table, column_changes[k] on every write of column k (esb_set, a batch handing the column out writable),
     * tag_changes on every esb_set of one of its tags. A query with a change term compares them with what it
     * saw when its last complete pass ended (query.c). */
    uint64_t rows_added, tag_changes;
    uint64_t *column_changes; /* table.column_count entries */
} at_archetype;
_Static_assert(offsetof(at_archetype, node) == 0, "an archetype begins with its graph node");

/* Where an entity lives, after the entity table's slot of its index (entity_table.h, esb_et_in_records): its handle while it lives,
 * as Bevy's entity metadata keeps generation and location together, so a lookup checks liveness and finds the
 * row in one cache line, and the handle is stored once here and once in its table row. */
typedef struct at_location {
    esb_entity handle;
    uint32_t archetype;
    uint32_t row;
} at_location;

struct esb_query {
    esb_query_head head; /* first member (query_head.h): registry node, kind, terms */
    esb_world *world;
    esb_match_list matches; /* cached: the matching archetypes, with each field's column */
    /* cached: the matches whose table holds rows, which iteration visits (flecs keeps a query cache's empty
     * tables apart the same way); active_pos[i] is match i's place in active, or AT_INACTIVE */
    uint32_t *active, *active_pos;
    uint32_t active_count, active_capacity; /* active_capacity: entries of both arrays (and of seen) */
    /* a change term: what each match's change state (at_change_state) was when the last complete pass ended, or
     * 0 for an archetype made after the query (its whole history is news); matches whose state is still that
     * are skipped. born: the archetype count when the query was made. */
    uint64_t *seen;
    uint32_t born;
};
_Static_assert(offsetof(esb_query, head) == 0, "a query begins with its head");
#define AT_INACTIVE UINT32_MAX

/* Invariants (check.c, esb_world_check):
 *  A1 The core's (world_core.h): the entity table's own, whose records are the locations, and the registry's.
 *  A2 Archetype 0 is the empty set; signatures name registered components only. Each table keeps table.h's
 *     invariants, and its column set is exactly the components of its archetype's signature that have data.
 *  A3 The set index (set_index.h) holds every archetype, under its signature, and nothing else.
 *  A4 Every cached edge (edges.h) leads to the archetype one component away.
 *  A5 An alive index's location (whose first word is its entity table slot) names a row of its archetype's table
 *     that holds the entity back. Every row of every table holds an alive entity whose location
 *     names that row, so each alive entity is in exactly one row.
 *  A6 The registry's own (query_registry.h); each query's terms (query_head.h); a cached query's match list is
 *     what matching every archetype it has seen would give, columns included (match_list.h).
 *  A7 A cached query's active list holds each match whose table has rows, once, and nothing else, with
 *     active_pos its inverse (AT_INACTIVE for the others); an uncached query has none. An archetype's watchers
 *     are exactly the (query, match) pairs of cached queries whose match list names it.
 *  A8 A query with a change term is cached, and keeps a seen state per match, none above the match's
 *     change state now (counters only grow); each archetype has a change counter per column. */
struct esb_world {
    esb_world_core core; /* first member (_core/world_core.h): entity table, query registry, component count */
    esb_component_info components[ESB_MAX_COMPONENTS];
    esb_archetype_graph graph; /* archetype 0 is the empty set (_core/archetype_graph.h) */
    uint64_t moves;
};
_Static_assert(offsetof(esb_world, core) == 0, "a world begins with its core");

/* Archetype id, which begins with the graph's node of it. */
static inline at_archetype *at_archetype_of(const esb_world *w, uint32_t id) {
    return (at_archetype *)(void *)w->graph.nodes[id];
}

#define AT_ROOT 0u /* the archetype of entities with no component */

/* The location records, which are the entity table's storage (esb_et_in_records): each begins with its slot, and
 * AT_RECORD_WORDS words apart is the constant stride of the table's functions (esb_et_take_in, esb_et_alive_in). */
#define AT_RECORD_WORDS ((uint32_t)(sizeof(at_location) / sizeof(esb_entity_word)))
_Static_assert(offsetof(at_location, handle) == 0 && sizeof(esb_entity) == sizeof(esb_entity_word),
               "a location record begins with its entity table slot");

/* Index -> where its entity lives; meaningful for alive indices. */
static inline at_location *at_locations(const esb_world *w) { return esb_et_records(&w->core.entities); }

static inline bool at_has(const at_archetype *a, esb_component c) { return esb_bitset_test(&a->node.signature, c); }

/* Frees a query and unlinks it, whatever its state. */
void at_query_free(struct esb_query *q);

/* Matches the archetypes made since q last looked, and watches the new matches (active where their tables hold
 * rows). ESB_ERR_NOMEM leaves q as it was (some arrays roomier). */
esb_status at_query_catch_up_new(struct esb_query *q);

/* at_query_catch_up_new where an archetype was made since cached query q last looked; nothing, inline, at almost
 * every iteration and query-wide call. */
static inline esb_status at_query_catch_up(struct esb_query *q) {
    return q->matches.seen == q->world->graph.count ? ESB_OK : at_query_catch_up_new(q);
}

/* Whether archetype id matches the query; if so and columns is not NULL, each field's column there (an
 * esb_match_test for the query's match list). */
bool at_match_archetype(const void *query, uint32_t id, uint16_t *columns);

/* An archetype's table just turned non-empty (filled) or empty (emptied): the queries watching it move it into
 * or out of their active lists (A7). O(watchers), and only on those transitions. */
void at_table_filled(at_archetype *a);
void at_table_emptied(at_archetype *a);

/* Rows were appended to a's table, which held `before` (and now holds more), or one was taken out: the
 * transitions of A7, one compare each on the way. */
static inline void at_rows_added(at_archetype *a, uint32_t before) {
    a->rows_added++;
    if (__builtin_expect(before == 0 && a->watcher_count, 0)) at_table_filled(a);
}

/* The change state of a's table for a change term of kind on c: what a query with that term compares. */
static inline uint64_t at_change_state(const at_archetype *a, esb_change kind, esb_component c) {
    if (kind == ESB_CHANGE_ADDED) return a->rows_added;
    int32_t column = esb_table_find_column(&a->table, c);
    return a->rows_added + (column == ESB_NO_COLUMN ? a->tag_changes : a->column_changes[column]);
}
static inline void at_row_taken(at_archetype *a) {
    if (__builtin_expect(a->table.count == 0 && a->watcher_count, 0)) at_table_emptied(a);
}

#endif

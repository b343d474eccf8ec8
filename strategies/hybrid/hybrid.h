/* The hybrid design of Bevy ("Understanding bevy's ECS implementation"): each component is stored either in
 * tables (dense hint) or in a sparse set (sparse hint), chosen at registration.
 *
 * An archetype is an entity's full component set; its table holds the entity's dense data: one table per set of
 * dense components with data (_common/table.h). Archetypes that differ only in sparse components or in tags
 * share a table, and an archetype lists its entities with their table rows. Adding or removing a sparse
 * component or a tag therefore changes the entity's archetype but moves no dense data; adding or removing a
 * dense component moves its table row as in the archetype design. Sparse components live in paged sparse sets
 * (_common/sparse_set.h), one per component. Archetypes are linked by add/remove edges (_common/edges.h).
 *
 * A tag with the dense hint is part of its table's identity, as a table-stored zero-sized component is in
 * Bevy: it has no column, but entities with and without it live in different tables, so a query that asks for
 * it or excludes it still iterates whole tables. A tag with the sparse hint is the archetype's alone (Bevy's
 * sparse-set zero-sized component): adding it moves no table row, and it has a sparse set of its own, without
 * values, as Bevy gives every sparse-set component one.
 *
 * Change detection (ticks.c) keeps Bevy's change ticks beside the data: a pair per table row in a tick track of
 * the table (_common/table.h) for a table component, tags included, and per packed element of its sparse set for a
 * sparse one; a query compares them with the tick its last complete pass ended at. A component starts keeping
 * ticks when the first change term watches it. */
#ifndef HYBRID_H
#define HYBRID_H

#include "bitset.h"
#include "contract.h"
#include "world_core.h"
#include "archetype_graph.h"
#include "entity_table.h"
#include "match_list.h"
#include "query_head.h"
#include "query_registry.h"
#include "set_index.h"
#include "sparse_set.h"
#include "table.h"

/* An archetype alone on its table (no other archetype has the same table components) keeps no rows of its own:
 * its rows are its table's, row for row, so a move costs one row's upkeep instead of two. It keeps its own lists
 * (entity and table row per archetype row) once another archetype shares its table, and from then on. */
typedef struct hy_archetype {
    esb_graph_node node;      /* first member (_core/archetype_graph.h): its component set and edges */
    uint32_t table;           /* the table of its dense components */
    esb_table *rows_in;       /* that table: tables[table] */
    bool alone;               /* the only archetype on its table: its rows are the table's */
    esb_entity *entities;     /* archetype row -> handle (not alone) */
    uint32_t *table_rows;     /* archetype row -> row in the table (not alone) */
    uint32_t count, capacity; /* of the lists (not alone) */
} hy_archetype;
_Static_assert(offsetof(hy_archetype, node) == 0, "an archetype begins with its graph node");

/* A sparse component's change ticks, beside its pool as Bevy keeps them in its ComponentSparseSet: per packed
 * position of the pool, the world's change tick when the value last changed and when it was added. Kept here
 * rather than in _common/sparse_set.h, so the sparse designs' pools carry nothing for them. */
typedef struct hy_pool_ticks {
    uint64_t *changed, *added; /* capacity entries each */
    uint32_t capacity;         /* at least the pool's count while the component is ticked; 0 otherwise */
} hy_pool_ticks;

/* Where an entity lives, after the entity table's slot of its index (entity_table.h, esb_et_in_records): its handle while it lives,
 * as Bevy's entity metadata: liveness and its archetype row in 16 bytes, so no record straddles a cache line.
 * Its table and table row are its archetype's: the archetype's table, and the row itself where the archetype is
 * alone on that table, else the archetype's table_rows entry (hy_table_row). */
typedef struct hy_location {
    esb_entity handle;
    uint32_t archetype, row; /* row: the archetype row */
} hy_location;

struct esb_query {
    esb_query_head head; /* first member (query_head.h): registry node, kind, terms */
    esb_world *world;
    bool dense;             /* every term is a dense component with data: tables are matched and iterated */
    uint32_t sparse_fields; /* fields stored in sparse sets */
    uint32_t *scratch;      /* HY_CHUNK positions per sparse field, for the batches' index arrays */
    esb_match_list matches; /* cached: matching tables (dense) or archetypes, each field's table column */
    esb_bitset writes;      /* the components of its fields with ESB_WRITE access: a batch changes them */
    uint64_t last_run;      /* a change term: changes stamped after this tick are news to it */
    uint32_t *rows;         /* a change term: HY_CHUNK table rows, the ones of a batch that changed */
};
_Static_assert(offsetof(esb_query, head) == 0, "a query begins with its head");

#define HY_CHUNK (ESB_BATCH_ROWS / 4) /* archetype rows per batch when a field is looked up in a sparse set */

/* Invariants (check.c, esb_world_check):
 *  Y1 The core's (world_core.h): the entity table's own, whose records are the locations, and the registry's.
 *  Y2 table_components are the registered dense components, sparse_components the sparse ones (tags included in
 *     both). The pool of any other component stays empty; each pool of a sparse component keeps sparse_set.h's
 *     invariants and holds exactly the alive entities whose archetype has the component.
 *  Y3 Table 0 has no column and an empty set; each table keeps table.h's invariants, its set (table_sets) holds
 *     table components only, and its columns are exactly those of its set with data; the table index
 *     (set_index.h) holds every table, under its set, and nothing else.
 *  Y4 Archetype 0 is the empty set; each archetype's signature names registered components, its table is the one
 *     of its signature's table components and count <= capacity; the archetype index holds every archetype, under
 *     its signature, and nothing else; every cached edge (edges.h) leads to the archetype one component away.
 *     An archetype's table is the one whose set is its signature's table components.
 *  Y5 An alive index's location (whose first word is its entity table slot) names a row of its archetype that
 *     holds the entity, and that row's table row (hy_table_row) in the archetype's table holds it too. Every
 *     archetype row and every table row holds an alive entity whose location names it, so each alive entity is
 *     in exactly one row of each. An archetype's rows_in is its table.
 *  Y6 The registry's own (query_registry.h); each query's terms (query_head.h), with its dense flag and its count
 *     of sparse fields as its terms say; a cached query's match list is what matching every table (dense) or
 *     archetype it has seen would give, columns included (match_list.h).
 *  Y7 table_alone names each table's one archetype (HY_UNUSED before it has one, HY_SHARED once it has two or
 *     more), and an archetype is alone exactly when it is the only one on its table (its rows are then the
 *     table's, with no lists of its own).
 *  Y8 Change ticks: a table has a tick track for c exactly when c is ticked and in its set, a pool's ticks
 *     (pool_ticks) cover its count exactly when its component is ticked and are empty otherwise, and no tick is
 *     above the world's change tick. A query with a change term has
 *     its component ticked and last_run below the change tick. */
struct esb_world {
    esb_world_core core; /* first member (_core/world_core.h): entity table, query registry, component count */
    esb_component_info components[ESB_MAX_COMPONENTS];
    esb_bitset table_components;  /* dense components, tags included: a table's identity is made of them */
    esb_bitset sparse_components; /* components with the sparse hint, tags included: sparse sets hold them */
    esb_sparse_set pools[ESB_MAX_COMPONENTS];     /* used for sparse_components only */
    hy_pool_ticks pool_ticks[ESB_MAX_COMPONENTS]; /* the ticks of each ticked pool */
    esb_archetype_graph graph;                    /* archetype 0 is the empty set (_core/archetype_graph.h) */
    esb_table **tables;                           /* table 0 holds no column */
    esb_bitset *table_sets;                       /* each table's table components, tags included: its identity */
    uint32_t *table_alone; /* each table's one archetype, HY_UNUSED before, HY_SHARED after a second */
    uint32_t table_count, table_capacity, table_set_capacity, table_alone_capacity;
    esb_set_index table_index; /* by set of table components */
    uint64_t table_moves, archetype_moves;
    uint64_t change_tick; /* the tick the next change is stamped with; a query's creation and complete pass take one */
    esb_bitset ticked;    /* components that keep change ticks (since a change term watched them) */
};
_Static_assert(offsetof(esb_world, core) == 0, "a world begins with its core");

/* Archetype id, which begins with the graph's node of it. */
static inline hy_archetype *hy_archetype_of(const esb_world *w, uint32_t id) {
    return (hy_archetype *)(void *)w->graph.nodes[id];
}

#define HY_ROOT 0u /* the empty archetype, and the table without columns */
/* table_alone: a table no archetype has yet, and one two or more have */
#define HY_UNUSED (UINT32_MAX - 1)
#define HY_SHARED UINT32_MAX

/* The location records, which are the entity table's storage (esb_et_in_records): each begins with its slot, and
 * HY_RECORD_WORDS words apart is the constant stride of the table's functions (esb_et_take_in, esb_et_alive_in). */
#define HY_RECORD_WORDS ((uint32_t)(sizeof(hy_location) / sizeof(esb_entity_word)))
_Static_assert(offsetof(hy_location, handle) == 0 && sizeof(esb_entity) == sizeof(esb_entity_word),
               "a location record begins with its entity table slot");

/* Index -> where its entity lives; meaningful for alive indices. */
static inline hy_location *hy_locations(const esb_world *w) { return esb_et_records(&w->core.entities); }

/* Whether c is part of a table's identity (a dense component); it has a column there if it also has data. */
static inline bool hy_in_table(const esb_world *w, esb_component c) { return esb_bitset_test(&w->table_components, c); }

static inline bool hy_in_pool(const esb_world *w, esb_component c) { return esb_bitset_test(&w->sparse_components, c); }

/* The table row of archetype row `row` of a. */
static inline uint32_t hy_table_row(const hy_archetype *a, uint32_t row) { return a->alone ? row : a->table_rows[row]; }

void hy_query_free(struct esb_query *q);

/* A cached query's catch-up with the tables (dense) or archetypes made since it last looked (match_list.h):
 * what esb_iter_begin does first, and the query-wide calls too. ESB_ERR_NOMEM records nothing. */
esb_status hy_query_catch_up(struct esb_query *q);

static inline bool hy_ticked(const esb_world *w, esb_component c) { return esb_bitset_test(&w->ticked, c); }

/* Gives c change ticks in every table and in its pool (all or nothing), 0 for every row; nothing once ticked. */
esb_status hy_ticks_enable(esb_world *w, esb_component c);

/* Room for `extra` more elements in c's pool, and for their ticks where c keeps them (all or nothing: a failure may
 * leave the pool roomier, nothing else). */
esb_status hy_pool_ticks_reserve(esb_world *w, esb_component c);
static inline esb_status hy_pool_reserve(esb_world *w, esb_component c, uint32_t extra) {
    esb_status s = esb_sparse_reserve(&w->pools[c], extra);
    return s == ESB_OK && hy_ticked(w, c) ? hy_pool_ticks_reserve(w, c) : s;
}

/* Removes the element at pos from c's pool, its ticks moving with the element that fills the hole. */
static inline void hy_pool_erase(esb_world *w, esb_component c, uint32_t pos) {
    hy_pool_ticks *t = &w->pool_ticks[c];
    uint32_t last = w->pools[c].count - 1;
    if (t->capacity && pos != last) {
        t->changed[pos] = t->changed[last];
        t->added[pos] = t->added[last];
    }
    esb_sparse_erase(&w->pools[c], pos);
}

/* A change of the entity at table_row of archetype a's table (an addition too when `addition`) to c, which is
 * ticked: the tick goes to the row's track, or to the entity's element in c's pool. */
void hy_stamp(esb_world *w, const hy_archetype *a, uint32_t table_row, esb_component c, bool addition);

/* Whether candidate id (a table for a dense query, else an archetype) matches the query; if so and columns is
 * not NULL, each field's table column there (an esb_match_test for the query's match list). */
bool hy_match_candidate(const void *query, uint32_t id, uint16_t *columns);

#endif

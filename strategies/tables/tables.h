/* The database-aligned design of the Mach ECS discussion ("ecs: major rethink & database-aligned design",
 * its second revision): a world is a set of tables, one per entity type; rows are entities, columns are
 * components. An entity belongs to the table chosen when it is created and stays there for life, so a table id
 * and a row find it.
 *
 * Adding a component the table has never seen adds a column to the whole table: every other row has an empty
 * slot in it, and a presence bit per row says which slots hold a value. Adding it to another row of the table
 * only fills the slot. Nothing ever moves between tables. Components registered with the sparse hint get a
 * sparse column instead of a dense one: a map holding values only for the rows that have one (a sparse set
 * keyed by entity, _common/sparse_set.h, so the map is untouched when a row moves within its table). Tags get
 * presence bits only. A table can also hold one shared value per component for all its rows (shared.h).
 *
 * For the contract, the entity type of a new entity is the component set it is created with (bulk create) or
 * the empty type (esb_create). */
#ifndef TABLES_H
#define TABLES_H

#include "bitset.h"
#include "contract.h"
#include "world_core.h"
#include "entity_table.h"
#include "match_list.h"
#include "query_head.h"
#include "query_registry.h"
#include "set_index.h"
#include "sparse_set.h"
#include "table.h"

typedef enum tb_column_kind { TB_DENSE, TB_SPARSE, TB_TAG } tb_column_kind;

typedef struct tb_column {
    esb_component id;
    tb_column_kind kind;
    uint32_t size, align;
    unsigned char *data; /* TB_DENSE: table capacity * size bytes, a slot per row */
    esb_sparse_set *map; /* TB_SPARSE: entity -> value, for the rows that have one */
    uint64_t *present;   /* a bit per row of the table's capacity: the row holds the component */
    uint32_t holders;    /* rows whose bit is set */
    /* change ticks, a pair per row of the table's capacity, once a change term has watched the component
     * (esb_world.ticked): the world's change tick when the row's value last changed, and when it was added */
    uint64_t *changed_ticks, *added_ticks;
    bool ticked; /* keeps them (allocated once the table has capacity) */
} tb_column;

typedef struct tb_shared {
    esb_component id;
    uint32_t size;
    unsigned char *value; /* size bytes, NULL for a tag */
} tb_shared;

typedef struct tb_table {
    esb_bitset type;       /* the entity type the table was made for */
    esb_bitset column_set; /* components with a column here */
    esb_entity *entities;  /* row -> handle */
    uint32_t count, capacity;
    tb_column *columns; /* ordered by component id */
    uint32_t column_count, column_capacity;
    int16_t *column_map; /* component id -> its column, or ESB_NO_COLUMN (map_size entries), as _common/table.h */
    uint32_t map_size;
    tb_shared *shared; /* per-table shared values (shared.h), shared_count entries */
    uint32_t shared_count;
} tb_table;

#define TB_NO_TABLE UINT32_MAX

typedef struct tb_location {
    esb_entity
        handle; /* the entity table's slot of this index (entity_table.h, esb_et_in_records): the handle while it lives */
    uint32_t table, row;
} tb_location;

struct esb_query {
    esb_query_head head; /* first member (query_head.h): registry node, kind, terms */
    esb_world *world;
    uint32_t sparse_fields;
    uint32_t *rows;         /* ESB_BATCH_ROWS matching rows of the current batch */
    uint32_t *positions;    /* ESB_BATCH_ROWS positions per sparse field */
    esb_match_list matches; /* cached: tables with a column for every included component */
    uint64_t generation;    /* the world's layout generation the list was built for */
    uint64_t last_run;      /* a change term: changes stamped after this tick are news to it */
};
_Static_assert(offsetof(esb_query, head) == 0, "a query begins with its head");

/* Invariants (check.c, esb_world_check):
 *  L1 The core's (world_core.h): the entity table's own, whose records are the locations, and the registry's.
 *  L2 Each table: count <= capacity; its columns are ordered by strictly increasing id, exactly one per component
 *     of column_set, which contains its type; a column's kind, size and alignment are its component's; its column
 *     map, map_size entries (at least the last column's id + 1), names each column's place and no other.
 *  L3 Presence bits and holder counts: a column's holders is the number of its bits set among rows [0, count);
 *     the bits of rows from count to capacity are clear, so a row appended later starts without components.
 *  L4 A sparse column's map keeps sparse_set.h's invariants and holds exactly the entities of the rows whose bit
 *     is set; a dense column has its slots, a tag column none, and neither has a map.
 *  L5 The table index (set_index.h) holds every table, under its type, and nothing else; empty_type is
 *     TB_NO_TABLE or the table of the empty type.
 *  L6 An alive index's location (whose first word is its entity table slot) names a row of its table holding the
 *     entity. Every row holds an alive entity whose location names that row.
 *  L7 A table's shared values name registered components, once each, with the component's size and a value
 *     unless it is a tag.
 *  L8 The registry's own (query_registry.h); each query's terms (query_head.h) and count of sparse fields; a
 *     cached query whose list is current (its generation is the world's) lists what matching every table it has
 *     seen would give (match_list.h).
 *  L9 Change ticks: a column is ticked exactly when its component is, and has its pair of tick arrays exactly
 *     when it is ticked and its table has capacity, no tick above the world's change tick; a query with a change term is cached, its component
 *     ticked, and last_run < change_tick. */
struct esb_world {
    esb_world_core core; /* first member (_core/world_core.h): entity table, query registry, component count */
    esb_component_info components[ESB_MAX_COMPONENTS];
    tb_table **tables;
    uint32_t table_count, table_capacity;
    esb_set_index table_index;  /* by entity type */
    uint32_t empty_type;        /* the table of the empty type (esb_create), or TB_NO_TABLE until made */
    uint64_t layout_generation; /* bumped whenever a table or a column appears */
    uint64_t columns_made, masked_batches;
    uint64_t change_tick;            /* the next change's tick: every change, query and pass takes one */
    bool ticked[ESB_MAX_COMPONENTS]; /* components whose columns keep change ticks (since a change term) */
};
_Static_assert(offsetof(esb_world, core) == 0, "a world begins with its core");

/* A change of c's value in row `row` of col (an addition too when `addition`), at the world's change tick. */
static inline void tb_stamp(const esb_world *w, tb_column *col, uint32_t row, bool addition) {
    if (!col->changed_ticks) return;
    col->changed_ticks[row] = w->change_tick;
    if (addition) col->added_ticks[row] = w->change_tick;
}

/* Gives every column of c, in every table, its change ticks (all or nothing); nothing once c is ticked. */
esb_status tb_ticks_enable(esb_world *w, esb_component c);

/* The location records, which are the entity table's storage (esb_et_in_records): each begins with its slot, and
 * TB_RECORD_WORDS words apart is the constant stride of the table's functions (esb_et_take_in, esb_et_alive_in). */
#define TB_RECORD_WORDS ((uint32_t)(sizeof(tb_location) / sizeof(esb_entity_word)))
_Static_assert(offsetof(tb_location, handle) == 0 && sizeof(esb_entity) == sizeof(esb_entity_word),
               "a location record begins with its entity table slot");

/* Index -> where its entity lives; meaningful for alive indices. */
static inline tb_location *tb_locations(const esb_world *w) { return esb_et_records(&w->core.entities); }

static inline bool tb_bit(const uint64_t *bits, uint32_t row) { return (bits[row >> 6] >> (row & 63)) & 1u; }
static inline void tb_bit_set(uint64_t *bits, uint32_t row) { bits[row >> 6] |= 1ull << (row & 63); }
static inline void tb_bit_clear(uint64_t *bits, uint32_t row) { bits[row >> 6] &= ~(1ull << (row & 63)); }

/* t's column for c, or NULL if it has none: one load of the column map. */
static inline tb_column *tb_column_of(const tb_table *t, esb_component c) {
    int32_t k = c < t->map_size ? t->column_map[c] : ESB_NO_COLUMN;
    return k == ESB_NO_COLUMN ? NULL : &t->columns[k];
}

/* e's column for c in its table, or NULL if the table has none. */
static inline tb_column *tb_column_for(const esb_world *w, const tb_location *loc, esb_component c) {
    return tb_column_of(w->tables[loc->table], c);
}

/* The table of an entity type, made (with a full column for each component of the type) if new. */
esb_status tb_table_find(esb_world *w, const esb_bitset *type, uint32_t *out);

/* Adds a column for c to t (all allocations, or ESB_ERR_NOMEM and no column). */
esb_status tb_column_add(esb_world *w, tb_table *t, esb_component c);

/* Room for `extra` more rows in every array of the table (all or nothing). */
esb_status tb_table_reserve(tb_table *t, uint64_t extra);

/* Removes row `row` of t (the entity there must already be out of every sparse map): the last row moves into
 * it with its values and presence bits. Returns the handle that moved, or ESB_ENTITY_NULL. */
esb_entity tb_table_swap_remove(tb_table *t, uint32_t row);

void tb_tables_free(esb_world *w);
void tb_query_free(struct esb_query *q);

/* A cached query's list brought up to the world's tables and columns (match_list.h): what esb_iter_begin does
 * first, and the query-wide calls too. ESB_ERR_NOMEM leaves it to be rebuilt at the next refresh. */
esb_status tb_query_refresh(struct esb_query *q);

/* Whether table id has a column for every component the query includes (an esb_match_test; no columns kept). */
bool tb_match_table(const void *query, uint32_t id, uint16_t *columns);

#endif

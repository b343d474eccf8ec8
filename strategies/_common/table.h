/* A table: rows of entities, one column per component with data (flecs's and Bevy's storage/table). Every
 * row has every column filled, so a table is handed to a query as plain arrays. Two layouts, each a source set
 * of _common/ that a variant names (strategies/_common/variants):
 *
 *   table-soa (the default): column k is its own array, element (row) at data + row * size.
 *   table-aos (archetype-aos): one array of records; element (row, k) at records + row * record_size + offset(k),
 *   components placed by decreasing alignment so padding only falls at a record's end.
 *
 * A layout set defines the inline element access of its table_layout.h and the esb_table_layout_* functions
 * declared below; the rest of a table is the same code in both.
 *
 * The column of component c is found in column_map, indexed by component id up to the table's last column (as
 * flecs's table keeps a component map and Bevy's a sparse set of columns by component id), so a get is one
 * load away from its column. Tables grow by doubling, every column at once and all or nothing, and never
 * shrink. Removing a row moves the last row into it.
 *
 * Change ticks (esb_table_track_ticks), for a design that keeps them beside its columns as Bevy's tables do: per
 * watched component, tags included (they have a track but no column), a pair per row: the design's tick when the
 * row's value last changed, and when it was added. Removal and growth keep them; a move between tables copies
 * them (esb_table_copy_ticks). A table without tracks pays one test per removal. */
#ifndef ESB_TABLE_H
#define ESB_TABLE_H

#include <string.h>

#include "bitset.h"
#include "check.h"
#include "component_info.h"
#include "contract.h"
#include "grow.h"

typedef struct esb_column {
    esb_component id;
    uint32_t size;
    uint32_t align;
    uint32_t offset;     /* AoS: byte offset of this component inside a record; SoA: 0 */
    unsigned char *data; /* SoA: capacity * size bytes; AoS: unused */
} esb_column;

/* One watched component's change ticks in a table: capacity entries each, NULL while the table has no capacity. */
typedef struct esb_tick_track {
    esb_component id;
    uint64_t *changed, *added;
} esb_tick_track;

/* Invariants (esb_table_check_invariants; which entity each row holds is the world's to check):
 *  T1 count <= capacity; entities holds capacity handles.
 *  T2 columns are ordered by strictly increasing id, exactly one per component of column_set (so a column is its
 *     id's rank there); each has data (size > 0) and an alignment, a power of two, that divides its size.
 *  T3 SoA: each column's data holds capacity elements. AoS: records hold capacity records of record_size bytes,
 *     a multiple of record_align, which every column's alignment divides; each column lies inside the record at
 *     an offset aligned for it, and no two overlap.
 *  T4 map_size is the last column's id + 1 (0 without columns); column_map[c] is c's column for every column,
 *     ESB_NO_COLUMN for every other id below map_size.
 *  T5 tick tracks are ordered by strictly increasing id, each with its two arrays of capacity entries (none while
 *     capacity is 0). */
typedef struct esb_table {
    esb_bitset column_set;    /* the components that have a column */
    esb_entity *entities;     /* row -> handle */
    uint32_t count, capacity; /* rows in use, rows allocated */
    esb_column *columns;      /* ordered by component id */
    uint32_t column_count;
    int16_t *column_map; /* component id -> column, map_size entries */
    uint32_t map_size;
    unsigned char *records; /* AoS: capacity * record_size bytes */
    uint32_t record_size;   /* AoS: bytes per row, a multiple of record_align; SoA: 0 */
    uint32_t record_align;
    esb_tick_track *ticks; /* tick_count tracks, ordered by component id; room for tick_capacity */
    uint32_t tick_count, tick_capacity;
} esb_table;

#define ESB_NO_COLUMN (-1)

/* A column's place among its table's columns (its component's rank in column_set, T2). A type of its own, since a
 * component id, a small number too, is what a caller would otherwise pass in its place unnoticed. */
typedef struct esb_column_rank {
    uint32_t k;
} esb_column_rank;

static inline esb_column_rank esb_column_at(uint32_t k) { return (esb_column_rank){k}; }

/* Column of component c, or ESB_NO_COLUMN where the table has none (c absent, or a tag). */
static inline int32_t esb_table_find_column(const esb_table *t, esb_component c) {
    return c < t->map_size ? t->column_map[c] : ESB_NO_COLUMN;
}

/* Column of component c, which must be in t->column_set. */
static inline esb_column_rank esb_table_column_of(const esb_table *t, esb_component c) {
    ESB_ASSERT_MSG(esb_table_find_column(t, c) != ESB_NO_COLUMN, "the column of a component the table lacks");
    return esb_column_at((uint32_t)t->column_map[c]);
}

/* The layout's inline half, defined by the set's table_layout.h. The address of an element: */
static inline unsigned char *esb_table_element(const esb_table *t, esb_column_rank column, uint32_t row);

/* The batch view of a column: its first element, and in *stride the bytes between rows (0 when that is the
 * component's own size, so a batch over it is a plain array). */
static inline void *esb_table_column_base(const esb_table *t, esb_column_rank column, uint32_t *stride);

/* The copy of row from's values into row to that a swap-remove makes. */
static inline void esb_table_layout_move_row(esb_table *t, uint32_t to, uint32_t from);

/* The variant's layout set's: table-soa/table_layout.h or table-aos/table_layout.h (on its include path). */
#include "table_layout.h"

/* The layout's out-of-line half: where each column lies in a row (esb_table_init, once the columns are set), the
 * release of the values' arrays, and the growth of them from old to now rows, appended to items (returns how
 * many, at most one per column). */
void esb_table_layout_place(esb_table *t);
void esb_table_layout_free(esb_table *t);
size_t esb_table_layout_grow_items(esb_table *t, esb_grow_item *items, size_t old, size_t now);

/* An empty table (zeroed beforehand) with a column for each component of `set` that has data; components[c]
 * describes id c. ESB_ERR_NOMEM leaves it without columns (esb_table_free still applies). */
esb_status esb_table_init(esb_table *t, const esb_bitset *set, const esb_component_info *components,
                          uint32_t component_count);

void esb_table_free(esb_table *t);

/* The growth esb_table_reserve needs (all or nothing), out of line. */
esb_status esb_table_grow(esb_table *t, uint64_t extra);

/* Room for `extra` more rows (all or nothing): the check inline, as every move and create makes it. */
static inline esb_status esb_table_reserve(esb_table *t, uint64_t extra) {
    return (uint64_t)t->count + extra <= t->capacity ? ESB_OK : esb_table_grow(t, extra);
}

/* Appends a row for e (room reserved); its elements are uninitialised. Returns the row. */
static inline uint32_t esb_table_push(esb_table *t, esb_entity e) {
    ESB_ASSERT_MSG(t->count < t->capacity, "esb_table_push without room");
    uint32_t row = t->count++;
    t->entities[row] = e;
    return row;
}

/* Moves row `from`'s ticks to row `to`, in every track: a removal's share of the ticks. Out of line, so that a
 * table without tracks pays only the test. */
void esb_table_move_ticks(esb_table *t, uint32_t to, uint32_t from);

/* Removes a row by moving the last row into it; returns the handle that moved into `row`, or ESB_ENTITY_NULL
 * when `row` was the last. Inline: every move and destroy ends with it. */
static inline esb_entity esb_table_swap_remove(esb_table *t, uint32_t row) {
    ESB_ASSERT_MSG(row < t->count, "esb_table_swap_remove past the last row");
    uint32_t last = --t->count;
    if (row == last) return ESB_ENTITY_NULL;
    esb_table_layout_move_row(t, row, last);
    if (t->tick_count) esb_table_move_ticks(t, row, last);
    t->entities[row] = t->entities[last];
    return t->entities[row];
}

/* Gives t a tick track for c, 0 for every row (all or nothing); nothing where it has one. */
esb_status esb_table_track_ticks(esb_table *t, esb_component c);

/* Takes c's tick track away again (what undoing a failed esb_table_track_ticks over several tables needs). */
void esb_table_untrack_ticks(esb_table *t, esb_component c);

/* c's tick track in t, or NULL. Tracks are few (the watched components of one table): a walk. */
static inline esb_tick_track *esb_table_ticks_of(const esb_table *t, esb_component c) {
    for (uint32_t k = 0; k < t->tick_count; ++k)
        if (t->ticks[k].id == c) return &t->ticks[k];
    return NULL;
}

/* Copies the ticks of every track the two tables share from (src, src_row) to (dst, dst_row): a move's share of
 * the ticks, as esb_table_copy_neighbour is of the values. Out of line, as the test a move makes first
 * (dst->tick_count) is all a world without ticks should pay. */
void esb_table_copy_ticks(esb_table *dst, uint32_t dst_row, const esb_table *src, uint32_t src_row);

/* Which of two tables one column apart has the column the other lacks: the destination of an add, the source of a
 * remove; neither when their columns are the same (a tag's move). */
typedef enum esb_extra_column { ESB_EXTRA_NONE, ESB_EXTRA_IN_DST, ESB_EXTRA_IN_SRC } esb_extra_column;

/* Copies every component the two tables share from (src, src_row) to (dst, dst_row), for two tables whose
 * column sets are equal but for one column (an edge of the archetype graph: one component added or removed),
 * without comparing ids: columns are ordered by id (T2), so below that column's rank `extra` in the table that
 * has it (`where`) the two tables' columns are the same components, and from it on they are one apart. Inline,
 * so that an add or remove compiles it with what it knows. */
static inline void esb_table_copy_neighbour(esb_table *dst, uint32_t dst_row, const esb_table *src, uint32_t src_row,
                                            esb_extra_column where, esb_column_rank extra) {
    bool dst_extra = where == ESB_EXTRA_IN_DST, src_extra = where == ESB_EXTRA_IN_SRC;
    uint32_t shared = dst_extra ? src->column_count : dst->column_count,
             below = where != ESB_EXTRA_NONE ? extra.k : shared;
    ESB_ASSERT_MSG(dst->column_count + src_extra == src->column_count + dst_extra && below <= shared,
                   "tables that are not one column apart");
    for (uint32_t k = 0; k < shared; ++k) {
        uint32_t d = k + (dst_extra && k >= below), s = k + (src_extra && k >= below);
        ESB_ASSERT(dst->columns[d].id == src->columns[s].id);
        esb_copy_element(esb_table_element(dst, esb_column_at(d), dst_row),
                         esb_table_element(src, esb_column_at(s), src_row), dst->columns[d].size);
    }
}

/* The next column two tables share, at or after rank *d of dst and rank *s of src: both lists are ordered by id
 * (T2), so one merge walk pairs them whatever the two column sets are. Returns false once either list is done;
 * else *d and *s are the ranks of one component in the two tables (step both past them for the next). Kept apart
 * from the copy below for a design that keeps a table's columns but its values elsewhere (chunks). */
static inline bool esb_table_next_shared(const esb_table *dst, uint32_t *d, const esb_table *src, uint32_t *s) {
    while (*d < dst->column_count && *s < src->column_count) {
        esb_component dst_id = dst->columns[*d].id, src_id = src->columns[*s].id;
        if (dst_id == src_id) return true;
        if (dst_id < src_id)
            ++*d;
        else
            ++*s;
    }
    return false;
}

/* Copies every component the two tables share from (src, src_row) to (dst, dst_row), for any two tables, however
 * many columns apart: the move of a bundle, several components added or removed at once. A merge walk of the two
 * column lists (esb_table_next_shared), O(columns of both); the columns of dst that src lacks are left as they
 * are, for the caller's values. Ticks are esb_table_copy_ticks's, which pairs tracks the same way. Where the two
 * tables are one column apart, esb_table_copy_neighbour does the same without comparing ids. */
void esb_table_copy_shared(esb_table *dst, uint32_t dst_row, const esb_table *src, uint32_t src_row);

/* Fills rows first .. first + n - 1 of a column from n contiguous values, or with zeros (values NULL). */
void esb_table_fill_column(esb_table *t, esb_column_rank column, uint32_t first, size_t n, const unsigned char *values);

/* Fills rows first .. first + n - 1 of a column with one value, or with zeros (value NULL): the value a query-wide
 * add gives every entity it moves. */
void esb_table_fill_repeat(esb_table *t, esb_column_rank column, uint32_t first, size_t n, const void *value);

/* Moving every row of one table to another at once (a query-wide add or remove moves whole tables, as flecs's
 * flecs_table_merge does), given src != dst and room for src's rows in dst (esb_table_reserve):
 *  W1 dst's rows before the call keep their rows and values; src's rows follow them in their order, from the
 *     returned row first on, each with its handle, the value of every column both tables have (SoA: one copy of
 *     each such column; AoS: per row, one copy per stretch of columns that lie side by side in both records), and
 *     the ticks of every track both tables have. The columns and tracks of dst that src lacks are left
 *     uninitialised in those rows, for the caller's values.
 *  W2 src is left empty with its capacity; both tables keep T1-T5. Which entity each row holds (its location
 *     records) and the design's bookkeeping are the caller's to update, once per table. */
uint32_t esb_table_append_all(esb_table *dst, esb_table *src);

/* The layout's half of esb_table_append_all: the values of src's rows into dst's rows from `first` on. */
void esb_table_layout_append(esb_table *dst, uint32_t first, const esb_table *src);

/* Whether esb_table_steal may take src's arrays whole into dst: dst holds no row and both tables have the same
 * columns (so the same record layout) and the same tick tracks, as a tag's two archetypes do. */
static inline bool esb_table_can_steal(const esb_table *dst, const esb_table *src) {
    if (dst->count || memcmp(&dst->column_set, &src->column_set, sizeof dst->column_set) ||
        dst->tick_count != src->tick_count)
        return false;
    for (uint32_t k = 0; k < dst->tick_count; ++k)
        if (dst->ticks[k].id != src->ticks[k].id) return false;
    return true;
}

/* esb_table_append_all where esb_table_can_steal holds, without copying a row: the two tables swap their arrays
 * (handles, values, ticks) and capacities, so dst holds src's rows as src held them and src is left empty with
 * dst's former arrays (flecs steals the columns of a table merged into an empty one the same way). Needs no room. */
void esb_table_steal(esb_table *dst, esb_table *src);

#ifdef ESB_CHECKED
/* Asserts T1-T3 and T5. O(columns^2) (AoS overlap), no row is read. */
void esb_table_check_invariants(const esb_table *t);

/* Asserts the layout's part of T3. */
void esb_table_layout_check(const esb_table *t);

/* Asserts that t's columns are exactly the components of `set` that have data (with_data: esb_components_with_data),
 * as a table of an archetype or a component set keeps them. */
void esb_table_check_column_set(const esb_table *t, const esb_bitset *set, const esb_bitset *with_data);
#endif

/* A whole table as one batch of a query's fields: field k is column columns[k] (the query's cached column), or the
 * column of fields[k] when columns is NULL (a scan). For the designs whose groups are tables (archetype, hybrid). */
static inline void esb_table_batch(esb_batch *b, const esb_table *t, const esb_component *fields, uint32_t field_count,
                                   const uint16_t *columns) {
    b->count = t->count;
    b->entities = t->entities;
    b->entity_rows = NULL;
    for (uint32_t k = 0; k < field_count; ++k) {
        esb_column_rank column = columns ? esb_column_at(columns[k]) : esb_table_column_of(t, fields[k]);
        b->base[k] = esb_table_column_base(t, column, &b->stride[k]);
        b->rows[k] = NULL;
    }
}

#endif

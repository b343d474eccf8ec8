/* esb_world_check: the invariants written beside the structs of tables.h (L1-L9), as code. */
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "tables.h"

#ifdef ESB_CHECKED
static tb_column_kind kind_of(const esb_component_info *info) {
    return !info->size ? TB_TAG : info->hint == ESB_STORAGE_SPARSE ? TB_SPARSE : TB_DENSE;
}

static void check_column(const esb_world *w, const tb_table *t, const tb_column *col) { /* L3, L4 */
    const esb_component_info *info = &w->components[col->id];
    ESB_ASSERT_MSG(col->kind == kind_of(info) && col->size == info->size && col->align == info->align,
                   "a column whose kind, size or alignment is not its component's");
    ESB_ASSERT_MSG(t->capacity == 0 || col->present, "a column without its presence bits");
    ESB_ASSERT_MSG(col->kind == TB_DENSE ? t->capacity == 0 || col->data : !col->data, "a column's slots are wrong");
    ESB_ASSERT_MSG((col->kind == TB_SPARSE) == (col->map != NULL), "a map on a column that is not sparse, or none");
    uint32_t set = 0;
    for (uint32_t row = 0; row < t->capacity; ++row) {
        if (!tb_bit(col->present, row)) continue;
        ESB_ASSERT_MSG(row < t->count, "a presence bit set past the last row");
        set++;
        if (col->map)
            ESB_ASSERT_MSG(esb_sparse_contains(col->map, t->entities[row]),
                           "a row with a sparse component missing from its map");
    }
    ESB_ASSERT_MSG(set == col->holders, "a column's holders differs from its presence bits");
    ESB_ASSERT_MSG(col->ticked == w->ticked[col->id], "a column ticked unlike its component"); /* L9 */
    ESB_ASSERT_MSG((col->changed_ticks != NULL) == (col->ticked && t->capacity) &&
                       (col->added_ticks != NULL) == (col->changed_ticks != NULL),
                   "a column's change ticks are wrong");
    for (uint32_t row = 0; col->changed_ticks && row < t->count; ++row)
        ESB_ASSERT_MSG(col->changed_ticks[row] <= w->change_tick && col->added_ticks[row] <= w->change_tick,
                       "a change tick from the future");
    if (!col->map) return;
    esb_sparse_check_invariants(col->map, w->core.entities.issued);
    ESB_ASSERT_MSG(col->map->count == col->holders, "a sparse map holding an entity whose presence bit is clear");
}

static void check_tables(const esb_world *w) { /* L2, L5, L7 */
    ESB_ASSERT(w->table_count <= w->table_capacity);
    esb_set_index_check_invariants(&w->table_index);
    ESB_ASSERT_MSG(w->table_index.count == w->table_count, "the table index holds other than the tables");
    esb_bitset registered = {{0}}, none = {{0}};
    for (esb_component c = 0; c < w->core.component_count; ++c) esb_bitset_set(&registered, c);
    if (w->empty_type != TB_NO_TABLE)
        ESB_ASSERT_MSG(w->empty_type < w->table_count && !memcmp(&w->tables[w->empty_type]->type, &none, sizeof none),
                       "empty_type names a table of another type");
    for (uint32_t id = 0; id < w->table_count; ++id) {
        const tb_table *t = w->tables[id];
        ESB_ASSERT(t->count <= t->capacity && (t->capacity == 0 || t->entities));
        ESB_ASSERT_MSG(esb_set_index_find(&w->table_index, &t->type) == id, "a table the index does not find");
        ESB_ASSERT_MSG(esb_bitset_contains(&t->column_set, &t->type), "a table without a column of its type");
        ESB_ASSERT_MSG(esb_bitset_contains(&registered, &t->column_set), "a column of an unregistered component");
        ESB_ASSERT_MSG(esb_bitset_count(&t->column_set) == t->column_count && t->column_count <= t->column_capacity,
                       "column_set and the columns disagree on how many there are");
        uint32_t mapped = 0;
        for (uint32_t c = 0; c < t->map_size; ++c) mapped += t->column_map[c] != ESB_NO_COLUMN;
        ESB_ASSERT_MSG(mapped == t->column_count, "a column map naming other than the columns");
        for (uint32_t k = 0; k < t->column_count; ++k) {
            const tb_column *col = &t->columns[k];
            ESB_ASSERT_MSG(k == 0 || t->columns[k - 1].id < col->id, "columns out of id order");
            ESB_ASSERT_MSG(tb_column_of(t, col->id) == col, "a column the map does not find");
            check_column(w, t, col);
        }
        for (uint32_t k = 0; k < t->shared_count; ++k) {
            const tb_shared *sh = &t->shared[k];
            ESB_ASSERT_MSG(sh->id < w->core.component_count && sh->size == w->components[sh->id].size,
                           "a shared value of an unregistered component, or of another size");
            ESB_ASSERT_MSG(!sh->size == !sh->value, "a shared value without its bytes, or a tag with some");
            for (uint32_t j = 0; j < k; ++j) ESB_ASSERT_MSG(t->shared[j].id != sh->id, "a component shared twice");
        }
    }
}

static void check_locations(const esb_world *w) { /* L1, L6 */
    const esb_entity_table *ei = &w->core.entities;
    esb_core_check_invariants(&w->core);
    uint64_t alive = esb_et_count_alive(ei), rows = 0;
    for (uint32_t idx = 0; idx < ei->issued; ++idx) {
        const tb_location *loc = &tb_locations(w)[idx];
        if (esb_entity_index(loc->handle) != idx) continue; /* dead: the slot links the free list */
        ESB_ASSERT_MSG(loc->table < w->table_count, "a location in a table that does not exist");
        const tb_table *t = w->tables[loc->table];
        ESB_ASSERT_MSG(loc->row < t->count && t->entities[loc->row] == loc->handle,
                       "a location naming a row that does not hold its entity");
    }
    for (uint32_t id = 0; id < w->table_count; ++id) {
        const tb_table *t = w->tables[id];
        rows += t->count;
        esb_et_check_rows(ei, t->entities, t->count, id, tb_locations(w), sizeof(tb_location),
                          offsetof(tb_location, table), offsetof(tb_location, row));
    }
    ESB_ASSERT_MSG(rows == alive, "rows and alive entities differ in number");
}

/* L8, for each query after the checks every head design shares (esb_query_heads_check_invariants). */
static void check_query(const void *world, const esb_query_head *h) {
    const esb_world *w = world;
    const esb_query *q = (const esb_query *)h;
    ESB_ASSERT_MSG(q->world == w, "a query of another world");
    uint32_t sparse_fields = 0;
    for (uint32_t k = 0; k < q->head.field_count; ++k)
        sparse_fields += w->components[q->head.fields[k]].hint == ESB_STORAGE_SPARSE;
    ESB_ASSERT_MSG(q->sparse_fields == sparse_fields, "a query's count of sparse fields differs from its terms");
    ESB_ASSERT(q->rows && (!sparse_fields || q->positions));
    if (!q->head.cached)
        ESB_ASSERT_MSG(q->matches.count == 0, "an uncached query with a match list");
    else if (q->generation == w->layout_generation)
        esb_match_list_check_invariants(&q->matches, w->table_count, tb_match_table, q);
    if (q->head.change) /* L9 */
        ESB_ASSERT_MSG(q->head.cached && w->ticked[q->head.change_component] && q->last_run < w->change_tick,
                       "a change term without its ticks, or a reference point ahead of its world");
}
#endif

void esb_world_check(const esb_world *w) {
    (void)w;
    ESB_IF_CHECKED(if (w) {
        check_tables(w);
        check_locations(w);
        esb_query_heads_check_invariants(&w->core.queries, w->components, w->core.component_count, check_query, w);
    });
}

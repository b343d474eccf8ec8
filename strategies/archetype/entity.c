/* Entity operations: create, bulk create, destroy, add and remove and their bundles (moves between tables), get,
 * has, set, alive. */
#include <string.h>

#include "graph.h"
#include "inline.h"
#include "validate.h"
#include "archetype.h"

bool esb_alive(const esb_world *w, esb_entity e) { return w && esb_et_alive_in(&w->core.entities, e, AT_RECORD_WORDS); }

/* Takes a row out of its table; the entity that moved into the hole gets its new row. */
static ESB_ALWAYS_INLINE void vacate(esb_world *w, at_archetype *a, uint32_t row) {
    esb_entity moved = esb_table_swap_remove(&a->table, row);
    if (moved != ESB_ENTITY_NULL) at_locations(w)[esb_entity_index(moved)].row = row;
    at_row_taken(a);
}

/* Appends e's row to a's table (room reserved). */
static ESB_ALWAYS_INLINE uint32_t push(at_archetype *a, esb_entity e) {
    uint32_t row = esb_table_push(&a->table, e);
    at_rows_added(a, row);
    return row;
}

esb_status esb_create(esb_world *w, esb_entity *out) {
    esb_status s = esb_core_check_create(esb_core_of(w), out);
    if (s != ESB_OK) return s;
    at_archetype *root = at_archetype_of(w, AT_ROOT);
    s = esb_et_reserve(&w->core.entities, 1);
    if (s == ESB_OK) s = esb_table_reserve(&root->table, 1);
    if (s != ESB_OK) return s;
    esb_entity e = esb_et_take_in(&w->core.entities, AT_RECORD_WORDS);
    at_locations(w)[esb_entity_index(e)] = (at_location){e, AT_ROOT, push(root, e)};
    *out = e;
    return ESB_OK;
}

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = esb_core_check_bulk(esb_core_of(w), n, ids, count);
    if (s != ESB_OK || n == 0) return s;
    esb_bitset signature;
    esb_bitset_of_ids(&signature, ids, count);
    uint32_t to;
    if ((s = esb_et_reserve(&w->core.entities, n)) != ESB_OK ||
        (s = esb_graph_find(&w->graph, w, at_archetype_make, &signature, &to)) != ESB_OK)
        return s;
    at_archetype *a = at_archetype_of(w, to);
    if ((s = esb_table_reserve(&a->table, n)) != ESB_OK) return s;

    /* The table grew once; now the rows are appended as one run and each column filled in one pass. */
    uint32_t first = a->table.count;
    for (size_t i = 0; i < n; ++i) {
        esb_entity e = esb_et_take_in(&w->core.entities, AT_RECORD_WORDS);
        uint32_t row = esb_table_push(&a->table, e);
        at_locations(w)[esb_entity_index(e)] = (at_location){e, to, row};
        if (out) out[i] = e;
    }
    for (uint32_t k = 0; k < count; ++k) {
        if (!w->components[ids[k]].size) continue;
        const unsigned char *v = values ? values[k] : NULL;
        esb_table_fill_column(&a->table, esb_table_column_of(&a->table, ids[k]), first, n, v);
    }
    at_rows_added(a, first);
    return ESB_OK;
}

esb_status esb_destroy(esb_world *w, esb_entity e) {
    esb_status s = esb_core_check_destroy_in(esb_core_of(w), e, AT_RECORD_WORDS);
    if (s != ESB_OK) return s;
    at_location *loc = &at_locations(w)[esb_entity_index(e)];
    vacate(w, at_archetype_of(w, loc->archetype), loc->row);
    esb_et_release_in(&w->core.entities, e,
                      AT_RECORD_WORDS); /* the location's first word becomes the free list's link */
    return ESB_OK;
}

/* The end of every move, once e's new row `row` in archetype `to` holds its values: the old row is swap-removed and
 * e's location names the new one. Returns row. */
static ESB_ALWAYS_INLINE uint32_t moved(esb_world *w, esb_entity e, at_archetype *src, uint32_t from_row, uint32_t to,
                                        uint32_t row) {
    vacate(w, src, from_row);
    at_locations(w)[esb_entity_index(e)].archetype = to;
    at_locations(w)[esb_entity_index(e)].row = row;
    w->moves++;
    return row;
}

/* Moves e from its table to archetype `to`'s, one component away (room reserved): shared components are
 * copied, the old row is swap-removed. The tables are one column apart when that component has data: at rank
 * `column` of the destination (an add) or of the source (a remove). Returns e's new row. */
static ESB_ALWAYS_INLINE uint32_t move_entity(esb_world *w, esb_entity e, at_location from, uint32_t to,
                                              esb_extra_column where, esb_column_rank column) {
    at_archetype *src = at_archetype_of(w, from.archetype), *dst = at_archetype_of(w, to);
    uint32_t row = push(dst, e);
    esb_table_copy_neighbour(&dst->table, row, &src->table, from.row, where, column);
    return moved(w, e, src, from.row, to, row);
}

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    esb_status s = esb_core_check_change_in(esb_core_of(w), e, c, AT_RECORD_WORDS);
    if (s != ESB_OK) return s;
    at_location from = at_locations(w)[esb_entity_index(e)];
    if (at_has(at_archetype_of(w, from.archetype), c)) return ESB_ERR_PRESENT;
    uint32_t to;
    if ((s = esb_graph_step(&w->graph, w, at_archetype_make, from.archetype, c, ESB_EDGE_ADD, &to)) != ESB_OK) return s;
    at_archetype *dst = at_archetype_of(w, to);
    if ((s = esb_table_reserve(&dst->table, 1)) != ESB_OK) return s;
    uint32_t size = w->components[c].size;
    if (!size) {
        move_entity(w, e, from, to, ESB_EXTRA_NONE, esb_column_at(0));
        return ESB_OK;
    }
    esb_column_rank column = esb_table_column_of(&dst->table, c);
    unsigned char *slot = esb_table_element(&dst->table, column, move_entity(w, e, from, to, ESB_EXTRA_IN_DST, column));
    if (value)
        esb_copy_element(slot, value, size);
    else
        memset(slot, 0, size);
    return ESB_OK;
}

esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_change_in(esb_core_of(w), e, c, AT_RECORD_WORDS);
    if (s != ESB_OK) return s;
    at_location from = at_locations(w)[esb_entity_index(e)];
    at_archetype *src = at_archetype_of(w, from.archetype);
    if (!at_has(src, c)) return ESB_ERR_ABSENT;
    uint32_t to;
    if ((s = esb_graph_step(&w->graph, w, at_archetype_make, from.archetype, c, ESB_EDGE_REMOVE, &to)) != ESB_OK)
        return s;
    if ((s = esb_table_reserve(&at_archetype_of(w, to)->table, 1)) != ESB_OK) return s;
    if (w->components[c].size)
        move_entity(w, e, from, to, ESB_EXTRA_IN_SRC, esb_table_column_of(&src->table, c));
    else
        move_entity(w, e, from, to, ESB_EXTRA_NONE, esb_column_at(0));
    return ESB_OK;
}

/* A bundle's move (room reserved in `to`'s table): e goes straight to the archetype of its final set, however many
 * components away, its values copied column by column wherever the two tables share the component
 * (esb_table_copy_shared), as Bevy's BundleInserter moves an entity once per bundle. Returns e's new row. */
static uint32_t move_entity_by_id(esb_world *w, esb_entity e, at_location from, uint32_t to) {
    at_archetype *src = at_archetype_of(w, from.archetype), *dst = at_archetype_of(w, to);
    uint32_t row = push(dst, e);
    esb_table_copy_shared(&dst->table, row, &src->table, from.row);
    return moved(w, e, src, from.row, to, row);
}

/* The archetype of e's final set found once (not one edge per component), a row reserved there, then one move and
 * the k values: an arrival in the destination (at_rows_added), which is the addition of every component it brings. */
esb_status esb_add_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count,
                          const void *const *values) {
    esb_status s = esb_core_check_bundle_in(esb_core_of(w), e, ids, count, AT_RECORD_WORDS);
    if (s != ESB_OK || count == 0) return s;
    at_location from = at_locations(w)[esb_entity_index(e)];
    esb_bitset target = at_archetype_of(w, from.archetype)->node.signature;
    for (uint32_t k = 0; k < count; ++k) { /* ids are distinct (checked), so target holds ids[k] only if e does */
        if (esb_bitset_test(&target, ids[k])) return ESB_ERR_PRESENT;
        esb_bitset_set(&target, ids[k]);
    }
    uint32_t to;
    if ((s = esb_graph_find(&w->graph, w, at_archetype_make, &target, &to)) != ESB_OK) return s;
    esb_table *dst = &at_archetype_of(w, to)->table;
    if ((s = esb_table_reserve(dst, 1)) != ESB_OK) return s;
    uint32_t row = move_entity_by_id(w, e, from, to);
    for (uint32_t k = 0; k < count; ++k) {
        int32_t column = esb_table_find_column(dst, ids[k]);
        if (column == ESB_NO_COLUMN) continue; /* a tag */
        esb_write_value(esb_table_element(dst, esb_column_at((uint32_t)column), row), values ? values[k] : NULL,
                        dst->columns[column].size);
    }
    return ESB_OK;
}

/* As esb_add_bundle, to the archetype of e's set without ids: one move, the removed columns left behind. */
esb_status esb_remove_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count) {
    esb_status s = esb_core_check_bundle_in(esb_core_of(w), e, ids, count, AT_RECORD_WORDS);
    if (s != ESB_OK || count == 0) return s;
    at_location from = at_locations(w)[esb_entity_index(e)];
    esb_bitset target = at_archetype_of(w, from.archetype)->node.signature;
    for (uint32_t k = 0; k < count; ++k) {
        if (!esb_bitset_test(&target, ids[k])) return ESB_ERR_ABSENT;
        esb_bitset_clear(&target, ids[k]);
    }
    uint32_t to;
    if ((s = esb_graph_find(&w->graph, w, at_archetype_make, &target, &to)) != ESB_OK ||
        (s = esb_table_reserve(&at_archetype_of(w, to)->table, 1)) != ESB_OK)
        return s;
    move_entity_by_id(w, e, from, to);
    return ESB_OK;
}

esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out);
    if (s != ESB_OK) return s;
    if (!esb_et_alive_in(&w->core.entities, e, AT_RECORD_WORDS)) return ESB_ERR_STALE;
    at_location loc = at_locations(w)[esb_entity_index(e)];
    const at_archetype *a = at_archetype_of(w, loc.archetype);
    int32_t column = esb_table_find_column(&a->table, c); /* a column proves c registered: its range checked after */
    if (column != ESB_NO_COLUMN) {
        *out = esb_table_element(&a->table, esb_column_at((uint32_t)column), loc.row);
        return ESB_OK;
    }
    return esb_core_get_without_column(&w->core, &a->node.signature, c);
}

int esb_has(const esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_has_in(esb_core_of(w), e, c, AT_RECORD_WORDS);
    return s != ESB_OK ? (int)s : at_has(at_archetype_of(w, at_locations(w)[esb_entity_index(e)].archetype), c);
}

/* The write through esb_get's checks and pointer, then the change of its table's column (or of its tags), as
 * flecs's ecs_set marks the column dirty. */
esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) {
    void *p;
    esb_status s = esb_get(w, e, c, &p);
    if (s != ESB_OK) return s;
    at_archetype *a = at_archetype_of(w, at_locations(w)[esb_entity_index(e)].archetype);
    int32_t column = esb_table_find_column(&a->table, c);
    if (column == ESB_NO_COLUMN) {
        a->tag_changes++;
        return ESB_OK;
    }
    esb_write_value(p, value, w->components[c].size);
    a->column_changes[column]++;
    return ESB_OK;
}

/* Change terms report whole tables (query.c). */
bool esb_change_exact(void) { return false; }

/* Entity operations: create, bulk create, destroy, add and remove (moves between tables), get, has, alive. */
#include <string.h>

#include "graph.h"
#include "inline.h"
#include "op_checks.h"
#include "validate.h"
#include "archetype.h"

bool esb_alive(const esb_world *w, esb_entity e) { return w && at_alive(w, e); }

/* Takes a row out of its table; the entity that moved into the hole gets its new row. */
static ESB_ALWAYS_INLINE void vacate(esb_world *w, at_archetype *a, uint32_t row) {
    esb_entity moved = esb_table_swap_remove(&a->table, row);
    if (moved != ESB_ENTITY_NULL) w->locations[esb_entity_index(moved)].row = row;
    at_row_taken(a);
}

/* Appends e's row to a's table (room reserved). */
static ESB_ALWAYS_INLINE uint32_t push(at_archetype *a, esb_entity e) {
    uint32_t row = esb_table_push(&a->table, e);
    at_rows_added(a, row);
    return row;
}

esb_status esb_create(esb_world *w, esb_entity *out) {
    if (!w || !out) return ESB_ERR_INVALID;
    if (esb_qr_locked(&w->queries)) return ESB_ERR_LOCKED;
    at_archetype *root = w->archetypes[AT_ROOT];
    esb_status s = at_reserve_entities(w, 1);
    if (s == ESB_OK) s = esb_table_reserve(&root->table, 1);
    if (s != ESB_OK) return s;
    esb_entity e = at_take(w);
    w->locations[esb_entity_index(e)] = (at_location){e, AT_ROOT, push(root, e)};
    *out = e;
    return ESB_OK;
}

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = ESB_WORLD_CHECK_BULK(w, ids, count);
    if (s != ESB_OK || n == 0) return s;
    if (n > ESB_MAX_ENTITIES) return ESB_ERR_FULL;
    esb_bitset signature;
    memset(&signature, 0, sizeof signature);
    for (uint32_t k = 0; k < count; ++k) esb_bitset_set(&signature, ids[k]);
    uint32_t to;
    if ((s = at_reserve_entities(w, n)) != ESB_OK || (s = at_archetype_find(w, &signature, &to)) != ESB_OK) return s;
    at_archetype *a = w->archetypes[to];
    if ((s = esb_table_reserve(&a->table, n)) != ESB_OK) return s;

    /* The table grew once; now the rows are appended as one run and each column filled in one pass. */
    uint32_t first = a->table.count;
    for (size_t i = 0; i < n; ++i) {
        esb_entity e = at_take(w);
        uint32_t row = esb_table_push(&a->table, e);
        w->locations[esb_entity_index(e)] = (at_location){e, to, row};
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
    if (!w) return ESB_ERR_INVALID;
    if (esb_qr_locked(&w->queries)) return ESB_ERR_LOCKED;
    if (!at_alive(w, e)) return ESB_ERR_STALE;
    at_location *loc = &w->locations[esb_entity_index(e)];
    vacate(w, w->archetypes[loc->archetype], loc->row);
    at_release(w, e); /* the location's first word becomes the free list's link */
    return ESB_OK;
}

/* Moves e from its table to archetype `to`'s, one component away (room reserved): shared components are
 * copied, the old row is swap-removed. The tables are one column apart when that component has data: at rank
 * `column` of the destination (an add) or of the source (a remove). Returns e's new row. */
static ESB_ALWAYS_INLINE uint32_t move_entity(esb_world *w, esb_entity e, at_location from, uint32_t to, bool dst_extra,
                                              bool src_extra, uint32_t column) {
    at_archetype *src = w->archetypes[from.archetype], *dst = w->archetypes[to];
    uint32_t row = push(dst, e);
    esb_table_copy_neighbour(&dst->table, row, &src->table, from.row, dst_extra, src_extra, column);
    vacate(w, src, from.row);
    w->locations[esb_entity_index(e)].archetype = to;
    w->locations[esb_entity_index(e)].row = row;
    w->moves++;
    return row;
}

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    if (!w) return ESB_ERR_INVALID;
    if (esb_qr_locked(&w->queries)) return ESB_ERR_LOCKED;
    esb_status s = at_check(w, e, c);
    if (s != ESB_OK) return s;
    at_location from = w->locations[esb_entity_index(e)];
    if (at_has(w->archetypes[from.archetype], c)) return ESB_ERR_PRESENT;
    uint32_t to;
    if ((s = at_archetype_step(w, from.archetype, c, true, &to)) != ESB_OK) return s;
    at_archetype *dst = w->archetypes[to];
    if ((s = esb_table_reserve(&dst->table, 1)) != ESB_OK) return s;
    uint32_t size = w->components[c].size;
    if (!size) {
        move_entity(w, e, from, to, false, false, 0);
        return ESB_OK;
    }
    uint32_t column = esb_table_column_of(&dst->table, c);
    unsigned char *slot = esb_table_element(&dst->table, column, move_entity(w, e, from, to, true, false, column));
    if (value)
        esb_copy_element(slot, value, size);
    else
        memset(slot, 0, size);
    return ESB_OK;
}

esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    if (!w) return ESB_ERR_INVALID;
    if (esb_qr_locked(&w->queries)) return ESB_ERR_LOCKED;
    esb_status s = at_check(w, e, c);
    if (s != ESB_OK) return s;
    at_location from = w->locations[esb_entity_index(e)];
    at_archetype *src = w->archetypes[from.archetype];
    if (!at_has(src, c)) return ESB_ERR_ABSENT;
    uint32_t to;
    if ((s = at_archetype_step(w, from.archetype, c, false, &to)) != ESB_OK) return s;
    if ((s = esb_table_reserve(&w->archetypes[to]->table, 1)) != ESB_OK) return s;
    if (w->components[c].size)
        move_entity(w, e, from, to, false, true, esb_table_column_of(&src->table, c));
    else
        move_entity(w, e, from, to, false, false, 0);
    return ESB_OK;
}

esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out);
    if (s != ESB_OK) return s;
    if (!at_alive(w, e)) return ESB_ERR_STALE;
    at_location loc = w->locations[esb_entity_index(e)];
    const at_archetype *a = w->archetypes[loc.archetype];
    int32_t column = esb_table_find_column(&a->table, c); /* a column proves c registered: its range checked after */
    if (column != ESB_NO_COLUMN) {
        *out = esb_table_element(&a->table, (uint32_t)column, loc.row);
        return ESB_OK;
    }
    if (c >= w->component_count) return ESB_ERR_UNKNOWN_COMPONENT;
    return at_has(a, c) ? ESB_OK : ESB_ERR_ABSENT; /* a tag, or absent */
}

int esb_has(const esb_world *w, esb_entity e, esb_component c) {
    if (!w) return ESB_ERR_INVALID;
    esb_status s = at_check(w, e, c);
    if (s != ESB_OK) return s;
    return at_has(w->archetypes[w->locations[esb_entity_index(e)].archetype], c) ? 1 : 0;
}

/* The write through esb_get's checks and pointer, then the change of its table's column (or of its tags), as
 * flecs's ecs_set marks the column dirty. */
esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) {
    void *p;
    esb_status s = esb_get(w, e, c, &p);
    if (s != ESB_OK) return s;
    at_archetype *a = w->archetypes[w->locations[esb_entity_index(e)].archetype];
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

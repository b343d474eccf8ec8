/* Entity operations. A change of a sparse component or a tag moves the entity between archetypes only (its
 * archetype row); a change of a dense component also moves its table row. */
#include <string.h>

#include "graph.h"
#include "inline.h"
#include "moves.h"
#include "validate.h"
#include "hybrid.h"

bool esb_alive(const esb_world *w, esb_entity e) { return w && esb_et_alive_in(&w->core.entities, e, HY_RECORD_WORDS); }

/* Calls f(w, e, c) for each sparse-set component of archetype a. */
static void for_each_pooled(esb_world *w, const hy_archetype *a, esb_entity e,
                            void (*f)(esb_world *, esb_entity, esb_component)) {
    for (unsigned k = 0; k < ESB_BITSET_WORDS; ++k)
        for (uint64_t bits = a->node.signature.w[k] & w->sparse_components.w[k]; bits; bits &= bits - 1)
            f(w, e, (esb_component)(k * 64 + (unsigned)__builtin_ctzll(bits)));
}

static void pool_erase(esb_world *w, esb_entity e, esb_component c) {
    uint32_t pos;
    if (esb_sparse_find(&w->pools[c], e, &pos)) hy_pool_erase(w, c, pos);
}

esb_status esb_create(esb_world *w, esb_entity *out) {
    esb_status s = esb_core_check_create(esb_core_of(w), out);
    if (s != ESB_OK) return s;
    hy_archetype *root = hy_archetype_of(w, HY_ROOT);
    esb_table *table = w->tables[root->table];
    s = esb_et_reserve(&w->core.entities, 1);
    if (s == ESB_OK) s = hy_archetype_reserve(root, 1);
    if (s == ESB_OK) s = esb_table_reserve(table, 1);
    if (s != ESB_OK) return s;
    esb_entity e = esb_et_take_in(&w->core.entities, HY_RECORD_WORDS);
    hy_locations(w)[esb_entity_index(e)] =
        (hy_location){e, HY_ROOT, hy_archetype_push(root, e, esb_table_push(table, e))};
    *out = e;
    return ESB_OK;
}

/* Every allocation bulk creation needs: entity index, archetype (and table), rows in both, and for each
 * sparse-set component room and sparse pages for the indices about to be issued. */
static esb_status reserve_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, uint32_t *to) {
    esb_bitset signature;
    esb_bitset_of_ids(&signature, ids, count);
    esb_sparse_set *pools[ESB_MAX_COMPONENTS];
    esb_component pooled[ESB_MAX_COMPONENTS];
    uint32_t np = 0;
    for (uint32_t k = 0; k < count; ++k)
        if (hy_in_pool(w, ids[k])) pooled[np] = ids[k], pools[np++] = &w->pools[ids[k]];
    esb_status s = esb_et_reserve(&w->core.entities, n);
    if (s == ESB_OK) s = esb_graph_find(&w->graph, w, hy_archetype_make, &signature, to);
    if (s == ESB_OK) s = hy_archetype_reserve(hy_archetype_of(w, *to), n);
    if (s == ESB_OK) s = esb_table_reserve(w->tables[hy_archetype_of(w, *to)->table], n);
    for (uint32_t k = 0; s == ESB_OK && k < np; ++k) s = hy_pool_reserve(w, pooled[k], (uint32_t)n);
    return s == ESB_OK ? esb_sparse_reserve_next_indices(pools, np, &w->core.entities, n) : s;
}

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = esb_core_check_bulk(esb_core_of(w), n, ids, count);
    if (s != ESB_OK || n == 0) return s;
    uint32_t to;
    if ((s = reserve_bulk(w, n, ids, count, &to)) != ESB_OK) return s;
    hy_archetype *a = hy_archetype_of(w, to);
    esb_table *t = w->tables[a->table];

    /* Rows appended as one run in the table; then each table column filled in one pass, and each sparse set
     * appended to. */
    uint32_t first = t->count;
    for (size_t i = 0; i < n; ++i) {
        esb_entity e = esb_et_take_in(&w->core.entities, HY_RECORD_WORDS);
        hy_locations(w)[esb_entity_index(e)] = (hy_location){e, to, hy_archetype_push(a, e, esb_table_push(t, e))};
        if (out) out[i] = e;
    }
    for (uint32_t k = 0; k < count; ++k) {
        esb_component c = ids[k];
        const unsigned char *v = values ? values[k] : NULL;
        if (hy_in_table(w, c)) {
            if (w->components[c].size) esb_table_fill_column(t, esb_table_column_of(t, c), first, n, v);
            esb_tick_track *track = hy_ticked(w, c) ? esb_table_ticks_of(t, c) : NULL;
            for (size_t i = 0; track && i < n; ++i)
                track->changed[first + i] = track->added[first + i] = w->change_tick;
            continue;
        }
        esb_sparse_set *p = &w->pools[c];
        uint32_t at = p->count;
        for (size_t i = 0; i < n; ++i)
            esb_sparse_emplace(p, t->entities[first + i], v ? v + i * w->components[c].size : NULL);
        hy_pool_ticks *ticks = hy_ticked(w, c) ? &w->pool_ticks[c] : NULL;
        for (size_t i = 0; ticks && i < n; ++i) ticks->changed[at + i] = ticks->added[at + i] = w->change_tick;
    }
    return ESB_OK;
}

esb_status esb_destroy(esb_world *w, esb_entity e) {
    esb_status s = esb_core_check_destroy_in(esb_core_of(w), e, HY_RECORD_WORDS);
    if (s != ESB_OK) return s;
    hy_location *loc = &hy_locations(w)[esb_entity_index(e)];
    hy_archetype *a = hy_archetype_of(w, loc->archetype);
    for_each_pooled(w, a, e, pool_erase);
    hy_table_vacate(w, a, hy_table_row(a, loc->row));
    hy_archetype_vacate(w, a, loc->row);
    esb_et_release_in(&w->core.entities, e,
                      HY_RECORD_WORDS); /* the location's first word becomes the free list's link */
    return ESB_OK;
}

/* A move between two archetypes each alone on its table (room reserved): the archetype design's move, as both
 * archetypes' rows are their tables' rows. Two archetypes alone on their tables never share one, so the row
 * moves, one column apart where c has data (at `column` of the destination or of the source: where). Where
 * a change touches only dense components this is every move, so it is written once more without the checks the
 * general move makes for archetype lists and sparse sets. With `ticks` (a constant at each call) the row's change
 * ticks move too, so the move of a world without them has no tick code between its copies. Returns e's new row. */
static ESB_ALWAYS_INLINE uint32_t move_alone(esb_world *w, esb_entity e, hy_archetype *src, uint32_t to,
                                             esb_extra_column where, esb_column_rank column, bool ticks) {
    hy_location *loc = &hy_locations(w)[esb_entity_index(e)];
    hy_archetype *dst = hy_archetype_of(w, to);
    ESB_ASSERT(src->alone && dst->alone && src->table != dst->table);
    uint32_t from = loc->row, row = esb_table_push(dst->rows_in, e);
    esb_table_copy_neighbour(dst->rows_in, row, src->rows_in, from, where, column);
    if (ticks) esb_table_copy_ticks(dst->rows_in, row, src->rows_in, from);
    esb_entity moved = esb_table_swap_remove(src->rows_in, from);
    if (moved != ESB_ENTITY_NULL) hy_locations(w)[esb_entity_index(moved)].row = from;
    loc->archetype = to;
    loc->row = row;
    w->table_moves++;
    w->archetype_moves++;
    return row;
}

/* The allocations a move from src to `to` needs: a row in its archetype, and one in its table if that changes. */
static esb_status reserve_move(esb_world *w, const hy_archetype *src, uint32_t to) {
    hy_archetype *dst = hy_archetype_of(w, to);
    esb_status s = hy_archetype_reserve(dst, 1);
    if (s == ESB_OK && dst->table != src->table) s = esb_table_reserve(dst->rows_in, 1);
    return s;
}

/* esb_add of c (a dense component or tag: the two archetypes are alone on their tables) once room is made; with
 * `ticks`, the tables keep some, and c's addition is stamped where c keeps them. */
static ESB_ALWAYS_INLINE void add_alone(esb_world *w, esb_entity e, hy_archetype *src, uint32_t to, esb_component c,
                                        const void *value, bool ticks) {
    esb_table *dt = hy_archetype_of(w, to)->rows_in;
    int32_t column = esb_table_find_column(dt, c);
    uint32_t row;
    if (column == ESB_NO_COLUMN) {
        row = move_alone(w, e, src, to, ESB_EXTRA_NONE, esb_column_at(0), ticks);
    } else {
        row = move_alone(w, e, src, to, ESB_EXTRA_IN_DST, esb_column_at((uint32_t)column), ticks);
        unsigned char *slot = esb_table_element(dt, esb_column_at((uint32_t)column), row);
        if (value)
            esb_copy_element(slot, value, dt->columns[column].size);
        else
            memset(slot, 0, dt->columns[column].size);
    }
    if (ticks && hy_ticked(w, c)) hy_stamp(w, hy_archetype_of(w, to), row, c, true);
}

/* Whether either table of a move keeps change ticks. */
static ESB_ALWAYS_INLINE bool tables_ticked(const esb_world *w, const hy_archetype *src, uint32_t to) {
    return (src->rows_in->tick_count | hy_archetype_of(w, to)->rows_in->tick_count) != 0;
}

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    esb_status s = esb_core_check_change_in(esb_core_of(w), e, c, HY_RECORD_WORDS);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e), to;
    hy_archetype *src = hy_archetype_of(w, hy_locations(w)[idx].archetype);
    if (esb_bitset_test(&src->node.signature, c)) return ESB_ERR_PRESENT;
    if ((s = esb_graph_step(&w->graph, w, hy_archetype_make, hy_locations(w)[idx].archetype, c, ESB_EDGE_ADD, &to)) !=
        ESB_OK)
        return s;
    if ((s = reserve_move(w, src, to)) != ESB_OK) return s;
    esb_table *dt = hy_archetype_of(w, to)->rows_in;
    if (src->alone & hy_archetype_of(w, to)->alone) { /* c is a dense component or tag */
        if (tables_ticked(w, src, to))
            add_alone(w, e, src, to, c, value, true);
        else
            add_alone(w, e, src, to, c, value, false);
        return ESB_OK;
    }
    bool pooled = hy_in_pool(w, c);
    if (pooled &&
        ((s = hy_pool_reserve(w, c, 1)) != ESB_OK || (s = esb_sparse_reserve_index(&w->pools[c], idx)) != ESB_OK))
        return s;
    int32_t column;
    uint32_t table_row = hy_move_entity(w, e, src, to, c, ESB_EDGE_ADD, &column);
    if (pooled) {
        esb_sparse_emplace(&w->pools[c], e, value);
    } else if (column != ESB_NO_COLUMN) { /* a dense component with data (a dense tag has no column) */
        unsigned char *slot = esb_table_element(dt, esb_column_at((uint32_t)column), table_row);
        if (value)
            esb_copy_element(slot, value, dt->columns[column].size);
        else
            memset(slot, 0, dt->columns[column].size);
    }
    if (hy_ticked(w, c)) hy_stamp(w, hy_archetype_of(w, to), table_row, c, true);
    return ESB_OK;
}

esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_change_in(esb_core_of(w), e, c, HY_RECORD_WORDS);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e), to;
    hy_archetype *src = hy_archetype_of(w, hy_locations(w)[idx].archetype);
    if (!esb_bitset_test(&src->node.signature, c)) return ESB_ERR_ABSENT;
    if ((s = esb_graph_step(&w->graph, w, hy_archetype_make, hy_locations(w)[idx].archetype, c, ESB_EDGE_REMOVE,
                            &to)) != ESB_OK)
        return s;
    if ((s = reserve_move(w, src, to)) != ESB_OK) return s;
    if (src->alone & hy_archetype_of(w, to)->alone) { /* c is a dense component or tag */
        int32_t column = esb_table_find_column(src->rows_in, c);
        bool extra = column != ESB_NO_COLUMN;
        esb_extra_column where = extra ? ESB_EXTRA_IN_SRC : ESB_EXTRA_NONE;
        if (tables_ticked(w, src, to))
            move_alone(w, e, src, to, where, esb_column_at(extra ? (uint32_t)column : 0), true);
        else
            move_alone(w, e, src, to, where, esb_column_at(extra ? (uint32_t)column : 0), false);
        return ESB_OK;
    }
    if (hy_in_pool(w, c)) pool_erase(w, e, c);
    int32_t column;
    hy_move_entity(w, e, src, to, c, ESB_EDGE_REMOVE, &column);
    return ESB_OK;
}

/* Copies every component the two tables share from (src, src_row) to (dst, dst_row), whatever columns either has
 * beside them (a bundle's move may add or remove several): a merge walk of the two id-ordered lists (T2). */
static void copy_shared_columns(esb_table *dst, uint32_t dst_row, const esb_table *src, uint32_t src_row) {
    for (uint32_t d = 0, s = 0; d < dst->column_count && s < src->column_count;) {
        esb_component dc = dst->columns[d].id, sc = src->columns[s].id;
        if (dc != sc) {
            d += dc < sc;
            s += sc < dc;
            continue;
        }
        esb_copy_element(esb_table_element(dst, esb_column_at(d), dst_row),
                         esb_table_element(src, esb_column_at(s), src_row), dst->columns[d].size);
        ++d, ++s;
    }
}

/* A bundle's one move of e to archetype `to` (room reserved, e's pool elements of removed components already
 * erased): the table row moves only when the tables differ, which they do where the bundle names a dense
 * component or tag, with every shared column and tick. Returns e's table row afterwards. */
static uint32_t move_bundle(esb_world *w, esb_entity e, hy_archetype *src, uint32_t to) {
    hy_location *loc = &hy_locations(w)[esb_entity_index(e)];
    hy_archetype *dst = hy_archetype_of(w, to);
    uint32_t from_row = hy_table_row(src, loc->row), table_row = from_row;
    if (dst->table != src->table) {
        table_row = esb_table_push(dst->rows_in, e);
        copy_shared_columns(dst->rows_in, table_row, src->rows_in, from_row);
        if (dst->rows_in->tick_count) esb_table_copy_ticks(dst->rows_in, table_row, src->rows_in, from_row);
        hy_table_vacate(w, src, from_row);
        w->table_moves++;
    }
    uint32_t archetype_row = hy_archetype_push(dst, e, table_row);
    hy_archetype_vacate(w, src, loc->row);
    *loc = (hy_location){e, to, archetype_row};
    w->archetype_moves++;
    return table_row;
}

/* The archetype of e's set with ids added (kind ESB_EDGE_ADD) or taken out: the cached edge for one id, as
 * esb_add takes it, else the graph's index by the final set (found or made once, not once per id). */
static esb_status bundle_destination(esb_world *w, uint32_t from, const esb_bitset *ids_set, const esb_component *ids,
                                     uint32_t count, esb_edge_kind kind, uint32_t *to) {
    if (count == 1) return esb_graph_step(&w->graph, w, hy_archetype_make, from, ids[0], kind, to);
    esb_bitset signature = hy_archetype_of(w, from)->node.signature;
    for (unsigned k = 0; k < ESB_BITSET_WORDS; ++k)
        signature.w[k] = kind == ESB_EDGE_ADD ? signature.w[k] | ids_set->w[k] : signature.w[k] & ~ids_set->w[k];
    return esb_graph_find(&w->graph, w, hy_archetype_make, &signature, to);
}

/* One archetype move (and one table move, where a dense id is in the bundle) to the final set, after every
 * reservation: the destination's rows, then each sparse id's pool room and page. Then each value, and each
 * addition's ticks where its component keeps them, as esb_add stamps them. */
esb_status esb_add_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count,
                          const void *const *values) {
    esb_status s = esb_core_check_bundle_in(esb_core_of(w), e, ids, count, HY_RECORD_WORDS);
    if (s != ESB_OK || count == 0) return s;
    uint32_t idx = esb_entity_index(e), from = hy_locations(w)[idx].archetype, to;
    hy_archetype *src = hy_archetype_of(w, from);
    esb_bitset added;
    esb_bitset_of_ids(&added, ids, count);
    if (!esb_bitset_disjoint(&src->node.signature, &added)) return ESB_ERR_PRESENT;
    if ((s = bundle_destination(w, from, &added, ids, count, ESB_EDGE_ADD, &to)) != ESB_OK ||
        (s = reserve_move(w, src, to)) != ESB_OK)
        return s;
    for (uint32_t k = 0; k < count; ++k)
        if (hy_in_pool(w, ids[k]) && ((s = hy_pool_reserve(w, ids[k], 1)) != ESB_OK ||
                                      (s = esb_sparse_reserve_index(&w->pools[ids[k]], idx)) != ESB_OK))
            return s;
    uint32_t table_row = move_bundle(w, e, src, to);
    hy_archetype *dst = hy_archetype_of(w, to);
    for (uint32_t k = 0; k < count; ++k) {
        esb_component c = ids[k];
        const void *value = values ? values[k] : NULL;
        if (hy_in_pool(w, c)) {
            esb_sparse_emplace(&w->pools[c], e, value);
        } else {
            int32_t column = esb_table_find_column(dst->rows_in, c); /* none for a dense tag */
            if (column != ESB_NO_COLUMN)
                esb_write_value(esb_table_element(dst->rows_in, esb_column_at((uint32_t)column), table_row), value,
                                dst->rows_in->columns[column].size);
        }
        if (hy_ticked(w, c)) hy_stamp(w, dst, table_row, c, true);
    }
    return ESB_OK;
}

/* The final set's archetype and its room first (the only allocations: erasing from pools needs none), then each
 * sparse id's pool element erased with its ticks, then one move. */
esb_status esb_remove_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count) {
    esb_status s = esb_core_check_bundle_in(esb_core_of(w), e, ids, count, HY_RECORD_WORDS);
    if (s != ESB_OK || count == 0) return s;
    uint32_t from = hy_locations(w)[esb_entity_index(e)].archetype, to;
    hy_archetype *src = hy_archetype_of(w, from);
    esb_bitset removed;
    esb_bitset_of_ids(&removed, ids, count);
    if (!esb_bitset_contains(&src->node.signature, &removed)) return ESB_ERR_ABSENT;
    if ((s = bundle_destination(w, from, &removed, ids, count, ESB_EDGE_REMOVE, &to)) != ESB_OK ||
        (s = reserve_move(w, src, to)) != ESB_OK)
        return s;
    for (uint32_t k = 0; k < count; ++k)
        if (hy_in_pool(w, ids[k])) pool_erase(w, e, ids[k]);
    move_bundle(w, e, src, to);
    return ESB_OK;
}

esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out);
    if (s != ESB_OK) return s;
    if (!esb_et_alive_in(&w->core.entities, e, HY_RECORD_WORDS)) return ESB_ERR_STALE;
    const hy_location *loc = &hy_locations(w)[esb_entity_index(e)];
    const hy_archetype *a = hy_archetype_of(w, loc->archetype);
    const esb_table *t = a->rows_in;
    /* The table's columns are the entity's dense components; a column proves c registered, so c's range is
     * checked only after a miss. */
    int32_t column = esb_table_find_column(t, c);
    if (column != ESB_NO_COLUMN) {
        *out = esb_table_element(t, esb_column_at((uint32_t)column), hy_table_row(a, loc->row));
        return ESB_OK;
    }
    if (c >= w->core.component_count) return ESB_ERR_UNKNOWN_COMPONENT;
    if (!esb_bitset_test(&a->node.signature, c)) return ESB_ERR_ABSENT;
    if (hy_in_pool(w, c)) {
        uint32_t pos;
        if (esb_sparse_find(&w->pools[c], e, &pos)) *out = esb_sparse_value(&w->pools[c], pos);
    }
    return ESB_OK;
}

int esb_has(const esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_has_in(esb_core_of(w), e, c, HY_RECORD_WORDS);
    return s != ESB_OK ? (int)s
                       : esb_bitset_test(
                             &hy_archetype_of(w, hy_locations(w)[esb_entity_index(e)].archetype)->node.signature, c);
}

/* The write through esb_get's checks and pointer, then the change's tick where c keeps them. */
esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) {
    void *p;
    esb_status s = esb_get(w, e, c, &p);
    if (s != ESB_OK) return s;
    esb_write_value(p, value, w->components[c].size);
    if (hy_ticked(w, c)) {
        const hy_location *loc = &hy_locations(w)[esb_entity_index(e)];
        const hy_archetype *a = hy_archetype_of(w, loc->archetype);
        hy_stamp(w, a, hy_table_row(a, loc->row), c, false);
    }
    return ESB_OK;
}

bool esb_change_exact(void) { return true; }

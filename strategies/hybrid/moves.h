/* The row upkeep every move of an entity makes, shared by the per-entity operations (entity.c) and the query-wide
 * ones (matching.c): taking a row out of an archetype's lists or out of a table, and the move of one entity to the
 * archetype one component away. Inline, as each is on the path of every esb_add and esb_remove. */
#ifndef HYBRID_MOVES_H
#define HYBRID_MOVES_H

#include "graph.h"
#include "inline.h"
#include "hybrid.h"

/* Takes a row out of an archetype's lists (nothing to do for one alone on its table, whose rows are the
 * table's); the entity moved into it gets its new archetype row. */
static ESB_ALWAYS_INLINE void hy_archetype_vacate(esb_world *w, hy_archetype *a, uint32_t row) {
    if (a->alone) return;
    esb_entity moved = hy_archetype_swap_remove(a, row);
    if (moved != ESB_ENTITY_NULL) hy_locations(w)[esb_entity_index(moved)].row = row;
}

/* Takes a row out of archetype a's table; the entity moved into it gets its new table row, as its archetype row
 * where a is alone on the table (the entity is then a's too), else in its own archetype's list. */
static ESB_ALWAYS_INLINE void hy_table_vacate(esb_world *w, const hy_archetype *a, uint32_t row) {
    esb_entity moved = esb_table_swap_remove(a->rows_in, row);
    if (moved == ESB_ENTITY_NULL) return;
    hy_location *loc = &hy_locations(w)[esb_entity_index(moved)];
    if (a->alone)
        loc->row = row;
    else
        hy_archetype_of(w, loc->archetype)->table_rows[loc->row] = row;
}

/* Moves e to archetype `to` after adding or removing c (kind), once every allocation is made: the table row
 * moves only when the two archetypes' tables differ, which they do by c alone (its column if it has data; a
 * dense tag has none). Returns e's table row afterwards; *column receives c's column in the destination table
 * after an add that moved the row (else ESB_NO_COLUMN). */
static ESB_ALWAYS_INLINE uint32_t hy_move_entity(esb_world *w, esb_entity e, hy_archetype *src, uint32_t to,
                                                 esb_component c, esb_edge_kind kind, int32_t *column) {
    hy_location *loc = &hy_locations(w)[esb_entity_index(e)];
    hy_archetype *dst = hy_archetype_of(w, to);
    uint32_t from_row = hy_table_row(src, loc->row), table_row = from_row;
    *column = ESB_NO_COLUMN;
    if (dst->table != src->table) {
        esb_table *st = src->rows_in, *dt = dst->rows_in;
        table_row = esb_table_push(dt, e);
        bool adding = kind == ESB_EDGE_ADD;
        int32_t extra = esb_table_find_column(adding ? dt : st, c); /* none for a dense tag */
        esb_extra_column where = extra == ESB_NO_COLUMN ? ESB_EXTRA_NONE : adding ? ESB_EXTRA_IN_DST : ESB_EXTRA_IN_SRC;
        esb_table_copy_neighbour(dt, table_row, st, from_row, where,
                                 esb_column_at(where != ESB_EXTRA_NONE ? (uint32_t)extra : 0));
        if (dt->tick_count) esb_table_copy_ticks(dt, table_row, st, from_row);
        hy_table_vacate(w, src, from_row);
        w->table_moves++;
        if (adding) *column = extra;
    }
    uint32_t archetype_row = hy_archetype_push(dst, e, table_row);
    hy_archetype_vacate(w, src, loc->row);
    *loc = (hy_location){e, to, archetype_row};
    w->archetype_moves++;
    return table_row;
}

#endif

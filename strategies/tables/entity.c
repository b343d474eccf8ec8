/* Entity operations. An entity never leaves its table: add fills a slot (making the column first if the table
 * has never seen the component), remove clears the presence bit, destroy swap-removes the row. */
#include <string.h>

#include "check.h"
#include "validate.h"
#include "tables.h"

bool esb_alive(const esb_world *w, esb_entity e) { return w && esb_et_alive_in(&w->core.entities, e, TB_RECORD_WORDS); }

/* Appends a row for a new entity (room reserved): no presence bit is set, none of its slots holds a value. */
static esb_entity new_row(esb_world *w, uint32_t table) {
    tb_table *t = w->tables[table];
    esb_entity e = esb_et_take_in(&w->core.entities, TB_RECORD_WORDS);
    uint32_t row = t->count++;
    t->entities[row] = e;
    tb_locations(w)[esb_entity_index(e)] = (tb_location){e, table, row};
    return e;
}

esb_status esb_create(esb_world *w, esb_entity *out) {
    esb_status s = esb_core_check_create(esb_core_of(w), out);
    if (s != ESB_OK) return s;
    s = esb_et_reserve(&w->core.entities, 1);
    if (s == ESB_OK && w->empty_type == TB_NO_TABLE) {
        esb_bitset none = {{0}};
        s = tb_table_find(w, &none, &w->empty_type);
    }
    uint32_t table = w->empty_type;
    if (s == ESB_OK) s = tb_table_reserve(w->tables[table], 1);
    if (s != ESB_OK) return s;
    *out = new_row(w, table);
    return ESB_OK;
}

/* Sets bits first .. first + n - 1, a word at a time. */
static void set_bits(uint64_t *bits, uint32_t first, size_t n) {
    uint64_t at = first, end = (uint64_t)first + n;
    for (; at < end && (at & 63); ++at) tb_bit_set(bits, (uint32_t)at);
    for (; at + 64 <= end; at += 64) bits[at >> 6] = ~0ull;
    for (; at < end; ++at) tb_bit_set(bits, (uint32_t)at);
}

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = esb_core_check_bulk(esb_core_of(w), n, ids, count);
    if (s != ESB_OK || n == 0) return s;
    esb_bitset type;
    esb_bitset_of_ids(&type, ids, count);
    uint32_t table;
    if ((s = esb_et_reserve(&w->core.entities, n)) != ESB_OK || (s = tb_table_find(w, &type, &table)) != ESB_OK)
        return s;
    tb_table *t = w->tables[table];
    if ((s = tb_table_reserve(t, n)) != ESB_OK) return s;
    esb_sparse_set *maps[ESB_MAX_COMPONENTS];
    uint32_t nm = 0;
    for (uint32_t k = 0; k < count; ++k) {
        tb_column *col = tb_column_of(t, ids[k]);
        if (col->kind == TB_SPARSE) maps[nm++] = col->map;
    }
    for (uint32_t k = 0; s == ESB_OK && k < nm; ++k) s = esb_sparse_reserve(maps[k], (uint32_t)n);
    if (s == ESB_OK) s = esb_sparse_reserve_next_indices(maps, nm, &w->core.entities, n);
    if (s != ESB_OK) return s;

    uint32_t first = t->count;
    for (size_t i = 0; i < n; ++i) {
        esb_entity e = new_row(w, table);
        if (out) out[i] = e;
    }
    for (uint32_t k = 0; k < count; ++k) {
        tb_column *col = tb_column_of(t, ids[k]);
        const unsigned char *v = values ? values[k] : NULL;
        set_bits(col->present, first, n);
        col->holders += (uint32_t)n;
        for (size_t i = 0; col->changed_ticks && i < n; ++i) tb_stamp(w, col, first + (uint32_t)i, true);
        if (col->kind == TB_DENSE) {
            unsigned char *dst = col->data + (size_t)first * col->size;
            if (v)
                memcpy(dst, v, n * col->size);
            else
                memset(dst, 0, n * col->size);
        } else if (col->kind == TB_SPARSE)
            for (size_t i = 0; i < n; ++i)
                esb_sparse_emplace(col->map, t->entities[first + i], v ? v + i * col->size : NULL);
    }
    return ESB_OK;
}

esb_status esb_destroy(esb_world *w, esb_entity e) {
    esb_status s = esb_core_check_destroy_in(esb_core_of(w), e, TB_RECORD_WORDS);
    if (s != ESB_OK) return s;
    tb_location *loc = &tb_locations(w)[esb_entity_index(e)];
    tb_table *t = w->tables[loc->table];
    for (uint32_t k = 0; k < t->column_count; ++k) {
        tb_column *col = &t->columns[k];
        uint32_t pos;
        if (col->kind == TB_SPARSE && esb_sparse_find(col->map, e, &pos)) esb_sparse_erase(col->map, pos);
    }
    esb_entity moved = tb_table_swap_remove(t, loc->row);
    if (moved != ESB_ENTITY_NULL) tb_locations(w)[esb_entity_index(moved)].row = loc->row;
    esb_et_release_in(&w->core.entities, e,
                      TB_RECORD_WORDS); /* the location's first word becomes the free list's link */
    return ESB_OK;
}

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    esb_status s = esb_core_check_change_in(esb_core_of(w), e, c, TB_RECORD_WORDS);
    if (s != ESB_OK) return s;
    const tb_location *loc = &tb_locations(w)[esb_entity_index(e)];
    tb_table *t = w->tables[loc->table];
    tb_column *col = tb_column_for(w, loc, c);
    if (col && tb_bit(col->present, loc->row)) return ESB_ERR_PRESENT;
    if (!col) { /* the first row of this table to get c: a column for the whole table */
        if ((s = tb_column_add(w, t, c)) != ESB_OK) return s;
        col = tb_column_of(t, c);
    }
    if (col->kind == TB_SPARSE && ((s = esb_sparse_reserve(col->map, 1)) != ESB_OK ||
                                   (s = esb_sparse_reserve_index(col->map, esb_entity_index(e))) != ESB_OK))
        return s;
    tb_bit_set(col->present, loc->row);
    col->holders++;
    tb_stamp(w, col, loc->row, true);
    ESB_ASSERT_MSG(col->holders <= t->count, "more holders than rows");
    if (col->kind == TB_SPARSE)
        esb_sparse_emplace(col->map, e, value);
    else if (col->kind == TB_DENSE) {
        unsigned char *slot = col->data + (size_t)loc->row * col->size;
        if (value)
            esb_copy_element(slot, value, col->size);
        else
            memset(slot, 0, col->size);
    }
    return ESB_OK;
}

esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_change_in(esb_core_of(w), e, c, TB_RECORD_WORDS);
    if (s != ESB_OK) return s;
    const tb_location *loc = &tb_locations(w)[esb_entity_index(e)];
    tb_column *col = tb_column_for(w, loc, c);
    if (!col || !tb_bit(col->present, loc->row)) return ESB_ERR_ABSENT;
    uint32_t pos;
    if (col->kind == TB_SPARSE && esb_sparse_find(col->map, e, &pos)) esb_sparse_erase(col->map, pos);
    tb_bit_clear(col->present, loc->row);
    col->holders--;
    return ESB_OK;
}

/* The whole bundle's columns, found with one location lookup: every missing column made first, then every sparse
 * map's room and page, so that only changes that cannot fail follow. A column made before a later NOMEM stays,
 * empty, as esb_add may leave one: no presence bit is set in it, so nothing observes it. */
esb_status esb_add_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count,
                          const void *const *values) {
    esb_status s = esb_core_check_bundle_in(esb_core_of(w), e, ids, count, TB_RECORD_WORDS);
    if (s != ESB_OK || count == 0) return s;
    const tb_location *loc = &tb_locations(w)[esb_entity_index(e)];
    tb_table *t = w->tables[loc->table];
    uint32_t row = loc->row;
    for (uint32_t k = 0; k < count; ++k) {
        const tb_column *col = tb_column_of(t, ids[k]);
        if (col && tb_bit(col->present, row)) return ESB_ERR_PRESENT;
    }
    for (uint32_t k = 0; k < count; ++k)
        if (!tb_column_of(t, ids[k]) && (s = tb_column_add(w, t, ids[k])) != ESB_OK) return s;
    tb_column *cols[ESB_MAX_COMPONENTS]; /* taken once no column is added any more: an add moves them */
    for (uint32_t k = 0; k < count; ++k) {
        tb_column *col = cols[k] = tb_column_of(t, ids[k]);
        if (col->kind == TB_SPARSE && ((s = esb_sparse_reserve(col->map, 1)) != ESB_OK ||
                                       (s = esb_sparse_reserve_index(col->map, esb_entity_index(e))) != ESB_OK))
            return s;
    }
    for (uint32_t k = 0; k < count; ++k) {
        tb_column *col = cols[k];
        const void *value = values ? values[k] : NULL;
        tb_bit_set(col->present, row);
        col->holders++;
        tb_stamp(w, col, row, true);
        ESB_ASSERT_MSG(col->holders <= t->count, "more holders than rows");
        if (col->kind == TB_SPARSE)
            esb_sparse_emplace(col->map, e, value);
        else if (col->kind == TB_DENSE)
            esb_write_value(col->data + (size_t)row * col->size, value, col->size);
    }
    return ESB_OK;
}

/* Every presence tested first (ABSENT changes nothing), then bits cleared and sparse maps erased: no allocation. */
esb_status esb_remove_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count) {
    esb_status s = esb_core_check_bundle_in(esb_core_of(w), e, ids, count, TB_RECORD_WORDS);
    if (s != ESB_OK || count == 0) return s;
    const tb_location *loc = &tb_locations(w)[esb_entity_index(e)];
    const tb_table *t = w->tables[loc->table];
    uint32_t row = loc->row;
    tb_column *cols[ESB_MAX_COMPONENTS];
    for (uint32_t k = 0; k < count; ++k)
        if (!(cols[k] = tb_column_of(t, ids[k])) || !tb_bit(cols[k]->present, row)) return ESB_ERR_ABSENT;
    for (uint32_t k = 0; k < count; ++k) {
        tb_column *col = cols[k];
        uint32_t pos;
        if (col->kind == TB_SPARSE && esb_sparse_find(col->map, e, &pos)) esb_sparse_erase(col->map, pos);
        tb_bit_clear(col->present, row);
        col->holders--;
    }
    return ESB_OK;
}

esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out);
    if (s != ESB_OK) return s;
    if (!esb_et_alive_in(&w->core.entities, e, TB_RECORD_WORDS)) return ESB_ERR_STALE;
    const tb_location *loc = &tb_locations(w)[esb_entity_index(e)];
    const tb_column *col = tb_column_for(w, loc, c); /* a column proves c registered: its range checked after */
    if (!col) return c < w->core.component_count ? ESB_ERR_ABSENT : ESB_ERR_UNKNOWN_COMPONENT;
    if (!tb_bit(col->present, loc->row)) return ESB_ERR_ABSENT;
    uint32_t pos;
    if (col->kind == TB_DENSE)
        *out = col->data + (size_t)loc->row * col->size;
    else if (col->kind == TB_SPARSE && esb_sparse_find(col->map, e, &pos))
        *out = esb_sparse_value(col->map, pos);
    return ESB_OK;
}

int esb_has(const esb_world *w, esb_entity e, esb_component c) {
    if (!w) return ESB_ERR_INVALID;
    esb_status s = esb_core_check_has_in(esb_core_of(w), e, c, TB_RECORD_WORDS);
    if (s != ESB_OK) return s;
    const tb_location *loc = &tb_locations(w)[esb_entity_index(e)];
    const tb_column *col = tb_column_for(w, loc, c);
    return col && tb_bit(col->present, loc->row) ? 1 : 0;
}

/* The write through esb_get's checks and pointer, then the row's change tick (where c is ticked). */
esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) {
    void *p;
    esb_status s = esb_get(w, e, c, &p);
    if (s != ESB_OK) return s;
    esb_write_value(p, value, w->components[c].size);
    const tb_location *loc = &tb_locations(w)[esb_entity_index(e)];
    tb_stamp(w, tb_column_for(w, loc, c), loc->row, false);
    return ESB_OK;
}

bool esb_change_exact(void) { return true; }

/* Tables and their columns: making them, growing them, removing rows. */
#include <string.h>

#include "grow.h"
#include "tables.h"

static size_t bit_words(uint32_t rows) { return ((size_t)rows + 63) / 64; }

static void column_free(tb_column *col, uint32_t capacity) {
    esb_mem_free(col->changed_ticks, col->changed_ticks ? (size_t)capacity * sizeof(uint64_t) : 0);
    esb_mem_free(col->added_ticks, col->added_ticks ? (size_t)capacity * sizeof(uint64_t) : 0);
    esb_mem_free(col->data, (size_t)capacity * col->size);
    esb_mem_free(col->present, bit_words(capacity) * sizeof *col->present);
    if (col->map) esb_sparse_free(col->map);
    esb_mem_free(col->map, sizeof *col->map);
}

static void table_free(tb_table *t) {
    for (uint32_t k = 0; k < t->column_count; ++k) column_free(&t->columns[k], t->capacity);
    for (uint32_t k = 0; k < t->shared_count; ++k) esb_mem_free(t->shared[k].value, t->shared[k].size);
    esb_mem_free(t->shared, t->shared_count * sizeof *t->shared);
    esb_mem_free(t->columns, t->column_capacity * sizeof *t->columns);
    esb_mem_free(t->column_map, t->map_size * sizeof *t->column_map);
    esb_mem_free(t->entities, (size_t)t->capacity * sizeof *t->entities);
    esb_mem_free(t, sizeof *t);
}

void tb_tables_free(esb_world *w) {
    for (uint32_t i = 0; i < w->table_count; ++i) table_free(w->tables[i]);
    esb_mem_free(w->tables, w->table_capacity * sizeof *w->tables);
    esb_set_index_free(&w->table_index);
}

esb_status tb_column_add(esb_world *w, tb_table *t, esb_component c) {
    const esb_component_info *info = &w->components[c];
    esb_status s = esb_grow_one((void **)&t->columns, t->column_count, &t->column_capacity, sizeof *t->columns, 4,
                                _Alignof(tb_column));
    if (s != ESB_OK) return s;
    if (c >= t->map_size) { /* the map reaches c: its new entries name no column */
        int16_t *map = esb_mem_realloc(t->column_map, t->map_size * sizeof *map, (c + 1) * sizeof *map, 0);
        if (!map) return ESB_ERR_NOMEM;
        for (uint32_t k = t->map_size; k <= c; ++k) map[k] = ESB_NO_COLUMN;
        t->column_map = map;
        t->map_size = c + 1;
    }
    tb_column col = {.id = c, .size = info->size, .align = info->align, .ticked = w->ticked[c]};
    col.kind = !info->size ? TB_TAG : info->hint == ESB_STORAGE_SPARSE ? TB_SPARSE : TB_DENSE;
    bool ok = true;
    if (t->capacity) {
        ok &= (col.present = esb_mem_calloc(bit_words(t->capacity) * sizeof *col.present, 0)) != NULL;
        if (col.kind == TB_DENSE) ok &= (col.data = esb_mem_alloc((size_t)t->capacity * col.size, col.align)) != NULL;
        if (col.ticked) {
            ok &= (col.changed_ticks = esb_mem_calloc((size_t)t->capacity * sizeof(uint64_t), 0)) != NULL;
            ok &= (col.added_ticks = esb_mem_calloc((size_t)t->capacity * sizeof(uint64_t), 0)) != NULL;
        }
    }
    if (col.kind == TB_SPARSE && (col.map = esb_mem_calloc(sizeof *col.map, _Alignof(esb_sparse_set))))
        *col.map = (esb_sparse_set){.size = info->size, .align = info->align};
    if (!ok || (col.kind == TB_SPARSE && !col.map)) {
        column_free(&col, t->capacity);
        return ESB_ERR_NOMEM;
    }
    /* Columns stay ordered by id; those after the new one move a place up, in the map too. */
    uint32_t at = 0;
    while (at < t->column_count && t->columns[at].id < c) at++;
    memmove(&t->columns[at + 1], &t->columns[at], (t->column_count - at) * sizeof *t->columns);
    t->columns[at] = col;
    t->column_count++;
    for (uint32_t k = at; k < t->column_count; ++k) t->column_map[t->columns[k].id] = (int16_t)k;
    esb_bitset_set(&t->column_set, c);
    w->columns_made++;
    w->layout_generation++;
    return ESB_OK;
}

static esb_status table_make(esb_world *w, const esb_bitset *type, uint32_t *out) {
    esb_status s = esb_grow_one((void **)&w->tables, w->table_count, &w->table_capacity, sizeof *w->tables, 8, 0);
    if (s == ESB_OK) s = esb_set_index_reserve(&w->table_index);
    if (s != ESB_OK) return s;
    tb_table *t = esb_mem_calloc(sizeof *t, _Alignof(tb_table));
    if (!t) return ESB_ERR_NOMEM;
    t->type = *type;
    for (esb_component c = 0; c < w->core.component_count; ++c)
        if (esb_bitset_test(type, c) && (s = tb_column_add(w, t, c)) != ESB_OK) {
            table_free(t);
            return s;
        }
    *out = w->table_count++;
    w->tables[*out] = t;
    esb_set_index_insert(&w->table_index, type, *out);
    w->layout_generation++;
    return ESB_OK;
}

esb_status tb_table_find(esb_world *w, const esb_bitset *type, uint32_t *out) {
    uint32_t found = esb_set_index_find(&w->table_index, type);
    if (found == ESB_SET_NONE) return table_make(w, type, out);
    *out = found;
    return ESB_OK;
}

esb_status tb_ticks_enable(esb_world *w, esb_component c) {
    if (w->ticked[c]) return ESB_OK;
    /* Every array first, then the columns take them: a failure leaves no column changed. */
    uint32_t need = 0;
    for (uint32_t i = 0; i < w->table_count; ++i) {
        const tb_column *col = tb_column_of(w->tables[i], c);
        need += col && w->tables[i]->capacity;
    }
    uint64_t **fresh = need ? esb_mem_alloc(2 * (size_t)need * sizeof *fresh, 0) : NULL;
    if (need && !fresh) return ESB_ERR_NOMEM;
    uint32_t made = 0;
    for (uint32_t i = 0; i < w->table_count && made < 2 * need; ++i) {
        const tb_column *col = tb_column_of(w->tables[i], c);
        if (!col || !w->tables[i]->capacity) continue;
        for (int k = 0; k < 2; ++k, ++made)
            if (!(fresh[made] = esb_mem_calloc((size_t)w->tables[i]->capacity * sizeof(uint64_t), 0))) goto failed;
    }
    made = 0;
    for (uint32_t i = 0; i < w->table_count; ++i) {
        tb_column *col = tb_column_of(w->tables[i], c);
        if (!col) continue;
        col->ticked = true;
        if (!w->tables[i]->capacity) continue;
        col->changed_ticks = fresh[made++];
        col->added_ticks = fresh[made++];
    }
    esb_mem_free(fresh, 2 * (size_t)need * sizeof *fresh);
    w->ticked[c] = true;
    return ESB_OK;
failed:
    for (uint32_t i = 0, k = 0; i < w->table_count && k < made; ++i) {
        const tb_column *col = tb_column_of(w->tables[i], c);
        if (!col || !w->tables[i]->capacity) continue;
        for (int j = 0; j < 2 && k < made; ++j, ++k)
            esb_mem_free(fresh[k], (size_t)w->tables[i]->capacity * sizeof(uint64_t));
    }
    esb_mem_free(fresh, 2 * (size_t)need * sizeof *fresh);
    return ESB_ERR_NOMEM;
}

esb_status tb_table_reserve(tb_table *t, uint64_t extra) {
    uint64_t needed = (uint64_t)t->count + extra;
    if (needed <= t->capacity) return ESB_OK; /* first, before the growth's frame is set up: every add passes here */
    uint32_t cap;
    esb_status s = esb_grow_capacity(t->capacity, needed, 64, UINT32_MAX, &cap);
    if (s != ESB_OK) return s;
    size_t old = t->capacity, now = cap;
    esb_grow_item items[4 * ESB_MAX_COMPONENTS + 1];
    size_t n = 0;
    items[n++] =
        (esb_grow_item){(void **)&t->entities, old * sizeof(esb_entity), now * sizeof(esb_entity), 0, -1, NULL};
    for (uint32_t k = 0; k < t->column_count; ++k) {
        tb_column *col = &t->columns[k];
        items[n++] = (esb_grow_item){
            (void **)&col->present, bit_words((uint32_t)old) * 8, bit_words((uint32_t)now) * 8, 0, 0, NULL};
        if (col->kind == TB_DENSE)
            items[n++] = (esb_grow_item){(void **)&col->data, old * col->size, now * col->size, col->align, -1, NULL};
        if (col->ticked) {
            items[n++] = (esb_grow_item){(void **)&col->changed_ticks, old * 8, now * 8, 0, 0, NULL};
            items[n++] = (esb_grow_item){(void **)&col->added_ticks, old * 8, now * 8, 0, 0, NULL};
        }
    }
    s = esb_grow_all(items, n);
    if (s == ESB_OK) t->capacity = cap;
    return s;
}

esb_entity tb_table_swap_remove(tb_table *t, uint32_t row) {
    uint32_t last = --t->count;
    for (uint32_t k = 0; k < t->column_count; ++k) {
        tb_column *col = &t->columns[k];
        if (tb_bit(col->present, row)) col->holders--;
        if (row == last) {
            tb_bit_clear(col->present, row);
            continue;
        }
        if (tb_bit(col->present, last)) {
            tb_bit_set(col->present, row);
            if (col->kind == TB_DENSE)
                esb_copy_element(col->data + (size_t)row * col->size, col->data + (size_t)last * col->size, col->size);
            if (col->changed_ticks) {
                col->changed_ticks[row] = col->changed_ticks[last];
                col->added_ticks[row] = col->added_ticks[last];
            }
        } else
            tb_bit_clear(col->present, row);
        tb_bit_clear(col->present, last);
    }
    if (row == last) return ESB_ENTITY_NULL;
    t->entities[row] = t->entities[last];
    return t->entities[row];
}

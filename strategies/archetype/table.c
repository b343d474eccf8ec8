/* Table rows: layout of the columns, growth, swap-remove, copies between tables. */
#include "table.h"

#include "grow.h"

/* AoS records place components by decreasing alignment (then id), so padding only appears at a record's end. */
static void layout_records(at_archetype *a) {
#ifdef ESB_ARCHETYPE_AOS
    uint32_t offset = 0, record_align = 1;
    for (uint32_t align = ESB_MAX_ALIGN; align >= 1; align /= 2)
        for (uint32_t k = 0; k < a->column_count; ++k) {
            at_column *col = &a->columns[k];
            if (col->align != align) continue;
            col->offset = offset; /* offset is a multiple of every alignment placed so far, all >= align */
            offset += col->size;
            if (align > record_align) record_align = align;
        }
    a->record_align = record_align;
    a->record_size = (offset + record_align - 1) / record_align * record_align;
#else
    (void)a;
#endif
}

esb_status at_table_init(at_archetype *a, const esb_world *w) {
    uint32_t n = 0;
    for (esb_component c = 0; c < w->component_count; ++c)
        if (at_has(a, c) && w->components[c].size) n++;
    if (n) {
        a->columns = esb_mem_calloc(n * sizeof *a->columns, _Alignof(at_column));
        if (!a->columns) return ESB_ERR_NOMEM;
    }
    for (esb_component c = 0; c < w->component_count; ++c) {
        const at_component_info *info = &w->components[c];
        if (!at_has(a, c) || !info->size) continue;
        a->columns[a->column_count++] = (at_column){.id = c, .size = info->size, .align = info->align};
        esb_bitset_set(&a->data_signature, c);
    }
    layout_records(a);
    return ESB_OK;
}

void at_table_free(at_archetype *a) {
    esb_mem_free(a->entities, (size_t)a->capacity * sizeof *a->entities);
#ifdef ESB_ARCHETYPE_AOS
    esb_mem_free(a->records, (size_t)a->capacity * a->record_size);
#else
    for (uint32_t k = 0; k < a->column_count; ++k)
        esb_mem_free(a->columns[k].data, (size_t)a->capacity * a->columns[k].size);
#endif
    esb_mem_free(a->columns, a->column_count * sizeof *a->columns);
}

esb_status at_table_reserve(at_archetype *a, uint64_t extra) {
    uint64_t needed = (uint64_t)a->count + extra;
    if (needed <= a->capacity) return ESB_OK;
    if (needed > UINT32_MAX) return ESB_ERR_FULL;
    uint64_t cap = a->capacity ? a->capacity : 8;
    while (cap < needed) cap *= 2;
    if (cap > UINT32_MAX) cap = UINT32_MAX;
    size_t old = a->capacity, now = (size_t)cap;

    esb_grow_item items[ESB_MAX_COMPONENTS + 1];
    size_t n = 0;
    items[n++] = (esb_grow_item){(void **)&a->entities, old * sizeof(esb_entity), now * sizeof(esb_entity), 0, -1, NULL};
#ifdef ESB_ARCHETYPE_AOS
    if (a->record_size)
        items[n++] = (esb_grow_item){(void **)&a->records, old * a->record_size, now * a->record_size,
                                     a->record_align, -1, NULL};
#else
    for (uint32_t k = 0; k < a->column_count; ++k) {
        at_column *col = &a->columns[k];
        items[n++] = (esb_grow_item){(void **)&col->data, old * col->size, now * col->size, col->align, -1, NULL};
    }
#endif
    esb_status s = esb_grow_all(items, n);
    if (s == ESB_OK) a->capacity = (uint32_t)cap;
    return s;
}

esb_entity at_table_swap_remove(at_archetype *a, uint32_t row) {
    uint32_t last = --a->count;
    if (row == last) return ESB_ENTITY_NULL;
#ifdef ESB_ARCHETYPE_AOS
    if (a->record_size) /* a table of tags only has no records */
        memcpy(a->records + (size_t)row * a->record_size, a->records + (size_t)last * a->record_size,
               a->record_size);
#else
    for (uint32_t k = 0; k < a->column_count; ++k)
        at_copy_element(at_element(a, k, row), at_element(a, k, last), a->columns[k].size);
#endif
    a->entities[row] = a->entities[last];
    return a->entities[row];
}

void at_table_copy_shared(at_archetype *dst, uint32_t dst_row, const at_archetype *src, uint32_t src_row) {
    uint32_t i = 0;
    for (uint32_t j = 0; j < dst->column_count; ++j) {
        esb_component id = dst->columns[j].id;
        while (i < src->column_count && src->columns[i].id < id) i++;
        if (i == src->column_count) break;
        if (src->columns[i].id == id)
            at_copy_element(at_element(dst, j, dst_row), at_element(src, i, src_row), dst->columns[j].size);
    }
}

void at_table_fill_column(at_archetype *a, uint32_t column, uint32_t first, size_t n, const unsigned char *values) {
    uint32_t size = a->columns[column].size;
#ifdef ESB_ARCHETYPE_AOS
    for (size_t i = 0; i < n; ++i) {
        unsigned char *dst = at_element(a, column, first + (uint32_t)i);
        if (values) at_copy_element(dst, values + i * size, size);
        else memset(dst, 0, size);
    }
#else
    if (values) memcpy(at_element(a, column, first), values, n * size);
    else memset(at_element(a, column, first), 0, n * size);
#endif
}

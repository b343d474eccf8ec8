/* The table layout set table-aos: one array of records per table (table_layout.h). */
#include "table.h"

void esb_table_layout_place(esb_table *t) {
    uint32_t offset = 0, record_align = 1;
    for (uint32_t align = ESB_MAX_ALIGN; align >= 1; align /= 2)
        for (uint32_t k = 0; k < t->column_count; ++k) {
            esb_column *col = &t->columns[k];
            if (col->align != align) continue;
            col->offset = offset; /* a multiple of every alignment placed so far, all >= align */
            offset += col->size;
            if (align > record_align) record_align = align;
        }
    t->record_align = record_align;
    t->record_size = (offset + record_align - 1) / record_align * record_align;
}

void esb_table_layout_free(esb_table *t) { esb_mem_free(t->records, (size_t)t->capacity * t->record_size); }

size_t esb_table_layout_grow_items(esb_table *t, esb_grow_item *items, size_t old, size_t now) {
    if (!t->record_size) return 0;
    items[0] =
        (esb_grow_item){(void **)&t->records, old * t->record_size, now * t->record_size, t->record_align, -1, NULL};
    return 1;
}

/* Element by element: a column's elements are a record apart. */
void esb_table_fill_column(esb_table *t, esb_column_rank column, uint32_t first, size_t n,
                           const unsigned char *values) {
    uint32_t size = t->columns[column.k].size;
    for (size_t i = 0; i < n; ++i) {
        unsigned char *dst = esb_table_element(t, column, first + (uint32_t)i);
        if (values)
            esb_copy_element(dst, values + i * size, size);
        else
            memset(dst, 0, size);
    }
}

#ifdef ESB_CHECKED
void esb_table_layout_check(const esb_table *t) {
    ESB_ASSERT_MSG(t->record_align && t->record_size % t->record_align == 0,
                   "a record size not a multiple of its alignment");
    ESB_ASSERT_MSG(t->record_size == 0 || t->capacity == 0 || t->records != NULL, "rows without their records");
    for (uint32_t k = 0; k < t->column_count; ++k) {
        const esb_column *col = &t->columns[k];
        ESB_ASSERT_MSG(t->record_align % col->align == 0, "a record aligned less than one of its columns");
        ESB_ASSERT_MSG(col->offset % col->align == 0, "a column misaligned inside the record");
        ESB_ASSERT_MSG((uint64_t)col->offset + col->size <= t->record_size, "a column past the record's end");
        for (uint32_t j = 0; j < k; ++j) {
            const esb_column *other = &t->columns[j];
            ESB_ASSERT_MSG(col->offset + col->size <= other->offset || other->offset + other->size <= col->offset,
                           "two columns overlap inside the record");
        }
    }
}
#endif

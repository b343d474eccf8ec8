/* The table layout set table-soa: one array per column (table_layout.h). */
#include "table.h"

void esb_table_layout_place(esb_table *t) { (void)t; /* each column is its own array */ }

void esb_table_layout_free(esb_table *t) {
    for (uint32_t k = 0; k < t->column_count; ++k)
        esb_mem_free(t->columns[k].data, (size_t)t->capacity * t->columns[k].size);
}

size_t esb_table_layout_grow_items(esb_table *t, esb_grow_item *items, size_t old, size_t now) {
    for (uint32_t k = 0; k < t->column_count; ++k) {
        esb_column *col = &t->columns[k];
        items[k] = (esb_grow_item){(void **)&col->data, old * col->size, now * col->size, col->align, -1, NULL};
    }
    return t->column_count;
}

void esb_table_fill_column(esb_table *t, esb_column_rank column, uint32_t first, size_t n,
                           const unsigned char *values) {
    uint32_t size = t->columns[column.k].size;
    if (values)
        memcpy(esb_table_element(t, column, first), values, n * size);
    else
        memset(esb_table_element(t, column, first), 0, n * size);
}

void esb_table_fill_repeat(esb_table *t, esb_column_rank column, uint32_t first, size_t n, const void *value) {
    esb_repeat_value(esb_table_element(t, column, first), value, t->columns[column.k].size, n);
}

/* One copy per column both tables have: the column's run of src's rows onto the end of dst's. */
void esb_table_layout_append(esb_table *dst, uint32_t first, const esb_table *src) {
    for (uint32_t d = 0, s = 0; esb_table_next_shared(dst, &d, src, &s); ++d, ++s)
        memcpy(esb_table_element(dst, esb_column_at(d), first), src->columns[s].data,
               (size_t)src->count * src->columns[s].size);
}

#ifdef ESB_CHECKED
void esb_table_layout_check(const esb_table *t) {
    for (uint32_t k = 0; k < t->column_count; ++k)
        ESB_ASSERT_MSG(t->capacity == 0 || t->columns[k].data != NULL, "a column without its array");
}
#endif

/* The table layout set table-soa (every design's tables but archetype-aos): column k is its own array, element
 * (row) at columns[k].data + row * size; a table's records stay NULL and its record_size 0 (table.h). */
#ifndef ESB_TABLE_LAYOUT_H
#define ESB_TABLE_LAYOUT_H

static inline unsigned char *esb_table_element(const esb_table *t, esb_column_rank column, uint32_t row) {
    return t->columns[column.k].data + (size_t)row * t->columns[column.k].size;
}

/* A column is a plain array. */
static inline void *esb_table_column_base(const esb_table *t, esb_column_rank column, uint32_t *stride) {
    *stride = 0;
    return t->columns[column.k].data;
}

static inline void esb_table_layout_move_row(esb_table *t, uint32_t to, uint32_t from) {
    for (uint32_t k = 0; k < t->column_count; ++k)
        esb_copy_element(esb_table_element(t, esb_column_at(k), to), esb_table_element(t, esb_column_at(k), from),
                         t->columns[k].size);
}

#endif

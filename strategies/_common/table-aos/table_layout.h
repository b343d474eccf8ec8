/* The table layout set table-aos (archetype-aos): one array of records per table; element (row, k) at
 * records + row * record_size + columns[k].offset, components placed by decreasing alignment so that padding
 * only falls at a record's end; the columns' data stay NULL (table.h). */
#ifndef ESB_TABLE_LAYOUT_H
#define ESB_TABLE_LAYOUT_H

static inline unsigned char *esb_table_element(const esb_table *t, esb_column_rank column, uint32_t row) {
    return t->records + (size_t)row * t->record_size + t->columns[column.k].offset;
}

/* A column is strided by the record, unless the record holds that column alone. */
static inline void *esb_table_column_base(const esb_table *t, esb_column_rank column, uint32_t *stride) {
    *stride = t->record_size == t->columns[column.k].size ? 0 : t->record_size;
    return t->records + t->columns[column.k].offset;
}

static inline void esb_table_layout_move_row(esb_table *t, uint32_t to, uint32_t from) {
    if (t->record_size) /* a table of tags only has no records */
        memcpy(t->records + (size_t)to * t->record_size, t->records + (size_t)from * t->record_size, t->record_size);
}

#endif

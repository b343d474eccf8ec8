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

/* Element by element: a column's elements are a record apart. */
void esb_table_fill_repeat(esb_table *t, esb_column_rank column, uint32_t first, size_t n, const void *value) {
    uint32_t size = t->columns[column.k].size;
    for (size_t i = 0; i < n; ++i) esb_write_value(esb_table_element(t, column, first + (uint32_t)i), value, size);
}

/* A stretch of bytes copied from each source record to the same place of each destination record. */
typedef struct aos_stretch {
    uint32_t dst, src, size;
} aos_stretch;

/* The copy plan of esb_table_layout_append: a stretch per column both tables have, sorted by the source offset,
 * then neighbours in both records joined, so that columns the two layouts place alike go in one copy. Returns how
 * many stretches. */
static uint32_t plan_stretches(const esb_table *dst, const esb_table *src, aos_stretch *plan) {
    uint32_t count = 0;
    for (uint32_t d = 0, s = 0; esb_table_next_shared(dst, &d, src, &s); ++d, ++s) {
        aos_stretch next = {dst->columns[d].offset, src->columns[s].offset, src->columns[s].size};
        uint32_t at = count++;
        for (; at && plan[at - 1].src > next.src; --at) plan[at] = plan[at - 1];
        plan[at] = next;
    }
    uint32_t joined = 0;
    for (uint32_t k = 0; k < count; ++k) {
        aos_stretch *last = joined ? &plan[joined - 1] : NULL;
        if (last && last->src + last->size == plan[k].src && last->dst + last->size == plan[k].dst)
            last->size += plan[k].size;
        else
            plan[joined++] = plan[k];
    }
    return joined;
}

/* One copy of the whole run where the records are laid out alike (the same columns), else per row a copy per
 * stretch of the plan. */
void esb_table_layout_append(esb_table *dst, uint32_t first, const esb_table *src) {
    if (!src->count || !dst->record_size || !src->record_size) return; /* no column in common */
    unsigned char *to = dst->records + (size_t)first * dst->record_size;
    if (!memcmp(&dst->column_set, &src->column_set, sizeof dst->column_set)) {
        memcpy(to, src->records, (size_t)src->count * src->record_size);
        return;
    }
    aos_stretch plan[ESB_MAX_COMPONENTS];
    uint32_t stretches = plan_stretches(dst, src, plan);
    const unsigned char *from = src->records;
    for (uint32_t row = 0; row < src->count; ++row, to += dst->record_size, from += src->record_size)
        for (uint32_t k = 0; k < stretches; ++k) esb_copy_element(to + plan[k].dst, from + plan[k].src, plan[k].size);
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

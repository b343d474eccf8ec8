/* An archetype's table: rows of entities, one column per data component, in one of two layouts.
 *
 *   SoA (default): column k is its own array, element (row) at data + row * size.
 *   AoS (ESB_ARCHETYPE_AOS): one array of records; element (row, k) at records + row * record_size + offset(k).
 *
 * Everything that depends on the layout is here and in table.c; the rest of the strategy goes through these
 * functions. */
#ifndef ARCHETYPE_TABLE_H
#define ARCHETYPE_TABLE_H

#include <string.h>

#include "world.h"

static inline unsigned char *at_element(const at_archetype *a, uint32_t column, uint32_t row) {
#ifdef ESB_ARCHETYPE_AOS
    return a->records + (size_t)row * a->record_size + a->columns[column].offset;
#else
    return a->columns[column].data + (size_t)row * a->columns[column].size;
#endif
}

/* The batch view of a column: its first element and the bytes between rows (0 when that is the component's
 * own size, so a batch over it is a plain array). */
static inline void *at_column_base(const at_archetype *a, uint32_t column, uint32_t *stride) {
#ifdef ESB_ARCHETYPE_AOS
    *stride = a->record_size == a->columns[column].size ? 0 : a->record_size;
    return a->records + a->columns[column].offset;
#else
    *stride = 0;
    return a->columns[column].data;
#endif
}

/* Copies one element. The sizes of common components get a fixed-size copy, which compiles to a few moves
 * instead of a call: a move between tables copies each shared component this way. */
static inline void at_copy_element(void *dst, const void *src, uint32_t size) {
    switch (size) {
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 12: memcpy(dst, src, 12); break;
    case 16: memcpy(dst, src, 16); break;
    default: memcpy(dst, src, size); break;
    }
}

/* Sets the columns and layout of a new, empty archetype from its signature; NOMEM leaves it without columns. */
esb_status at_table_init(at_archetype *a, const esb_world *w);

/* Frees the table's rows and columns. */
void at_table_free(at_archetype *a);

/* Ensures room for `extra` more rows (all or nothing). */
esb_status at_table_reserve(at_archetype *a, uint64_t extra);

/* Appends a row for e (room must have been reserved); its elements are uninitialised. Returns the row. */
static inline uint32_t at_table_push(at_archetype *a, esb_entity e) {
    uint32_t row = a->count++;
    a->entities[row] = e;
    return row;
}

/* Removes a row by moving the last row into it; returns the handle of the entity that moved into `row`, or
 * ESB_ENTITY_NULL when `row` was the last. */
esb_entity at_table_swap_remove(at_archetype *a, uint32_t row);

/* Copies every component the two tables share from (src, src_row) to (dst, dst_row). */
void at_table_copy_shared(at_archetype *dst, uint32_t dst_row, const at_archetype *src, uint32_t src_row);

/* Fills rows first .. first + n - 1 of column `column` from n contiguous values, or with zeros (values NULL). */
void at_table_fill_column(at_archetype *a, uint32_t column, uint32_t first, size_t n, const unsigned char *values);

#endif

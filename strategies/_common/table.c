#include "table.h"

#include "inline.h"

esb_status esb_table_init(esb_table *t, const esb_bitset *set, const esb_component_info *components,
                          uint32_t component_count) {
    uint32_t n = 0;
    for (esb_component c = 0; c < component_count; ++c) n += esb_bitset_test(set, c) && components[c].size;
    if (n && !(t->columns = esb_mem_calloc(n * sizeof *t->columns, _Alignof(esb_column)))) return ESB_ERR_NOMEM;
    for (esb_component c = 0; c < component_count; ++c) {
        if (!esb_bitset_test(set, c) || !components[c].size) continue;
        const esb_component_info *info = &components[c];
        t->columns[t->column_count++] = (esb_column){.id = c, .size = info->size, .align = info->align};
        esb_bitset_set(&t->column_set, c);
    }
    t->map_size = n ? t->columns[n - 1].id + 1 : 0;
    if (n && !(t->column_map = esb_mem_alloc(t->map_size * sizeof *t->column_map, _Alignof(int16_t))))
        return ESB_ERR_NOMEM;
    for (uint32_t c = 0; c < t->map_size; ++c) t->column_map[c] = ESB_NO_COLUMN;
    for (uint32_t k = 0; k < n; ++k) t->column_map[t->columns[k].id] = (int16_t)k;
    esb_table_layout_place(t);
    return ESB_OK;
}

void esb_table_free(esb_table *t) {
    esb_mem_free(t->entities, (size_t)t->capacity * sizeof *t->entities);
    esb_table_layout_free(t);
    esb_mem_free(t->columns, t->column_count * sizeof *t->columns);
    esb_mem_free(t->column_map, t->map_size * sizeof *t->column_map);
    while (t->tick_count) esb_table_untrack_ticks(t, t->ticks[t->tick_count - 1].id);
    esb_mem_free(t->ticks, t->tick_capacity * sizeof *t->ticks);
}

ESB_NOINLINE void esb_table_move_ticks(esb_table *t, uint32_t to, uint32_t from) {
    for (uint32_t k = 0; k < t->tick_count; ++k) {
        t->ticks[k].changed[to] = t->ticks[k].changed[from];
        t->ticks[k].added[to] = t->ticks[k].added[from];
    }
}

/* Both lists are ordered by id: one merge walk. */
ESB_NOINLINE void esb_table_copy_ticks(esb_table *dst, uint32_t dst_row, const esb_table *src, uint32_t src_row) {
    for (uint32_t d = 0, s = 0; d < dst->tick_count && s < src->tick_count;) {
        if (dst->ticks[d].id < src->ticks[s].id) {
            ++d;
        } else if (src->ticks[s].id < dst->ticks[d].id) {
            ++s;
        } else {
            dst->ticks[d].changed[dst_row] = src->ticks[s].changed[src_row];
            dst->ticks[d].added[dst_row] = src->ticks[s].added[src_row];
            ++d, ++s;
        }
    }
}

void esb_table_copy_shared(esb_table *dst, uint32_t dst_row, const esb_table *src, uint32_t src_row) {
    ESB_ASSERT_MSG(dst != src, "a copy between rows of one table");
    uint32_t d = 0, s = 0, copied = 0;
    for (; esb_table_next_shared(dst, &d, src, &s); ++d, ++s, ++copied)
        esb_copy_element(esb_table_element(dst, esb_column_at(d), dst_row),
                         esb_table_element(src, esb_column_at(s), src_row), dst->columns[d].size);
    ESB_IF_CHECKED({
        esb_bitset both;
        for (unsigned k = 0; k < ESB_BITSET_WORDS; ++k) both.w[k] = dst->column_set.w[k] & src->column_set.w[k];
        ESB_ASSERT_MSG(copied == esb_bitset_count(&both), "a column both tables have that the walk did not copy");
    });
    (void)copied;
}

/* W1's ticks: each track both tables have, src's rows' entries after dst's (a merge walk, as esb_table_copy_ticks). */
static void append_ticks(esb_table *dst, uint32_t first, const esb_table *src) {
    size_t bytes = (size_t)src->count * sizeof(uint64_t);
    for (uint32_t d = 0, s = 0; d < dst->tick_count && s < src->tick_count;) {
        if (dst->ticks[d].id < src->ticks[s].id) {
            ++d;
        } else if (src->ticks[s].id < dst->ticks[d].id) {
            ++s;
        } else {
            memcpy(dst->ticks[d].changed + first, src->ticks[s].changed, bytes);
            memcpy(dst->ticks[d].added + first, src->ticks[s].added, bytes);
            ++d, ++s;
        }
    }
}

uint32_t esb_table_append_all(esb_table *dst, esb_table *src) {
    ESB_ASSERT_MSG(dst != src, "a table appended to itself");
    ESB_ASSERT_MSG(dst->capacity - dst->count >= src->count, "esb_table_append_all without room");
    uint32_t first = dst->count;
    if (src->count) {
        memcpy(dst->entities + first, src->entities, (size_t)src->count * sizeof *src->entities);
        esb_table_layout_append(dst, first, src);
        if (dst->tick_count && src->tick_count) append_ticks(dst, first, src);
    }
    dst->count += src->count;
    src->count = 0;
    ESB_IF_CHECKED(esb_table_check_invariants(dst); esb_table_check_invariants(src)); /* W2 */
    return first;
}

static void swap_bytes_arrays(unsigned char **a, unsigned char **b) {
    unsigned char *t = *a;
    *a = *b;
    *b = t;
}

static void swap_tick_arrays(uint64_t **a, uint64_t **b) {
    uint64_t *t = *a;
    *a = *b;
    *b = t;
}

void esb_table_steal(esb_table *dst, esb_table *src) {
    ESB_ASSERT_MSG(esb_table_can_steal(dst, src), "a steal into a table with rows or other columns or tracks");
    ESB_ASSERT_MSG(dst->record_size == src->record_size, "a steal between record layouts");
    for (uint32_t k = 0; k < dst->column_count; ++k) swap_bytes_arrays(&dst->columns[k].data, &src->columns[k].data);
    swap_bytes_arrays(&dst->records, &src->records);
    for (uint32_t k = 0; k < dst->tick_count; ++k) {
        swap_tick_arrays(&dst->ticks[k].changed, &src->ticks[k].changed);
        swap_tick_arrays(&dst->ticks[k].added, &src->ticks[k].added);
    }
    esb_entity *entities = dst->entities;
    dst->entities = src->entities;
    src->entities = entities;
    uint32_t capacity = dst->capacity;
    dst->capacity = src->capacity;
    src->capacity = capacity;
    dst->count = src->count;
    src->count = 0;
}

esb_status esb_table_track_ticks(esb_table *t, esb_component c) {
    if (esb_table_ticks_of(t, c)) return ESB_OK;
    size_t bytes = (size_t)t->capacity * sizeof(uint64_t);
    if (t->tick_count == t->tick_capacity) {
        esb_tick_track *ticks = esb_mem_realloc(t->ticks, t->tick_capacity * sizeof *ticks,
                                                (t->tick_capacity + 1) * sizeof *ticks, _Alignof(esb_tick_track));
        if (!ticks) return ESB_ERR_NOMEM;
        t->ticks = ticks;
        t->tick_capacity++;
    }
    esb_tick_track *ticks = t->ticks, fresh = {c, NULL, NULL};
    if (bytes && (!(fresh.changed = esb_mem_calloc(bytes, 0)) || !(fresh.added = esb_mem_calloc(bytes, 0)))) {
        esb_mem_free(fresh.changed, fresh.changed ? bytes : 0);
        return ESB_ERR_NOMEM; /* the list keeps its room for one more */
    }
    uint32_t at = t->tick_count++;
    for (; at && ticks[at - 1].id > c; --at) ticks[at] = ticks[at - 1];
    ticks[at] = fresh;
    return ESB_OK;
}

void esb_table_untrack_ticks(esb_table *t, esb_component c) {
    esb_tick_track *track = esb_table_ticks_of(t, c);
    if (!track) return;
    size_t bytes = track->changed ? (size_t)t->capacity * sizeof(uint64_t) : 0;
    esb_mem_free(track->changed, bytes);
    esb_mem_free(track->added, bytes);
    uint32_t at = (uint32_t)(track - t->ticks);
    memmove(track, track + 1, (t->tick_count - at - 1) * sizeof *track);
    t->tick_count--; /* its room stays */
}

esb_status esb_table_grow(esb_table *t, uint64_t extra) {
    uint64_t needed = (uint64_t)t->count + extra;
    if (needed <= t->capacity) return ESB_OK;
    uint32_t cap;
    esb_status s = esb_grow_capacity(t->capacity, needed, 8, UINT32_MAX, &cap);
    if (s != ESB_OK) return s;
    size_t old = t->capacity, now = cap;

    esb_grow_item items[3 * ESB_MAX_COMPONENTS + 1];
    size_t n = 0;
    items[n++] =
        (esb_grow_item){(void **)&t->entities, old * sizeof(esb_entity), now * sizeof(esb_entity), 0, -1, NULL};
    n += esb_table_layout_grow_items(t, items + n, old, now);
    for (uint32_t k = 0; k < t->tick_count; ++k) {
        items[n++] = (esb_grow_item){(void **)&t->ticks[k].changed, old * 8, now * 8, 0, -1, NULL};
        items[n++] = (esb_grow_item){(void **)&t->ticks[k].added, old * 8, now * 8, 0, -1, NULL};
    }
    s = esb_grow_all(items, n);
    if (s == ESB_OK) t->capacity = cap;
    ESB_IF_CHECKED(esb_table_check_invariants(t));
    return s;
}

#ifdef ESB_CHECKED
void esb_table_check_column_set(const esb_table *t, const esb_bitset *set, const esb_bitset *with_data) {
    for (unsigned k = 0; k < ESB_BITSET_WORDS; ++k)
        ESB_ASSERT_MSG(t->column_set.w[k] == (set->w[k] & with_data->w[k]),
                       "a table whose columns are not its set's components with data");
}

void esb_table_check_invariants(const esb_table *t) {
    ESB_ASSERT(t->count <= t->capacity);
    ESB_ASSERT(t->capacity == 0 || t->entities != NULL);
    ESB_ASSERT_MSG(esb_bitset_count(&t->column_set) == t->column_count,
                   "column_set and the columns disagree on how many there are");
    for (uint32_t k = 0; k < t->column_count; ++k) {
        const esb_column *col = &t->columns[k];
        ESB_ASSERT_MSG(k == 0 || t->columns[k - 1].id < col->id, "columns out of id order");
        ESB_ASSERT_MSG(col->id < ESB_MAX_COMPONENTS && esb_bitset_test(&t->column_set, col->id),
                       "a column of a component outside column_set");
        ESB_ASSERT_MSG(col->id < t->map_size && t->column_map[col->id] == (int16_t)k, "a column the map does not find");
        ESB_ASSERT_MSG(col->size > 0, "a column for a tag");
        ESB_ASSERT_MSG(col->align && (col->align & (col->align - 1)) == 0 && col->size % col->align == 0,
                       "a column's alignment is not a power of two dividing its size");
    }
    ESB_ASSERT_MSG(t->map_size == (t->column_count ? t->columns[t->column_count - 1].id + 1 : 0),
                   "a column map sized other than to the last column");
    for (uint32_t c = 0; c < t->map_size; ++c)
        ESB_ASSERT_MSG(t->column_map[c] == ESB_NO_COLUMN ||
                           ((uint32_t)t->column_map[c] < t->column_count && t->columns[t->column_map[c]].id == c),
                       "a column map entry for a component without that column");
    ESB_ASSERT(t->tick_count <= t->tick_capacity);
    for (uint32_t k = 0; k < t->tick_count; ++k) { /* T5 */
        ESB_ASSERT_MSG(k == 0 || t->ticks[k - 1].id < t->ticks[k].id, "tick tracks out of id order");
        ESB_ASSERT_MSG((t->ticks[k].changed != NULL) == (t->capacity > 0) &&
                           (t->ticks[k].added != NULL) == (t->capacity > 0),
                       "a tick track without the arrays of the table's capacity");
    }
    esb_table_layout_check(t);
}
#endif

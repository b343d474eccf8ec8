/* Entity operations: create, bulk create, destroy, add and remove and their bundles (moves between chunks), get,
 * has, set, alive. */
#include <string.h>

#include "graph.h"
#include "inline.h"
#include "validate.h"
#include "chunks.h"

bool esb_alive(const esb_world *w, esb_entity e) { return w && esb_et_alive_in(&w->core.entities, e, CK_RECORD_WORDS); }

/* Where a row was placed: its chunk's memory and the row. */
typedef struct ck_place {
    unsigned char *data;
    uint32_t row;
} ck_place;

/* A row for e in the first chunk with room (reserved), its elements uninitialised, e's location set. */
static ESB_ALWAYS_INLINE ck_place place(esb_world *w, uint32_t id, esb_entity e) {
    ck_archetype *a = ck_archetype_of(w, id);
    uint32_t i = a->open[0], row = a->counts[i]++;
    uint32_t chunk = a->ids[i];
    unsigned char *data = a->data[i];
    ck_handles(data)[row] = e;
    if (a->counts[i] == a->rows) ck_chunk_closed(a, i);
    ck_stamp_arrival(w, a, i);
    ck_locations(w)[esb_entity_index(e)] = (ck_location){e, chunk, row};
    return (ck_place){data, row};
}

/* Takes row `row` out of chunk i of a (its memory: data): the chunk's last row fills the hole (Unity's Remove,
 * legion's swap_remove), and the chunk is released once it holds nothing. */
static ESB_ALWAYS_INLINE void vacate(esb_world *w, ck_archetype *a, uint32_t i, unsigned char *data, uint32_t row) {
    uint32_t last = --a->counts[i];
    if (row != last) {
        for (uint32_t k = 0; k < a->layout.column_count; ++k)
            esb_copy_element(ck_element(a, data, k, row), ck_element(a, data, k, last), a->columns[k].size);
        esb_entity moved = ck_handles(data)[row] = ck_handles(data)[last];
        ck_locations(w)[esb_entity_index(moved)].row = row;
    }
    if (__builtin_expect(last == 0, 0))
        ck_chunk_release(w, a, i);
    else if (last == a->rows - 1)
        ck_chunk_opened(a, i);
}

esb_status esb_create(esb_world *w, esb_entity *out) {
    esb_status s = esb_core_check_create(esb_core_of(w), out);
    if (s != ESB_OK) return s;
    s = esb_et_reserve(&w->core.entities, 1);
    if (s == ESB_OK) s = ck_reserve_row(w, CK_ROOT);
    if (s != ESB_OK) return s;
    esb_entity e = esb_et_take_in(&w->core.entities, CK_RECORD_WORDS);
    place(w, CK_ROOT, e);
    *out = e;
    return ESB_OK;
}

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = esb_core_check_bulk(esb_core_of(w), n, ids, count);
    if (s != ESB_OK || n == 0) return s;
    esb_bitset signature;
    esb_bitset_of_ids(&signature, ids, count);
    uint32_t to;
    if ((s = esb_et_reserve(&w->core.entities, n)) != ESB_OK ||
        (s = esb_graph_find(&w->graph, w, ck_archetype_make, &signature, &to)) != ESB_OK ||
        (s = ck_reserve_rows(w, to, n)) != ESB_OK)
        return s;

    /* Chunk by chunk: the rows as one run, each column filled in one copy. */
    ck_archetype *a = ck_archetype_of(w, to);
    for (size_t done = 0; done < n;) {
        uint32_t i = a->open[0], first = a->counts[i], chunk = a->ids[i];
        uint32_t run = (uint32_t)(n - done < a->rows - first ? n - done : a->rows - first);
        unsigned char *data = a->data[i];
        for (uint32_t r = 0; r < run; ++r) {
            esb_entity e = esb_et_take_in(&w->core.entities, CK_RECORD_WORDS);
            ck_handles(data)[first + r] = e;
            ck_locations(w)[esb_entity_index(e)] = (ck_location){e, chunk, first + r};
            if (out) out[done + r] = e;
        }
        for (uint32_t k = 0; k < count; ++k) {
            int32_t column = esb_table_find_column(&a->layout, ids[k]);
            if (column == ESB_NO_COLUMN) continue; /* a tag */
            uint32_t size = a->columns[column].size;
            unsigned char *dst = ck_element(a, data, (uint32_t)column, first);
            if (values && values[k])
                memcpy(dst, (const unsigned char *)values[k] + done * size, (size_t)run * size);
            else
                memset(dst, 0, (size_t)run * size);
        }
        a->counts[i] += run;
        if (a->counts[i] == a->rows) ck_chunk_closed(a, i);
        ck_stamp_arrival(w, a, i);
        done += run;
    }
    return ESB_OK;
}

esb_status esb_destroy(esb_world *w, esb_entity e) {
    esb_status s = esb_core_check_destroy_in(esb_core_of(w), e, CK_RECORD_WORDS);
    if (s != ESB_OK) return s;
    const ck_chunk *rec = ck_chunk_of(w, &ck_locations(w)[esb_entity_index(e)]);
    vacate(w, ck_archetype_of(w, rec->archetype), rec->index, rec->data, ck_locations(w)[esb_entity_index(e)].row);
    esb_et_release_in(&w->core.entities, e,
                      CK_RECORD_WORDS); /* the location's first word becomes the free list's link */
    return ESB_OK;
}

/* Moves e from its chunk to one of archetype `to`, one component away (a row reserved there): the shared
 * components are copied (Unity's Clone), the old row filled by its chunk's last (Remove). The two archetypes are
 * one column apart when that component has data: at rank `column` of the destination (ESB_EXTRA_IN_DST, an add) or
 * of the source (ESB_EXTRA_IN_SRC, a remove), so columns pair up by position, with no id compared. Returns the element of
 * column `column` in the new row (an add's value goes there). */
static ESB_ALWAYS_INLINE unsigned char *move_entity(esb_world *w, esb_entity e, uint32_t to, esb_extra_column where,
                                                    esb_column_rank column) {
    ck_location from = ck_locations(w)[esb_entity_index(e)];
    ck_chunk src_chunk = w->store[from.chunk];
    ck_archetype *src = ck_archetype_of(w, src_chunk.archetype), *dst = ck_archetype_of(w, to);
    ck_place at = place(w, to, e);
    unsigned char *dst_data = at.data;
    bool dst_extra = where == ESB_EXTRA_IN_DST, src_extra = where == ESB_EXTRA_IN_SRC;
    uint32_t shared = dst_extra ? src->layout.column_count : dst->layout.column_count,
             below = where != ESB_EXTRA_NONE ? column.k : shared;
    for (uint32_t k = 0; k < shared; ++k) {
        uint32_t d = k + (dst_extra && k >= below), s = k + (src_extra && k >= below);
        ESB_ASSERT(dst->layout.columns[d].id == src->layout.columns[s].id);
        esb_copy_element(ck_element(dst, dst_data, d, at.row), ck_element(src, src_chunk.data, s, from.row),
                         dst->columns[d].size);
    }
    vacate(w, src, src_chunk.index, src_chunk.data, from.row);
    w->moves++;
    return dst_extra ? ck_element(dst, dst_data, column.k, at.row) : NULL;
}

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    esb_status s = esb_core_check_change_in(esb_core_of(w), e, c, CK_RECORD_WORDS);
    if (s != ESB_OK) return s;
    uint32_t from = ck_chunk_of(w, &ck_locations(w)[esb_entity_index(e)])->archetype, to;
    if (ck_has(ck_archetype_of(w, from), c)) return ESB_ERR_PRESENT;
    if ((s = esb_graph_step(&w->graph, w, ck_archetype_make, from, c, ESB_EDGE_ADD, &to)) != ESB_OK ||
        (s = ck_reserve_row(w, to)) != ESB_OK)
        return s;
    uint32_t size = w->components[c].size;
    if (!size) {
        move_entity(w, e, to, ESB_EXTRA_NONE, esb_column_at(0));
        return ESB_OK;
    }
    unsigned char *slot =
        move_entity(w, e, to, ESB_EXTRA_IN_DST, esb_table_column_of(&ck_archetype_of(w, to)->layout, c));
    if (value)
        esb_copy_element(slot, value, size);
    else
        memset(slot, 0, size);
    return ESB_OK;
}

esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_change_in(esb_core_of(w), e, c, CK_RECORD_WORDS);
    if (s != ESB_OK) return s;
    uint32_t from = ck_chunk_of(w, &ck_locations(w)[esb_entity_index(e)])->archetype, to;
    ck_archetype *src = ck_archetype_of(w, from);
    if (!ck_has(src, c)) return ESB_ERR_ABSENT;
    if ((s = esb_graph_step(&w->graph, w, ck_archetype_make, from, c, ESB_EDGE_REMOVE, &to)) != ESB_OK ||
        (s = ck_reserve_row(w, to)) != ESB_OK)
        return s;
    if (w->components[c].size)
        move_entity(w, e, to, ESB_EXTRA_IN_SRC, esb_table_column_of(&src->layout, c));
    else
        move_entity(w, e, to, ESB_EXTRA_NONE, esb_column_at(0));
    return ESB_OK;
}

/* A bundle's move (a row reserved in `to`): e goes straight to a chunk of the archetype of its final set, however
 * many components away, its values copied wherever the two archetypes share a column, paired by id in one merge
 * walk of their layouts (esb_table_next_shared), as Unity's AddComponent(entity, ComponentTypeSet) moves it once
 * for a whole set of types. Returns e's new place. */
static ck_place move_entity_by_id(esb_world *w, esb_entity e, uint32_t to) {
    ck_location from = ck_locations(w)[esb_entity_index(e)];
    ck_chunk src_chunk = w->store[from.chunk];
    ck_archetype *src = ck_archetype_of(w, src_chunk.archetype), *dst = ck_archetype_of(w, to);
    ck_place at = place(w, to, e);
    for (uint32_t d = 0, s = 0; esb_table_next_shared(&dst->layout, &d, &src->layout, &s); ++d, ++s)
        esb_copy_element(ck_element(dst, at.data, d, at.row), ck_element(src, src_chunk.data, s, from.row),
                         dst->columns[d].size);
    vacate(w, src, src_chunk.index, src_chunk.data, from.row);
    w->moves++;
    return at;
}

/* The archetype of e's final set found once (not one edge per component), a row reserved there, then one move and
 * the k values: the arrival stamps the destination chunk's order version, which stands for every component's. */
esb_status esb_add_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count,
                          const void *const *values) {
    esb_status s = esb_core_check_bundle_in(esb_core_of(w), e, ids, count, CK_RECORD_WORDS);
    if (s != ESB_OK || count == 0) return s;
    esb_bitset target =
        ck_archetype_of(w, ck_chunk_of(w, &ck_locations(w)[esb_entity_index(e)])->archetype)->node.signature;
    for (uint32_t k = 0; k < count; ++k) { /* ids are distinct (checked), so target holds ids[k] only if e does */
        if (esb_bitset_test(&target, ids[k])) return ESB_ERR_PRESENT;
        esb_bitset_set(&target, ids[k]);
    }
    uint32_t to;
    if ((s = esb_graph_find(&w->graph, w, ck_archetype_make, &target, &to)) != ESB_OK ||
        (s = ck_reserve_row(w, to)) != ESB_OK)
        return s;
    ck_place at = move_entity_by_id(w, e, to);
    const ck_archetype *dst = ck_archetype_of(w, to);
    for (uint32_t k = 0; k < count; ++k) {
        int32_t column = esb_table_find_column(&dst->layout, ids[k]);
        if (column == ESB_NO_COLUMN) continue; /* a tag */
        esb_write_value(ck_element(dst, at.data, (uint32_t)column, at.row), values ? values[k] : NULL,
                        dst->columns[column].size);
    }
    return ESB_OK;
}

/* As esb_add_bundle, to the archetype of e's set without ids: one move, the removed columns left behind. */
esb_status esb_remove_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count) {
    esb_status s = esb_core_check_bundle_in(esb_core_of(w), e, ids, count, CK_RECORD_WORDS);
    if (s != ESB_OK || count == 0) return s;
    esb_bitset target =
        ck_archetype_of(w, ck_chunk_of(w, &ck_locations(w)[esb_entity_index(e)])->archetype)->node.signature;
    for (uint32_t k = 0; k < count; ++k) {
        if (!esb_bitset_test(&target, ids[k])) return ESB_ERR_ABSENT;
        esb_bitset_clear(&target, ids[k]);
    }
    uint32_t to;
    if ((s = esb_graph_find(&w->graph, w, ck_archetype_make, &target, &to)) != ESB_OK ||
        (s = ck_reserve_row(w, to)) != ESB_OK)
        return s;
    move_entity_by_id(w, e, to);
    return ESB_OK;
}

esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out);
    if (s != ESB_OK) return s;
    if (!esb_et_alive_in(&w->core.entities, e, CK_RECORD_WORDS)) return ESB_ERR_STALE;
    ck_location loc = ck_locations(w)[esb_entity_index(e)];
    ck_chunk chunk = w->store[loc.chunk];
    const ck_archetype *a = ck_archetype_of(w, chunk.archetype);
    int32_t column = esb_table_find_column(&a->layout, c); /* a column proves c registered: its range checked after */
    if (column != ESB_NO_COLUMN) {
        *out = ck_element(a, chunk.data, (uint32_t)column, loc.row);
        return ESB_OK;
    }
    return esb_core_get_without_column(&w->core, &a->node.signature, c);
}

int esb_has(const esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_has_in(esb_core_of(w), e, c, CK_RECORD_WORDS);
    return s != ESB_OK
               ? (int)s
               : ck_has(ck_archetype_of(w, ck_chunk_of(w, &ck_locations(w)[esb_entity_index(e)])->archetype), c);
}

/* The write through esb_get's checks and pointer, then the component's version of its chunk stamped, as Unity's
 * SetComponentData does. */
esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) {
    void *p;
    esb_status s = esb_get(w, e, c, &p);
    if (s != ESB_OK) return s;
    const ck_chunk *chunk = ck_chunk_of(w, &ck_locations(w)[esb_entity_index(e)]);
    ck_archetype *a = ck_archetype_of(w, chunk->archetype);
    *ck_version(a, ck_slot_of(a, c), chunk->index) = w->change_tick;
    esb_write_value(p, value, w->components[c].size);
    return ESB_OK;
}

/* Change terms report whole chunks (query.c). */
bool esb_change_exact(void) { return false; }

/* The value set arrays/: its inline operations (values.h declares and describes them). */
#ifndef BITMASK_VALUES_INLINE_H
#define BITMASK_VALUES_INLINE_H

#include "validate.h"
#include "bitmask.h"

/* Entity idx's element of comp's array. */
static inline unsigned char *bm_value_at(const bm_component *comp, uint32_t idx) {
    return comp->values.data + (size_t)idx * comp->size;
}

/* Allocates component c's array, which it lacks (a tag never gets one). */
esb_status bm_values_make_array(esb_world *w, esb_component c);

/* Writes value (or zeros) for n consecutive indices starting at first. Out of line, as an add's copy is a call
 * of the C library's anyway. */
void bm_values_fill(bm_component *comp, uint32_t first, size_t n, const unsigned char *values);

static inline esb_status bm_values_add(esb_world *w, esb_component c, esb_entity e, const void *value) {
    bm_component *comp = &w->components[c];
    if (!comp->size) return ESB_OK; /* a tag: its mask bit alone */
    if (!comp->values.data && bm_values_make_array(w, c) != ESB_OK) return ESB_ERR_NOMEM;
    bm_values_fill(comp, esb_entity_index(e), 1, value);
    return ESB_OK;
}

static inline esb_status bm_values_reserve(esb_world *w, esb_component c, esb_entity e) {
    const bm_component *comp = &w->components[c];
    (void)e;
    return comp->values.data || !comp->size ? ESB_OK : bm_values_make_array(w, c);
}

static inline void bm_values_write(esb_world *w, esb_component c, esb_entity e, const void *value) {
    bm_component *comp = &w->components[c];
    if (comp->size) bm_values_fill(comp, esb_entity_index(e), 1, value);
}

static inline esb_status bm_values_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out);
    if (s == ESB_OK) s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (!bm_has(w, idx, c)) return ESB_ERR_ABSENT;
    bm_component *comp = &w->components[c];
    if (comp->size) *out = bm_value_at(comp, idx);
    return ESB_OK;
}

/* The element stays behind as a hole no one reads. */
static inline void bm_values_remove(esb_world *w, esb_component c, esb_entity e) { (void)w, (void)c, (void)e; }

static inline void bm_values_destroy_word(esb_world *w, esb_entity e, uint32_t k, uint64_t mask_word) {
    (void)w, (void)e, (void)k, (void)mask_word;
}

static inline void bm_values_field_indexed(esb_iter *it, const esb_query *q, uint32_t k, const uint32_t *rows,
                                           uint32_t count) {
    (void)count;
    it->batch.base[k] = q->world->components[q->fields[k]].values.data;
    it->batch.rows[k] = rows;
}

static inline void bm_values_field_contiguous(esb_iter *it, const esb_query *q, uint32_t k, uint32_t first,
                                              uint32_t count) {
    (void)count;
    const bm_component *comp = &q->world->components[q->fields[k]];
    it->batch.base[k] = bm_value_at(comp, first);
    it->batch.rows[k] = NULL;
}

/* A slice of an array has no limit. */
static inline bool bm_values_contiguous_room(uint32_t count, uint32_t len) { return (void)count, (void)len, true; }

#endif

/* The value set arrays/: one array per component indexed by entity index (value_store.h). */
#include <string.h>

#include "check.h"
#include "values.h"

void bm_values_init(bm_component *comp) { (void)comp; /* the array comes with the first add */ }

void bm_values_free(bm_component *comp, uint32_t capacity) {
    if (comp->values.data) esb_mem_free(comp->values.data, (size_t)capacity * comp->size);
}

size_t bm_values_grow_items(esb_world *w, esb_grow_item *items, size_t old, size_t now) {
    size_t n = 0;
    for (uint32_t c = 0; c < w->core.component_count; ++c) {
        bm_component *comp = &w->components[c];
        if (comp->values.data)
            items[n++] =
                (esb_grow_item){(void **)&comp->values.data, old * comp->size, now * comp->size, comp->align, -1, NULL};
    }
    return n;
}

/* The fill, for the bulk create's loops below to inline as they see fit. */
static void fill_range(bm_component *comp, uint32_t first, size_t n, const unsigned char *values) {
    if (values)
        memcpy(bm_value_at(comp, first), values, n * comp->size);
    else
        memset(bm_value_at(comp, first), 0, n * comp->size);
}

void bm_values_fill(bm_component *comp, uint32_t first, size_t n, const unsigned char *values) {
    fill_range(comp, first, n, values);
}

esb_status bm_values_make_array(esb_world *w, esb_component c) {
    bm_component *comp = &w->components[c];
    comp->values.data = esb_mem_alloc((size_t)w->capacity * comp->size, comp->align);
    return comp->values.data ? ESB_OK : ESB_ERR_NOMEM;
}

/* Component c's array, made if it has none yet (a tag never gets one). */
static esb_status ensure_array(esb_world *w, esb_component c) {
    const bm_component *comp = &w->components[c];
    return comp->values.data || comp->size == 0 ? ESB_OK : bm_values_make_array(w, c);
}

/* Recycled indices are scattered and filled one by one; fresh ones form one run [first_fresh, issued), filled
 * array by array. */
esb_status bm_values_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count,
                                 const void *const *values, const uint64_t *set_bits, esb_entity *out) {
    esb_status s;
    for (uint32_t k = 0; k < count; ++k)
        if ((s = ensure_array(w, ids[k])) != ESB_OK) return s; /* arrays made so far just stay, empty */

    uint32_t words = (w->core.component_count + 63) / 64;
    size_t i = 0;
    for (; i < n && w->core.entities.free_head != ESB_ET_NO_FREE; ++i) {
        esb_entity e = esb_et_take(&w->core.entities);
        uint32_t idx = esb_entity_index(e);
        for (uint32_t k = 0; k < words; ++k) w->mask[k][idx] = set_bits[k];
        for (uint32_t k = 0; k < count; ++k) {
            bm_component *comp = &w->components[ids[k]];
            if (!comp->size) continue;
            const unsigned char *v = values && values[k] ? (const unsigned char *)values[k] + i * comp->size : NULL;
            fill_range(comp, idx, 1, v);
        }
        bm_filters_on_create(w, idx);
        bm_changes_on_create(w, idx, set_bits);
        if (out) out[i] = e;
    }
    size_t fresh = n - i;
    uint32_t first = w->core.entities.issued;
    for (size_t j = 0; j < fresh; ++j) {
        esb_entity e = esb_et_take(&w->core.entities);
        if (out) out[i + j] = e;
    }
    for (uint32_t k = 0; k < words; ++k)
        for (size_t j = 0; j < fresh; ++j) w->mask[k][first + j] = set_bits[k];
    for (uint32_t k = 0; k < count; ++k) {
        bm_component *comp = &w->components[ids[k]];
        if (!comp->size || !fresh) continue;
        const unsigned char *v = values && values[k] ? (const unsigned char *)values[k] + i * comp->size : NULL;
        fill_range(comp, first, fresh, v);
    }
    for (size_t j = 0; j < fresh; ++j) {
        bm_filters_on_create(w, first + (uint32_t)j);
        bm_changes_on_create(w, first + (uint32_t)j, set_bits);
    }
    return ESB_OK;
}

esb_status bm_values_query_init(esb_query *q) { return (void)q, ESB_OK; /* a batch hands the arrays out as they are */ }

void bm_values_query_free(esb_query *q) { (void)q; }

#ifdef ESB_CHECKED
void bm_values_check(const esb_world *w, esb_component c, const esb_bitset *held) {
    const bm_component *comp = &w->components[c];
    if (!comp->size)
        ESB_ASSERT_MSG(!comp->values.data, "a tag with a data array");
    else if (esb_bitset_test(held, c))
        ESB_ASSERT_MSG(comp->values.data, "a component held without its data array");
}
#endif

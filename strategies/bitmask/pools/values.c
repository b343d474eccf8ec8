/* The value set pools/: one sparse-set pool per component with data (value_store.h). */
#include "check.h"
#include "values.h"

void bm_values_init(bm_component *comp) {
    comp->values.pool.size = comp->size;
    comp->values.pool.align = comp->align;
}

void bm_values_free(bm_component *comp, uint32_t capacity) {
    (void)capacity;
    esb_sparse_free(&comp->values.pool);
}

size_t bm_values_grow_items(esb_world *w, esb_grow_item *items, size_t old, size_t now) {
    (void)w, (void)items, (void)old, (void)now; /* a pool grows as values arrive */
    return 0;
}

/* Every pool of a value the new entities get has room for n more and sparse pages for the indices they will
 * take, before anything changes; then the entities are appended to each pool in the order they arrive, and each
 * pool's values written as one run. */
esb_status bm_values_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count,
                                 const void *const *values, const uint64_t *set_bits, esb_entity *out) {
    esb_sparse_set *pools[ESB_MAX_COMPONENTS];
    uint32_t of[ESB_MAX_COMPONENTS], base[ESB_MAX_COMPONENTS], np = 0;
    for (uint32_t k = 0; k < count; ++k)
        if (w->components[ids[k]].size) {
            of[np] = k;
            pools[np++] = &w->components[ids[k]].values.pool;
        }
    esb_status s = ESB_OK;
    for (uint32_t k = 0; s == ESB_OK && k < np; ++k) s = esb_sparse_reserve(pools[k], (uint32_t)n);
    if (s == ESB_OK && np) s = esb_sparse_reserve_next_indices(pools, np, &w->core.entities, n);
    if (s != ESB_OK) return s;
    uint32_t words = (w->core.component_count + 63) / 64;
    for (uint32_t k = 0; k < np; ++k) base[k] = pools[k]->count;
    for (size_t i = 0; i < n; ++i) {
        esb_entity e = esb_et_take(&w->core.entities);
        uint32_t idx = esb_entity_index(e);
        for (uint32_t k = 0; k < words; ++k) w->mask[k][idx] = set_bits[k];
        for (uint32_t k = 0; k < np; ++k) esb_sparse_append(pools[k], e);
        bm_filters_on_create(w, idx); /* filters read masks alone */
        bm_changes_on_create(w, idx, set_bits);
        if (out) out[i] = e;
    }
    for (uint32_t k = 0; k < np; ++k) esb_sparse_fill(pools[k], base[k], n, values ? values[of[k]] : NULL);
    return ESB_OK;
}

/* The arrays a batch's pool positions go to, one per field (values_inline.h). */
esb_status bm_values_query_init(esb_query *q) {
    if (!q->field_count) return ESB_OK;
    q->field_rows = esb_mem_alloc((size_t)q->field_count * ESB_BATCH_ROWS * sizeof *q->field_rows, 0);
    return q->field_rows ? ESB_OK : ESB_ERR_NOMEM;
}

void bm_values_query_free(esb_query *q) {
    esb_mem_free(q->field_rows, q->field_rows ? (size_t)q->field_count * ESB_BATCH_ROWS * sizeof *q->field_rows : 0);
}

#ifdef ESB_CHECKED
void bm_values_check(const esb_world *w, esb_component c, const esb_bitset *held) {
    (void)held;
    const esb_entity_table *ei = &w->core.entities;
    const esb_sparse_set *p = &w->components[c].values.pool;
    esb_sparse_check_invariants(p, ei->issued);
    if (!p->size) {
        ESB_ASSERT_MSG(p->count == 0 && !p->dense && !p->data, "a tag with a pool");
        return;
    }
    uint32_t holders = 0;
    for (uint32_t idx = 0; idx < ei->issued; ++idx) {
        if (esb_entity_index(ei->slots[idx]) != idx || !bm_has(w, idx, c)) continue; /* dead, or without c */
        holders++;
        ESB_ASSERT_MSG(esb_sparse_contains(p, ei->slots[idx]), "an entity whose mask has a value its pool lacks");
    }
    ESB_ASSERT_MSG(holders == p->count, "a pool holding an entity whose mask lacks its component");
}
#endif

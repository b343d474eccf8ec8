/* Entity operations: create, bulk create, destroy, add, remove, get, has, alive. */
#include <string.h>

#include "validate.h"
#include "bitmask.h"

#ifndef ESB_BITMASK_POOLS
static inline unsigned char *data_at(const bm_component *comp, uint32_t idx) {
    return comp->data + (size_t)idx * comp->size;
}
#endif

/* Checks shared by every operation on one entity and one component, in the contract's order. */
bool esb_alive(const esb_world *w, esb_entity e) { return w && esb_et_alive(&w->core.entities, e); }

esb_status esb_create(esb_world *w, esb_entity *out) {
    return esb_core_create(w, out, bm_reserve); /* no component yet, so no filter can match it */
}

#ifdef ESB_BITMASK_POOLS
/* bitmask-pools: every pool of a value the new entities get has room for n more and sparse pages for the
 * indices they will take, before anything changes; then the entities are appended to each pool in the order
 * they arrive, and each pool's values written as one run. */
static esb_status create_bulk_pools(esb_world *w, size_t n, const esb_component *ids, uint32_t count,
                                    const void *const *values, const uint64_t *set_bits, esb_entity *out) {
    esb_sparse_set *pools[ESB_MAX_COMPONENTS];
    uint32_t of[ESB_MAX_COMPONENTS], base[ESB_MAX_COMPONENTS], np = 0;
    for (uint32_t k = 0; k < count; ++k)
        if (w->components[ids[k]].size) {
            of[np] = k;
            pools[np++] = &w->components[ids[k]].pool;
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
#else
/* Writes value (or zeros) for n consecutive indices starting at first. */
static void fill_range(bm_component *comp, uint32_t first, size_t n, const unsigned char *values) {
    if (values)
        memcpy(data_at(comp, first), values, n * comp->size);
    else
        memset(data_at(comp, first), 0, n * comp->size);
}
#endif

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = esb_core_check_bulk(esb_core_of(w), n, ids, count);
    if (s != ESB_OK || n == 0) return s;
    s = bm_reserve(w, n);
    if (s != ESB_OK) return s;
    uint64_t set_bits[ESB_BITSET_WORDS] = {0}; /* the new entities' mask */
    for (uint32_t k = 0; k < count; ++k) set_bits[ids[k] >> 6] |= 1ull << (ids[k] & 63);
#ifdef ESB_BITMASK_POOLS
    return create_bulk_pools(w, n, ids, count, values, set_bits, out);
#else
    for (uint32_t k = 0; k < count; ++k)
        if ((s = bm_ensure_data(w, ids[k])) != ESB_OK) return s; /* arrays made so far just stay, empty */

    uint32_t words = (w->core.component_count + 63) / 64;

    /* Recycled indices are scattered; fresh ones form one run [first_fresh, issued) filled column by column. */
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
#endif
}

esb_status esb_destroy(esb_world *w, esb_entity e) {
    esb_status s = esb_core_check_destroy(esb_core_of(w), e);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    bm_filters_on_destroy(w, idx);
    esb_change_forget_all(&w->changes, idx);
    for (uint32_t k = 0; k < (w->core.component_count + 63) / 64; ++k) {
#ifdef ESB_BITMASK_POOLS
        /* the pools of the values its mask names */
        for (uint64_t m = w->mask[k][idx]; m; m &= m - 1) {
            esb_sparse_set *p = &w->components[k * 64 + (uint32_t)__builtin_ctzll(m)].pool;
            uint32_t pos;
            if (p->size && esb_sparse_find(p, e, &pos)) esb_sparse_erase(p, pos);
        }
#endif
        w->mask[k][idx] = 0;
    }
    esb_et_release(&w->core.entities, e);
    return ESB_OK;
}

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    esb_status s = esb_core_check_change(esb_core_of(w), e, c);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (bm_has(w, idx, c)) return ESB_ERR_PRESENT;
    bm_component *comp = &w->components[c];
#ifdef ESB_BITMASK_POOLS
    if (comp->size) {
        esb_sparse_set *p = &comp->pool;
        if ((s = esb_sparse_reserve(p, 1)) != ESB_OK || (s = esb_sparse_reserve_index(p, idx)) != ESB_OK) return s;
        esb_sparse_emplace(p, e, value);
    }
#else
    if ((s = bm_ensure_data(w, c)) != ESB_OK) return s;
    if (comp->size) fill_range(comp, idx, 1, value);
#endif
    w->mask[c >> 6][idx] |= 1ull << (c & 63);
    esb_change_mark(&w->changes, c, idx, true);
    bm_filters_on_change(w, idx, c); /* last: a tail call */
    return ESB_OK;
}

esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_change(esb_core_of(w), e, c);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (!bm_has(w, idx, c)) return ESB_ERR_ABSENT;
#ifdef ESB_BITMASK_POOLS
    esb_sparse_set *p = &w->components[c].pool;
    uint32_t pos;
    if (p->size && esb_sparse_find(p, e, &pos)) esb_sparse_erase(p, pos);
#endif
    w->mask[c >> 6][idx] &= ~(1ull << (c & 63));
    esb_change_forget(&w->changes, c, idx);
    bm_filters_on_change(w, idx, c); /* last: a tail call */
    return ESB_OK;
}

#ifdef ESB_BITMASK_POOLS
/* bitmask-pools: a value's slot in its pool holding the handle's version proves the entity alive and holding
 * the component (a pool holds the alive entities whose mask has it, B3), as in the sparse design; a tag (whose
 * pool stays empty), or a miss, asks the entity table and the mask. */
esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out);
    if (s != ESB_OK) return s;
    if (c < w->core.component_count && esb_sparse_get(&w->components[c].pool, e, out)) return ESB_OK;
    s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
    if (s != ESB_OK) return s;
    return bm_has(w, esb_entity_index(e), c) ? ESB_OK : ESB_ERR_ABSENT; /* a tag has no value to hand out */
}
#else
esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out);
    if (s == ESB_OK) s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (!bm_has(w, idx, c)) return ESB_ERR_ABSENT;
    bm_component *comp = &w->components[c];
    if (comp->size) *out = data_at(comp, idx);
    return ESB_OK;
}
#endif

int esb_has(const esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_has(esb_core_of(w), e, c);
    return s != ESB_OK ? (int)s : bm_has(w, esb_entity_index(e), c);
}

/* The write through esb_get's checks and pointer, then the change in every set watching c, as a specs
 * FlaggedStorage's get_mut sends its Modified event to every reader. The sets are sized to the entity capacity,
 * so this never fails for memory. */
esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) {
    void *p;
    esb_status s = esb_get(w, e, c, &p);
    if (s != ESB_OK) return s;
    esb_write_value(p, value, w->components[c].size);
    esb_change_mark(&w->changes, c, esb_entity_index(e), false);
    return ESB_OK;
}

bool esb_change_exact(void) { return true; }

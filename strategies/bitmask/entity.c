/* Entity operations: create, bulk create, destroy, add, remove, get, has, alive; what their values need, the value
 * set's (values.h). */
#include <string.h>

#include "validate.h"
#include "values.h"

/* Checks shared by every operation on one entity and one component, in the contract's order. */
bool esb_alive(const esb_world *w, esb_entity e) { return w && esb_et_alive(&w->core.entities, e); }

esb_status esb_create(esb_world *w, esb_entity *out) {
    return esb_core_create(w, out, bm_reserve); /* no component yet, so no filter can match it */
}

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = esb_core_check_bulk(esb_core_of(w), n, ids, count);
    if (s != ESB_OK || n == 0) return s;
    s = bm_reserve(w, n);
    if (s != ESB_OK) return s;
    uint64_t set_bits[ESB_BITSET_WORDS] = {0}; /* the new entities' mask */
    for (uint32_t k = 0; k < count; ++k) set_bits[ids[k] >> 6] |= 1ull << (ids[k] & 63);
    return bm_values_create_bulk(w, n, ids, count, values, set_bits, out);
}

esb_status esb_destroy(esb_world *w, esb_entity e) {
    esb_status s = esb_core_check_destroy(esb_core_of(w), e);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    bm_filters_on_destroy(w, idx);
    esb_change_forget_all(&w->changes, idx);
    for (uint32_t k = 0; k < (w->core.component_count + 63) / 64; ++k) {
        bm_values_destroy_word(w, e, k, w->mask[k][idx]);
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
    if ((s = bm_values_add(w, c, e, value)) != ESB_OK) return s;
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
    bm_values_remove(w, c, e);
    w->mask[c >> 6][idx] &= ~(1ull << (c & 63));
    esb_change_forget(&w->changes, c, idx);
    bm_filters_on_change(w, idx, c); /* last: a tail call */
    return ESB_OK;
}

esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) { return bm_values_get(w, e, c, out); }

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

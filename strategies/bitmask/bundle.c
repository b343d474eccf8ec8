/* Bundles: several components of one entity added or removed in one call. Every value's room is made first, so that
 * nothing fails once a value is written; then the values, the mask words changed once, the change marks, and each
 * cached filter watching any of the components refreshed once, where the plain loop of adds or removes refreshes a
 * filter once per component it watches. flecs's commit of an added list matches the entity's new type once in the
 * same way.
 *
 * The two operations are flattened (inline.h): their calls into the value stores and the filters are inlined into
 * them before gcc weighs any other call, so that an add or a remove is compiled exactly as it is in a program without
 * bundles (callgrind: the same instructions in every scenario but the bundles'). */
#include "inline.h"
#include "validate.h"
#include "values.h"

/* A bundle's components as mask words, and how many of them alive e's mask (index idx) has: PRESENT unless none,
 * ABSENT unless all. */
static uint32_t bundle_bits(const esb_world *w, uint32_t idx, const esb_component *ids, uint32_t count,
                            uint64_t *bits) {
    uint32_t held = 0;
    for (uint32_t k = 0; k < count; ++k) {
        bits[ids[k] >> 6] |= 1ull << (ids[k] & 63);
        held += bm_has(w, idx, ids[k]);
    }
    return held;
}

ESB_FLATTEN esb_status esb_add_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count,
                                      const void *const *values) {
    esb_status s = esb_core_check_bundle(esb_core_of(w), e, ids, count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    uint64_t bits[ESB_BITSET_WORDS] = {0};
    if (bundle_bits(w, idx, ids, count, bits)) return ESB_ERR_PRESENT;
    for (uint32_t k = 0; k < count; ++k)
        if ((s = bm_values_reserve(w, ids[k], e)) != ESB_OK) return s;
    for (uint32_t k = 0; k < count; ++k) bm_values_write(w, ids[k], e, values ? values[k] : NULL);
    for (uint32_t k = 0; k < ESB_BITSET_WORDS; ++k)
        if (bits[k]) w->mask[k][idx] |= bits[k];
    for (uint32_t k = 0; w->changes.count && k < count; ++k) esb_change_mark(&w->changes, ids[k], idx, true);
    if (w->cached_count) bm_filters_on_bundle(w, idx, ids, count);
    return ESB_OK;
}

/* Removing allocates nothing: after the checks it cannot fail. */
ESB_FLATTEN esb_status esb_remove_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count) {
    esb_status s = esb_core_check_bundle(esb_core_of(w), e, ids, count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    uint64_t bits[ESB_BITSET_WORDS] = {0};
    if (bundle_bits(w, idx, ids, count, bits) != count) return ESB_ERR_ABSENT;
    for (uint32_t k = 0; k < count; ++k) bm_values_remove(w, ids[k], e);
    for (uint32_t k = 0; k < ESB_BITSET_WORDS; ++k)
        if (bits[k]) w->mask[k][idx] &= ~bits[k];
    for (uint32_t k = 0; w->changes.count && k < count; ++k) esb_change_forget(&w->changes, ids[k], idx);
    if (w->cached_count) bm_filters_on_bundle(w, idx, ids, count);
    return ESB_OK;
}

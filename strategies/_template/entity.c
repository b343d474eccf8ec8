/* Entity operations: alive, create, bulk create, destroy, add, remove, their bundles, get, has.
 *
 * Every structural operation has the same shape: the shared checks (world_core.h, validate.h) in the contract's
 * order, then every allocation it may need, then the changes, which cannot fail. That order is what makes a
 * failure, ESB_ERR_NOMEM included, leave the world as it was. */
#include <string.h>

#include "validate.h"
#include "template.h"

/* Writes value (size bytes), or zeros when value is NULL, as c's value for idx; tags store nothing. */
static void write_value(esb_world *w, esb_component c, uint32_t idx, const unsigned char *value) {
    uint32_t size = w->components[c].size;
    if (!size) return;
    if (value)
        memcpy(tpl_value(w, c, idx), value, size);
    else
        memset(tpl_value(w, c, idx), 0, size);
}

bool esb_alive(const esb_world *w, esb_entity e) { return w && esb_et_alive(&w->core.entities, e); }

esb_status esb_create(esb_world *w, esb_entity *out) {
    return esb_core_create(w, out, tpl_reserve); /* its signature is already zero: no component */
}

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = esb_core_check_bulk(esb_core_of(w), n, ids, count);
    if (s != ESB_OK || n == 0) return s;
    if ((s = tpl_reserve(w, n)) != ESB_OK) return s;
    for (uint32_t k = 0; k < count; ++k) /* a data array made before a failure stays, unused: not observable */
        if ((s = tpl_ensure_data(w, ids[k])) != ESB_OK) return s;

    esb_bitset signature;
    esb_bitset_of_ids(&signature, ids, count);
    /* One entity at a time. A faster design fills whole runs column by column (memcpy per component). */
    for (size_t i = 0; i < n; ++i) {
        esb_entity e = esb_et_take(&w->core.entities);
        uint32_t idx = esb_entity_index(e);
        w->signature[idx] = signature;
        for (uint32_t k = 0; k < count; ++k) {
            const unsigned char *v =
                values && values[k] ? (const unsigned char *)values[k] + i * w->components[ids[k]].size : NULL;
            write_value(w, ids[k], idx, v);
            esb_change_mark(&w->changes, ids[k], idx, true);
        }
        if (out) out[i] = e;
    }
    return ESB_OK;
}

esb_status esb_destroy(esb_world *w, esb_entity e) {
    esb_status s = esb_core_check_destroy(esb_core_of(w), e);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    /* A dead index must match no query: the scan tests signatures, not liveness. */
    memset(&w->signature[idx], 0, sizeof w->signature[idx]);
    esb_change_forget_all(&w->changes, idx);
    esb_et_release(&w->core.entities, e); /* next version, or retired (ESB_RETIRE_EXHAUSTED) */
    return ESB_OK;
}

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    esb_status s = esb_core_check_change(esb_core_of(w), e, c);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (tpl_has(w, idx, c)) return ESB_ERR_PRESENT;
    if ((s = tpl_ensure_data(w, c)) != ESB_OK) return s;
    write_value(w, c, idx, value);
    esb_bitset_set(&w->signature[idx], c);
    esb_change_mark(&w->changes, c, idx, true);
    return ESB_OK;
}

esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_change(esb_core_of(w), e, c);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (!tpl_has(w, idx, c)) return ESB_ERR_ABSENT;
    esb_bitset_clear(&w->signature[idx], c); /* the value stays behind as a hole; nothing reads it */
    esb_change_forget(&w->changes, c, idx);
    return ESB_OK;
}

/* A bundle is the loop of esb_add with its checks and allocations hoisted in front: every data array is made
 * before the first bit changes, so a failure leaves nothing behind that a caller could see. A design whose add
 * moves the entity does better: one move to the final set (docs/strategy-authors.md). */
esb_status esb_add_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count,
                          const void *const *values) {
    esb_status s = esb_core_check_bundle(esb_core_of(w), e, ids, count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    for (uint32_t k = 0; k < count; ++k)
        if (tpl_has(w, idx, ids[k])) return ESB_ERR_PRESENT;
    for (uint32_t k = 0; k < count; ++k)
        if ((s = tpl_ensure_data(w, ids[k])) != ESB_OK) return s;
    for (uint32_t k = 0; k < count; ++k) {
        write_value(w, ids[k], idx, values ? values[k] : NULL);
        esb_bitset_set(&w->signature[idx], ids[k]);
        esb_change_mark(&w->changes, ids[k], idx, true);
    }
    return ESB_OK;
}

esb_status esb_remove_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count) {
    esb_status s = esb_core_check_bundle(esb_core_of(w), e, ids, count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    for (uint32_t k = 0; k < count; ++k)
        if (!tpl_has(w, idx, ids[k])) return ESB_ERR_ABSENT;
    for (uint32_t k = 0; k < count; ++k) {
        esb_bitset_clear(&w->signature[idx], ids[k]);
        esb_change_forget(&w->changes, ids[k], idx);
    }
    return ESB_OK;
}

/* Change records are sets of indices (_common/change_set.h), which need no room beyond what creation reserved:
 * this never fails for memory. */
esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) {
    if (!w) return ESB_ERR_INVALID;
    esb_status s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (!tpl_has(w, idx, c)) return ESB_ERR_ABSENT;
    write_value(w, c, idx, value);
    esb_change_mark(&w->changes, c, idx, false);
    return ESB_OK;
}

bool esb_change_exact(void) { return true; }

esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out); /* sets *out to NULL */
    if (s == ESB_OK) s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (!tpl_has(w, idx, c)) return ESB_ERR_ABSENT;
    if (w->components[c].size) *out = tpl_value(w, c, idx); /* a tag's stays NULL */
    return ESB_OK;
}

int esb_has(const esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_has(esb_core_of(w), e, c);
    return s != ESB_OK ? (int)s : tpl_has(w, esb_entity_index(e), c);
}

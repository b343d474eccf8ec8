/* Entity operations: alive, create, bulk create, destroy, add, remove, set, get, has.
 *
 * Every structural operation has the same shape: the shared checks (world_core.h, validate.h) in the contract's
 * order, then every allocation it may need, then the changes, which cannot fail. An entity's components are the
 * presence sets holding its index: adding or removing one is a bit (and the summary bits above it), plus the
 * value in its storage. */
#include <string.h>

#include "validate.h"
#include "hibit.h"
#include "inline.h"

bool esb_alive(const esb_world *w, esb_entity e) { return w && esb_et_alive(&w->core.entities, e); }

esb_status esb_create(esb_world *w, esb_entity *out) {
    return esb_core_create(w, out, hb_reserve); /* in no presence set: no component */
}

/* Writes c's value for entity e (index idx), zeros where value is NULL: into its array slot (dense) or a new
 * element of its set (sparse, room reserved); a tag stores nothing. */
static void store_value(esb_world *w, esb_component c, esb_entity e, uint32_t idx, const void *value) {
    if (hb_arrayed(w, c))
        esb_write_value(hb_value(w, c, idx), value, w->components[c].size);
    else if (hb_pooled(w, c))
        esb_sparse_emplace(&w->pools[c], e, value);
}

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = esb_core_check_bulk(esb_core_of(w), n, ids, count);
    if (s != ESB_OK || n == 0) return s;
    if ((s = hb_reserve(w, n)) != ESB_OK) return s;
    esb_sparse_set *pools[ESB_MAX_COMPONENTS];
    uint32_t np = 0;
    for (uint32_t k = 0; s == ESB_OK && k < count; ++k) { /* what stays made after a failure is not observable */
        if (hb_pooled(w, ids[k]) && (s = esb_sparse_reserve(&w->pools[ids[k]], (uint32_t)n)) == ESB_OK)
            pools[np++] = &w->pools[ids[k]];
        else if (s == ESB_OK)
            s = hb_ensure_data(w, ids[k]);
    }
    if (s == ESB_OK) s = esb_sparse_reserve_next_indices(pools, np, &w->core.entities, n);
    if (s != ESB_OK) return s;

    /* Fresh indices come as one run: each array is filled with one copy and each presence set a word at a time.
     * Recycled ones (the free list) go one by one. */
    uint32_t first = (uint32_t)w->core.entities.issued;
    bool run = w->core.entities.free_count == 0;
    for (size_t i = 0; i < n; ++i) {
        esb_entity e = esb_et_take(&w->core.entities);
        uint32_t idx = esb_entity_index(e);
        if (out) out[i] = e;
        if (run) { /* the sets take their entities in order; values and bits follow, per component */
            for (uint32_t k = 0; k < np; ++k) esb_sparse_append(pools[k], e);
            continue;
        }
        for (uint32_t k = 0; k < count; ++k) {
            esb_component c = ids[k];
            const unsigned char *v =
                values && values[k] ? (const unsigned char *)values[k] + i * w->components[c].size : NULL;
            store_value(w, c, e, idx, v);
            esb_hibitset_set(&w->present[c], idx);
            esb_change_mark(&w->changes, c, idx, true);
        }
    }
    if (!run) return ESB_OK;
    for (uint32_t k = 0; k < count; ++k) {
        esb_component c = ids[k];
        const unsigned char *v = values ? values[k] : NULL;
        uint32_t size = w->components[c].size;
        if (hb_arrayed(w, c)) {
            if (v)
                memcpy(hb_value(w, c, first), v, n * size);
            else
                memset(hb_value(w, c, first), 0, n * size);
        } else if (hb_pooled(w, c)) {
            esb_sparse_set *p = &w->pools[c];
            esb_sparse_fill(p, p->count - (uint32_t)n, n, v);
        }
        esb_hibitset_set_run(&w->present[c], first, (uint32_t)n);
        if (w->changes.watching[c]) esb_change_mark_rows(&w->changes, c, NULL, first, (uint32_t)n, true);
    }
    return ESB_OK;
}

/* Takes e out of c's storage and presence set. */
static void drop(esb_world *w, esb_component c, esb_entity e, uint32_t idx) {
    if (hb_pooled(w, c)) {
        uint32_t pos;
        if (esb_sparse_find(&w->pools[c], e, &pos)) esb_sparse_erase(&w->pools[c], pos);
    }
    esb_hibitset_clear(&w->present[c], idx);
}

/* As specs's delete, which removes the entity from every storage: each presence set is tested. */
esb_status esb_destroy(esb_world *w, esb_entity e) {
    esb_status s = esb_core_check_destroy(esb_core_of(w), e);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    for (esb_component c = 0; c < w->core.component_count; ++c)
        if (hb_has_alive(w, idx, c)) drop(w, c, e, idx);
    esb_change_forget_all(&w->changes, idx);
    esb_et_release(&w->core.entities, e); /* next version, or retired (ESB_RETIRE_EXHAUSTED) */
    return ESB_OK;
}

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    esb_status s = esb_core_check_change(esb_core_of(w), e, c);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (hb_has_alive(w, idx, c)) return ESB_ERR_PRESENT;
    if (hb_pooled(w, c) && ((s = esb_sparse_reserve(&w->pools[c], 1)) != ESB_OK ||
                            (s = esb_sparse_reserve_index(&w->pools[c], idx)) != ESB_OK))
        return s;
    if ((s = hb_ensure_data(w, c)) != ESB_OK) return s;
    store_value(w, c, e, idx, value);
    esb_hibitset_set(&w->present[c], idx);
    esb_change_mark(&w->changes, c, idx, true);
    return ESB_OK;
}

esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_change(esb_core_of(w), e, c);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (!hb_has_alive(w, idx, c)) return ESB_ERR_ABSENT;
    drop(w, c, e, idx); /* an array's value stays behind as a hole; nothing reads it */
    esb_change_forget(&w->changes, c, idx);
    return ESB_OK;
}

/* How many of the components alive e (index idx) has: PRESENT unless none, ABSENT unless all. */
static uint32_t held(const esb_world *w, uint32_t idx, const esb_component *ids, uint32_t count) {
    uint32_t n = 0;
    for (uint32_t k = 0; k < count; ++k) n += hb_has_alive(w, idx, ids[k]);
    return n;
}

/* A bundle is its adds with every allocation first (each set's room and sparse page, each array), so that none can
 * fail once a bit is set: specs inserts into each storage in turn, and so does this, as the plain loop does, but all
 * or nothing. Both operations are flattened (inline.h): their calls are inlined into them before gcc weighs any other
 * call, so that an add or a remove is compiled exactly as it is in a program without bundles. */
ESB_FLATTEN esb_status esb_add_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count,
                                      const void *const *values) {
    esb_status s = esb_core_check_bundle(esb_core_of(w), e, ids, count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (held(w, idx, ids, count)) return ESB_ERR_PRESENT;
    for (uint32_t k = 0; k < count; ++k) {
        esb_component c = ids[k];
        if (hb_pooled(w, c) && ((s = esb_sparse_reserve(&w->pools[c], 1)) != ESB_OK ||
                                (s = esb_sparse_reserve_index(&w->pools[c], idx)) != ESB_OK))
            return s;
        if ((s = hb_ensure_data(w, c)) != ESB_OK) return s;
    }
    for (uint32_t k = 0; k < count; ++k) {
        store_value(w, ids[k], e, idx, values ? values[k] : NULL);
        esb_hibitset_set(&w->present[ids[k]], idx);
        esb_change_mark(&w->changes, ids[k], idx, true);
    }
    return ESB_OK;
}

/* Removing allocates nothing, so after the checks it cannot fail. */
ESB_FLATTEN esb_status esb_remove_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count) {
    esb_status s = esb_core_check_bundle(esb_core_of(w), e, ids, count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (held(w, idx, ids, count) != count) return ESB_ERR_ABSENT;
    for (uint32_t k = 0; k < count; ++k) {
        drop(w, ids[k], e, idx);
        esb_change_forget(&w->changes, ids[k], idx);
    }
    return ESB_OK;
}

/* The address of e's value of c (which e has), or NULL for a tag. An array exists once a dense component was
 * first given, so it answers for the common case in one load. */
static void *value_of(const esb_world *w, esb_component c, esb_entity e, uint32_t idx) {
    if (w->data[c]) return hb_value(w, c, idx);
    if (!hb_pooled(w, c)) return NULL;
    uint32_t pos;
    return esb_sparse_find(&w->pools[c], e, &pos) ? esb_sparse_value(&w->pools[c], pos) : NULL;
}

/* Change records are sets of entity indices (_common/change_set.h), which need no room beyond what creation
 * reserved: this never fails for memory. */
esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) {
    if (!w) return ESB_ERR_INVALID;
    esb_status s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (!hb_has_alive(w, idx, c)) return ESB_ERR_ABSENT;
    esb_write_value(value_of(w, c, e, idx), value, w->components[c].size);
    esb_change_mark(&w->changes, c, idx, false);
    return ESB_OK;
}

bool esb_change_exact(void) { return true; }

esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out); /* sets *out to NULL */
    if (s == ESB_OK) s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
    if (s != ESB_OK) return s;
    uint32_t idx = esb_entity_index(e);
    if (!hb_has_alive(w, idx, c)) return ESB_ERR_ABSENT;
    *out = value_of(w, c, e, idx); /* a tag's stays NULL */
    return ESB_OK;
}

int esb_has(const esb_world *w, esb_entity e, esb_component c) {
    esb_status s = esb_core_check_has(esb_core_of(w), e, c);
    return s != ESB_OK ? (int)s : hb_has_alive(w, esb_entity_index(e), c);
}

/* Entity operations. Each touches only the pools of the components involved. */
#include "group.h"
#include "validate.h"
#include "sparse.h"

bool esb_alive(const esb_world *w, esb_entity e) { return w && esb_et_alive(&w->core.entities, e); }

esb_status esb_create(esb_world *w, esb_entity *out) {
    return esb_core_create(w, out, NULL); /* in no pool: no component */
}

/* Room for n more elements in one pool, and sparse pages for the n indices the entity table will issue next. */
static esb_status reserve_pool_for_bulk(esb_sparse_set *p, const esb_entity_table *ei, size_t n) {
    esb_status s = esb_sparse_reserve(p, (uint32_t)n);
    return s == ESB_OK ? esb_sparse_reserve_next_indices(&p, 1, ei, n) : s;
}

/* Every allocation bulk creation of n entities with these components needs, before anything changes: room in
 * the entity table, in each pool and in each non-owned group's set, and sparse pages for every index it will
 * hand out (the first n of the free list, then fresh ones). Groups are walked in their list, not gathered
 * into an array: a world may hold any number of them. */
static esb_status reserve_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count) {
    esb_sparse_set *pools[ESB_MAX_COMPONENTS];
    for (uint32_t k = 0; k < count; ++k) pools[k] = &w->components[ids[k]].pool;
    esb_status s = esb_et_reserve(&w->core.entities, n);
    for (uint32_t k = 0; s == ESB_OK && k < count; ++k) s = esb_sparse_reserve(pools[k], (uint32_t)n);
    if (s == ESB_OK) s = esb_sparse_reserve_next_indices(pools, count, &w->core.entities, n);
    for (uint32_t k = 0; s == ESB_OK && k < count; ++k)
        if (w->components[ids[k]].observers) s = sp_observers_reserve(w, ids[k], (uint32_t)n, UINT32_MAX);
    for (esb_query *q = w->groups; s == ESB_OK && q; q = q->next_group)
        if (q->kind == SP_NON_OWNED) s = reserve_pool_for_bulk(&q->members, &w->core.entities, n);
    return s;
}

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = esb_core_check_bulk(esb_core_of(w), n, ids, count);
    if (s != ESB_OK || n == 0) return s;
    s = reserve_bulk(w, n, ids, count);
    if (s != ESB_OK) return s;
    /* Entities first, then each pool filled in one pass: packed arrays grow at their ends, so the values of
     * one component are written as one contiguous run. */
    uint32_t base_count[ESB_MAX_COMPONENTS];
    for (uint32_t k = 0; k < count; ++k) base_count[k] = w->components[ids[k]].pool.count;
    for (size_t i = 0; i < n; ++i) {
        esb_entity e = esb_et_take(&w->core.entities);
        if (out) out[i] = e;
        for (uint32_t k = 0; k < count; ++k) {
            esb_sparse_append(&w->components[ids[k]].pool, e);
            sp_observers_record(w, ids[k], e, true); /* an emplace its observers hear */
        }
    }
    for (uint32_t k = 0; k < count; ++k)
        esb_sparse_fill(&w->components[ids[k]].pool, base_count[k], n, values ? values[k] : NULL);
    /* The new entities sit at [base, base + n) of the first pool. Admitting one may swap it to the front of
     * an owned pool, which only disturbs the position it leaves, never a later one. */
    if (w->groups && count)
        for (size_t i = 0; i < n; ++i)
            sp_groups_admit(w, esb_sparse_handle(&w->components[ids[0]].pool, base_count[0] + i));
    return ESB_OK;
}

esb_status esb_destroy(esb_world *w, esb_entity e) {
    esb_status s = esb_core_check_destroy(esb_core_of(w), e);
    if (s != ESB_OK) return s;
    if (w->groups) sp_groups_forget(w, e);
    /* As EnTT's registry does: ask every pool. */
    for (uint32_t c = 0; c < w->core.component_count; ++c) {
        esb_sparse_set *p = &w->components[c].pool;
        uint32_t pos;
        if (esb_sparse_find(p, e, &pos)) esb_sparse_erase(p, pos);
        if (w->components[c].observers) sp_observers_forget(w, c, e);
    }
    esb_et_release(&w->core.entities, e);
    return ESB_OK;
}

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    esb_status s = esb_core_check_change(esb_core_of(w), e, c);
    if (s != ESB_OK) return s;
    esb_sparse_set *p = &w->components[c].pool;
    if (esb_sparse_contains(p, e)) return ESB_ERR_PRESENT;
    if ((s = esb_sparse_reserve(p, 1)) != ESB_OK || (s = esb_sparse_reserve_index(p, esb_entity_index(e))) != ESB_OK)
        return s;
    if (w->components[c].observers && (s = sp_observers_reserve(w, c, 1, esb_entity_index(e))) != ESB_OK) return s;
    if (!w->groups) {
        esb_sparse_emplace(p, e, value);
        sp_observers_record(w, c, e, true);
        return ESB_OK;
    }
    /* Adding c can make e leave a group that excludes c, and enter one that includes it (P3). */
    sp_listeners l = w->listeners[c];
    if (l.including && (s = sp_groups_reserve(w, l.including, e)) != ESB_OK) return s;
    if (l.excluding) sp_groups_leave(w, l.excluding, e);
    esb_sparse_emplace(p, e, value);
    if (l.including) sp_groups_enter_on_add(w, l.including, e, p->count - 1);
    sp_observers_record(w, c, e, true);
    return ESB_OK;
}

/* remove, like get, looks in the pool first: a hit proves e alive (P2), so only a miss asks the entity table
 * which error it is, in the contract's order (STALE, UNKNOWN_COMPONENT, then ABSENT). */
esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    if (!w) return ESB_ERR_INVALID;
    if (esb_qr_locked(&w->core.queries)) return ESB_ERR_LOCKED;
    uint32_t pos;
    if (c >= w->core.component_count || !esb_sparse_find(&w->components[c].pool, e, &pos)) {
        esb_status s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
        return s != ESB_OK ? s : ESB_ERR_ABSENT;
    }
    esb_sparse_set *p = &w->components[c].pool;
    esb_status s;
    ESB_ASSERT_MSG(esb_et_alive(&w->core.entities, e), "a pool holding an entity that is not alive");
    if (!w->groups) {
        if (w->components[c].observers) sp_observers_forget(w, c, e);
        esb_sparse_erase(p, pos);
        return ESB_OK;
    }
    /* Removing c can make e leave a group that includes c, and enter one that excludes it (P3). */
    sp_listeners l = w->listeners[c];
    if (l.excluding && (s = sp_groups_reserve(w, l.excluding, e)) != ESB_OK) return s;
    if (l.including) {
        sp_groups_leave(w, l.including, e);
        if (w->owner[c]) esb_sparse_find(p, e, &pos); /* leaving the group owning the pool moved it */
    }
    if (w->components[c].observers) sp_observers_forget(w, c, e); /* after the last step that can fail */
    esb_sparse_erase(p, pos);
    if (l.excluding) sp_groups_enter_on_remove(w, l.excluding, e);
    return ESB_OK;
}

/* get and has look in the pool first: a slot holding the handle's version proves the entity alive (a pool holds
 * alive entities only, P2: destroying one empties its slot in every pool), so a hit needs no visit to the
 * entity table. Only a miss asks the table whether the handle was stale, the component unknown, or the
 * component absent. */
esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out);
    if (s != ESB_OK) return s;
    if (c < w->core.component_count && esb_sparse_get(&w->components[c].pool, e, out)) return ESB_OK;
    s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
    return s != ESB_OK ? s : ESB_ERR_ABSENT;
}

int esb_has(const esb_world *w, esb_entity e, esb_component c) {
    if (!w) return ESB_ERR_INVALID;
    if (c < w->core.component_count && esb_sparse_contains(&w->components[c].pool, e)) return 1;
    esb_status s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
    return s != ESB_OK ? s : 0;
}

/* The write through esb_get's checks and pointer, then EnTT's patch: an update its pool's observers hear.
 * Observers have room for every entity of the pool, so this never fails for memory. */
esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) {
    void *p;
    esb_status s = esb_get(w, e, c, &p);
    if (s != ESB_OK) return s;
    esb_write_value(p, value, w->components[c].pool.size);
    sp_observers_record(w, c, e, false);
    return ESB_OK;
}

bool esb_change_exact(void) { return true; }

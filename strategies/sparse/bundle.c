/* Bundles: several components of one entity added or removed in one call. Every pool, sparse page, observer slot
 * and member-set slot the change needs is reserved first, so that nothing fails once a pool has changed; then the
 * pools change, and the groups listening to any of the components are left before and entered after, each once,
 * where the plain loop of adds re-tests a group once per component it names. EnTT has no bundle emplace beyond one
 * emplace per storage (its registry's insert of several types is a loop of them, each storage's signal answered by
 * its groups at once), so this is the design's own best path, not EnTT's.
 *
 * The two operations are flattened (inline.h): their calls into the pools, the groups and the observers are inlined
 * into them before gcc weighs any other call, so that an add, a remove or a get is compiled exactly as it is in a
 * program without bundles (callgrind: the same instructions in every scenario but the bundles'). */
#include "bitset.h"
#include "group.h"
#include "inline.h"
#include "sparse.h"

/* How many of the components e (alive) holds: PRESENT unless none, ABSENT unless all. */
static uint32_t held(const esb_world *w, esb_entity e, const esb_component *ids, uint32_t count) {
    uint32_t n = 0;
    for (uint32_t k = 0; k < count; ++k) n += esb_sparse_contains(&w->components[ids[k]].pool, e);
    return n;
}

/* Which list of c's listeners: the groups that include c, or those that exclude it. */
typedef enum sp_role { SP_INCLUDING, SP_EXCLUDING } sp_role;

static const sp_watch *listening(const esb_world *w, esb_component c, sp_role role) {
    return role == SP_INCLUDING ? w->listeners[c].including : w->listeners[c].excluding;
}

/* Whether the watch x is the first by which a bundle of the components `named` reaches its group: no earlier term of
 * the group in the same role is one of them. A group listening to several is visited from that one alone. */
static bool first_named(const sp_watch *x, sp_role role, const esb_bitset *named) {
    const esb_component *terms = role == SP_INCLUDING ? x->group->include : x->group->exclude;
    for (uint32_t t = 0; t < x->term; ++t)
        if (esb_bitset_test(named, terms[t])) return false;
    return true;
}

/* Before the pools change, e leaves each group it may leave (those listening to the components in the role
 * `losing`) once, through the single change's step on a list of that one group (group.h). */
static void leave_groups(esb_world *w, const esb_component *ids, uint32_t count, const esb_bitset *named,
                         sp_role losing, esb_entity e) {
    for (uint32_t k = 0; k < count; ++k)
        for (const sp_watch *x = listening(w, ids[k], losing); x; x = x->next)
            if (first_named(x, losing, named)) {
                sp_watch one = {x->group, NULL, x->term};
                sp_groups_leave(w, &one, e);
            }
}

/* After every pool changed, e enters each group it may enter and now matches, tested once. */
static void enter_groups(esb_world *w, const esb_component *ids, uint32_t count, const esb_bitset *named,
                         sp_role gaining, esb_entity e) {
    for (uint32_t k = 0; k < count; ++k)
        for (const sp_watch *x = listening(w, ids[k], gaining); x; x = x->next)
            if (first_named(x, gaining, named)) sp_group_enter_if_matching(w, x->group, e);
}

/* The slots e needs in the non-owned groups it may enter (a slot reserved twice is one slot). */
static esb_status reserve_groups(const esb_world *w, const esb_component *ids, uint32_t count, sp_role gaining,
                                 esb_entity e) {
    esb_status s = ESB_OK;
    for (uint32_t k = 0; s == ESB_OK && k < count; ++k) s = sp_groups_reserve(w, listening(w, ids[k], gaining), e);
    return s;
}

/* The pools' changes where groups listen: they leave, the pools change, they enter, each group once. Out of line,
 * as the variants without groups never take it, and flattened as the operations are. */
static ESB_NOINLINE ESB_FLATTEN esb_status add_among_groups(esb_world *w, esb_entity e, const esb_component *ids,
                                                            uint32_t count, const void *const *values) {
    esb_status s = reserve_groups(w, ids, count, SP_INCLUDING, e);
    if (s != ESB_OK) return s;
    esb_bitset named;
    esb_bitset_of_ids(&named, ids, count);
    leave_groups(w, ids, count, &named, SP_EXCLUDING, e);
    for (uint32_t k = 0; k < count; ++k) esb_sparse_emplace(&w->components[ids[k]].pool, e, values ? values[k] : NULL);
    enter_groups(w, ids, count, &named, SP_INCLUDING, e);
    for (uint32_t k = 0; w->observer_count && k < count; ++k) sp_observers_record(w, ids[k], e, true);
    return ESB_OK;
}

ESB_FLATTEN esb_status esb_add_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count,
                                      const void *const *values) {
    esb_status s = esb_core_check_bundle(esb_core_of(w), e, ids, count);
    if (s != ESB_OK) return s;
    if (held(w, e, ids, count)) return ESB_ERR_PRESENT;
    uint32_t idx = esb_entity_index(e);
    for (uint32_t k = 0; k < count; ++k) {
        sp_component *comp = &w->components[ids[k]];
        if ((s = esb_sparse_reserve(&comp->pool, 1)) != ESB_OK) return s;
        if ((s = esb_sparse_reserve_index(&comp->pool, idx)) != ESB_OK) return s;
        if (comp->observers && (s = sp_observers_reserve(w, ids[k], 1, idx)) != ESB_OK) return s;
    }
    if (w->groups) return add_among_groups(w, e, ids, count, values);
    for (uint32_t k = 0; k < count; ++k) esb_sparse_emplace(&w->components[ids[k]].pool, e, values ? values[k] : NULL);
    for (uint32_t k = 0; w->observer_count && k < count; ++k) sp_observers_record(w, ids[k], e, true);
    return ESB_OK;
}

/* Each pool's erase, after the groups left: leaving a group that owns the pool moved e in it. */
static void erase_all(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count) {
    for (uint32_t k = 0; k < count; ++k) {
        esb_sparse_set *p = &w->components[ids[k]].pool;
        uint32_t pos;
        esb_sparse_find(p, e, &pos);
        if (w->components[ids[k]].observers) sp_observers_forget(w, ids[k], e);
        esb_sparse_erase(p, pos);
    }
}

/* Removing never grows a pool: only a non-owned group e may enter (one excluding a component removed) needs room.
 * Out of line and flattened, as add_among_groups. */
static ESB_NOINLINE ESB_FLATTEN esb_status remove_among_groups(esb_world *w, esb_entity e, const esb_component *ids,
                                                               uint32_t count) {
    esb_status s = reserve_groups(w, ids, count, SP_EXCLUDING, e);
    if (s != ESB_OK) return s;
    esb_bitset named;
    esb_bitset_of_ids(&named, ids, count);
    leave_groups(w, ids, count, &named, SP_INCLUDING, e);
    erase_all(w, e, ids, count);
    enter_groups(w, ids, count, &named, SP_EXCLUDING, e);
    return ESB_OK;
}

ESB_FLATTEN esb_status esb_remove_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count) {
    esb_status s = esb_core_check_bundle(esb_core_of(w), e, ids, count);
    if (s != ESB_OK) return s;
    if (held(w, e, ids, count) != count) return ESB_ERR_ABSENT;
    if (w->groups) return remove_among_groups(w, e, ids, count);
    erase_all(w, e, ids, count);
    return ESB_OK;
}

/* Query-wide adds and removes (esb_add_matching, esb_remove_matching), as EnTT's registry.insert(first, last,
 * value) over a view and its range remove. The entities to change are taken first, from the query's own batches
 * (a view's or a group's, view.c) into an array of handles: the changes can move the very pools the query walks
 * (removing c from a query over c's pool swaps that pool's elements; a group entering or leaving swaps its owned
 * pools), and EnTT's rule is the same (a view is not walked while the pool driving it is changed). Then every
 * allocation for the whole set (c's pool and the sparse pages of every index, each observer's, each non-owned
 * group's member set), then the changes, which cannot fail.
 *
 * Groups and observers end as esb_add and esb_remove leave them, entity by entity, except where one step serves
 * the whole call: the query's own group, which every changed entity leaves, is emptied at once; a removal that
 * takes every entity of c's pool clears the pool, its observers' sets and the groups including c in one pass
 * each (when the query is c's pool alone, without taking the array at all); observers record the additions one
 * observer at a time.
 *
 * Both calls are flattened (inline.h), as the bundles are, and the view's walk (view.c) too: the pools', groups'
 * and views' helpers are inlined into them, so they add no caller to those helpers, and esb_add, esb_remove and
 * esb_iter_next are compiled exactly as without them. */
#include <string.h>

#include "group.h"
#include "inline.h"
#include "match.h"
#include "sparse.h"

/* The entities one call changes: handles[0, count), or, where handles is NULL, every entity of `pool` (a removal
 * over c's pool alone, which takes no array). */
typedef struct sp_snapshot {
    esb_entity *handles;
    const esb_sparse_set *pool;
    uint32_t count, capacity; /* capacity: the handles the array has room for */
} sp_snapshot;

static inline esb_entity snapshot_at(const sp_snapshot *snap, uint32_t i) {
    return snap->handles ? snap->handles[i] : esb_sparse_handle(snap->pool, i);
}

static void snapshot_free(sp_snapshot *snap) {
    esb_mem_free(snap->handles, snap->handles ? (size_t)snap->capacity * sizeof *snap->handles : 0);
}

/* Which of the query's matches the call changes. */
typedef enum sp_take { SP_TAKE_ALL, SP_TAKE_LACKING, SP_TAKE_HOLDING } sp_take;

static bool has_term(const esb_component *terms, uint32_t count, esb_component c) {
    for (uint32_t t = 0; t < count; ++t)
        if (terms[t] == c) return true;
    return false;
}

/* The most matches q can have: a group's members, or a view's smallest included pool (every match is in it). */
static uint32_t match_bound(const esb_query *q) {
    if (q->kind == SP_NON_OWNED) return q->members.count;
    if (q->kind != SP_VIEW) return q->len;
    uint32_t bound = q->include_pool[0]->count;
    for (uint32_t t = 1; t < q->include_count; ++t)
        if (q->include_pool[t]->count < bound) bound = q->include_pool[t]->count;
    return bound;
}

/* Appends to out[*n] those of the count entities (entities[rows ? rows[i] : i], a batch's) that the call changes:
 * all (copied as one run where they are one), or those c's pool lacks (holds), kept without a branch: each is
 * written, and the count advances for a kept one. out may be entities itself (without rows), read ahead of where it
 * is written. */
static void take_some(const esb_entity *entities, const uint32_t *rows, uint32_t count, const esb_sparse_set *c_pool,
                      sp_take take, esb_entity *out, uint32_t *n) {
    uint32_t k = *n;
    if (take == SP_TAKE_ALL && !rows) {
        if (out + k != entities) memmove(out + k, entities, (size_t)count * sizeof *out);
        *n = k + count;
        return;
    }
    bool holding = take == SP_TAKE_HOLDING;
    for (uint32_t i = 0; i < count; ++i) {
        esb_entity e = entities[rows ? rows[i] : i];
        out[k] = e;
        k += take == SP_TAKE_ALL || esb_sparse_contains(c_pool, e) == holding;
    }
    *n = k;
}

/* The matches the call changes, as the query hands them out now, before anything changes: a group's members (P5:
 * the first len entities of its first owned pool, or its member set), or a view's batches. Its one allocation may
 * fail (NOMEM), leaving nothing behind. */
static esb_status take_snapshot(esb_query *q, const esb_sparse_set *c_pool, sp_take take, sp_snapshot *snap) {
    *snap = (sp_snapshot){NULL, c_pool, 0, match_bound(q)};
    if (!snap->capacity) return ESB_OK;
    snap->handles = esb_mem_alloc((size_t)snap->capacity * sizeof *snap->handles, 0);
    if (!snap->handles) return ESB_ERR_NOMEM;
    uint32_t n = 0;
    if (q->kind != SP_VIEW) {
        const esb_sparse_set *members = q->kind == SP_NON_OWNED ? &q->members : q->owned_pool[0];
        for (uint32_t i = 0; i < snap->capacity; ++i) snap->handles[i] = esb_sparse_handle(members, i);
        take_some(snap->handles, NULL, snap->capacity, c_pool, take, snap->handles, &n);
        snap->count = n;
        return ESB_OK;
    }
    /* A view's walk is no pass of q: no lock, nothing recorded, and no run memo (match.h). */
    bool remembers_runs = q->remembers_runs;
    q->remembers_runs = false;
    esb_iter it;
    sp_matches_begin(q, &it);
    while (sp_matches_next(&it)) {
        ESB_ASSERT_MSG(n + it.batch.count <= snap->capacity, "more matches than the query's smallest pool holds");
        take_some(it.batch.entities, it.batch.entity_rows, it.batch.count, c_pool, take, snap->handles, &n);
    }
    q->remembers_runs = remembers_runs;
    snap->count = n;
    return ESB_OK;
}

/* Room in `set` for `extra` more entities, and the sparse pages of the snapshot's indices (asked once per run of
 * indices in one page: neighbours in a pool are often neighbours in the entity table). */
static esb_status reserve_set(esb_sparse_set *set, uint32_t extra, const sp_snapshot *snap) {
    esb_status s = esb_sparse_reserve(set, extra);
    uint32_t page = UINT32_MAX; /* the page last made sure of */
    for (uint32_t i = 0; s == ESB_OK && i < snap->count; ++i) {
        uint32_t idx = esb_entity_index(snapshot_at(snap, i));
        if (idx >> ESB_SPARSE_PAGE_BITS == page) continue;
        page = idx >> ESB_SPARSE_PAGE_BITS;
        s = esb_sparse_reserve_index(set, idx);
    }
    return s;
}

/* The member sets of the non-owned groups of `gaining` (a listener list, sparse.h), which the snapshot's entities
 * may all enter. */
static esb_status reserve_member_sets(const sp_watch *gaining, const sp_snapshot *snap) {
    esb_status s = ESB_OK;
    for (; s == ESB_OK && gaining; gaining = gaining->next)
        if (gaining->group->kind == SP_NON_OWNED) s = reserve_set(&gaining->group->members, snap->count, snap);
    return s;
}

/* Empties a sparse set in one pass: every slot its entities filled cleared, count 0, the stamp bumped (its
 * handles are gone). */
static void clear_set(esb_sparse_set *set) {
    if (!set->count) return;
    for (uint32_t i = 0; i < set->count; ++i) {
        uint32_t idx = esb_entity_index(esb_sparse_handle(set, i));
        set->pages[idx >> ESB_SPARSE_PAGE_BITS][idx & (ESB_SPARSE_PAGE - 1)] = ESB_SPARSE_EMPTY;
    }
    set->count = 0;
    set->stamp++;
}

/* Every member of group g leaves it at once (each is losing a component g needs, or gaining one g excludes): an
 * owned or partially owned group's members stay where they are in its pools, past a length of 0 (P5); a
 * non-owned group's set is cleared. What the leaves one by one would count, with no swap. */
static void empty_group(esb_world *w, esb_query *g) {
    if (g->kind == SP_NON_OWNED) {
        w->group_moves += g->members.count;
        clear_set(&g->members);
    } else {
        w->group_moves += g->len;
        g->len = 0;
    }
}

/* The query's own group, where every entity the call changes leaves it (q names c among `terms`: it excludes c on an
 * add, includes it on a remove): emptied at once and returned, for the leaves one by one to pass over; else NULL. */
static const esb_query *empty_own_group(esb_world *w, esb_query *q, const esb_component *terms, uint32_t count,
                                        esb_component c) {
    if (q->kind == SP_VIEW || !has_term(terms, count, c)) return NULL;
    empty_group(w, q);
    return q;
}

/* e leaves the groups of `losing` it is a member of but `emptied` (left already), one group at a time through
 * sp_groups_leave. */
static void leave_groups(esb_world *w, const sp_watch *losing, const esb_query *emptied, esb_entity e) {
    for (; losing; losing = losing->next)
        if (losing->group != emptied) {
            sp_watch one = {losing->group, NULL, losing->term};
            sp_groups_leave(w, &one, e);
        }
}

/* Writes value (zeros for NULL) at positions [first, first + n) of a pool, nothing for a tag: the value once, then
 * the run written so far copied after itself, doubling it each time. */
static void fill_same(esb_sparse_set *p, uint32_t first, uint32_t n, const void *value) {
    if (p->size && n) esb_repeat_value(esb_sparse_value(p, first), value, (uint32_t)p->size, n);
}

/* c given to every entity of the snapshot, each lacking it, with everything reserved. Without a group listening
 * to c, the handles go in as one run and the values after them; with one, entity by entity as esb_add goes
 * (leave the groups excluding c, emplace, enter those including it). Observers, one at a time, record each
 * entity as an addition: none holds any of them yet (P8: they lacked c). */
static void add_all(esb_world *w, esb_query *q, esb_component c, const void *value, const sp_snapshot *snap) {
    esb_sparse_set *p = &w->components[c].pool;
    sp_listeners l = w->listeners[c];
    uint32_t n = snap->count;
    const esb_query *emptied = empty_own_group(w, q, q->exclude, q->exclude_count, c);
    if (!l.including && !l.excluding) {
        uint32_t first = p->count;
        for (uint32_t i = 0; i < n; ++i) esb_sparse_append(p, snap->handles[i]);
        fill_same(p, first, n, value);
    } else
        for (uint32_t i = 0; i < n; ++i) {
            esb_entity e = snap->handles[i];
            leave_groups(w, l.excluding, emptied, e);
            esb_sparse_emplace(p, e, value);
            if (l.including) sp_groups_enter_on_add(w, l.including, e, p->count - 1);
        }
    for (esb_query *o = w->components[c].observers; o; o = o->next_observer)
        for (uint32_t i = 0; i < n; ++i) esb_sparse_emplace(&o->observed, snap->handles[i], NULL);
}

ESB_FLATTEN esb_status esb_add_matching(esb_query *q, esb_component c, const void *value, size_t *out_count) {
    esb_status s = q ? esb_core_check_matching(&q->world->core, q->change, c) : ESB_ERR_INVALID;
    if (s != ESB_OK) return s;
    esb_world *w = q->world;
    esb_sparse_set *p = &w->components[c].pool;
    sp_snapshot snap = {NULL, p, 0, 0};
    /* A match of a query including c holds it already: nothing to add. One excluding c lacks it: no test. */
    if (!q->matches_nothing && !has_term(q->include, q->include_count, c)) {
        bool excluded = has_term(q->exclude, q->exclude_count, c);
        s = take_snapshot(q, p, excluded ? SP_TAKE_ALL : SP_TAKE_LACKING, &snap);
    }
    if (s == ESB_OK && snap.count) {
        s = reserve_set(p, snap.count, &snap);
        for (esb_query *o = w->components[c].observers; s == ESB_OK && o; o = o->next_observer)
            s = reserve_set(&o->observed, p->count + snap.count - o->observed.count, &snap);
        if (s == ESB_OK) s = reserve_member_sets(w->listeners[c].including, &snap);
    }
    if (s == ESB_OK && snap.count) add_all(w, q, c, value, &snap);
    snapshot_free(&snap);
    if (s == ESB_OK && out_count) *out_count = snap.count;
    return s;
}

/* c taken from every entity of its pool (the snapshot's entities are all of them), with everything reserved: the
 * groups including c lose all their members and c's observers all their entities (P8: an observed entity holds
 * c), each in one step; the pool is cleared in one pass. The entities enter the groups excluding c before the
 * pool is cleared, which is no different from after: entering on a remove does not ask c's pool again, and a
 * group excluding c owns no pool of c's (it owns included pools only), so the snapshot's pool does not move. */
static void remove_whole_pool(esb_world *w, esb_component c, const sp_snapshot *snap) {
    esb_sparse_set *p = &w->components[c].pool;
    sp_listeners l = w->listeners[c];
    for (const sp_watch *x = l.including; x; x = x->next) empty_group(w, x->group);
    for (esb_query *o = w->components[c].observers; o; o = o->next_observer) clear_set(&o->observed);
    if (l.excluding)
        for (uint32_t i = 0; i < snap->count; ++i) sp_groups_enter_on_remove(w, l.excluding, snapshot_at(snap, i));
    clear_set(p);
}

/* c taken from every entity of the snapshot, each holding it, with everything reserved, entity by entity as
 * esb_remove goes (leave the groups including c, erase, enter those excluding it); the observers forget them one
 * observer at a time. */
static void remove_each(esb_world *w, esb_query *q, esb_component c, const sp_snapshot *snap) {
    esb_sparse_set *p = &w->components[c].pool;
    sp_listeners l = w->listeners[c];
    uint32_t n = snap->count;
    const esb_query *emptied = empty_own_group(w, q, q->include, q->include_count, c);
    for (esb_query *o = w->components[c].observers; o; o = o->next_observer)
        for (uint32_t i = 0; i < n; ++i) {
            uint32_t pos;
            if (esb_sparse_find(&o->observed, snap->handles[i], &pos)) esb_sparse_erase(&o->observed, pos);
        }
    for (uint32_t i = 0; i < n; ++i) {
        esb_entity e = snap->handles[i];
        uint32_t pos;
        leave_groups(w, l.including, emptied, e); /* may move e in c's pool: found after */
        esb_sparse_find(p, e, &pos);
        esb_sparse_erase(p, pos);
        if (l.excluding) sp_groups_enter_on_remove(w, l.excluding, e);
    }
}

ESB_FLATTEN esb_status esb_remove_matching(esb_query *q, esb_component c, size_t *out_count) {
    esb_status s = q ? esb_core_check_matching(&q->world->core, q->change, c) : ESB_ERR_INVALID;
    if (s != ESB_OK) return s;
    esb_world *w = q->world;
    esb_sparse_set *p = &w->components[c].pool;
    sp_snapshot snap = {NULL, p, 0, 0};
    /* A query over c's pool alone matches every entity of it: no array to take. A match of a query including c
     * holds it: no test. One excluding c lacks it: nothing to remove. */
    bool included = has_term(q->include, q->include_count, c);
    bool none = q->matches_nothing || has_term(q->exclude, q->exclude_count, c);
    if (!none && included && q->include_count == 1 && q->exclude_count == 0)
        snap.count = p->count;
    else if (!none)
        s = take_snapshot(q, p, included ? SP_TAKE_ALL : SP_TAKE_HOLDING, &snap);
    if (s == ESB_OK && snap.count) s = reserve_member_sets(w->listeners[c].excluding, &snap);
    if (s == ESB_OK && snap.count) {
        if (snap.count == p->count) /* distinct entities of the pool, as many as it holds: all of them */
            remove_whole_pool(w, c, &snap);
        else
            remove_each(w, q, c, &snap);
    }
    snapshot_free(&snap);
    if (s == ESB_OK && out_count) *out_count = snap.count;
    return s;
}

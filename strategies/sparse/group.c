#include "group.h"

#include <string.h>

#include "check.h"
#include "inline.h"

static esb_sparse_set *pool_of(esb_world *w, esb_component c) { return &w->components[c].pool; }

/* Whether e has every component q includes and none it excludes; at[t] receives e's position in include[t]'s
 * pool (the positions enter() needs, so that it looks nothing up again). The term of the component just
 * changed on e is not asked again: known_include (SP_NO_TERM for none) is an include term e was just given,
 * held at known_pos; known_exclude an exclude term whose component e just lost (what EnTT's groups skip for
 * the storage whose signal they are answering). known_pos stays right across the groups
 * sp_groups_enter_on_add visits: entering one group moves e only in the pools that group owns, and enter() reads a position only
 * for a pool the entered group owns, which no other group does. */
#define SP_NO_TERM UINT32_MAX
static ESB_ALWAYS_INLINE bool matches_at(const esb_query *q, esb_entity e, uint32_t *at, uint32_t known_include,
                                         uint32_t known_pos, uint32_t known_exclude) {
    if (q->matches_nothing) return false;
    for (uint32_t t = 0; t < q->include_count; ++t) {
        if (t == known_include)
            at[t] = known_pos;
        else if (!esb_sparse_find(q->include_pool[t], e, &at[t]))
            return false;
    }
    for (uint32_t t = 0; t < q->exclude_count; ++t)
        if (t != known_exclude && esb_sparse_contains(q->exclude_pool[t], e)) return false;
    return true;
}

static bool matches(const esb_query *q, esb_entity e) {
    uint32_t at[ESB_MAX_FIELDS + ESB_MAX_TERMS];
    return matches_at(q, e, at, SP_NO_TERM, 0, SP_NO_TERM);
}

#ifdef ESB_CHECKED
bool sp_group_matches(const esb_query *q, esb_entity e) { return matches(q, e); }
#endif

/* Whether e is in q; for an owned or partially owned group *lead receives its position in owned[0]'s pool. */
static bool is_member(const esb_query *q, esb_entity e, uint32_t *lead) {
    if (q->kind == SP_NON_OWNED) return esb_sparse_contains(&q->members, e);
    return esb_sparse_find(q->owned_pool[0], e, lead) && *lead < q->len;
}

/* Exchanges the `size` bytes at va and vb (distinct) through words of `type`; size is a multiple of its size. */
#define SWAP_AS(type, va, vb, size)                                 \
    do {                                                            \
        for (uint32_t off = 0; off < (size); off += sizeof(type)) { \
            type x, y;                                              \
            memcpy(&x, (va) + off, sizeof x);                       \
            memcpy(&y, (vb) + off, sizeof y);                       \
            memcpy((va) + off, &y, sizeof y);                       \
            memcpy((vb) + off, &x, sizeof x);                       \
        }                                                           \
    } while (0)

/* Exchanges the elements at positions a and b of a pool: handles, values and their sparse slots. */
static ESB_NOINLINE void swap_positions(esb_sparse_set *p, uint32_t a, uint32_t b) {
    if (a == b) return;
    p->stamp++;
    esb_entity_word ea = p->dense[a], eb = p->dense[b];
    p->dense[a] = eb;
    p->dense[b] = ea;
    esb_sparse_point(p, esb_entity_of(ea), b);
    esb_sparse_point(p, esb_entity_of(eb), a);
    unsigned char *va = esb_sparse_value(p, a), *vb = esb_sparse_value(p, b);
    /* No call per swap: fixed sizes, else word by word where the size allows (every size is a multiple of its
     * alignment). */
    switch (p->size) {
    case 0: return;
    case 4: SWAP_AS(uint32_t, va, vb, 4); return;
    case 8: SWAP_AS(uint64_t, va, vb, 8); return;
    case 12:
        SWAP_AS(uint64_t, va, vb, 8);
        SWAP_AS(uint32_t, va + 8, vb + 8, 4);
        return;
    case 16: SWAP_AS(uint64_t, va, vb, 16); return;
    default:
        if (p->size % 8 == 0)
            SWAP_AS(uint64_t, va, vb, p->size);
        else if (p->size % 4 == 0)
            SWAP_AS(uint32_t, va, vb, p->size);
        else
            SWAP_AS(unsigned char, va, vb, p->size);
    }
}

/* e, which matches q (matches_at gave its positions at), enters it. Needs, for a non-owned group, a reserved
 * slot (sp_groups_reserve). */
static void enter(esb_world *w, esb_query *q, esb_entity e, const uint32_t *at) {
    w->group_moves++;
    if (q->kind == SP_NON_OWNED) {
        esb_sparse_emplace(&q->members, e, NULL);
        return;
    }
    for (uint32_t k = 0; k < q->owned_count; ++k) {
        esb_sparse_set *p = q->owned_pool[k];
        uint32_t pos = at[q->owned_term[k]];
        ESB_ASSERT_MSG(pos < p->count && esb_sparse_handle(p, pos) == e,
                       "an entity entering a group from where it is not");
        ESB_ASSERT_MSG(pos >= q->len, "an entity entering a group it is already in");
        swap_positions(p, pos, q->len);
    }
    q->len++;
}

/* e, a member of q (is_member gave its position lead in owned[0]'s pool), leaves it. A member sits at the
 * same position in every owned pool (P5), so lead is its position in each: nothing is looked up again. */
static void leave(esb_world *w, esb_query *q, esb_entity e, uint32_t lead) {
    w->group_moves++;
    if (q->kind == SP_NON_OWNED) {
        uint32_t pos;
        esb_sparse_find(&q->members, e, &pos);
        esb_sparse_erase(&q->members, pos);
        return;
    }
    ESB_ASSERT_MSG(q->len > 0 && lead < q->len, "an entity leaving a group it is not in");
    uint32_t last = --q->len;
    for (uint32_t k = 0; k < q->owned_count; ++k) {
        esb_sparse_set *p = q->owned_pool[k];
        ESB_ASSERT_MSG(esb_sparse_handle(p, lead) == e, "owned pools out of step inside their group");
        swap_positions(p, lead, last);
    }
}

esb_status sp_member_sets_reserve(const sp_watch *gaining, esb_entity e) {
    for (; gaining; gaining = gaining->next) {
        esb_query *q = gaining->group;
        if (q->kind != SP_NON_OWNED) continue;
        esb_status s = esb_sparse_reserve(&q->members, 1);
        if (s == ESB_OK) s = esb_sparse_reserve_index(&q->members, esb_entity_index(e));
        if (s != ESB_OK) return s;
    }
    return ESB_OK;
}

void sp_groups_leave(esb_world *w, const sp_watch *losing, esb_entity e) {
    for (; losing; losing = losing->next) {
        uint32_t lead = 0; /* set by is_member for the groups that own pools */
        if (is_member(losing->group, e, &lead)) leave(w, losing->group, e, lead);
    }
}

/* Only adding an included component or removing an excluded one can make e match, as EnTT's groups listen
 * for; e did not match before either change, so it is no member yet. */
static ESB_ALWAYS_INLINE void enter_matching(esb_world *w, const sp_watch *gaining, esb_entity e, bool included,
                                             uint32_t pos) {
    for (; gaining; gaining = gaining->next) {
        uint32_t at[ESB_MAX_FIELDS + ESB_MAX_TERMS];
        uint32_t inc = included ? gaining->term : SP_NO_TERM, exc = included ? SP_NO_TERM : gaining->term;
        if (matches_at(gaining->group, e, at, inc, pos, exc)) enter(w, gaining->group, e, at);
    }
}

void sp_groups_enter_on_add(esb_world *w, const sp_watch *gaining, esb_entity e, uint32_t pos) {
    enter_matching(w, gaining, e, true, pos);
}

void sp_groups_enter_on_remove(esb_world *w, const sp_watch *gaining, esb_entity e) {
    enter_matching(w, gaining, e, false, 0);
}

void sp_group_enter_if_matching(esb_world *w, esb_query *q, esb_entity e) {
    uint32_t at[ESB_MAX_FIELDS + ESB_MAX_TERMS];
    if (matches_at(q, e, at, SP_NO_TERM, 0, SP_NO_TERM)) enter(w, q, e, at);
}

void sp_groups_forget(esb_world *w, esb_entity e) {
    uint32_t lead = 0;
    for (esb_query *q = w->groups; q; q = q->next_group)
        if (is_member(q, e, &lead)) leave(w, q, e, lead);
}

void sp_groups_admit(esb_world *w, esb_entity e) {
    uint32_t at[ESB_MAX_FIELDS + ESB_MAX_TERMS];
    for (esb_query *q = w->groups; q; q = q->next_group)
        if (matches_at(q, e, at, SP_NO_TERM, 0, SP_NO_TERM)) enter(w, q, e, at);
}

/* Links q's watch nodes into the listeners of its terms' components (P3); a group that matches nothing listens
 * to none. */
static void listen(esb_world *w, esb_query *q) {
    if (q->matches_nothing) return;
    for (uint32_t t = 0; t < q->include_count; ++t) {
        sp_watch *x = &q->include_watch[t], **head = &w->listeners[q->include[t]].including;
        *x = (sp_watch){q, *head, t};
        *head = x;
    }
    for (uint32_t t = 0; t < q->exclude_count; ++t) {
        sp_watch *x = &q->exclude_watch[t], **head = &w->listeners[q->exclude[t]].excluding;
        *x = (sp_watch){q, *head, t};
        *head = x;
    }
}

static void unlink_watch(sp_watch **head, const sp_watch *x) {
    for (; *head; head = &(*head)->next)
        if (*head == x) {
            *head = x->next;
            return;
        }
}

static void stop_listening(esb_world *w, esb_query *q) {
    if (q->matches_nothing) return;
    for (uint32_t t = 0; t < q->include_count; ++t)
        unlink_watch(&w->listeners[q->include[t]].including, &q->include_watch[t]);
    for (uint32_t t = 0; t < q->exclude_count; ++t)
        unlink_watch(&w->listeners[q->exclude[t]].excluding, &q->exclude_watch[t]);
}

esb_status sp_group_attach(esb_world *w, esb_query *q) {
    uint32_t free = 0;
    for (uint32_t t = 0; t < q->include_count; ++t) free += w->owner[q->include[t]] == NULL;
    q->kind = free == q->include_count ? SP_OWNED : free ? SP_PARTIAL : SP_NON_OWNED;

    /* Candidates: the entities of the smallest included pool. */
    esb_component smallest = q->include[0];
    for (uint32_t t = 1; t < q->include_count; ++t)
        if (pool_of(w, q->include[t])->count < pool_of(w, smallest)->count) smallest = q->include[t];
    const esb_sparse_set *cand = pool_of(w, smallest);

    if (q->kind == SP_NON_OWNED) {
        esb_status s = esb_sparse_reserve(&q->members, cand->count);
        for (uint32_t i = 0; s == ESB_OK && i < cand->count; ++i)
            if (matches(q, esb_sparse_handle(cand, i)))
                s = esb_sparse_reserve_index(&q->members, esb_entity_index(esb_sparse_handle(cand, i)));
        if (s != ESB_OK) {
            esb_sparse_free(&q->members);
            return s;
        }
        for (uint32_t i = 0; i < cand->count; ++i)
            if (matches(q, esb_sparse_handle(cand, i)))
                esb_sparse_emplace(&q->members, esb_sparse_handle(cand, i), NULL);
    } else {
        for (uint32_t t = 0; t < q->include_count; ++t)
            if (!w->owner[q->include[t]]) {
                w->owner[q->include[t]] = q;
                q->owned_term[q->owned_count] = t;
                q->owned_pool[q->owned_count] = pool_of(w, q->include[t]);
                q->owned[q->owned_count++] = q->include[t];
            }
        /* Entering swaps members to the front of every owned pool; walking one owned pool front to back stays
         * correct, since the element swapped into place i was already visited (a non-member at len <= i). */
        const esb_sparse_set *walk = pool_of(w, q->owned[0]);
        uint32_t at[ESB_MAX_FIELDS + ESB_MAX_TERMS];
        for (uint32_t i = 0; i < walk->count; ++i)
            if (matches_at(q, esb_sparse_handle(walk, i), at, SP_NO_TERM, 0, SP_NO_TERM))
                enter(w, q, esb_sparse_handle(walk, i), at);
    }
    q->next_group = w->groups;
    w->groups = q;
    w->member_sets += q->kind == SP_NON_OWNED;
    listen(w, q);
    return ESB_OK;
}

void sp_group_detach(esb_world *w, esb_query *q) {
    for (esb_query **at = &w->groups; *at; at = &(*at)->next_group)
        if (*at == q) {
            *at = q->next_group;
            break;
        }
    for (uint32_t k = 0; k < q->owned_count; ++k) w->owner[q->owned[k]] = NULL;
    esb_sparse_free(&q->members);
    w->member_sets -= q->kind == SP_NON_OWNED;
    stop_listening(w, q);
}

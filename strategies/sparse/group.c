#include "group.h"

#include <string.h>

#include "check.h"

static esb_sparse_set *pool_of(esb_world *w, esb_component c) { return &w->components[c].pool; }

static bool includes(const esb_query *q, esb_component c) {
    for (uint32_t t = 0; t < q->include_count; ++t)
        if (q->include[t] == c) return true;
    return false;
}

static bool matches(const esb_world *w, const esb_query *q, esb_entity e) {
    if (q->matches_nothing) return false;
    for (uint32_t t = 0; t < q->include_count; ++t)
        if (!esb_sparse_contains(&w->components[q->include[t]].pool, e)) return false;
    for (uint32_t t = 0; t < q->exclude_count; ++t)
        if (esb_sparse_contains(&w->components[q->exclude[t]].pool, e)) return false;
    return true;
}

#ifdef ESB_CHECKED
bool sp_group_matches(const esb_world *w, const esb_query *q, esb_entity e) { return matches(w, q, e); }
#endif

static bool is_member(esb_world *w, const esb_query *q, esb_entity e) {
    if (q->kind == SP_NON_OWNED) return esb_sparse_contains(&q->members, e);
    uint32_t pos;
    return esb_sparse_find(pool_of(w, q->owned[0]), e, &pos) && pos < q->len;
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
static void swap_positions(esb_sparse_set *p, uint32_t a, uint32_t b) {
    if (a == b) return;
    esb_entity ea = p->dense[a], eb = p->dense[b];
    p->dense[a] = eb;
    p->dense[b] = ea;
    esb_sparse_point(p, ea, b);
    esb_sparse_point(p, eb, a);
    unsigned char *va = esb_sparse_value(p, a), *vb = esb_sparse_value(p, b);
    /* Word by word where the size allows (every size is a multiple of its alignment): no call per swap. */
    if (p->size % 8 == 0)
        SWAP_AS(uint64_t, va, vb, p->size);
    else if (p->size % 4 == 0)
        SWAP_AS(uint32_t, va, vb, p->size);
    else
        SWAP_AS(unsigned char, va, vb, p->size);
}

/* Needs, for a non-owned group, a reserved slot (sp_groups_reserve). */
static void enter(esb_world *w, esb_query *q, esb_entity e) {
    w->group_moves++;
    if (q->kind == SP_NON_OWNED) {
        esb_sparse_emplace(&q->members, e, NULL);
        return;
    }
    for (uint32_t k = 0; k < q->owned_count; ++k) {
        esb_sparse_set *p = pool_of(w, q->owned[k]);
        uint32_t pos;
        esb_sparse_find(p, e, &pos);
        ESB_ASSERT_MSG(pos >= q->len, "an entity entering a group it is already in");
        swap_positions(p, pos, q->len);
    }
    q->len++;
}

static void leave(esb_world *w, esb_query *q, esb_entity e) {
    w->group_moves++;
    uint32_t pos;
    if (q->kind == SP_NON_OWNED) {
        esb_sparse_find(&q->members, e, &pos);
        esb_sparse_erase(&q->members, pos);
        return;
    }
    ESB_ASSERT_MSG(q->len > 0, "an entity leaving an empty group");
    q->len--;
    for (uint32_t k = 0; k < q->owned_count; ++k) {
        esb_sparse_set *p = pool_of(w, q->owned[k]);
        esb_sparse_find(p, e, &pos);
        ESB_ASSERT_MSG(pos <= q->len, "an entity leaving a group it is not in");
        swap_positions(p, pos, q->len);
    }
}

esb_status sp_groups_reserve(esb_world *w, esb_entity e, uint32_t extra) {
    for (esb_query *q = w->groups; q; q = q->next_group) {
        if (q->kind != SP_NON_OWNED) continue;
        esb_status s = esb_sparse_reserve(&q->members, extra);
        if (s == ESB_OK) s = esb_sparse_reserve_index(&q->members, esb_entity_index(e));
        if (s != ESB_OK) return s;
    }
    return ESB_OK;
}

void sp_groups_before_change(esb_world *w, esb_entity e, esb_component c, bool adding) {
    for (esb_query *q = w->groups; q; q = q->next_group) {
        if (!esb_bitset_test(&q->watched, c)) continue;
        bool loses = adding ? !includes(q, c) : includes(q, c); /* adding an excluded / removing an included */
        if (loses && is_member(w, q, e)) leave(w, q, e);
    }
}

void sp_groups_after_change(esb_world *w, esb_entity e, esb_component c) {
    for (esb_query *q = w->groups; q; q = q->next_group)
        if (esb_bitset_test(&q->watched, c) && !is_member(w, q, e) && matches(w, q, e)) enter(w, q, e);
}

void sp_groups_forget(esb_world *w, esb_entity e) {
    for (esb_query *q = w->groups; q; q = q->next_group)
        if (is_member(w, q, e)) leave(w, q, e);
}

void sp_groups_admit(esb_world *w, esb_entity e) {
    for (esb_query *q = w->groups; q; q = q->next_group)
        if (matches(w, q, e)) enter(w, q, e);
}

esb_status sp_group_attach(esb_world *w, esb_query *q) {
    uint32_t free = 0;
    for (uint32_t t = 0; t < q->include_count; ++t) free += w->owner[q->include[t]] == NULL;
    q->kind = free == q->include_count ? SP_OWNED : free ? SP_PARTIAL : SP_NON_OWNED;
    for (uint32_t t = 0; t < q->include_count; ++t) esb_bitset_set(&q->watched, q->include[t]);
    for (uint32_t t = 0; t < q->exclude_count; ++t) esb_bitset_set(&q->watched, q->exclude[t]);

    /* Candidates: the entities of the smallest included pool. */
    esb_component smallest = q->include[0];
    for (uint32_t t = 1; t < q->include_count; ++t)
        if (pool_of(w, q->include[t])->count < pool_of(w, smallest)->count) smallest = q->include[t];
    const esb_sparse_set *cand = pool_of(w, smallest);

    if (q->kind == SP_NON_OWNED) {
        esb_status s = esb_sparse_reserve(&q->members, cand->count);
        for (uint32_t i = 0; s == ESB_OK && i < cand->count; ++i)
            if (matches(w, q, cand->dense[i]))
                s = esb_sparse_reserve_index(&q->members, esb_entity_index(cand->dense[i]));
        if (s != ESB_OK) {
            esb_sparse_free(&q->members);
            return s;
        }
        for (uint32_t i = 0; i < cand->count; ++i)
            if (matches(w, q, cand->dense[i])) esb_sparse_emplace(&q->members, cand->dense[i], NULL);
    } else {
        for (uint32_t t = 0; t < q->include_count; ++t)
            if (!w->owner[q->include[t]]) {
                w->owner[q->include[t]] = q;
                q->owned[q->owned_count++] = q->include[t];
            }
        /* Entering swaps members to the front of every owned pool; walking one owned pool front to back stays
         * correct, since the element swapped into place i was already visited (a non-member at len <= i). */
        const esb_sparse_set *walk = pool_of(w, q->owned[0]);
        for (uint32_t i = 0; i < walk->count; ++i)
            if (matches(w, q, walk->dense[i])) enter(w, q, walk->dense[i]);
    }
    q->next_group = w->groups;
    w->groups = q;
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
}

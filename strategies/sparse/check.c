/* esb_world_check: the invariants written beside the structs of sparse.h (P1-P7), as code. */
#include <string.h>

#include "bitset.h"
#include "check.h"
#include "group.h"
#include "match.h"
#include "query_head.h"
#include "sparse.h"
#include "cached.h"    /* the variant's cached set: cached-views/cached.h or cached-groups/cached.h */
#include "view_loop.h" /* the variant's view set, for SP_RUNS: view-best/ or view-entt/view_loop.h */

#ifdef ESB_CHECKED
static const esb_sparse_set *pool_of(const esb_world *w, esb_component c) { return &w->components[c].pool; }

static void check_pools(const esb_world *w) { /* P1, P2 */
    esb_core_check_invariants(&w->core);
    for (esb_component c = 0; c < w->core.component_count; ++c) {
        const esb_sparse_set *p = pool_of(w, c);
        esb_sparse_check_invariants(p, w->core.entities.issued);
        for (uint32_t pos = 0; pos < p->count; ++pos)
            ESB_ASSERT_MSG(esb_et_alive(&w->core.entities, esb_sparse_handle(p, pos)), "a pool holding a dead entity");
    }
}

static void check_terms(const esb_world *w, const esb_query *q) { /* P6 */
    ESB_ASSERT_MSG(q->world == w, "a query of another world");
    ESB_ASSERT(q->field_count <= q->include_count && q->include_count <= ESB_MAX_FIELDS + ESB_MAX_TERMS);
    ESB_ASSERT(q->exclude_count <= ESB_MAX_TERMS && q->scratch);
    esb_bitset include = {{0}}, exclude = {{0}}, with_data = {{0}};
    for (uint32_t t = 0; t < q->include_count; ++t) {
        ESB_ASSERT_MSG(q->include[t] < w->core.component_count, "a term of an unregistered component");
        ESB_ASSERT_MSG(!esb_bitset_test(&include, q->include[t]), "a component included twice");
        esb_bitset_set(&include, q->include[t]);
    }
    for (uint32_t t = 0; t < q->exclude_count; ++t) {
        ESB_ASSERT_MSG(q->exclude[t] < w->core.component_count, "a term of an unregistered component");
        ESB_ASSERT_MSG(!esb_bitset_test(&exclude, q->exclude[t]), "a component excluded twice");
        esb_bitset_set(&exclude, q->exclude[t]);
    }
    for (uint32_t k = 0; k < q->field_count; ++k)
        ESB_ASSERT_MSG(q->fields[k] == q->include[k], "an include list that does not start with the fields");
    for (esb_component c = 0; c < w->core.component_count; ++c)
        if (pool_of(w, c)->size) esb_bitset_set(&with_data, c);
    esb_query_terms_check_invariants(q->fields, q->field_count, &include, &exclude, q->matches_nothing, &with_data,
                                     w->core.component_count);
    ESB_ASSERT_MSG(SP_CACHED_AS_GROUPS || q->kind == SP_VIEW, "a group in a variant without groups");
    for (uint32_t t = 0; t < q->include_count; ++t)
        ESB_ASSERT_MSG(q->include_pool[t] == pool_of(w, q->include[t]), "an include term's pool is another");
    for (uint32_t t = 0; t < q->exclude_count; ++t)
        ESB_ASSERT_MSG(q->exclude_pool[t] == pool_of(w, q->exclude[t]), "an exclude term's pool is another");
}

static void check_ownership(const esb_world *w, const esb_query *q) { /* P4 */
    for (uint32_t k = 0; k < q->owned_count; ++k) {
        esb_component c = q->owned[k];
        ESB_ASSERT_MSG(c < w->core.component_count && w->owner[c] == q, "an owned pool that names another owner");
        ESB_ASSERT_MSG(q->owned_term[k] < q->include_count && q->include[q->owned_term[k]] == c,
                       "a group owning a pool it does not include where it says");
        ESB_ASSERT_MSG(q->owned_pool[k] == pool_of(w, c), "an owned pool's pointer names another");
        for (uint32_t j = 0; j < k; ++j) ESB_ASSERT_MSG(q->owned[j] != c, "a pool owned twice by one group");
    }
    switch (q->kind) {
    case SP_OWNED: ESB_ASSERT_MSG(q->owned_count == q->include_count, "an owned group missing a pool"); break;
    case SP_PARTIAL:
        ESB_ASSERT_MSG(q->owned_count > 0 && q->owned_count < q->include_count, "a partial group owning all or none");
        break;
    default: ESB_ASSERT_MSG(q->owned_count == 0, "a non-owned group owning a pool"); break;
    }
}

static void check_members(const esb_world *w, const esb_query *q) { /* P5 */
    if (q->kind == SP_NON_OWNED) {
        const esb_sparse_set *members = &q->members;
        ESB_ASSERT_MSG(members->size == 0, "a member set holding values");
        esb_sparse_check_invariants(members, w->core.entities.issued);
        for (uint32_t pos = 0; pos < members->count; ++pos)
            ESB_ASSERT_MSG(sp_group_matches(q, esb_sparse_handle(members, pos)),
                           "a non-owned group member that does not match");
        const esb_sparse_set *candidates = pool_of(w, q->include[0]);
        for (uint32_t pos = 0; pos < candidates->count; ++pos)
            if (sp_group_matches(q, esb_sparse_handle(candidates, pos)))
                ESB_ASSERT_MSG(esb_sparse_contains(members, esb_sparse_handle(candidates, pos)),
                               "a matching entity outside its group");
        return;
    }
    const esb_sparse_set *lead = pool_of(w, q->owned[0]);
    for (uint32_t k = 0; k < q->owned_count; ++k)
        ESB_ASSERT_MSG(q->len <= pool_of(w, q->owned[k])->count, "a group length past an owned pool's end");
    for (uint32_t pos = 0; pos < lead->count; ++pos) {
        esb_entity e = esb_sparse_handle(lead, pos);
        if (pos >= q->len) {
            ESB_ASSERT_MSG(!sp_group_matches(q, e), "a matching entity past its group's length marker");
            continue;
        }
        ESB_ASSERT_MSG(sp_group_matches(q, e), "an entity inside a group's length marker that does not match");
        for (uint32_t k = 1; k < q->owned_count; ++k)
            ESB_ASSERT_MSG(esb_sparse_handle(pool_of(w, q->owned[k]), pos) == e,
                           "owned pools out of step inside their group");
    }
}

static void check_memo(const esb_world *w, const esb_query *q) { /* P7 */
    const sp_run_memo *m = &q->memo;
    ESB_ASSERT_MSG(SP_RUNS || !q->remembers_runs, "a run memo in a variant without runs");
    ESB_ASSERT_MSG(q->remembers_runs || (m->count == 0 && !m->entries), "a run memo in a query that keeps none");
    ESB_ASSERT_MSG(!q->remembers_runs || q->kind == SP_VIEW, "a run memo in a group");
    ESB_ASSERT(m->count <= m->capacity);
    if (m->count == 0 || !sp_memo_holds(q)) return; /* emptied when the next pass begins */
    const esb_sparse_set *drive = pool_of(w, m->driver);
    uint32_t at = 0, stride = SP_MEMO_STRIDE(q), first[ESB_MAX_FIELDS + ESB_MAX_TERMS];
    for (uint32_t k = 0; k < m->count; ++k) {
        const uint32_t *entry = m->entries + (size_t)k * stride;
        ESB_ASSERT_MSG(entry[0] == at && at < drive->count, "a run memo entry out of its chain");
        uint32_t run = sp_run(q, m->driver, at, first);
        ESB_ASSERT_MSG(entry[1] == run, "a run memo entry sp_run no longer gives");
        ESB_ASSERT_MSG(!run || !memcmp(entry + 2, first, q->include_count * sizeof *first),
                       "a remembered run whose pools no longer sit where it says");
        at = run ? at + run : sp_chunk_end(drive, at);
    }
    ESB_ASSERT_MSG(at == m->end, "a run memo whose end is not its last entry's");
}

/* P3's listeners: every linked node is a term of a listed group that matches something, in the list of that
 * term's component and role; every such term is linked; so each group is listed once per term. */
static void check_listeners(const esb_world *w, uint32_t groups) {
    uint32_t linked = 0, terms = 0;
    for (esb_component c = 0; c < ESB_MAX_COMPONENTS; ++c)
        for (int role = 0; role < 2; ++role)
            for (const sp_watch *x = role ? w->listeners[c].excluding : w->listeners[c].including; x; x = x->next) {
                const esb_query *g = x->group;
                ESB_ASSERT_MSG(linked < groups * (ESB_MAX_FIELDS + 2 * ESB_MAX_TERMS), "a listener list with a cycle");
                linked++;
                bool listed = false;
                for (const esb_query *h = w->groups; h && !listed; h = h->next_group) listed = h == g;
                ESB_ASSERT_MSG(listed && !g->matches_nothing, "a listener that is no group, or matches nothing");
                ESB_ASSERT_MSG(
                    role ? x == &g->exclude_watch[x->term] && x->term < g->exclude_count && g->exclude[x->term] == c
                         : x == &g->include_watch[x->term] && x->term < g->include_count && g->include[x->term] == c,
                    "a listener in the list of a component that is not its term");
            }
    for (const esb_query *g = w->groups; g; g = g->next_group)
        if (!g->matches_nothing) terms += g->include_count + g->exclude_count;
    ESB_ASSERT_MSG(linked == terms, "a group's term missing from its component's listeners");
}

/* P8: the observers of each component, and what each one's set holds and has room for. */
static void check_observers(const esb_world *w) {
    uint32_t observing = 0, listed = 0;
    for (const esb_query_node *n = w->core.queries.head; n; n = n->next)
        observing += ((const esb_query *)n)->change != 0;
    for (esb_component c = 0; c < ESB_MAX_COMPONENTS; ++c)
        for (const esb_query *q = w->components[c].observers; q; q = q->next_observer) {
            ESB_ASSERT_MSG(++listed <= observing, "an observer listed twice, or a query listed without a change term");
            ESB_ASSERT_MSG(q->change && q->change_component == c, "an observer under another component");
            ESB_ASSERT_MSG(q->kind == SP_VIEW && !q->remembers_runs, "an observer with a group or a run memo");
            const esb_sparse_set *obs = &q->observed, *pool = pool_of(w, c);
            esb_sparse_check_invariants(obs, w->core.entities.issued);
            ESB_ASSERT_MSG(obs->capacity >= pool->count, "an observer without room for its component's pool");
            for (uint32_t i = 0; i < obs->count; ++i)
                ESB_ASSERT_MSG(esb_sparse_contains(pool, esb_sparse_handle(obs, i)),
                               "an observer holding an entity that is dead or lacks its component");
            for (uint32_t i = 0; i < pool->count; ++i) {
                uint32_t idx = esb_entity_index(esb_sparse_handle(pool, i));
                ESB_ASSERT_MSG((idx >> ESB_SPARSE_PAGE_BITS) < obs->page_count &&
                                   obs->pages[idx >> ESB_SPARSE_PAGE_BITS],
                               "an observer without the sparse page of an entity of its component");
            }
        }
    ESB_ASSERT_MSG(listed == observing, "a query with a change term missing from its component's observers");
    ESB_ASSERT_MSG(w->observer_count == observing, "observer_count is not the count of queries with change terms");
}

static void check_queries(const esb_world *w) {
    esb_qr_check_invariants(&w->core.queries);
    check_observers(w);
    uint32_t with_group = 0, listed = 0, owned_pools = 0, owners = 0;
    for (const esb_query_node *n = w->core.queries.head; n; n = n->next) {
        const esb_query *q = (const esb_query *)n;
        check_terms(w, q);
        check_memo(w, q);
        if (q->kind == SP_VIEW) continue;
        with_group++;
        bool in_list = false;
        for (const esb_query *g = w->groups; g && !in_list; g = g->next_group) in_list = g == q;
        ESB_ASSERT_MSG(in_list, "a query with a group missing from the world's groups"); /* P3 */
        check_ownership(w, q);
        owned_pools += q->owned_count;
        check_members(w, q);
    }
    for (const esb_query *g = w->groups; g; g = g->next_group) {
        ESB_ASSERT_MSG(listed < with_group && g->kind != SP_VIEW, "the world's groups list other than its groups");
        listed++;
    }
    ESB_ASSERT_MSG(listed == with_group, "a group listed twice");
    check_listeners(w, listed);
    uint32_t member_sets = 0;
    for (const esb_query *g = w->groups; g; g = g->next_group) member_sets += g->kind == SP_NON_OWNED;
    ESB_ASSERT_MSG(member_sets == w->member_sets, "member_sets is not the count of non-owned groups");
    for (esb_component c = 0; c < ESB_MAX_COMPONENTS; ++c) {
        ESB_ASSERT_MSG(!w->owner[c] || c < w->core.component_count, "an owner of an unregistered pool");
        owners += w->owner[c] != NULL;
    }
    ESB_ASSERT_MSG(owners == owned_pools, "an owner that does not list the pool among its own"); /* P4 */
}
#endif

void esb_world_check(const esb_world *w) {
    (void)w;
    ESB_IF_CHECKED(if (w) {
        check_pools(w);
        check_queries(w);
    });
}

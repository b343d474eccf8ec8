/* esb_world_check: the invariants written beside the structs of hibit.h (B1-B5), as code. */
#include "check.h"
#include "hibit.h"

#ifdef ESB_CHECKED
static bool alive_index(const esb_world *w, uint32_t idx) {
    return idx < w->core.entities.issued && esb_entity_index(w->core.entities.slots[idx]) == idx;
}

static bool holds(const void *world, esb_component c, uint32_t idx) {
    const esb_world *w = world;
    return alive_index(w, idx) && hb_has(w, idx, c);
}

static void check_storage(const esb_world *w) { /* B2, B3 */
    for (esb_component c = 0; c < ESB_MAX_COMPONENTS; ++c) {
        const esb_hibitset *present = &w->present[c];
        if (c >= w->core.component_count) {
            ESB_ASSERT_MSG(present->words == 0 && present->count == 0, "an unregistered component's presence set");
            ESB_ASSERT_MSG(!w->data[c] && w->pools[c].count == 0, "storage of an unregistered component");
            continue;
        }
        esb_hibitset_check(present);
        ESB_ASSERT_MSG((uint64_t)present->words * 64 >= w->capacity, "a presence set without room for capacity");
        for (uint32_t word = 0; word < present->words; ++word)
            for (uint64_t bits = present->level[0][word]; bits; bits &= bits - 1)
                ESB_ASSERT_MSG(alive_index(w, word * 64 + (uint32_t)__builtin_ctzll(bits)),
                               "a presence bit of a dead or never-issued index");
        const esb_sparse_set *pool = &w->pools[c];
        if (!hb_pooled(w, c)) {
            ESB_ASSERT_MSG(pool->count == 0, "a set holding a component not stored in sets");
            ESB_ASSERT_MSG(!w->data[c] || hb_arrayed(w, c), "a data array of a component not stored in arrays");
            ESB_ASSERT_MSG(!hb_arrayed(w, c) || !present->count || w->data[c], "a component held without its array");
            continue;
        }
        esb_sparse_check_invariants(pool, w->core.entities.issued);
        ESB_ASSERT_MSG(pool->count == present->count, "a set whose count is not its presence set's");
        for (uint32_t pos = 0; pos < pool->count; ++pos)
            ESB_ASSERT_MSG(hb_has(w, esb_entity_index(esb_sparse_handle(pool, pos)), c),
                           "a set holding an entity its presence set lacks");
    }
}

static void check_world(const esb_world *w) {
    const esb_entity_table *ei = &w->core.entities;
    esb_core_check_invariants(&w->core); /* B1 */
    ESB_ASSERT(ei->issued <= w->capacity && w->capacity <= ei->capacity);
    check_storage(w);
    esb_query_heads_check_invariants(&w->core.queries, w->components, w->core.component_count, NULL, w); /* B4 */
    for (const esb_query_node *n = w->core.queries.head; n; n = n->next) {
        const esb_query *q = (const esb_query *)n;
        ESB_ASSERT_MSG(q->world == w, "a query of another world");
        ESB_ASSERT(q->rows != NULL);
        uint32_t need = 0, refuse = 0, sparse = 0;
        for (esb_component c = 0; c < w->core.component_count; ++c) {
            if (esb_bitset_test(&q->head.include, c))
                ESB_ASSERT_MSG(need < q->need_count && q->need[need++] == &w->present[c], "a query's need list");
            if (esb_bitset_test(&q->head.exclude, c))
                ESB_ASSERT_MSG(refuse < q->refuse_count && q->refuse[refuse++] == &w->present[c],
                               "a query's refuse list");
        }
        ESB_ASSERT_MSG(need == q->need_count && refuse == q->refuse_count, "a query's lists are not its terms");
        for (uint32_t k = 0; k < q->head.field_count; ++k) sparse += hb_pooled(w, q->head.fields[k]);
        ESB_ASSERT_MSG(sparse == q->sparse_fields && (!sparse || q->positions), "a query's sparse fields");
        ESB_ASSERT_MSG((q->changes != NULL) == (q->head.change != ESB_CHANGE_NONE) &&
                           (!q->changes || q->changes->component == q->head.change_component),
                       "a query's change set disagrees with its change term");
    }
    ESB_ASSERT(w->changes.capacity >= w->capacity);
    esb_change_sets_check(&w->changes, w, holds); /* B5 */
}
#endif

void esb_world_check(const esb_world *w) {
    (void)w;
    ESB_IF_CHECKED(if (w) check_world(w));
}

/* esb_world_check: the invariants written beside the structs of template.h, as code. A new design replaces the
 * storage checks below with its own and keeps the shared ones (entity table, query registry, query terms). */
#include "check.h"
#include "template.h"

#ifdef ESB_CHECKED
static bool holds(const void *world, esb_component c, uint32_t idx) {
    const esb_world *w = world;
    return idx < w->core.entities.issued && esb_entity_index(w->core.entities.slots[idx]) == idx && tpl_has(w, idx, c);
}

static void check_world(const esb_world *w) {
    const esb_entity_table *ei = &w->core.entities;
    esb_core_check_invariants(&w->core); /* W1 */
    ESB_ASSERT(ei->issued <= w->capacity && w->capacity <= ei->capacity);
    ESB_ASSERT(w->capacity == 0 || w->signature != NULL);

    esb_bitset registered = {{0}}, held = {{0}}; /* held: the components some alive entity has */
    for (esb_component c = 0; c < w->core.component_count; ++c) esb_bitset_set(&registered, c);
    for (uint32_t idx = 0; idx < w->capacity; ++idx) { /* W2 */
        const esb_bitset *signature = &w->signature[idx];
        bool alive = idx < ei->issued && esb_entity_index(ei->slots[idx]) == idx;
        for (unsigned k = 0; k < ESB_BITSET_WORDS; ++k)
            ESB_ASSERT_MSG(!(signature->w[k] & ~(alive ? registered.w[k] : 0)),
                           "a signature bit of a dead index or of an unregistered component");
        for (unsigned k = 0; k < ESB_BITSET_WORDS; ++k) held.w[k] |= signature->w[k];
    }
    for (esb_component c = 0; c < w->core.component_count; ++c) { /* W3 */
        if (!w->components[c].size)
            ESB_ASSERT_MSG(!w->data[c], "a tag with a data array");
        else if (esb_bitset_test(&held, c))
            ESB_ASSERT_MSG(w->data[c], "a component held without its data array");
    }

    esb_query_heads_check_invariants(&w->core.queries, w->components, w->core.component_count, NULL, w); /* W4 */
    for (const esb_query_node *n = w->core.queries.head; n; n = n->next) {
        const esb_query *q = (const esb_query *)n;
        ESB_ASSERT_MSG(q->world == w, "a query of another world");
        ESB_ASSERT(q->rows != NULL);
        ESB_ASSERT_MSG((q->changes != NULL) == (q->head.change != ESB_CHANGE_NONE) &&
                           (!q->changes || q->changes->component == q->head.change_component),
                       "a query's change set disagrees with its change term");
    }
    ESB_ASSERT(w->changes.capacity >= w->capacity);
    esb_change_sets_check(&w->changes, w, holds); /* W5 */
}
#endif

void esb_world_check(const esb_world *w) {
    (void)w;
    ESB_IF_CHECKED(if (w) check_world(w));
}

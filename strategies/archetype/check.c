/* esb_world_check: the invariants written beside the structs of archetype.h (A1-A8), as code. */
#include <stddef.h>
#include <string.h>

#include "archetype_graph.h"
#include "check.h"
#include "archetype.h"

#ifdef ESB_CHECKED
static void check_archetypes(const esb_world *w) {
    esb_bitset with_data = esb_components_with_data(w->components, w->core.component_count);
    esb_graph_check_invariants(&w->graph, w->core.component_count, AT_ROOT); /* A2's root and signatures, A3, A4 */
    for (uint32_t id = 0; id < w->graph.count; ++id) {
        const at_archetype *a = at_archetype_of(w, id);
        esb_table_check_column_set(&a->table, &a->node.signature, &with_data);
        esb_table_check_invariants(&a->table); /* A2 */
        ESB_ASSERT_MSG(!a->table.column_count || a->column_changes, "a table without its column change counters");
    }
}

static void check_locations(const esb_world *w) {
    const esb_entity_table *ei = &w->core.entities;
    esb_core_check_invariants(&w->core); /* A1 */
    uint64_t alive = esb_et_count_alive(ei), rows = 0;
    for (uint32_t idx = 0; idx < ei->issued; ++idx) { /* A5: from the entities */
        const at_location *loc = &at_locations(w)[idx];
        if (esb_entity_index(loc->handle) != idx) continue; /* dead: the slot links the free list */
        ESB_ASSERT_MSG(loc->archetype < w->graph.count, "a location in an archetype that does not exist");
        const esb_table *t = &at_archetype_of(w, loc->archetype)->table;
        ESB_ASSERT_MSG(loc->row < t->count && t->entities[loc->row] == loc->handle,
                       "a location naming a row that does not hold its entity");
    }
    for (uint32_t id = 0; id < w->graph.count; ++id) { /* A5: from the rows */
        const esb_table *t = &at_archetype_of(w, id)->table;
        rows += t->count;
        esb_et_check_rows(ei, t->entities, t->count, id, at_locations(w), sizeof(at_location),
                          offsetof(at_location, archetype), offsetof(at_location, row));
    }
    ESB_ASSERT_MSG(rows == alive, "rows and alive entities differ in number");
}

/* A7, of one query: its active list. */
static void check_active(const esb_world *w, const esb_query *q) {
    const esb_match_list *m = &q->matches;
    if (!q->head.cached) {
        ESB_ASSERT_MSG(q->active_count == 0 && q->active_capacity == 0, "an active list in an uncached query");
        return;
    }
    ESB_ASSERT(q->active_count <= m->count && m->count <= q->active_capacity);
    uint32_t filled = 0;
    for (uint32_t i = 0; i < m->count; ++i) {
        bool rows = at_archetype_of(w, m->ids[i])->table.count > 0;
        filled += rows;
        uint32_t at = q->active_pos[i];
        ESB_ASSERT_MSG(rows ? at < q->active_count && q->active[at] == i : at == AT_INACTIVE,
                       "a match whose table has rows missing from the active list, or an empty one in it");
    }
    ESB_ASSERT_MSG(filled == q->active_count, "an active list holding other than the matches with rows");
}

/* A6 and A7, for each query after the checks every head design shares (esb_query_heads_check_invariants). */
static void check_query(const void *world, const esb_query_head *h) {
    const esb_world *w = world;
    const esb_query *q = (const esb_query *)h;
    ESB_ASSERT_MSG(q->world == w, "a query of another world");
    esb_match_list_check_query(&q->matches, q->head.field_count, q->head.cached, w->graph.count, at_match_archetype, q);
    check_active(w, q);
    ESB_ASSERT_MSG(!q->head.change || (q->head.cached && (q->seen || !q->matches.count)),
                   "a query with a change term but no query cache"); /* A8 */
    for (uint32_t i = 0; q->head.change && i < q->matches.count; ++i)
        ESB_ASSERT_MSG(q->seen[i] <= at_change_state(at_archetype_of(w, q->matches.ids[i]), q->head.change,
                                                     q->head.change_component),
                       "a query that saw a change state its table has not reached");
}

/* A7, of the archetypes: each watcher is a match of a live cached query naming that archetype, no query
 * watches an archetype twice, and there are as many watchers as matches. */
static void check_watchers(const esb_world *w) {
    uint64_t watchers = 0, matches = 0;
    for (const esb_query_node *n = w->core.queries.head; n; n = n->next) {
        const esb_query *q = (const esb_query *)n;
        if (q->head.cached) matches += q->matches.count;
    }
    for (uint32_t id = 0; id < w->graph.count; ++id) {
        const at_archetype *a = at_archetype_of(w, id);
        ESB_ASSERT(a->watcher_count <= a->watcher_capacity);
        watchers += a->watcher_count;
        for (uint32_t k = 0; k < a->watcher_count; ++k) {
            const esb_query *q = a->watchers[k].query;
            bool live = false;
            for (const esb_query_node *n = w->core.queries.head; n && !live; n = n->next) live = n == &q->head.node;
            ESB_ASSERT_MSG(live && q->head.cached && a->watchers[k].match < q->matches.count &&
                               q->matches.ids[a->watchers[k].match] == id,
                           "a watcher that is no match of a live cached query on its archetype");
            for (uint32_t j = 0; j < k; ++j)
                ESB_ASSERT_MSG(a->watchers[j].query != q, "a query watching an archetype twice");
        }
    }
    ESB_ASSERT_MSG(watchers == matches, "a cached query's match without its watcher");
}

static void check_world(const esb_world *w) {
    check_archetypes(w);
    check_locations(w);
    esb_query_heads_check_invariants(&w->core.queries, w->components, w->core.component_count, check_query,
                                     w); /* A6-A8 */
    check_watchers(w);                   /* A7, of the archetypes */
}
#endif

void esb_world_check(const esb_world *w) {
    (void)w;
    ESB_IF_CHECKED(if (w) check_world(w));
}

/* esb_world_check: the invariants written beside the structs of hybrid.h (Y1-Y8), as code. */
#include <stddef.h>
#include <string.h>

#include "archetype_graph.h"
#include "check.h"
#include "graph.h"
#include "hybrid.h"

#ifdef ESB_CHECKED
static void check_storage_kinds(const esb_world *w) { /* Y2 */
    for (esb_component c = 0; c < ESB_MAX_COMPONENTS; ++c) {
        const esb_component_info *info = &w->components[c];
        bool registered = c < w->core.component_count;
        ESB_ASSERT_MSG(hy_in_table(w, c) == (registered && info->hint == ESB_STORAGE_DENSE),
                       "table_components differs from the registered dense components");
        ESB_ASSERT_MSG(hy_in_pool(w, c) == (registered && info->hint == ESB_STORAGE_SPARSE),
                       "sparse_components differs from the registered sparse components");
        if (!registered) continue;
        const esb_sparse_set *p = &w->pools[c];
        if (!hy_in_pool(w, c)) {
            ESB_ASSERT_MSG(p->count == 0, "a pool holding a component that is not stored in pools");
            continue;
        }
        esb_sparse_check_invariants(p, w->core.entities.issued);
        uint64_t holders = 0;
        for (uint32_t id = 0; id < w->graph.count; ++id)
            if (esb_bitset_test(&hy_archetype_of(w, id)->node.signature, c))
                holders += hy_archetype_rows(w, hy_archetype_of(w, id));
        for (uint32_t pos = 0; pos < p->count; ++pos) {
            esb_entity e = p->dense[pos];
            ESB_ASSERT_MSG(esb_et_alive_in(&w->core.entities, e, HY_RECORD_WORDS), "a pool holding a dead entity");
            const hy_archetype *a = hy_archetype_of(w, hy_locations(w)[esb_entity_index(e)].archetype);
            ESB_ASSERT_MSG(esb_bitset_test(&a->node.signature, c), "a pool holding an entity whose archetype lacks it");
        }
        ESB_ASSERT_MSG(holders == p->count, "an entity whose archetype has a pooled component missing from its pool");
    }
}

static void check_tables(const esb_world *w) { /* Y3 */
    ESB_ASSERT(w->table_count >= 1 && w->table_count <= w->table_capacity && w->table_count <= w->table_set_capacity);
    esb_bitset none = {{0}}, with_data = esb_components_with_data(w->components, w->core.component_count);
    ESB_ASSERT_MSG(w->tables[HY_ROOT]->column_count == 0 && !memcmp(&w->table_sets[HY_ROOT], &none, sizeof none),
                   "table 0 has a column or a component");
    esb_set_index_check_invariants(&w->table_index);
    ESB_ASSERT_MSG(w->table_index.count == w->table_count, "the table index holds other than the tables");
    for (uint32_t id = 0; id < w->table_count; ++id) {
        const esb_table *t = w->tables[id];
        esb_table_check_invariants(t);
        const esb_bitset *set = &w->table_sets[id];
        ESB_ASSERT_MSG(esb_bitset_contains(&w->table_components, set), "a table set with a non-table component");
        esb_table_check_column_set(t, set, &with_data);
        ESB_ASSERT_MSG(esb_set_index_find(&w->table_index, set) == id, "a table the index does not find");
        uint32_t having = 0, last = HY_UNUSED; /* Y7 */
        for (uint32_t k = 0; k < w->graph.count; ++k)
            if (hy_archetype_of(w, k)->table == id) having++, last = k;
        ESB_ASSERT_MSG(w->table_alone[id] == (having == 0   ? HY_UNUSED
                                              : having == 1 ? last
                                                            : HY_SHARED),
                       "table_alone names other than the table's one archetype");
        for (uint32_t k = 0; k < w->graph.count; ++k)
            if (hy_archetype_of(w, k)->table == id)
                ESB_ASSERT_MSG(hy_archetype_of(w, k)->alone == (having == 1),
                               "an archetype alone on a shared table, or not alone on its own");
    }
}

static void check_archetypes(const esb_world *w) { /* Y4 */
    esb_graph_check_invariants(&w->graph, w->core.component_count, HY_ROOT);
    for (uint32_t id = 0; id < w->graph.count; ++id) {
        const hy_archetype *a = hy_archetype_of(w, id);
        ESB_ASSERT(a->count <= a->capacity);
        ESB_ASSERT_MSG(!a->alone || a->count == 0, "an archetype alone on its table with lists of its own");
        ESB_ASSERT_MSG(a->table < w->table_count, "an archetype of a table that does not exist");
        for (unsigned k = 0; k < ESB_BITSET_WORDS; ++k)
            ESB_ASSERT_MSG(w->table_sets[a->table].w[k] == (a->node.signature.w[k] & w->table_components.w[k]),
                           "an archetype whose table is not the one of its table components");
    }
}

static void check_locations(const esb_world *w) { /* Y1, Y5 */
    const esb_entity_table *ei = &w->core.entities;
    esb_core_check_invariants(&w->core);
    uint64_t alive_count = esb_et_count_alive(ei);
    uint64_t archetype_rows = 0, table_rows = 0;
    for (uint32_t idx = 0; idx < ei->issued; ++idx) {
        const hy_location *loc = &hy_locations(w)[idx];
        if (esb_entity_index(loc->handle) != idx) continue; /* dead: the slot links the free list */
        ESB_ASSERT_MSG(loc->archetype < w->graph.count, "a location in an archetype that does not exist");
        const hy_archetype *a = hy_archetype_of(w, loc->archetype);
        ESB_ASSERT_MSG(a->alone || (loc->row < a->count && a->entities[loc->row] == loc->handle),
                       "a location naming an archetype row that does not hold its entity");
        const esb_table *t = a->rows_in;
        uint32_t row = a->alone || loc->row < a->count ? hy_table_row(a, loc->row) : UINT32_MAX;
        ESB_ASSERT_MSG(row < t->count && t->entities[row] == loc->handle,
                       "a location whose table row does not hold its entity");
    }
    for (uint32_t id = 0; id < w->graph.count; ++id) {
        const hy_archetype *a = hy_archetype_of(w, id);
        ESB_ASSERT_MSG(a->table < w->table_count && a->rows_in == w->tables[a->table], "rows_in is not the table");
        archetype_rows += hy_archetype_rows(w, a); /* alone: its rows are its table's, checked below */
        esb_et_check_rows(ei, a->entities, a->count, id, hy_locations(w), sizeof(hy_location),
                          offsetof(hy_location, archetype), offsetof(hy_location, row));
    }
    for (uint32_t id = 0; id < w->table_count; ++id) { /* each table row's entity is of an archetype on the table */
        const esb_table *t = w->tables[id];
        table_rows += t->count;
        for (uint32_t row = 0; row < t->count; ++row) {
            esb_entity e = t->entities[row];
            ESB_ASSERT_MSG(esb_et_alive_in(&w->core.entities, e, HY_RECORD_WORDS), "a table row holding a dead entity");
            const hy_location *loc = &hy_locations(w)[esb_entity_index(e)];
            const hy_archetype *a = hy_archetype_of(w, loc->archetype);
            ESB_ASSERT_MSG(a->table == id && hy_table_row(a, loc->row) == row,
                           "a table row whose entity's location names another");
        }
    }
    ESB_ASSERT_MSG(archetype_rows == alive_count, "archetype rows and alive entities differ in number");
    ESB_ASSERT_MSG(table_rows == alive_count, "table rows and alive entities differ in number");
}

static void check_ticks(const esb_world *w) { /* Y8 */
    for (esb_component c = 0; c < ESB_MAX_COMPONENTS; ++c)
        ESB_ASSERT_MSG(!hy_ticked(w, c) || c < w->core.component_count, "an unregistered component keeps ticks");
    for (uint32_t id = 0; id < w->table_count; ++id) {
        const esb_table *t = w->tables[id];
        uint32_t watched = 0;
        for (esb_component c = 0; c < w->core.component_count; ++c) {
            bool want = hy_ticked(w, c) && esb_bitset_test(&w->table_sets[id], c);
            const esb_tick_track *track = esb_table_ticks_of(t, c);
            ESB_ASSERT_MSG((track != NULL) == want, "a table's tick tracks are not its ticked components");
            watched += want;
            for (uint32_t row = 0; track && row < t->count; ++row)
                ESB_ASSERT_MSG(track->changed[row] <= w->change_tick && track->added[row] <= w->change_tick,
                               "a change tick from the future");
        }
        ESB_ASSERT_MSG(t->tick_count == watched, "a table's tick track of a component it does not hold");
    }
    for (esb_component c = 0; c < w->core.component_count; ++c) {
        const esb_sparse_set *p = &w->pools[c];
        const hy_pool_ticks *t = &w->pool_ticks[c];
        bool ticked = hy_ticked(w, c) && hy_in_pool(w, c);
        ESB_ASSERT_MSG(ticked ? t->capacity >= p->count && (!t->capacity || (t->changed && t->added))
                              : !t->capacity && !t->changed && !t->added,
                       "a pool's ticks unlike its component's");
        for (uint32_t pos = 0; ticked && pos < p->count; ++pos)
            ESB_ASSERT_MSG(t->changed[pos] <= w->change_tick && t->added[pos] <= w->change_tick,
                           "a change tick from the future");
    }
}

/* Y6 and Y8, for each query after the checks every head design shares (esb_query_heads_check_invariants). */
static void check_query(const void *world, const esb_query_head *h) {
    const esb_world *w = world;
    const esb_query *q = (const esb_query *)h;
    ESB_ASSERT_MSG(q->world == w, "a query of another world");
    bool dense = esb_bitset_contains(&w->table_components, &q->head.include) &&
                 esb_bitset_contains(&w->table_components, &q->head.exclude);
    ESB_ASSERT_MSG(q->dense == dense, "a query's dense flag differs from its terms");
    uint32_t sparse_fields = 0;
    for (uint32_t k = 0; k < q->head.field_count; ++k) sparse_fields += hy_in_pool(w, q->head.fields[k]);
    ESB_ASSERT_MSG(q->sparse_fields == sparse_fields, "a query's count of sparse fields differs from its terms");
    ESB_ASSERT(!sparse_fields || q->scratch);
    ESB_ASSERT_MSG(!q->head.change ||
                       (q->rows && hy_ticked(w, q->head.change_component) && q->last_run < w->change_tick),
                   "a change term without its ticks, or a reference point ahead of its world");
    esb_match_list_check_query(&q->matches, q->head.field_count, q->head.cached,
                               q->dense ? w->table_count : w->graph.count, hy_match_candidate, q);
}
#endif

void esb_world_check(const esb_world *w) {
    (void)w;
    ESB_IF_CHECKED(if (w) {
        check_tables(w);
        check_archetypes(w);
        check_locations(w);
        check_storage_kinds(w); /* after the locations it follows */
        check_ticks(w);
        esb_query_heads_check_invariants(&w->core.queries, w->components, w->core.component_count, check_query, w);
    });
}

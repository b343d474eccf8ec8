/* Archetype and table creation, the indices by component set, the edges. */
#include "graph.h"

#include "archetype_graph.h"
#include "grow.h"

static void table_free(esb_table *t) {
    esb_table_free(t);
    esb_mem_free(t, sizeof *t);
}

static void archetype_free(esb_graph_node *node) {
    hy_archetype *a = (hy_archetype *)(void *)node;
    esb_mem_free(a->entities, (size_t)a->capacity * sizeof *a->entities);
    esb_mem_free(a->table_rows, (size_t)a->capacity * sizeof *a->table_rows);
    esb_edges_free(&a->node.edges);
    esb_mem_free(a, sizeof *a);
}

/* The table holding exactly the table components of `set`, made if new (then with no archetype yet). */
static esb_status table_find(esb_world *w, const esb_bitset *set, uint32_t *out) {
    esb_bitset key;
    for (unsigned k = 0; k < ESB_BITSET_WORDS; ++k) key.w[k] = set->w[k] & w->table_components.w[k];
    uint32_t found = esb_set_index_find(&w->table_index, &key);
    if (found != ESB_SET_NONE) return *out = found, ESB_OK;
    esb_status s = esb_grow_one((void **)&w->tables, w->table_count, &w->table_capacity, sizeof *w->tables, 16, 0);
    if (s == ESB_OK)
        s = esb_grow_one((void **)&w->table_sets, w->table_count, &w->table_set_capacity, sizeof *w->table_sets, 16,
                         _Alignof(esb_bitset));
    if (s == ESB_OK)
        s = esb_grow_one((void **)&w->table_alone, w->table_count, &w->table_alone_capacity, sizeof *w->table_alone, 16,
                         0);
    if (s == ESB_OK) s = esb_set_index_reserve(&w->table_index);
    if (s != ESB_OK) return s;
    esb_table *t = esb_mem_calloc(sizeof *t, _Alignof(esb_table));
    if (!t) return ESB_ERR_NOMEM;
    s = esb_table_init(t, &key, w->components, w->core.component_count);
    for (esb_component c = 0; s == ESB_OK && c < w->core.component_count;
         ++c) /* the ticks its watched components keep */
        if (esb_bitset_test(&key, c) && hy_ticked(w, c)) s = esb_table_track_ticks(t, c);
    if (s != ESB_OK) {
        table_free(t);
        return s;
    }
    *out = w->table_count++;
    w->tables[*out] = t;
    w->table_sets[*out] = key;
    w->table_alone[*out] = HY_UNUSED;
    esb_set_index_insert(&w->table_index, &key, *out);
    return ESB_OK;
}

/* Archetype `other`, alone on its table until now, makes lists of its own (its rows are its table's, in order),
 * since another archetype is about to share the table. ESB_ERR_NOMEM leaves it alone. */
static esb_status share_table(esb_world *w, hy_archetype *other) {
    const esb_table *t = w->tables[other->table];
    other->alone = false;
    esb_status s = hy_archetype_list_reserve(other, t->count);
    if (s != ESB_OK) {
        other->alone = true;
        return s;
    }
    for (uint32_t row = 0; row < t->count; ++row) hy_archetype_push(other, t->entities[row], row);
    return ESB_OK;
}

esb_status hy_archetype_make(esb_world *w, const esb_bitset *signature, uint32_t *out) {
    uint32_t table;
    esb_status s = esb_graph_reserve(&w->graph);
    if (s == ESB_OK) s = table_find(w, signature, &table);
    if (s != ESB_OK) return s;
    hy_archetype *a = esb_mem_calloc(sizeof *a, _Alignof(hy_archetype));
    if (!a) return ESB_ERR_NOMEM;
    uint32_t other = w->table_alone[table];
    bool first = other == HY_UNUSED;
    if (!first && other != HY_SHARED && (s = share_table(w, hy_archetype_of(w, other))) != ESB_OK) {
        esb_mem_free(a, sizeof *a);
        return s;
    }
    a->node.signature = *signature;
    a->table = table;
    a->rows_in = w->tables[table];
    a->alone = first;
    w->table_alone[table] = first ? w->graph.count : HY_SHARED;
    *out = esb_graph_append(&w->graph, &a->node);
    return ESB_OK;
}

void hy_graph_free(esb_world *w) {
    esb_graph_free(&w->graph, archetype_free);
    for (uint32_t i = 0; i < w->table_count; ++i) table_free(w->tables[i]);
    esb_mem_free(w->tables, w->table_capacity * sizeof *w->tables);
    esb_mem_free(w->table_sets, w->table_set_capacity * sizeof *w->table_sets);
    esb_mem_free(w->table_alone, w->table_alone_capacity * sizeof *w->table_alone);
    esb_set_index_free(&w->table_index);
}

esb_status hy_archetype_list_reserve(hy_archetype *a, uint64_t extra) {
    uint64_t needed = (uint64_t)a->count + extra;
    if (needed <= a->capacity) return ESB_OK; /* first, before the growth's frame is set up: every add passes here */
    uint32_t cap;
    esb_status s = esb_grow_capacity(a->capacity, needed, 8, UINT32_MAX, &cap);
    if (s != ESB_OK) return s;
    size_t old = a->capacity, now = cap;
    esb_grow_item items[] = {
        {(void **)&a->entities, old * sizeof *a->entities, now * sizeof *a->entities, 0, -1, NULL},
        {(void **)&a->table_rows, old * sizeof *a->table_rows, now * sizeof *a->table_rows, 0, -1, NULL},
    };
    s = esb_grow_all(items, 2);
    if (s == ESB_OK) a->capacity = cap;
    return s;
}

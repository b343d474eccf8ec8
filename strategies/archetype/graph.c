/* Archetype creation, the index by component set, and the add/remove edges. */
#include "graph.h"

#include "archetype_graph.h"
#include "grow.h"

static void archetype_free(esb_graph_node *node) {
    at_archetype *a = (at_archetype *)(void *)node;
    esb_mem_free(a->column_changes, a->column_changes ? a->table.column_count * sizeof *a->column_changes : 0);
    esb_table_free(&a->table);
    esb_edges_free(&a->node.edges);
    esb_mem_free(a->watchers, (size_t)a->watcher_capacity * sizeof *a->watchers);
    esb_mem_free(a, sizeof *a);
}

/* Room in the list and the index comes first: if making the archetype then fails, they are merely roomier. */
esb_status at_archetype_make(esb_world *w, const esb_bitset *signature, uint32_t *out) {
    esb_status s = esb_graph_reserve(&w->graph);
    if (s != ESB_OK) return s;
    at_archetype *a = esb_mem_calloc(sizeof *a, _Alignof(at_archetype));
    if (!a) return ESB_ERR_NOMEM;
    a->node.signature = *signature;
    if ((s = esb_table_init(&a->table, signature, w->components, w->core.component_count)) != ESB_OK ||
        (a->table.column_count &&
         !(a->column_changes = esb_mem_calloc(a->table.column_count * sizeof *a->column_changes, 0)))) {
        archetype_free(&a->node);
        return s != ESB_OK ? s : ESB_ERR_NOMEM;
    }
    *out = esb_graph_append(&w->graph, &a->node);
    return ESB_OK;
}

void at_graph_free(esb_world *w) { esb_graph_free(&w->graph, archetype_free); }

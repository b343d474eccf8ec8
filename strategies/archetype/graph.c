/* Archetype creation, the index by component set, and the add/remove edges. */
#include "graph.h"

#include "archetype_graph.h"
#include "grow.h"

static void archetype_free(at_archetype *a) {
    esb_mem_free(a->column_changes, a->column_changes ? a->table.column_count * sizeof *a->column_changes : 0);
    esb_table_free(&a->table);
    esb_edges_free(&a->edges);
    esb_mem_free(a->watchers, (size_t)a->watcher_capacity * sizeof *a->watchers);
    esb_mem_free(a, sizeof *a);
}

ESB_ARCHETYPE_LIST(at, index, archetype_free)

/* Room in the list and the index comes first: if making the archetype then fails, they are merely roomier. */
static esb_status archetype_make(esb_world *w, const esb_bitset *signature, uint32_t *out) {
    esb_status s = at_list_reserve(w);
    if (s != ESB_OK) return s;
    at_archetype *a = esb_mem_calloc(sizeof *a, _Alignof(at_archetype));
    if (!a) return ESB_ERR_NOMEM;
    a->signature = *signature;
    if ((s = esb_table_init(&a->table, signature, w->components, w->component_count)) != ESB_OK ||
        (a->table.column_count &&
         !(a->column_changes = esb_mem_calloc(a->table.column_count * sizeof *a->column_changes, 0)))) {
        archetype_free(a);
        return s != ESB_OK ? s : ESB_ERR_NOMEM;
    }
    *out = at_list_append(w, a, signature);
    return ESB_OK;
}

void at_graph_free(esb_world *w) { at_list_free(w); }

ESB_ARCHETYPE_GRAPH(at, index, archetype_make)

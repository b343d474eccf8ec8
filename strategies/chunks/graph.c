/* Archetype creation and its chunk layout, the index by component set, and the add/remove edges. */
#include "graph.h"

#include "grow.h"

static uint64_t line_up(uint64_t bytes) { return (bytes + CK_LINE - 1) / CK_LINE * CK_LINE; }

/* The bytes a chunk of a's columns needs for `rows` rows: the header, the handles, then each column, every array
 * from a cache line (Unity's CalculateSpaceRequirement). */
static uint64_t chunk_size_for(const ck_archetype *a, uint64_t rows) {
    uint64_t bytes = CK_HEADER + line_up(rows * sizeof(esb_entity));
    for (uint32_t k = 0; k < a->layout.column_count; ++k) bytes += line_up(rows * a->layout.columns[k].size);
    return bytes;
}

/* Rows per chunk: as many as fit in ESB_CHUNK_BYTES (Unity's CalculateChunkCapacity: the bytes per row give an
 * upper bound, lowered until the arrays' padding fits too), at most ESB_CHUNK_MAX_ROWS, at least one (then the
 * chunk is as large as that row needs: Unity refuses such an archetype, the contract does not). Then each
 * column's place, in component order after the handles. */
static void lay_out(ck_archetype *a) {
    uint64_t row_bytes = sizeof(esb_entity);
    for (uint32_t k = 0; k < a->layout.column_count; ++k) row_bytes += a->layout.columns[k].size;
    uint64_t rows = (ESB_CHUNK_BYTES - CK_HEADER) / row_bytes;
    if (rows > CK_MAX_ROWS) rows = CK_MAX_ROWS;
    while (rows > 1 && chunk_size_for(a, rows) > ESB_CHUNK_BYTES) rows--;
    if (rows == 0) rows = 1;
    uint64_t bytes = chunk_size_for(a, rows);
    a->rows = (uint32_t)rows;
    a->chunk_bytes = (uint32_t)(bytes > ESB_CHUNK_BYTES ? bytes : ESB_CHUNK_BYTES);
    uint64_t offset = CK_HEADER + line_up(rows * sizeof(esb_entity));
    for (uint32_t k = 0; k < a->layout.column_count; ++k) {
        const esb_column *col = &a->layout.columns[k];
        a->columns[k] = (ck_column){(uint32_t)offset, col->size, ck_slot_of(a, col->id)};
        offset += line_up(rows * col->size);
    }
}

static void archetype_free(esb_graph_node *node) {
    ck_archetype *a = (ck_archetype *)(void *)node;
    size_t cap = a->chunk_capacity;
    esb_mem_free(a->ids, cap * sizeof *a->ids);
    esb_mem_free(a->counts, cap * sizeof *a->counts);
    esb_mem_free(a->data, cap * sizeof *a->data);
    esb_mem_free(a->open, cap * sizeof *a->open);
    esb_mem_free(a->open_pos, cap * sizeof *a->open_pos);
    esb_mem_free(a->versions, a->versions ? ck_version_stride(a) * a->slots * sizeof *a->versions : 0);
    esb_mem_free(a->columns, a->columns ? a->layout.column_count * sizeof *a->columns : 0);
    esb_table_free(&a->layout);
    esb_edges_free(&a->node.edges);
    esb_mem_free(a, sizeof *a);
}

/* Room in the list and the index comes first: if making the archetype then fails, they are merely roomier. */
esb_status ck_archetype_make(esb_world *w, const esb_bitset *signature, uint32_t *out) {
    esb_status s = esb_graph_reserve(&w->graph);
    if (s != ESB_OK) return s;
    ck_archetype *a = esb_mem_calloc(sizeof *a, _Alignof(ck_archetype));
    if (!a) return ESB_ERR_NOMEM;
    a->node.signature = *signature;
    a->slots = 1 + esb_bitset_count(signature);
    if ((s = esb_table_init(&a->layout, signature, w->components, w->core.component_count)) != ESB_OK ||
        (a->layout.column_count &&
         !(a->columns = esb_mem_alloc(a->layout.column_count * sizeof *a->columns, _Alignof(ck_column))))) {
        archetype_free(&a->node);
        return s != ESB_OK ? s : ESB_ERR_NOMEM;
    }
    lay_out(a);
    *out = esb_graph_append(&w->graph, &a->node);
    return ESB_OK;
}

void ck_graph_free(esb_world *w) { esb_graph_free(&w->graph, archetype_free); }

/* esb_world_check: the invariants written beside the structs of chunks.h (K1-K7), as code. */
#include <stddef.h>
#include <string.h>

#include "archetype_graph.h"
#include "check.h"
#include "chunks.h"

#ifdef ESB_CHECKED
/* K2, of one archetype's chunk layout. */
static void check_layout(const ck_archetype *a) {
    esb_table_check_invariants(&a->layout);
    ESB_ASSERT_MSG(a->layout.count == 0 && a->layout.capacity == 0, "a layout holding rows");
    ESB_ASSERT_MSG(a->rows >= 1 && a->rows <= CK_MAX_ROWS, "rows per chunk out of range");
    ESB_ASSERT_MSG(a->slots == 1 + esb_bitset_count(&a->node.signature), "version slots other than one per component");
    uint64_t end = CK_HEADER + (uint64_t)a->rows * sizeof(esb_entity);
    for (uint32_t k = 0; k < a->layout.column_count; ++k) {
        const ck_column *col = &a->columns[k];
        ESB_ASSERT_MSG(col->offset % CK_LINE == 0 && col->offset >= end, "a column's array misplaced in the chunk");
        ESB_ASSERT_MSG(col->size == a->layout.columns[k].size, "a column whose size is not its component's");
        ESB_ASSERT_MSG(col->version == ck_slot_of(a, a->layout.columns[k].id), "a column with another's version slot");
        end = col->offset + (uint64_t)a->rows * col->size;
    }
    ESB_ASSERT_MSG(end <= a->chunk_bytes, "a chunk layout past the chunk's end");
    ESB_ASSERT_MSG(a->chunk_bytes == ESB_CHUNK_BYTES || (a->rows == 1 && a->chunk_bytes > ESB_CHUNK_BYTES),
                   "an oversized chunk for an archetype whose row fits a standard one");
}

/* K4, of one archetype's chunk list; returns its rows. */
static uint64_t check_chunks(const esb_world *w, uint32_t id) {
    const ck_archetype *a = ck_archetype_of(w, id);
    ESB_ASSERT(a->chunk_count <= a->chunk_capacity && a->open_count <= a->chunk_count);
    uint64_t rows = 0;
    uint32_t open = 0;
    for (uint32_t i = 0; i < a->chunk_count; ++i) {
        uint32_t chunk = a->ids[i];
        ESB_ASSERT_MSG(chunk < w->store_count && w->store[chunk].archetype == id && w->store[chunk].index == i &&
                           w->store[chunk].data && w->store[chunk].data == a->data[i],
                       "a chunk whose store record does not name its archetype and place");
        ESB_ASSERT_MSG(a->counts[i] >= 1 && a->counts[i] <= a->rows, "a chunk in a list empty or over its rows");
        rows += a->counts[i];
        bool room = a->counts[i] < a->rows;
        open += room;
        uint32_t at = a->open_pos[i];
        ESB_ASSERT_MSG(room ? at < a->open_count && a->open[at] == i : at == CK_NOT_OPEN,
                       "a chunk with room missing from the open list, or a full one in it");
        for (uint32_t slot = 0; slot < a->slots; ++slot)
            ESB_ASSERT_MSG(*ck_version(a, slot, i) <= w->change_tick, "a version above the world's tick"); /* K7 */
        esb_et_check_rows(&w->core.entities, ck_handles(w->store[chunk].data), a->counts[i], chunk, ck_locations(w),
                          sizeof(ck_location), offsetof(ck_location, chunk), offsetof(ck_location, row)); /* K6 */
    }
    ESB_ASSERT_MSG(open == a->open_count, "an open list holding other than the chunks with room");
    return rows;
}

static void check_archetypes(const esb_world *w) {
    esb_bitset with_data = esb_components_with_data(w->components, w->core.component_count);
    esb_graph_check_invariants(&w->graph, w->core.component_count, CK_ROOT); /* K2's root and signatures, K3 */
    uint64_t rows = 0, listed = 0;
    for (uint32_t id = 0; id < w->graph.count; ++id) {
        const ck_archetype *a = ck_archetype_of(w, id);
        esb_table_check_column_set(&a->layout, &a->node.signature, &with_data);
        check_layout(a); /* K2 */
        rows += check_chunks(w, id);
        listed += a->chunk_count;
    }
    ESB_ASSERT_MSG(rows == esb_et_count_alive(&w->core.entities), "rows and alive entities differ in number"); /* K6 */
    /* K5: every id listed once (each listed id's record names its one place, above), the others spare */
    ESB_ASSERT(w->spare_count <= w->store_count && w->store_count <= w->store_capacity);
    ESB_ASSERT_MSG(listed + w->spare_count == w->store_count, "a chunk id neither in a list nor spare");
    for (uint32_t k = 0; k < w->spare_count; ++k)
        ESB_ASSERT_MSG(w->spare[k] < w->store_count && w->store[w->spare[k]].archetype == CK_SPARE,
                       "a spare id whose chunk is in use");
}

/* K1 and K6, from the entities. */
static void check_locations(const esb_world *w) {
    const esb_entity_table *ei = &w->core.entities;
    esb_core_check_invariants(&w->core);
    for (uint32_t idx = 0; idx < ei->issued; ++idx) {
        const ck_location *loc = &ck_locations(w)[idx];
        if (esb_entity_index(loc->handle) != idx) continue; /* dead: the slot links the free list */
        ESB_ASSERT_MSG(loc->chunk < w->store_count && w->store[loc->chunk].archetype != CK_SPARE,
                       "a location in a chunk not in use");
        const ck_chunk *chunk = &w->store[loc->chunk];
        const ck_archetype *a = ck_archetype_of(w, chunk->archetype);
        ESB_ASSERT_MSG(loc->row < a->counts[chunk->index] && ck_handles(chunk->data)[loc->row] == loc->handle,
                       "a location naming a row that does not hold its entity");
    }
}

/* K7, of one query, after the checks every head design shares. */
static void check_query(const void *world, const esb_query_head *h) {
    const esb_world *w = world;
    const esb_query *q = (const esb_query *)h;
    ESB_ASSERT_MSG(q->world == w, "a query of another world");
    esb_match_list_check_query(&q->matches, q->head.field_count, q->head.cached, w->graph.count, ck_match_archetype, q);
    ESB_ASSERT_MSG(!q->head.change || q->last_run < w->change_tick, "a query whose last pass is not behind the tick");
}

static void check_world(const esb_world *w) {
    check_archetypes(w);
    check_locations(w);
    esb_query_heads_check_invariants(&w->core.queries, w->components, w->core.component_count, check_query, w); /* K7 */
}
#endif

void esb_world_check(const esb_world *w) {
    (void)w;
    ESB_IF_CHECKED(if (w) check_world(w));
}

/* World lifetime, counters, component registration and growth of the per-entity arrays. */
#include "grow.h"
#include "template.h"

/* esb_world_create: the new world is zero-filled (no entity, no component, no query, every data pointer NULL)
 * and needs nothing more (esb_core_create_world, _core/world_core.h). */
esb_status esb_world_create(esb_world **out) {
    return esb_core_create_world(out, sizeof(esb_world), _Alignof(esb_world), NULL);
}

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->core.queries.head) tpl_query_free((esb_query *)w->core.queries.head); /* their change sets with them */
    for (uint32_t c = 0; c < w->core.component_count; ++c)
        esb_mem_free(w->data[c], (size_t)w->capacity * w->components[c].size); /* NULL is ignored */
    esb_mem_free(w->signature, (size_t)w->capacity * sizeof *w->signature);
    esb_et_free(&w->core.entities);
    esb_mem_free(w, sizeof *w);
}

/* The harness prints these beside each result; a design reports what explains its numbers. */
size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"indices_scanned"};
    uint64_t v[] = {w ? w->indices_scanned : 0};
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

/* Nothing is allocated here (the data array waits for the first add), so registration cannot fail on memory. */
esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    return w ? esb_core_register_info(&w->core, w->components, desc, out) : ESB_ERR_INVALID;
}

esb_status tpl_ensure_data(esb_world *w, esb_component c) {
    if (w->data[c] || w->components[c].size == 0) return ESB_OK;
    /* Called only once an entity exists, so capacity > 0 and a NULL result is a real failure. Left
     * uninitialised: a value is written before its signature bit is set, and holes are never read. */
    w->data[c] = esb_mem_alloc((size_t)w->capacity * w->components[c].size, w->components[c].align);
    return w->data[c] ? ESB_OK : ESB_ERR_NOMEM;
}

esb_status tpl_reserve(esb_world *w, uint64_t extra) {
    uint32_t cap;
    esb_status s = esb_et_plan(&w->core.entities, extra, &cap); /* ESB_ERR_FULL past ESB_INDEX_LIMIT */
    if (s != ESB_OK || cap == w->capacity) return s;
    /* The table's slots grow first: if the arrays below cannot follow, the slots are merely roomier and the
     * next call grows the arrays to their capacity. Nothing observable has changed either way. */
    if ((s = esb_et_grow(&w->core.entities, cap)) != ESB_OK) return s;
    if ((s = esb_change_sets_reserve(&w->changes, cap)) != ESB_OK) return s; /* likewise merely roomier */

    esb_grow_item items[1 + ESB_MAX_COMPONENTS];
    size_t n = 0, old = w->capacity;
    /* New signatures are zero: an index not issued yet has no component, so no query matches it. */
    items[n++] =
        (esb_grow_item){(void **)&w->signature, old * sizeof(esb_bitset), (size_t)cap * sizeof(esb_bitset), 0, 0, NULL};
    for (uint32_t c = 0; c < w->core.component_count; ++c) {
        size_t size = w->components[c].size;
        if (w->data[c])
            items[n++] =
                (esb_grow_item){(void **)&w->data[c], old * size, (size_t)cap * size, w->components[c].align, -1, NULL};
    }
    if ((s = esb_grow_all(items, n)) != ESB_OK) return s; /* every array as it was */
    w->capacity = cap;
    return ESB_OK;
}

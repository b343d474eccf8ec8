/* World lifetime, counters, component registration and growth of the per-entity storage. */
#include "grow.h"
#include "hibit.h"

/* esb_world_create: the new world is zero-filled (no entity, no component, no query, every set and array empty)
 * and needs nothing more (esb_core_create_world, _core/world_core.h). */
esb_status esb_world_create(esb_world **out) {
    return esb_core_create_world(out, sizeof(esb_world), _Alignof(esb_world), NULL);
}

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->core.queries.head) hb_query_free((esb_query *)w->core.queries.head); /* their change sets with them */
    for (uint32_t c = 0; c < w->core.component_count; ++c) {
        esb_mem_free(w->data[c], (size_t)w->capacity * w->components[c].size); /* NULL is ignored */
        esb_sparse_free(&w->pools[c]);
        esb_hibitset_free(&w->present[c]);
    }
    esb_change_sets_free(&w->changes);
    esb_et_free(&w->core.entities);
    esb_mem_free(w, sizeof *w);
}

size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"words_joined", "run_batches", "index_batches"};
    uint64_t v[] = {w ? w->words_joined : 0, w ? w->run_batches : 0, w ? w->index_batches : 0};
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

/* A component's presence set is made with room for the world's capacity before the component exists: a failure
 * registers nothing. */
esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    esb_status s = esb_core_check_register(esb_core_of(w), desc, out);
    if (s != ESB_OK) return s;
    esb_hibitset *present = &w->present[w->core.component_count];
    if ((s = esb_hibitset_reserve(present, w->capacity)) != ESB_OK) {
        esb_hibitset_free(present);
        return s;
    }
    if ((s = w ? esb_core_register_info(&w->core, w->components, desc, out) : ESB_ERR_INVALID) != ESB_OK)
        return s; /* checked above: cannot fail */
    if (hb_pooled(w, *out)) {
        w->pools[*out].size = (uint32_t)desc->size;
        w->pools[*out].align = (uint32_t)desc->align;
    }
    return ESB_OK;
}

esb_status hb_ensure_data(esb_world *w, esb_component c) {
    if (w->data[c] || !hb_arrayed(w, c)) return ESB_OK;
    /* Called only once an entity exists, so capacity > 0 and a NULL result is a real failure. Left
     * uninitialised: a value is written before its presence bit is set, and holes are never read. */
    w->data[c] = esb_mem_alloc((size_t)w->capacity * w->components[c].size, w->components[c].align);
    return w->data[c] ? ESB_OK : ESB_ERR_NOMEM;
}

esb_status hb_reserve(esb_world *w, uint64_t extra) {
    uint32_t cap;
    esb_status s = esb_et_plan(&w->core.entities, extra, &cap); /* ESB_ERR_FULL past ESB_INDEX_LIMIT */
    if (s != ESB_OK || cap == w->capacity) return s;
    /* The table's slots, the change sets and the presence sets grow first: if what follows cannot, they are merely
     * roomier, which nothing observes, and the next call grows the rest to the same capacity. */
    if ((s = esb_et_grow(&w->core.entities, cap)) != ESB_OK) return s;
    if ((s = esb_change_sets_reserve(&w->changes, cap)) != ESB_OK) return s;
    for (uint32_t c = 0; c < w->core.component_count; ++c)
        if ((s = esb_hibitset_reserve(&w->present[c], cap)) != ESB_OK) return s;
    esb_grow_item items[ESB_MAX_COMPONENTS];
    size_t n = 0, old = w->capacity;
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

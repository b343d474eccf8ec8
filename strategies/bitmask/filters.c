/* Cached filters: each keeps the packed list of the entities it matches, updated as they change. Every
 * component knows the filters that include or exclude it, so an add or remove re-tests only those filters
 * against the entity's mask (the bitmask makes the test exact: having one included component is not enough).
 * In the cache set uncached/ no filter is ever attached and these functions find nothing to do (cache_hint.h). */
#include <string.h>

#include "check.h"
#include "grow.h"
#include "bitmask.h"
#include "cache_hint.h"
#include "filter_members.h"

void bm_filters_on_change(esb_world *w, uint32_t idx, esb_component c) {
    bm_component *comp = &w->components[c];
    for (uint32_t i = 0; i < comp->filter_count; ++i) bm_filter_refresh(w, comp->filters[i], idx);
}

/* Whether q includes or excludes any component of set: asked of the mask words its terms touch, where its bits are. */
static bool watches_any(const esb_query *q, const esb_bitset *set) {
    uint64_t common = 0;
    for (uint32_t k = 0; k < q->word_count; ++k) {
        uint32_t wi = q->words[k];
        common |= (q->include.w[wi] | q->exclude.w[wi]) & set->w[wi];
    }
    return common != 0;
}

/* A filter watching several of the components is in each one's list; it is refreshed from the first, the one whose
 * earlier components it watches none of. */
void bm_filters_on_bundle(esb_world *w, uint32_t idx, const esb_component *ids, uint32_t count) {
    esb_bitset earlier = {{0}};
    for (uint32_t k = 0; k < count; ++k) {
        const bm_component *comp = &w->components[ids[k]];
        for (uint32_t i = 0; i < comp->filter_count; ++i)
            if (!watches_any(comp->filters[i], &earlier)) bm_filter_refresh(w, comp->filters[i], idx);
        esb_bitset_set(&earlier, ids[k]);
    }
}

void bm_filters_on_create(esb_world *w, uint32_t idx) {
    for (uint32_t i = 0; i < w->cached_count; ++i)
        if (bm_matches(w, w->cached[i], idx)) bm_filter_insert(w, w->cached[i], idx);
}

void bm_filters_on_destroy(esb_world *w, uint32_t idx) {
    for (uint32_t i = 0; i < w->cached_count; ++i)
        if (w->cached[i]->position[idx] != BM_NOT_IN) bm_filter_erase(w, w->cached[i], idx);
}

/* Appends q to a list of filters, growing it by doubling. */
static esb_status list_push(esb_query ***list, uint32_t *count, uint32_t *capacity, esb_query *q) {
    esb_status s = esb_grow_one((void **)list, *count, capacity, sizeof **list, 4, 0);
    if (s == ESB_OK) (*list)[(*count)++] = q;
    return s;
}

static void list_erase(esb_query **list, uint32_t *count, esb_query *q) {
    for (uint32_t i = 0; i < *count; ++i)
        if (list[i] == q) {
            list[i] = list[--*count];
            return;
        }
}

static bool watches(const esb_query *q, esb_component c) {
    return esb_bitset_test(&q->include, c) || esb_bitset_test(&q->exclude, c);
}

void bm_filter_detach(esb_world *w, esb_query *q) {
    for (esb_component c = 0; c < w->core.component_count; ++c)
        if (watches(q, c)) list_erase(w->components[c].filters, &w->components[c].filter_count, q);
    w->cached[q->cached_slot] = w->cached[--w->cached_count];
    w->cached[q->cached_slot]->cached_slot = q->cached_slot;
    esb_mem_free(q->members, (size_t)w->capacity * sizeof *q->members);
    esb_mem_free(q->position, (size_t)w->capacity * sizeof *q->position);
    esb_mem_free(q->verdicts, bm_block_count(w->capacity) * sizeof *q->verdicts);
    q->cached = false;
}

esb_status bm_filter_attach(esb_world *w, esb_query *q) {
    size_t bytes = (size_t)w->capacity * sizeof(uint32_t);
    size_t verdict_bytes = bm_block_count(w->capacity) * sizeof *q->verdicts;
    if (w->capacity) {
        q->members = esb_mem_alloc(bytes, 0);
        q->position = esb_mem_alloc(bytes, 0);
        q->verdicts = esb_mem_calloc(verdict_bytes, 0); /* no block scanned */
        if (!q->members || !q->position || !q->verdicts) goto fail;
        memset(q->position, 0xFF, bytes);
    }
    /* Reserve every list slot before linking anything, so a failure leaves no list touched. */
    if (esb_grow_one((void **)&w->cached, w->cached_count, &w->cached_capacity, sizeof *w->cached, 4, 0) != ESB_OK)
        goto fail;
    for (esb_component c = 0; c < w->core.component_count; ++c) {
        bm_component *comp = &w->components[c];
        if (watches(q, c) && esb_grow_one((void **)&comp->filters, comp->filter_count, &comp->filter_capacity,
                                          sizeof *comp->filters, 4, 0) != ESB_OK)
            goto fail;
    }
    for (esb_component c = 0; c < w->core.component_count; ++c)
        if (watches(q, c))
            (void)list_push(&w->components[c].filters, &w->components[c].filter_count,
                            &w->components[c].filter_capacity, q);
    q->cached = true;
    q->cached_slot = w->cached_count;
    w->cached[w->cached_count++] = q;
    for (uint32_t idx = 0; idx < w->core.entities.issued; ++idx)
        if (bm_matches(w, q, idx)) bm_filter_insert(w, q, idx);
    return ESB_OK;
fail:
    esb_mem_free(q->members, q->members ? bytes : 0);
    esb_mem_free(q->position, q->position ? bytes : 0);
    esb_mem_free(q->verdicts, q->verdicts ? verdict_bytes : 0);
    q->members = q->position = NULL;
    q->verdicts = NULL;
    return ESB_ERR_NOMEM;
}

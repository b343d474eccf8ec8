/* Sorting pools and groups: compute the order of a range of packed positions (a merge sort on a permutation,
 * stable, since the comparator needs a context and C's qsort takes none), then move every affected pool's
 * handles, values and sparse slots into that order. */
#include "sort.h"

#include <string.h>

#include "group.h"
#include "sparse.h"

typedef struct sort_job {
    esb_world *world;
    const esb_entity_word *dense; /* the packed handles being ordered, by position */
    esb_entity_order order;
    void *ctx;
} sort_job;

static void merge_sort(const sort_job *job, uint32_t *perm, uint32_t *tmp, uint32_t n) {
    if (n < 2) return;
    uint32_t half = n / 2;
    merge_sort(job, perm, tmp, half);
    merge_sort(job, perm + half, tmp, n - half);
    uint32_t i = 0, j = half, k = 0;
    while (i < half && j < n)
        tmp[k++] =
            job->order(job->world, esb_entity_of(job->dense[perm[j]]), esb_entity_of(job->dense[perm[i]]), job->ctx) < 0
                ? perm[j++]
                : perm[i++];
    while (i < half) tmp[k++] = perm[i++];
    while (j < n) tmp[k++] = perm[j++];
    memcpy(perm, tmp, n * sizeof *perm);
}

/* Puts positions [first, first + n) of pool p into the order perm gives (perm[k]: the position, relative to
 * first, whose element goes to first + k). scratch holds n handles plus n values. */
static void apply(esb_sparse_set *p, uint32_t first, uint32_t n, const uint32_t *perm, unsigned char *scratch) {
    esb_entity_word *handles = (esb_entity_word *)scratch;
    unsigned char *values = scratch + (size_t)n * sizeof *handles;
    p->stamp++;
    for (uint32_t k = 0; k < n; ++k) {
        handles[k] = p->dense[first + perm[k]];
        if (p->size) memcpy(values + (size_t)k * p->size, esb_sparse_value(p, first + perm[k]), p->size);
    }
    memcpy(p->dense + first, handles, n * sizeof *handles);
    if (p->size) memcpy(esb_sparse_value(p, first), values, (size_t)n * p->size);
    for (uint32_t k = 0; k < n; ++k) esb_sparse_point(p, esb_entity_of(handles[k]), first + k);
}

/* The order of positions [0, n) of dense, into a fresh permutation (NULL when out of memory). */
static uint32_t *sorted_order(const sort_job *job, uint32_t n, size_t *bytes) {
    *bytes = 2 * (size_t)n * sizeof(uint32_t);
    uint32_t *perm = n ? esb_mem_alloc(*bytes, 0) : NULL;
    if (!perm) return NULL;
    for (uint32_t k = 0; k < n; ++k) perm[k] = k;
    merge_sort(job, perm, perm + n, n);
    return perm;
}

/* Sorts positions [0, n) of the lead pool (whose handles job->dense are) and applies the same permutation to
 * every pool in pools: they hold the same entities at the same positions. */
static esb_status sort_aligned(const sort_job *job, esb_sparse_set *const *pools, uint32_t pool_count, uint32_t n) {
    if (n < 2) return ESB_OK;
    size_t widest = 0;
    for (uint32_t k = 0; k < pool_count; ++k)
        if (pools[k]->size > widest) widest = pools[k]->size;
    size_t scratch_bytes = (size_t)n * (sizeof(esb_entity_word) + widest);
    unsigned char *scratch = esb_mem_alloc(scratch_bytes, 16);
    size_t perm_bytes;
    uint32_t *perm = scratch ? sorted_order(job, n, &perm_bytes) : NULL;
    if (!perm) {
        esb_mem_free(scratch, scratch_bytes);
        return ESB_ERR_NOMEM;
    }
    for (uint32_t k = 0; k < pool_count; ++k) apply(pools[k], 0, n, perm, scratch);
    esb_mem_free(perm, perm_bytes);
    esb_mem_free(scratch, scratch_bytes);
    return ESB_OK;
}

esb_status esb_sparse_sort_pool(esb_world *w, esb_component c, esb_entity_order order, void *ctx) {
    if (!w || !order || (c < w->core.component_count && w->owner[c])) return ESB_ERR_INVALID;
    if (esb_qr_locked(&w->core.queries)) return ESB_ERR_LOCKED;
    if (c >= w->core.component_count) return ESB_ERR_UNKNOWN_COMPONENT;
    esb_sparse_set *p = &w->components[c].pool;
    sort_job job = {w, p->dense, order, ctx};
    return sort_aligned(&job, &p, 1, p->count);
}

esb_status esb_sparse_sort_group(esb_query *q, esb_entity_order order, void *ctx) {
    if (!q || !order || q->kind == SP_VIEW) return ESB_ERR_INVALID;
    esb_world *w = q->world;
    if (esb_qr_locked(&w->core.queries)) return ESB_ERR_LOCKED;
    if (q->kind == SP_NON_OWNED) {
        esb_sparse_set *members = &q->members;
        sort_job job = {w, members->dense, order, ctx};
        return sort_aligned(&job, &members, 1, members->count);
    }
    esb_sparse_set *pools[ESB_MAX_FIELDS + ESB_MAX_TERMS];
    for (uint32_t k = 0; k < q->owned_count; ++k) pools[k] = &w->components[q->owned[k]].pool;
    sort_job job = {w, pools[0]->dense, order, ctx};
    return sort_aligned(&job, pools, q->owned_count, q->len);
}

/* Runs: where every included pool holds the driving pool's entities in the same order side by side (entities
 * created with their components together and never moved since, as in most worlds most of the time), a view
 * hands the stretch out as plain slices of every pool, as an owned group does, instead of looking each entity
 * up. Finding a run reads the packed handles a lookup would read (one lookup for the first entity, then the
 * handles compared as blocks), so it pays for what it proves; a stretch that is not a run costs one block's
 * comparison before the entity-by-entity path takes it. */
#include <string.h>

#include "match.h"

/* Whether two arrays of count handles are equal (the C library's comparison is vectorised and stops at the
 * first difference). */
static inline bool same_handles(const esb_entity_word *a, const esb_entity_word *b, uint32_t count) {
    return memcmp(a, b, (size_t)count * sizeof *a) == 0;
}

/* A run found is handed out if it is at least a block long or reaches the end of the driving pool. */
static uint32_t finished(const esb_sparse_set *drive, uint32_t start, uint32_t run) {
    return run >= SP_RUN_BLOCK || start + run == drive->count ? run : 0;
}

uint32_t sp_run(const esb_query *q, esb_component driver, uint32_t start, uint32_t *first) {
    const esb_world *w = q->world;
    const esb_sparse_set *drive = &w->components[driver].pool;
    ESB_ASSERT(start < drive->count);
    const esb_entity_word *dense = drive->dense + start;
    uint32_t len = drive->count - start < SP_RUN_MAX ? drive->count - start : SP_RUN_MAX;
    const esb_entity_word *other[ESB_MAX_FIELDS + ESB_MAX_TERMS];
    uint32_t others = 0;
    for (uint32_t t = 0; t < q->include_count; ++t) {
        const esb_sparse_set *p = &w->components[q->include[t]].pool;
        if (q->include[t] == driver) {
            first[t] = start;
            continue;
        }
        if (!esb_sparse_find(p, esb_entity_of(dense[0]), &first[t])) return 0;
        if (p->count - first[t] < len) len = p->count - first[t];
        other[others++] = p->dense + first[t];
    }
    /* Without exclusions, the whole stretch first, one comparison per pool: the common case (pools in step)
     * pays one call per pool and batch, and a mismatch stops the comparison where it is. */
    if (q->exclude_count == 0) {
        uint32_t k = 0;
        while (k < others && same_handles(dense, other[k], len)) ++k;
        if (k == others) return finished(drive, start, len);
    }
    /* Block by block: the handles compared, then the block's entities asked of the excluded pools, so that a
     * stretch that is no run costs at most a block more. */
    uint32_t run = 0;
    while (run < len) {
        uint32_t step = len - run < SP_RUN_BLOCK ? len - run : SP_RUN_BLOCK;
        for (uint32_t k = 0; k < others; ++k)
            if (!same_handles(dense + run, other[k] + run, step)) return finished(drive, start, run);
        for (uint32_t t = 0; t < q->exclude_count; ++t) {
            const esb_sparse_set *p = &w->components[q->exclude[t]].pool;
            for (uint32_t i = 0; i < step; ++i)
                if (esb_sparse_contains(p, esb_entity_of(dense[run + i]))) {
                    step = i;
                    break;
                }
        }
        run += step;
        if (step < SP_RUN_BLOCK) break;
    }
    return finished(drive, start, run);
}

/* ---- A cached view's memo of its runs ----------------------------------------------------------------------- */

/* The sums of the stamps and of the counts of the query's pools (sparse.h, sp_run_memo). */
static void pools_sums(const esb_query *q, uint64_t *stamp, uint64_t *count) {
    const esb_world *w = q->world;
    *stamp = *count = 0;
    for (uint32_t t = 0; t < q->include_count + q->exclude_count; ++t) {
        const esb_sparse_set *p =
            &w->components[t < q->include_count ? q->include[t] : q->exclude[t - q->include_count]].pool;
        *stamp += p->stamp;
        *count += p->count;
    }
}

bool sp_memo_holds(const esb_query *q) {
    uint64_t stamp, count;
    pools_sums(q, &stamp, &count);
    return q->memo.stamp == stamp && q->memo.count_sum == count;
}

void sp_memo_begin(esb_query *q, esb_component driver) {
    sp_run_memo *m = &q->memo;
    uint64_t stamp, count;
    pools_sums(q, &stamp, &count);
    if (m->stamp == stamp && m->count_sum == count && m->driver == driver) return;
    m->stamp = stamp;
    m->count_sum = count;
    m->driver = driver;
    m->count = m->end = 0;
    m->closed = false;
}

/* Room for one more entry; false (and the memo closed) where the growth fails, which the view can do without. */
static bool memo_room(esb_query *q) {
    sp_run_memo *m = &q->memo;
    if (m->count < m->capacity) return true;
    uint32_t capacity = m->capacity ? 2 * m->capacity : 16;
    size_t stride = SP_MEMO_STRIDE(q) * sizeof *m->entries;
    uint32_t *grown = esb_mem_realloc(m->entries, m->capacity * stride, capacity * stride, 0);
    if (!grown) return !(m->closed = true);
    m->entries = grown;
    m->capacity = capacity;
    return true;
}

uint32_t sp_run_at(esb_query *q, esb_component driver, uint32_t start, uint64_t *cursor, uint32_t *first) {
    if (!q->remembers_runs) return sp_run(q, driver, start, first);
    sp_run_memo *m = &q->memo;
    ESB_ASSERT_MSG(m->driver == driver && sp_memo_holds(q), "a run memo used after its pools changed");
    uint32_t stride = SP_MEMO_STRIDE(q);
    if (*cursor < m->count && m->entries[*cursor * stride] == start) {
        const uint32_t *entry = m->entries + *cursor * stride;
        ++*cursor;
        if (entry[1]) memcpy(first, entry + 2, q->include_count * sizeof *first);
        return entry[1];
    }
    ESB_ASSERT_MSG(*cursor >= m->count, "a pass out of step with its run memo");
    uint32_t run = sp_run(q, driver, start, first);
    if (start == m->end && !m->closed && memo_room(q)) {
        uint32_t *entry = m->entries + m->count++ * stride;
        entry[0] = start;
        entry[1] = run;
        if (run) memcpy(entry + 2, first, q->include_count * sizeof *first);
        m->end = run ? start + run : sp_chunk_end(&q->world->components[driver].pool, start);
        *cursor = m->count;
    }
    return run;
}

void sp_memo_free(esb_query *q) {
    sp_run_memo *m = &q->memo;
    esb_mem_free(m->entries, (size_t)m->capacity * SP_MEMO_STRIDE(q) * sizeof *m->entries);
    *m = (sp_run_memo){0};
}

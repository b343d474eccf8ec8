/* Queries as views: at each iteration the smallest pool among the included components drives. Where the other
 * pools hold its entities in the same order side by side, the stretch is handed out as plain slices (a run,
 * run.c); elsewhere its entities are tested SP_VIEW_CHUNK at a time, each looked up in the other pools (and
 * required absent from the excluded ones), and the positions found become the batch's index arrays. */
#include <string.h>

#include "group.h"
#include "match.h"
#include "validate.h"
#include "sparse.h"
#include "batch_handles.h" /* the variant's batch set: batch-in-place/ or batch-widened/batch_handles.h */
#include "cached.h"        /* the variant's cached set: cached-views/cached.h or cached-groups/cached.h */
#include "view_loop.h"     /* the variant's view set, for SP_RUNS: view-best/ or view-entt/view_loop.h */

/* Whether a query asks anything of its driving pool's entities: one component with no exclusions has nothing
 * to test (its pool is the answer) and nothing to compare for runs. */
static bool has_tests(const esb_query *q) { return q->include_count > 1 || q->exclude_count > 0; }

/* The query's arrays for batches: positions, and in batch-widened the widened handles. */
static void free_scratch(esb_query *q) {
    esb_mem_free(q->scratch, q->scratch ? SP_SCRATCH_ENTRIES(q) * sizeof *q->scratch : 0);
    sp_handles_free(q);
}

static bool alloc_scratch(esb_query *q) {
    q->scratch = esb_mem_alloc(SP_SCRATCH_ENTRIES(q) * sizeof *q->scratch, 0);
    return sp_handles_alloc(q) && q->scratch != NULL;
}

void sp_query_free(esb_query *q) {
    esb_world *w = q->world;
    if (q->kind != SP_VIEW) sp_group_detach(w, q);
    if (q->change) sp_observer_detach(w, q);
    esb_qr_unlink(&w->core.queries, &q->node);
    sp_memo_free(q);
    free_scratch(q);
    esb_mem_free(q, sizeof *q);
}

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    esb_status s = esb_core_check_query_create(w ? &w->core : NULL, desc, out, w ? &w->components[0].pool.size : NULL,
                                               sizeof *w->components);
    if (s != ESB_OK) return s;

    esb_query *q = esb_mem_calloc(sizeof *q, _Alignof(esb_query));
    if (!q) return ESB_ERR_NOMEM;
    q->world = w;
    q->field_count = desc->field_count;
    for (uint32_t k = 0; k < desc->field_count; ++k) q->access[k] = desc->access ? desc->access[k] : ESB_WRITE;
    q->change = desc->change;
    q->change_component = desc->change ? desc->change_component : 0;
    if (!alloc_scratch(q)) {
        free_scratch(q);
        esb_mem_free(q, sizeof *q);
        return ESB_ERR_NOMEM;
    }
    for (uint32_t i = 0; i < desc->field_count; ++i) q->fields[i] = q->include[q->include_count++] = desc->fields[i];
    for (uint32_t i = 0; i < desc->with_count; ++i) q->include[q->include_count++] = desc->with[i];
    for (uint32_t i = 0; i < desc->without_count; ++i) q->exclude[q->exclude_count++] = desc->without[i];
    for (uint32_t i = 0; i < q->include_count; ++i) q->include_pool[i] = &w->components[q->include[i]].pool;
    for (uint32_t i = 0; i < q->exclude_count; ++i) q->exclude_pool[i] = &w->components[q->exclude[i]].pool;
    for (uint32_t i = 0; i < q->include_count; ++i)
        for (uint32_t j = 0; j < q->exclude_count; ++j)
            if (q->include[i] == q->exclude[j]) q->matches_nothing = true;
    if (q->change || (desc->cached && SP_CACHED_AS_GROUPS)) { /* an observer, or a group */
        s = q->change ? sp_observer_attach(w, q) : sp_group_attach(w, q);
        if (s != ESB_OK) {
            free_scratch(q);
            esb_mem_free(q, sizeof *q);
            return s;
        }
    }
    /* A cached view remembers the runs its passes found (run.c); a group needs no runs, nor does a query with
     * nothing to compare. */
    q->remembers_runs =
        SP_RUNS && desc->cached && q->kind == SP_VIEW && !q->change && !q->matches_nothing && has_tests(q);
    esb_qr_link(&w->core.queries, &q->node, q->field_count);
    *out = q;
    return ESB_OK;
}

esb_status esb_query_destroy(esb_query *q) {
    return esb_qr_destroy_query(q, q ? &q->world->core.queries : NULL, sp_query_free);
}

const char *esb_query_kind(const esb_query *q) {
    static const char *const names[] = {SP_VIEW_KIND, "owned-group", "partial-group", "non-owned-group"};
    return !q ? "none" : q->change ? "observer" : names[q->kind];
}

/* An iterator's state: the driving pool of a view (a component id), the next position in the driving pool
 * (view), the owned pools (owned or partial group) or the member set (non-owned group), and how many runs
 * the pass has asked for (a cached view's place in its memo). */
typedef struct sp_iter_state {
    uint64_t driver, next, runs_asked;
} sp_iter_state;
ESB_ITER_STATE_FITS(sp_iter_state);

esb_status esb_iter_begin(esb_query *q, esb_iter *it) {
    esb_status s = esb_qr_begin(q ? &q->node : NULL, it);
    if (s != ESB_OK) return s;
    const esb_world *w = q->world;
    esb_component driver = q->include[0];
    for (uint32_t i = 1; i < q->include_count; ++i)
        if (w->components[q->include[i]].pool.count < w->components[driver].pool.count) driver = q->include[i];
    sp_iter_state *st = ESB_ITER_STATE(sp_iter_state, it);
    st->driver = driver; /* next and runs_asked start at 0 (esb_qr_begin) */
    if (q->remembers_runs) sp_memo_begin(q, driver);
    return ESB_OK;
}

void esb_iter_end(esb_iter *it) { esb_qr_end(it); }

/* Owned group: the members are [0, len) of every owned pool, so one batch of slices. Partially owned: slices
 * for owned fields, positions looked up for the others (present by construction), a chunk at a time.
 * Non-owned: every field looked up, for the chunk of the member set. */
static bool next_group_batch(esb_iter *it, esb_query *q) {
    sp_iter_state *st = ESB_ITER_STATE(sp_iter_state, it);
    const esb_world *w = q->world;
    const esb_sparse_set *drive = q->kind == SP_NON_OWNED ? &q->members : &w->components[q->owned[0]].pool;
    uint32_t total = q->kind == SP_NON_OWNED ? q->members.count : q->len;
    uint32_t start = (uint32_t)st->next;
    if (start >= total) return false;
    uint32_t room = q->kind == SP_OWNED ? SP_BATCH_MAX : SP_VIEW_CHUNK;
    uint32_t end = total - start < room ? total : start + room;
    esb_batch *b = &it->batch;
    b->count = end - start;
    sp_batch_entities(b, q, drive, start, end - start, NULL);
    for (uint32_t k = 0; k < q->field_count; ++k) {
        const esb_sparse_set *p = &w->components[q->fields[k]].pool;
        if (q->kind != SP_NON_OWNED && w->owner[q->fields[k]] == q) {
            b->base[k] = esb_sparse_value(p, start);
            b->rows[k] = NULL;
            continue;
        }
        uint32_t *rows = q->scratch + (size_t)k * SP_VIEW_CHUNK;
        for (uint32_t i = start; i < end; ++i) {
            esb_entity_word slot = esb_sparse_slot(p, esb_word_low(drive->dense[i]));
            rows[i - start] = esb_word_low(slot);
        }
        b->base[k] = p->data;
        b->rows[k] = rows;
    }
    st->next = end;
    return true;
}

/* An observer's next batch: its changed entities, SP_VIEW_CHUNK at a time, that match its other terms, each
 * looked up in every included pool (the field positions found become the batch's index arrays) and required
 * absent from the excluded ones. */
static bool next_observed_batch(esb_iter *it, esb_query *q) {
    sp_iter_state *st = ESB_ITER_STATE(sp_iter_state, it);
    const esb_sparse_set *obs = &q->observed;
    uint32_t *drive_rows = q->scratch + (size_t)q->field_count * SP_VIEW_CHUNK;
    while (!q->matches_nothing && st->next < obs->count) {
        uint32_t start = (uint32_t)st->next,
                 end = obs->count - start < SP_VIEW_CHUNK ? obs->count : start + SP_VIEW_CHUNK;
        uint32_t n = 0;
        for (uint32_t i = start; i < end; ++i) {
            esb_entity e = esb_sparse_handle(obs, i);
            bool match = true;
            for (uint32_t t = 0; t < q->include_count; ++t) {
                uint32_t pos = 0;
                match &= esb_sparse_find(q->include_pool[t], e, &pos);
                if (t < q->field_count) q->scratch[(size_t)t * SP_VIEW_CHUNK + n] = pos;
            }
            for (uint32_t t = 0; t < q->exclude_count; ++t) match &= !esb_sparse_contains(q->exclude_pool[t], e);
            drive_rows[n] = i;
            n += match;
        }
        st->next = end;
        if (n == 0) continue;
        esb_batch *b = &it->batch;
        b->count = n;
        sp_batch_entities(b, q, obs, start, n, drive_rows);
        for (uint32_t k = 0; k < q->field_count; ++k) {
            b->base[k] = q->include_pool[k]->data;
            b->rows[k] = q->scratch + (size_t)k * SP_VIEW_CHUNK;
        }
        return true;
    }
    return false;
}

static bool next_batch(esb_iter *it, esb_query *q);

bool esb_iter_next(esb_iter *it) {
    if (!it || !it->query) return false;
    esb_query *q = it->query;
    bool more = q->change ? next_observed_batch(it, q) : next_batch(it, q);
    if (more) {
        if (q->world->observer_count) sp_observers_record_batch(q, &it->batch); /* its writable fields changed */
        return true;
    }
    if (q->change) sp_observer_consume(q); /* a complete pass */
    esb_iter_end(it);
    return false;
}

/* A view's or a group's next batch; false when there is none left. */
static bool next_batch(esb_iter *it, esb_query *q) {
    if (q->kind != SP_VIEW) return next_group_batch(it, q);
    const esb_world *w = q->world;
    sp_iter_state *st = ESB_ITER_STATE(sp_iter_state, it);
    esb_component driver = (esb_component)st->driver;
    const esb_sparse_set *drive = &w->components[driver].pool;
    uint32_t *drive_rows = q->scratch + (size_t)q->field_count * SP_VIEW_CHUNK;
    while (!q->matches_nothing && st->next < drive->count) {
        uint32_t start = (uint32_t)st->next;
        uint32_t first[ESB_MAX_FIELDS + ESB_MAX_TERMS];
        uint32_t run = SP_RUNS && has_tests(q) ? sp_run_at(q, driver, start, &st->runs_asked, first) : 0;
        if (run) {
            esb_batch *b = &it->batch;
            b->count = run;
            sp_batch_entities(b, q, drive, start, run, NULL);
            for (uint32_t k = 0; k < q->field_count; ++k) {
                b->base[k] = esb_sparse_value(&w->components[q->fields[k]].pool, first[k]);
                b->rows[k] = NULL;
            }
            st->next = start + run;
            return true;
        }
        uint32_t end, n;
        if (has_tests(q)) {
            end = sp_chunk_end(drive, start);
            n = sp_chunk(q, driver, start, end, drive_rows, q->scratch);
        } else { /* nothing to test: the pool is handed out whole (or SP_BATCH_MAX at a time) */
            end = drive->count - start < SP_BATCH_MAX ? drive->count : start + SP_BATCH_MAX;
            n = end - start;
        }
        st->next = end;
        if (n == 0) continue;
        bool all = n == end - start; /* every driving entity matched: the driver's arrays are slices */
        esb_batch *b = &it->batch;
        b->count = n;
        sp_batch_entities(b, q, drive, start, n, all ? NULL : drive_rows);
        for (uint32_t k = 0; k < q->field_count; ++k) {
            const esb_sparse_set *p = &w->components[q->fields[k]].pool;
            if (q->fields[k] == driver) {
                b->base[k] = all ? esb_sparse_value(p, start) : p->data;
                b->rows[k] = all ? NULL : drive_rows;
            } else {
                b->base[k] = p->data;
                b->rows[k] = q->scratch + (size_t)k * SP_VIEW_CHUNK;
            }
        }
        return true;
    }
    return false;
}

void sp_matches_begin(esb_query *q, esb_iter *it) {
    memset(it, 0, sizeof *it);
    it->query = q;
    it->batch.field_count = q->field_count;
    const esb_world *w = q->world;
    esb_component driver = q->include[0];
    for (uint32_t i = 1; i < q->include_count; ++i)
        if (w->components[q->include[i]].pool.count < w->components[driver].pool.count) driver = q->include[i];
    ESB_ITER_STATE(sp_iter_state, it)->driver = driver;
}

/* Flattened and kept out of line: next_batch is inlined here, so that esb_iter_next remains its one other caller and
 * is compiled as it is without the query-wide calls. */
ESB_NOINLINE ESB_FLATTEN bool sp_matches_next(esb_iter *it) { return next_batch(it, it->query); }

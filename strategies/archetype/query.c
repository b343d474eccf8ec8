/* Queries: every matching non-empty table is one batch, every field a whole column.
 *
 * Uncached queries test each archetype's signature at every iteration. Cached ones keep the list of matching
 * archetypes (with each field's column) and extend it only with the archetypes made since they last looked,
 * as Bevy's QueryState does with the archetype generation: iteration never re-tests a known archetype. */
#include <string.h>

#include "query_api.h"
#include "validate.h"
#include "archetype.h"

static bool query_matches(const esb_query *q, const at_archetype *a) {
    return !q->head.matches_nothing && esb_bitset_contains(&a->signature, &q->head.include) &&
           esb_bitset_disjoint(&a->signature, &q->head.exclude);
}

void at_query_free(esb_query *q) {
    esb_qr_unlink(q->head.registry, &q->head.node);
    esb_match_list_free(&q->matches);
    esb_mem_free(q, sizeof *q);
}

bool at_match_archetype(const void *query, uint32_t id, uint16_t *columns) {
    const esb_query *q = query;
    const at_archetype *a = q->world->archetypes[id];
    if (!query_matches(q, a)) return false;
    for (uint32_t k = 0; columns && k < q->head.field_count; ++k)
        columns[k] = (uint16_t)esb_table_column_of(&a->table, q->head.fields[k]);
    return true;
}

static esb_status catch_up(esb_query *q) {
    return esb_match_list_catch_up(&q->matches, q->world->archetype_count, at_match_archetype, q);
}

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    esb_status s;
    esb_query *q = ESB_QUERY_HEAD_CREATE(w, desc, out, &s);
    if (!q) return s;
    q->world = w;
    q->matches.field_count = q->head.field_count;
    q->head.kind = q->head.cached ? "table-cache" : "table-scan";
    if (q->head.cached && (s = catch_up(q)) != ESB_OK) {
        at_query_free(q);
        return s;
    }
    *out = q;
    return ESB_OK;
}

ESB_QUERY_HEAD_API(at_query_free, catch_up)

/* An iterator's state: the next position in the match list (cached) or the next archetype (scan). */
typedef struct at_iter_state {
    uint64_t next;
} at_iter_state;
ESB_ITER_STATE_FITS(at_iter_state);

/* The whole table as one batch; columns[k] is field k's column (NULL: find it by rank). */
static void table_batch(esb_iter *it, const esb_query *q, const at_archetype *a, const uint16_t *columns) {
    esb_table_batch(&it->batch, &a->table, q->head.fields, q->head.field_count, columns);
}

static bool next_cached(esb_iter *it, const esb_query *q) {
    const esb_world *w = q->world;
    at_iter_state *st = ESB_ITER_STATE(at_iter_state, it);
    for (uint64_t i = st->next; i < q->matches.count; ++i) {
        const at_archetype *a = w->archetypes[q->matches.ids[i]];
        if (!a->table.count) continue;
        table_batch(it, q, a, esb_match_list_columns(&q->matches, (uint32_t)i));
        st->next = i + 1;
        return true;
    }
    return false;
}

static bool next_scanned(esb_iter *it, const esb_query *q) {
    const esb_world *w = q->world;
    at_iter_state *st = ESB_ITER_STATE(at_iter_state, it);
    for (uint64_t i = st->next; i < w->archetype_count; ++i) {
        const at_archetype *a = w->archetypes[i];
        if (!a->table.count || !query_matches(q, a)) continue;
        table_batch(it, q, a, NULL);
        st->next = i + 1;
        return true;
    }
    return false;
}

bool esb_iter_next(esb_iter *it) {
    if (!it || !it->query) return false;
    const esb_query *q = it->query;
    if (q->head.cached ? next_cached(it, q) : next_scanned(it, q)) return true;
    esb_iter_end(it);
    return false;
}

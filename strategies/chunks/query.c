/* Queries: one batch per chunk of a matching archetype, every field a whole array of the chunk.
 *
 * Cached queries keep the list of matching archetypes with each field's column (_common/match_list.h), extended
 * only with the archetypes made since they last looked, and walk each one's chunk list (Unity's EntityQuery over
 * its MatchingArchetypes); an archetype without chunks costs a test. Uncached ones test every archetype's
 * signature at every iteration.
 *
 * Change terms compare chunk versions with the tick of the query's last complete pass (Unity's change filter:
 * ChangeVersionUtility.DidChange against the system's LastSystemVersion): a chunk whose version of the term's
 * component (for an added term, its order version) is newer is handed out whole, the others are skipped. A batch
 * stamps the versions of the columns it hands out writable, as Unity's write access to a chunk's array does. */
#include "inline.h"
#include "chunks.h"

static bool query_matches(const esb_query *q, const ck_archetype *a) {
    return esb_query_head_matches(&q->head, &a->node.signature);
}

bool ck_match_archetype(const void *query, uint32_t id, uint16_t *columns) {
    const esb_query *q = query;
    const ck_archetype *a = ck_archetype_of(q->world, id);
    return esb_query_head_match_table(&q->head, &a->node.signature, &a->layout, columns);
}

void ck_query_free(esb_query *q) {
    esb_qr_unlink(q->head.registry, &q->head.node);
    esb_match_list_free(&q->matches);
    esb_mem_free(q, sizeof *q);
}

static inline esb_status catch_up(esb_query *q) {
    return esb_match_list_catch_up(&q->matches, q->world->graph.count, ck_match_archetype, q);
}

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    esb_status s;
    esb_query *q = esb_query_head_create(w ? &w->core : NULL, w ? w->components : NULL, desc, out, sizeof(esb_query),
                                         _Alignof(esb_query), &s);
    if (!q) return s;
    q->world = w;
    q->matches.field_count = q->head.field_count;
    q->head.kind = q->head.cached ? "chunk-cache" : "chunk-scan";
    if (q->head.cached && (s = catch_up(q)) != ESB_OK) {
        ck_query_free(q);
        return s;
    }
    if (q->head.change) q->last_run = w->change_tick++; /* its creation: changes before it are not its */
    *out = q;
    return ESB_OK;
}

esb_status esb_query_destroy(esb_query *q) {
    return esb_qr_destroy_query(q, q ? q->head.registry : NULL, ck_query_free);
}

const char *esb_query_kind(const esb_query *q) { return q ? q->head.kind : "none"; }

esb_status esb_iter_begin(esb_query *q, esb_iter *it) {
    return esb_query_head_begin(q ? &q->head : NULL, it, catch_up);
}

void esb_iter_end(esb_iter *it) { esb_qr_end(it); }

/* An iterator's state: the next archetype (its place in the match list, or its id for a scan), the next chunk of
 * the current one, the version slot of the change term there, and the current archetype with its fields' columns
 * (0 before the first), so that the next chunk of the same archetype is a few loads away. */
typedef struct ck_iter_state {
    uint64_t archetype, chunk, slot, current, columns;
} ck_iter_state;
ESB_ITER_STATE_FITS(ck_iter_state);

/* Chunk i of archetype a as the batch; columns[k] is field k's column. The writable columns' versions are
 * stamped. */
static ESB_ALWAYS_INLINE void chunk_batch(esb_iter *it, const esb_query *q, ck_archetype *a, uint32_t i,
                                          const uint16_t *columns) {
    esb_batch *b = &it->batch;
    unsigned char *data = a->data[i];
    uint64_t tick = q->world->change_tick;
    b->count = a->counts[i];
    b->entities = ck_handles(data);
    b->entity_rows = NULL;
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        const ck_column *column = &a->columns[columns[k]];
        b->base[k] = data + column->offset;
        b->rows[k] = NULL;
        b->stride[k] = 0;
        if (q->head.access[k] == ESB_WRITE) *ck_version(a, column->version, i) = tick;
    }
}

/* The next archetype with a chunk to hand out, from st->archetype on: NULL when there is none. A scan finds
 * its fields' columns (into the query's scan_columns: a query has one live iterator at most). */
static ESB_NOINLINE ck_archetype *next_archetype(esb_query *q, ck_iter_state *st, uint16_t *scanned) {
    uint32_t end = q->head.cached ? q->matches.count : q->world->graph.count;
    for (; st->archetype < end; st->archetype++) {
        ck_archetype *a = ck_archetype_of(q->world, q->head.cached ? q->matches.ids[st->archetype] : st->archetype);
        if (!a->chunk_count || (!q->head.cached && !query_matches(q, a))) continue;
        const uint16_t *columns = scanned;
        if (q->head.cached)
            columns = esb_match_list_columns(&q->matches, (uint32_t)st->archetype);
        else
            for (uint32_t k = 0; k < q->head.field_count; ++k)
                scanned[k] = (uint16_t)esb_table_column_of(&a->layout, q->head.fields[k]).k;
        st->chunk = 0;
        st->current = (uint64_t)(uintptr_t)a;
        st->columns = (uint64_t)(uintptr_t)columns;
        if (q->head.change) st->slot = ck_slot_of(a, q->head.change_component);
        st->archetype++;
        return a;
    }
    return NULL;
}

bool esb_iter_next(esb_iter *it) {
    if (!it || !it->query) return false;
    esb_query *q = it->query;
    ck_iter_state *st = ESB_ITER_STATE(ck_iter_state, it);
    ck_archetype *a = (ck_archetype *)(uintptr_t)st->current;
    for (;;) {
        while (a && st->chunk < a->chunk_count) {
            uint32_t i = (uint32_t)st->chunk++;
            if (q->head.change && !ck_changed_since(a, (uint32_t)st->slot, i, q->head.change, q->last_run))
                continue; /* nothing new in it */
            chunk_batch(it, q, a, i, (const uint16_t *)(uintptr_t)st->columns);
            return true;
        }
        if (!(a = next_archetype(q, st, q->scan_columns))) break;
    }
    /* A complete pass: what changed before it began was reported, and what changed while it was live, its own
     * writes included, is absorbed (contract.h allows either), as a Unity system does not see its own writes. */
    if (q->head.change) q->last_run = q->world->change_tick++;
    esb_iter_end(it);
    return false;
}

/* Queries. One whose every term is a dense component ("dense", as Bevy calls it; dense tags are part of a table's
 * identity) matches tables and hands each matching table out whole, every field a plain column. Any other query
 * (a sparse-set component or a sparse tag among its terms) matches archetypes: a batch is an archetype's rows, dense fields reached through the
 * archetype's table rows (one index array shared by every dense field and the entities), sparse fields through
 * positions looked up in their sparse sets, HY_CHUNK rows at a time.
 *
 * Cached queries keep the list of matching tables or archetypes and extend it only with those made since they
 * last looked (the generation scheme of Bevy's QueryState). */
#include <string.h>

#include "change_pending.h"
#include "graph.h"
#include "inline.h"
#include "query_api.h"
#include "validate.h"
#include "hybrid.h"

/* The sets a query tests: a table's set (dense queries) or an archetype's signature. */
static bool matches_set(const esb_query *q, const esb_bitset *set) {
    return !q->head.matches_nothing && esb_bitset_contains(set, &q->head.include) &&
           esb_bitset_disjoint(set, &q->head.exclude);
}

static uint32_t candidate_count(const esb_query *q) {
    return q->dense ? q->world->table_count : q->world->archetype_count;
}

static const esb_table *table_of_candidate(const esb_query *q, uint32_t i) {
    const esb_world *w = q->world;
    return q->dense ? w->tables[i] : w->tables[w->archetypes[i]->table];
}

static bool candidate_matches(const esb_query *q, uint32_t i) {
    return matches_set(q, q->dense ? &q->world->table_sets[i] : &q->world->archetypes[i]->signature);
}

void hy_query_free(esb_query *q) {
    esb_qr_unlink(q->head.registry, &q->head.node);
    esb_mem_free(q->scratch, (size_t)HY_CHUNK * q->sparse_fields * sizeof *q->scratch);
    esb_match_list_free(&q->matches);
    esb_mem_free(q, sizeof *q);
}

/* A candidate's match test, with the table column of each field (0 for sparse-set fields, which have none). */
bool hy_match_candidate(const void *query, uint32_t id, uint16_t *columns) {
    const esb_query *q = query;
    if (!candidate_matches(q, id)) return false;
    const esb_table *t = table_of_candidate(q, id);
    for (uint32_t k = 0; columns && k < q->head.field_count; ++k)
        columns[k] = hy_in_table(q->world, q->head.fields[k]) ? (uint16_t)esb_table_column_of(t, q->head.fields[k]) : 0;
    return true;
}

static inline esb_status catch_up(esb_query *q) {
    return esb_match_list_catch_up(&q->matches, candidate_count(q), hy_match_candidate, q);
}

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    if (esb_change_term_refused(desc, out)) return ESB_ERR_INVALID; /* change terms: still to come */
    esb_status s;
    esb_query *q = ESB_QUERY_HEAD_CREATE(w, desc, out, &s);
    if (!q) return s;
    q->world = w;
    q->dense = esb_bitset_contains(&w->table_components, &q->head.include) &&
               esb_bitset_contains(&w->table_components, &q->head.exclude);
    for (uint32_t k = 0; k < q->head.field_count; ++k) q->sparse_fields += hy_in_pool(w, q->head.fields[k]);
    q->matches.field_count = q->head.field_count;
    q->head.kind = q->dense ? (q->head.cached ? "table-cache" : "table-scan")
                            : (q->head.cached ? "archetype-cache" : "archetype-scan");
    size_t scratch_bytes = (size_t)HY_CHUNK * q->sparse_fields * sizeof *q->scratch;
    if (q->sparse_fields && !(q->scratch = esb_mem_alloc(scratch_bytes, 0)))
        s = ESB_ERR_NOMEM;
    else if (q->head.cached)
        s = catch_up(q);
    if (s != ESB_OK) {
        hy_query_free(q);
        return s;
    }
    *out = q;
    return ESB_OK;
}

ESB_QUERY_HEAD_API(hy_query_free, catch_up)

/* An iterator's state: the next candidate (or its position in the match list), and the next archetype row within
 * it, for archetypes handed out in chunks. */
typedef struct hy_iter_state {
    uint64_t candidate, row;
} hy_iter_state;
ESB_ITER_STATE_FITS(hy_iter_state);

/* A whole table, every field a column. */
static void table_batch(esb_iter *it, const esb_query *q, const esb_table *t, const uint16_t *columns) {
    esb_table_batch(&it->batch, t, q->head.fields, q->head.field_count, columns);
}

/* Rows first .. first + count - 1 of archetype a: dense fields and the entities through the archetype's table
 * rows, sparse fields through the positions of those entities in their sets. */
static ESB_NOINLINE void archetype_batch(esb_iter *it, esb_query *q, const hy_archetype *a, uint32_t first,
                                         uint32_t count, const uint16_t *columns) {
    const esb_world *w = q->world;
    const esb_table *t = w->tables[a->table];
    /* alone on its table: its rows are the table's, so dense fields and the entities are slices from first */
    const uint32_t *rows = a->alone ? NULL : a->table_rows + first;
    const esb_entity *entities = a->alone ? t->entities + first : a->entities + first;
    esb_batch *b = &it->batch;
    b->count = count;
    b->entities = a->alone ? entities : t->entities;
    b->entity_rows = rows;
    uint32_t *scratch = q->scratch;
    for (uint32_t k = 0; k < q->head.field_count; ++k) {
        esb_component c = q->head.fields[k];
        if (hy_in_table(w, c)) {
            uint32_t column = columns ? columns[k] : esb_table_column_of(t, c);
            b->base[k] = rows ? esb_table_column_base(t, column, &b->stride[k]) : esb_table_element(t, column, first);
            b->stride[k] = 0;
            b->rows[k] = rows;
            continue;
        }
        const esb_sparse_set *p = &w->pools[c];
        for (uint32_t i = 0; i < count; ++i) esb_sparse_find(p, entities[i], &scratch[i]);
        b->base[k] = p->data;
        b->rows[k] = scratch;
        b->stride[k] = 0;
        scratch += HY_CHUNK;
    }
}

/* The next batch from candidate i (whose fields' columns are `columns`, or NULL to find them); false when it
 * has no rows left. */
static ESB_ALWAYS_INLINE bool candidate_batch(esb_iter *it, esb_query *q, uint32_t i, const uint16_t *columns) {
    hy_iter_state *st = ESB_ITER_STATE(hy_iter_state, it);
    if (q->dense) {
        const esb_table *t = q->world->tables[i];
        if (st->row || !t->count) return false;
        table_batch(it, q, t, columns);
        st->row = t->count;
        return true;
    }
    const hy_archetype *a = q->world->archetypes[i];
    uint32_t first = (uint32_t)st->row, rows = hy_archetype_rows(q->world, a);
    if (first >= rows) return false;
    const esb_table *t = q->world->tables[a->table];
    if (!q->sparse_fields && rows == t->count) { /* the archetype holds its whole table: hand it out whole */
        table_batch(it, q, t, columns);
        st->row = rows;
        return true;
    }
    uint32_t count = rows - first;
    if (q->sparse_fields && count > HY_CHUNK) count = HY_CHUNK;
    archetype_batch(it, q, a, first, count, columns);
    st->row = first + count;
    return true;
}

bool esb_iter_next(esb_iter *it) {
    if (!it || !it->query) return false;
    esb_query *q = it->query;
    uint32_t end = q->head.cached ? q->matches.count : candidate_count(q);
    hy_iter_state *st = ESB_ITER_STATE(hy_iter_state, it);
    for (; st->candidate < end; st->candidate++, st->row = 0) {
        uint32_t at = (uint32_t)st->candidate;
        if (q->head.cached) {
            if (candidate_batch(it, q, q->matches.ids[at], esb_match_list_columns(&q->matches, at))) return true;
        } else if (candidate_matches(q, at) && candidate_batch(it, q, at, NULL))
            return true;
    }
    esb_iter_end(it);
    return false;
}

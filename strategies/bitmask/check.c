/* esb_world_check: the invariants written beside the structs of bitmask.h (B1-B7), as code. */
#include "check.h"
#include "query_head.h"
#include "values.h"

#ifdef ESB_CHECKED
static bool watches(const esb_query *q, esb_component c) {
    return esb_bitset_test(&q->include, c) || esb_bitset_test(&q->exclude, c);
}

static bool alive_index(const esb_world *w, uint32_t idx) {
    return idx < w->core.entities.issued && esb_entity_index(w->core.entities.slots[idx]) == idx;
}

static void check_masks(const esb_world *w) {
    const esb_entity_table *ei = &w->core.entities;
    esb_core_check_invariants(&w->core); /* B1 */
    ESB_ASSERT(ei->issued <= w->capacity && w->capacity <= ei->capacity);
    uint32_t words = (w->core.component_count + 63) / 64;
    esb_bitset registered = {{0}}, held = {{0}};
    for (esb_component c = 0; c < w->core.component_count; ++c) esb_bitset_set(&registered, c);
    for (uint32_t k = 0; k < ESB_BITSET_WORDS; ++k) { /* B2 */
        if (k >= words) {
            ESB_ASSERT_MSG(!w->mask[k], "a mask word array for a range without components");
            continue;
        }
        if (!w->capacity) continue;
        ESB_ASSERT_MSG(w->mask[k], "a range of registered components without its mask word array");
        for (uint32_t idx = 0; idx < w->capacity; ++idx) {
            uint64_t m = w->mask[k][idx];
            ESB_ASSERT_MSG(!(m & ~(alive_index(w, idx) ? registered.w[k] : 0)),
                           "a mask bit of a dead index or of an unregistered component");
            held.w[k] |= m;
        }
    }
    for (esb_component c = 0; c < w->core.component_count; ++c) bm_values_check(w, c, &held); /* B3 */
}

/* B5: the filter against a recomputation from the masks. */
static void check_filter(const esb_world *w, const esb_query *q) {
    ESB_ASSERT(w->capacity == 0 || (q->members && q->position));
    ESB_ASSERT(q->member_count <= w->capacity);
    for (uint32_t i = 0; i < q->member_count; ++i)
        ESB_ASSERT_MSG(q->members[i] < w->core.entities.issued && q->position[q->members[i]] == i,
                       "a filter member whose position does not point back at it");
    uint32_t in = 0;
    for (uint32_t idx = 0; idx < w->capacity; ++idx) {
        bool listed = q->position[idx] != BM_NOT_IN;
        in += listed;
        bool matches = idx < w->core.entities.issued && bm_matches(w, q, idx);
        ESB_ASSERT_MSG(listed == matches, "a cached filter that differs from testing every mask again");
    }
    ESB_ASSERT_MSG(in == q->member_count, "a filter whose positions and members differ in number");
}

/* B7: every block verdict against its block's length and, where they are equal, a fresh scan of the block. */
static void check_block_verdicts(const esb_world *w, const esb_query *q) {
    ESB_ASSERT(w->capacity == 0 || q->verdicts);
    for (uint32_t b = 0; b < bm_block_count(w->capacity); ++b) {
        bm_block_verdict v = q->verdicts[b];
        uint64_t at = (uint64_t)b * ESB_BATCH_ROWS;
        uint32_t held = at < q->member_count ? bm_block_length(q->member_count, b) : 0;
        ESB_ASSERT_MSG(v.length <= held, "a block verdict on more members than the block holds");
        if (v.length != held || held == 0) continue;
        bm_block_verdict fresh = bm_block_scan(q->members + at, held);
        ESB_ASSERT_MSG(v.first == fresh.first, "a block verdict that differs from scanning the block again");
    }
}

static bool holds(const void *world, esb_component c, uint32_t idx) {
    const esb_world *w = world;
    return idx < w->core.entities.issued && esb_entity_index(w->core.entities.slots[idx]) == idx &&
           c < w->core.component_count && bm_has(w, idx, c);
}

static void check_queries(const esb_world *w) {
    esb_qr_check_invariants(&w->core.queries); /* B6 */
    esb_bitset with_data = {{0}};
    for (esb_component c = 0; c < w->core.component_count; ++c)
        if (w->components[c].size) esb_bitset_set(&with_data, c);
    uint64_t cached = 0, watching = 0, listed = 0;
    for (const esb_query_node *n = w->core.queries.head; n; n = n->next) {
        const esb_query *q = (const esb_query *)n;
        ESB_ASSERT_MSG(q->world == w, "a query of another world");
        esb_query_terms_check_invariants(q->fields, q->field_count, &q->include, &q->exclude, q->matches_nothing,
                                         &with_data, w->core.component_count);
        uint32_t k = 0;
        for (uint32_t word = 0; word < ESB_BITSET_WORDS; ++word)
            if (q->include.w[word] | q->exclude.w[word])
                ESB_ASSERT_MSG(k < q->word_count && q->words[k++] == word, "a query's mask words are not its terms'");
        ESB_ASSERT_MSG(k == q->word_count, "a query tests mask words its terms do not touch");
        ESB_ASSERT_MSG(!q->changes || !q->cached, "a query with a change term and a cached filter"); /* B8 */
        if (!q->cached) {
            ESB_ASSERT_MSG(q->scan_rows && !q->members && !q->position && !q->verdicts,
                           "a scanning query without its scan array");
            continue;
        }
        cached++;
        ESB_ASSERT_MSG(q->cached_slot < w->cached_count && w->cached[q->cached_slot] == q,
                       "a cached filter away from its slot in the world's list"); /* B4 */
        for (esb_component c = 0; c < w->core.component_count; ++c) watching += watches(q, c);
        check_filter(w, q);
        check_block_verdicts(w, q);
    }
    ESB_ASSERT_MSG(cached == w->cached_count, "the world's list of cached filters differs from its cached queries");
    ESB_ASSERT(w->cached_count <= w->cached_capacity);
    for (esb_component c = 0; c < w->core.component_count; ++c) {
        const bm_component *comp = &w->components[c];
        ESB_ASSERT(comp->filter_count <= comp->filter_capacity);
        for (uint32_t i = 0; i < comp->filter_count; ++i) {
            const esb_query *f = comp->filters[i];
            ESB_ASSERT_MSG(f->cached && f->cached_slot < w->cached_count && w->cached[f->cached_slot] == f,
                           "a component's filter list names a query that is not a cached filter");
            ESB_ASSERT_MSG(watches(f, c), "a component's filter list names a filter that does not watch it");
            for (uint32_t j = 0; j < i; ++j) ESB_ASSERT_MSG(comp->filters[j] != f, "a filter listed twice");
        }
        listed += comp->filter_count;
    }
    ESB_ASSERT_MSG(listed == watching, "a cached filter missing from the list of a component it watches");
    ESB_ASSERT(w->changes.capacity >= w->capacity);
    esb_change_sets_check(&w->changes, w, holds); /* B8 */
}
#endif

void esb_world_check(const esb_world *w) {
    (void)w;
    ESB_IF_CHECKED(if (w) {
        check_masks(w);
        check_queries(w);
    });
}

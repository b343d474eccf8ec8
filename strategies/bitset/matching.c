/* The query-wide adds and removes (contract.h: esb_add_matching, esb_remove_matching), a level-0 word of the query's
 * join at a time. Nothing moves: an entity's components are the presence sets holding its index, so the set the call
 * began with is each word of the join as it is produced, before that word of c's presence set is written, and no
 * other word depends on it (the join reads an excluded set at level 0 only, when it produces the word, and the
 * summary words above the current one were read before it descended).
 *
 * An add's word is m = join & ~present[c]: its bits are ORed into c's presence set at once (the summary bits above
 * once per word), its change marks once per set, and each of its indices gets its value: a dense component's
 * array written run by run of consecutive bits, a sparse one's set appended to. Before anything changes, the add
 * makes c's array where some entity gains it, or reserves a sparse c's set room for every index that gains it and
 * the page of each word of them. A remove is present[c] &= ~join, a word at a time (sparse elements erased), and
 * never allocates. */
#include <string.h>

#include "inline.h"
#include "hibit.h"

_Static_assert(ESB_SPARSE_PAGE % 64 == 0, "a word's 64 indices share a sparse page");

static esb_status check_matching(const esb_query *q, esb_component c) {
    return q ? esb_core_check_matching(&q->world->core, q->head.change, c) : ESB_ERR_INVALID;
}

/* Begins a walk of q's join; false where its terms match nothing. */
static bool join_begin(const esb_query *q, esb_hibit_join *j) {
    if (q->head.matches_nothing) return false;
    esb_hibit_join_begin(j, q->need, q->need_count, q->refuse, q->refuse_count);
    return true;
}

/* The add's allocations: c's array where some index gains it; for a sparse c its set's room for every index that
 * gains it and the page of each word of them (a page made before a later NOMEM stays, empty, as esb_add may leave
 * one). A tag, or a dense component whose array exists, needs nothing. */
static esb_status reserve_add(esb_world *w, const esb_query *q, esb_component c) {
    bool pooled = hb_pooled(w, c);
    if (!pooled && (!hb_arrayed(w, c) || w->data[c])) return ESB_OK;
    esb_hibit_join j;
    if (!join_begin(q, &j)) return ESB_OK;
    const uint64_t *present = w->present[c].level[0];
    uint32_t word;
    uint64_t bits;
    size_t gaining = 0;
    while (esb_hibit_join_next(&j, &word, &bits)) {
        uint64_t m = bits & ~present[word];
        if (!m) continue;
        if (!pooled) return hb_ensure_data(w, c); /* one index gaining it is enough */
        esb_status s = esb_sparse_reserve_index(&w->pools[c], word * 64);
        if (s != ESB_OK) return s;
        gaining += (size_t)__builtin_popcountll(m);
    }
    return gaining ? esb_sparse_reserve(&w->pools[c], (uint32_t)gaining) : ESB_OK;
}

/* n copies of value (zeros where NULL) at dst on, in slots of size bytes. */
static void write_copies(unsigned char *dst, const void *value, uint32_t size, uint32_t n) {
    if (!value) {
        memset(dst, 0, (size_t)n * size);
        return;
    }
    for (uint32_t i = 0; i < n; ++i) esb_copy_element(dst + (size_t)i * size, value, size);
}

/* The values of the indices of word `word` that gain c (the bits of m): a dense array's slots a run of consecutive
 * bits at a time, a sparse set's elements appended (room reserved); a tag stores nothing. */
static void store_values(esb_world *w, esb_component c, uint32_t word, uint64_t m, const void *value) {
    uint32_t size = w->components[c].size;
    if (hb_arrayed(w, c)) {
        while (m) {
            uint32_t at = (uint32_t)__builtin_ctzll(m);
            uint64_t rest = ~(m >> at); /* zero only where every bit from `at` up is set */
            uint32_t len = rest ? (uint32_t)__builtin_ctzll(rest) : 64 - at;
            write_copies(hb_value(w, c, word * 64 + at), value, size, len);
            m = at + len >= 64 ? 0 : m & (~0ull << (at + len));
        }
    } else if (hb_pooled(w, c)) {
        for (; m; m &= m - 1) {
            uint32_t idx = word * 64 + (uint32_t)__builtin_ctzll(m);
            esb_sparse_emplace(&w->pools[c], w->core.entities.slots[idx], value);
        }
    }
}

/* Both operations are flattened (inline.h): the helpers they share with add, remove and the passes are inlined into
 * them before gcc weighs any other call, so that those are compiled as they are without query-wide calls. */
ESB_FLATTEN esb_status esb_add_matching(esb_query *q, esb_component c, const void *value, size_t *out_count);
ESB_FLATTEN esb_status esb_remove_matching(esb_query *q, esb_component c, size_t *out_count);

esb_status esb_add_matching(esb_query *q, esb_component c, const void *value, size_t *out_count) {
    esb_status s = check_matching(q, c);
    if (s != ESB_OK) return s;
    esb_world *w = q->world;
    if ((s = reserve_add(w, q, c)) != ESB_OK) return s;
    esb_hibitset *present = &w->present[c];
    esb_hibit_join j;
    uint32_t word;
    uint64_t bits;
    size_t added = 0;
    for (bool walking = join_begin(q, &j); walking && esb_hibit_join_next(&j, &word, &bits);) {
        uint64_t m = bits & ~present->level[0][word];
        if (!m) continue;
        store_values(w, c, word, m, value);
        esb_hibitset_set_word(present, word, m);
        esb_change_mark_word(&w->changes, c, word, m, true);
        added += (size_t)__builtin_popcountll(m);
    }
    if (out_count) *out_count = added;
    return ESB_OK;
}

esb_status esb_remove_matching(esb_query *q, esb_component c, size_t *out_count) {
    esb_status s = check_matching(q, c);
    if (s != ESB_OK) return s;
    esb_world *w = q->world;
    esb_hibitset *present = &w->present[c];
    bool pooled = hb_pooled(w, c);
    esb_hibit_join j;
    uint32_t word;
    uint64_t bits;
    size_t removed = 0;
    for (bool walking = join_begin(q, &j); walking && esb_hibit_join_next(&j, &word, &bits);) {
        uint64_t m = bits & present->level[0][word];
        if (!m) continue;
        for (uint64_t b = pooled ? m : 0; b; b &= b - 1) { /* an array's values stay behind as holes */
            esb_entity e = w->core.entities.slots[word * 64 + (uint32_t)__builtin_ctzll(b)];
            uint32_t pos;
            if (esb_sparse_find(&w->pools[c], e, &pos)) esb_sparse_erase(&w->pools[c], pos);
        }
        esb_hibitset_clear_word(present, word, m);
        esb_change_forget_word(&w->changes, c, word, m);
        removed += (size_t)__builtin_popcountll(m);
    }
    if (out_count) *out_count = removed;
    return ESB_OK;
}

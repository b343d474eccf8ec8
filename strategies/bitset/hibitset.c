#include "hibitset.h"

#include <string.h>

#include "grow.h"

esb_status esb_hibitset_reserve(esb_hibitset *s, uint64_t capacity) {
    ESB_ASSERT(capacity <= (uint64_t)1 << 32);
    uint32_t now = (uint32_t)((capacity + 63) / 64);
    if (now <= s->words) return ESB_OK;
    esb_grow_item items[ESB_HIBIT_LEVELS];
    for (unsigned k = 0; k < ESB_HIBIT_LEVELS; ++k)
        items[k] = (esb_grow_item){(void **)&s->level[k],
                                   (size_t)esb_hibit_words(s->words, k) * 8,
                                   (size_t)esb_hibit_words(now, k) * 8,
                                   0,
                                   0,
                                   NULL};
    /* a level whose word count does not grow keeps its array: esb_grow_all takes growing arrays only */
    esb_grow_item growing[ESB_HIBIT_LEVELS];
    size_t n = 0;
    for (unsigned k = 0; k < ESB_HIBIT_LEVELS; ++k)
        if (items[k].new_bytes > items[k].old_bytes) growing[n++] = items[k];
    esb_status st = esb_grow_all(growing, n);
    if (st == ESB_OK) s->words = now;
    return st;
}

void esb_hibitset_free(esb_hibitset *s) {
    for (unsigned k = 0; k < ESB_HIBIT_LEVELS; ++k) esb_mem_free(s->level[k], (size_t)esb_hibit_words(s->words, k) * 8);
    memset(s, 0, sizeof *s);
}

void esb_hibitset_set_run(esb_hibitset *s, uint32_t first, uint32_t n) {
    ESB_ASSERT((uint64_t)first + n <= (uint64_t)s->words * 64);
    for (uint64_t at = first, end = (uint64_t)first + n; at < end;) {
        uint32_t word = (uint32_t)(at >> 6), from = (uint32_t)(at & 63);
        uint64_t to = end - (at - from) < 64 ? end - (at - from) : 64;
        uint64_t bits = (to == 64 ? ~0ull : (1ull << to) - 1) & ~((1ull << from) - 1);
        uint64_t *w0 = &s->level[0][word];
        s->count += (uint32_t)__builtin_popcountll(bits & ~*w0);
        bool was_empty = *w0 == 0;
        *w0 |= bits;
        uint32_t i = word;
        for (unsigned k = 1; was_empty && k < ESB_HIBIT_LEVELS; ++k, i >>= 6) {
            uint64_t *wk = &s->level[k][i >> 6];
            was_empty = *wk == 0;
            *wk |= 1ull << (i & 63);
        }
        at = (uint64_t)(word + 1) << 6;
    }
}

void esb_hibit_join_begin(esb_hibit_join *j, const esb_hibitset *const *need, uint32_t need_count,
                          const esb_hibitset *const *refuse, uint32_t refuse_count) {
    ESB_ASSERT(need_count > 0);
    memset(j, 0, sizeof *j);
    j->need = need;
    j->need_count = need_count;
    j->refuse = refuse;
    j->refuse_count = refuse_count;
    uint32_t words = need[0]->words;
    for (uint32_t k = 1; k < need_count; ++k)
        if (need[k]->words < words) words = need[k]->words;
    for (unsigned k = 0; k < ESB_HIBIT_LEVELS; ++k) j->limit[k] = esb_hibit_words(words, k);
    j->level = ESB_HIBIT_LEVELS; /* nothing taken yet */
}

/* Word `at` of level k in every need set, ANDed (below the limit of every set). */
static inline uint64_t need_word(const esb_hibit_join *j, unsigned k, uint32_t at) {
    uint64_t bits = ~0ull;
    for (uint32_t n = 0; n < j->need_count; ++n) bits &= j->need[n]->level[k][at];
    return bits;
}

bool esb_hibit_join_next(esb_hibit_join *j, uint32_t *word, uint64_t *bits) {
    const unsigned top = ESB_HIBIT_LEVELS - 1;
    unsigned k = j->level;
    if (k == ESB_HIBIT_LEVELS) { /* the first call: the top level's first word */
        if (!j->limit[top]) return false;
        j->at[top] = 0;
        j->mask[top] = need_word(j, top, 0);
        k = top;
    }
    for (;;) {
        if (!j->mask[k]) {
            if (k < top) {
                ++k; /* this word of level k is done: back to the level above */
                continue;
            }
            if (++j->at[top] >= j->limit[top]) {
                j->level = top;
                return false;
            }
            j->mask[top] = need_word(j, top, j->at[top]);
            continue;
        }
        uint32_t child = j->at[k] * 64 + (uint32_t)__builtin_ctzll(j->mask[k]);
        j->mask[k] &= j->mask[k] - 1;
        if (child >= j->limit[k - 1]) continue; /* past the smallest set's words */
        if (k > 1) {
            j->at[k - 1] = child;
            j->mask[k - 1] = need_word(j, k - 1, child);
            --k;
            continue;
        }
        uint64_t found = need_word(j, 0, child);
        for (uint32_t r = 0; found && r < j->refuse_count; ++r)
            if (child < j->refuse[r]->words) found &= ~j->refuse[r]->level[0][child];
        if (found) {
            j->level = 1;
            *word = child;
            *bits = found;
            return true;
        }
    }
}

#ifdef ESB_CHECKED
void esb_hibitset_check(const esb_hibitset *s) {
    for (unsigned k = 0; k < ESB_HIBIT_LEVELS; ++k) /* H1 */
        ESB_ASSERT_MSG(!esb_hibit_words(s->words, k) || s->level[k], "a level without its words");
    uint64_t count = 0;
    for (uint32_t w = 0; w < s->words; ++w) count += (uint64_t)__builtin_popcountll(s->level[0][w]);
    ESB_ASSERT_MSG(count == s->count, "a hierarchical bitset's count is not its bits"); /* H3 */
    for (unsigned k = 1; k < ESB_HIBIT_LEVELS; ++k) {                                   /* H2 */
        uint32_t below = esb_hibit_words(s->words, k - 1);
        for (uint32_t w = 0; w < esb_hibit_words(s->words, k); ++w)
            for (unsigned b = 0; b < 64; ++b) {
                uint64_t child = (uint64_t)w * 64 + b;
                bool set = s->level[k][w] >> b & 1u, want = child < below && s->level[k - 1][child] != 0;
                ESB_ASSERT_MSG(set == want, "a summary bit that does not say whether the word below is empty");
            }
    }
}
#endif

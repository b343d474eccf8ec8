/* A hierarchical bitset, as specs keeps one per storage (the hibitset crate): level 0 holds a bit per index;
 * each level above holds a bit per word of the level below, set exactly when that word is not zero. A join
 * (the AND of several sets, less the indices of others) walks the top level and descends only into words whose
 * summary bits are set in every required set, so an empty region of 64^k indices costs one word test at level k
 * (hibitset's BitSetAnd and BitSetNot iterated by BitIter).
 *
 * hibitset fixes four levels of machine words with a single word on top (2^24 indices on 64-bit targets); here
 * the top level is an array, so the four levels cover the contract's whole index space (2^32): level 3 has up to
 * 256 words. Sets grow (all or nothing) and never shrink; bits past capacity read as clear. */
#ifndef BITSET_HIBITSET_H
#define BITSET_HIBITSET_H

#include "check.h"
#include "contract.h"

#define ESB_HIBIT_LEVELS 4

/* Invariants (esb_hibitset_check):
 *  H1 Level 0 holds `words` words (0 for an unused set), level k > 0 ceil(words(k - 1) / 64).
 *  H2 For k > 0, bit j of level k is set exactly when word j of level k - 1 is not zero; no bit past the words
 *     of the level below is set.
 *  H3 count is the number of bits set in level 0. */
typedef struct esb_hibitset {
    uint64_t *level[ESB_HIBIT_LEVELS];
    uint32_t words; /* of level 0: indices below words * 64 can be held */
    uint32_t count; /* indices set */
} esb_hibitset;

/* Words at level k above `words` words of level 0. */
static inline uint32_t esb_hibit_words(uint32_t words, unsigned k) {
    for (unsigned j = 0; j < k; ++j) words = (words + 63) / 64;
    return words;
}

/* Room for every index below `capacity` (up to 2^32), zero-filled; all or nothing. */
esb_status esb_hibitset_reserve(esb_hibitset *s, uint64_t capacity);

void esb_hibitset_free(esb_hibitset *s);

static inline bool esb_hibitset_test(const esb_hibitset *s, uint32_t i) {
    return (i >> 6) < s->words && (s->level[0][i >> 6] >> (i & 63) & 1u);
}

/* Sets index i (below capacity): its bit, and the summary bits above it that were clear. */
static inline void esb_hibitset_set(esb_hibitset *s, uint32_t i) {
    ESB_ASSERT((i >> 6) < s->words);
    uint64_t *word = &s->level[0][i >> 6], bit = 1ull << (i & 63);
    if (*word & bit) return;
    bool was_empty = *word == 0;
    *word |= bit;
    s->count++;
    for (unsigned k = 1; was_empty && k < ESB_HIBIT_LEVELS; ++k) {
        i >>= 6;
        word = &s->level[k][i >> 6];
        was_empty = *word == 0;
        *word |= 1ull << (i & 63);
    }
}

/* Clears index i: its bit, and the summary bits above it whose words became empty. */
static inline void esb_hibitset_clear(esb_hibitset *s, uint32_t i) {
    if ((i >> 6) >= s->words) return;
    uint64_t *word = &s->level[0][i >> 6], bit = 1ull << (i & 63);
    if (!(*word & bit)) return;
    *word &= ~bit;
    s->count--;
    for (unsigned k = 1; *word == 0 && k < ESB_HIBIT_LEVELS; ++k) {
        i >>= 6;
        word = &s->level[k][i >> 6];
        *word &= ~(1ull << (i & 63));
    }
}

/* Sets the indices word * 64 + j for each bit j of bits (word within the set's room): one word written, and the
 * summary bits above it where it was empty, as setting them one by one would leave them. */
static inline void esb_hibitset_set_word(esb_hibitset *s, uint32_t word, uint64_t bits) {
    ESB_ASSERT(word < s->words);
    uint64_t *w0 = &s->level[0][word];
    if (!bits || (*w0 & bits) == bits) return;
    bool was_empty = *w0 == 0;
    s->count += (uint32_t)__builtin_popcountll(bits & ~*w0);
    *w0 |= bits;
    for (unsigned k = 1; was_empty && k < ESB_HIBIT_LEVELS; ++k, word >>= 6) {
        uint64_t *wk = &s->level[k][word >> 6];
        was_empty = *wk == 0;
        *wk |= 1ull << (word & 63);
    }
}

/* Clears the indices word * 64 + j for each bit j of bits: one word written, and the summary bits above it whose
 * words became empty. */
static inline void esb_hibitset_clear_word(esb_hibitset *s, uint32_t word, uint64_t bits) {
    if (word >= s->words) return;
    uint64_t *wk = &s->level[0][word];
    uint64_t gone = *wk & bits;
    if (!gone) return;
    *wk &= ~gone;
    s->count -= (uint32_t)__builtin_popcountll(gone);
    for (unsigned k = 1; *wk == 0 && k < ESB_HIBIT_LEVELS; ++k, word >>= 6) {
        wk = &s->level[k][word >> 6];
        *wk &= ~(1ull << (word & 63));
    }
}

/* Sets every index in [first, first + n) (all within the set's room), a word at a time: what a bulk creation of consecutive
 * indices needs. */
void esb_hibitset_set_run(esb_hibitset *s, uint32_t first, uint32_t n);

/* A join: the indices set in every `need` set (at least one) and in no `refuse` set, walked in increasing order
 * one level-0 word at a time. */
typedef struct esb_hibit_join {
    const esb_hibitset *const *need;
    const esb_hibitset *const *refuse;
    uint32_t need_count, refuse_count;
    uint32_t limit[ESB_HIBIT_LEVELS]; /* per level, the words the join can reach: the smallest need set's */
    uint64_t mask[ESB_HIBIT_LEVELS];  /* per level, the bits of the current word not yet visited */
    uint32_t at[ESB_HIBIT_LEVELS];    /* per level, the index of the current word */
    unsigned level;                   /* where the walk resumes: the top before the first word, then 1 */
} esb_hibit_join;

void esb_hibit_join_begin(esb_hibit_join *j, const esb_hibitset *const *need, uint32_t need_count,
                          const esb_hibitset *const *refuse, uint32_t refuse_count);

/* The next level-0 word of the join with any bit set: true with its index (*word: indices word * 64 ..
 * word * 64 + 63) and its bits; false when the join is exhausted. */
bool esb_hibit_join_next(esb_hibit_join *j, uint32_t *word, uint64_t *bits);

#ifdef ESB_CHECKED
/* Asserts H1-H3. O(capacity / 64). */
void esb_hibitset_check(const esb_hibitset *s);
#endif

#endif

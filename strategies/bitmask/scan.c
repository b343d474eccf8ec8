/* The full scan: every query visits every entity index and tests its mask, whatever fraction matches.
 *
 * A query with a change term walks its change set instead (change_set.h), as a specs system joins the BitSet of
 * the entities modified since its last run with the storages: its blocks of 64 indices are the set's words, so
 * a block where nothing changed costs one word and no mask, and the others' matches are those of the mask test
 * within the word.
 *
 * The test runs 64 entities at a time into a match bitmap (a branch-free, vectorisable loop over the mask
 * words the query involves). Runs of blocks in which every entity matched are handed out as one contiguous
 * batch; other blocks' matches are extracted bit by bit into the query's index list, handed out once it holds
 * ESB_BATCH_ROWS - 64 or more entries or a full block interrupts it. The iterator's state holds the next block. */
#include "batch.h"
#include "block_test.h"

#define BLOCK 64u

/* Entities in block: BLOCK, or fewer for the last one. */
static inline uint32_t block_length(const esb_world *w, uint32_t block) {
    uint32_t first = block * BLOCK;
    return w->core.entities.issued - first < BLOCK ? w->core.entities.issued - first : BLOCK;
}

static inline uint64_t all_bits(uint32_t len) { return len == BLOCK ? ~0ull : (1ull << len) - 1; }

/* True iff every entity of the block matches: an OR-reduction of mismatching bits, which vectorises fully, so
 * the common case of a query matching long stretches pays no per-entity bit extraction. */
static bool block_all_match(const esb_world *w, const esb_query *q, uint32_t block, uint32_t len) {
    uint32_t first = block * BLOCK;
    for (uint32_t k = 0; k < q->word_count; ++k) {
        uint32_t wi = q->words[k];
        const uint64_t *mask = w->mask[wi] + first;
        const uint64_t inc = q->include.w[wi], exc = q->exclude.w[wi];
        uint64_t wrong = 0;
        for (uint32_t j = 0; j < len; ++j) wrong |= ((mask[j] & inc) ^ inc) | (mask[j] & exc);
        if (wrong) return false;
    }
    return true;
}

static uint64_t block_matches(const esb_world *w, const esb_query *q, uint32_t block, uint32_t len) {
    if (block_all_match(w, q, block, len)) return all_bits(len);
    uint64_t bits = all_bits(len);
    for (uint32_t k = 0; k < q->word_count && bits; ++k) {
        uint32_t wi = q->words[k];
        bits &= bm_word_matches(w->mask[wi], block * BLOCK, len, q->include.w[wi], q->exclude.w[wi]);
    }
    return bits;
}

/* The block's matches within the query's change set, where it has one. */
static inline uint64_t block_candidates(const esb_world *w, const esb_query *q, uint32_t block, uint32_t len) {
    if (!q->changes) return block_matches(w, q, block, len);
    uint64_t changed = q->changes->bits[block];
    return changed ? changed & block_matches(w, q, block, len) : 0;
}

/* Whether every entity of the block is a candidate. */
static inline bool block_all_candidates(const esb_world *w, const esb_query *q, uint32_t block, uint32_t len) {
    if (q->changes && (q->changes->bits[block] & all_bits(len)) != all_bits(len)) return false;
    return block_all_match(w, q, block, len);
}

bool bm_next_scan_batch(esb_iter *it, esb_query *q) {
    const esb_world *w = q->world;
    if (q->matches_nothing) return false;
    uint32_t blocks = (uint32_t)(((uint64_t)w->core.entities.issued + BLOCK - 1) / BLOCK);
    bm_iter_state *st = ESB_ITER_STATE(bm_iter_state, it);
    uint32_t block = (uint32_t)st->next;
    uint64_t bits = 0;
    while (block < blocks && !(bits = block_candidates(w, q, block, block_length(w, block)))) block++;
    if (block == blocks) {
        st->next = block;
        return false;
    }
    if (bits == all_bits(block_length(w, block))) {
        uint32_t first = block * BLOCK, count = block_length(w, block);
        while (++block < blocks && bm_values_contiguous_room(count, block_length(w, block)) &&
               block_all_candidates(w, q, block, block_length(w, block)))
            count += block_length(w, block);
        st->next = block;
        bm_batch_contiguous(it, q, first, count);
        return true;
    }
    uint32_t n = 0;
    uint32_t *rows = q->scan_rows;
    for (;;) {
        for (uint64_t b = bits; b; b &= b - 1) rows[n++] = block * BLOCK + (uint32_t)__builtin_ctzll(b);
        if (++block == blocks || n > ESB_BATCH_ROWS - BLOCK) break;
        uint32_t len = block_length(w, block);
        bits = block_candidates(w, q, block, len);
        if (bits == all_bits(len)) break; /* the next batch starts a contiguous run there */
    }
    st->next = block;
    bm_batch_indexed(it, q, rows, n);
    return true;
}

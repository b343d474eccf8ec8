/* A cached filter's membership, one entity at a time: what the filters' upkeep (filters.c) and the query-wide calls
 * (matching.c) both change it with, keeping B5 and B7 (bitmask.h). */
#ifndef BITMASK_FILTER_MEMBERS_H
#define BITMASK_FILTER_MEMBERS_H

#include "check.h"
#include "bitmask.h"
#include "cache_hint.h"

/* Appending lengthens the last block past its verdict, which is then stale without being forgotten (B7). */
static inline void bm_filter_insert(esb_world *w, esb_query *q, uint32_t idx) {
    ESB_ASSERT_MSG(q->position[idx] == BM_NOT_IN, "an entity inserted twice into a cached filter");
    q->position[idx] = q->member_count;
    q->members[q->member_count++] = idx;
    w->filter_updates++;
}

/* The last member moves into the erased one's slot: both blocks change, and the last one is shortened, which a
 * later insert could undo with another member (B7). */
static inline void bm_filter_erase(esb_world *w, esb_query *q, uint32_t idx) {
    uint32_t slot = q->position[idx];
    ESB_ASSERT_MSG(slot < q->member_count, "an entity erased from a cached filter that does not hold it");
    uint32_t last = q->members[--q->member_count];
    q->members[slot] = last;
    q->position[last] = slot;
    q->position[idx] = BM_NOT_IN;
    bm_forget_block_of(q, slot);
    bm_forget_block_of(q, q->member_count);
    w->filter_updates++;
}

/* The n entities of indices rows[0 .. n) (first + i where rows is NULL), none of them a member, appended at once:
 * bm_filter_insert for each, with the count kept out of memory, so that a run's positions are written as one
 * vectorised stretch. */
static inline void bm_filter_insert_all(esb_world *w, esb_query *q, const uint32_t *rows, uint32_t first, uint32_t n) {
    uint32_t at = q->member_count, *members = q->members + at, *position = q->position;
    if (rows) {
        for (uint32_t i = 0; i < n; ++i) {
            ESB_ASSERT_MSG(position[rows[i]] == BM_NOT_IN, "an entity inserted twice into a cached filter");
            members[i] = rows[i];
            position[rows[i]] = at + i;
        }
    } else {
        for (uint32_t i = 0; i < n; ++i) {
            ESB_ASSERT_MSG(position[first + i] == BM_NOT_IN, "an entity inserted twice into a cached filter");
            members[i] = first + i;
            position[first + i] = at + i;
        }
    }
    q->member_count = at + n;
    w->filter_updates += n;
}

/* Entity idx's mask changed: it enters or leaves q as its mask now says. */
static inline void bm_filter_refresh(esb_world *w, esb_query *q, uint32_t idx) {
    bool in = q->position[idx] != BM_NOT_IN;
    bool match = bm_matches(w, q, idx);
    if (match && !in)
        bm_filter_insert(w, q, idx);
    else if (!match && in)
        bm_filter_erase(w, q, idx);
}

/* Every member left q at once: each position back to BM_NOT_IN and every block's verdict forgotten (B5, B7), one
 * pass over the list where erasing them one by one would move the last member into each slot. */
static inline void bm_filter_empty(esb_world *w, esb_query *q) {
    for (uint32_t i = 0; i < q->member_count; ++i) q->position[q->members[i]] = BM_NOT_IN;
    for (uint32_t b = 0; b < bm_block_count(q->member_count); ++b) bm_forget_block_of(q, b * ESB_BATCH_ROWS);
    w->filter_updates += q->member_count;
    q->member_count = 0;
}

#endif

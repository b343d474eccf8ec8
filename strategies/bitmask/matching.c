/* The query-wide adds and removes (contract.h: esb_add_matching, esb_remove_matching). Nothing moves: an entity's
 * components are its mask bits, so the call walks the entities the query matches that lack c (an add) or hold it
 * (a remove), at most 64 a step, and each step's changes touch that step's entities alone:
 *  - a scanning query tests blocks of 64 indices against its terms with c's term added (excluded for an add,
 *    included for a remove), with the scan's tests (block_test.h): a block where every entity matches is a run,
 *    any other gives its matches' indices. The step is computed before any of its masks change, and no later
 *    block depends on it;
 *  - a cached filter's members are already the matches: its list is walked 64 positions at a time, each member
 *    tested for c's bit alone (not even that where the filter watches c: then its terms say every member is in
 *    the set); 64 members that are consecutive indices are a run. The filter stays as the call began until the
 *    walk ends (below).
 * Each step's entities get their values (the value set's, matching_values.h: a run's as one stretch), c's bit ORed
 * into (cleared from) their mask word, their change marks, and the cached filters watching c their upkeep, which
 * is decided from the terms once a step rather than by a mask test per entity where it can be: where a filter's
 * terms but c are implied by the query's, every one of the step's entities enters it (appended at once) or leaves
 * it, untested; any other filter tests each as esb_add's upkeep does. The query's own filter, where it watches c,
 * loses every member (they all gained or lost c): it is emptied at the end in one pass over its list, where an
 * erase per entity would move the last member into each slot. An add first reserves what the value set needs
 * (arrays/: c's array, made for the first entity that gains it; pools/: the pool's room for all and a sparse page
 * for each), walking the set once more where that needs the entities; a remove never allocates, and where every
 * holder of c loses it the value set may forget them at once (pools/: the pool cleared). */
#include <string.h>

#include "inline.h"
#include "block_test.h"
#include "filter_members.h"
#include "matching_values.h"

#define STEP 64u /* entities per step: a block of indices, or as many of a filter's positions */

/* Which way the call changes c. */
typedef enum mt_change { MT_GAIN, MT_LOSE } mt_change;

/* The walk of the set the call began with, a step at a time. */
typedef struct mt_walk {
    const esb_world *w;
    const esb_query *q;
    esb_bitset include, exclude;     /* q's terms with c's term added: the entities the call changes */
    uint8_t words[ESB_BITSET_WORDS]; /* the mask words they test */
    uint32_t word_count;
    bool empty;       /* they match nothing (q includes c and the call adds it, say) */
    bool all_members; /* unless empty, they are all of q's cached filter (q excludes c and the call adds it, say) */
    uint32_t c_word;  /* c's mask word and bit */
    uint64_t c_bit;
    mt_change change;
    uint32_t next; /* the next block (a scan) or member position (a cached filter) */
} mt_walk;

/* A step's entities: n of them, a run of consecutive indices from first, or listed in rows. */
typedef struct mt_step {
    uint32_t rows[STEP];
    bool run;
    uint32_t first, n;
} mt_step;

/* The step's list, or NULL for a run (as esb_change_mark_rows and matching_values.h take them). */
static inline const uint32_t *step_rows(const mt_step *st) { return st->run ? NULL : st->rows; }

static inline uint32_t step_index(const mt_step *st, uint32_t i) { return st->run ? st->first + i : st->rows[i]; }

static bool watches(const esb_query *q, esb_component c) {
    return esb_bitset_test(&q->include, c) || esb_bitset_test(&q->exclude, c);
}

static void walk_begin(mt_walk *wk, const esb_world *w, const esb_query *q, esb_component c, mt_change change) {
    *wk = (mt_walk){.w = w, .q = q, .include = q->include, .exclude = q->exclude, .change = change};
    esb_bitset_set(change == MT_GAIN ? &wk->exclude : &wk->include, c);
    wk->empty = !esb_bitset_disjoint(&wk->include, &wk->exclude);
    wk->all_members = q->cached && watches(q, c);
    for (uint32_t k = 0; k < ESB_BITSET_WORDS; ++k)
        if (wk->include.w[k] | wk->exclude.w[k]) wk->words[wk->word_count++] = (uint8_t)k;
    wk->c_word = c >> 6;
    wk->c_bit = 1ull << (c & 63);
}

/* Whether every entity of the block of len from first meets the walk's terms. */
static bool block_all_match(const mt_walk *wk, uint32_t first, uint32_t len) {
    for (uint32_t k = 0; k < wk->word_count; ++k) {
        uint32_t wi = wk->words[k];
        if (!bm_word_all_match(wk->w->mask[wi] + first, len, wk->include.w[wi], wk->exclude.w[wi])) return false;
    }
    return true;
}

/* A scan's next block with a match: a run where every entity of the block matches, else its matches listed; false
 * at the end. Dead indices' masks are zero (B2), and the terms include a component, so they never match. */
static bool scan_step(mt_walk *wk, mt_step *st) {
    const esb_world *w = wk->w;
    uint32_t issued = w->core.entities.issued;
    while ((uint64_t)wk->next * STEP < issued) {
        uint32_t first = wk->next++ * STEP;
        uint32_t len = issued - first < STEP ? issued - first : STEP;
        st->first = first;
        if ((st->run = block_all_match(wk, first, len))) {
            st->n = len;
            return true;
        }
        uint64_t bits = len == STEP ? ~0ull : (1ull << len) - 1;
        for (uint32_t k = 0; k < wk->word_count && bits; ++k) {
            uint32_t wi = wk->words[k];
            bits &= bm_word_matches(w->mask[wi], first, len, wk->include.w[wi], wk->exclude.w[wi]);
        }
        uint32_t n = 0;
        for (; bits; bits &= bits - 1) st->rows[n++] = first + (uint32_t)__builtin_ctzll(bits);
        if ((st->n = n) != 0) return true;
    }
    return false;
}

/* A cached filter's next positions with a member that lacks c (an add) or holds it (a remove), those members
 * listed (kept without a branch; where the filter watches c, its terms say every member is one, untested), or a
 * run where all of them are and their indices are consecutive (a filter filled in index order keeps them so);
 * false at the end. */
static bool member_step(mt_walk *wk, mt_step *st) {
    const esb_query *q = wk->q;
    const uint64_t *c_mask = wk->w->mask[wk->c_word];
    uint64_t want = wk->change == MT_GAIN ? 0 : wk->c_bit;
    while (wk->next < q->member_count) {
        uint32_t len = q->member_count - wk->next < STEP ? q->member_count - wk->next : STEP, n = 0;
        const uint32_t *members = q->members + wk->next;
        wk->next += len;
        if (wk->all_members) {
            memcpy(st->rows, members, len * sizeof *members);
            n = len;
        } else {
            for (uint32_t i = 0; i < len; ++i) {
                st->rows[n] = members[i];
                n += (c_mask[members[i]] & wk->c_bit) == want;
            }
        }
        if (!n) continue;
        bm_block_verdict verdict = n == len ? bm_block_scan(st->rows, n) : (bm_block_verdict){n, BM_NOT_IN};
        st->run = verdict.first != BM_NOT_IN;
        st->first = verdict.first;
        st->n = n;
        return true;
    }
    return false;
}

/* The walk's next step; false when the walk is done. */
static bool walk_step(mt_walk *wk, mt_step *st) {
    if (wk->empty) return false;
    return wk->q->cached ? member_step(wk, st) : scan_step(wk, st);
}

/* What a step's entities do to cached filter f, which watches c. */
typedef enum mt_filter_step {
    MT_FILTER_IDLE,  /* nothing: f is q (emptied at the end) or matches nothing */
    MT_FILTER_ENTER, /* each enters f */
    MT_FILTER_LEAVE, /* each leaves f */
    MT_FILTER_TEST   /* each is tested against f's terms */
} mt_filter_step;

/* Decided from the terms: where f's terms but c are q's or implied by them, every entity of the walk meets them
 * before and after the call, so c alone decides, the same way for all: gaining c makes each enter f where f
 * includes c and leave it where it excludes c, losing c the reverse. */
static mt_filter_step filter_step(const esb_query *f, const mt_walk *wk, esb_component c) {
    if (f == wk->q || f->matches_nothing) return MT_FILTER_IDLE;
    esb_bitset include = f->include, exclude = f->exclude;
    esb_bitset_clear(&include, c);
    esb_bitset_clear(&exclude, c);
    if (!esb_bitset_contains(&wk->q->include, &include) || !esb_bitset_contains(&wk->q->exclude, &exclude))
        return MT_FILTER_TEST;
    return esb_bitset_test(&f->include, c) == (wk->change == MT_GAIN) ? MT_FILTER_ENTER : MT_FILTER_LEAVE;
}

/* The upkeep of every cached filter watching c for a step's entities, whose masks have changed. */
static void refresh_filters(esb_world *w, const mt_walk *wk, esb_component c, const mt_step *st) {
    const bm_component *comp = &w->components[c];
    for (uint32_t i = 0; i < comp->filter_count; ++i) {
        esb_query *f = comp->filters[i];
        switch (filter_step(f, wk, c)) {
        case MT_FILTER_ENTER: bm_filter_insert_all(w, f, step_rows(st), st->first, st->n); break;
        case MT_FILTER_LEAVE:
            for (uint32_t j = 0; j < st->n; ++j) bm_filter_erase(w, f, step_index(st, j));
            break;
        case MT_FILTER_TEST:
            for (uint32_t j = 0; j < st->n; ++j) bm_filter_refresh(w, f, step_index(st, j));
            break;
        case MT_FILTER_IDLE: break;
        }
    }
}

/* c's bit ORed into the step's masks (set), or cleared from them: a run's as one stretch of the mask word's
 * array, which vectorises. */
static void set_c_bits(uint64_t *c_mask, const mt_step *st, uint64_t bit) {
    if (st->run)
        for (uint32_t i = 0; i < st->n; ++i) c_mask[st->first + i] |= bit;
    else
        for (uint32_t i = 0; i < st->n; ++i) c_mask[st->rows[i]] |= bit;
}

static void clear_c_bits(uint64_t *c_mask, const mt_step *st, uint64_t bit) {
    if (st->run)
        for (uint32_t i = 0; i < st->n; ++i) c_mask[st->first + i] &= ~bit;
    else
        for (uint32_t i = 0; i < st->n; ++i) c_mask[st->rows[i]] &= ~bit;
}

/* The query's own filter after the walk: where it watches c and the call changed some entity, the walk was all of
 * its members (it holds only entities that lack c, or only ones that hold it), and none matches it any more. */
static void finish_own_filter(esb_world *w, esb_query *q, esb_component c, size_t changed) {
    if (changed && q->cached && watches(q, c)) bm_filter_empty(w, q);
}

/* The shared checks; a query's change term is its change set (B8). */
static esb_status check_matching(const esb_query *q, esb_component c) {
    if (!q) return ESB_ERR_INVALID;
    esb_change change = !q->changes ? ESB_CHANGE_NONE : q->changes->added_only ? ESB_CHANGE_ADDED : ESB_CHANGE_CHANGED;
    return esb_core_check_matching(&q->world->core, change, c);
}

/* The add's room in c's store, walking the entities that gain c first where the value set needs them. */
static esb_status reserve_add(esb_world *w, const esb_query *q, esb_component c) {
    if (!bm_matching_walk_first(w, c)) return ESB_OK;
    mt_walk wk;
    mt_step st;
    size_t gaining = 0;
    esb_status s;
    for (walk_begin(&wk, w, q, c, MT_GAIN); walk_step(&wk, &st); gaining += st.n)
        if ((s = bm_matching_reserve_rows(w, c, step_rows(&st), st.first, st.n)) != ESB_OK) return s;
    return bm_matching_reserve_count(w, c, gaining);
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
    mt_walk wk;
    mt_step st;
    size_t added = 0;
    for (walk_begin(&wk, w, q, c, MT_GAIN); walk_step(&wk, &st); added += st.n) {
        bm_matching_add_rows(w, c, step_rows(&st), st.first, st.n, value);
        set_c_bits(w->mask[wk.c_word], &st, wk.c_bit);
        if (w->changes.watching[c]) esb_change_mark_rows(&w->changes, c, step_rows(&st), st.first, st.n, true);
        refresh_filters(w, &wk, c, &st);
    }
    finish_own_filter(w, q, c, added);
    if (out_count) *out_count = added;
    return ESB_OK;
}

esb_status esb_remove_matching(esb_query *q, esb_component c, size_t *out_count) {
    esb_status s = check_matching(q, c);
    if (s != ESB_OK) return s;
    esb_world *w = q->world;
    mt_walk wk;
    mt_step st;
    size_t removed = 0;
    walk_begin(&wk, w, q, c, MT_LOSE);
    bool forgotten = !wk.empty && wk.all_members && bm_matching_remove_all(w, c, q->member_count);
    while (walk_step(&wk, &st)) {
        if (!forgotten) bm_matching_remove_rows(w, c, step_rows(&st), st.first, st.n);
        clear_c_bits(w->mask[wk.c_word], &st, wk.c_bit);
        for (uint32_t i = 0; w->changes.watching[c] && i < st.n; ++i)
            esb_change_forget(&w->changes, c, step_index(&st, i));
        refresh_filters(w, &wk, c, &st);
        removed += st.n;
    }
    finish_own_filter(w, q, c, removed);
    if (out_count) *out_count = removed;
    return ESB_OK;
}

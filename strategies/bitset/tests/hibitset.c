/* The hierarchical bitset (hibitset.h) against a plain array of bools: random sets, clears and runs keep
 * every bit and every summary bit right (H1-H3 checked after each), joins of required and refused sets give
 * exactly the indices the array says in increasing order, far-apart indices reach the top level's array, and
 * growth keeps every bit or, when an allocation fails, changes nothing. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "hibitset.h"
#include "memory.h"

/* xorshift64*: a fixed seed makes every run the same. */
static uint32_t unit_rand(uint64_t *state) {
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return (uint32_t)((x * 0x2545F4914F6CDD1Dull) >> 32);
}

static size_t unit_live_bytes(void) { return esb_mem_get_stats().live_bytes; }

#define SPAN 20000u /* indices the random tests use: three levels of summaries over them */

static void expect_join(const esb_hibitset *const *need, uint32_t nn, const esb_hibitset *const *refuse, uint32_t nr,
                        bool (*const want)[SPAN], uint32_t wn, uint32_t wr) {
    esb_hibit_join j;
    esb_hibit_join_begin(&j, need, nn, refuse, nr);
    uint32_t next = 0, word, seen = 0;
    uint64_t bits;
    while (esb_hibit_join_next(&j, &word, &bits)) {
        cr_assert_neq(bits, 0, "a word of the join without a bit");
        for (; bits; bits &= bits - 1) {
            uint32_t idx = word * 64 + (uint32_t)__builtin_ctzll(bits);
            cr_assert_geq(idx, next, "the join went back or repeated an index");
            for (; next < idx; ++next) {
                bool in = true;
                for (uint32_t k = 0; k < wn; ++k) in &= want[k][next];
                for (uint32_t k = 0; k < wr; ++k) in &= !want[wn + k][next];
                cr_assert(!in, "the join skipped index %u", next);
            }
            cr_assert_lt(idx, SPAN);
            for (uint32_t k = 0; k < wn; ++k) cr_assert(want[k][idx], "index %u is not in a required set", idx);
            for (uint32_t k = 0; k < wr; ++k) cr_assert(!want[wn + k][idx], "index %u is in a refused set", idx);
            next = idx + 1;
            seen++;
        }
    }
    for (; next < SPAN; ++next) {
        bool in = true;
        for (uint32_t k = 0; k < wn; ++k) in &= want[k][next];
        for (uint32_t k = 0; k < wr; ++k) in &= !want[wn + k][next];
        cr_assert(!in, "the join ended before index %u", next);
    }
    (void)seen;
}

Test(hibitset, random_changes_and_joins_match_an_array) {
    static bool want[3][SPAN];
    esb_hibitset sets[3] = {0};
    uint64_t rng = 0x1234567;
    for (int s = 0; s < 3; ++s) cr_assert_eq(esb_hibitset_reserve(&sets[s], SPAN - 100 * (uint32_t)s), ESB_OK);
    for (int round = 0; round < 40; ++round) {
        for (int op = 0; op < 300; ++op) {
            int s = (int)(unit_rand(&rng) % 3);
            uint32_t room = sets[s].words * 64 < SPAN ? sets[s].words * 64 : SPAN;
            uint32_t idx = unit_rand(&rng) % room, kind = unit_rand(&rng) % 8;
            if (kind < 4) {
                esb_hibitset_set(&sets[s], idx);
                want[s][idx] = true;
            } else if (kind < 7) {
                esb_hibitset_clear(&sets[s], idx);
                want[s][idx] = false;
            } else {
                uint32_t n = unit_rand(&rng) % 300;
                if (idx + n > room) n = room - idx;
                esb_hibitset_set_run(&sets[s], idx, n);
                for (uint32_t i = idx; i < idx + n; ++i) want[s][i] = true;
            }
        }
        if (round % 10 == 9) /* empty a region, so the summaries above it must clear */
            for (uint32_t i = 4096; i < 3 * 4096; ++i) esb_hibitset_clear(&sets[1], i), want[1][i] = false;
        for (int s = 0; s < 3; ++s) {
            esb_hibitset_check(&sets[s]);
            for (uint32_t i = 0; i < SPAN; ++i) cr_assert_eq(esb_hibitset_test(&sets[s], i), want[s][i], "bit %u", i);
        }
        const esb_hibitset *const all[] = {&sets[0], &sets[1], &sets[2]};
        expect_join(all, 1, NULL, 0, want, 1, 0);
        expect_join(all, 2, NULL, 0, want, 2, 0);
        expect_join(all, 1, all + 1, 2, want, 1, 2);
        expect_join(all, 2, all + 2, 1, want, 2, 1);
    }
    for (int s = 0; s < 3; ++s) esb_hibitset_free(&sets[s]);
}

/* An index at 2^27 and one at the bottom: the summaries reach into the top level's array (eight words there), and
 * the join walks from one to the other through empty levels. */
Test(hibitset, far_apart_indices_use_the_top_level) {
    size_t before = unit_live_bytes();
    esb_hibitset a = {0}, b = {0};
    cr_assert_eq(esb_hibitset_reserve(&a, (uint64_t)1 << 27), ESB_OK);
    cr_assert_eq(esb_hibitset_reserve(&b, (uint64_t)1 << 27), ESB_OK);
    cr_assert_eq(esb_hibit_words(a.words, 3), 8);
    cr_assert_eq(esb_hibit_words((uint32_t)(((uint64_t)1 << 32) / 64), 3), 256, "the whole index space in 256 words");
    const uint32_t high = (1u << 27) - 6;
    esb_hibitset_set(&a, 3), esb_hibitset_set(&b, 3);
    esb_hibitset_set(&a, high), esb_hibitset_set(&b, high);
    esb_hibitset_set(&a, 1u << 26); /* in a alone */
    cr_assert(a.level[3][7] >> 63 & 1u, "the top level's last word does not summarise the highest index");
    const esb_hibitset *const both[] = {&a, &b};
    esb_hibit_join j;
    esb_hibit_join_begin(&j, both, 2, NULL, 0);
    uint32_t word;
    uint64_t bits;
    cr_assert(esb_hibit_join_next(&j, &word, &bits) && word == 0 && bits == 1u << 3);
    cr_assert(esb_hibit_join_next(&j, &word, &bits) && word == high / 64 && bits == 1ull << (high % 64));
    cr_assert(!esb_hibit_join_next(&j, &word, &bits));
    cr_assert(!esb_hibit_join_next(&j, &word, &bits), "an exhausted join stays exhausted");
    esb_hibitset_clear(&a, high);
    cr_assert_eq(a.level[3][7], 0, "clearing the only index below a summary bit leaves it set");
    esb_hibitset_free(&a);
    esb_hibitset_free(&b);
    cr_assert_eq(unit_live_bytes(), before, "the sets gave back what they took");
}

Test(hibitset, growth_keeps_every_bit_or_changes_nothing) {
    esb_hibitset s = {0};
    cr_assert_eq(esb_hibitset_reserve(&s, 100), ESB_OK);
    esb_hibitset_set(&s, 99);
    esb_hibitset_set(&s, 0);
    for (uint64_t k = 1;; ++k) { /* the k-th allocation of the growth fails, until none does */
        uint64_t *levels[ESB_HIBIT_LEVELS];
        for (unsigned l = 0; l < ESB_HIBIT_LEVELS; ++l) levels[l] = s.level[l];
        esb_mem_fail_nth(k);
        esb_status st = esb_hibitset_reserve(&s, 300000);
        uint64_t calls = esb_mem_fail_nth(0);
        if (st == ESB_OK) {
            cr_assert_gt(calls, 1, "the growth allocated nothing");
            break;
        }
        cr_assert_eq(st, ESB_ERR_NOMEM);
        for (unsigned l = 0; l < ESB_HIBIT_LEVELS; ++l)
            cr_assert(s.level[l] == levels[l], "a failed growth moved a level");
        cr_assert_eq(s.words, 2, "a failed growth changed the room");
    }
    esb_hibitset_check(&s);
    cr_assert(esb_hibitset_test(&s, 99) && esb_hibitset_test(&s, 0) && s.count == 2, "growth lost a bit");
    esb_hibitset_set(&s, 299999);
    esb_hibitset_check(&s);
    esb_hibitset_free(&s);
}

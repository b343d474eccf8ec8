/* The allocator hooks' placement (platform/layout.h): every block starts where the layout stream of the seed says,
 * whatever the C library returned, with its alignment kept, its contents kept across a realloc, and a write past
 * its end caught. Not a conformance test of the strategy: the hooks every strategy and baseline allocate through. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>

#include "layout.h"
#include "memory.h"

static size_t page_offset(const void *p) { return (uintptr_t)p % LAYOUT_WINDOW; }

/* The remainder the k-th draw of a seed's stream gives (the first k - 1 draws skipped). */
static size_t drawn(uint64_t seed, unsigned k, size_t window, size_t unit) {
    layout_begin(seed);
    size_t r = 0;
    for (unsigned i = 0; i < k; ++i) r = layout_block_residue(window, unit);
    return r;
}

Test(hooks, a_large_block_starts_where_its_seed_says) {
    static const size_t aligns[] = {0, 1, 4, 8, 16, 32, 64};
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        for (size_t a = 0; a < sizeof aligns / sizeof *aligns; ++a) {
            size_t unit = aligns[a] < 16 ? 16 : aligns[a];
            layout_begin(seed);
            void *first = esb_mem_alloc(3 * LAYOUT_WINDOW + 8, aligns[a]);
            void *second = esb_mem_alloc(100000, aligns[a]);
            cr_assert(first && second);
            cr_assert_eq(page_offset(first), drawn(seed, 1, LAYOUT_WINDOW, unit), "seed %llu align %zu",
                         (unsigned long long)seed, aligns[a]);
            cr_assert_eq(page_offset(second), drawn(seed, 2, LAYOUT_WINDOW, unit));
            cr_assert_eq((uintptr_t)first % unit, 0);
            memset(first, 0xEE, 3 * LAYOUT_WINDOW + 8); /* every byte is the caller's */
            memset(second, 0xEE, 100000);
            esb_mem_free(first, 3 * LAYOUT_WINDOW + 8);
            esb_mem_free(second, 100000);
        }
    }
}

Test(hooks, the_same_seed_places_blocks_alike_whatever_came_before) {
    layout_begin(7);
    void *a = esb_mem_alloc(20000, 64);
    /* other allocations shift the C library's heap; restarting the stream restores the placement */
    void *noise[5];
    for (int i = 0; i < 5; ++i) noise[i] = esb_mem_alloc((size_t)(37 + 1000 * i), 0);
    layout_begin(7);
    void *b = esb_mem_alloc(20000, 64);
    cr_assert_neq(a, b);
    cr_assert_eq(page_offset(a), page_offset(b));
    esb_mem_free(a, 20000);
    esb_mem_free(b, 20000);
    for (int i = 0; i < 5; ++i) esb_mem_free(noise[i], (size_t)(37 + 1000 * i));
}

Test(hooks, offsets_cover_the_window) {
    /* 256 multiples of 16 in 4 KiB: 4096 draws see nearly all of them, and never an unaligned one */
    bool seen[LAYOUT_WINDOW / 16] = {false};
    layout_begin(99);
    size_t distinct = 0;
    for (int i = 0; i < 4096; ++i) {
        size_t r = layout_block_residue(LAYOUT_WINDOW, 16);
        cr_assert_eq(r % 16, 0);
        cr_assert_lt(r, LAYOUT_WINDOW);
        if (!seen[r / 16]) distinct++, seen[r / 16] = true;
    }
    cr_assert_geq(distinct, 250);
}

Test(hooks, a_small_block_moves_within_its_own_size) {
    /* a 24-byte block: a window of 32, so it starts at 0 or 16 modulo 32; alignment 64 keeps it at 0 */
    layout_begin(3);
    for (int i = 0; i < 64; ++i) {
        void *p = esb_mem_alloc(24, 0);
        void *q = esb_mem_alloc(24, 64);
        cr_assert(p && q);
        cr_assert_eq((uintptr_t)p % 16, 0);
        cr_assert_eq((uintptr_t)q % 64, 0);
        esb_mem_free(p, 24);
        esb_mem_free(q, 24);
    }
}

Test(hooks, an_impossible_size_is_out_of_memory) {
    esb_mem_stats before = esb_mem_get_stats();
    /* a size whose block, window and header would wrap around: refused before the C library is asked */
    cr_assert_null(esb_mem_alloc(SIZE_MAX - 8, 64));
    void *kept = esb_mem_alloc(64, 0);
    cr_assert_null(esb_mem_realloc(kept, 64, SIZE_MAX - 100, 0));
    esb_mem_stats after = esb_mem_get_stats();
    cr_assert_eq(after.failures, before.failures + 2);
    /* both are real refusals, the last with the size it asked for: what the bench reports as out of memory */
    cr_assert_eq(after.refusals, before.refusals + 2);
    cr_assert_eq(after.last_refused_bytes, SIZE_MAX - 100);
    cr_assert_eq(after.live_bytes, before.live_bytes + 64); /* the realloc left its block as it was */
    esb_mem_free(kept, 64);
}

Test(hooks, an_injected_failure_is_no_refusal) {
    void *kept = esb_mem_alloc(64, 0);
    esb_mem_stats before = esb_mem_get_stats();
    esb_mem_fail_nth(1);
    cr_assert_null(esb_mem_alloc(32, 0));
    esb_mem_fail_nth(1);
    cr_assert_null(esb_mem_realloc(kept, 64, 128, 0));
    esb_mem_stats after = esb_mem_get_stats();
    /* injected failures count as failures but not as refusals: only what the C library refused is out of
     * memory */
    cr_assert_eq(after.failures, before.failures + 2);
    cr_assert_eq(after.refusals, before.refusals);
    cr_assert_eq(after.last_refused_bytes, before.last_refused_bytes);
    esb_mem_free(kept, 64);
}

Test(hooks, realloc_keeps_the_contents_and_draws_a_new_place) {
    layout_begin(11);
    unsigned char *p = esb_mem_alloc(5000, 32);
    cr_assert(p);
    for (int i = 0; i < 5000; ++i) p[i] = (unsigned char)(i * 7);
    unsigned char *q = esb_mem_realloc(p, 5000, 50000, 32);
    cr_assert(q);
    cr_assert_eq((uintptr_t)q % 32, 0);
    cr_assert_eq(page_offset(q), drawn(11, 2, LAYOUT_WINDOW, 32));
    for (int i = 0; i < 5000; ++i) cr_assert_eq(q[i], (unsigned char)(i * 7));
    unsigned char *r = esb_mem_realloc(q, 50000, 100, 32);
    cr_assert(r);
    for (int i = 0; i < 100; ++i) cr_assert_eq(r[i], (unsigned char)(i * 7));
    esb_mem_free(r, 100);
}

#if defined(__SANITIZE_ADDRESS__)
#define HOOKS_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HOOKS_TEST_ASAN 1
#endif
#endif
#ifndef HOOKS_TEST_ASAN
/* Without AddressSanitizer a write into the slack after a block would go unnoticed by the C library: the canary
 * stops the run at the free. (Under AddressSanitizer the slack is poisoned and the write itself is reported.) */
static unsigned char *volatile overrun; /* reachable from a global when the run stops: not a leak to memcheck */

Test(hooks, a_write_past_the_end_is_caught, .signal = SIGABRT) {
    overrun = esb_mem_alloc(40, 0);
    overrun[40] = 1;
    esb_mem_free(overrun, 40);
}
#endif

Test(hooks, the_byte_tallies_count_what_was_asked_and_what_was_retired) {
    esb_mem_stats before = esb_mem_get_stats();
    void *a = esb_mem_alloc(100, 0), *b = esb_mem_calloc(40, 16);
    cr_assert(a && b);
    a = esb_mem_realloc(a, 100, 300, 0); /* a grown block: its old size is what growth copied */
    cr_assert(a);
    esb_mem_free(b, 40);
    esb_mem_fail_nth(1);
    cr_assert_null(esb_mem_alloc(1000, 0)); /* a failed call asks for nothing */
    esb_mem_stats after = esb_mem_get_stats();
    cr_assert_eq(after.bytes_allocated - before.bytes_allocated, 100 + 40 + 300);
    cr_assert_eq(after.bytes_retired - before.bytes_retired, 100 + 40);
    esb_mem_free(a, 300);
    cr_assert_eq(esb_mem_get_stats().bytes_retired - before.bytes_retired, 100 + 40 + 300);
}

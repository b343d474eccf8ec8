/* The allocator hooks of platform/memory.h: exact live/peak byte counts, failure injection, and the placement
 * of every block at a drawn offset (platform/layout.h).
 *
 * A block is cut from a larger C-library block: room for a header, the placement window, the block itself.
 * The block handed out starts where the layout stream says, and the header just below it records where the
 * C-library block begins, so that sized frees need no lookup. The charged size is what the caller asked for,
 * so the slack never shows in bytes per entity; it is never touched either, so it costs address space, not
 * cache lines.
 *
 * With ESB_MEMORY_CHECKED (test builds) the header also records the block's size, alignment and a magic word,
 * and frees/reallocs that pass a wrong size or alignment stop the test run loudly: a strategy that misreports
 * sizes would make every bytes-per-entity figure wrong. A write past the end of a block lands in the slack,
 * where the C library would not notice it: under AddressSanitizer the slack is poisoned, otherwise a canary
 * after the block is checked on every free and realloc. */
#include "memory.h" /* the allocator hooks this file implements */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

#if defined(__SANITIZE_ADDRESS__)
#define HOOKS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HOOKS_ASAN 1
#endif
#endif
#ifdef HOOKS_ASAN
#include <sanitizer/asan_interface.h>
#endif

static esb_mem_stats g_stats;
static uint64_t g_fail_countdown; /* 0: disarmed */
static uint64_t g_calls_since_arm;

static bool valid_align(size_t align) { return align <= ESB_MAX_ALIGN && (align & (align - 1)) == 0; }

/* Counts an allocating call and decides whether it is the one to fail. */
static bool injected_failure(void) {
    g_calls_since_arm++;
    if (g_fail_countdown && --g_fail_countdown == 0) return true;
    return false;
}

static void charge(size_t bytes) {
    g_stats.live_bytes += bytes;
    if (g_stats.live_bytes > g_stats.peak_bytes) g_stats.peak_bytes = g_stats.live_bytes;
    g_stats.allocations++;
    g_stats.bytes_allocated += bytes;
}

/* ---- placement ---- */

typedef struct header {
#ifdef ESB_MEMORY_CHECKED
    uint64_t magic;
    size_t size;
    size_t align;
#endif
    unsigned char *base; /* the C library's block */
} header;

#ifdef ESB_MEMORY_CHECKED
#define MAGIC 0xE5B0A110C0FFEE00ull
#endif
/* Test builds without AddressSanitizer (which poisons the slack instead) check a canary after every block. */
#if defined(ESB_MEMORY_CHECKED) && !defined(HOOKS_ASAN)
#define HOOKS_CANARY 1
#define CANARY 16u
#define CANARY_BYTE 0xA5
#else
#define CANARY 0u
#endif

/* The granularity of a block's start: its alignment, and never less than malloc's 16 bytes. */
static size_t unit_of(size_t align) { return align < 16 ? 16 : align; }

/* The placement window: 4 KiB, or the size rounded up to a power of two where that is smaller. */
static size_t window_of(size_t size, size_t unit) {
    size_t window = unit;
    while (window < size && window < LAYOUT_WINDOW) window <<= 1;
    return window;
}

/* Bytes below the window for the header, keeping the window's start aligned to unit. */
static size_t room_of(size_t unit) { return (sizeof(header) + unit - 1) / unit * unit; }

static size_t total_of(size_t size, size_t unit, size_t window) {
    return (room_of(unit) + window + size + CANARY + unit - 1) / unit * unit;
}

static header *header_at(void *ptr) { return (header *)((unsigned char *)ptr - sizeof(header)); }

static void *placed_alloc(size_t size, size_t align) {
    size_t unit = unit_of(align), window = window_of(size, unit);
    if (size > SIZE_MAX - (room_of(unit) + window + CANARY + unit)) return NULL; /* no such block: out of memory */
    size_t total = total_of(size, unit, window);
    unsigned char *base = unit <= 16 ? malloc(total) : aligned_alloc(unit, total);
    if (!base) return NULL;
    uintptr_t first = (uintptr_t)base + room_of(unit); /* a multiple of unit */
    size_t residue = layout_block_residue(window, unit);
    unsigned char *block = (unsigned char *)(first + (residue + window - first % window) % window);
    header *h = header_at(block);
    h->base = base;
#ifdef ESB_MEMORY_CHECKED
    h->magic = MAGIC;
    h->size = size;
    h->align = align;
#endif
#ifdef HOOKS_CANARY
    memset(block + size, CANARY_BYTE, CANARY);
#endif
#ifdef HOOKS_ASAN
    ASAN_POISON_MEMORY_REGION(base, (size_t)((unsigned char *)h - base));
    ASAN_POISON_MEMORY_REGION(block + size, total - (size_t)(block + size - base));
#endif
    return block;
}

#ifdef ESB_MEMORY_CHECKED

static void fatal(const char *what, size_t got, size_t expected) {
    fprintf(stderr, "memory hooks: %s (passed %zu, block has %zu)\n", what, got, expected);
    abort(); /* a strategy bug, never user input: the test run must stop here */
}

/* The header of a block, after checking that the caller describes the block as it was allocated. */
static header *checked_header(void *ptr, size_t size, size_t align, bool check_align) {
    header *h = header_at(ptr);
    if (h->magic != MAGIC) fatal("block not from the hooks or already freed", size, 0);
    if (h->size != size) fatal("size mismatch", size, h->size);
    if (check_align && unit_of(h->align) != unit_of(align)) fatal("alignment mismatch", align, h->align);
#ifdef HOOKS_CANARY
    for (size_t i = 0; i < CANARY; ++i)
        if (((unsigned char *)ptr)[size + i] != CANARY_BYTE) fatal("write past the end of a block", size, h->size);
#endif
    return h;
}

#else

static header *checked_header(void *ptr, size_t size, size_t align, bool check_align) {
    (void)size, (void)align, (void)check_align;
    return header_at(ptr);
}

#endif

static void placed_free(void *ptr, size_t size) {
    header *h = checked_header(ptr, size, 0, false);
    unsigned char *base = h->base;
#ifdef ESB_MEMORY_CHECKED
    h->magic = 0;
#endif
    free(base); /* AddressSanitizer's free poisons the whole C-library block, slack included */
}

/* Always a new block at a new drawn place: a resized column is placed like any other. */
static void *placed_realloc(void *ptr, size_t old_size, size_t new_size, size_t align) {
    checked_header(ptr, old_size, align, true);
    void *fresh = placed_alloc(new_size, align);
    if (!fresh) return NULL;
    memcpy(fresh, ptr, old_size < new_size ? old_size : new_size);
    placed_free(ptr, old_size);
    return fresh;
}

/* ---- the hooks ---- */

/* A call that returned NULL; real refusals (not injected) are also recorded with their size, so that a run
 * that failed for want of memory can say so, and how much was asked. */
static void count_failure(bool injected, size_t size) {
    g_stats.failures++;
    if (injected) return;
    g_stats.refusals++;
    g_stats.last_refused_bytes = size;
}

void *esb_mem_alloc(size_t size, size_t align) {
    if (size == 0 || !valid_align(align)) return NULL;
    bool injected = injected_failure();
    void *p = injected ? NULL : placed_alloc(size, align);
    if (!p) {
        count_failure(injected, size);
        return NULL;
    }
    charge(size);
    return p;
}

void *esb_mem_calloc(size_t size, size_t align) {
    void *p = esb_mem_alloc(size, align);
    if (p) memset(p, 0, size);
    return p;
}

void *esb_mem_realloc(void *ptr, size_t old_size, size_t new_size, size_t align) {
    if (!ptr) return esb_mem_alloc(new_size, align);
    if (new_size == 0 || !valid_align(align)) return NULL;
    bool injected = injected_failure();
    void *p = injected ? NULL : placed_realloc(ptr, old_size, new_size, align);
    if (!p) {
        count_failure(injected, new_size);
        return NULL;
    }
    g_stats.live_bytes -= old_size;
    g_stats.bytes_retired += old_size;
    charge(new_size);
    return p;
}

void esb_mem_free(void *ptr, size_t size) {
    if (!ptr) return;
    placed_free(ptr, size);
    g_stats.live_bytes -= size;
    g_stats.bytes_retired += size;
}

esb_mem_stats esb_mem_get_stats(void) { return g_stats; }

void esb_mem_reset_peak(void) { g_stats.peak_bytes = g_stats.live_bytes; }

uint64_t esb_mem_fail_nth(uint64_t k) {
    uint64_t calls = g_calls_since_arm;
    g_calls_since_arm = 0;
    g_fail_countdown = k;
    return calls;
}

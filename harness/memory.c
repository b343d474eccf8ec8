/* The allocator hooks of strategies/memory.h: exact live/peak byte counts and failure injection.
 *
 * With ESB_MEMORY_CHECKED (test builds) every block carries a header recording its size, alignment and a
 * magic word, and frees/reallocs that pass a wrong size or alignment stop the test run loudly: a strategy that
 * misreports sizes would make every bytes-per-entity figure wrong. Release builds have no header, so the
 * memory a strategy is charged for is what it asked for. */
#include "memory.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
}

#ifdef ESB_MEMORY_CHECKED

#define HEADER ((size_t)ESB_MAX_ALIGN)
#define MAGIC 0xE5B0A110C0FFEE00ull

static size_t effective_align(size_t align) { return align < 16 ? 16 : align; }

typedef struct header {
    uint64_t magic;
    size_t size;
    size_t align;
} header;

static void fatal(const char *what, size_t got, size_t expected) {
    fprintf(stderr, "memory hooks: %s (passed %zu, block has %zu)\n", what, got, expected);
    abort(); /* a strategy bug, never user input: the test run must stop here */
}

static void *raw_alloc(size_t size, size_t align) {
    size_t total = (size + HEADER + ESB_MAX_ALIGN - 1) / ESB_MAX_ALIGN * ESB_MAX_ALIGN;
    unsigned char *block = aligned_alloc(ESB_MAX_ALIGN, total);
    if (!block) return NULL;
    header *h = (header *)block;
    h->magic = MAGIC;
    h->size = size;
    h->align = align;
    return block + HEADER;
}

static header *header_of(void *ptr, size_t size, size_t align, bool check_align) {
    header *h = (header *)((unsigned char *)ptr - HEADER);
    if (h->magic != MAGIC) fatal("block not from the hooks or already freed", size, 0);
    if (h->size != size) fatal("size mismatch", size, h->size);
    if (check_align && effective_align(h->align) != effective_align(align)) fatal("alignment mismatch", align, h->align);
    return h;
}

static void raw_free(void *ptr, size_t size) {
    header *h = header_of(ptr, size, 0, false);
    h->magic = 0;
    free(h);
}

static void *raw_realloc(void *ptr, size_t old_size, size_t new_size, size_t align) {
    header_of(ptr, old_size, align, true);
    void *fresh = raw_alloc(new_size, align);
    if (!fresh) return NULL;
    memcpy(fresh, ptr, old_size < new_size ? old_size : new_size);
    raw_free(ptr, old_size);
    return fresh;
}

#else

static void *raw_alloc(size_t size, size_t align) {
    if (align <= 16) return malloc(size);
    return aligned_alloc(align, (size + align - 1) / align * align);
}

static void raw_free(void *ptr, size_t size) {
    (void)size;
    free(ptr);
}

static void *raw_realloc(void *ptr, size_t old_size, size_t new_size, size_t align) {
    if (align <= 16) return realloc(ptr, new_size);
    void *fresh = raw_alloc(new_size, align);
    if (!fresh) return NULL;
    memcpy(fresh, ptr, old_size < new_size ? old_size : new_size);
    free(ptr);
    return fresh;
}

#endif

void *esb_mem_alloc(size_t size, size_t align) {
    if (size == 0 || !valid_align(align)) return NULL;
    void *p = injected_failure() ? NULL : raw_alloc(size, align);
    if (!p) {
        g_stats.failures++;
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
    void *p = injected_failure() ? NULL : raw_realloc(ptr, old_size, new_size, align);
    if (!p) {
        g_stats.failures++;
        return NULL;
    }
    g_stats.live_bytes -= old_size;
    charge(new_size);
    return p;
}

void esb_mem_free(void *ptr, size_t size) {
    if (!ptr) return;
    raw_free(ptr, size);
    g_stats.live_bytes -= size;
}

esb_mem_stats esb_mem_get_stats(void) { return g_stats; }

void esb_mem_reset_peak(void) { g_stats.peak_bytes = g_stats.live_bytes; }

uint64_t esb_mem_fail_nth(uint64_t k) {
    uint64_t calls = g_calls_since_arm;
    g_calls_since_arm = 0;
    g_fail_countdown = k;
    return calls;
}

/* The floor gets no placement of its own: its arrays are placed by the same rule as every strategy's blocks
 * (platform/layout.h), so a difference between a strategy and raw is never a difference of layout policy. That
 * includes the alignment asked for: malloc's, as the designs' columns ask their components' (at most 16 bytes,
 * as in flecs, Bevy and Unity's chunks). Arrays aligned to cache lines would start at 64 of the 256 places a
 * column can start in a page, and there a vectorised loop never splits a load across two lines: a floor no
 * design is given, worth up to 2x at 2^10. */
#include "block.h"

#include "memory.h"

bool raw_block_alloc(raw_block *b, unsigned count, const size_t *bytes) {
    *b = (raw_block){.array = {NULL}};
    for (unsigned k = 0; k < count; ++k) {
        if (!bytes[k]) continue; /* esb_mem_alloc gives NULL for 0 bytes: an empty array points nowhere */
        if (!(b->array[k] = esb_mem_alloc(bytes[k], 0))) {
            raw_block_free(b);
            return false;
        }
        b->bytes[k] = bytes[k];
    }
    return true;
}

void raw_block_free(raw_block *b) {
    for (unsigned k = 0; k < RAW_BLOCK_ARRAYS; ++k) esb_mem_free(b->array[k], b->bytes[k]);
    *b = (raw_block){.array = {NULL}};
}

void *raw_context_new(size_t size, unsigned count, const size_t *bytes, const char **error) {
    raw_block *ctx = esb_mem_calloc(size, 0);
    if (!ctx || !raw_block_alloc(ctx, count, bytes)) {
        esb_mem_free(ctx, size);
        return *error = "out of memory", NULL;
    }
    return ctx;
}

void raw_context_free(void *ctx, size_t size) {
    raw_block_free(ctx);
    esb_mem_free(ctx, size);
}

/* Array k starts (k mod 4) KiB past a 4 KiB boundary, counted from the start of the block: arrays whose
 * elements sit at equal offsets modulo 4096 make the CPU's store-to-load check see false dependencies (4K
 * aliasing) between a kernel's stores to one and its loads from another, which would make a floor slower than
 * the physical limit it stands for. No kernel touches more than four arrays at once. The padding this costs is
 * under 4 KiB per array. */
#include "block.h"

#include "memory.h"

#define PAGE 4096u

bool raw_block_alloc(raw_block *b, unsigned count, const size_t *bytes) {
    size_t offset[RAW_BLOCK_ARRAYS], end = 0;
    for (unsigned k = 0; k < count; ++k) {
        if (!bytes[k]) continue;
        offset[k] = end + (k % 4 * (PAGE / 4) + PAGE - end % PAGE) % PAGE; /* the first such place at or past end */
        end = offset[k] + bytes[k];
    }
    *b = (raw_block){.size = end};
    /* esb_mem_alloc gives NULL for 0 bytes, and with every array empty there is nothing to point at. */
    if (end && !(b->base = esb_mem_alloc(end, 64))) return false;
    for (unsigned k = 0; k < count; ++k)
        if (bytes[k]) b->array[k] = b->base + offset[k];
    return true;
}

void raw_block_free(raw_block *b) {
    esb_mem_free(b->base, b->size);
    *b = (raw_block){.base = NULL};
}

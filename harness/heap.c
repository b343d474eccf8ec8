#include "heap.h"

#include <stdlib.h> /* defines __GLIBC__ on glibc */

#if defined(__GLIBC__)
#include <malloc.h>
#endif

bool heap_configure(heap_mode mode) {
#if defined(__GLIBC__)
    /* No block is mmapped (the threshold tops out at 32 MiB, smaller than one column at 2^22 entities) and the
     * heap is never trimmed, so freed memory of every size stays touched for the next world. */
    if (mode == HEAP_WARM) return mallopt(M_MMAP_MAX, 0) && mallopt(M_TRIM_THRESHOLD, -1);
    return mallopt(M_MMAP_THRESHOLD, 64 * 1024) && mallopt(M_TRIM_THRESHOLD, 64 * 1024);
#else
    (void)mode;
    return false;
#endif
}

const char *heap_mode_name(heap_mode mode) { return mode == HEAP_WARM ? "warm" : "fresh"; }

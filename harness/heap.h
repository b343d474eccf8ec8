/* How the process's heap treats freed memory, which decides whether timed work that allocates (creation,
 * growth) pays the kernel's first-touch page faults. On these VMs a fault costs more than most ECS
 * operations, so an unlabelled mix of the two would make creation figures meaningless.
 *
 *  - warm (default): freed memory stays in the process and is reused, so after the first sample the
 *    workload runs in memory it already touched and page faults are excluded (no block is mmapped, however
 *    large, and the heap is never trimmed).
 *  - fresh: every block of 64 KiB or more comes straight from the kernel and goes back when freed, so
 *    creation pays for first-touch faults, as the first fill of a new world does.
 *
 * Only glibc's malloc can be told; elsewhere both modes leave the allocator's defaults and say so. */
#ifndef HARNESS_HEAP_H
#define HARNESS_HEAP_H

#include <stdbool.h>

typedef enum heap_mode { HEAP_WARM, HEAP_FRESH } heap_mode;

/* Applies the mode; false if this C library cannot be configured (the mode is then only nominal). */
bool heap_configure(heap_mode mode);

const char *heap_mode_name(heap_mode mode);

#endif

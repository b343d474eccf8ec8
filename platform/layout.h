/* Memory layout as a sampled variable.
 *
 * Where a block starts modulo 4 KiB decides which L1 sets its lines fall in (the 48 KiB 12-way L1D of the
 * reference machines has 64 sets: one 4 KiB way) and whether a load from one array and a store to another look
 * alike to the CPU's 4 KiB store-to-load check (4K aliasing). On these machines that alone moves some results
 * by 2x. The C library's allocator is deterministic, so left alone every process of a binary would place its
 * blocks at the same offsets: one layout, frozen, measured again and again. Instead the harness draws the
 * layout of every measured cell from a seed, printed in every result row (layout_seed):
 *
 *  - every block the allocator hooks hand out (strategies and raw baselines alike, platform/memory.c) starts at
 *    an address whose remainder modulo w is a uniformly random multiple of u, where u is the block's
 *    alignment (16 bytes at least, what malloc guarantees) and w is 4 KiB, or the block's size rounded up to a
 *    power of two where that is smaller: large blocks start anywhere in a page, small ones stay compact;
 *  - the stack frames of the measured code start at a random multiple of 16 modulo 4 KiB (harness/runner.c),
 *    which also makes the size of the environment and of the command line irrelevant to them.
 *
 * The remainders are targeted, not added to whatever the C library returned, so a layout depends on the seed
 * and the sequence of allocations only: the same seed gives the same block layout in the timed binary and in
 * the cache-simulator binary under valgrind, whose allocator is another one. (Stack frames of the two builds
 * differ in size, so their stack layouts agree only up to that.) Every world a cell builds (consuming
 * scenarios build one per run) restarts the stream from the cell's seed, so a cell has one layout throughout. */
#ifndef PLATFORM_LAYOUT_H
#define PLATFORM_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

/* The largest placement window: one page, one way of the L1D. */
#define LAYOUT_WINDOW 4096u

/* A new seed from the operating system's entropy (or, where that cannot be read, the clock and process id). */
uint64_t layout_new_seed(void);

/* The seed that follows seed in a process measuring several cells: each cell's layout is drawn from its own
 * seed, and a cell re-run alone with its printed seed gets the same layout. */
uint64_t layout_next_seed(uint64_t seed);

/* Restarts the placement stream of seed: the blocks allocated from now on are placed as the blocks allocated
 * after any other layout_begin(seed). Without a call, the stream of seed 0 is used. */
void layout_begin(uint64_t seed);

/* The next block's remainder modulo window: a multiple of unit below window (both powers of two, unit <=
 * window). */
size_t layout_block_residue(size_t window, size_t unit);

/* Where the measured stack frames of a cell of seed start, modulo LAYOUT_WINDOW: a multiple of 16. */
size_t layout_stack_residue(uint64_t seed);

#endif

/* Marks for the cache simulator (valgrind's callgrind, run by scripts/cachesim.sh with --collect-atstart=no):
 * only the work between cachesim_begin and cachesim_end is counted, and each end writes the counts as one dump
 * named by its label, so a process running many scenarios yields one set of figures per scenario.
 *
 * Only builds with ESB_CACHESIM (make cachesim) carry the marks; elsewhere they compile to nothing, so the
 * bench binaries' timed code is untouched. Outside valgrind the marks are a few no-op instructions. */
#ifndef HARNESS_CACHESIM_H
#define HARNESS_CACHESIM_H

#ifdef ESB_CACHESIM
#include <valgrind/callgrind.h>

enum { CACHESIM_BUILD = 1 };

static inline void cachesim_begin(void) { CALLGRIND_TOGGLE_COLLECT; }

static inline void cachesim_end(const char *label) {
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_DUMP_STATS_AT(label);
}
#else
enum { CACHESIM_BUILD = 0 };

static inline void cachesim_begin(void) {}
static inline void cachesim_end(const char *label) { (void)label; }
#endif

#endif

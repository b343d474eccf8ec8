/* Hardware event counts around the timed work: instructions, cycles, L1 data-cache misses and last-level
 * misses per unit, through PAPI when the build found it (ESB_HAVE_PAPI) and the machine exposes counters.
 *
 * Each role gets the first event the machine accepts (a PAPI preset, else a perf_event generic name), so the
 * same column may count a different event on another CPU: hw_counters_events() names the ones used. Where a
 * role has no event, or counting is off altogether, its figure is unavailable rather than zero. Counts are
 * user mode only (PAPI's default domain): kernel work such as page faults is in the times, not here. */
#ifndef HARNESS_HWCOUNTERS_H
#define HARNESS_HWCOUNTERS_H

#include <stdbool.h>
#include <stdint.h>

enum { HW_INSTRUCTIONS, HW_CYCLES, HW_L1D_MISSES, HW_LLC_MISSES, HW_ROLES };

/* Counts gathered over some timed regions of one result. */
typedef struct hw_tally {
    bool active; /* counting was requested and is possible */
    bool failed; /* a start or stop failed: the counts are incomplete, so none is reported */
    long long count[HW_ROLES];
    uint64_t units; /* units of work done while counting */
} hw_tally;

/* What a result reports: per-unit figures, valid[role] false where there is none. */
typedef struct hw_figures {
    bool valid[HW_ROLES];
    double per_unit[HW_ROLES];
    const char *events; /* the events counted, ';'-separated in role order; NULL when none */
} hw_figures;

/* Sets PAPI up on first use; true when at least one role can be counted. */
bool hw_counters_ready(void);
/* Why the counters are off (one line), or NULL when they are on. */
const char *hw_counters_reason(void);

/* A tally for a new result: active only if `wanted` and the counters are ready. */
hw_tally hw_tally_begin(bool wanted);
/* Bracket one timed region (outside its clock reads). Both do nothing for a NULL or inactive tally. */
void hw_counters_start(hw_tally *t);
void hw_counters_stop(hw_tally *t, uint64_t units);
/* The per-unit figures of a tally (all invalid if it was inactive, failed or counted no unit). */
hw_figures hw_tally_figures(const hw_tally *t);

#endif

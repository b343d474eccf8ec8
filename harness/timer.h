/* What a timed interval holds beside the work, and how it is taken out or checked.
 *
 * A timed interval is bounded by reads of the thread's CPU clock and of the monotonic clock. Under a hypervisor the
 * CPU clock's read is a system call: about 550 ns for the pair that bounds an interval, and a microsecond more where
 * the read follows other work (a world's setup) than where it follows another read. So a consuming scenario's
 * interval (one run of a few µs) was up to half clock reads, which pulled every ratio toward 1. Now the clock is
 * read once just before an interval (clock_primed), so that the reads that bound it cost what they cost back to
 * back, and that cost is measured in each cell as the median of empty intervals run through the very code of a
 * timed one, and taken out of every timed run's interval: an empty interval measures about zero (bench-NAME
 * --clock-floor). A frame keeps it (harness/frames_recorded.c, frame_timed).
 *
 * The planted control (Makefile: PLANTED_VARIANT) is slower by work, not by clock reads: after its runs, inside
 * the interval, a chain of dependent multiplications sized to ESB_PLANTED_PERCENT % of the CPU time the runs of its
 * previous interval took. A sample's planted iterations are then timed on their own, in one piece, outside it, so
 * that every sample says how much of it was planted (sample_time.planted_ns) and the realised slowdown is measured,
 * not assumed (scripts/analysis/paired.py). */
#ifndef HARNESS_TIMER_H
#define HARNESS_TIMER_H

#include <stdbool.h>
#include <stdint.h>

/* The time a sample took: wall (monotonic clock) and the thread's CPU time, in ns, net of the clock reads; and the
 * CPU time of the planted work it holds, timed on its own (0 in every build but the planted control's). */
typedef struct sample_time {
    double wall_ns, cpu_ns;
    double planted_ns;
} sample_time;

/* One cell's timing state. Invariants: read_cost is the median of empty intervals of this cell's build, measured
 * before any interval it is taken out of; planted_per_run and pending are 0 in every build but the planted
 * control's. */
typedef struct timer {
    sample_time read_cost;  /* an empty interval: the clock reads and what lies between them */
    double planted_per_run; /* iterations of planted work per run, sized from the last interval's runs */
    uint64_t pending;       /* planted iterations run since the sample began, not yet timed on their own */
    bool sampled;           /* a sample has sized the planted work: warm-ups, single runs, no longer do */
} timer;

/* The thread's CPU time, in ns: what this thread itself ran (a preempted stretch is wall time, not CPU time). */
uint64_t thread_cpu_ns(void);

/* Both clocks read once, their results dropped: the reads that follow cost what they cost back to back. */
void clock_primed(void);

/* A timer before its read cost is known; the planted work's cost per iteration is measured on first use. */
timer timer_begin(void);

/* Whether this build plants work: the planted control's alone. */
bool timer_plants(void);

/* The planted work an interval of `runs` runs holds: 0 outside the planted control. */
uint64_t timer_planted_iterations(const timer *t, uint64_t runs);

/* The planted work itself: `iterations` dependent multiplications, nothing else. */
void planted_work(uint64_t iterations);

/* An interval's raw times with the read cost taken out (an empty interval's may then be a little below 0: a run's
 * never is, and a sample sums runs); the planted iterations it held are added to `pending`, and until the first
 * sample the next interval's work is sized from this one's runs. */
sample_time timer_settled(timer *t, sample_time raw, uint64_t runs, uint64_t iterations);

/* The CPU time of the iterations pending since the sample began, timed on their own in one piece (0 where there
 * are none); pending is 0 again after it, and the next sample's work is sized from this one's runs (a sample of
 * `runs` runs that took sample_cpu_ns), not from a warm-up's single run, which costs more than a run among many. */
double timer_planted_alone(timer *t, double sample_cpu_ns, uint64_t runs);

#endif

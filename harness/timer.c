#include "timer.h"

#include <time.h>

#include "clock.h"
#include "stats.h"

#ifdef ESB_PLANTED_PERCENT
static const double planted_share = ESB_PLANTED_PERCENT / 100.0;
#else
static const double planted_share = 0;
#endif

/* Empty timings whose median is a read cost (enough that a preempted one does not move it), and the iterations
 * whose time gives the first cost of one (about 0.2 ms: the reads around it are a fraction of a percent). */
enum { EMPTY_TRIALS = 63, FIRST_ITERATIONS = 200000 };

uint64_t thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void clock_primed(void) {
    volatile uint64_t sink = thread_cpu_ns() + clock_ns();
    (void)sink;
}

/* Never inlined: the same loop, at the same address, inside the interval and timed on its own. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((noinline, noclone))
#else
__attribute__((noinline))
#endif
void planted_work(uint64_t iterations) {
    uint64_t x = iterations;
    for (uint64_t i = 0; i < iterations; ++i) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        __asm__ volatile("" : "+r"(x)); /* one dependent multiplication per iteration, never folded */
    }
    __asm__ volatile("" : : "r"(x));
}

/* The CPU time of `iterations` of planted work timed on its own, the reads that bound it not taken out. */
static double planted_alone_ns(uint64_t iterations) {
    clock_primed();
    uint64_t c0 = thread_cpu_ns();
    planted_work(iterations);
    return (double)(thread_cpu_ns() - c0);
}

/* The process's figures of the planted work, which are the machine's, not a cell's: what the reads around an alone
 * timing cost, and what one iteration costs (0 until measured). */
static double alone_read, iteration_ns;

/* The last alone timings' costs of an iteration. The next sizes follow the latest, which meets the core as the
 * sample before it did, unless it lies more than a quarter from their median: an interrupt charged to one alone
 * timing (seen doubling it) would otherwise under-plant the next sample as much as it over-measured this one. */
enum { RECENT_COSTS = 5 };
static double recent_costs[RECENT_COSTS];
static unsigned recent_count;

static double iteration_cost_kept(double latest) {
    recent_costs[recent_count++ % RECENT_COSTS] = latest;
    size_t kept = recent_count < RECENT_COSTS ? recent_count : RECENT_COSTS;
    double sorted[RECENT_COSTS];
    for (size_t i = 0; i < kept; ++i) sorted[i] = recent_costs[i];
    double median = summarise(sorted, kept).median;
    return latest > 0.75 * median && latest < 1.25 * median ? latest : median;
}

timer timer_begin(void) {
    if (planted_share > 0 && iteration_ns == 0) {
        double empty[EMPTY_TRIALS];
        for (int i = 0; i < EMPTY_TRIALS; ++i) empty[i] = planted_alone_ns(0);
        alone_read = summarise(empty, EMPTY_TRIALS).median;
        double ns = planted_alone_ns(FIRST_ITERATIONS) - alone_read;
        iteration_ns = ns > 0 ? ns / FIRST_ITERATIONS : 1;
    }
    return (timer){.read_cost = {0, 0, 0}, .planted_per_run = 0, .pending = 0, .sampled = false};
}

bool timer_plants(void) { return planted_share > 0; }

uint64_t timer_planted_iterations(const timer *t, uint64_t runs) {
    return (uint64_t)(t->planted_per_run * (double)runs + 0.5);
}

/* The planted work of the next intervals: planted_share of the CPU time per run that `runs` runs took, without the
 * planted work they held. */
static void planted_sized(timer *t, double work_ns, uint64_t runs) {
    if (work_ns > 0 && runs > 0) t->planted_per_run = planted_share * work_ns / (double)runs / iteration_ns;
}

sample_time timer_settled(timer *t, sample_time raw, uint64_t runs, uint64_t iterations) {
    sample_time s = {raw.wall_ns - t->read_cost.wall_ns, raw.cpu_ns - t->read_cost.cpu_ns, 0};
    if (planted_share <= 0 || runs == 0) return s;
    t->pending += iterations;
    if (!t->sampled) planted_sized(t, s.cpu_ns - (double)iterations * iteration_ns, runs);
    return s;
}

double timer_planted_alone(timer *t, double sample_cpu_ns, uint64_t runs) {
    if (planted_share <= 0) return 0;
    double ns = 0;
    if (t->pending) {
        ns = planted_alone_ns(t->pending) - alone_read;
        ns = ns > 0 ? ns : 0;
        /* A sample's work (3% of about 2 ms) times an iteration to a fraction of a percent: the next sizes follow. */
        if (ns > 0) iteration_ns = iteration_cost_kept(ns / (double)t->pending);
        t->pending = 0;
    }
    t->sampled = true;
    planted_sized(t, sample_cpu_ns - ns, runs);
    return ns;
}

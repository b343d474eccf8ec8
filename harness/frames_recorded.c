/* A framed scenario's frames, recorded one by one on a cell (runner.h, cell_frames): each frame timed between its
 * own clock reads, with what it asked of the allocator, and the planted control's stalls inside it; and the cache
 * simulator's pass over the same frames (simulate_frames), a dump per frame. Apart from the runs and samples of
 * harness/runner.c because a frame is timed on its own, never through run_timed, and the sequence only reuses how a
 * cell builds, checks and accounts its worlds (cell.h). */
#include <stdint.h>
#include <stdio.h>

#include "cachesim.h"
#include "cell.h"
#include "clock.h"
#include "layout.h"
#include "memory.h" /* the allocator hooks' accounting (platform/memory.c implements them) */

/* Spins on the thread's CPU clock until the CPU time since c0 has grown by `percent` %: the planted control's
 * frames, whose intervals (10 µs and more) dwarf the reads the spin adds, unlike a consuming scenario's single
 * runs, which get planted work instead (timer.h). */
static inline void spin_longer(uint64_t c0, uint64_t percent) {
    uint64_t ran = thread_cpu_ns(), until = ran + (ran - c0) * percent / 100;
    while (thread_cpu_ns() < until) {
    }
}

/* The planted control's frames (Makefile: PLANTED_VARIANT): a frame's CPU time since c0 made ESB_PLANTED_PERCENT %
 * longer. Nothing in every other build. */
static inline void planted_spin(uint64_t c0) {
#ifdef ESB_PLANTED_PERCENT
    spin_longer(c0, ESB_PLANTED_PERCENT);
#else
    (void)c0;
    (void)spin_longer; /* the planted control's alone */
#endif
}

/* The planted control's hitch (Makefile: PLANTED_HITCH_FRAME, PLANTED_HITCH_PERCENT): frame
 * ESB_PLANTED_HITCH_FRAME of every sequence made ESB_PLANTED_HITCH_PERCENT % longer in CPU time, so that the hitch
 * rule has a hitch of known frame and size to find (scripts/analysis/frames.py). Returns the percent planted in
 * this frame: 0 in every other frame and every other build. */
static inline unsigned planted_hitch(uint64_t c0, unsigned frame) {
#ifdef ESB_PLANTED_HITCH_FRAME
    if (frame != ESB_PLANTED_HITCH_FRAME) return 0;
    spin_longer(c0, ESB_PLANTED_HITCH_PERCENT);
    return ESB_PLANTED_HITCH_PERCENT;
#else
    (void)c0;
    (void)frame;
    return 0;
#endif
}

/* One frame between two clock reads (primed, as a run's: timer.h), with the allocator's tallies read outside them;
 * never inlined, so that a frame's code is the same whichever sequence calls it. The reads' cost stays in: a frame
 * is judged against its neighbours and raw's same frame, which carry the same cost, and the smallest frames (a
 * frame of new_sets with nothing to do) would come out at or below zero without it. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((noinline, noclone))
#else
__attribute__((noinline))
#endif
static void
frame_timed(uint64_t (*frame)(void *), void *ctx, unsigned index, frame_record *out) {
    esb_mem_stats m0 = esb_mem_get_stats();
    clock_primed();
    uint64_t c0 = thread_cpu_ns(), t0 = clock_ns();
    out->units = frame(ctx);
    planted_spin(c0);
    out->planted_percent = planted_hitch(c0, index);
    uint64_t t1 = clock_ns(), c1 = thread_cpu_ns();
    esb_mem_stats m1 = esb_mem_get_stats();
    out->wall_ns = (double)(t1 - t0);
    out->cpu_ns = (double)(c1 - c0);
    out->allocations = m1.allocations - m0.allocations;
    out->bytes_allocated = m1.bytes_allocated - m0.bytes_allocated;
    out->bytes_retired = m1.bytes_retired - m0.bytes_retired;
}

static int frames_sequence(cell *c, frame_record *frames, const char **error) {
    const scenario *s = c->s;
    unsigned count = s->info->frames;
    uint64_t units = 0;
    if (!count || (s->consumes_state && !s->frame))
        return *error = "the scenario is not measured frame by frame (its catalogue line has no FRAMED)", -1;
    void *ctx = setup_world(s, c->n, c->out.layout_seed, error);
    if (!ctx) return -1;
    int rc = 0;
    if (!s->consumes_state) {
        rc = settle_world(s, ctx, c->n, error);
        for (unsigned f = 0; rc == 0 && f < count; ++f) {
            frame_timed(s->run, ctx, f, &frames[f]);
            if (frames[f].units != c->n) rc = (*error = short_run, -1);
        }
        if (rc == 0) rc = verify(s, ctx, 2 * (uint64_t)count, false, &c->checked, error);
        s->teardown(ctx);
        return rc;
    }
    for (unsigned f = 0; f < count; ++f) {
        frame_timed(s->frame, ctx, f, &frames[f]);
        units += frames[f].units;
    }
    rc = units == c->n ? 0 : (*error = short_run, -1);
    if (rc == 0) rc = verify(s, ctx, 1, false, &c->checked, error);
    if (rc == 0) rc = same_checksum(s, ctx, c->out.checksum, error);
    s->teardown(ctx);
    return rc;
}

int cell_frames(cell *c, frame_record *frames, const char **error) {
    refusals before = refusals_so_far();
    unsigned count = c->s->info->frames;
    uint64_t inner = c->s->consumes_state ? 1 : count;
    if (sample_admitted(c, inner, error) != RUN_OK) return RUN_FAILED;
    char here; /* the stack placed as for a sample (cell_sample) */
    size_t gap = ((uintptr_t)&here - layout_stack_residue(c->out.layout_seed)) % LAYOUT_WINDOW;
    volatile char pad[gap + 1];
    pad[0] = 0;
    int rc = frames_sequence(c, frames, error);
    pad[0] = 1;
    (void)pad;
    if (rc != 0) return out_of_memory(before, error);
    double wall_ns = 0;
    for (unsigned f = 0; f < count; ++f) wall_ns += frames[f].wall_ns;
    sample_recorded(c, wall_ns, inner);
    return RUN_OK;
}

/* The cache simulator's pass over a framed scenario's frames, a dump per frame labelled "STRATEGY SCENARIO N SEED
 * FRAME": after the checked first run (the row's checksum and memory), the frames on a new world built uncounted,
 * a reusable scenario's after as many runs as it has frames (settle_world), as cell_frames times them. Setup is
 * never inside the marks, and the world is checked in full after the frames, the checks asking nothing of the
 * allocator. */
int simulate_frames(const scenario *s, size_t n, result *out, checks *checked, const char **error) {
    out->samples = 0;
    out->inner = 1;
    void *ctx;
    double ignored;
    timer tm = timer_begin();
    int rc = first_run(s, n, NULL, out, &ctx, &tm, &ignored, error);
    if (rc != 0) return rc;
    rc = verify(s, ctx, 1, true, checked, error);
    uint64_t units = 0;
    if (rc == 0) {
        if (s->consumes_state) capture_counters(s, ctx, out);
        s->teardown(ctx);
        if (!(ctx = setup_world(s, n, out->layout_seed, error))) return -1;
        if (!s->consumes_state) rc = settle_world(s, ctx, n, error);
    }
    uint64_t (*frame)(void *) = s->consumes_state ? s->frame : s->run;
    for (unsigned f = 0; rc == 0 && f < s->info->frames; ++f) {
        char label[256];
        snprintf(label, sizeof label, "%s %s %zu %016llx %u", out->strategy, s->info->name, n,
                 (unsigned long long)out->layout_seed, f);
        cachesim_begin();
        uint64_t done = frame(ctx);
        cachesim_end(label);
        units += done;
        if (!s->consumes_state && done != n) rc = (*error = short_run, -1);
    }
    if (rc == 0 && s->consumes_state && units != n) rc = (*error = short_run, -1);
    if (rc == 0) rc = verify(s, ctx, s->consumes_state ? 1 : 2 * (uint64_t)s->info->frames, true, checked, error);
    if (rc == 0 && s->consumes_state) rc = same_checksum(s, ctx, out->checksum, error);
    if (!s->consumes_state) capture_counters(s, ctx, out);
    s->teardown(ctx);
    return rc;
}

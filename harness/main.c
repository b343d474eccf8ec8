/* bench-<strategy>: runs the linked catalog's scenarios at the requested entity counts.
 *
 *   bench-<strategy> --list | --describe [--min-n N] [--max-n N] [--step K] [--only-n N[,N...]]
 *                    [--among NAME[,NAME...]]
 *   bench-<strategy> --clock-floor
 *   bench-<strategy> [--scenario NAME]... [--n N[,N...]]... [--min-n N] [--max-n N] [--step K] [--only-n N[,N...]]
 *                    [--reps R] [--target-ms T]
 *                    [--row-budget-ms B] [--inner K] [--warmup-ms W] [--first-warmup-ms W]
 *                    [--layout-seed HEX[,HEX...]]
 *                    [--memory warm|fresh] [--format csv|json] [--no-header] [--counters] [--no-hw-counters]
 *                    [--frames]   (cachesim-<strategy> only)
 *
 * Without --n every scenario runs at the entity counts it declares (scenario.h): powers of two from 2^10 to
 * 2^24 unless it says otherwise, then its reference benchmark's own sizes, all kept within --min-n .. --max-n
 * (default 1 .. 2^22), every --step-th power of two from 2^10 (default 1: all), and among --only-n's counts if
 * given. sizes_for is the one place that decides which entity counts a run takes: make bench's cell list
 * (scripts/cells.sh) is this program's --list. Scenarios run in the order of their --scenario options (the
 * catalog's without), each at every N before the next; every cell draws its memory layout from a seed of its
 * own (layout.h): the k-th cell the k-th --layout-seed, a cell past the list one derived from the seed before it
 * (the first: random).
 *
 * Exit codes: 0 every cell ran; 1 a cell failed (setup error, skipped work, disagreeing checksums, a failed
 * check: one line on stderr each, after which the other cells still run) or the results could not be written;
 * 2 bad arguments (one line on stderr, nothing run); 3 out of memory: a cell failed after an allocator refused a
 * block (runner.h), said in one line with the size asked for, e.g.
 *   bench: archetype create n=3000000 failed: out of memory (the allocator refused a block of 50331648 bytes)
 * (under ulimit -v 400000), and no further cell runs, since later cells would most likely run out too (the rows
 * before it are kept). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cachesim.h"
#include "heap.h"
#include "layout.h"
#include "output.h"
#include "runner.h"
#include "unit.h"

#define MAX_NS 64
#define MAX_SELECTED 128
#define MAX_SEEDS 256
#define SWEEP_FROM 10u /* a scenario's default sweep: 2^10 .. 2^24 entities; --step counts from here */
#define SWEEP_TO 24u
#define DEFAULT_MAX_N ((size_t)1 << 22) /* past 2^22 a run takes long: --max-n opts in */

enum { EXIT_FAILED = 1, EXIT_OUT_OF_MEMORY = 3 }; /* and EXIT_SUCCESS (0), ARGS_EXIT_USAGE (2) */

/* The design this binary measures: the one unit it links (unit.h), the same object the paired program links. */
static const design_unit *const unit = &esb_design_unit;

typedef struct options {
    const char *selected[MAX_SELECTED];
    size_t selected_count;
    size_t ns[MAX_NS];
    size_t n_count;
    size_t min_n, max_n;    /* bounds of the declared sweeps */
    unsigned step;          /* of the declared powers of two from 2^SWEEP_FROM, every step-th */
    size_t only_ns[MAX_NS]; /* --only-n: of the declared counts, these alone (none: all) */
    size_t only_count;
    const char *among; /* --among: the scenarios --list and --describe show, comma-separated (NULL: all) */
    run_options run;
    heap_mode heap;
    uint64_t seeds[MAX_SEEDS]; /* --layout-seed: the first cells' seeds, in order */
    size_t seed_count;
    int json;
    int header;
    int list;
    int describe;
    int clock_floor;
    int counters;
} options;

/* Comma-separated entity counts for option (--n, --only-n) into out[*count]: each from 1 to SCENARIO_MAX_N. */
static void parse_counts(const char *text, const char *option, size_t *out, size_t *count) {
    char what[112];
    const char *start = text;
    for (;;) {
        const char *comma = strchr(start, ',');
        size_t len = comma ? (size_t)(comma - start) : strlen(start);
        char tok[32];
        snprintf(what, sizeof what, "%s takes comma-separated positive integers, not '%%s'", option);
        if (len == 0 || len >= sizeof tok) args_usage_error(what, text);
        memcpy(tok, start, len);
        tok[len] = 0;
        unsigned long long n = args_count(tok, what);
        snprintf(what, sizeof what, "%s must be at least 1, not '%%s'", option);
        if (n == 0) args_usage_error(what, tok);
        snprintf(what, sizeof what, "%s %%s exceeds the entity handle space (2^32 - 1 indices)", option);
        if (n > SCENARIO_MAX_N) args_usage_error(what, tok);
        snprintf(what, sizeof what, "too many %s values at '%%s'", option);
        if (*count == MAX_NS) args_usage_error(what, tok);
        out[(*count)++] = (size_t)n;
        if (!comma) break;
        start = comma + 1;
    }
}

/* Layout seeds: comma-separated, each 1 to 16 hexadecimal digits, as the rows print them. */
static void parse_seeds(options *o, const char *text) {
    const char *start = text;
    for (;;) {
        size_t len = strcspn(start, ",");
        char tok[17];
        if (!args_is_seed(start, len))
            args_usage_error("--layout-seed takes comma-separated seeds of 1 to 16 hexadecimal digits, not '%s'", text);
        if (o->seed_count == MAX_SEEDS) args_usage_error("too many layout seeds in '%s'", text);
        memcpy(tok, start, len);
        tok[len] = 0;
        o->seeds[o->seed_count++] = (uint64_t)strtoull(tok, NULL, 16);
        if (start[len] == 0) break;
        start += len + 1;
    }
}

/* Milliseconds of warm-up: a non-negative integer, at most a minute. */
static double parse_warmup(const char *text, const char *option) {
    char what[96];
    snprintf(what, sizeof what, "%s takes a non-negative integer, not '%%s'", option);
    unsigned long long ms = args_count(text, what);
    if (ms > 60000) args_usage_error("the warm-up must be at most 60000 ms, not '%s'", text);
    return (double)ms;
}

/* --min-n and --max-n: the messages name the option, since both take the same values. */
static size_t parse_bound(const char *text, const char *option) {
    char what[96];
    snprintf(what, sizeof what, "%s takes a positive integer, not '%%s'", option);
    unsigned long long v = args_count(text, what);
    snprintf(what, sizeof what, "%s must be at least 1, not '%%s'", option);
    if (v == 0) args_usage_error(what, text);
    snprintf(what, sizeof what, "%s %%s exceeds the entity handle space (2^32 - 1 indices)", option);
    if (v > SCENARIO_MAX_N) args_usage_error(what, text);
    return (size_t)v;
}

static int known_scenario(const char *name) {
    for (const scenario *const *s = unit->scenarios; *s; ++s)
        if (strcmp((*s)->info->name, name) == 0) return 1;
    return 0;
}

static void print_help(void) {
    puts("usage: bench-<strategy> --list | --describe | --clock-floor\n"
         "       bench-<strategy> [--scenario NAME]... [--n N[,N...]]... [--min-n N] [--max-n N] [--step K]\n"
         "                        [--only-n N[,N...]] [--reps R]\n"
         "                        [--target-ms T] [--row-budget-ms B] [--inner K] [--warmup-ms W]\n"
         "                        [--first-warmup-ms W] [--layout-seed HEX[,HEX...]] [--memory warm|fresh]\n"
         "                        [--format csv|json] [--no-header] [--counters] [--no-hw-counters]\n"
         "Runs each selected scenario (default: all) at each N and prints one row per\n"
         "scenario and N: median/min/max/MAD of ns per unit over R samples (default 11), bytes per entity\n"
         "and the checksum of the data touched. Without --n, each scenario runs at the sizes it declares\n"
         "(--list shows them): powers of two from 2^10 to 2^24 kept within --min-n (default 1) and --max-n\n"
         "(default 4194304), then its reference benchmark's own sizes within the same bounds; a build with\n"
         "a narrower index space (sparse-compact) keeps those whose worlds fit. --step K keeps every K-th\n"
         "power of two from 2^10 (default 1: all; other sizes stay), --only-n those of the counts it lists.\n"
         "Scenarios run in the order of their --scenario options.\n"
         "--clock-floor prints what the clock reads cost a timed interval of this build (taken out of every\n"
         "interval) and an empty interval with that cost taken out, which should be about zero, in ns.\n"
         "--list prints each scenario's name, unit, strategy and sizes; --describe its whole descriptor\n"
         "(scenarios/catalogue.h) as CSV, a column per fact, named in its header.\n"
         "--among NAME[,NAME...] shows only those scenarios in either (names this build lacks are passed over).\n"
         "Every cell (scenario and N) places its memory blocks and stack frames at offsets modulo 4 KiB\n"
         "drawn from a seed of its own, printed as layout_seed: --layout-seed gives the first cells' seeds in\n"
         "order (later cells derive theirs from the one before; the default is random), and a cell re-run\n"
         "with its printed seed gets the same layout.\n"
         "Before its first sample a cell runs its workload until --warmup-ms W (default 10) have passed\n"
         "since it began, setup included; the first cell of the process until --first-warmup-ms W\n"
         "(default 200).\n"
         "--row-budget-ms B takes fewer samples (at least 3) where R of them would take longer than B ms\n"
         "(large N; 0, the default, never).\n"
         "--inner K makes every sample exactly K runs of the workload and takes exactly R samples (no\n"
         "calibration, no row budget): two processes that differ only in --reps then differ by exactly\n"
         "(R2 - R1) * K runs, which whole-process timing (hyperfine) can measure.\n"
         "--memory warm (default) reuses freed memory so timed allocations skip first-touch page faults;\n"
         "fresh hands large blocks back to the kernel so they pay them.\n"
         "--counters prints the strategy's own counters (edge-cache hits, filter updates, ...) to stderr.\n"
         "Where PAPI finds hardware counters, each row also gives instructions, cycles, L1D and last-level\n"
         "misses per unit over the timed samples (counter_events names the events; where there are none the\n"
         "columns are empty and one line on stderr says why); --no-hw-counters leaves them out.\n"
         "--frames (cache-simulation build only): a framed scenario's cells are simulated frame by frame,\n"
         "a dump per frame labelled with the cell and the frame.\n"
         "Exit status: 0 every cell ran; 1 a cell failed (one line on stderr each; the others still run);\n"
         "2 bad arguments; 3 out of memory (one line naming the cell and the block refused; no further\n"
         "cell runs).");
}

static options parse(int argc, char **argv) {
    options o = {.run = {.samples = 11, .target_ms = 2.0, .warmup_ms = 10, .first_warmup_ms = 200},
                 .header = 1,
                 .min_n = 1,
                 .max_n = DEFAULT_MAX_N,
                 .step = 1};
    int bounded_min = 0, bounded_max = 0;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--list"))
            o.list = 1;
        else if (!strcmp(a, "--describe"))
            o.describe = 1;
        else if (!strcmp(a, "--clock-floor"))
            o.clock_floor = 1;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            print_help();
            exit(0);
        } else if (!strcmp(a, "--scenario")) {
            const char *name = args_next(argc, argv, &i);
            if (!known_scenario(name)) args_usage_error("unknown scenario '%s' (see --list)", name);
            for (size_t k = 0; k < o.selected_count; ++k)
                if (!strcmp(o.selected[k], name)) args_usage_error("--scenario %s is given twice", name);
            if (o.selected_count == MAX_SELECTED) args_usage_error("too many --scenario options at '%s'", name);
            o.selected[o.selected_count++] = name;
        } else if (!strcmp(a, "--n"))
            parse_counts(args_next(argc, argv, &i), a, o.ns, &o.n_count);
        else if (!strcmp(a, "--only-n"))
            parse_counts(args_next(argc, argv, &i), a, o.only_ns, &o.only_count);
        else if (!strcmp(a, "--step")) {
            const char *v = args_next(argc, argv, &i);
            unsigned long long k = args_count(v, "--step takes a positive integer, not '%s'");
            if (k == 0 || k > 12) args_usage_error("--step must be between 1 and 12, not '%s'", v);
            o.step = (unsigned)k;
        } else if (!strcmp(a, "--among"))
            o.among = args_next(argc, argv, &i);
        else if (!strcmp(a, "--min-n"))
            o.min_n = parse_bound(args_next(argc, argv, &i), "--min-n"), bounded_min = 1;
        else if (!strcmp(a, "--max-n"))
            o.max_n = parse_bound(args_next(argc, argv, &i), "--max-n"), bounded_max = 1;
        else if (!strcmp(a, "--reps")) {
            const char *v = args_next(argc, argv, &i);
            unsigned long long r = args_count(v, "--reps takes a positive integer, not '%s'");
            if (r == 0 || r > 100000) args_usage_error("--reps must be between 1 and 100000, not '%s'", v);
            o.run.samples = (size_t)r;
        } else if (!strcmp(a, "--target-ms")) {
            const char *v = args_next(argc, argv, &i);
            unsigned long long t = args_count(v, "--target-ms takes a positive integer, not '%s'");
            if (t == 0 || t > 60000) args_usage_error("--target-ms must be between 1 and 60000, not '%s'", v);
            o.run.target_ms = (double)t;
        } else if (!strcmp(a, "--row-budget-ms")) {
            const char *v = args_next(argc, argv, &i);
            unsigned long long t = args_count(v, "--row-budget-ms takes a non-negative integer, not '%s'");
            if (t > 3600000) args_usage_error("--row-budget-ms must be at most 3600000, not '%s'", v);
            o.run.row_budget_ms = (double)t;
        } else if (!strcmp(a, "--inner")) {
            const char *v = args_next(argc, argv, &i);
            unsigned long long k = args_count(v, "--inner takes a positive integer, not '%s'");
            if (k == 0 || k > 1000000000) args_usage_error("--inner must be between 1 and 1000000000, not '%s'", v);
            o.run.fixed_inner = k;
        } else if (!strcmp(a, "--warmup-ms"))
            o.run.warmup_ms = parse_warmup(args_next(argc, argv, &i), a);
        else if (!strcmp(a, "--first-warmup-ms"))
            o.run.first_warmup_ms = parse_warmup(args_next(argc, argv, &i), a);
        else if (!strcmp(a, "--layout-seed"))
            parse_seeds(&o, args_next(argc, argv, &i));
        else if (!strcmp(a, "--format")) {
            const char *v = args_next(argc, argv, &i);
            if (!strcmp(v, "csv"))
                o.json = 0;
            else if (!strcmp(v, "json"))
                o.json = 1;
            else
                args_usage_error("--format is csv or json, not '%s'", v);
        } else if (!strcmp(a, "--memory"))
            o.heap = args_memory(args_next(argc, argv, &i));
        else if (!strcmp(a, "--no-header"))
            o.header = 0;
        else if (!strcmp(a, "--counters"))
            o.counters = 1;
        else if (!strcmp(a, "--no-hw-counters"))
            o.run.hw_counters_off = true;
        else if (!strcmp(a, "--frames")) {
            if (!CACHESIM_BUILD) args_usage_error("--frames is for the cache-simulation build (make cachesim)%s", "");
            o.run.frames = true;
        } else
            args_usage_error("unknown argument '%s'", a);
    }
    if (o.min_n > o.max_n) args_usage_error("--min-n is above --max-n%s", "");
    if (o.n_count && (bounded_min || bounded_max || o.step != 1 || o.only_count))
        args_usage_error("--n gives the entity counts itself: --min-n, --max-n, --step and --only-n choose among the "
                         "declared ones%s",
                         "");
    if (o.among && !o.list && !o.describe) args_usage_error("--among narrows --list and --describe%s", "");
    return o;
}

/* Whether a declared size is run: within the bounds, on the step, among --only-n's counts if given, and within
 * the build's index space. Sizes that are not powers of two (a reference benchmark's own) and powers below
 * 2^SWEEP_FROM are not on any step: the step thins the sweep alone. */
static bool declared_size_kept(const options *o, size_t n) {
    if (n < o->min_n || n > o->max_n || !unit->holds(n)) return false;
    if ((n & (n - 1)) == 0) {
        unsigned exponent = 0;
        while (((size_t)1 << exponent) < n) ++exponent;
        if (exponent >= SWEEP_FROM && (exponent - SWEEP_FROM) % o->step != 0) return false;
    }
    if (!o->only_count) return true;
    for (size_t k = 0; k < o->only_count; ++k)
        if (o->only_ns[k] == n) return true;
    return false;
}

/* Whether --among names scenario name (a comma-separated list; a name this build lacks is passed over, since
 * raw's build has a few scenarios of the catalogue only). */
static bool among(const options *o, const char *name) {
    if (!o->among) return true;
    size_t len = strlen(name);
    for (const char *p = o->among;;) {
        size_t part = strcspn(p, ",");
        if (part == len && strncmp(p, name, len) == 0) return true;
        if (p[part] == 0) return false;
        p += part + 1;
    }
}

/* The entity counts a scenario runs at: --n if given, else its declared sweep and its own sizes, within the
 * bounds and the build's index space. Returns how many were written. */
static size_t sizes_for(const options *o, const scenario *s, size_t *out) {
    if (o->n_count) {
        for (size_t k = 0; k < o->n_count; ++k) out[k] = o->ns[k];
        return o->n_count;
    }
    const scenario_info *d = s->info;
    unsigned from = d->sweep_from ? d->sweep_from : SWEEP_FROM, to = d->sweep_to ? d->sweep_to : SWEEP_TO;
    size_t count = 0;
    for (unsigned e = from; e <= to && e < 8 * sizeof(size_t) - 1; ++e) {
        size_t n = (size_t)1 << e;
        if (declared_size_kept(o, n) && count < MAX_NS) out[count++] = n;
    }
    for (size_t k = 0; k < sizeof d->own_ns / sizeof d->own_ns[0] && d->own_ns[k]; ++k)
        if (declared_size_kept(o, d->own_ns[k]) && count < MAX_NS) out[count++] = d->own_ns[k];
    return count;
}

int main(int argc, char **argv) {
    args_set_program("bench");
    options o = parse(argc, argv);
    if (o.list || o.describe) {
        if (o.describe) output_describe_header(stdout);
        for (const scenario *const *s = unit->scenarios; *s; ++s) {
            if (!among(&o, (*s)->info->name)) continue;
            size_t ns[MAX_NS], count = sizes_for(&o, *s, ns);
            const char *strategy = (*s)->label ? (*s)->label : unit->strategy_name();
            if (o.describe) {
                output_describe_row(stdout, *s, strategy, ns, count);
                continue;
            }
            printf("%s\t%s\t%s\t", (*s)->info->name, (*s)->info->unit, strategy);
            for (size_t k = 0; k < count; ++k) printf("%s%zu", k ? "," : "", ns[k]);
            putchar('\n');
        }
        return 0;
    }
    if (o.clock_floor) {
        sample_time read_cost, empty;
        if (unit->clock_floor(unit->scenarios[0], &read_cost, &empty) != RUN_OK) {
            fprintf(stderr, "bench: out of memory for the clock's floor\n");
            return EXIT_OUT_OF_MEMORY;
        }
        printf("read_cost_cpu_ns,read_cost_wall_ns,empty_cpu_ns,empty_wall_ns\n%.1f,%.1f,%.1f,%.1f\n", read_cost.cpu_ns,
               read_cost.wall_ns, empty.cpu_ns, empty.wall_ns);
        return 0;
    }
    const char *memory = heap_mode_name(o.heap);
    if (!heap_configure(o.heap)) {
        fprintf(stderr, "bench: this C library's allocator cannot be configured; results say memory=default\n");
        memory = "default";
    }
    int failed = 0, out_of_memory = 0, rows = 0;
    uint64_t seed = o.seed_count ? o.seeds[0] : layout_new_seed();
    size_t cells = 0;
    if (o.json)
        output_json_begin(stdout);
    else if (o.header)
        output_csv_header(stdout);
    /* The scenarios in the order asked for; a name can stand for several scenarios (raw: SoA and AoS). */
    size_t passes = o.selected_count ? o.selected_count : 1;
    for (size_t pass = 0; pass < passes && !out_of_memory; ++pass) {
        for (const scenario *const *s = unit->scenarios; *s && !out_of_memory; ++s) {
            if (o.selected_count && strcmp(o.selected[pass], (*s)->info->name) != 0) continue;
            size_t ns[MAX_NS], count = sizes_for(&o, *s, ns);
            for (size_t k = 0; k < count && !out_of_memory; ++k) {
                result r;
                const char *error = "unknown error";
                if (cells < o.seed_count) seed = o.seeds[cells];
                int rc = unit->run(*s, ns[k], &o.run, seed, &r, &error);
                seed = layout_next_seed(seed);
                cells++;
                if (rc != RUN_OK) {
                    fprintf(stderr, "bench: %s %s n=%zu failed: %s\n",
                            (*s)->label ? (*s)->label : unit->strategy_name(), (*s)->info->name, ns[k], error);
                    /* The cells after one that ran out of memory (larger sizes, scenarios with larger worlds)
                     * would most likely run out too, each only after building as much of its world as fits:
                     * the run ends here. */
                    if (rc == RUN_OUT_OF_MEMORY)
                        out_of_memory = 1;
                    else
                        failed = 1;
                    continue;
                }
                r.memory = memory;
                if (o.json)
                    output_json_row(stdout, &r, rows == 0);
                else
                    output_csv_row(stdout, &r);
                fflush(stdout);
                if (o.counters && r.counters[0])
                    fprintf(stderr, "counters %s %s n=%zu: %s\n", r.strategy, r.scenario, r.n, r.counters);
                rows++;
            }
        }
    }
    if (o.json) output_json_end(stdout);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "bench: writing the results failed\n");
        return out_of_memory ? EXIT_OUT_OF_MEMORY : EXIT_FAILED;
    }
    return out_of_memory ? EXIT_OUT_OF_MEMORY : failed ? EXIT_FAILED : EXIT_SUCCESS;
}

/* The harness's view of a scenario. Scenarios live in scenarios/ (written once against the contract, listed in
 * scenarios/catalogue.h) and scenarios/raw/ (some of the same workloads on plain arrays); each design unit
 * (unit.h) links exactly one catalog of implementations. */
#ifndef SCENARIOS_SCENARIO_H
#define SCENARIOS_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The figures beyond its family's that show a scenario, as flags: the absolute cost of the structural operations
 * (the "ops" figure) and the bytes per entity (the "memory" figure and the report's bytes table). */
typedef enum scenario_figures {
    FIGURES_NONE = 0,
    FIGURE_OPS = 1u << 0,
    FIGURE_MEMORY = 1u << 1,
} scenario_figures;

/* A row of one of the report's first-page answers: its place (from 1; 0 where the scenario has none) and the
 * workload, in a reader's words, that the scenario stands for. */
typedef struct scenario_answer {
    unsigned place;
    const char *label;
} scenario_answer;

/* What every implementation of one workload shares, written once in scenarios/catalogue.h: its name, the family
 * it is shown in, its unit, the sizes it runs at by default, whether make bench also runs it in fresh memory,
 * where the report shows it beyond its family, and a line describing it. The bench binaries print them
 * (--describe) for the scripts and documents. */
typedef struct scenario_info {
    const char *name;        /* shared by every implementation of the workload */
    const char *family;      /* the group its plots and tables show it in */
    const char *unit;        /* what one timed unit is: "entity", "pair" */
    const char *description; /* one line, markdown */
    bool fresh_too;          /* make bench also runs it with --memory fresh (first-touch page faults) */
    /* The entity counts it is measured at when none are asked for: every power of two from 2^sweep_from to
     * 2^sweep_to (zero: the harness's 2^10 and 2^24), then own_ns, the sizes its reference benchmark uses
     * (zero-terminated), all within --min-n .. --max-n (default 1 .. 2^22). Any N >= 1 works when asked for
     * explicitly. */
    unsigned sweep_from, sweep_to;
    size_t own_ns[3];
    /* Frames of a recorded sequence, for a scenario measured frame by frame (hitches: harness/runner.h,
     * cell_frames); 0 for the others. A reusable scenario's frame is its run, so a sequence is `frames` runs in a
     * row of a new world after as many untimed ones; a consuming one's run is a sequence, `frames` calls of its
     * frame hook on one new world. */
    unsigned frames;
    /* Its row in the first page's answer table and heatmap, and in the first page's answer for frames (a framed
     * scenario's worst steady frame). */
    scenario_answer headline, frame_answer;
    scenario_figures figures;
    /* For a change-detection scenario with a reference without the change term (ID_scan): the percent of its
     * entities written per frame; 0 for the others. */
    double change_percent;
    /* For a scenario in the report's change-tracking table: the scenario it is compared with there, the same
     * workload without the change term or the tracking query; NULL for the others. */
    const struct scenario_info *tracking_reference;
    /* For a scenario of a query-count series: the series' scenario with no extra live query (its base) and how
     * many cached queries this one keeps alive beside the base's workload (scenarios/ecs.h, scn_live_queries);
     * NULL and 0 for the others. The scenario's setup reads the count from here, its one home. */
    const struct scenario_info *query_base;
    uint32_t live_queries;
} scenario_info;

/* What the harness needs from an implementation of a scenario: build its world (untimed), run the timed work,
 * checksum the state it left, and free it. */
typedef struct scenario {
    const scenario_info *info; /* its descriptor (scenarios/catalogue.h), shared with its raw baseline */
    const char *label;         /* reported strategy name, or NULL for the catalog's default */
    bool consumes_state;       /* the timed work uses its world up (create, destroy): every run needs a new setup */
    /* What setup reads to build this descriptor's workload, a struct of the scenario file's own (changed.c's
     * changed_params, ...), so that one setup serves every descriptor of a family; NULL where there is nothing
     * to choose. */
    const void *params;
    /* Builds the context for n entities as params asks; NULL with *error set to a message on failure. */
    void *(*setup)(size_t n, const void *params, const char **error);
    /* The timed work. Returns the number of units it completed; the harness checks it equals n, so a run that
     * skips work is caught. */
    uint64_t (*run)(void *ctx);
    /* Order-independent hash of the data the run touched; equal across strategies for the same n. */
    uint64_t (*checksum)(void *ctx);
    /* For a consuming scenario with frames (scenario_info): runs its world's next frame and returns the units it
     * completed; run is exactly `frames` calls of it, so the units of a sequence add up to n. NULL otherwise. */
    uint64_t (*frame)(void *ctx);
    /* Optional: checks, from the scenario's own deterministic data, that the context's state is what `runs`
     * runs of the workload must leave, so a strategy that does its work only while it is watched, or only for
     * some entities, is caught. `spots` is SPOT_EVERY_ENTITY (check every entity) or the seed of a spot sample
     * (data.h: data_spot_count, data_spot_ordinal); the harness checks after the first run, after every timed sample
     * (each time with a new seed) and, once per row, every entity. It may run the workload once more,
     * instrumented, if that leaves the state as it found it. Returns false with *error set on a mismatch. */
    bool (*verify)(void *ctx, uint64_t runs, uint64_t spots, const char **error);
    /* Optional, for scenarios whose runs end their phases with a pass over a query that reads back what their
     * operations did (ecs.h, scn_observe): the wall time spent in those passes since setup, inside the timed
     * runs. The figure includes it (a design that deferred its work pays for it there); the harness reports the
     * share apart (observed_ns per unit), so the cost of the operations alone stays readable. */
    uint64_t (*observed_ns)(void *ctx);
    /* Optional, for scenarios whose passes have a change term (scenarios/changed.c): the entities those passes
     * handed out since setup, and how many of them they had to (the changed ones). The harness reports the ratio
     * over the timed runs (reported_per_change): 1 for an exact strategy, above it where a strategy reports a
     * superset (contract.h). */
    void (*change_report)(void *ctx, uint64_t *reported, uint64_t *changed);
    /* How the strategy served the scenario's query ("scan", "owned-group", ...), or NULL. */
    const char *(*query_kind)(void *ctx);
    /* The world under test, whose strategy counters (edge-cache hits, filter updates, ...) the harness can
     * report; NULL for scenarios without one. */
    struct esb_world *(*world)(void *ctx);
    void (*teardown)(void *ctx);
} scenario;

/* Where the default sweep of the structural and fragmentation scenarios (creation, destruction, add/remove,
 * transient components, many component sets) and of iteration after a churn history ends: 2^20, where their
 * working sets already overflow the L2 and their setup (millions of single spawns, moves or churn rounds)
 * would dominate the run's time past it. The other iteration and access scenarios go on to 2^22 and beyond,
 * where they become DRAM-bound. */
#define STRUCTURAL_SWEEP_TO 20u

/* The largest entity count a scenario runs at: the contract's index space (scenarios/ecs.c checks that it is
 * ESB_MAX_ENTITIES), which the harness refuses to exceed without seeing the contract itself. */
#define SCENARIO_MAX_N 0xFFFFFFFFu

/* The `spots` argument of verify that asks for every entity; any other value seeds a spot sample (data.h). */
#define SPOT_EVERY_ENTITY 0u

/* The linked catalog: a NULL-terminated list, and the default strategy name for its results. */
extern const scenario *const catalog_scenarios[];
const char *catalog_strategy_name(void);

/* The counters of the scenario's world as (name, value) pairs, up to cap of them; returns how many exist (0 for
 * a catalog or scenario without a strategy). */
size_t catalog_counters(const scenario *s, void *ctx, const char **names, uint64_t *values, size_t cap);

#endif

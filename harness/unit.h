/* A design unit: everything of one design that runs a cell (the runner, the allocator hooks and the layout stream,
 * the scenarios, the shared code and the strategy, or raw's baselines), optimised as one whole program and
 * linked into one object whose only external symbol is this table (Makefile: units). The same object is linked
 * twice: with harness/main.c into bench-NAME, and with every other unit into the paired program
 * (harness/paired.c), which measures their cells side by side. So a design runs the same machine code in both,
 * and in the paired program its code and state (allocator counts, layout stream) are its own, never shared with
 * another design's. Every call into a unit goes through this table; inside it, the contract's calls inline into
 * the scenarios as in any whole-program build (scripts/analysis/fidelity.py checks the code and the
 * instructions). */
#ifndef HARNESS_UNIT_H
#define HARNESS_UNIT_H

#include <stdbool.h>
#include <stddef.h>

#include "runner.h"
#include "scenario.h"

typedef struct design_unit {
    const char *(*strategy_name)(void); /* the catalog's default name (a scenario's label overrides it) */
    const scenario *const *scenarios;   /* NULL-terminated, as catalog_scenarios */
    bool (*holds)(size_t n);            /* whether the unit's index space holds a world of n entities */
    /* A whole cell at a time (bench-NAME, harness/main.c), or a sample at a time (runner.h). */
    int (*run)(const scenario *s, size_t n, const run_options *opt, uint64_t seed, result *out, const char **error);
    int (*open)(const scenario *s, size_t n, uint64_t seed, size_t max_samples, cell **opened, const char **error);
    int (*warm)(cell *c, sample_time *t, const char **error);
    int (*sample)(cell *c, uint64_t inner, sample_time *t, const char **error);
    int (*close)(cell *c, result *out, const char **error);
    int (*frames)(cell *c, frame_record *frames, const char **error); /* a framed scenario's sequence (runner.h) */
    int (*clock_floor)(const scenario *s, sample_time *read_cost, sample_time *empty); /* runner.h */
} design_unit;

/* The table's name in a unit's object; the paired program's link renames it per unit (esb_design_unit_HEX, HEX
 * the design's name in hexadecimal) and lists the units in its table (scripts/paired-link.sh). */
extern const design_unit esb_design_unit;

#endif

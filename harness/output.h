/* Result rows as CSV or JSON. Every row carries the seed of its memory layout and the build (compiler, flags),
 * so a number is never separated from how it was produced; after those come the hardware counts per unit and
 * the events they counted (empty, or null, where the machine has no counters). */
#ifndef HARNESS_OUTPUT_H
#define HARNESS_OUTPUT_H

#include <stdio.h>

#include "runner.h"

void output_csv_header(FILE *f);
void output_csv_row(FILE *f, const result *r);
/* JSON: an array of objects; call begin, one row per result (first = 1 for the first), end. */
void output_json_begin(FILE *f);
void output_json_row(FILE *f, const result *r, int first);
void output_json_end(FILE *f);

/* --describe: the descriptor of each implementation the binary links (scenarios/catalogue.h), as CSV with the
 * header "scenario,family,unit,strategy,sizes,fresh,description" (sizes: the declared entity counts, within the
 * bounds given; fresh: 1 if make bench also runs it in fresh memory). */
void output_describe_header(FILE *f);
void output_describe_row(FILE *f, const scenario *s, const char *strategy, const size_t *ns, size_t count);

#endif

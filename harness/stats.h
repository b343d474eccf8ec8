/* Robust summary of timing samples: median and median absolute deviation resist the outliers a shared VM
 * produces (another tenant's burst shows up as one slow sample, not as a shifted mean). */
#ifndef HARNESS_STATS_H
#define HARNESS_STATS_H

#include <stddef.h>

typedef struct summary {
    double median, min, max, mad;
} summary;

/* Summarises n >= 1 samples; reorders them. */
summary summarise(double *samples, size_t n);

#endif

#include "stats.h"

#include <math.h>
#include <stdlib.h>

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of_sorted(const double *v, size_t n) { return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2; }

summary summarise(double *samples, size_t n) {
    summary s;
    qsort(samples, n, sizeof *samples, compare_doubles);
    s.min = samples[0];
    s.max = samples[n - 1];
    s.median = median_of_sorted(samples, n);
    double *dev = malloc(n * sizeof *dev);
    if (!dev) {
        s.mad = NAN;
        return s;
    }
    for (size_t i = 0; i < n; ++i) dev[i] = fabs(samples[i] - s.median);
    qsort(dev, n, sizeof *dev, compare_doubles);
    s.mad = median_of_sorted(dev, n);
    free(dev);
    return s;
}

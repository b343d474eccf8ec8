"""Statistics of a benchmark cell: the median over processes, its bootstrap confidence interval, and ratios.

A cell (strategy x scenario x N x memory mode) is measured by several processes, each with its own memory
layout; each process reports the median of its samples. Within a process the samples agree closely; between
processes they do not (layout, the machine's state), so the process is the unit of sampling: the cell's
figure is the median of its process medians, and its uncertainty comes from resampling processes.

The bootstrap here is exact, not Monte Carlo: the distribution of the median of n values drawn with
replacement from the n observed ones can be written down with binomial and multinomial terms (Hutson and
Ernst, "The exact bootstrap mean and variance of an L-estimator", JRSS B 62, 2000). So every interval is a
deterministic function of its inputs, the unit tests can state them exactly, and no resampling loop costs
time. The 95% interval is the percentile interval of that distribution: the 2.5% and 97.5% quantiles.

The ratio of two cells (a strategy to the raw floor, a strategy to its A/A twin) is bootstrapped as a ratio:
the two cells' processes are independent, so the bootstrap distribution of median(a*)/median(b*) is the
product of their two exact distributions, and its percentile interval is taken directly (never two separate
intervals divided by each other).
"""

import math

LEVEL = 0.95


def median(values):
    """The median of a non-empty sequence (the mean of the two middle values for an even count)."""
    v = sorted(values)
    n = len(v)
    if n == 0:
        raise ValueError("median of no values")
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def median_distribution(values):
    """The exact bootstrap distribution of the sample median: [(value, probability)], sorted by value.

    The n observations are labelled 1..n in sorted order (ties stay distinct labels). A resample is n labels
    drawn uniformly with replacement; K_t, the number of draws with a label <= t, is Binomial(n, t/n).
    Odd n: the median is the m-th smallest draw, m = (n + 1) / 2, which is <= label t exactly when K_t >= m.
    Even n: the median is the mean of the m-th and (m + 1)-th smallest draws, m = n / 2, whose joint
    distribution over labels (i, j), i <= j, follows from multinomial counts below, at and above them."""
    v = sorted(values)
    n = len(v)
    if n == 0:
        raise ValueError("no values")
    fact = [float(math.factorial(k)) for k in range(n + 1)]
    mass = {}

    def add(value, p):
        mass[value] = mass.get(value, 0.0) + p

    if n % 2:
        m = (n + 1) // 2
        previous = 0.0
        for t in range(1, n + 1):
            p = t / n
            at_most = sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(m, n + 1))
            add(v[t - 1], at_most - previous)
            previous = at_most
    else:
        m = n // 2
        for i in range(1, n + 1):
            below, at, above = (i - 1) / n, 1 / n, (n - i) / n
            # i == j: label i covers both middle positions: a < m draws below it, c >= m + 1 - a at it, the
            # rest above it.
            p = 0.0
            for a in range(0, m):
                for c in range(m + 1 - a, n - a + 1):
                    p += fact[n] / (fact[a] * fact[c] * fact[n - a - c]) * below ** a * at ** c * above ** (n - a - c)
            add(v[i - 1], p)
            # i < j: exactly m draws at labels <= i, at least one of them at i (a < m below it), none strictly
            # between i and j, the other n - m at labels >= j with at least one at j.
            lower = sum(fact[n] / (fact[a] * fact[m - a] * fact[n - m]) * below ** a * at ** (m - a) for a in range(m))
            for j in range(i + 1, n + 1):
                upper = ((n - j + 1) / n) ** (n - m) - ((n - j) / n) ** (n - m)
                add((v[i - 1] + v[j - 1]) / 2, lower * upper)
    return sorted(mass.items())


def quantile(distribution, q):
    """The q-quantile of a discrete distribution [(value, probability)] sorted by value: the smallest value
    whose cumulative probability reaches q (up to rounding)."""
    cumulative = 0.0
    for value, p in distribution:
        cumulative += p
        if cumulative >= q - 1e-12:
            return value
    return distribution[-1][0]


def interval(distribution, level=LEVEL):
    """The percentile interval of a bootstrap distribution."""
    tail = (1 - level) / 2
    return quantile(distribution, tail), quantile(distribution, 1 - tail)


def median_ci(values, level=LEVEL):
    """(median, low, high): the median of the values and its bootstrap percentile interval."""
    return median(values), *interval(median_distribution(values), level)


def quotient_distribution(top, bottom):
    """The distribution of X / Y for independent X and Y with the given distributions [(value, probability)]:
    [(ratio, probability)] sorted by ratio."""
    # Values with a probability below 1e-12 cannot move a 2.5% quantile: leaving them out keeps the product of
    # two even-count distributions (up to n(n+1)/2 values each) small.
    top = [(a, p) for a, p in top if p > 1e-12]
    bottom = [(b, q) for b, q in bottom if q > 1e-12]
    if any(value <= 0 for value, _ in bottom):
        raise ValueError("a ratio to a cell with a value <= 0")
    return sorted((a / b, p * q) for a, p in top for b, q in bottom)


def ratio_ci(numerator, denominator, level=LEVEL):
    """(ratio, low, high): the ratio of the two medians and the percentile interval of its bootstrap
    distribution, median(numerator*) / median(denominator*) with the two resampled independently."""
    ratio = median(numerator) / median(denominator)
    distribution = quotient_distribution(median_distribution(numerator), median_distribution(denominator))
    return ratio, *interval(distribution, level)


def relative_half_width(estimate, low, high):
    """The larger distance from the estimate to an end of its interval, relative to the estimate: 0.03 for an
    interval within +/-3%."""
    if estimate <= 0:
        return math.inf
    return max(high - estimate, estimate - low) / estimate


def aa_summary(ratios):
    """What an A/A control shows: ratios is [(cell, ratio, low, high)] for one design measured twice under two
    names. Returns a dict:
      cells         how many cells were compared
      excludes_one  how many intervals exclude 1 (a difference the data would call real, by chance alone)
      max_deviation the largest |ratio - 1|, and worst the cell where it was seen
      band          the half-width of the A/A band: 95% of the A/A ratios lie within [1 / (1 + band), 1 + band]
                    (the 95th percentile of |log ratio|, as a factor); a difference between two designs is
                    called significant only when its interval lies wholly outside that band"""
    if not ratios:
        return {"cells": 0, "excludes_one": 0, "max_deviation": 0.0, "worst": None, "band": 0.0}
    excludes = sum(1 for _, _, low, high in ratios if low > 1 or high < 1)
    worst = max(ratios, key=lambda r: abs(r[1] - 1))
    logs = sorted(abs(math.log(r[1])) for r in ratios)
    # the 95th percentile, by the nearest-rank rule: a value that was observed
    rank = max(1, math.ceil(0.95 * len(logs)))
    return {
        "cells": len(ratios),
        "excludes_one": excludes,
        "max_deviation": abs(worst[1] - 1),
        "worst": worst[0],
        "band": math.exp(logs[rank - 1]) - 1,
    }


def significant(low, high, band):
    """True when a ratio's interval lies wholly outside the A/A band [1 / (1 + band), 1 + band]."""
    return low > 1 + band or high < 1 / (1 + band)

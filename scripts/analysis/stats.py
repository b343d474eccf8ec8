"""Statistics of a benchmark cell: its figure over processes, the figure's confidence interval, and ratios.

A cell (strategy x scenario x N x memory mode) is measured by several processes, each with its own memory
layout; each process reports the median of its samples. Within a process the samples agree closely; between
processes they do not, so the process is the unit of sampling. Two things move a process: its layout (the
effect the suite samples on purpose) and the machine's state while it ran. On these shared VMs the second is
not a small jitter: a neighbour on the host puts a vCPU into a slower state for a second or more, and a
whole process's cells then run 1.4-2x slower than in the same layout a moment later (the same binary, layout
seeds and address space, re-run). A cell's process medians are therefore a mixture of a fast and a slow mode.

The cell's figure is the 10%-trimmed geometric mean of its process medians: the mean of their logarithms
after the lowest and highest 10% (rounded down: none of fewer than ten processes, one of each end from ten,
two from twenty) are set aside, exponentiated. Not their median: the median of a two-mode mixture jumps from
one mode to the other as the share of slow processes crosses a half, so two cells of one design measured
twice (the A/A pair) differed by up to 1.5x in a run of seven processes per cell; the mean moves with that
share smoothly. Why 10% and not Wilcox's usual 20%: a cell has five to seven processes in most runs, and 20%
would set two of five aside and leave Student's t two degrees of freedom (4.30 against 2.78 at four), which
widens the intervals more than it steadies the figures (docs/decisions.md); where a cell has the processes to
spare, a wild one is set aside. Logarithms because every comparison here is a ratio: the
ratio of two figures is the exponential of a difference of trimmed means, and its interval is Yuen's interval
for that difference (K. K. Yuen, "The two-sample trimmed t for unequal population variances", Biometrika 61,
1974): the standard error from the winsorized variances, Welch's degrees of freedom, Student's t. A cell's own
interval is the one-sample form of the same. Every interval is a closed-form function of its inputs:
deterministic, so the unit tests can state them, and cheap enough for the stopping rule to recompute every
round.

The median (below) stays for what is summarised without an interval: a cell's simulated misses over its
layouts, the spread of half-widths, the process that stands for a cell.
"""

import functools
import math
from dataclasses import dataclass
from typing import Generic, Iterable, NamedTuple, Sequence, TypeVar

LEVEL = 0.95
# The fewest processes a figure's interval is taken over: with two, a 95% interval has one degree of freedom
# (t = 12.7), and with one it has no spread at all, a point that reads as measured while it is not.
MIN_PROCESSES = 3


def median(values: Iterable[float]) -> float:
    """The median of a non-empty sequence (the mean of the two middle values for an even count)."""
    v = sorted(values)
    n = len(v)
    if n == 0:
        raise ValueError("median of no values")
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


# The share of processes set aside at each end before the mean of the logarithms (rounded down; the module's
# docstring says why 10%).
TRIM = 0.1


def _trimmed(logs: list[float]) -> tuple[list[float], int]:
    """(kept, g): the sorted logs and how many are set aside at each end."""
    v = sorted(logs)
    return v, int(TRIM * len(v))


def _logs(values: Sequence[float]) -> list[float]:
    if not values:
        raise ValueError("no values")
    if any(x <= 0 for x in values):
        raise ValueError("a time <= 0 has no logarithm")
    return [math.log(x) for x in values]


class LogSummary(NamedTuple):
    """What the intervals need of a cell's values: the trimmed mean of their logs, Yuen's squared standard error of
    it and its degrees of freedom."""
    mean: float
    variance: float
    df: float


class Comparison(NamedTuple):
    """A ratio of two times with its 95% interval and the interval's degrees of freedom: what the decision rule
    (below) needs of a comparison. A one-sample interval over paired processes has df = h - 1 (summarise), Yuen's
    two-sample interval Welch's df; df 0 is a ratio without an interval."""
    ratio: float
    low: float
    high: float
    df: float


# A figure with its interval: (value, low, high).
Interval = tuple[float, float, float]


def summarise(values: Sequence[float]) -> LogSummary:
    """The LogSummary of positive values: (trimmed mean of the logs, Yuen's squared standard error of it,
    degrees of freedom h - 1), with h the number of logs kept. The squared standard error is
    (n - 1) s_w^2 / (h (h - 1)), s_w^2 the winsorized variance (the g lowest logs set to the lowest kept one,
    the g highest to the highest kept one); with one log kept it is 0 and has no degrees of freedom."""
    v, g = _trimmed(_logs(values))
    n = len(v)
    kept = v[g:n - g]
    h = len(kept)
    mean = sum(kept) / h
    if h < 2:
        return LogSummary(mean, 0.0, 0)
    winsorized = [kept[0]] * g + kept + [kept[-1]] * g
    w_mean = sum(winsorized) / n
    w_var = sum((x - w_mean) ** 2 for x in winsorized) / (n - 1)
    return LogSummary(mean, (n - 1) * w_var / (h * (h - 1)), h - 1)


def trimmed_geometric_mean(values: Sequence[float]) -> float:
    """The figure of a cell: exp of the trimmed mean (TRIM) of the logs of its positive values."""
    return math.exp(summarise(values).mean)


def _incomplete_beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function, by the modified Lentz method."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return result


def _regularized_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b), for 0 <= x <= 1."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _incomplete_beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _incomplete_beta_fraction(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with df > 0 degrees of freedom (df need not be whole: Welch's is not)."""
    tail = 0.5 * _regularized_beta(df / 2, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_density(t: float, df: float) -> float:
    """The density of Student's t with df > 0 degrees of freedom at t."""
    log_scale = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    return math.exp(log_scale - (df + 1) / 2 * math.log1p(t * t / df))


@functools.lru_cache(maxsize=4096)  # a paired run's intervals share a few dozen degrees of freedom
def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t with df degrees of freedom, for 0.5 <= p < 1, to 1e-12 (the quantiles of the
    tests: 12.7062 for df 1, 4.3027 for df 2, 2.0423 for df 30 at p 0.975): Newton's steps on t_cdf within a
    bracket each evaluation narrows, a bisection where a step would leave it. Welch's degrees of freedom differ
    for every ratio of a run of separate processes, where the cache spares nothing and bisection alone (some
    forty evaluations of t_cdf) took minutes."""
    if not 0.5 <= p < 1 or df <= 0:
        raise ValueError(f"t quantile of p={p}, df={df}")
    if p == 0.5:
        return 0.0  # the median of a symmetric law; t_cdf's rounding near it would leave 1e-8
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        low, high = high, 2 * high
    t = (low + high) / 2
    while high - low > 1e-12 * max(1.0, high):
        below = t_cdf(t, df) - p
        if below < 0:
            low = t
        else:
            high = t
        step = t - below / t_density(t, df)
        if abs(step - t) <= 1e-13 * max(1.0, t) and low <= step <= high:
            return step
        t = step if low < step < high else (low + high) / 2
    return (low + high) / 2


def _interval(estimate: float, variance: float, df: float, level: float) -> Interval:
    """exp of estimate -/+ t * sqrt(variance): the interval on the scale of the times."""
    if variance == 0.0 or df <= 0:
        return math.exp(estimate), math.exp(estimate), math.exp(estimate)
    half = t_quantile(1 - (1 - level) / 2, df) * math.sqrt(variance)
    return math.exp(estimate), math.exp(estimate - half), math.exp(estimate + half)


def figure_interval(summary: LogSummary, level: float = LEVEL) -> Interval:
    """(figure, low, high) of a cell's LogSummary: the trimmed geometric mean and its Yuen interval (one sample:
    the trimmed mean of the logs -/+ t(h - 1) standard errors). One value, or values that agree after trimming,
    give a point interval."""
    return _interval(summary.mean, summary.variance, summary.df, level)


def ratio_comparison(top: LogSummary, bottom: LogSummary, level: float = LEVEL) -> Comparison:
    """The Comparison (below) of two cells' LogSummary: the ratio of their figures and Yuen's interval for it, the
    two cells' processes independent: the difference of the trimmed means of the logs -/+ t standard errors,
    the squared errors added, the degrees of freedom Welch's (a cell whose kept logs agree adds no error and no
    degrees of freedom)."""
    variance = top.variance + bottom.variance
    parts = sum(s.variance ** 2 / s.df for s in (top, bottom) if s.variance > 0)
    df = variance * variance / parts if parts > 0 else 0
    return Comparison(*_interval(top.mean - bottom.mean, variance, df, level), df)


def ratio_interval(top: LogSummary, bottom: LogSummary, level: float = LEVEL) -> Interval:
    """(ratio, low, high) of ratio_comparison."""
    c = ratio_comparison(top, bottom, level)
    return c.ratio, c.low, c.high


def figure_ci(values: Sequence[float], level: float = LEVEL) -> Interval:
    """figure_interval of the values."""
    return figure_interval(summarise(values), level)


def ratio_ci(numerator: Sequence[float], denominator: Sequence[float], level: float = LEVEL) -> Interval:
    """ratio_interval of two cells' values."""
    return ratio_interval(summarise(numerator), summarise(denominator), level)


def relative_half_width(estimate: float, low: float, high: float) -> float:
    """The larger distance from the estimate to an end of its interval, relative to the estimate: 0.03 for an
    interval within +/-3%."""
    if estimate <= 0:
        return math.inf
    return max(high - estimate, estimate - low) / estimate


CellT = TypeVar("CellT")


@dataclass(frozen=True)
class AASummary(Generic[CellT]):
    """What an A/A control shows (aa_summary)."""
    cells: int  # how many cells were compared
    excludes_one: int  # how many intervals exclude 1 (a difference the data would call real, by chance alone)
    max_deviation: float  # the largest |ratio - 1|
    worst: CellT | None  # the cell where it was seen
    # The half-width of the A/A band: 95% of the A/A ratios lie within [1 / (1 + band), 1 + band] (the 95th
    # percentile of |log ratio|, as a factor): how far chance alone moves a ratio, beside the decision rule's
    # calibration (how many A/A intervals exclude 1).
    band: float


def aa_summary(ratios: Sequence[tuple[CellT, float, float, float]]) -> AASummary[CellT]:
    """What an A/A control shows: ratios is [(cell, ratio, low, high)] for one design measured twice under two
    names."""
    if not ratios:
        return AASummary(cells=0, excludes_one=0, max_deviation=0.0, worst=None, band=0.0)
    excludes = sum(1 for _, _, low, high in ratios if low > 1 or high < 1)
    worst = max(ratios, key=lambda r: abs(r[1] - 1))
    logs = sorted(abs(math.log(r[1])) for r in ratios)
    # the 95th percentile, by the nearest-rank rule: a value that was observed
    rank = max(1, math.ceil(0.95 * len(logs)))
    return AASummary(cells=len(ratios), excludes_one=excludes, max_deviation=abs(worst[1] - 1), worst=worst[0],
                     band=math.exp(logs[rank - 1]) - 1)


# ---- The decision rule: three outcomes per comparison ----
#
# A comparison is a ratio of two designs' times with its 95% interval (Yuen's, over processes) and the interval's
# degrees of freedom. It is called *faster* or *slower* where its ratio differs from 1 with the false discovery
# rate over all the comparisons a report makes held at FDR (Benjamini and Hochberg, "Controlling the false
# discovery rate", JRSS B 57, 1995: with hundreds of comparisons, 5% of the true ties would otherwise be called
# differences); *equivalent* where it does not and two one-sided tests at 5% put it within the practical margin
# (its 90% interval inside [1 / (1 + margin), 1 + margin]: Schuirmann, 1987); *inconclusive* otherwise. "Not
# separable" is never "equal": only an equivalence says that.

FASTER, SLOWER, EQUIVALENT, INCONCLUSIVE = "faster", "slower", "equivalent", "inconclusive"
# The false discovery rate a report's differences are held to.
FDR = 0.05
# The practical margin of an equivalence: a ratio within [1 / 1.03, 1.03] is a difference no reader acts on.
EQUIVALENCE_MARGIN = 0.03

def trimmed_df(processes: int) -> int:
    """The degrees of freedom of a Yuen interval over this many processes (summarise: h - 1, h the logs kept)."""
    return processes - 2 * int(TRIM * processes) - 1


def log_standard_error(c: Comparison) -> float | None:
    """The standard error of a comparison's log ratio, recovered from its 95% interval and degrees of freedom;
    None where it has no interval (no degrees of freedom, or a point)."""
    if c.df <= 0 or not c.low < c.high:
        return None
    return math.log(c.high / c.low) / 2 / t_quantile(1 - (1 - LEVEL) / 2, c.df)


def p_value(c: Comparison) -> float:
    """The two-sided p-value of "the ratio is 1" (Student's t on the log ratio); 1 where there is no interval."""
    se = log_standard_error(c)
    if se is None:
        return 1.0
    t = abs(math.log(c.ratio)) / se
    return min(1.0, 2 * (1 - t_cdf(t, c.df)))


def equivalent(c: Comparison, margin: float = EQUIVALENCE_MARGIN) -> bool:
    """Two one-sided tests at 5%: the comparison's 90% interval lies within [1 / (1 + margin), 1 + margin]."""
    se = log_standard_error(c)
    if se is None:
        return False
    half = t_quantile(0.95, c.df) * se
    return abs(math.log(c.ratio)) + half < math.log(1 + margin)


def exceeds_margin(c: Comparison, margin: float = EQUIVALENCE_MARGIN) -> bool:
    """A one-sided minimum-effect test at 5%, the counterpart of equivalent: the lower end of the comparison's 90%
    interval lies above 1 + margin, so the first design is shown slower than the second by more than the margin."""
    ends = one_sided_ends(c)
    return ends is not None and ends[0] > math.log(1 + margin)


def one_sided_ends(c: Comparison) -> tuple[float, float] | None:
    """The logarithms of the ends of a comparison's 90% interval, each end a one-sided test at 5% (as in
    equivalent); None where it has no interval."""
    se = log_standard_error(c)
    if se is None:
        return None
    half = t_quantile(0.95, c.df) * se
    return math.log(c.ratio) - half, math.log(c.ratio) + half


def benjamini_hochberg(p_values: Sequence[float], rate: float = FDR) -> list[bool]:
    """Which hypotheses the Benjamini-Hochberg procedure rejects at the false discovery rate: the k smallest
    p-values, k the largest rank whose p-value is at most k / m * rate."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    m = len(p_values)
    cut = 0
    for rank, i in enumerate(order, 1):
        if p_values[i] <= rank / m * rate:
            cut = rank
    rejected = [False] * m
    for i in order[:cut]:
        rejected[i] = True
    return rejected


def benjamini_hochberg_threshold(p_values: Sequence[float], rate: float = FDR) -> float | None:
    """The largest p-value the Benjamini-Hochberg procedure rejects (every p-value at most it is rejected), or None
    where it rejects none."""
    rejected = [p for p, r in zip(p_values, benjamini_hochberg(p_values, rate)) if r]
    return max(rejected) if rejected else None


def outcome(c: Comparison, threshold: float | None, margin: float = EQUIVALENCE_MARGIN) -> str:
    """FASTER or SLOWER (the ratio's first design against its second) where the comparison's p-value is at most
    the threshold of its family (benjamini_hochberg_threshold; None: nothing differs), else EQUIVALENT or
    INCONCLUSIVE."""
    if threshold is not None and p_value(c) <= threshold:
        return FASTER if c.ratio < 1 else SLOWER
    return EQUIVALENT if equivalent(c, margin) else INCONCLUSIVE


def decide(comparisons: Sequence[Comparison], margin: float = EQUIVALENCE_MARGIN, rate: float = FDR) -> list[str]:
    """The outcome of each comparison, the false discovery rate held over all of them together."""
    threshold = benjamini_hochberg_threshold([p_value(c) for c in comparisons], rate)
    return [outcome(c, threshold, margin) for c in comparisons]


@dataclass(frozen=True)
class Rule:
    """The decision rule fixed for one report: the Benjamini-Hochberg threshold over its family of comparisons
    (every comparison the report could state, fixed before any is worded, so that the wording cannot choose its
    own family), how many that family holds, and the equivalence margin. A comparison outside the family is judged
    at the family's threshold: adding one to hundreds moves the threshold by at most a rank."""
    threshold: float | None
    family: int
    margin: float = EQUIVALENCE_MARGIN

    def outcome(self, c: Comparison) -> str:
        return outcome(c, self.threshold, self.margin)

    def slower_beyond_margin(self, c: Comparison) -> bool:
        """Whether the comparison's first design is found slower than its second by more than the margin: the rule
        calls it slower (the false discovery rate held) and the minimum-effect test (exceeds_margin) shows its
        ratio above 1 + margin. A difference the rule calls real but smaller than a reader acts on is not."""
        return self.outcome(c) == SLOWER and exceeds_margin(c, self.margin)


def rule_of(comparisons: Iterable[Comparison], margin: float = EQUIVALENCE_MARGIN, rate: float = FDR) -> Rule:
    """The Rule of a family of comparisons."""
    comparisons = list(comparisons)
    return Rule(benjamini_hochberg_threshold([p_value(c) for c in comparisons], rate), len(comparisons), margin)


# How close to a tie a difference is small: the size of the leads that decide a pick, well inside the margin.
SMALL_DIFFERENCE = 0.01


def small_differences_called(comparisons: Iterable[Comparison], rule: Rule,
                             size: float = SMALL_DIFFERENCE) -> tuple[int, int]:
    """(how many the rule calls different, how many there are) among the comparisons whose ratio lies within
    +/-size of 1: the false discovery rate bounds the expected share of chance among all the differences called,
    not among the small ones, which are the ones that decide a pick."""
    small = [c for c in comparisons if abs(math.log(c.ratio)) <= math.log1p(size)]
    return sum(1 for c in small if rule.outcome(c) in (FASTER, SLOWER)), len(small)


def crossover(points: Sequence[tuple[float, float]]) -> tuple[float | None, str]:
    """The rate at which a ratio that grows with the rate reaches 1, from [(rate, ratio)] in rate order: log-linear
    interpolation between the last rate below 1 and the next; (None, side) where it never crosses within the
    rates ("below": above 1 already at the first rate, "above": below 1 at the last)."""
    if points[0][1] >= 1:
        return None, "below"
    for (r0, v0), (r1, v1) in zip(points, points[1:]):
        if v0 < 1 <= v1:
            t = math.log(1 / v0) / math.log(v1 / v0)
            return math.exp(math.log(r0) + t * math.log(r1 / r0)), ""
    return None, "above"

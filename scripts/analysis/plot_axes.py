"""The axes of the figures: how N is named, where the ticks go, the y range of a set of values (a zero on a log axis
on a floor of its own), the churn-rate axis, and which lines of a crowded figure are drawn bold."""

import math
from typing import Sequence

from .plot_canvas import Marks, Series, num

# The entity counts the churn sweep draws a panel for, where the run has them (a QUICK run stops at 2^14).
SWEEP_SIZES = [2 ** k for k in (10, 12, 14, 16, 18, 20)]
# The churn rate axis is log10(R); R = 0 has no place on it, so it sits left of 1 (x = 0) past a marked break.
RATE_ZERO_X = -0.6
RATE_BREAK_X = -0.3
# Line widths: every series alike, or, in a figure of more than CROWDED lines, each family's best BOLD and the
# rest THIN, so that the eye finds the families' leaders first.
BOLD, THIN, CROWDED = 2.6, 0.8, 8
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
INTERVAL_NOTE = "whiskers: 95% intervals over processes"


def is_pow2(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def n_label(n: int) -> str:
    return "2" + str(n.bit_length() - 1).translate(SUPERSCRIPT) if is_pow2(n) else str(n)


def n_full(n: int) -> str:
    return f"N = {n} ({n_label(n)})" if is_pow2(n) else f"N = {n}"


def sweep_sizes(measured: set[int]) -> list[int]:
    """The N the churn sweep draws: those of SWEEP_SIZES the run measured, else (a run at other sizes) up to six
    of its largest."""
    picked = [n for n in SWEEP_SIZES if n in measured]
    return picked or sorted(measured)[-6:]


def rate_x(rate: float) -> float:
    """Where churn rate R (a percentage) sits on the sweep's x axis: log10(R), and R = 0 at RATE_ZERO_X."""
    if rate < 0:
        raise ValueError(f"churn rate {rate} below zero")
    return RATE_ZERO_X if rate == 0 else math.log10(rate)


def rate_axis(rates: Sequence[float]) -> tuple[float, float, str]:
    """The x settings of the sweep for the measured rates: (xmin, xmax, tics), a labelled tic at every rate and
    unlabelled minor tics at the 1-2-5 steps between them."""
    xs = [rate_x(r) for r in rates]
    hi = max(max(xs), 0)
    lo = RATE_ZERO_X if 0 in rates else min(min(xs), 0)
    tics = [f'"{r:g}" {num(rate_x(r))}' for r in rates]
    top = 10 ** math.ceil(hi) if hi > 0 else 1
    for k in range(0, max(1, math.ceil(hi)) + 1):
        for m in (1, 2, 5):
            v = m * 10 ** k
            if v not in rates and v <= top and math.log10(v) <= hi + 1e-9:
                tics.append(f'"" {num(math.log10(v))} 1')
    return lo - 0.25, hi + 0.2, "set xtics (" + ", ".join(tics) + ")"


def figure_n(fixed: int, sizes: set[int]) -> int | None:
    """The one N of a figure whose clusters share it: FIXED_N where the run measured it, else its largest N;
    None without sizes."""
    if not sizes:
        return None
    return fixed if fixed in sizes else max(sizes)


def zero_floor(values: Sequence[float], logy: bool) -> float | None:
    """Where exact zeros go on the y axis: None on a linear axis (at 0 itself) or when nothing is zero, else a
    floor below the smallest positive value (a log axis cannot show 0)."""
    if not logy or not any(v == 0 for v in values):
        return None
    positive = [v for v in values if v > 0]
    return min(positive) / 4 if positive else 1e-3


def family_best_widths(blocks: Series) -> dict[str, float]:
    """{series: width}: in a figure of lines [(series, [(x, value, ...)])], the design of each family (the name
    before its first "-") with the lowest value at its largest x drawn BOLD, its other designs THIN; the raw
    baselines keep LINE_WIDTH."""
    best: dict[str, tuple[str, float]] = {}
    for s, points in blocks:
        if s.startswith("raw"):
            continue
        family, last = s.split("-")[0], max(points)[1]
        if family not in best or last < best[family][1]:
            best[family] = (s, last)
    chosen = {s for s, _ in best.values()}
    return {s: BOLD if s in chosen else THIN for s, _ in blocks if not s.startswith("raw")}


def log_tics(lo: float, hi: float) -> str:
    """y tics at 1-2-5 steps (or decades on wide ranges): gnuplot labels too few on a short log range."""
    span = math.log10(hi / lo)
    marks = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8] if span < 0.45 else [1, 1.5, 2, 3, 5, 7] if span < 1.1 else \
        [1, 2, 5] if span <= 3.2 else [1]
    step = 2 if span > 7 else 1
    tics = []
    for k in range(math.floor(math.log10(lo)) - 1, math.ceil(math.log10(hi)) + 2):
        if k % step:
            continue
        for m in marks:
            v = m * 10 ** k
            if lo <= v <= hi:
                tics.append(f'"{v:g}" {num(v)}')
    if len(tics) < 2:
        tics += [f'"{lo * 1.05:.3g}" {num(lo * 1.05)}', f'"{hi / 1.05:.3g}" {num(hi / 1.05)}']
    return "set ytics (" + ", ".join(tics) + ")"


def y_range(values: Sequence[float], logy: bool = True, reference: bool = False) -> tuple[float, float, str]:
    """(ymin, ymax, ytics command) that hold the values with room around them; with reference, 1 (the figure's
    reference) within the range too."""
    values = [v for v in values if (v > 0 or not logy)]
    lo, hi = (min(values), max(values)) if values else (1, 1)
    if logy:
        if reference:
            lo, hi = min(lo, 0.8), max(hi, 1.25)
        lo, hi = lo / 1.3, hi * 1.3
        if hi / lo < 3:
            lo, hi = lo / 1.5, hi * 1.5
        return lo, hi, log_tics(lo, hi)
    hi = max(hi, 1 if reference else hi) * 1.08 or 1
    return 0, hi, "set ytics auto"


def value_axis(blocks: Series, logy: bool, reference: bool = False) -> tuple[Series, float, float, str, Marks]:
    """The y axis of cluster blocks: (blocks, ymin, ymax, ytics command, marks). A value of exactly zero gets a
    "0" beside it; on a log axis it (and a whisker end at zero) is drawn on a floor below the smallest positive
    value, where the axis has a tic "0" and a dotted break, so a zero neither vanishes nor looks like a small
    value."""
    values = [v for _, pts in blocks for p in pts for v in p[1:]]
    floor = zero_floor(values, logy)
    lo, hi, ytics = y_range(values, logy, reference)
    marks = []
    if floor is not None:
        lo = floor / 1.8
        ytics = ytics[:-1] + f', "0" {num(floor)})'
        marks.append(("arrow", f"from graph 0, first {num(floor * 2)} to graph 1, first {num(floor * 2)} nohead "
                               'dt 3 lw 1 lc rgb "#9a9a9a" back'))
    for _, pts in blocks:
        for p in pts:
            if p[1] == 0:
                marks.append(("label", f'"0" at first {num(p[0])}, first {num(floor or 0)} offset 0,0.7 center '
                                       'font ",7" textcolor rgb "#303030" front'))
    if floor is not None:
        blocks = [(s, [(p[0], *(v if v > 0 else floor for v in p[1:])) for p in pts]) for s, pts in blocks]
    return blocks, lo, hi, ytics, marks

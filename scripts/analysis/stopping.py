"""When a block has been measured enough, and which open block a process helps most.

The comparisons a verdict rests on are those of the report's rule (report/, wording.pick): every two designs of
a block, each compared with each, and every control with its original (the calibration). One is precise enough
once its 95% interval's half-width is at most max(T, |ratio - 1| / 3): within +/-T where designs are close, so that
"equivalent within the margin" can be decided, and a third of the difference where they are not, so that the
difference is told apart from 1 with room to spare and its size is known to a third. One is decided once its 95%
interval excludes 1 (a difference) or lies within [1 / (1 + T), 1 + T] (an equivalence): a precise interval can
still be neither, where the ratio lies near 1 + T, and a reader needs the verdict as well as the figure. A block
stays open while one of its comparisons is not both precise and decided (and it has fewer processes than the most
a block gets).

A process of an open block narrows each of its open comparisons' intervals by about h (1 - sqrt(n / (n + 1))),
h the half-width and n the processes so far, and no further than its precision target while it is short of it:
the block's gain. Processes go first to the blocks of the most gain per second a process costs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import paired, stats


@dataclass(frozen=True)
class Openness:
    """A block's comparisons not yet both precise and decided (open), of all it has (compared), and what one more
    process is expected to gain over them (the sum of half-widths narrowed, within the targets)."""
    open: int
    compared: int
    gain: float


def target(ratio: float, margin: float) -> float:
    """The half-width a comparison of this ratio needs: max(margin, |ratio - 1| / 3)."""
    return max(margin, abs(ratio - 1) / 3)


def decided(c: stats.Comparison, margin: float) -> bool:
    """Whether the comparison's 95% interval excludes 1 or lies within [1 / (1 + margin), 1 + margin]: close to the
    report's rule (which holds the false discovery rate over the run and tests equivalence on a 90% interval),
    close enough to say where a process is still needed."""
    return c.low > 1 or c.high < 1 or (c.low >= 1 / (1 + margin) and c.high <= 1 + margin)


def pairs(block: paired.Block) -> list[tuple[str, str]]:
    """The comparisons that matter to a verdict: every two designs (not controls), and each control with its
    original."""
    names = block.strategies()
    designs = [d for d in names if not paired.is_control(d)]
    out = [(a, b) for i, a in enumerate(designs) for b in designs[i + 1:]]
    out += list(paired.twins(names, paired.AA_SUFFIX))
    out += [(control, original) for control, original, _ in paired.planted(names)]
    return out


def design_logs(block: paired.Block) -> dict[str, dict[str, float]]:
    """{design: {process: the mean over its layouts of the log of the median over rounds of its time}}: a ratio's
    log per process is the difference of two designs' (with one round per layout exactly the report's; with more,
    the difference of medians for the median of differences, close enough to say where a process helps)."""
    out: dict[str, dict[str, float]] = {}
    for process, by_layout in block.times.items():
        sums: dict[str, list[float]] = {}
        for rounds in by_layout.values():
            names = {name for r in rounds.values() for name in r}
            for name in names:
                times = sorted(r[name] for r in rounds.values() if name in r)
                k = len(times)
                middle = times[k // 2] if k % 2 else (times[k // 2 - 1] + times[k // 2]) / 2
                sums.setdefault(name, []).append(math.log(middle))
        for name, logs in sums.items():
            out.setdefault(name, {})[process] = sum(logs) / len(logs)
    return out


def _summary(logs: list[float]) -> stats.LogSummary | None:
    return stats.summarise([math.exp(v) for v in logs]) if len(logs) >= 2 else None


def interval(logs: dict[str, dict[str, float]], top: str, bottom: str) -> stats.Comparison | None:
    """The ratio of top to bottom with its 95% interval (stats: Yuen's, as the report's), over the processes that
    measured both; through a design every process measured where fewer than two did (a block measured in groups);
    None where neither gives an interval."""
    a, b = logs.get(top, {}), logs.get(bottom, {})
    common = [a[p] - b[p] for p in a if p in b]
    if len(common) >= 2:
        value, low, high = stats.figure_interval(stats.summarise([math.exp(v) for v in common]))
        return stats.Comparison(value, low, high, 0)
    everywhere = [d for d, by in logs.items() if d not in (top, bottom) and set(by) >= set(a) | set(b)]
    if not everywhere:
        return None
    via = logs[everywhere[0]]
    up, down = _summary([a[p] - via[p] for p in a]), _summary([b[p] - via[p] for p in b])
    return None if up is None or down is None else stats.ratio_comparison(up, down)


def openness(block: paired.Block | None, margin: float) -> Openness:
    """How far the block is from being measured enough (the module's docstring). A comparison without an interval
    yet is open and gains an infinite amount, so that the block is served first."""
    if block is None:
        return Openness(1, 1, math.inf)
    compared = pairs(block)
    if not compared:
        return Openness(1, 1, math.inf)
    logs = design_logs(block)
    n = len(block.times)
    shrink = 1 - math.sqrt(n / (n + 1))
    count, gain = 0, 0.0
    for top, bottom in compared:
        c = interval(logs, top, bottom)
        if c is None:
            count += 1
            gain = math.inf
            continue
        width, goal = stats.relative_half_width(c.ratio, c.low, c.high), target(c.ratio, margin)
        if width > goal:
            count += 1
            gain += min(width - goal, width * shrink)
        elif not decided(c, margin):
            count += 1
            gain += width * shrink
    return Openness(count, len(compared), gain)

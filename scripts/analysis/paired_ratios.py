"""The paired ratios and times of a block over its processes, each level summarised at its own (paired.py says
why): per layout the median over its rounds, per process the mean over its layouts, over processes the trimmed
mean with Yuen's interval (stats.py)."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Iterable, Sequence

from . import stats
from .paired_samples import Block

def layout_log_ratio(rounds: dict[int, dict[str, float]], top: str, bottom: str) -> float | None:
    """The median over a layout's rounds of log(top / bottom), over the rounds that sampled both; None if none."""
    logs = [math.log(r[top] / r[bottom]) for r in rounds.values() if top in r and bottom in r]
    return statistics.median(logs) if logs else None


def process_value(per_layout: Sequence[float]) -> float:
    """A process's value from its layouts' logs (of ratios or of times): their mean. The layouts of a process share
    its code placement and its stretch of the machine, so they are not independent draws: the process is the unit
    every interval is over, and its layouts only make its own value steadier."""
    return sum(per_layout) / len(per_layout)


def process_log_ratio_of(block: Block, top: str, bottom: str) -> dict[str, float]:
    """{process: the mean over its layouts of their log ratios}, in the order of the processes' seeds, for the
    processes that sampled both."""
    values = {}
    for process in sorted(block.times):
        per_layout = [v for v in (layout_log_ratio(rounds, top, bottom) for rounds in block.times[process].values())
                      if v is not None]
        if per_layout:
            values[process] = process_value(per_layout)
    return values


def process_log_ratios(block: Block, top: str, bottom: str) -> list[float]:
    """Per process (in the order of their seeds), the mean over its layouts of their log ratios."""
    return list(process_log_ratio_of(block, top, bottom).values())


def process_log_times(block: Block, strategy: str) -> list[float]:
    """Per process, the mean over its layouts of the log of the median over rounds of the design's time."""
    values = []
    for process in sorted(block.times):
        per_layout = []
        for rounds in block.times[process].values():
            times = [r[strategy] for r in rounds.values() if strategy in r]
            if times:
                per_layout.append(math.log(statistics.median(times)))
        if per_layout:
            values.append(process_value(per_layout))
    return values


@dataclass(frozen=True)
class Estimate:
    """A figure over processes with its 95% interval: a ratio, or a time in ns per unit."""
    value: float
    low: float
    high: float
    processes: int
    df: float  # the interval's degrees of freedom (stats.Comparison)

    def comparison(self) -> stats.Comparison:
        return stats.Comparison(self.value, self.low, self.high, self.df)

    def excludes_one(self) -> bool:
        return self.low > 1 or self.high < 1

    def half_width(self) -> float:
        """The larger distance from the value to an end of the interval, relative to the value."""
        return stats.relative_half_width(self.value, self.low, self.high)


def _estimate(logs: list[float]) -> Estimate | None:
    """The figure over processes with its interval; None below two processes, which give no interval (one process
    is one layout: its ratio says nothing of how far another would fall)."""
    if len(logs) < 2:
        return None
    summary = stats.summarise([math.exp(v) for v in logs])
    value, low, high = stats.figure_interval(summary)
    return Estimate(value, low, high, len(logs), summary.df)


def anchor(block: Block, exclude: Iterable[str]) -> str | None:
    """A design that every process of the block measured, other than those excluded: the reference where the
    block's designs were measured in groups (blocks.py); a design before its controls."""
    common: set[str] | None = None
    for layouts in block.times.values():
        names = {s for rounds in layouts.values() for r in rounds.values() for s in r}
        common = names if common is None else common & names
    candidates = sorted((common or set()) - set(exclude), key=lambda name: ("~" in name, name))
    return candidates[0] if candidates else None


def ratio(block: Block, top: str, bottom: str) -> Estimate | None:
    """The ratio of top's time to bottom's over the processes that measured both, with its interval. Where fewer
    than two did (a block measured in groups of designs, blocks.py), the ratio through the anchor, a design every
    process measured: top to anchor over the processes of top, over bottom to anchor over those of bottom, with
    Yuen's two-sample interval. Within each process the machine's state still cancels; the two sides' processes
    differ, so that interval is wider. None where neither can be had."""
    direct = process_log_ratios(block, top, bottom)
    if len(direct) >= 2:
        return _estimate(direct)
    via = anchor(block, (top, bottom))
    if via is None:
        return None
    up, down = process_log_ratios(block, top, via), process_log_ratios(block, bottom, via)
    if len(up) < 2 or len(down) < 2:
        return None
    c = stats.ratio_comparison(stats.summarise([math.exp(v) for v in up]), stats.summarise([math.exp(v) for v in down]))
    return Estimate(c.ratio, c.low, c.high, min(len(up), len(down)), c.df)


def time(block: Block, strategy: str) -> Estimate | None:
    """The design's time per unit over the block's processes, unpaired, with its interval."""
    return _estimate(process_log_times(block, strategy))

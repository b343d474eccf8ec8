"""How a block's later processes are made: layouts per process and rounds per layout, from its pilot processes.

A paired process (harness/paired.c) repeats at three levels: the process (its code placement, its stretch of the
machine, its start-up and first worlds), the layout (every design's world built anew in a layout of its own) and
the round (a sample of every design). A figure's variance between processes is

    var = between + layouts_var / L + e(R) * rounds_var / (L * R)

for L layouts of R rounds (e(R) the efficiency of a layout's median of R rounds), and a process costs
process_s + L * (layout_s + R * round_s). Kalibera and Jones ("Rigorous benchmarking in reasonable time", 2013)
give the repetitions per level that minimise var * cost, level by level: R = sqrt(layout_s * e rounds_var /
(round_s * layouts_var)) and L = sqrt(process_s * layout's variance / (layout's cost * between)). So where worlds
are cheap to build (small N) and layouts differ more than rounds, a process is many layouts of one round; where a
layout costs seconds of building (2^20 entities), it is fewer layouts of more rounds.

One guard: with one round a layout's figure is that round, so where the pilot's rounds have heavy tails (a round
far beyond what the others' spread says, as a preempted or disturbed sample gives) every layout keeps
GUARD_ROUNDS rounds, whose median sets one such round aside.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from . import paired

# Bounds. A process of more than MAX_LAYOUTS layouts or MAX_ROUNDS rounds per layout, or of more than
# DURATION_FACTOR times its pilot's time, lasts long enough that the machine's slow stretches no longer spread
# over a block's processes, and the stopping rule's steps grow coarse.
MAX_LAYOUTS = 24
MAX_ROUNDS = 60
DURATION_FACTOR = 3.0
GUARD_ROUNDS = 3
# A round deviation beyond HEAVY_SIGMAS robust sigmas (1.4826 MAD) of the pooled deviations is an outlier; beyond
# HEAVY_SHARE of them, the tails are heavy (a normal law gives 6e-7 beyond 5 sigmas).
HEAVY_SIGMAS = 5.0
HEAVY_SHARE = 0.01
# The variance of the median of r normal values over that of their mean (r = 1 .. 12; pi / 2 beyond).
MEDIAN_VARIANCE_RATIO = (1.0, 1.0, 1.353, 1.199, 1.438, 1.287, 1.479, 1.354, 1.488, 1.382, 1.516, 1.41)


def median_variance_ratio(r: int) -> float:
    return MEDIAN_VARIANCE_RATIO[r - 1] if 1 <= r <= len(MEDIAN_VARIANCE_RATIO) else math.pi / 2


@dataclass(frozen=True)
class Costs:
    """Seconds of one more of each level, from a block's pilot processes (their costs lines, blocks.py): a round
    (every design's warm-up run and sample), a layout beyond the first (its worlds built and checked) and the
    process itself (start-up, calibration and the first layout's extra cost of fresh pages), and a pilot process's
    whole time."""
    round_s: float
    layout_s: float
    process_s: float
    pilot_s: float


@dataclass(frozen=True)
class Components:
    """Where a block's variance lies, on the log scale of its ratios to the reference (the median over designs):
    between rounds of a layout (about its median), between layouts of a process beyond their rounds' share, and
    between processes beyond their layouts'; and whether its rounds have heavy tails."""
    rounds_var: float
    layouts_var: float
    between: float
    heavy_tails: bool


@dataclass(frozen=True)
class Allocation:
    layouts: int
    rounds: int


def _layout_logs(block: paired.Block, design: str, reference: str) -> dict[str, dict[int, list[float]]]:
    """{process: {layout: [round log ratios]}} of a design to the reference."""
    out: dict[str, dict[int, list[float]]] = {}
    for process, by_layout in block.times.items():
        for layout, rounds in by_layout.items():
            logs = [math.log(r[design] / r[reference]) for r in rounds.values() if design in r and reference in r]
            if logs:
                out.setdefault(process, {})[layout] = logs
    return out


def heavy_tails(deviations: list[float]) -> bool:
    """Whether more than HEAVY_SHARE of the deviations lie beyond HEAVY_SIGMAS robust sigmas."""
    if len(deviations) < 20:
        return False
    scale = 1.4826 * statistics.median(abs(d) for d in deviations)
    if scale <= 0:
        return False
    return sum(abs(d) > HEAVY_SIGMAS * scale for d in deviations) > HEAVY_SHARE * len(deviations)


def components(block: paired.Block, reference: str) -> Components | None:
    """The block's variance at each level, from processes of at least two layouts of at least two rounds; None
    with fewer than three such processes or without the reference."""
    if reference not in block.strategies():
        return None
    rounds_vars, layouts_vars, betweens, deviations = [], [], [], []
    for design in block.strategies():
        if design == reference:
            continue
        logs = _layout_logs(block, design, reference)
        squares, count = 0.0, 0
        layout_squares, layout_count, per_process, shapes = 0.0, 0, [], []
        for by_layout in logs.values():
            medians = []
            for values in by_layout.values():
                middle = statistics.median(values)
                medians.append(middle)
                squares += sum((x - middle) ** 2 for x in values)
                count += len(values) - 1
                # the median itself of an odd count deviates by nothing, and would shrink the scale
                deviations += [x - middle for x in values if len(values) > 1 and x != middle]
                shapes.append(len(values))
            if len(medians) > 1:
                mean = sum(medians) / len(medians)
                layout_squares += sum((m - mean) ** 2 for m in medians)
                layout_count += len(medians) - 1
            per_process.append((sum(medians) / len(medians), len(medians)))
        if count == 0 or layout_count == 0 or len(per_process) < 3:
            continue
        rounds_var = squares / count
        r = max(1, round(statistics.median(shapes)))
        layouts_seen = layout_squares / layout_count  # a layout's median's variance, its rounds' share within
        layouts = statistics.median(k for _, k in per_process)
        rounds_vars.append(rounds_var)
        layouts_vars.append(max(0.0, layouts_seen - median_variance_ratio(r) * rounds_var / r))
        betweens.append(max(0.0, statistics.variance([v for v, _ in per_process]) - layouts_seen / layouts))
    if not rounds_vars:
        return None
    return Components(statistics.median(rounds_vars), statistics.median(layouts_vars), statistics.median(betweens),
                      heavy_tails(deviations))


def best(c: Components, costs: Costs, default: Allocation) -> Allocation:
    """The layouts and rounds per process that narrow the block's intervals most per second (the module's
    docstring), within the bounds; default where the pilot saw no variance at all."""
    floor = GUARD_ROUNDS if c.heavy_tails else 1
    if c.rounds_var <= 0 and c.layouts_var <= 0:
        return default
    # Rounds per layout: rounds against layouts. Where layouts do not differ beyond their rounds, a layout is a
    # dear way to get more rounds: one layout, as many rounds as the rest allows.
    if c.layouts_var > 0:
        e = math.pi / 2  # a median's efficiency, rounds being few
        rounds = math.sqrt(costs.layout_s * e * c.rounds_var / (max(costs.round_s, 1e-6) * c.layouts_var))
    else:
        rounds = MAX_ROUNDS
    longest = DURATION_FACTOR * costs.pilot_s - costs.process_s
    rounds_cap = math.floor((longest - costs.layout_s) / max(costs.round_s, 1e-6))
    r = max(floor, min(MAX_ROUNDS, rounds_cap, round(rounds)))
    # Layouts per process: a layout (with its rounds) against a process.
    unit_var = c.layouts_var + median_variance_ratio(r) * c.rounds_var / r
    unit_s = costs.layout_s + r * costs.round_s
    if c.between > 0:
        layouts = math.sqrt(costs.process_s * unit_var / (max(unit_s, 1e-6) * c.between))
    else:
        layouts = MAX_LAYOUTS
    layouts_cap = max(1, math.floor(longest / max(unit_s, 1e-6)))
    return Allocation(max(1, min(MAX_LAYOUTS, layouts_cap, round(layouts))), r)

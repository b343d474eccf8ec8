"""What a framed scenario's sequences give of one design, and the rules that judge it (frames.py reads the
sequences and writes one row per design, hitches.csv, from these figures).

A sequence is one design's frames in one round of one layout of one process. Every design's sequences were measured
side by side in the same rounds, so they met the same stretches of the machine. The figures of a design:

  - median, p99 and worst frame: wall time over every frame of every sequence, what a frame budget meets, the
    machine's noise included (a preempted frame is among them);
  - the typical frame curve: per frame, the median over the sequences of its thread CPU time. A neighbour's
    preemption falls on other frames in other rounds and drops out of the median; a design's hitch recurs at its
    frame in every round and stays;
  - the worst steady frame, what a frame budget must hold: the frame of the highest typical CPU time after the
    start-up frame, chosen on the even rounds and measured on the odd ones (per process the median of its odd
    rounds, the interval over processes), so that the largest of 255 noisy medians is not measured on the data
    that chose it; and its budget verdict against its scenario's lowest (raw and the controls left out), paired by
    round, under the rule below: "above", "within", "inconclusive", "lowest" for the lowest itself;
  - the hitch: the frame whose CPU time stands highest over its neighbours (the median of the frames up to WINDOW
    either side: a world that grows costs more each frame, and that is no hitch) beyond how far raw's same frame
    stands over its own, and that ratio with its 95% interval, chosen among the frames after the start-up frame
    the same way: a frame chosen by noise falls back to 1 on the other rounds. Each process gives one figure (the
    median of its odd rounds), so that the interval spans processes, each of its own layout, as every interval of
    a run does;
  - the start-up frame (START_FRAME): what the untimed setup left cold or undone (the caches, a query's first
    pass) falls on it for every design, a cost of starting. Neither the hitch nor the worst frame is chosen on it,
    or a slow first frame would hide the recurring ones; its typical CPU time and its height against the floor's
    start-up frame are reported apart;
  - the deterministic frame: what each frame asked of the allocator (the same in every sequence, each on a world of
    its own: harness/runner.h, cell_frames): the frame that retired the most bytes (old blocks reallocated or
    freed: what growth copied), with its bytes, calls and the bytes allocated; and, from the cache simulation
    frame by frame, the median frame's instructions and the most a frame took, with its frame.

The noise floor is how far the same frame stands over its neighbours in the sequences of a design whose frames
hold no hitch: raw's arrays (scenarios/raw/frames.c, game_frame.c), allocated up front, measured in the same
rounds. The same frame, because what every design meets there (the machine's stretch, the world's size) is no
design's hitch. A design's hitch is compared with raw's same frame in the same round
(the ratio of the two heights, per process the median of its odd rounds, the interval over processes), every
design of every scenario in one family under the suite's decision rule (stats.decide: the false discovery rate
held at 5%, against 1 + STEADY_MARGIN): "hitch" where the design's frame is found to stand higher than raw's by more
than STEADY_MARGIN, "steady" where it is found to stand less than that (lower, or within the margin),
"inconclusive" where neither can be told; "no floor" in a scenario without a raw baseline, and "floor" for raw
itself. The budget verdicts are one family of their own under the same rule: "above" the lowest by more than the
margin, "within" it. The controls are judged the same way against their originals,
in a family of their own: an A/A twin, the same code, should hold no hitch; the planted control stalls in one frame
of every sequence by a known share (its rows' planted_percent, harness/frames_recorded.c), which the rule should
find there, its interval holding the truth.
"""

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

from . import paired, stats
from .files import CsvError

# Frames either side of a frame that make its neighbourhood.
WINDOW = 8
# How far one frame may stand above another and still count as the same (the frames' equivalence margin): a design's
# hitch above raw's same frame (steady within it), a design's worst steady frame above the lowest one's (a budget
# pick within it). A frame's time varies 5-20% between sequences; a frame budget is not kept or broken by less.
STEADY_MARGIN = 0.10
# The start-up frame: the first after the untimed setup, reported apart from the steady frames after it.
START_FRAME = 0
# The budget verdicts of a design's worst steady frame against its scenario's lowest.
LOWEST, WITHIN, ABOVE, INCONCLUSIVE = "lowest", "within", "above", "inconclusive"
# The baseline whose frames hold no hitch.
FLOOR_DESIGN = "raw-soa"
# What a design's hitch needs: processes for its interval (each process one figure), rounds in each to choose the
# frame on (the even ones) and to measure it on (the odd ones).
MIN_PROCESSES = 2
MIN_ROUNDS = 2


@dataclass
class FrameSequence:
    """One design's frames in one round: times and what each frame asked of the allocator, by frame."""
    key: tuple[str, int, int, int]  # process seed, link order, layout, round
    wall: list[float]
    cpu: list[float]
    allocations: list[int]
    bytes_allocated: list[int]
    bytes_retired: list[int]
    planted: list[int]  # CPU time the planted control added to each frame, in percent of its own


@dataclass
class Design:
    """Every sequence of one design in one cell (scenario, n)."""
    scenario: str
    n: int
    strategy: str
    sequences: list[FrameSequence] = field(default_factory=list)


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (0..100) of the values, by the nearest rank."""
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def curve(sequences: Sequence[FrameSequence]) -> list[float]:
    """The typical frame: per frame, the median over the sequences of its CPU time."""
    return [stats.median(s.cpu[f] for s in sequences) for f in range(len(sequences[0].cpu))]


def neighbourhood(values: Sequence[float], frame: int) -> float:
    """The median of the values of the frames up to WINDOW either side of frame, frame itself left out."""
    around = [values[f] for f in range(max(0, frame - WINDOW), min(len(values), frame + WINDOW + 1)) if f != frame]
    return stats.median(around) if around else values[frame]


def over_neighbours(values: Sequence[float]) -> list[float]:
    """Every frame's value over its neighbourhood's."""
    return [values[f] / max(neighbourhood(values, f), 1e-9) for f in range(len(values))]


@dataclass(frozen=True)
class Hitch:
    """A design's hitch: its frame, and how far that frame stands over its neighbours with the 95% interval."""
    frame: int
    ratio: float
    low: float
    high: float


def steady_frames(count: int) -> range:
    """The frames a hitch and a worst frame are chosen among, of a sequence of count frames: every frame after the
    start-up frame (the module's docstring says why)."""
    return range(START_FRAME + 1, count)


def chosen(sequences: Sequence[FrameSequence]) -> list[FrameSequence]:
    """The sequences a hitch's frame is chosen on: those of the even rounds of every process."""
    return [s for s in sequences if s.key[3] % 2 == 0]


def standing(s: FrameSequence, frame: int) -> float:
    """How far a frame stands over its neighbours in one sequence, in CPU time."""
    return max(s.cpu[frame], 1.0) / max(neighbourhood(s.cpu, frame), 1.0)


Process = tuple[str, int, int]  # process seed, link order, layout


# What one sequence gives of a frame: its height over its neighbours, its CPU time.
Measure = Callable[[FrameSequence], float]


def height_at(frame: int) -> Measure:
    return lambda s: standing(s, frame)


def cpu_at(frame: int) -> Measure:
    return lambda s: max(s.cpu[frame], 1.0)


def process_figures(sequences: Sequence[FrameSequence], measure: Measure,
                    floor: Sequence[FrameSequence] | None = None, floor_measure: Measure | None = None) -> list[float]:
    """Per process, in process order, the median over its odd rounds (those no frame is chosen on) of what measure
    gives of each sequence; with floor, over what floor_measure (measure where not given) gives of floor's sequence
    of the same round, which met the same stretch of the machine. Raises CsvError where floor lacks a sequence of a
    round."""
    floors = {s.key: s for s in floor or ()}
    by_process: dict[Process, list[float]] = {}
    for s in sequences:
        if s.key[3] % 2 == 0:
            continue
        value = measure(s)
        if floor is not None:
            if s.key not in floors:
                raise CsvError(f"the floor has no sequence of process {s.key[0]} round {s.key[3]}")
            value /= (floor_measure or measure)(floors[s.key])
        by_process.setdefault(s.key[:3], []).append(value)
    return [stats.median(values) for _, values in sorted(by_process.items())]


def hitch(sequences: Sequence[FrameSequence], floor: Sequence[FrameSequence] | None) -> Hitch:
    """The steady frame (steady_frames) that stands highest over its neighbours in the typical curve of the even
    rounds, beyond what the floor's frame stands there (where there is a floor), measured on the odd rounds, a
    figure per process."""
    over = over_neighbours(curve(chosen(sequences)))
    if floor:
        over = [a / max(b, 1e-9) for a, b in zip(over, over_neighbours(curve(chosen(floor))))]
    frame = max(steady_frames(len(over)), key=lambda f: over[f])
    ratio, low, high = stats.figure_ci(process_figures(sequences, height_at(frame)))
    return Hitch(frame, ratio, low, high)


def paired_ratio(summary: stats.LogSummary) -> stats.Comparison:
    """The Comparison of per-process ratios paired by round: their figure, interval and degrees of freedom."""
    return stats.Comparison(*stats.figure_interval(summary), summary.df)


def over_floor(sequences: Sequence[FrameSequence], floor: Sequence[FrameSequence], frame: int) -> stats.Comparison:
    """How far a design's frame stands over raw's same frame, paired by round: per process the median over its odd
    rounds of the two heights' ratio, and the interval over processes (as every paired ratio of a run)."""
    return paired_ratio(stats.summarise(process_figures(sequences, height_at(frame), floor)))


@dataclass(frozen=True)
class FrameCost:
    """A design's worst steady frame: the frame, and its CPU time in ns with the 95% interval over processes."""
    frame: int
    ns: float
    low: float
    high: float


def worst_frame(sequences: Sequence[FrameSequence]) -> FrameCost:
    """The steady frame of the highest typical CPU time on the even rounds, its CPU time measured on the odd ones:
    per process the median of its odd rounds, the figure over processes. Chosen on one half and measured on the
    other, as a hitch is, so that a flat design's largest noisy median is not taken for its worst frame."""
    typical = curve(chosen(sequences))
    frame = max(steady_frames(len(typical)), key=lambda f: typical[f])
    return FrameCost(frame, *stats.figure_ci(process_figures(sequences, cpu_at(frame))))


def over_lowest(sequences: Sequence[FrameSequence], cost: FrameCost, lowest: Sequence[FrameSequence],
                lowest_cost: FrameCost) -> stats.Comparison:
    """A design's worst steady frame over the lowest design's, paired by round: per process the median over its odd
    rounds of the ratio of the two frames' CPU times (each design's own worst frame), the interval over processes."""
    figures = process_figures(sequences, cpu_at(cost.frame), lowest, cpu_at(lowest_cost.frame))
    return paired_ratio(stats.summarise(figures))


def beyond_margin(comparisons: Sequence[stats.Comparison], above: str, within: str) -> list[str]:
    """Each comparison against 1 + STEADY_MARGIN, the false discovery rate held over all of them: above where its
    ratio is found above the margin, within where found below it (lower than 1, or within the margin),
    INCONCLUSIVE where neither is found."""
    scale = 1 + STEADY_MARGIN
    decided = stats.decide([stats.Comparison(c.ratio / scale, c.low / scale, c.high / scale, c.df)
                            for c in comparisons])
    return [above if d == stats.SLOWER else within if d == stats.FASTER else INCONCLUSIVE for d in decided]


def verdicts(comparisons: Sequence[stats.Comparison]) -> list[str]:
    """Each hitch's verdict against its floor (beyond_margin): "hitch" where the frame is found to stand higher than
    its floor's by more than the margin, "steady" where it is found to stand less than that (lower than its floor's,
    or within the margin), "inconclusive" where neither is found."""
    return beyond_margin(comparisons, "hitch", "steady")


def competes(strategy: str) -> bool:
    """Whether a design's worst frame is judged for a budget pick: the raw baselines are floors, not designs to pick,
    and the controls are their originals' code."""
    return not strategy.startswith("raw") and not paired.is_control(strategy)


def budgets(designs: Sequence[Design], costs: Sequence[FrameCost]) -> list[dict[str, object]]:
    """Per design, its budget columns: its scenario's lowest design (the lowest worst steady frame of those that
    compete), its comparison with it (over_lowest) and its verdict (budget: LOWEST for the lowest itself), the false
    discovery rate held over every comparison of every scenario; empty for a design that does not compete."""
    lowest: dict[tuple[str, int], int] = {}
    for k, d in enumerate(designs):
        cell = (d.scenario, d.n)
        if competes(d.strategy) and (cell not in lowest or costs[k].ns < costs[lowest[cell]].ns):
            lowest[cell] = k
    against = {k: over_lowest(d.sequences, costs[k], designs[low].sequences, costs[low])
               for k, d in enumerate(designs) if competes(d.strategy) and (low := lowest[(d.scenario, d.n)]) != k}
    decided = dict(zip(against, beyond_margin(list(against.values()), ABOVE, WITHIN)))
    return [{"lowest": designs[lowest[(d.scenario, d.n)]].strategy if competes(d.strategy) else "",
             **ratio_columns("over_lowest", against.get(k)),
             "budget": decided.get(k, LOWEST) if competes(d.strategy) else ""} for k, d in enumerate(designs)]


def ratio_columns(name: str, c: stats.Comparison | None) -> dict[str, object]:
    """A comparison's columns NAME, NAME_lo and NAME_hi, empty where there is none."""
    values = (c.ratio, c.low, c.high) if c else None
    return {name + suffix: f"{values[k]:.4g}" if values else "" for k, suffix in enumerate(("", "_lo", "_hi"))}


def floor_of(strategy: str) -> str:
    """The design a design's frames are judged against: raw's (FLOOR_DESIGN), or a control's original, the same
    code, against which an A/A twin's frames hold no hitch and the planted control's hold the one planted."""
    return strategy.split("~")[0] if paired.is_control(strategy) else FLOOR_DESIGN

"""Frame by frame: what the framed scenarios' frames cost (scenarios/catalogue.h, FRAMED), from the rows bench-paired
writes with --frames (harness/paired.c: one row per design, sequence and frame).

    python3 -m analysis frames measure BUILD OUT_CSV --scenarios A,B,... [--n N] [--processes P] [--rounds R]
                                    [--seed S]             every scenario's frames in P processes (frames.csv)
    python3 -m analysis frames summary OUT_CSV FRAMES_CSV|DIR... [--sim FRAMESIM_CSV]
                                        one row per scenario, n and design (hitches.csv); a DIR stands for its
                                        frames table and its framesim table (the simulation frame by frame:
                                        instructions per frame, simulation.py), --sim names one

measure runs bench-paired --frames for each scenario in P processes, each in another link order (BUILD's
bench-paired-K, K drawn from the seed) with a seed of its own, every design of the scenario that holds N in each,
R rounds of one layout; OUT_CSV gets their frames, header once, only once every process succeeded. An option left
out takes make bench's default (FRAMES_N, FRAMES_PROCESSES, FRAMES_ROUNDS: scripts/defaults.mk).

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
find there, its interval holding the truth. Exit status 0, 1 if a file cannot be read or holds too few
processes or rounds, 2 on a wrong call.
"""

import argparse
import math
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from . import csvfile, defaults, files, paired, stats
from .command import Parser, fail
from .csvfile import Row
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

COLUMNS = (
    "scenario", "n", "strategy", "frames", "sequences", "processes", "median_frame_ns", "p99_frame_ns",
    "worst_frame_ns", "worst_over_median", "typical_median_ns", "typical_worst_ns", "typical_worst_frame", "hitch",
    "hitch_lo", "hitch_hi", "hitch_frame", "over_floor", "over_floor_lo", "over_floor_hi", "verdict", "bytes_worst",
    "bytes_worst_frame", "bytes_median", "bytes_total", "allocations_worst", "bytes_allocated_worst", "floor",
    "planted_frame", "planted_percent", "worst_steady_frame", "worst_steady_ns", "worst_steady_lo_ns",
    "worst_steady_hi_ns", "lowest", "over_lowest", "over_lowest_lo", "over_lowest_hi", "budget", "start_ns",
    "start_over_floor", "start_over_floor_lo", "start_over_floor_hi", "instructions_median", "instructions_worst",
    "instructions_worst_frame",
)


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


def read(paths: Iterable[str]) -> list[Design]:
    """The designs of the files' rows, their sequences in a fixed order (process seed, link order, layout, round).
    Raises CsvError for a file that is not one of frame rows, or a sequence that lacks a frame or repeats one."""
    cells: dict[tuple[str, int, str], dict[tuple[str, int, int, int], dict[int, Row]]] = {}
    for path in paths:
        for r in csvfile.read(path, "frames"):
            key = (r["process_seed"], int(r["link_order"]), int(r["layout"]), int(r["round"]))
            frames = cells.setdefault((r["scenario"], int(r["n"]), r["strategy"]), {}).setdefault(key, {})
            frame = int(r["frame"])
            if frame in frames:
                raise CsvError(f"{path}: frame {frame} of {r['strategy']} appears twice in one sequence")
            frames[frame] = r
    designs = []
    for (scenario, n, strategy), sequences in sorted(cells.items()):
        d = Design(scenario, n, strategy)
        count = max(len(f) for f in sequences.values())
        for key, frames in sorted(sequences.items()):
            if sorted(frames) != list(range(count)):
                raise CsvError(f"{strategy} {scenario} n={n}: a sequence lacks frames of the {count} the others have")
            rows = [frames[f] for f in range(count)]
            d.sequences.append(FrameSequence(
                key, [float(r["wall_ns"]) for r in rows], [float(r["cpu_ns"]) for r in rows],
                [int(r["allocations"]) for r in rows], [int(r["bytes_allocated"]) for r in rows],
                [int(r["bytes_retired"]) for r in rows], [int(r["planted_percent"]) for r in rows]))
        designs.append(d)
    return designs


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
             **_ratio_columns("over_lowest", against.get(k)),
             "budget": decided.get(k, LOWEST) if competes(d.strategy) else ""} for k, d in enumerate(designs)]


def _ratio_columns(name: str, c: stats.Comparison | None) -> dict[str, object]:
    """A comparison's columns NAME, NAME_lo and NAME_hi, empty where there is none."""
    values = (c.ratio, c.low, c.high) if c else None
    return {name + suffix: f"{values[k]:.4g}" if values else "" for k, suffix in enumerate(("", "_lo", "_hi"))}


# Instructions per frame from the simulation frame by frame (simulation.py, framesim.csv), by (scenario, n,
# strategy): the frames' counts in frame order.
Instructions = dict[tuple[str, int, str], list[int]]


def read_instructions(path: str) -> Instructions:
    """The simulated instructions of every frame of a framesim file, or of a results folder's framesim table (its
    framesim.csv.gz or parts), one simulated layout per design. Raises CsvError for a design simulated in several
    layouts or lacking a frame."""
    frames: dict[tuple[str, int, str], dict[int, int]] = {}
    layouts: dict[tuple[str, int, str], str] = {}
    rows = csvfile.read_table(path, "framesim", "framesim") if os.path.isdir(path) else csvfile.read(path, "framesim")
    for r in rows:
        key = (r["scenario"], int(r["n"]), r["strategy"])
        if layouts.setdefault(key, r["layout_seed"]) != r["layout_seed"]:
            raise CsvError(f"{path}: {r['strategy']} {r['scenario']} n={r['n']} simulated in more than one layout")
        frames.setdefault(key, {})[int(r["frame"])] = int(r["instructions"])
    for (scenario, n, strategy), counts in frames.items():
        if sorted(counts) != list(range(len(counts))):
            raise CsvError(f"{path}: {strategy} {scenario} n={n} lacks simulated frames")
    return {key: [counts[f] for f in sorted(counts)] for key, counts in frames.items()}


def floor_of(strategy: str) -> str:
    """The design a design's frames are judged against: raw's (FLOOR_DESIGN), or a control's original, the same
    code, against which an A/A twin's frames hold no hitch and the planted control's hold the one planted."""
    return strategy.split("~")[0] if paired.is_control(strategy) else FLOOR_DESIGN


def summarise(designs: Sequence[Design], instructions: Instructions | None = None) -> list[dict[str, object]]:
    """One row per design (COLUMNS), its verdict against its floor's frame (floor_of) in its scenario, the false
    discovery rate held over every design of every scenario (and over the controls apart); with the frame and size
    of a planted hitch, and with the simulation's instructions per frame where given (empty where a design has
    none)."""
    for d in designs:
        rounds: dict[Process, set[int]] = {}
        for s in d.sequences:
            rounds.setdefault(s.key[:3], set()).add(s.key[3])
        if len(rounds) < MIN_PROCESSES or any({r % 2 for r in held} != {0, 1} for held in rounds.values()):
            raise CsvError(f"{d.strategy} {d.scenario} n={d.n}: {len(rounds)} processes, not every one with an even "
                           f"and an odd round; a hitch needs {MIN_PROCESSES} processes of {MIN_ROUNDS} rounds (an even "
                           f"one to choose its frame on, an odd one to measure it on)")
        if not steady_frames(len(d.sequences[0].cpu)):
            raise CsvError(f"{d.strategy} {d.scenario} n={d.n}: no frame after the start-up frame")
    by_name = {(d.scenario, d.n, d.strategy): d for d in designs}
    hitches: list[Hitch] = []
    floors: dict[int, Design] = {}
    comparisons: dict[int, stats.Comparison] = {}
    starts: dict[int, stats.Comparison] = {}
    for k, d in enumerate(designs):
        floor = by_name.get((d.scenario, d.n, floor_of(d.strategy))) if d.strategy != FLOOR_DESIGN else None
        h = hitch(d.sequences, floor.sequences if floor else None)
        hitches.append(h)
        if floor:
            floors[k] = floor
            comparisons[k] = over_floor(d.sequences, floor.sequences, h.frame)
            starts[k] = over_floor(d.sequences, floor.sequences, START_FRAME)
    costs = [worst_frame(d.sequences) for d in designs]
    budget = budgets(designs, costs)
    # The controls are judged in a family of their own, so that no design's verdict depends on them.
    decided: dict[int, str] = {}
    for controls in (False, True):
        family = [k for k in comparisons if paired.is_control(designs[k].strategy) == controls]
        decided.update(zip(family, verdicts([comparisons[k] for k in family])))
    rows = []
    for k, d in enumerate(designs):
        h = hitches[k]
        c = comparisons.get(k)
        verdict = "floor" if d.strategy == FLOOR_DESIGN else decided[k] if c else "no floor"
        planted = [(f, p) for f, p in enumerate(d.sequences[0].planted) if p]
        walls = [w for s in d.sequences for w in s.wall]
        typical = curve(d.sequences)
        first = d.sequences[0]
        # Per frame, the most any sequence asked: every sequence runs a world of its own through the same frames,
        # so they all ask the same unless a design's growth depends on its memory's placement.
        retired, allocations, allocated = (
            [max(getattr(s, name)[f] for s in d.sequences) for f in range(len(first.wall))]
            for name in ("bytes_retired", "allocations", "bytes_allocated"))
        retired_bytes: list[int] = retired
        worst_bytes = max(range(len(retired_bytes)), key=lambda f: retired_bytes[f])
        median_wall = stats.median(walls)
        rows.append({
            "scenario": d.scenario, "n": d.n, "strategy": d.strategy, "frames": len(first.wall),
            "sequences": len(d.sequences), "processes": len({s.key[:3] for s in d.sequences}),
            "median_frame_ns": f"{median_wall:.0f}",
            "p99_frame_ns": f"{percentile(walls, 99):.0f}", "worst_frame_ns": f"{max(walls):.0f}",
            "worst_over_median": f"{max(walls) / max(median_wall, 1.0):.3g}",
            "typical_median_ns": f"{stats.median(typical):.0f}", "typical_worst_ns": f"{max(typical):.0f}",
            "typical_worst_frame": max(range(len(typical)), key=lambda f: typical[f]),
            "hitch": f"{h.ratio:.4g}", "hitch_lo": f"{h.low:.4g}", "hitch_hi": f"{h.high:.4g}",
            "hitch_frame": h.frame,
            **_ratio_columns("over_floor", c), "verdict": verdict,
            "bytes_worst": retired[worst_bytes], "bytes_worst_frame": worst_bytes,
            "bytes_median": f"{stats.median(float(b) for b in retired):.0f}",
            "bytes_total": sum(retired), "allocations_worst": allocations[worst_bytes],
            "bytes_allocated_worst": allocated[worst_bytes], "floor": floors[k].strategy if k in floors else "",
            "planted_frame": planted[0][0] if planted else "", "planted_percent": planted[0][1] if planted else "",
            "worst_steady_frame": costs[k].frame, "worst_steady_ns": f"{costs[k].ns:.0f}",
            "worst_steady_lo_ns": f"{costs[k].low:.0f}", "worst_steady_hi_ns": f"{costs[k].high:.0f}",
            **budget[k],
            "start_ns": f"{typical[START_FRAME]:.0f}", **_ratio_columns("start_over_floor", starts.get(k)),
        })
        counts = (instructions or {}).get((d.scenario, d.n, d.strategy), [])
        if counts:
            rows[-1].update({"instructions_median": f"{stats.median(float(c) for c in counts):.0f}",
                             "instructions_worst": max(counts), "instructions_worst_frame": counts.index(max(counts))})
    return rows


# The longest a process of measure may take, in seconds: every design's sequences, setup included, at the sizes a
# make bench run asks for take well under a minute.
PROCESS_TIMEOUT_S = 900


def measure(build: str, out: str, scenarios: Sequence[str], n: int, processes: int, rounds: int, seed: int) -> None:
    """The frames of every scenario in `processes` processes of bench-paired (the module's docstring), written to
    out. Raises CsvError naming the process that failed."""
    binaries = paired.program_binaries(build)
    if not binaries:
        raise CsvError(f"{build}: no bench-paired-0 (make build-paired builds it)")
    draw = random.Random(seed)
    scratch = out + ".process"
    try:
        lines, header = _processes(binaries, scratch, scenarios, n, processes, rounds, draw)
    finally:
        if os.path.exists(scratch):
            os.remove(scratch)
    if header is None:
        raise CsvError(f"{out}: no scenario to measure")
    files.write_whole(out, (header + "".join(lines)).encode("utf-8"))
    csvfile.read(out, "frames")


def _processes(binaries: list[str], scratch: str, scenarios: Sequence[str], n: int, processes: int, rounds: int,
               draw: random.Random) -> tuple[list[str], str | None]:
    """The frame rows (and their header) of every process of measure, each written to scratch first."""
    header: str | None = None
    lines: list[str] = []
    for scenario in scenarios:
        for k in range(processes):
            binary = binaries[draw.randrange(len(binaries))]
            command = [binary, "--scenario", scenario, "--n", str(n), "--rounds", str(rounds), "--seed",
                       f"{draw.getrandbits(64):x}", "--frames", scratch]
            print(f"frames: {scenario} n={n}, process {k + 1} of {processes}", file=sys.stderr)
            try:
                done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                      timeout=PROCESS_TIMEOUT_S, check=False)
            except subprocess.TimeoutExpired:
                raise CsvError(f"{' '.join(command)}: did not finish within {PROCESS_TIMEOUT_S} s") from None
            if done.returncode != 0:
                raise CsvError(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.strip()}")
            part_header, part_lines = csvfile.table_lines(scratch, csvfile.read_text(scratch))
            header = header or part_header
            lines.extend(part_lines)
    return lines, header


def main(argv: list[str]) -> int:
    parser = Parser("frames", "measure BUILD OUT_CSV --scenarios A,B [--n N] [--processes P] [--rounds R] "
                              "[--seed S] | summary OUT_CSV FRAMES_CSV|DIR... [--sim FRAMESIM_CSV]")
    parser.add_argument("what", choices=("measure", "summary"))
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--scenarios", default="")
    parser.add_argument("--n", type=int, default=defaults.whole("FRAMES_N"))
    parser.add_argument("--processes", type=int, default=defaults.whole("FRAMES_PROCESSES"))
    parser.add_argument("--rounds", type=int, default=defaults.whole("FRAMES_ROUNDS"))
    parser.add_argument("--seed", type=int)
    parser.add_argument("--sim")

    def run(a: argparse.Namespace) -> int:
        if a.what == "measure":
            if len(a.paths) != 2 or a.n < 1 or a.processes < 1 or a.rounds < 1:
                return parser.usage_error("frames: measure takes BUILD OUT_CSV and --n, --processes, --rounds >= 1")
            return _measure(a)
        if len(a.paths) < 2:
            return parser.usage_error("frames: summary takes OUT_CSV and at least one FRAMES_CSV")
        return _summary(a)

    return parser.run(argv, run)


def _measure(a: argparse.Namespace) -> int:
    scenarios = [s for s in a.scenarios.split(",") if s]
    seed = a.seed if a.seed is not None else random.SystemRandom().getrandbits(64)
    try:
        measure(a.paths[0], a.paths[1], scenarios, a.n, a.processes, a.rounds, seed)
    except (CsvError, OSError) as e:
        return fail("frames", e)
    return 0


def _summary(a: argparse.Namespace) -> int:
    try:
        # A folder stands for its frames table (frames.csv, or its published parts) and its framesim.csv.
        paths = [os.path.join(p, name) if os.path.isdir(p) else p for p in a.paths[1:]
                 for name in (csvfile.table_files(p, "frames") if os.path.isdir(p) else [""])]
        if not paths:
            raise CsvError(f"{' '.join(a.paths[1:])}: no frames table")
        sim = a.sim or next((p for p in a.paths[1:] if os.path.isdir(p) and csvfile.table_files(p, "framesim")),
                            None)
        csvfile.write(a.paths[0], COLUMNS, summarise(read(paths), read_instructions(sim) if sim else None))
    except (CsvError, OSError) as e:
        return fail("frames", e)
    return 0

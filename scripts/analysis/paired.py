"""Paired comparisons: the ratios of designs measured side by side in one process (harness/paired.c).

A process measures every design of one block (scenario, N, memory mode) in E layouts, each of R rounds; a round
visits every design once, in a random order, and times one sample of each. The samples of one round were taken
within a few tens of milliseconds of each other, so a slow stretch of the machine (a neighbour on the host, for a
second or more) hits all of them, and their ratio cancels it. What a round cannot cancel is the layout: where
each design's blocks lie modulo 4 KiB and where its code lies move one design against another for as long as
the layout lasts. Hence three levels, each summarised at its own:

  - a layout: the median over its rounds of log(time of A / time of B), the rounds where both were sampled (a
    median: one round with a preempted sample does not move it);
  - a process: the mean over its layouts of those medians (its layouts are its own draws; its link order, the
    code layout, is one draw for all of them);
  - the block: the processes are the independent units. The ratio of A to B is the exponential of the 10%-
    trimmed mean of the processes' values, with Yuen's interval (stats.py), as a cell's time is over processes.

A design's time per unit is summarised the same way without the pairing (per layout the median over rounds of
log time, per process the mean over layouts, over processes the trimmed mean): it carries the machine's state
per process and is wider, which is why the comparisons use the ratios.

The clock is a setting: wall time (the monotonic clock) or the thread's CPU time, both recorded per sample.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import math
import os
import statistics
from dataclasses import dataclass, field
from typing import Iterable, Iterator, NamedTuple, Sequence

from . import csvfile, defaults, stats
from .command import Parser, fail
from .csvfile import Row
from .files import CsvError

CLOCKS = ("wall", "cpu")

COLUMNS = ("process_seed", "link_order", "scenario", "n", "memory", "layout", "layout_seed", "strategy", "round",
           "position", "inner", "wall_ns", "cpu_ns", "steal_ms", "planted_ns")
# The columns of runs made before the planted control's work was timed on its own (harness/timer.h): read all the
# same, their planted control's realised slowdown unknown.
COLUMNS_BEFORE_PLANTED_NS = COLUMNS[:-1]


class SampleError(ValueError):
    """A samples file that cannot be read as bench-paired writes it; the message names the file and line."""


@dataclass(frozen=True)
class Sample:
    process: str
    link_order: int
    scenario: str
    n: int
    memory: str
    layout: int
    strategy: str
    round: int
    position: int
    inner: int
    wall_ns: float
    cpu_ns: float
    steal_ms: float | None
    layout_seed: str = ""  # the design's seed in the layout: what names its row of runs.csv
    planted_ns: float | None = None  # the CPU time of the planted work it held, timed on its own; None: not recorded

    def per_unit(self, clock: str) -> float:
        """ns per unit of the sample on the clock."""
        return (self.wall_ns if clock == "wall" else self.cpu_ns) / (self.inner * self.n)


class BlockKey(NamedTuple):
    """What names a block: the scenario, N and memory mode its designs were measured at side by side."""
    scenario: str
    n: int
    memory: str


def _number(text: str, kind: type[float], where: str, column: str) -> float:
    try:
        value = kind(text)
    except ValueError:
        raise SampleError(f"{where}: {column} is not a number: {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise SampleError(f"{where}: {column} must be finite and not negative: {text!r}")
    return value


def read_samples(path: str) -> list[Sample]:
    """Every sample of a file bench-paired wrote (--samples; gzip-compressed where the name ends in .gz), checked:
    the columns, numbers, times above 0."""
    with (gzip.open(path, "rt", newline="") if path.endswith(".gz") else open(path, newline="")) as f:
        return parse_samples(f, path)


def parse_samples(lines: Iterable[str], path: str) -> list[Sample]:
    """The samples of a samples file's lines, checked as read_samples says; path names the file in messages."""
    samples = []
    reader = csv.reader(lines)
    header = next(reader, None)
    if header is None or tuple(header) not in (COLUMNS, COLUMNS_BEFORE_PLANTED_NS):
        raise SampleError(f"{path}:1: not a samples file (its header is not {','.join(COLUMNS)})")
    columns = tuple(header)
    for line, row in enumerate(reader, start=2):
        where = f"{path}:{line}"
        if len(row) != len(columns):
            raise SampleError(f"{where}: {len(row)} fields, not {len(columns)}")
        v = dict(zip(columns, row))
        sample = Sample(
            process=v["process_seed"], link_order=int(_number(v["link_order"], int, where, "link_order")),
            scenario=v["scenario"], n=int(_number(v["n"], int, where, "n")), memory=v["memory"],
            layout=int(_number(v["layout"], int, where, "layout")), strategy=v["strategy"],
            round=int(_number(v["round"], int, where, "round")),
            position=int(_number(v["position"], int, where, "position")),
            inner=int(_number(v["inner"], int, where, "inner")),
            wall_ns=_number(v["wall_ns"], float, where, "wall_ns"),
            cpu_ns=_number(v["cpu_ns"], float, where, "cpu_ns"),
            steal_ms=_number(v["steal_ms"], float, where, "steal_ms") if v["steal_ms"] != "" else None,
            layout_seed=v["layout_seed"],
            planted_ns=_number(v["planted_ns"], float, where, "planted_ns") if "planted_ns" in v else None)
        if sample.n < 1 or sample.inner < 1 or sample.wall_ns <= 0 or sample.cpu_ns <= 0:
            raise SampleError(f"{where}: n, inner, wall_ns and cpu_ns must be above 0")
        if sample.planted_ns is not None and sample.planted_ns >= sample.cpu_ns:
            raise SampleError(f"{where}: planted_ns must be below cpu_ns")
        samples.append(sample)
    return samples


@dataclass
class Block:
    """The samples of one block by process, layout and round: times[process][layout][round][strategy], ns per
    unit on the block's clock; visits[process][layout][round][position], the design a round visited there;
    processes[(strategy, layout seed)], the process that measured a design in that layout (a row of runs.csv)."""
    key: BlockKey
    clock: str
    times: dict[str, dict[int, dict[int, dict[str, float]]]] = field(default_factory=dict)
    visits: dict[str, dict[int, dict[int, dict[int, str]]]] = field(default_factory=dict)
    link_orders: dict[str, int] = field(default_factory=dict)
    processes: dict[tuple[str, str], str] = field(default_factory=dict)
    # planted[strategy][process][layout]: the log of each sample's realised slowdown, cpu_ns / (cpu_ns - planted_ns),
    # where the sample recorded its planted work
    planted: dict[str, dict[str, dict[int, list[float]]]] = field(default_factory=dict)
    # Whether the samples carry planted_ns: that column came with the clock reads' cost taken out of every timed
    # interval (harness/timer.h), so a block of samples without it was timed with its reads inside.
    reads_taken_out: bool = False

    def add(self, sample: Sample) -> None:
        self.processes[(sample.strategy, sample.layout_seed)] = sample.process
        self.reads_taken_out = sample.planted_ns is not None
        if sample.planted_ns is not None and sample.planted_ns > 0:
            realised = math.log(sample.cpu_ns / (sample.cpu_ns - sample.planted_ns))
            by_layout = self.planted.setdefault(sample.strategy, {}).setdefault(sample.process, {})
            by_layout.setdefault(sample.layout, []).append(realised)
        rounds = self.times.setdefault(sample.process, {}).setdefault(sample.layout, {})
        rounds.setdefault(sample.round, {})[sample.strategy] = sample.per_unit(self.clock)
        visits = self.visits.setdefault(sample.process, {}).setdefault(sample.layout, {})
        visits.setdefault(sample.round, {})[sample.position] = sample.strategy
        self.link_orders[sample.process] = sample.link_order

    def strategies(self) -> list[str]:
        names = {s for layouts in self.times.values() for rounds in layouts.values() for r in rounds.values()
                 for s in r}
        return sorted(names)


def blocks(samples: Iterable[Sample], clock: str = "wall") -> dict[BlockKey, Block]:
    """The samples grouped into blocks."""
    if clock not in CLOCKS:
        raise ValueError(f"clock {clock!r} is not one of {CLOCKS}")
    out: dict[BlockKey, Block] = {}
    for s in samples:
        key = BlockKey(s.scenario, s.n, s.memory)
        out.setdefault(key, Block(key, clock)).add(s)
    return out


Pairing = dict[BlockKey, Block]


def load_pairing(directory: str, clock: str, recorded: bool = False, required: bool = False) -> Pairing | None:
    """The blocks of a results folder's samples on the clock, or None where the run measured none (it ran designs
    in separate processes). With recorded, the samples must be the run's as its manifest recorded them; with
    required (a run whose metadata says it was paired), they must be there, or its ratios would silently be the
    unpaired ones. Raises CsvError on a samples file that is missing or cannot be read, or a clock that is
    not one of CLOCKS."""
    texts = csvfile.read_table_texts(directory, "samples", recorded)
    if not texts:
        if required:
            raise CsvError(f"{directory}: a paired run (metadata paired=1) without samples.csv.gz")
        return None
    if clock not in CLOCKS:
        raise CsvError(f"{directory}: paired_clock {clock!r} is not one of {', '.join(CLOCKS)}")
    try:
        samples = [sample for path, text in texts for sample in parse_samples(text.splitlines(), path)]
        return blocks(samples, clock)
    except SampleError as e:
        raise CsvError(str(e)) from None


MASK64 = (1 << 64) - 1


def _next_random(state: int) -> int:
    """harness/paired.c's next_random: one step of splitmix64 (layout.c), whose output is the next state."""
    z = (state + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _shuffle(order: list[int], state: int) -> int:
    """harness/paired.c's shuffle of order in place; returns the stream's state after it."""
    for i in range(len(order), 1, -1):
        state = _next_random(state)
        j = state % i
        order[i - 1], order[j] = order[j], order[i - 1]
    return state


def build_orders(block: Block, process: str) -> dict[int, list[str]] | None:
    """{layout: the designs in the order the process built their worlds}, which the samples do not record: the
    process draws it from its seed's stream, then every round's visiting order from the same stream, so the
    stream is replayed here and must reproduce every round's recorded order. None where it does not (a process
    of another program, a file edited), so that a reconstruction is never guessed."""
    layouts = block.visits.get(process)
    if not layouts:
        return None
    try:
        state = int(process, 16)
    except ValueError:
        return None
    first_round = layouts[min(layouts)][min(layouts[min(layouts)])]
    count = len(first_round)
    if sorted(first_round) != list(range(count)):
        return None
    designs: list[str] | None = None  # the process's own order of the designs, found from its first round
    orders: dict[int, list[str]] = {}
    for layout in range(len(layouts)):
        rounds = layouts.get(layout)
        if rounds is None or sorted(rounds) != list(range(len(rounds))):
            return None
        order = list(range(count))
        state = _shuffle(order, state)
        built = list(order)
        for round_ in range(len(rounds)):
            state = _shuffle(order, state)
            visited = rounds[round_]
            if len(visited) != count or len(block.times[process][layout].get(round_, {})) != count:
                return None
            if designs is None:
                designs = [""] * count
                for position, index in enumerate(order):
                    designs[index] = visited[position]
            elif any(designs[index] != visited.get(position) for position, index in enumerate(order)):
                return None
        assert designs is not None
        orders[layout] = [designs[index] for index in built]
    return orders


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


def twins(strategies: Iterable[str], suffix: str) -> Iterator[tuple[str, str]]:
    """(copy, original) for every design NAME+suffix whose NAME is also measured: "archetype~aa" and
    "archetype"."""
    names = set(strategies)
    for name in sorted(names):
        if name.endswith(suffix) and name[: -len(suffix)] in names:
            yield name, name[: -len(suffix)]


# The controls' names: an A/A twin is a strategy built twice from the same sources, "NAME" and "NAME~aa"; a planted
# control is "NAME~slowerP" (harness/runner.c).
AA_SUFFIX = "~aa"
PLANTED_PREFIX = "~slower"


def program_binaries(build: str) -> list[str]:
    """The paired program's link orders in build/ (bench-paired-0, -1, ...), in order; empty where none is built."""
    binaries: list[str] = []
    while os.path.exists(os.path.join(build, f"bench-paired-{len(binaries)}")):
        binaries.append(os.path.join(build, f"bench-paired-{len(binaries)}"))
    return binaries


def is_control(strategy: str) -> bool:
    """Whether a design is a control (an A/A twin, a planted slowdown): a name with "~", which no design's has."""
    return "~" in strategy


def planted(strategies: Iterable[str]) -> Iterator[tuple[str, str, float]]:
    """(control, original, true ratio) for every planted control NAME~slowerP: NAME with every timed run made P%
    longer (harness/runner.c)."""
    names = set(strategies)
    for name in sorted(names):
        base, _, percent = name.partition(PLANTED_PREFIX)
        if percent.isdigit() and base in names:
            yield name, base, 1 + int(percent) / 100


def realised(block: Block, strategy: str) -> float | None:
    """The slowdown a planted control's work realised in the block on the CPU clock, summarised as its ratios are:
    per layout the median over its rounds of each sample's cpu_ns / (cpu_ns - planted_ns) (a sample whose planted
    work was timed alone while a neighbour slowed the core is one round of several), per process the geometric mean
    of its layouts (process_value), over processes their geometric mean; None where its samples did not record
    their planted work (runs before it was timed on its own)."""
    by_process = block.planted.get(strategy)
    if not by_process:
        return None
    values = [process_value([statistics.median(logs) for logs in layouts.values()])
              for layouts in by_process.values()]
    return math.exp(sum(values) / len(values))


def planted_truths(block: Block) -> Iterator[tuple[str, str, float]]:
    """(control, original, truth) of every planted control of the block: the slowdown it realised where its samples
    recorded it (realised), else the one its build asked for."""
    for control, original, asked in planted(block.strategies()):
        measured = realised(block, control)
        yield control, original, asked if measured is None else measured


class ControlEstimate(NamedTuple):
    """A control of a block against its original: an A/A twin (truth 1) or a planted control (truth: the ratio it
    realised, planted_truths)."""
    key: BlockKey
    control: str
    original: str
    estimate: Estimate
    truth: float
    planted: bool


def control_estimates(grouped: Pairing) -> list[ControlEstimate]:
    """Every block's controls against their originals, the A/A twins of a block before its planted control; a
    control without an estimate (fewer than two processes measured it) is left out."""
    out: list[ControlEstimate] = []
    for key, block in grouped.items():
        names = block.strategies()
        wanted = [(a, b, 1.0, False) for a, b in twins(names, AA_SUFFIX)]
        wanted += [(a, b, truth, True) for a, b, truth in planted_truths(block)]
        for control, original, truth, is_planted in wanted:
            e = ratio(block, control, original)
            if e is not None:
                out.append(ControlEstimate(key, control, original, e, truth, is_planted))
    return out


PAIR_COLUMNS = ("scenario", "n", "memory", "strategy", "reference", "ratio", "ratio_lo", "ratio_hi", "processes",
                "truth")


def pair_rows(grouped: dict[BlockKey, Block], reference: str) -> list[Row]:
    """Every design's ratio to the reference in every block, then each control against its original (truth: 1 for
    an A/A twin, for a planted control the ratio it realised, planted_truths), as rows of pairs.csv (as written)."""
    rows: list[Row] = []
    for key, block in sorted(grouped.items()):
        names = block.strategies()
        controls = [(a, b, "1") for a, b in twins(names, AA_SUFFIX)]
        controls += [(a, b, f"{truth:.6g}") for a, b, truth in planted_truths(block)]
        # A control against the reference itself appears once, as a control.
        wanted = [(name, reference, "") for name in names if name != reference and reference in names
                  and not any((name, reference) == (a, b) for a, b, _ in controls)] + controls
        for top, bottom, truth in wanted:
            r = ratio(block, top, bottom)
            if r is None:
                continue
            rows.append({"scenario": key.scenario, "n": str(key.n), "memory": key.memory, "strategy": top,
                         "reference": bottom, "ratio": f"{r.value:.6g}", "ratio_lo": f"{r.low:.6g}",
                         "ratio_hi": f"{r.high:.6g}", "processes": str(r.processes), "truth": truth})
    return rows


def controls_metadata(rows: list[Row], target: float) -> dict[str, str]:
    """What the controls of a run show, for metadata.csv: the A/A ratios (how many, their band: 95% lie within
    +/-band, the largest deviation, how many intervals exclude 1), the planted control (in how many blocks its
    interval lies above 1, the median of its estimates against its truth), and the precision (the share of ratios
    to the reference whose interval is within +/-target)."""
    aa = [r for r in rows if r["truth"] == "1"]
    control = [r for r in rows if r["truth"] not in ("", "1")]
    to_reference = [r for r in rows if r["truth"] == ""]
    out: dict[str, str] = {}
    if aa:
        logs = sorted(abs(math.log(float(r["ratio"]))) for r in aa)
        band = math.exp(logs[max(1, math.ceil(0.95 * len(logs))) - 1]) - 1
        excludes = sum(1 for r in aa if float(r["ratio_lo"]) > 1 or float(r["ratio_hi"]) < 1)
        out.update({"paired_aa_ratios": str(len(aa)), "paired_aa_band": f"{band:.4f}",
                    "paired_aa_max_deviation": f"{math.exp(logs[-1]) - 1:.4f}",
                    "paired_aa_excluding_one": f"{excludes} ({100 * excludes / len(aa):.1f}%)"})
    if control:
        above = sum(1 for r in control if float(r["ratio_lo"]) > 1)
        estimate = statistics.median(float(r["ratio"]) for r in control)
        out.update({"paired_planted_blocks": str(len(control)),
                    "paired_planted_detected": f"{above} ({100 * above / len(control):.1f}%)",
                    "paired_planted_estimate": f"{estimate:.4f}", "paired_planted_truth": control[0]["truth"]})
    if to_reference:
        within = sum(1 for r in to_reference
                     if stats.relative_half_width(float(r["ratio"]), float(r["ratio_lo"]), float(r["ratio_hi"]))
                     <= target)
        out["paired_within_target"] = f"{within} of {len(to_reference)} ({100 * within / len(to_reference):.1f}%)"
    return out


@dataclass
class Controls:
    """What a set of pairs.csv rows (one size, or all) shows: the ratios to the reference and their half-widths,
    the A/A ratios (within +/-target, beyond twice it, intervals that hold 1), the planted control (detected:
    its interval above 1; its estimates)."""
    half_widths: list[float] = field(default_factory=list)
    aa: list[tuple[float, float, float]] = field(default_factory=list)
    planted: list[tuple[float, float, float]] = field(default_factory=list)
    truth: float | None = None

    def add(self, row: Row) -> None:
        value, low, high = (float(row[k]) for k in ("ratio", "ratio_lo", "ratio_hi"))
        if row["truth"] == "":
            self.half_widths.append(stats.relative_half_width(value, low, high))
        elif row["truth"] == "1":
            self.aa.append((value, low, high))
        else:
            self.planted.append((value, low, high))
            self.truth = float(row["truth"])

    def within(self, target: float) -> int:
        return sum(1 for w in self.half_widths if w <= target)

    def aa_within(self, margin: float) -> int:
        return sum(1 for v, _, _ in self.aa if abs(math.log(v)) <= math.log1p(margin))

    def aa_holding_one(self) -> int:
        return sum(1 for _, low, high in self.aa if low <= 1 <= high)

    def planted_detected(self) -> int:
        return sum(1 for _, low, _ in self.planted if low > 1)


def controls_by_n(rows: Iterable[Row]) -> dict[int, Controls]:
    """The rows of pairs.csv summarised per size (Controls)."""
    out: dict[int, Controls] = {}
    for row in rows:
        out.setdefault(int(row["n"]), Controls()).add(row)
    return out


def agreement(first: tuple[float, float, float], second: tuple[float, float, float]) -> bool:
    """Whether two runs' estimates (ratio, low, high) of one ratio agree within their intervals: the log of their
    quotient lies within the combined half-width of the two intervals (each interval's half-width in logs, as
    independent errors add)."""
    def half(e: tuple[float, float, float]) -> float:
        value, low, high = e
        return max(math.log(high / value), math.log(value / low))

    return abs(math.log(first[0] / second[0])) <= math.hypot(half(first), half(second))


def reproduce_main(argv: list[str]) -> int:
    """reproduce DIR_A DIR_B: the ratios both runs' pairs.csv hold, how many agree within their intervals
    (agreement), and each one that does not."""
    parser = Parser("reproduce", "DIR_A DIR_B")
    parser.add_argument("first")
    parser.add_argument("second")
    return parser.run(argv, lambda args: reproduce_ratios(args.first, args.second))


def reproduce_ratios(first: str, second: str) -> int:
    """What reproduce_main prints of two results folders; its exit status."""
    runs: list[dict[tuple[str, int, str, str, str], stats.Interval]] = []
    for directory in (first, second):
        try:
            rows = csvfile.read(f"{directory}/pairs.csv", "pairs", recorded=True)
        except CsvError as e:
            return fail("reproduce", e)
        runs.append({(r["scenario"], int(r["n"]), r["memory"], r["strategy"], r["reference"]):
                     (float(r["ratio"]), float(r["ratio_lo"]), float(r["ratio_hi"]))
                     for r in rows})
    common = sorted(set(runs[0]) & set(runs[1]))
    if not common:
        return fail("reproduce", "the two runs share no ratio")
    apart = [key for key in common if not agreement(runs[0][key], runs[1][key])]
    print(f"reproduce: {len(common) - len(apart)} of {len(common)} ratios agree within their intervals "
          f"({100 * (len(common) - len(apart)) / len(common):.1f}%); {len(set(runs[0]) ^ set(runs[1]))} in one run only")
    for key in apart:
        a, b = runs[0][key], runs[1][key]
        print(f"  {key[0]} n={key[1]}{'' if key[2] == 'warm' else ' @' + key[2]} {key[3]} / {key[4]}: "
              f"{a[0]:.3f} [{a[1]:.3f}, {a[2]:.3f}] against {b[0]:.3f} [{b[1]:.3f}, {b[2]:.3f}]")
    return 0


def patterns_main(argv: list[str]) -> int:
    """patterns DIR: whether the A/A twins lean one way by their role (which twin), the link order (code
    placement), the allocation order (which twin's world was built first) or the visiting order (which one a
    round met first): the mean of each group's log ratios of copy to original (one per twin and process; per
    layout for the allocation order and per round for the visiting order, which each layout and round draw anew)
    with its standard error, from the run's samples."""
    parser = Parser("patterns", "DIR")
    parser.add_argument("dir")
    return parser.run(argv, _patterns)


def _patterns(a: argparse.Namespace) -> int:
    try:
        meta = csvfile.read_metadata(f"{a.dir}/metadata.csv", recorded=True)
        pairing = load_pairing(a.dir, meta.get("paired_clock", defaults.text("PAIRED_CLOCK")), recorded=True)
    except CsvError as e:
        return fail("patterns", e)
    if pairing is None:
        return fail("patterns", f"{a.dir} has no samples")
    groups: dict[str, list[float]] = {}
    reconstructed = processes = 0
    for block in pairing.values():
        orders = {process: build_orders(block, process) for process in block.times}
        processes += len(orders)
        reconstructed += sum(1 for o in orders.values() if o is not None)
        for copy, original in twins(block.strategies(), AA_SUFFIX):
            for process, value in process_log_ratio_of(block, copy, original).items():
                groups.setdefault(f"twin {copy}", []).append(value)
                groups.setdefault(f"link order {block.link_orders[process]:2d}", []).append(value)
            # Allocation order varies by layout: each layout's ratio, by which twin's world was built first.
            for process, layouts in block.times.items():
                built = orders[process]
                for layout, rounds in layouts.items():
                    of_layout = layout_log_ratio(rounds, copy, original)
                    if built is not None and of_layout is not None:
                        first = "copy" if built[layout].index(copy) < built[layout].index(original) else "original"
                        groups.setdefault(f"{first} built first", []).append(of_layout)
                    # The visiting order varies by round: each round's ratio, by which twin that round met first.
                    for round_, times in rounds.items():
                        visited = block.visits[process][layout][round_]
                        where = {name: position for position, name in visited.items()}
                        if copy in times and original in times and copy in where and original in where:
                            first = "copy" if where[copy] < where[original] else "original"
                            groups.setdefault(f"{first} visited first", []).append(
                                math.log(times[copy] / times[original]))
    print(f"build orders: reconstructed for {reconstructed} of {processes} processes (every round's recorded "
          f"order replayed from the process's seed)")
    for name, values in sorted(groups.items()):
        mean = statistics.fmean(values)
        error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
        print(f"{name:>24}: {len(values):5d} ratios, mean log ratio {mean:+.4f} +/- {error:.4f} (1 s.e.), "
              f"{100 * sum(1 for v in values if v > 0) / len(values):.0f}% above 0")
    return 0


def main(argv: list[str]) -> int:
    """paired SAMPLES_CSV... [--clock wall|cpu] [--reference NAME]: every block's designs against the
    reference, the A/A twins and the planted control, as a table on stdout."""
    parser = Parser("paired")
    parser.add_argument("samples", nargs="+")
    parser.add_argument("--clock", choices=CLOCKS, default=defaults.text("PAIRED_CLOCK"))
    parser.add_argument("--reference", default=defaults.text("PAIRED_REFERENCE"))
    return parser.run(argv, _paired)


def _paired(args: argparse.Namespace) -> int:
    try:
        samples = [s for path in args.samples for s in read_samples(path)]
    except (OSError, SampleError) as e:
        print(f"paired: {e}")
        return 1
    for key, block in sorted(blocks(samples, args.clock).items()):
        names = block.strategies()
        print(f"{key[0]} n={key[1]} {key[2]}: {len(block.times)} processes, clock {args.clock}")
        checks = [(a, b, 1.0) for a, b in twins(names, AA_SUFFIX)] + list(planted(names))
        rows = [(name, args.reference, None) for name in names if name != args.reference] + checks
        for top, bottom, truth in rows:
            r = ratio(block, top, bottom)
            if r is None:
                continue
            note = f"  (truth {truth:.3f})" if truth is not None else ""
            print(f"  {top:>22} / {bottom:<12} {r.value:7.3f} [{r.low:.3f}, {r.high:.3f}] "
                  f"+/-{100 * r.half_width():.1f}%{note}")
    return 0


def largest_aa_deviations(rows: Iterable[Row]) -> list[Row]:
    """Each A/A twin's row of pairs.csv farthest from 1 (in logs), the farthest twin first: how far chance alone
    moved each copy, since one twin's figure says nothing of the other's."""
    largest: dict[str, Row] = {}
    for row in rows:
        if row["truth"] == "1" and (row["strategy"] not in largest or abs(math.log(float(row["ratio"])))
                                    > abs(math.log(float(largest[row["strategy"]]["ratio"])))):
            largest[row["strategy"]] = row
    return sorted(largest.values(), key=lambda r: -abs(math.log(float(r["ratio"]))))

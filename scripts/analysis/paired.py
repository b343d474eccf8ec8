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

The samples file and its blocks are read in paired_samples.py, the ratios computed in paired_ratios.py, the
controls and the rows of pairs.csv in paired_controls.py; this module loads a run's pairing on its clock and runs
the commands paired, patterns and reproduce, and every name of the three is importable from here.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
from typing import Iterable

from . import csvfile, defaults, stats
from .command import Parser, fail
from .files import CsvError
from .paired_controls import (AA_SUFFIX, PAIR_COLUMNS, PLANTED_PREFIX, ControlEstimate, Controls, control_estimates,
                              controls_by_n, controls_metadata, is_control, largest_aa_deviations, pair_rows, planted,
                              planted_truths, realised, twins)
from .paired_ratios import (Estimate, anchor, layout_log_ratio, process_log_ratio_of, process_log_ratios,
                            process_log_times, process_value, ratio, time)
from .paired_samples import (COLUMNS, COLUMNS_BEFORE_PLANTED_NS, Block, BlockKey, Pairing, Sample, SampleError,
                             _next_random, _shuffle, build_orders, parse_samples, read_samples)

__all__ = ["AA_SUFFIX", "CLOCKS", "COLUMNS", "COLUMNS_BEFORE_PLANTED_NS", "PAIR_COLUMNS", "PLANTED_PREFIX", "Block",
           "BlockKey", "ControlEstimate", "Controls", "Estimate", "Pairing", "Sample", "SampleError", "_next_random",
           "_shuffle", "agreement", "anchor", "blocks", "build_orders",
           "control_estimates", "controls_by_n", "controls_metadata", "is_control", "largest_aa_deviations",
           "layout_log_ratio", "load_pairing", "main", "pair_rows", "parse_samples", "patterns_main", "planted",
           "planted_truths", "process_log_ratio_of", "process_log_ratios", "process_log_times", "process_value",
           "program_binaries", "ratio", "read_samples", "realised", "reproduce_main", "reproduce_ratios", "time",
           "twins"]

CLOCKS = ("wall", "cpu")


def blocks(samples: Iterable[Sample], clock: str = "wall") -> dict[BlockKey, Block]:
    """The samples grouped into blocks."""
    if clock not in CLOCKS:
        raise ValueError(f"clock {clock!r} is not one of {CLOCKS}")
    out: dict[BlockKey, Block] = {}
    for s in samples:
        key = BlockKey(s.scenario, s.n, s.memory)
        out.setdefault(key, Block(key, clock)).add(s)
    return out


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


def program_binaries(build: str) -> list[str]:
    """The paired program's link orders in build/ (bench-paired-0, -1, ...), in order; empty where none is built."""
    binaries: list[str] = []
    while os.path.exists(os.path.join(build, f"bench-paired-{len(binaries)}")):
        binaries.append(os.path.join(build, f"bench-paired-{len(binaries)}"))
    return binaries


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
    alone = len(set(runs[0]) ^ set(runs[1]))
    print(f"reproduce: {len(common) - len(apart)} of {len(common)} ratios agree within their intervals "
          f"({100 * (len(common) - len(apart)) / len(common):.1f}%); {alone} in one run only")
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

"""The generated tables of a report, refreshed from a results folder.

    python3 -m analysis report RESULTS_CSV REPORT_MD [OUT_MD] [--shown-as DIR]

Every block
    <!-- table: SPEC -->
    ...
    <!-- end table -->
of REPORT_MD is replaced by the table SPEC asks for; the prose around the blocks is left as it is. With OUT_MD
the refreshed report is written there and REPORT_MD is left alone; its relative links are rewritten to work
from OUT_MD's folder, and links to any results folder's plots point to the plots beside RESULTS_CSV (make
bench: results/MACHINE/report.md); --shown-as DIR names the results' folder so in what the text says of it (a
run's copy, made in its staging folder, names the folder it is published as). RESULTS_CSV must be a published
run's: listed in its folder's manifest.csv (manifest.py), as is every other file a table reads beside it
(metadata.csv, cachesim.csv, crosscheck.csv, runs.csv.gz), each whole as recorded there. Nothing is written if
any table fails: a table whose file is missing, empty or malformed, a marker line with blanks around it, and in
REPORT_MD itself a table that would come out with no rows (a scenario, strategy or N nothing was measured at, a
metadata key the run lacks, a run without the A/A pair). A run's copy (OUT_MD) says of such a table, in one line
in its place, that the run did not measure it: a run at other sizes than the reference run's still gets a report
of what it measured. REPORT_MD may have CRLF line ends (it is written back with LF). Exits 0, 1 (with "report:
WHAT" on stderr, REPORT_MD and OUT_MD untouched) or 2 (usage).

Every comparison is judged by one decision rule (stats.Rule, over the family Results.family): faster or slower,
equivalent within the margin, or inconclusive. A table marks a ratio the rule does not call a difference: "="
equivalent, "~" inconclusive.

Tables (figures are times over processes, trimmed geometric means, [low, high] their 95% intervals; "-" where
nothing was measured):
    answers N [M]                  the first page: a row per workload of answers.WORKLOADS read at N: the designs
                                   to pick (wording.pick: the fastest, every design not found slower than it by
                                   more than the margin, and every design equivalent to one picked), the next
                                   design (the fastest outside the pick) with its ratio to the fastest, the sizes
                                   where the pick differs, and why the fastest leads the next (instructions,
                                   simulated misses and bytes per entity; "-" without a next); with M beyond N, a
                                   column of picks at N and one at each workload's largest size up to M, headed by
                                   its worlds against the last-level cache (answers.worlds_text)
    steady                         the first page's answer for frames: a row per framed workload of
                                   answers.FRAME_WORKLOADS from hitches.csv: the design of the lowest worst steady
                                   frame and every design not found above it by the frames' margin, the next
                                   design, their hitches, and their typical frames, the bytes and instructions of
                                   their worst frames (answers.cheapest)
    other-runs N                   a row per workload of answers.WORKLOADS: this run's pick at N and, per other
                                   committed paired run beside it (otherruns.py: machine, commit), whether its own
                                   pick (its data, this rule) at the largest size both measured is the same,
                                   overlapping or different
    iter SCENARIO BASELINE N,...   a row per strategy: the time and the ratio to BASELINE at each N (with the
                                   ratio's own interval and its mark); ordered by the time at the last N
    ops N SCENARIO,... [raw]       a row per scenario, a column per strategy (with "raw", the raw-soa floor
                                   first): the time at N
    bytes N SCENARIO,... [raw]     the same layout with bytes per entity at N (exact: no interval)
    sweep SCENARIO N,...           a row per strategy: the time at each N, and bytes per entity at the last
    sim SCENARIO,...               from cachesim.csv: a row per strategy, per scenario its D1 misses per unit
                                   (and LL misses where any), the median over the simulated layouts with their
                                   range where there are several
    layouts STRATEGY SCENARIO N    a row per timed layout of one cell, fastest first: its layout seed, its
                                   median sample and, where the cache simulation replayed its layout, the simulated D1
                                   misses per unit (from runs.csv.gz and cachesim.csv)
    aa                             the A/A control by N: cells, intervals that exclude 1, the largest deviation
    precision                      the intervals' half-widths by N, of the times and of the ratios to raw
    pairs                          from pairs.csv, by N: the paired ratios to the reference (their median
                                   half-width, how many within the target), the A/A ratios (within the target,
                                   beyond twice it, intervals holding 1), the planted control (detected: its
                                   interval above 1; its median estimate against its truth)
    quality                        the method against its targets (quality.py), by N and over the run: the A/A
                                   intervals excluding 1 and the A/A band, the planted control called slower,
                                   called equivalent and its interval holding its truth, the design comparisons
                                   decided, the inconclusive ones near 1 and those precise to max(3%, a third of
                                   the difference); a figure short of its target marked
    meta [KEY,...]                 from metadata.csv: key | value (all keys if none are named)
    xcheck                         from crosscheck.csv: in-process against whole-process figures, with the range
                                   of the whole-process runs (crosscheck.run_range: the fastest and the slowest)
    change N                       change detection at N, a row per strategy: per write rate R (changed_R), the
                                   frame with the change term against the same frame without it (changed_R_scan),
                                   as a ratio with its interval; the crossover rate, where that ratio reaches 1
                                   (interpolated in log R and log ratio between the measured rates, its interval
                                   from the ratios' interval bounds); and the superset reported at the lowest rate
    change-winners N               per write rate R, the fastest strategy with the change term and its lead over
                                   the second (a ratio, with its mark)
    hitches SCENARIO               from hitches.csv: a row per design of a framed scenario (raw's, the noise floor,
                                   first): its median, p99 and worst frame (wall time, the machine's noise in
                                   them), the frame that stands highest over its neighbours with that ratio, the
                                   same against raw's frame with the decision rule's verdict, the start-up frame
                                   against raw's, the worst steady frame (CPU time), the frame that retired the
                                   most memory, and the frame of the most simulated instructions (frames.py)
    tracking N                     a row per strategy: what an existing change term costs simple_iter and
                                   add_remove (simple_iter_tracked, add_remove_tracked against them), and the
                                   added_R frames against their scans

Figures in the prose are generated the same way, inline: <!-- v: SPEC -->TEXT<!-- /v --> (on one line; TEXT is
replaced, the markers stay, and a Markdown reader shows TEXT alone). A cell is "STRATEGY SCENARIO N" (SCENARIO@fresh
for the fresh memory mode; N as 1048576 or 2^20, or "fixed" or "max", the run's fixed size and its largest, in
tables too):
    size N                         the size as the report writes it, "2^16"
    trim                           the share of a cell's processes its time sets aside at each end, "10%"
    analysed                       the commit whose analysis made the results: reanalysed_commit where make
                                   reanalyse made them again, else the run's own git_commit
    clock-reads                    where this run's clock reads stood: "taken out of every timed interval", or,
                                   for a paired run whose samples predate that (paired.Block.reads_taken_out),
                                   "inside every timed interval" with what that did
    cell CELL                      its time and interval, "37.8 [34.3, 44.5]"
    ratio CELL / CELL              the ratio of two times, with the interval of the ratio itself
                                   (stats.ratio_comparison; in a paired run, of two cells of one block, the paired
                                   ratio: paired.py),
                                   "1.93x [1.45, 2.27]"; the second cell may give its strategy alone, or its
                                   strategy and scenario, and takes the rest from the first
    compare CELL / CELL            the first against the second, chosen by the rule from that ratio: "faster
                                   than", "equivalent to", "not told apart from" or "slower than"
    across S SCENARIO / S [SCEN]   the same at every N both cells were measured at, as runs of sizes: "faster at
                                   every N measured (2^10 to 2^20; 0.094x [0.091, 0.097] at 2^20)", "faster at
                                   2^10 to 2^14, inconclusive at 2^16 to 2^20 (...)"
    claim S SCENARIO / S [SCEN]    the verdict on "the first is faster than the second" over those sizes:
                                   "**confirmed** at every N measured (...)", "**reversed** ...", "**refuted
                                   (equivalent)**", "**not resolved** at any N measured", or the runs where the
                                   sizes disagree (wording.py)
    claim-par S SCEN / S [SCEN]    the verdict on "the first is as fast as the second": "confirmed" only where
                                   the rule finds them equivalent ("confirmed (faster)" where the first is
                                   faster), "refuted" where it is slower, "not resolved" where inconclusive
    claim-range LOW-HIGH S SCEN / S [SCEN]
                                   the verdict on "the second is faster by a factor between LOW and HIGH" (the
                                   first's time over the second's, 1.35-1.5), judged on that ratio's 90% interval
                                   at each N (wording.size_verdict): "**within the claimed range**", "beyond",
                                   "short of", "confirmed in direction, size not resolved", or the rule's verdict
                                   on the direction ("reversed", "refuted (equivalent)", "not resolved")
    fastest SCENARIO N [S,...]     the design with the lowest time (of those named; default every design) and
                                   the others picked with it (wording.pick), each with its ratio and why
    ranking SCENARIO N [S,...]     every one of them from the fastest, each with its ratio to the fastest
    leaders SCENARIO [S,...]       the designs picked (wording.pick) at each N, in runs of sizes
    why CELL / CELL                the mechanism behind the two cells' ratio, from the cache simulation at their N
                                   (answers.why): "`a` against `b`: Ir 3.3 vs 5.1, D1 0.38 vs 0.52, 112 vs 118
                                   B/entity", the same instructions with different times named a memory or layout
                                   effect
    answers KIND                   of the first page's workloads at the fixed size and the largest
                                   (answers.sizes_read), how many have a single pick (single), several equivalent
                                   ones (equivalent), several not told apart (inconclusive), by wording.pick: "9 of
                                   16", per size where there are two: "6 of 16 at 2^14 and 9 of 16 at 2^20"
    hitch STRATEGY SCENARIO        from hitches.csv: its hitch, "frame 128, 12.7x its neighbours [10.8, 15.0];
                                   14.0x `raw-soa`'s same frame [12.0, 16.1], a hitch" (or steady, inconclusive),
                                   with its start-up frame against raw's where that stands higher
    hitch-bytes STRATEGY SCENARIO  its frames' cost and its deterministic worst frames: "frames of 45 µs, the worst
                                   210 [190, 232] µs at frame 128; 1.50 MiB retired at frame 128, 14.6x the median
                                   frame's instructions at frame 128"
    hitch-floor SCENARIO           raw's frames, the machine's noise: its worst and p99 frame against its median,
                                   its steepest frame over its neighbours
    hitch-verdicts SCENARIO        "3 of 14 designs a hitch, 5 steady, 6 inconclusive"
    hitch-twins                    the A/A twins' verdicts, each against its original's frames, every framed
                                   scenario
    hitch-planted                  the planted hitch: in how many framed scenarios it is found at its frame, called
                                   a hitch, its interval reaching the stall planted (at least its share: the clock
                                   reads that end the stall add to it)
    hitch-margin                   the frames' margin: how far over raw's frame a frame is still steady, and over
                                   the lowest worst frame a design still shares a budget's pick, "10%"
    xcheck-summary                 how far the in-process and whole-process figures agree, and whether those
                                   outside crosscheck.AGREEMENT lie within the range of their own whole-process runs
    rule WHAT                      the decision rule: family (its comparisons), threshold (the largest p-value
                                   called a difference), fdr, margin, outcomes (how the family came out),
                                   small-different (of its comparisons within ±1%, how many called different)
    controls WHAT                  the controls judged by it: aa-excluding (A/A intervals that exclude 1),
                                   aa-different, aa-equivalent, aa-largest (each twin's farthest ratio from 1),
                                   planted-slower, planted-truth
    quality shortfalls             the figures of the quality table short of their targets, and where
    other-runs WHAT                the other committed paired runs (otherruns.py): same, overlapping, different
                                   (how many picks of the other-runs table, "8 of 16"), runs (those compared),
                                   left-out (committed runs not compared, and why), agree and agree-twins (the
                                   share of design ratios to the reference, and of A/A ratios, both runs measured
                                   whose quotient's interval holds 1), cell STRATEGY SCENARIO N (on each of them)
    bytes CELL                     its bytes per entity (exact: no interval), "132"
    sim STRATEGY SCENARIO [ll|ir]  from cachesim.csv: D1 misses (or last-level misses, or instructions) per unit,
                                   the median over the layouts simulated, "0.375"
    meta KEY                       a value of metadata.csv
"""

import argparse
import functools
import itertools
import math
import os
import re
import sys
from typing import Callable, Sequence

from . import (answers, cells as cellmod, crosscheck, csvfile, defaults, frames, manifest, otherruns, paired,
               quality, simulation, stats, wording)
from .cells import Cell, CellKey
from .command import Parser, fail
from .csvfile import Row
from .files import CsvError
from .stats import Comparison, Rule
from .wording import SizeStandings, Standings


class TableError(Exception):
    pass


class NotMeasured(TableError):
    """A table that asks for what the run did not measure (a size, a scenario, the A/A pair)."""


label = wording.size_label
figure = wording.time_figure
digits = wording.digits


# How a table marks a ratio the decision rule does not call a difference: "=" equivalent to 1 within the margin,
# "~" inconclusive.
MARKS = {stats.EQUIVALENT: " =", stats.INCONCLUSIVE: " ~", stats.FASTER: "", stats.SLOWER: ""}


def ratio_text(c: Comparison, rule: Rule) -> str:
    return f"{c.ratio:.2f}x [{c.low:.2f}, {c.high:.2f}]" + MARKS[rule.outcome(c)]


class Results:
    """A results folder's files, read on demand: as its manifest recorded them (a published run), or with recorded
    False as they are (a run being published, whose plots are drawn before its manifest is written)."""

    def __init__(self, csv_path: str, recorded: bool = True, shown_directory: str | None = None) -> None:
        self.csv_path = csv_path
        self.recorded = recorded
        self.directory = os.path.dirname(csv_path) or "."
        # How messages name the folder: a run being published is read from its staging folder, gone once the run
        # is published, so its copy of the report names the folder it is published as.
        self.shown_directory = shown_directory or self.directory
        self.rows = csvfile.read(csv_path, "results", recorded=recorded)
        # The rows by (strategy, SCENARIO or SCENARIO@MEMORY, N).
        self.cells: dict[tuple[str, str, int], Row] = {}
        for r in self.rows:
            self.cells[(r["strategy"], r["scenario"] + ("" if r["memory"] == "warm" else "@" + r["memory"]),
                        int(r["n"]))] = r
        self.strategies = sorted({r["strategy"] for r in self.rows})

    def path(self, name: str) -> str:
        return os.path.join(self.directory, name)

    def shown(self, name: str) -> str:
        return os.path.join(self.shown_directory, name)

    @property
    def shown_csv(self) -> str:
        return self.shown(os.path.basename(self.csv_path))

    def shown_table(self, table: str) -> str:
        return self.shown(os.path.basename(csvfile.table_label(self.directory, table)))

    # The other files of the folder, each read (and checked) the first time a table asks for it.
    @functools.cached_property
    def meta(self) -> dict[str, str]:
        return csvfile.read_metadata(self.path("metadata.csv"), recorded=self.recorded)

    @functools.cached_property
    def sim(self) -> list[Row]:
        return csvfile.read(self.path("cachesim.csv"), "cachesim", recorded=self.recorded)

    @functools.cached_property
    def sim_fixed(self) -> list[Row]:
        """The rows of cachesim.csv at FIXED_N, where every design was simulated (a run may hold some beyond the
        caches too, at CACHESIM_LARGE_N, for the first page's why)."""
        fixed = self.meta.get("fixed_n")
        return [r for r in self.sim if fixed is None or r["n"] == fixed]

    @functools.cached_property
    def runs(self) -> list[Row]:
        return csvfile.read_table(self.directory, "runs", "runs", recorded=self.recorded)

    @functools.cached_property
    def groups(self) -> cellmod.Cells:
        """The cells of runs.csv.gz with their processes (for intervals of ratios between any two cells)."""
        return cellmod.group(self.runs, self.pairing)

    @functools.cached_property
    def hitches(self) -> list[Row]:
        """The framed scenarios' frames per design (frames.py), or NotMeasured for a run without them."""
        if not os.path.exists(self.path("hitches.csv")):
            why = ("its scenarios include none measured frame by frame" if self.meta.get("paired") == "1" else
                   "its designs were measured in separate processes (PAIRED=1 records frames)")
            raise NotMeasured(f"{self.shown('hitches.csv')}: the run recorded no frames: {why}")
        return csvfile.read(self.path("hitches.csv"), "hitches", recorded=self.recorded)

    @functools.cached_property
    def pairs(self) -> list[Row]:
        return csvfile.read(self.path("pairs.csv"), "pairs", recorded=self.recorded)

    @functools.cached_property
    def pairing(self) -> paired.Pairing | None:
        """A paired run's blocks (its samples, as recorded), through which every ratio of two cells measured side by
        side is paired; None for a run that measured its designs in separate processes."""
        clock = self.meta.get("paired_clock", defaults.text("PAIRED_CLOCK"))
        return paired.load_pairing(self.directory, clock, recorded=self.recorded, required=self.meta.get("paired") == "1")

    def ratio(self, top: Cell, bottom: Cell) -> Comparison:
        """The stats.Comparison of two cells (cells.Cell), paired where the run measured them side by side."""
        return cellmod.ratio(top, bottom, self.pairing)

    @functools.cached_property
    def comparisons(self) -> dict[quality.DesignPair, Comparison]:
        """The comparisons the decision rule holds its false discovery rate over, fixed by what was measured, not by
        what the report words: every pair of designs measured at one scenario, size and memory mode (the raw
        floors among them; not the controls, the A/A twins and the planted slowdown, which check the rule)."""
        by_block: dict[tuple[str, int, str], list[Cell]] = {}
        for cell in self.groups.values():
            if not paired.is_control(cell.strategy):
                by_block.setdefault((cell.scenario, cell.n, cell.memory), []).append(cell)
        return {quality.DesignPair(*block, a.strategy, b.strategy): self.ratio(a, b)
                for block, cells in by_block.items()
                for a, b in itertools.combinations(sorted(cells, key=lambda c: c.strategy), 2)}

    @functools.cached_property
    def family(self) -> list[Comparison]:
        """The comparisons (above) as the decision rule takes them."""
        return list(self.comparisons.values())

    @functools.cached_property
    def rule(self) -> Rule:
        """The decision rule of this run's report (stats.Rule over family)."""
        return stats.rule_of(self.family)

    @functools.cached_property
    def controls(self) -> tuple[list[Comparison], list[tuple[Comparison, float]]]:
        """([the comparison of each A/A twin to its original], [(the planted control's comparison to its original,
        its true ratio)]), over every scenario, size and memory mode measured."""
        aa: list[Comparison] = []
        planted: list[tuple[Comparison, float]] = []
        if self.pairing is not None:  # the controls a paired run measured beside the designs, in its samples alone
            for c in paired.control_estimates(self.pairing):
                if c.planted:
                    planted.append((c.estimate.comparison(), c.truth))
                else:
                    aa.append(c.estimate.comparison())
            return aa, planted
        by_design: dict[tuple[str, int, str], dict[str, Cell]] = {}
        for cell in self.groups.values():
            by_design.setdefault((cell.scenario, cell.n, cell.memory), {})[cell.strategy] = cell
        for cells in by_design.values():
            aa += [self.ratio(cells[a], cells[b]) for a, b in paired.twins(cells, paired.AA_SUFFIX)]
            planted += [(self.ratio(cells[a], cells[b]), truth) for a, b, truth in paired.planted(cells)]
        return aa, planted

    @functools.cached_property
    def xcheck(self) -> list[Row]:
        return csvfile.read(self.path("crosscheck.csv"), "crosscheck", recorded=self.recorded)

    def cell(self, strategy: str, scenario: str, n: int | str) -> str:
        r = self.cells.get((strategy, scenario, int(n)))
        if r is None:
            return "-"
        return figure(float(r["time_ns"]), float(r["time_lo_ns"]), float(r["time_hi_ns"]))


def designs(res: Results) -> list[str]:
    """The strategies a design table shows: not the raw baselines, not the A/A twin."""
    return [s for s in res.strategies if not s.startswith("raw") and not s.endswith(paired.AA_SUFFIX)]


def sizes_of(res: Results, spec: str) -> str:
    """The spec with its symbolic sizes replaced by the run's: "fixed" (metadata fixed_n, the size of the cache
    simulation and of the family charts) and "max" (the largest power of two any cell was measured at), so that
    a report names the sizes of whichever run it is made from (a QUICK run's are smaller)."""
    def size(m: re.Match[str]) -> str:
        if m.group(0) == "fixed":
            if "fixed_n" not in res.meta:
                raise NotMeasured(f"{res.shown('metadata.csv')} has no key fixed_n")
            return res.meta["fixed_n"]
        return str(max(n for _, _, n in res.cells if n & (n - 1) == 0))

    return re.sub(r"(?<![\w@-])(?:fixed|max)(?![\w-])", size, spec)


def table(res: Results, spec: str) -> list[str]:
    """The Markdown lines of one table."""
    words = sizes_of(res, spec).split()
    if not words:
        raise TableError("an empty table spec")
    mode, args = words[0], words[1:]
    if mode not in TABLES:
        raise TableError(f"unknown table '{mode}'")
    need, make = TABLES[mode]
    if len(args) < need:
        raise TableError(f"table '{mode}' needs {need} arguments: {spec}")
    lines = make(res, *args)
    if len(lines) < 3:
        raise NotMeasured("the table came out with no rows")
    return lines


def _measured(res: Results, scenario: str, n: str) -> None:
    """Refuses a scenario that no strategy measured at N (a row of dashes would stand in for it)."""
    if not any((s, scenario, int(n)) in res.cells for s in res.strategies):
        raise NotMeasured(f"no strategy measured {scenario} at n={n} in {res.shown_csv}")


def table_iter(res: Results, scenario: str, baseline: str, sizes: str) -> list[str]:
    ns = [int(x) for x in sizes.split(",")]
    header = "| strategy | how" + "".join(f" | {label(n)} | ratio" for n in ns) + " |"
    lines = [header, "|---|---" + "|---:|---:" * len(ns) + "|"]
    present = [s for s in res.strategies if not s.endswith(paired.AA_SUFFIX) and (s, scenario, ns[-1]) in res.cells]
    present.sort(key=lambda s: float(res.cells[(s, scenario, ns[-1])]["time_ns"]))
    for s in present:
        kind = next((res.cells[(s, scenario, n)]["query_kind"] for n in ns if (s, scenario, n) in res.cells), "")
        line = f"| {s} | {kind or '-'}"
        for n in ns:
            r = res.cells.get((s, scenario, n))
            if r is None:
                line += " | - | -"
                continue
            base = res.groups.get(CellKey(baseline, scenario, n, "warm"))
            if s == baseline:
                rt = "1"
            elif base is not None:
                rt = ratio_text(res.ratio(res.groups[CellKey(s, scenario, n, "warm")], base), res.rule)
            else:
                rt = "-"
            line += f" | {res.cell(s, scenario, n)} | {rt}"
        lines.append(line + " |")
    return lines


def _columns(res: Results, with_raw: str) -> list[str]:
    cols = designs(res)
    return ([cellmod.FLOOR] if with_raw == "raw" else []) + cols


def table_ops(res: Results, n: str, scenarios: str, with_raw: str = "") -> list[str]:
    cols = _columns(res, with_raw)
    lines = ["| scenario | " + " | ".join(cols) + " |", "|---" + "|---:" * len(cols) + "|"]
    for sc in scenarios.split(","):
        _measured(res, sc, n)
        lines.append(f"| {sc} | " + " | ".join(res.cell(s, sc, n) for s in cols) + " |")
    return lines


def table_bytes(res: Results, n: str, scenarios: str, with_raw: str = "") -> list[str]:
    cols = _columns(res, with_raw)
    lines = ["| scenario | " + " | ".join(cols) + " |", "|---" + "|---:" * len(cols) + "|"]
    for sc in scenarios.split(","):
        _measured(res, sc, n)
        cells = []
        for s in cols:
            r = res.cells.get((s, sc, int(n)))
            cells.append(f"{float(r['bytes_per_entity']):.0f}" if r else "-")
        lines.append(f"| {sc} | " + " | ".join(cells) + " |")
    return lines


def table_sweep(res: Results, scenario: str, sizes: str) -> list[str]:
    """A design per row, its time at each of sizes the scenario was measured at (a size it was not, such as "max"
    for a scenario of the catalogue read at the fixed size alone, has no column)."""
    measured = {n for _, sc, n in res.cells if sc == scenario}
    ns = sorted({int(x) for x in sizes.split(",")} & measured)
    if not ns:
        raise NotMeasured(f"no cell of {scenario} at n={sizes}")
    lines = ["| strategy" + "".join(f" | {label(n)}" for n in ns) + f" | bytes/entity at {label(ns[-1])} |",
             "|---" + "|---:" * (len(ns) + 1) + "|"]
    for s in res.strategies:
        if s.endswith(paired.AA_SUFFIX) or (s, scenario, ns[-1]) not in res.cells:
            continue
        r = res.cells[(s, scenario, ns[-1])]
        lines.append(f"| {s} | " + " | ".join(res.cell(s, scenario, n) for n in ns) +
                     f" | {float(r['bytes_per_entity']):.0f} |")
    return lines


def table_sim(res: Results, scenarios: str) -> list[str]:
    names = scenarios.split(",")
    by: dict[tuple[str, str], list[Row]] = {}
    for r in res.sim_fixed:
        by.setdefault((r["strategy"], r["scenario"]), []).append(r)
    strategies = sorted({r["strategy"] for r in res.sim_fixed if not r["strategy"].endswith(paired.AA_SUFFIX)})
    for sc in names:
        if not any(r["scenario"] == sc for r in res.sim_fixed):
            raise NotMeasured(f"{res.shown('cachesim.csv')} has no row of {sc}")
    lines = ["| strategy | " + " | ".join(names) + " |", "|---" + "|---:" * len(names) + "|"]
    for s in strategies:
        cells = []
        for sc in names:
            group = by.get((s, sc))
            if not group:
                cells.append("-")
                continue
            d1 = [float(r["d1_misses_per_unit"]) for r in group]
            ll = [float(r["ll_misses_per_unit"]) for r in group]
            text = f"{stats.median(d1):.3f}"
            if len(group) > 1 and max(d1) > min(d1):
                text += f" [{min(d1):.3f}, {max(d1):.3f}]"
            if stats.median(ll) > 0.0005:
                text += f" (LL {stats.median(ll):.3f})"
            cells.append(text)
        lines.append(f"| {s} | " + " | ".join(cells) + " |")
    return lines


def table_layouts(res: Results, strategy: str, scenario: str, size: str) -> list[str]:
    n = int(size)
    runs = [r for r in res.runs if r["strategy"] == strategy and r["scenario"] == scenario and int(r["n"]) == n
            and r["memory"] == "warm"]
    if not runs:
        raise NotMeasured(f"{res.shown_table('runs')} has no process of {strategy} {scenario} n={n}")
    sim: dict[str, Row] = {}
    for r in res.sim:
        if r["strategy"] == strategy and r["scenario"] == scenario and int(r["n"]) == n:
            sim[r["layout_seed"]] = r
    lines = ["| layout (fastest first) | layout seed | median ns | simulated D1 misses per unit |", "|---:|---|---:|---:|"]
    for k, r in enumerate(sorted(runs, key=lambda r: float(r["median_ns"])), 1):
        s = sim.get(r["layout_seed"])
        lines.append(f"| {k} | {r['layout_seed']} | {float(r['median_ns']):.{digits(float(r['median_ns']))}f} | "
                     f"{float(s['d1_misses_per_unit']):.2f} |" if s else
                     f"| {k} | {r['layout_seed']} | {float(r['median_ns']):.{digits(float(r['median_ns']))}f} | - |")
    return lines


def table_aa(res: Results) -> list[str]:
    by_n = cellmod.aa_by_n(res.rows)
    lines = ["| N | cells | intervals excluding 1 | largest deviation | median deviation |", "|---:|---:|---:|---:|---:|"]
    if not by_n:
        raise NotMeasured(f"{res.shown_csv} has no A/A pair (no row with aa_ratio)")
    every = [x for v in by_n.values() for x in v]
    rows: list[tuple[str, list[stats.Interval]]] = [(label(n), v) for n, v in sorted(by_n.items())]
    for name, v in rows + [("all", every)]:
        out = sum(1 for x in v if x[1] > 1 or x[2] < 1)
        dev = sorted(abs(x[0] - 1) for x in v)
        lines.append(f"| {name} | {len(v)} | {out} ({100 * out / len(v):.1f}%) | "
                     f"{100 * dev[-1]:.1f}% | {100 * stats.median(dev):.1f}% |")
    return lines


def table_precision(res: Results) -> list[str]:
    lines = ["| N | cells | median half-width | within +/-3% | within +/-5% | widest | ratios to raw | their median "
             "half-width | within +/-5% |", "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]

    def share(v: list[float], t: float) -> str:
        return f"{100 * sum(1 for x in v if x <= t) / len(v):.0f}%" if v else "-"

    for n, (m, q) in sorted(cellmod.half_widths_by_n(res.rows).items()):
        lines.append(f"| {label(n)} | {len(m)} | +/-{100 * stats.median(m):.1f}% | {share(m, 0.03)} | {share(m, 0.05)} "
                     f"| +/-{100 * m[-1]:.0f}% | {len(q)} | " + (f"+/-{100 * stats.median(q):.1f}%" if q else "-") +
                     f" | {share(q, 0.05)} |")
    return lines


def table_pairs(res: Results) -> list[str]:
    """By N, from pairs.csv: the paired ratios to the reference and how precise they are, the A/A twins against
    their originals and the planted control against its truth."""
    if not os.path.exists(res.path("pairs.csv")):
        raise NotMeasured(f"{res.shown_directory} has no pairs.csv: the run measured its designs in separate processes")
    target = float(res.meta.get("bench_target_ci", defaults.text("BENCH_TARGET_CI")))
    by_n = paired.controls_by_n(res.pairs)
    if not by_n:
        raise NotMeasured(f"{res.shown('pairs.csv')} has no row")
    every = paired.Controls()
    for c in by_n.values():
        every.half_widths += c.half_widths
        every.aa += c.aa
        every.planted += c.planted
        every.truth = c.truth if c.truth is not None else every.truth
    t = f"{100 * target:g}%"
    lines = [f"| N | ratios to {res.meta.get('paired_reference', '?')} | median half-width | within +/-{t} | "
             f"A/A ratios | within +/-{t} | beyond +/-{100 * 2 * target:g}% | intervals holding 1 | "
             "planted control detected | its median estimate |", "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]

    def share(k: int, total: int) -> str:
        return f"{k} ({100 * k / total:.0f}%)" if total else "-"

    sizes: list[tuple[str, paired.Controls]] = [(label(n), c) for n, c in sorted(by_n.items())]
    for name, c in sizes + [("all", every)]:
        widths = c.half_widths
        planted = (f"{stats.median([v for v, _, _ in c.planted]):.3f} (truth {c.truth:g})" if c.planted else "-")
        lines.append(f"| {name} | {len(widths)} | "
                     + (f"+/-{100 * stats.median(widths):.1f}%" if widths else "-") +
                     f" | {share(c.within(target), len(widths))} | {len(c.aa)} | "
                     f"{share(c.aa_within(target), len(c.aa))} | {share(len(c.aa) - c.aa_within(2 * target), len(c.aa))} | "
                     f"{share(c.aa_holding_one(), len(c.aa))} | {share(c.planted_detected(), len(c.planted))} | "
                     f"{planted} |")
    return lines


def table_meta(res: Results, keys: str = "") -> list[str]:
    meta = res.meta
    names = keys.split(",") if keys else list(meta)
    missing = [k for k in names if k not in meta]
    if missing:
        raise NotMeasured(f"{res.shown('metadata.csv')} has no key {', '.join(missing)}")
    return ["| | |", "|---|---|"] + [f"| {k} | {meta.get(k, '-').replace('|', chr(92) + '|')} |" for k in names]


def table_hitches(res: Results, scenario: str) -> list[str]:
    """A row per design (raw's, the noise floor, first): its frames' wall times, its hitch against raw's same
    frame, and what its most retiring frame retired."""
    rows = [r for r in _hitch_rows(res, scenario) if not paired.is_control(r["strategy"])]
    if not rows:
        raise NotMeasured(f"no frames of {scenario} in {res.shown('hitches.csv')}")
    rows.sort(key=lambda r: (r["strategy"] != frames.FLOOR_DESIGN, r["strategy"]))
    lines = ["| design | median frame | p99 frame | worst frame | worst / median | hitch: frame, its CPU time over "
             "its neighbours' | over raw's same frame | verdict | start-up frame over raw's | worst steady frame: "
             "frame, CPU time (µs) | most memory retired: frame, bytes (calls) | most instructions: frame, over the "
             "median frame's |",
             "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|"]
    for r in rows:
        over, start = (f"{float(r[c]):.2f}x [{float(r[c + '_lo']):.2f}, {float(r[c + '_hi']):.2f}]" if r[c] else "-"
                       for c in ("over_floor", "start_over_floor"))
        steady_worst = wording.time_figure(*(float(r[c]) / 1e3 for c in ("worst_steady_ns", "worst_steady_lo_ns",
                                                                          "worst_steady_hi_ns")))
        retired = (f"{r['bytes_worst_frame']}: {wording.bytes_text(int(r['bytes_worst']))} ({r['allocations_worst']})"
                   if int(r["bytes_worst"]) else "none")
        instructions = (f"{r['instructions_worst_frame']}: "
                        f"{int(r['instructions_worst']) / max(float(r['instructions_median']), 1.0):.1f}x"
                        if r.get("instructions_worst") else "-")
        median, p99, worst = (wording.frame_time(float(r[c])) for c in ("median_frame_ns", "p99_frame_ns",
                                                                         "worst_frame_ns"))
        lines.append(f"| {r['strategy']} | {median} | {p99} | {worst} | "
                     f"{float(r['worst_over_median']):.3g}x | {_frame_number(r['hitch_frame'])}: "
                     f"{float(r['hitch']):.2f}x [{float(r['hitch_lo']):.2f}, {float(r['hitch_hi']):.2f}] | {over} | "
                     f"{r['verdict']} | {start} | {r['worst_steady_frame']}: {steady_worst} | {retired} | "
                     f"{instructions} |")
    return lines


def table_xcheck(res: Results) -> list[str]:
    lines = ["| strategy | scenario | N | in-process ns/unit | whole-process ns/unit | its runs from, to | ratio |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for r in res.xcheck:
        span = crosscheck.run_range(res.directory, r)
        whole = f"{float(r['whole_process_ns']):.3f}" if r["whole_process_ns"] else "within the noise"
        ratio = f"{float(r['ratio']):.2f}x" if r["ratio"] else "-"
        lines.append(f"| {r['strategy']} | {r['scenario']} | {label(r['n'])} | {float(r['in_process_ns']):.3f} | "
                     f"{whole} | " + (f"{span[0]:.3f}, {span[1]:.3f}" if span else "-") + f" | {ratio} |")
    return lines


# The write rates of the change-detection scenarios (scenarios/changed.c): name part, percent of n per frame.
CHANGE_RATES = (("0_1", 0.1), ("1", 1.0), ("10", 10.0), ("100", 100.0))


def _ratio_of(res: Results, top: tuple[str, str], bottom: tuple[str, str], n: str) -> Comparison | None:
    """The comparison of two cells (strategy, scenario) at N, or None where either was not measured."""
    a, b = (res.groups.get(CellKey(s, sc, int(n), "warm")) for s, sc in (top, bottom))
    return res.ratio(a, b) if a and b else None


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


def _rate_text(points: Sequence[tuple[float, float]]) -> str:
    rate, side = crossover(points)
    if rate is None:
        return f"< {points[0][0]:g}%" if side == "below" else f"> {points[-1][0]:g}%"
    return f"{rate:.2g}%"


def crossover_text(rates: Sequence[float], ratios: Sequence[Comparison], rule: Rule) -> str:
    """The crossover of a design, from its comparison at each rate: "4.3% [1.9%, 8.0%]"; "never" where the rule
    finds the change term faster at no rate, and "> 100%" where it still is at the highest rate."""
    cheaper = [rule.outcome(c) == stats.FASTER for c in ratios]
    if not any(cheaper):
        return "never (not found faster at any rate)"
    if cheaper[-1]:
        return f"> {rates[-1]:g}%"
    middle, early, late = (_rate_text([(rate, r[k]) for rate, r in zip(rates, ratios)]) for k in (0, 2, 1))
    return f"{middle} [{early}, {late}]"


def table_change(res: Results, n: str) -> list[str]:
    rates = [(t, r) for t, r in CHANGE_RATES if any((s, f"changed_{t}", int(n)) in res.cells for s in res.strategies)]
    if not rates:
        raise NotMeasured(f"no strategy measured changed_* at n={n} in {res.shown_csv}")
    lines = ["| strategy | how" + "".join(f" | {r:g}%" for _, r in rates) +
             " | crossover [interval] | superset at " + f"{rates[0][1]:g}% |",
             "|---|---" + "|---:" * len(rates) + "|---:|---:|"]
    for s in designs(res):
        found = [_ratio_of(res, (s, f"changed_{t}"), (s, f"changed_{t}_scan"), n) for t, _ in rates]
        ratios = [r for r in found if r is not None]
        if len(ratios) < len(found):
            continue
        kind = res.cells[(s, f"changed_{rates[0][0]}", int(n))]["query_kind"] or "-"
        line = f"| {s} | {kind}" + "".join(f" | {ratio_text(r, res.rule)}" for r in ratios)
        superset = res.cells[(s, f"changed_{rates[0][0]}", int(n))].get("reported_per_change", "")
        line += f" | {crossover_text([r for _, r in rates], ratios, res.rule)}"
        lines.append(line + (f" | {float(superset):.3g}x |" if superset else " | - |"))
    return lines


def table_change_winners(res: Results, n: str) -> list[str]:
    lines = ["| rate | fastest with the change term | ns per entity per frame | second | second / fastest |",
             "|---:|---|---:|---|---:|"]
    for t, rate in CHANGE_RATES:
        sc = f"changed_{t}"
        present = [s for s in designs(res) if (s, sc, int(n)) in res.cells]
        if len(present) < 2:
            continue
        present.sort(key=lambda s: float(res.cells[(s, sc, int(n))]["time_ns"]))
        first, second = present[:2]
        lead = _ratio_of(res, (second, sc), (first, sc), n)
        lines.append(f"| {rate:g}% | {first} | {res.cell(first, sc, n)} | {second} | "
                     f"{ratio_text(lead, res.rule) if lead else '-'} |")
    return lines


def table_tracking(res: Results, n: str) -> list[str]:
    pairs = [("simple_iter_tracked", "simple_iter"), ("add_remove_tracked", "add_remove")] + \
        [(f"added_{t}", f"added_{t}_scan") for t in ("1", "10")]
    pairs = [p for p in pairs if any((s, p[0], int(n)) in res.cells for s in res.strategies)]
    lines = ["| strategy" + "".join(f" | {top} / {bottom}" for top, bottom in pairs) + " |",
             "|---" + "|---:" * len(pairs) + "|"]
    for s in designs(res):
        ratios = [_ratio_of(res, (s, top), (s, bottom), n) for top, bottom in pairs]
        if all(r is None for r in ratios):
            continue
        lines.append(f"| {s}" + "".join(f" | {ratio_text(r, res.rule)}" if r else " | -" for r in ratios) + " |")
    return lines


def _mechanism(res: Results, strategy: str, scenario: str, n: int) -> answers.Mechanism | None:
    """The answers.Mechanism of a design's cell at n, from cachesim.csv (median over the layouts simulated) and its
    bytes per entity; None where the run did not simulate it."""
    if not os.path.exists(res.path("cachesim.csv")):
        return None
    found = [r for r in res.sim if (r["strategy"], r["scenario"], int(r["n"])) == (strategy, scenario, int(n))]
    cell = res.cells.get((strategy, scenario, int(n)))
    if not found or cell is None:
        return None
    instructions, d1, ll = (stats.median([float(r[k]) for r in found]) for k in
                            ("instructions_per_unit", "d1_misses_per_unit", "ll_misses_per_unit"))
    return answers.Mechanism(strategy, instructions, d1, ll, float(cell["bytes_per_entity"]))


def why_at(res: Results, scenario: str, n: int) -> str | None:
    """The why of a workload read at n (answers.why_at): its fastest design at n against the next one, from the
    rows cachesim.csv holds at n (at FIXED_N every design's; beyond the caches, at CACHESIM_LARGE_N, these two
    designs' alone); None where the run simulated either not at n; NotMeasured where no design measured it at n."""
    figures, compare = standings(res, scenario, n)
    return _why(res, scenario, n, figures, answers.runner_up(figures, compare, res.rule)[0])


def _why(res: Results, scenario: str, n: int, figures: list[wording.Figure], k: int | None) -> str | None:
    """The why of figures (the standings at n) between the fastest and figures[k], the next (runner_up)."""
    first = _mechanism(res, figures[0][0], scenario, n)
    second = _mechanism(res, figures[k][0], scenario, n) if k is not None else None
    return answers.why_at(first, second, n, simulation.last_level_bytes(res.meta.get("cachesim_geometry", "")))


def explained_main(argv: list[str]) -> int:
    """The cells the first page's why compares at N (answers.explained), "STRATEGY:SCENARIO,...", from a results
    folder not yet recorded (the pipeline's staging folder): what the simulation beyond the caches runs."""
    p = Parser("explained", "RESULTS_CSV --n N")
    p.add_argument("results")
    p.add_argument("--n", type=int, required=True)
    return p.run(argv, lambda a: _explained(a.results, a.n))


def _explained(path: str, n: int) -> int:
    try:
        res = Results(path, recorded=False)
        cells = []
        for w in answers.WORKLOADS:
            try:
                cells += [f"{s}:{w.scenario}" for s in answers.explained(*standings(res, w.scenario, n), res.rule)]
            except NotMeasured:
                continue
    except (OSError, CsvError, cellmod.MergeError) as e:
        return fail("explained", e)
    print(",".join(cells))
    return 0


def answer(res: Results, scenario: str, read: Sequence[int]) -> tuple[list[answers.SizeAnswer], str]:
    """([answers.SizeAnswer at each size of read the scenario was measured at], the sizes where the pick differs
    up to the largest read), as answers.py words them, why from the cache simulation at each size; NotMeasured
    where no design measured the scenario at a size read."""
    sizes = sorted({key.n for key in res.groups if key.scenario == scenario and key.memory == "warm"
                    and key.n <= max(read)})
    per_size: list[SizeStandings] = []
    for size in sizes:
        try:
            per_size.append((size, *standings(res, scenario, size)))
        except NotMeasured:
            continue
    found = []
    for n, figures, compare in per_size:
        if n in read:
            k, next_text = answers.runner_up(figures, compare, res.rule)
            found.append(answers.SizeAnswer(n, wording.leading_text(figures, compare, res.rule), next_text,
                                            _why(res, scenario, n, figures, k)))
    if not found:
        raise NotMeasured(f"no design measured {scenario} at n={', '.join(map(str, read))}")
    return found, answers.other_sizes(per_size, [a.n for a in found], res.rule)


def worlds(res: Results, n: int) -> tuple[str, str]:
    """answers.worlds_text of the first page's workloads at n (every design's bytes per entity times n), against
    the machine's last-level cache (metadata caches)."""
    scenarios = {w.scenario for w in answers.WORKLOADS}
    shown = set(designs(res))
    worlds = [float(r["bytes_per_entity"]) * n for (s, scenario, size), r in res.cells.items()
              if scenario in scenarios and size == n and float(r["bytes_per_entity"] or 0) > 0 and s in shown]
    cache = answers.last_level_cache(res.meta.get("caches", ""))
    return answers.worlds_text(worlds, cache) if worlds else ("", "")


def frame_standings(res: Results, scenario: str) -> tuple[int, list[answers.FrameStanding]]:
    """(n, every design's answers.FrameStanding) of a framed scenario, from hitches.csv: the designs judged against
    raw's frame (neither the floor itself nor a control), or NotMeasured."""
    rows = [r for r in _hitch_rows(res, scenario) if not paired.is_control(r["strategy"]) and r["over_floor"]]
    if not rows:
        raise NotMeasured(f"no design of {scenario} judged against raw's frames in {res.shown('hitches.csv')}")
    return int(rows[0]["n"]), [answers.frame_standing(r) for r in rows]


def table_answers(res: Results, n: str, largest: str | None = None) -> list[str]:
    """The first page's answer: a row per workload of answers.WORKLOADS read at n, or, with largest, at n (the
    fixed size) and at the workload's largest size up to largest (answers.sizes_read), a column of picks each."""
    fixed = int(n)
    columns = answers.sizes_read(fixed, [fixed, int(largest or n)])
    scenarios = {w.scenario for w in answers.WORKLOADS}
    measured = {w: {key.n for key in res.groups if key.scenario == w and key.memory == "warm"} for w in scenarios}
    if len(columns) == 1:
        lines = [f"| Workload | Pick at {label(fixed)} | Next, its time / the fastest's | Other sizes | "
                 f"Why, at {label(fixed)} (per unit: instructions, simulated misses) |", "|---|---|---|---|---|"]
    else:
        lines = ["| Workload | " + " | ".join(answers.pick_header(c, *worlds(res, c)) for c in columns) +
                 " | Other sizes | Why, where the cache simulation ran (per unit: instructions, "
                 "simulated misses) |", "|---|---|---|---|---|"]
    for w in answers.WORKLOADS:
        try:
            read = answers.sizes_read(fixed, {m for m in measured[w.scenario] if m <= columns[-1]})
            found, others = answer(res, w.scenario, read if len(columns) > 1 else [fixed])
        except NotMeasured:
            lines.append(f"| {w.label} (`{w.scenario}`) | not measured in this run | | | |")
            continue
        if len(columns) == 1:
            one = found[0]
            lines.append(f"| {w.label} (`{w.scenario}`) | {one.pick} | {one.next} | {others} | {one.why or '-'} |")
        else:
            lines.append(f"| {w.label} (`{w.scenario}`) | " +
                         " | ".join(answers.pick_cell(found, c, fixed) for c in columns) +
                         f" | {others} | {answers.why_cell(found)} |")
    return lines


def table_steady(res: Results) -> list[str]:
    """The first page's answer for frames: a row per framed workload of answers.FRAME_WORKLOADS, from hitches.csv:
    the design of the lowest worst steady frame with every design not found above it by the frames' margin, the
    next design, the pick's hitches and why (answers.cheapest), at the size the frames were recorded."""
    rows: list[str] = []
    sizes: set[int] = set()
    for w in answers.FRAME_WORKLOADS:
        try:
            n, standings = frame_standings(res, w.scenario)
        except NotMeasured:
            rows.append(f"| {w.label} (`{w.scenario}`) | not measured in this run | | | |")
            continue
        sizes.add(n)
        pick, above = answers.cheapest(standings)
        rows.append(f"| {w.label} (`{w.scenario}`) | {answers.frame_pick(pick)} | {answers.next_figure(above)} | "
                    f"{answers.frame_hitches(pick)} | {answers.frame_why(pick[0], above)} |")
    size = " and ".join(label(n) for n in sorted(sizes)) or "-"
    margin = f"{100 * frames.STEADY_MARGIN:g}%"
    return [f"| Frames | Pick at {size}: the lowest worst frame (CPU time, the median per frame over the sequences), "
            f"and every design not found more than {margin} above it | Next: the lowest found above, its worst frame "
            "over the pick's | Hitch: the frame standing highest over its neighbours, over raw's same frame | Why: "
            "their typical frame, the memory their worst frame retired, their instructions over the median frame |",
            "|---|---|---|---|---|"] + rows


def _answers_count(res: Results, kind: str) -> str:
    """"K of M": of the workloads of answers.WORKLOADS measured at each size the first page reads (the fixed size and
    the largest, answers.sizes_read), those whose pick is a single design (kind "single"), several equivalent ones
    ("equivalent"), or several the run cannot tell apart ("inconclusive"); per size where they differ."""
    hows = {"single": "", "equivalent": stats.EQUIVALENT, "inconclusive": wording.NOT_TOLD_APART}
    if kind not in hows:
        raise TableError(f"unknown figure 'answers {kind}' (single, equivalent, inconclusive)")
    fixed = int(res.meta["fixed_n"]) if "fixed_n" in res.meta else None
    per_size: list[tuple[int, list[str]]] = []
    for n in answers.sizes_read(fixed, [n for _, _, n in res.cells]):
        found = []
        for w in answers.WORKLOADS:
            try:
                found.append(wording.leading(*standings(res, w.scenario, n), res.rule)[1])
            except NotMeasured:
                continue
        per_size.append((n, found))
    if not any(found for _, found in per_size):
        raise NotMeasured(f"no workload of the first page was measured in {res.shown_csv}")
    return answers.count_text(per_size, hows[kind])


def _xcheck_summary(res: Results) -> str:
    """How far the timer and whole-process timing agree: "41 of 45 within [0.8, 1.25]; by scenario, the median
    whole-process / in-process ratio, its range, and in how many cells the in-process figure lies within the range
    of the cell's own whole-process runs: `simple_iter` 1.02x (0.80x to 1.11x; 10 of 15), ..."."""
    measured = [r for r in res.xcheck if r["ratio"]]
    unmeasured = len(res.xcheck) - len(measured)
    if not measured:
        raise NotMeasured(f"{res.shown('crosscheck.csv')} has no row whose extra work rose above the noise")
    low, high = crosscheck.AGREEMENT
    inside = sum(1 for r in measured if low <= float(r["ratio"]) <= high)
    by_scenario: dict[str, list[Row]] = {}
    for r in measured:
        by_scenario.setdefault(r["scenario"], []).append(r)
    parts = []
    for scenario, group in by_scenario.items():
        ratios = [float(r["ratio"]) for r in group]
        spans = [(crosscheck.run_range(res.directory, r), float(r["in_process_ns"])) for r in group]
        held = sum(1 for span, figure in spans if span is not None and span[0] <= figure <= span[1])
        parts.append(f"`{scenario}` {stats.median(ratios):.2f}x ({min(ratios):.2f}x to {max(ratios):.2f}x; {held} of "
                     f"{len(group)})")
    noise = (f" ({unmeasured} more whose extra work did not lengthen the median process have no figure)"
             if unmeasured else "")
    return (f"{inside} of {len(measured)} within [{low:g}, {high:g}]{noise}; by scenario, the median "
            "whole-process / in-process ratio, its range, and in how many cells the in-process figure lies within "
            "the range of the cell's own whole-process runs: " + ", ".join(parts))


def _size(text: str) -> int:
    """An entity count as 1048576 or 2^20."""
    if re.fullmatch(r"2\^[0-9]{1,2}", text):
        return 1 << int(text[2:])
    if re.fullmatch(r"[1-9][0-9]*", text):
        return int(text)
    raise TableError(f"'{text}' is not an entity count (1048576 or 2^20)")


def _claimed_range(text: str) -> tuple[float, float]:
    """The speed-ups a claim names, LOW-HIGH: "1.35-1.5" (the slower design's time over the faster's)."""
    m = re.fullmatch(r"([0-9]+(?:\.[0-9]+)?)-([0-9]+(?:\.[0-9]+)?)", text)
    if m is None:
        raise TableError(f"'{text}' is not a claimed range of speed-ups LOW-HIGH (1.35-1.5)")
    return float(m[1]), float(m[2])


def _cell_key(words: list[str], default: CellKey | None = None) -> CellKey:
    """The cell of the words STRATEGY [SCENARIO[@MEMORY] [N]]; missing parts from default."""
    if not 1 <= len(words) <= 3 or (default is None and len(words) != 3):
        raise TableError(f"a cell is STRATEGY SCENARIO N, not '{' '.join(words)}'")
    if len(words) == 1:
        assert default is not None
        return default._replace(strategy=words[0])
    name, _, memory = words[1].partition("@")
    if len(words) > 2:
        n = _size(words[2])
    else:
        assert default is not None
        n = default.n
    return CellKey(words[0], name, n, memory or "warm")


def value(res: Results, spec: str) -> str:
    """The text of one inline figure."""
    words = sizes_of(res, spec).split()
    if not words:
        raise TableError("an empty figure spec")
    kind, args = words[0], words[1:]
    if kind == "size" and len(args) == 1:
        return label(_size(args[0]))
    if kind == "analysed" and not args:
        if "reanalysed_commit" not in res.meta and "git_commit" not in res.meta:
            raise NotMeasured(f"{res.shown('metadata.csv')} has neither reanalysed_commit nor git_commit")
        return res.meta["reanalysed_commit"] if "reanalysed_commit" in res.meta else res.meta["git_commit"]
    if kind == "trim" and not args:
        return f"{100 * stats.TRIM:g}%"
    if kind == "clock-reads" and not args:
        if res.pairing is None:
            raise NotMeasured(f"{res.shown_directory} is not a paired run: its samples are not recorded")
        if all(block.reads_taken_out for block in res.pairing.values()):
            return "taken out of every timed interval"
        return ("inside every timed interval (this run was measured before they were taken out: where a scenario "
                "times each run alone and runs last a few µs, its ratios are pulled toward 1)")
    if kind == "meta" and len(args) == 1:
        if args[0] not in res.meta:
            raise NotMeasured(f"{res.shown('metadata.csv')} has no key {args[0]}")
        return res.meta[args[0]]
    if kind in ("cell", "bytes"):
        s, sc, n, memory = _cell_key(args)
        key = (s, sc + ("" if memory == "warm" else "@" + memory), n)
        if key not in res.cells:
            raise NotMeasured(f"no cell {s} {key[1]} n={n} in {res.shown_csv}")
        return res.cell(*key) if kind == "cell" else f"{float(res.cells[key]['bytes_per_entity']):.0f}"
    if kind == "sim" and len(args) in (2, 3) and args[2:] in ([], ["ll"], ["ir"]):
        column = {"ll": "ll_misses_per_unit", "ir": "instructions_per_unit"}.get("".join(args[2:]),
                                                                                 "d1_misses_per_unit")
        found = [float(r[column]) for r in res.sim_fixed if (r["strategy"], r["scenario"]) == tuple(args[:2])]
        if not found:
            raise NotMeasured(f"{res.shown('cachesim.csv')} has no row of {args[0]} {args[1]}")
        return f"{stats.median(found):.3f}"
    if kind in ("ratio", "compare") and "/" in args:
        cut = args.index("/")
        top = _cell_key(args[:cut])
        bottom = _cell_key(args[cut + 1:], top)
        ratio = res.ratio(_group(res, top), _group(res, bottom))
        return wording.comparison_figure(ratio) if kind == "ratio" else wording.compare(ratio, res.rule)
    if kind in ("across", "claim", "claim-par", "claim-range") and "/" in args:
        claimed = _claimed_range(args.pop(0)) if kind == "claim-range" else None
        cut = args.index("/")
        if len(args[:cut]) != 2 or len(args[cut + 1:]) not in (1, 2):
            raise TableError(f"'{kind}' compares STRATEGY SCENARIO / STRATEGY [SCENARIO] at every N, not '{spec}'")
        top = _cell_key(args[:cut] + ["1"])
        bottom = _cell_key(args[cut + 1:], top)
        sizes = sorted({key.n for key in res.groups if key._replace(n=top.n) == top} &
                       {key.n for key in res.groups if key._replace(n=bottom.n) == bottom})
        if not sizes:
            raise NotMeasured(f"no size at which both {top.strategy} {top.scenario} and {bottom.strategy} "
                              f"{bottom.scenario} were measured")
        points = [(n, res.ratio(res.groups[top._replace(n=n)], res.groups[bottom._replace(n=n)])) for n in sizes]
        if claimed is not None:
            return wording.claim_range(points, res.rule, *claimed)
        if kind == "across":
            return wording.across(points, res.rule)
        return wording.claim(points, res.rule, wording.PAR if kind == "claim-par" else wording.CLAIM)
    if kind in ("fastest", "ranking") and len(args) in (2, 3):
        figures, compare = standings(res, args[0], _size(args[1]), args[2] if len(args) == 3 else None)
        return (wording.leader if kind == "fastest" else wording.ranking)(figures, compare, res.rule)
    if kind == "leaders" and len(args) in (1, 2):
        name, _, memory = args[0].partition("@")
        sizes = sorted({key.n for key in res.groups if key.scenario == name and key.memory == (memory or "warm")})
        per_size: list[SizeStandings] = []
        for n in sizes:
            try:
                per_size.append((n, *standings(res, args[0], n, args[1] if len(args) == 2 else None)))
            except NotMeasured:
                continue
        if not per_size:
            raise NotMeasured(f"no design measured {args[0]}")
        return wording.leaders(per_size, res.rule)
    if kind == "why" and "/" in args:
        cut = args.index("/")
        top = _cell_key(args[:cut])
        bottom = _cell_key(args[cut + 1:], top)
        first, second = (_mechanism(res, key.strategy, key.scenario, key.n) for key in (top, bottom))
        if first is None or second is None:
            raise NotMeasured(f"the run simulated no cell of {top.strategy} or {bottom.strategy} {top.scenario} at "
                              f"n={top.n}")
        comparison = res.ratio(_group(res, top), _group(res, bottom))
        return answers.against(first, second, res.rule.outcome(comparison) in (stats.FASTER, stats.SLOWER))
    if kind == "answers" and len(args) == 1:
        return _answers_count(res, args[0])
    if kind == "other-runs":
        return _other_runs_figure(res, args)
    if kind.startswith("hitch"):
        return _hitch_figure(res, kind, args)
    if kind == "xcheck-summary" and not args:
        return _xcheck_summary(res)
    if kind == "rule" and len(args) == 1:
        return _rule_figure(res, args[0])
    if kind == "controls" and len(args) == 1:
        return _controls_figure(res, args[0])
    if kind == "quality" and len(args) == 1:
        return _quality_figure(res, args[0])
    raise TableError(f"unknown figure '{spec}' (cell CELL, ratio CELL / CELL, compare CELL / CELL, bytes CELL, "
                     "across STRATEGY SCENARIO / STRATEGY [SCENARIO], claim STRATEGY SCENARIO / STRATEGY [SCENARIO], "
                     "claim-range LOW-HIGH STRATEGY SCENARIO / STRATEGY [SCENARIO], "
                     "fastest SCENARIO N [STRATEGY,...], ranking SCENARIO N [STRATEGY,...], "
                     "leaders SCENARIO [STRATEGY,...], why CELL / CELL, answers KIND, other-runs WHAT, rule WHAT, "
                     "controls WHAT, "
                     "xcheck-summary, hitch STRATEGY SCENARIO, hitch-bytes STRATEGY SCENARIO, hitch-floor SCENARIO, "
                     "hitch-verdicts SCENARIO, hitch-twins, hitch-planted, hitch-margin, "
                     "sim STRATEGY SCENARIO [ll|ir], meta KEY)")


def _hitch_rows(res: Results, scenario: str) -> list[Row]:
    """The rows of hitches.csv of a framed scenario at the largest size its frames were recorded at."""
    rows = [r for r in res.hitches if r["scenario"] == scenario]
    largest = max((int(r["n"]) for r in rows), default=0)
    return [r for r in rows if int(r["n"]) == largest]


def _hitch_row(res: Results, strategy: str, scenario: str) -> Row:
    """The row of hitches.csv of one design in one framed scenario (_hitch_rows), or NotMeasured."""
    found = [r for r in _hitch_rows(res, scenario) if r["strategy"] == strategy]
    if not found:
        raise NotMeasured(f"no frames of {strategy} {scenario} in {res.shown('hitches.csv')}")
    return found[0]


def _frame_number(frame: str) -> str:
    """A frame's number in a table, "0 (start-up)" for the start-up frame (answers.frame_label)."""
    return answers.frame_label(int(frame)).removeprefix("frame ")


def _hitch_text(r: Row) -> str:
    """"frame 128, 12.7x its neighbours [10.8, 15.0]; 14.0x `raw-soa`'s same frame [12.0, 16.1], a hitch" (against
    the row's floor: raw's, or a control's original), and "; its start-up frame stands higher: 1.90x `raw-soa`'s
    [1.83, 1.97]" where that frame stands higher over the floor's than the hitch does."""
    text = (f"{answers.frame_label(int(r['hitch_frame']))}, {float(r['hitch']):.2f}x its neighbours "
            f"[{float(r['hitch_lo']):.2f}, {float(r['hitch_hi']):.2f}]")
    if not r["over_floor"]:
        return text
    verdict = {"hitch": "a hitch", "steady": "steady"}.get(r["verdict"], r["verdict"])
    text += (f"; {float(r['over_floor']):.2f}x `{r['floor']}`'s same frame [{float(r['over_floor_lo']):.2f}, "
             f"{float(r['over_floor_hi']):.2f}], {verdict}")
    if float(r["start_over_floor"]) > float(r["over_floor"]):
        text += (f"; its start-up frame stands higher: {float(r['start_over_floor']):.2f}x `{r['floor']}`'s "
                 f"[{float(r['start_over_floor_lo']):.2f}, {float(r['start_over_floor_hi']):.2f}]")
    return text


def _hitch_figure(res: Results, kind: str, args: list[str]) -> str:
    """A figure of the framed scenarios (hitches.csv): "hitch STRATEGY SCENARIO" (its hitch and verdict),
    "hitch-bytes STRATEGY SCENARIO" (its frames' cost and deterministic worst frames), "hitch-floor SCENARIO"
    (raw's frames, the machine's noise floor), "hitch-verdicts SCENARIO" (how the designs came out), "hitch-twins"
    (the A/A twins' verdicts against their originals' frames), "hitch-planted" (the planted hitch found, called,
    the stall reached), "hitch-margin" (the frames' margin, for a hitch and for a budget's pick)."""
    if kind == "hitch" and len(args) == 2:
        return _hitch_text(_hitch_row(res, *args))
    if kind == "hitch-bytes" and len(args) == 2:
        _, standings = frame_standings(res, args[1])
        found = [s for s in standings if s.design == args[0]]
        if not found:
            raise NotMeasured(f"no frames of {args[0]} {args[1]} judged against raw's in {res.shown('hitches.csv')}")
        return answers.frame_detail(found[0])
    if kind == "hitch-floor" and len(args) == 1:
        r = _hitch_row(res, frames.FLOOR_DESIGN, args[0])
        median = float(r["median_frame_ns"])
        return (f"`{r['strategy']}`'s worst frame {float(r['worst_over_median']):.3g}x its median "
                f"({wording.frame_time(float(r['worst_frame_ns']))} against {wording.frame_time(median)}), its p99 "
                f"frame {float(r['p99_frame_ns']) / max(median, 1.0):.1f}x, its steepest frame over its neighbours "
                f"{float(r['hitch']):.2f}x [{float(r['hitch_lo']):.2f}, {float(r['hitch_hi']):.2f}] at "
                f"{answers.frame_label(int(r['hitch_frame']))}")
    if kind == "hitch-verdicts" and len(args) == 1:
        _, standings = frame_standings(res, args[0])
        counts = {v: sum(1 for s in standings if s.verdict == v) for v in ("hitch", "steady", "inconclusive")}
        return (f"{counts['hitch']} of {len(standings)} designs a hitch, {counts['steady']} steady, "
                f"{counts['inconclusive']} inconclusive")
    if kind == "hitch-twins" and not args:
        twins = [r for scenario in sorted({r["scenario"] for r in res.hitches}) for r in _hitch_rows(res, scenario)
                 if r["strategy"].endswith(paired.AA_SUFFIX) and r["floor"]]
        if not twins:
            raise NotMeasured(f"no A/A twin judged against its original's frames in {res.shown('hitches.csv')}")
        counts = {v: sum(1 for r in twins if r["verdict"] == v) for v in ("steady", "inconclusive", "hitch")}
        return (f"of {len(twins)} A/A twins, each against its original's frames, {counts['steady']} steady, "
                f"{counts['inconclusive']} inconclusive, {counts['hitch']} a hitch")
    if kind == "hitch-planted" and not args:
        planted = [r for scenario in sorted({r["scenario"] for r in res.hitches}) for r in _hitch_rows(res, scenario)
                   if r["planted_frame"] and r["floor"]]
        if not planted:
            raise NotMeasured(f"no planted hitch in {res.shown('hitches.csv')}")
        stall = 1 + int(planted[0]["planted_percent"]) / 100
        at_frame = [r for r in planted if r["hitch_frame"] == r["planted_frame"]]
        called = sum(1 for r in at_frame if r["verdict"] == "hitch")
        reached = sum(1 for r in at_frame if float(r["over_floor_hi"]) >= stall)
        figures = ", ".join(f"`{r['scenario']}` {float(r['over_floor']):.2f}x [{float(r['over_floor_lo']):.2f}, "
                            f"{float(r['over_floor_hi']):.2f}]" for r in at_frame)
        return (f"found at its frame in {len(at_frame)} of {len(planted)} scenarios ({figures or 'none'}), called a "
                f"hitch in {called}, its interval reaching the stall planted ({stall:.2f}x at least) in {reached}")
    if kind == "hitch-margin" and not args:
        return f"{100 * frames.STEADY_MARGIN:g}%"
    raise TableError(f"unknown figure '{kind} {' '.join(args)}' (hitch STRATEGY SCENARIO, hitch-bytes STRATEGY "
                     "SCENARIO, hitch-floor SCENARIO, hitch-verdicts SCENARIO, hitch-twins, hitch-planted, "
                     "hitch-margin)")


def _share(k: int, m: int) -> str:
    """"13 of 340 (3.8%)"."""
    return f"{k} of {m} ({100 * k / m:.1f}%)" if m else f"{k} of {m}"


def _rule_figure(res: Results, what: str) -> str:
    """A figure of the decision rule: "family" (how many comparisons it holds), "threshold" (the largest p-value
    called a difference), "fdr" and "margin" (its settings, "5%", "3%"), "outcomes" (how the family's comparisons
    came out), "small-different" (of the comparisons within ±1%, how many it calls different: "66 of the 965
    comparisons within ±1% (6.8%)")."""
    rule = res.rule
    if what == "family":
        return str(rule.family)
    if what == "threshold":
        return "none" if rule.threshold is None else f"{rule.threshold:.3g}"
    if what == "fdr":
        return f"{100 * stats.FDR:g}%"
    if what == "margin":
        return f"±{100 * rule.margin:g}%"
    if what == "small-different":
        called, small = stats.small_differences_called(res.family, rule)
        share = f" ({100 * called / small:.1f}%)" if small else ""
        return f"{called} of the {small} comparisons within ±{100 * stats.SMALL_DIFFERENCE:g}%{share}"
    if what == "outcomes":
        counts = {o: 0 for o in wording.OUTCOMES}
        for c in res.family:
            counts[rule.outcome(c)] += 1
        return (f"{counts[stats.FASTER] + counts[stats.SLOWER]} different, {counts[stats.EQUIVALENT]} equivalent, "
                f"{counts[stats.INCONCLUSIVE]} inconclusive")
    raise TableError(f"unknown figure 'rule {what}' (family, threshold, fdr, margin, outcomes, small-different)")


def _controls_figure(res: Results, what: str) -> str:
    """A figure of the controls judged by the decision rule: "aa-excluding" (A/A intervals that exclude 1: about 5%
    if the intervals are calibrated), "aa-different" (A/A comparisons the rule calls a difference), "aa-equivalent",
    "planted-slower" (the planted slowdown called slower), "planted-truth" (its true ratio), "aa-largest" (each
    twin's ratio to its original farthest from 1, with its cell, from pairs.csv)."""
    aa, planted = res.controls
    if not aa and what.startswith("aa-") or not planted and what.startswith("planted-"):
        why = (": a run of separate processes, made before the paired program (make bench makes a paired run)"
               if res.pairing is None else "")
        raise NotMeasured(f"{res.shown_directory} has no {'A/A twin' if what.startswith('aa-') else 'planted control'}"
                          f"{why}")
    outcomes = [res.rule.outcome(c) for c in aa]
    if what == "aa-excluding":
        return _share(sum(1 for c in aa if c.low > 1 or c.high < 1), len(aa))
    if what == "aa-different":
        return _share(sum(1 for o in outcomes if o in (stats.FASTER, stats.SLOWER)), len(aa))
    if what == "aa-equivalent":
        return _share(outcomes.count(stats.EQUIVALENT), len(aa))
    if what == "planted-slower":
        return _share(sum(1 for c, _ in planted if res.rule.outcome(c) == stats.SLOWER), len(planted))
    if what == "planted-truth":
        return f"{100 * (planted[0][1] - 1):.0f}%"
    if what == "aa-largest":
        if res.pairing is None:  # pairs.csv: a run of designs in processes of their own has none
            raise NotMeasured(f"{res.shown_directory} measured its designs in separate processes: no pairs.csv")
        return ", ".join(f"`{r['strategy']}` {float(r['ratio']):.3f}x ({r['scenario']}"
                         f"{'' if r['memory'] == 'warm' else '@' + r['memory']} at {label(r['n'])})"
                         for r in paired.largest_aa_deviations(res.pairs))
    raise TableError(f"unknown figure 'controls {what}' (aa-excluding, aa-different, aa-equivalent, aa-largest, "
                     "planted-slower, planted-truth)")


def _quality_figures(res: Results) -> tuple[dict[int, quality.Figures], quality.Figures]:
    """The run's figures of calibration, power and decisions by N and over the run (quality.py)."""
    if res.pairing is None:
        raise NotMeasured(f"{res.shown_directory} measured its designs in separate processes: its controls have no "
                          "blocks")
    return quality.by_size(res.comparisons, paired.control_estimates(res.pairing), res.rule)


def table_quality(res: Results) -> list[str]:
    return quality.table(*_quality_figures(res))


def _quality_figure(res: Results, what: str) -> str:
    """"shortfalls": the figures of the quality table short of their targets, where."""
    if what == "shortfalls":
        return quality.shortfalls(*_quality_figures(res))
    raise TableError(f"unknown figure 'quality {what}' (shortfalls)")


def standings(res: Results, scenario: str, n: int, names: str | None = None) -> Standings:
    """The wording.Standings of the designs named (comma-separated; default: every design) that measured
    SCENARIO[@memory] at n: [(strategy, time, low, high)] from the fastest, and the comparison of any two of them
    (Results.ratio, fetched once each)."""
    name, _, memory = scenario.partition("@")
    candidates = names.split(",") if names else designs(res)
    present = [res.groups[key] for key in (CellKey(s, name, n, memory or "warm") for s in candidates)
               if key in res.groups]
    if not present:
        raise NotMeasured(f"no design of {', '.join(candidates)} measured {scenario} at n={n}")
    present.sort(key=lambda cell: cell.figure()[0])
    # In a paired run the order comes from the paired ratios, which may order two close designs otherwise than
    # their unpaired times do; the leader is then the design no other is faster than by its ratio.
    base = present[0]
    present.sort(key=lambda cell: 1.0 if cell is base else res.ratio(cell, base)[0])

    @functools.cache
    def compare(i: int, j: int) -> Comparison:
        return res.ratio(present[i], present[j])

    return Standings([(cell.strategy, *cell.figure()) for cell in present], compare)


def _group(res: Results, key: CellKey) -> Cell:
    """The processes of one cell, or NotMeasured."""
    cell = res.groups.get(key)
    if cell is None:
        raise NotMeasured(f"no process of {key.strategy} {key.scenario} n={key.n} memory={key.memory} in "
                          f"{csvfile.table_label(res.directory, 'runs')}")
    return cell


@functools.cache
def _others(res: Results) -> tuple[list[Results], list[str]]:
    """([the other committed paired runs beside res], [each committed run left out, with why, in one line])."""
    compared: list[Results] = []
    left: list[str] = []
    for d in otherruns.siblings(res.directory):
        try:
            other = Results(os.path.join(d, "results.csv"))
            name = _run_name(other)
            if other.meta.get("paired") != "1" or other.meta.get("quick") == "1":
                left.append(f"{name}, " + ("a QUICK run" if other.meta.get("quick") == "1" else
                                           "measured in separate processes: its ratios are not paired"))
                continue
            other.rule  # its blocks and family, read now, so that a run this analysis cannot read is left out here
            compared.append(other)
        except (CsvError, OSError, KeyError, ValueError, cellmod.MergeError) as e:
            left.append(f"`{os.path.basename(d)}`, which this analysis cannot read ({str(e).splitlines()[0]})")
    return compared, left


def _pick(res: Results, scenario: str, n: int) -> list[str]:
    figures, compare = standings(res, scenario, n)
    return wording.leading(figures, compare, res.rule)[0]


@functools.cache
def _picks_elsewhere(res: Results) -> list[tuple[answers.Workload, Results, int, list[str], list[str]]]:
    """(workload, other run, the size both measured, this run's pick there, the other's) for every workload of
    answers.WORKLOADS and other run (_others) that measured it at a common size (otherruns.common_size)."""
    out = []
    for w, other in itertools.product(answers.WORKLOADS, _others(res)[0]):
        n = otherruns.common_size(*({key.n for key in r.groups if key.scenario == w.scenario and key.memory == "warm"}
                                    for r in (res, other)))
        if n is not None:
            out.append((w, other, n, _pick(res, w.scenario, n), _pick(other, w.scenario, n)))
    return out


def _run_name(r: Results) -> str:
    return otherruns.run_label(r.meta.get("machine_id", os.path.basename(r.directory)), r.meta.get("git_commit", "?"))


def table_other_runs(res: Results, n: str) -> list[str]:
    """The first page's picks against every other committed paired run's (otherruns.py): a row per workload, this
    run's pick at n, and per other run whether its pick is the same, overlapping or different at the largest size
    both measured (named where it is not n)."""
    compared = _others(res)[0]
    if not compared:
        raise NotMeasured(f"no other committed paired run beside {res.shown_directory}")
    found = {(w.scenario, other.directory): (size, ours, theirs)
             for w, other, size, ours, theirs in _picks_elsewhere(res)}
    lines = [f"| Workload | This run's pick at {label(int(n))} | " + " | ".join(
        f"{_run_name(other)}: its pick against this run's" for other in compared) + " |",
        "|---|---|" + "---|" * len(compared)]
    for w in answers.WORKLOADS:
        try:
            ours = wording.leading_text(*standings(res, w.scenario, int(n)), res.rule)
        except NotMeasured:
            continue
        cells = []
        for other in compared:
            size, mine, theirs = found.get((w.scenario, other.directory), (0, [], []))
            at = "" if size == int(n) else f" (at {label(size)})"
            cells.append(otherruns.agreement_text(mine, theirs) + at if size else "not measured there")
        lines.append(f"| {w.label} (`{w.scenario}`) | {ours} | " + " | ".join(cells) + " |")
    return lines


def _other_runs_figure(res: Results, args: list[str]) -> str:
    """A figure of the other committed runs (otherruns.py): "same", "overlapping", "different" (of the workloads
    and other runs set side by side, how many picks are so: "8 of 16"), "runs" (the runs compared), "left-out"
    (the committed runs not compared, and why), "agree" and "agree-twins" (per other run, the share of the design
    ratios to the reference, and of the A/A twins' to their originals, whose intervals agree between the runs),
    "cell STRATEGY SCENARIO N" (the cell on each other run)."""
    compared, left = _others(res)
    kind = args[0] if args else ""
    if kind == "left-out" and len(args) == 1:
        return "; ".join(left) or "none"
    if not compared:
        raise NotMeasured(f"no other committed paired run beside {res.shown_directory}")

    def each(text: Callable[[Results], str]) -> str:
        return text(compared[0]) if len(compared) == 1 else "; ".join(f"{text(r)} on {_run_name(r)}" for r in compared)

    if kind in otherruns.KINDS and len(args) == 1:
        picks = _picks_elsewhere(res)
        return f"{sum(1 for *_, ours, theirs in picks if otherruns.agreement(ours, theirs) == kind)} of {len(picks)}"
    if kind == "runs" and len(args) == 1:
        return wording.listing([_run_name(r) for r in compared])
    if kind in ("agree", "agree-twins") and len(args) == 1 and res.pairing is not None:
        ours = otherruns.ratios(res.pairing, res.meta["paired_reference"])[kind == "agree-twins"]
        return each(lambda r: otherruns.share(
            ours, otherruns.ratios(r.pairing or {}, r.meta["paired_reference"])[kind == "agree-twins"]).text())
    if kind == "cell" and len(args) == 4:
        return each(lambda r: r.cell(args[1], args[2], _size(args[3])))
    raise TableError(f"unknown figure 'other-runs {' '.join(args)}' (same, overlapping, different, runs, left-out, "
                     "agree, agree-twins, cell STRATEGY SCENARIO N)")


# Each table of a spec's first word: the arguments it needs at least, and the function that makes its lines.
TABLES: dict[str, tuple[int, Callable[..., list[str]]]] = {
    "answers": (1, table_answers), "iter": (3, table_iter), "ops": (2, table_ops), "bytes": (2, table_bytes),
    "sweep": (2, table_sweep), "sim": (1, table_sim), "layouts": (3, table_layouts), "aa": (0, table_aa),
    "precision": (0, table_precision), "pairs": (0, table_pairs), "meta": (0, table_meta),
    "xcheck": (0, table_xcheck), "change": (1, table_change), "change-winners": (1, table_change_winners),
    "tracking": (1, table_tracking), "hitches": (1, table_hitches), "steady": (0, table_steady),
    "other-runs": (1, table_other_runs),
    "quality": (0, table_quality),
}


_VALUE = re.compile(r"<!-- v: ([^>]*?) -->(.*?)<!-- /v -->")
_LINK = re.compile(r"\]\(([^)]*)\)")


def _values(res: Results, line: str, number: int, notes: bool, unmeasured: list[str]) -> str:
    """The line with every inline figure regenerated; with notes, the figures the run did not measure are left
    as they were and their specs added to unmeasured (a list)."""
    def one(m: re.Match[str]) -> str:
        try:
            text = value(res, m.group(1))
        except NotMeasured as e:
            if not notes:
                raise TableError(f"line {number}: figure \"{m.group(1)}\": {e}") from None
            unmeasured.append(m.group(1))
            return m.group(0)
        except (TableError, CsvError, cellmod.MergeError, KeyError, ValueError) as e:
            raise TableError(f"line {number}: figure \"{m.group(1)}\": {e}") from None
        return f"<!-- v: {m.group(1)} -->{text}<!-- /v -->"

    unclosed = _VALUE.sub("", line)
    if "<!-- v:" in unclosed or "<!-- /v -->" in unclosed:
        raise TableError(f"line {number}: an inline figure not closed on its line (<!-- v: SPEC -->TEXT<!-- /v -->)")
    return _VALUE.sub(one, line)


def refresh(res: Results, text: str, relink: Callable[[str], str] | None = None, notes: bool = False) -> str:
    """The report's text with every table block and inline figure regenerated; relink(target) rewrites link
    targets. With notes, a table or figure that asks for what the run did not measure says so in its place (a
    run's own copy of the report, from a run at other sizes); without, it is an error like any other
    (REPORT.md itself)."""
    out: list[str] = []
    skipping = False
    # index in out -> the specs of the figures on that line the run did not measure
    unmeasured: dict[int, list[str]] = {}
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        marker = re.fullmatch(r"<!-- table: (.*) -->", line)
        bare = line.strip()
        if bare != line and (bare == "<!-- end table -->" or re.fullmatch(r"<!-- table: (.*) -->", bare)):
            raise TableError(f"line {number}: a table marker with blanks around it ({line!r}): a marker stands "
                             "alone on its line, or its table would not be refreshed")
        if marker:
            if skipping:
                raise TableError(f"line {number}: a table block opens inside another")
            out.append(line)
            try:
                out.extend(table(res, marker.group(1)))
            except NotMeasured as e:
                if not notes:
                    raise TableError(f"line {number}: table \"{marker.group(1)}\": {e}") from None
                out.append(f"*Not measured in this run: {e}.*")
            except (TableError, CsvError, cellmod.MergeError, KeyError, ValueError) as e:
                raise TableError(f"line {number}: table \"{marker.group(1)}\": {e}") from None
            skipping = True
            continue
        if line == "<!-- end table -->":
            if not skipping:
                raise TableError(f"line {number}: an end of table with no table open")
            skipping = False
            out.append(line)
            continue
        if not skipping:
            missing: list[str] = []
            line = _values(res, line, number, notes, missing) if "<!-- " in line else line
            if missing:
                unmeasured[len(out)] = missing
            out.append(_relinked(line, relink) if relink else line)
    if skipping:
        raise TableError("a table block is not closed")
    return "\n".join(_without_unmeasured(out, unmeasured))


_ITEM = re.compile(r"^(\s*)([-*]|[0-9]+\.) ")


def _relinked(line: str, relink: Callable[[str], str]) -> str:
    return _LINK.sub(lambda m: "](" + relink(m.group(1)) + ")", line)


def _passage(out: list[str], at: int) -> tuple[int, int]:
    """(first, end) of the passage of out around line at: its paragraph, or its list item, or its table row."""
    def edge(line: str) -> bool:
        return line.strip() == "" or line.startswith(("#", "<!-- table:", "<!-- end table")) or line.startswith("|")

    if out[at].startswith("|"):
        return at, at + 1
    first = at
    while not _ITEM.match(out[first]) and first > 0 and not edge(out[first - 1]):
        first -= 1
    end = at + 1
    while end < len(out) and not edge(out[end]) and not _ITEM.match(out[end]):
        end += 1
    return first, end


def _without_unmeasured(out: list[str], unmeasured: dict[int, list[str]]) -> list[str]:
    """out with each passage that cites a figure the run did not measure replaced by a note naming them: a sentence
    cut around a missing figure would say something else, or nothing."""
    if not unmeasured:
        return out
    passages: dict[tuple[int, int], list[str]] = {}
    for at, specs in unmeasured.items():
        first, end = _passage(out, at)
        passages.setdefault((first, end), []).extend(specs)
    result: list[str] = []
    cursor = 0
    for (first, end), specs in sorted(passages.items()):
        if first < cursor:  # within a passage already replaced
            continue
        result.extend(out[cursor:first])
        named = "; ".join(dict.fromkeys(specs))
        if out[first].startswith("|"):
            cells = out[first].count("|") - 1
            result.append("| *not measured in this run* " + "| " * (cells - 1) + "|")
        else:
            item = _ITEM.match(out[first])
            lead = item.group(0) if item else ""
            result.append(f"{lead}*(Left out: this passage of REPORT.md cites figures this run did not measure: "
                          f"{named}.)*")
        cursor = end
    result.extend(out[cursor:])
    return result


# The first line of a report made from a QUICK run, so that none of its figures is read as the reference run's.
# What a QUICK run's figures are worth, said at the top of its report's copy and of its summary (summary.py).
QUICK_WORTH = "(few processes, small sizes): its figures show that the pipeline works, not what the designs cost"
QUICK_NOTE = f"> **A QUICK run** {QUICK_WORTH}.\n\n"


def main(argv: list[str]) -> int:
    parser = Parser("report", "RESULTS_CSV REPORT_MD [OUT_MD] [--shown-as DIR]")
    parser.add_argument("results")
    parser.add_argument("report")
    parser.add_argument("out", nargs="?")
    parser.add_argument("--shown-as", default=None, help="the folder the text names for the results' own")
    return parser.run(argv, _report)


def _report(a: argparse.Namespace) -> int:
    csv_path: str = a.results
    report: str = a.report
    out: str = a.out if a.out is not None else report
    try:
        res = Results(csv_path, shown_directory=a.shown_as)
        if (out == report and os.path.basename(report) in ("REPORT.md", "results.md") and res.meta.get("quick") == "1"
                and os.environ.get("REPORT_ALLOW_QUICK") != "1"):
            raise TableError(f"{csv_path} is a QUICK run (few processes, small sizes): {report} is rewritten "
                             f"from a full run (REPORT_ALLOW_QUICK=1 allows it)")
        try:
            with open(report, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise TableError(f"{report}: cannot be read ({e})") from None
        relink: Callable[[str], str] | None = None
        if out != report:
            base = os.path.dirname(os.path.abspath(out))
            root = os.path.relpath(os.path.dirname(os.path.abspath(report)), base)
            plots = os.path.relpath(os.path.join(os.path.abspath(res.directory), "plots"), base)

            def relink(target: str) -> str:
                if re.match(r"^(\.\./)*results/[^/]+/plots/", target):
                    return plots + target[target.index("/plots/") + len("/plots"):]
                if re.match(r"^([a-z]+:|#|/)", target) or root == ".":
                    return target
                return root + "/" + target

        refreshed = refresh(res, text, relink, notes=out != report)
        if res.meta.get("quick") == "1" and not refreshed.startswith(QUICK_NOTE):
            refreshed = QUICK_NOTE + refreshed
    except (OSError, TableError, CsvError) as e:
        return fail("report", e)
    partial = f"{out}.tmp.{os.getpid()}"
    try:
        with open(partial, "w", encoding="utf-8") as f:
            f.write(refreshed)
        os.replace(partial, out)
    except OSError as e:
        return fail("report", f"cannot write {out} ({e}); it is left as it was")
    finally:
        if os.path.exists(partial):
            os.remove(partial)
    try:
        manifest.rerecord(out)
    except CsvError as e:
        return fail("report", e)
    print(f"report: tables in {out} refreshed from {csv_path}", file=sys.stderr)
    return 0

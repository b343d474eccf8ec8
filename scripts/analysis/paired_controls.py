"""The controls of a paired run and the tables of its ratios: the A/A twins (a design built twice) and the planted
controls (a design made slower by a known share) against their originals, every design against the reference as
the rows of pairs.csv, and what those rows show for metadata.csv and the report."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Iterable, Iterator, NamedTuple

from . import stats
from .csvfile import Row
from .paired_ratios import Estimate, process_value, ratio
from .paired_samples import Block, BlockKey, Pairing

# The controls' names: an A/A twin is a strategy built twice from the same sources, "NAME" and "NAME~aa"; a planted
# control is "NAME~slowerP" (harness/runner.c).
AA_SUFFIX = "~aa"


PLANTED_PREFIX = "~slower"


def twins(strategies: Iterable[str], suffix: str) -> Iterator[tuple[str, str]]:
    """(copy, original) for every design NAME+suffix whose NAME is also measured: "archetype~aa" and
    "archetype"."""
    names = set(strategies)
    for name in sorted(names):
        if name.endswith(suffix) and name[: -len(suffix)] in names:
            yield name, name[: -len(suffix)]


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


def largest_aa_deviations(rows: Iterable[Row]) -> list[Row]:
    """Each A/A twin's row of pairs.csv farthest from 1 (in logs), the farthest twin first: how far chance alone
    moved each copy, since one twin's figure says nothing of the other's."""
    largest: dict[str, Row] = {}
    for row in rows:
        if row["truth"] == "1" and (row["strategy"] not in largest or abs(math.log(float(row["ratio"])))
                                    > abs(math.log(float(largest[row["strategy"]]["ratio"])))):
            largest[row["strategy"]] = row
    return sorted(largest.values(), key=lambda r: -abs(math.log(float(r["ratio"]))))

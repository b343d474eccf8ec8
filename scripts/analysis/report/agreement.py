"""The tables and figures that set this run beside other measurements of the same designs: the whole-process
cross-check (crosscheck.csv) and the other committed paired runs beside it (otherruns.py).

Tables:
    xcheck                         from crosscheck.csv: in-process against whole-process figures, with the range
                                   of the whole-process runs (crosscheck.run_range: the fastest and the slowest)
    other-runs N                   a row per workload of the first page (Catalogue.workloads): this run's pick at
                                   N and, per other committed paired run beside it (otherruns.py: machine,
                                   commit), whether its own pick (its data, this rule) at the largest size both
                                   measured is the same, overlapping or different

Figures:
    xcheck-summary                 how far the in-process and whole-process figures agree, and whether those
                                   outside crosscheck.AGREEMENT lie within the range of their own whole-process runs
    other-runs WHAT                the other committed paired runs (otherruns.py): same, overlapping, different
                                   (how many picks of the other-runs table, "8 of 16"), runs (those compared),
                                   left-out (committed runs not compared, and why), agree and agree-twins (the
                                   share of design ratios to the reference, and of A/A ratios, both runs measured
                                   whose quotient's interval holds 1), cell STRATEGY SCENARIO N (on each of them)
"""

import functools
import itertools
import os
from typing import Callable

from .. import answers, cells as cellmod, crosscheck, otherruns, stats, wording
from ..csvfile import Row
from ..scenarios import Workload
from ..files import CsvError
from ..wording import size_label
from .model import NotMeasured, Results, TableError, entity_count, standings


def table_xcheck(res: Results) -> list[str]:
    lines = ["| strategy | scenario | N | in-process ns/unit | whole-process ns/unit | its runs from, to | ratio |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for r in res.xcheck:
        span = crosscheck.run_range(res.directory, r)
        whole = f"{float(r['whole_process_ns']):.3f}" if r["whole_process_ns"] else "within the noise"
        ratio = f"{float(r['ratio']):.2f}x" if r["ratio"] else "-"
        lines.append(f"| {r['strategy']} | {r['scenario']} | {size_label(r['n'])} | {float(r['in_process_ns']):.3f} | "
                     f"{whole} | " + (f"{span[0]:.3f}, {span[1]:.3f}" if span else "-") + f" | {ratio} |")
    return lines


def figure_xcheck_summary(res: Results, args: list[str]) -> str:
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
def _picks_elsewhere(res: Results) -> list[tuple[Workload, Results, int, list[str], list[str]]]:
    """(workload, other run, the size both measured, this run's pick there, the other's) for every workload of
    the run's first page (Catalogue.workloads) and other run (_others) that measured it at a common size
    (otherruns.common_size)."""
    out = []
    for w, other in itertools.product(res.catalogue.workloads, _others(res)[0]):
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
    lines = [f"| Workload | This run's pick at {size_label(int(n))} | " + " | ".join(
        f"{_run_name(other)}: its pick against this run's" for other in compared) + " |",
        "|---|---|" + "---|" * len(compared)]
    for w in res.catalogue.workloads:
        try:
            ours = wording.leading_text(*standings(res, w.scenario, int(n)), res.rule)
        except NotMeasured:
            continue
        cells = []
        for other in compared:
            size, mine, theirs = found.get((w.scenario, other.directory), (0, [], []))
            at = "" if size == int(n) else f" (at {size_label(size)})"
            cells.append(otherruns.agreement_text(mine, theirs) + at if size else "not measured there")
        lines.append(f"| {w.label} (`{w.scenario}`) | {ours} | " + " | ".join(cells) + " |")
    return lines


def figure_other_runs(res: Results, args: list[str]) -> str:
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
        return each(lambda r: r.cell(args[1], args[2], entity_count(args[3])))
    raise TableError(f"unknown figure 'other-runs {' '.join(args)}' (same, overlapping, different, runs, left-out, "
                     "agree, agree-twins, cell STRATEGY SCENARIO N)")

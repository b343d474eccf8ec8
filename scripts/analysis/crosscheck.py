"""The whole-process cross-check's plan and result (scripts/crosscheck.sh runs hyperfine in between).

    python3 -m analysis crosscheck-plan --results RESULTS_CSV --n N --extra-ms MS --scenarios S,... NAME...
    python3 -m analysis crosscheck-join --plan PLAN --hyperfine DIR --n N --runs R OUT_CSV
    python3 -m analysis crosscheck-rejoin DIR

For each strategy and key scenario, hyperfine times two processes that differ only in the amount of timed
work: both build the world, warm up, take one sample and check it alike; one sample is K runs (--inner K, K as
the timed processes calibrated it, their median), the other's (1 + D) x K. The difference of their median wall
times is D x K runs of the workload, so (difference) / (D x K x N) is the cost per unit measured from outside
the process, clock, harness and all. D is chosen so that the extra work lasts about MS ms. (Not 1 sample
against 1 + D: the check after each sample can cost as much as a run, and would be counted as one.)

The plan is a line per strategy and scenario: "NAME SCENARIO INNER EXTRA IN_PROCESS_NS UNIT" (the raw
baselines and the A/A twin are left out: they are not designs of their own). crosscheck-join reads
hyperfine's CSV exports (DIR/bench-NAME.csv, commands named "SCENARIO base" and "SCENARIO plus D") and writes
    strategy,scenario,n,unit,inner,extra_runs,in_process_ns,whole_process_ns,ratio,hyperfine_runs
(ratio = whole_process_ns / in_process_ns; both empty where the extra work did not lengthen the median process:
whole_process). crosscheck-rejoin rewrites DIR/crosscheck.csv after DIR/results.csv
was computed anew from the same processes (make reanalyse): the same commands and hyperfine's exports in
DIR/hyperfine/, the in-process figures of the new results.
"""

import argparse
import csv
import os
import sys
from typing import NamedTuple

from . import csvfile, paired
from .command import Parser
from .csvfile import Row
from .files import CsvError


def plan_main(argv: list[str]) -> int:
    p = Parser("crosscheck-plan")
    p.add_argument("--results", required=True)
    p.add_argument("--n", type=int, required=True)
    p.add_argument("--extra-ms", type=float, required=True)
    p.add_argument("--scenarios", required=True)
    p.add_argument("names", nargs="+")
    return p.run(argv, _plan)


class Planned(NamedTuple):
    """A line of the plan: a design and key scenario, the runs of a sample (its inner) and the extra samples'
    factor, the in-process figure and its unit, each as the plan's text gives it."""
    strategy: str
    scenario: str
    inner: str
    extra: str
    in_process_ns: str
    unit: str


def _plan(a: argparse.Namespace) -> int:
    try:
        rows = csvfile.read(a.results, "results")
    except CsvError as e:
        print(f"crosscheck: {e}", file=sys.stderr)
        return 1
    cells = {(r["strategy"], r["scenario"]): r for r in rows if int(r["n"]) == a.n and r["memory"] == "warm"}
    for name in a.names:
        if name.startswith("raw") or name.endswith(paired.AA_SUFFIX):
            continue
        for scenario in [s for s in a.scenarios.split(",") if s]:
            row = cells.get((name, scenario))
            if row is None:
                print(f"crosscheck: no in-process row for {name} {scenario} at n={a.n}: left out", file=sys.stderr)
                continue
            per_run_ns = float(row["time_ns"]) * a.n
            inner = int(row["inner"])
            extra = min(99999, max(2, round(a.extra_ms * 1e6 / (per_run_ns * inner)))) if per_run_ns > 0 else 2
            print(name, scenario, inner, extra, row["time_ns"], row["unit"])
    return 0


# A cell's whole-process time over its in-process time within which the two clocks are said to agree: the harness's
# own costs (clock reads, the loop around the runs) and the page faults of extra runs move a figure by a few
# percent, the machine by more; beyond it one of them timed something the other did not.
AGREEMENT = (0.8, 1.25)

COLUMNS = ("strategy", "scenario", "n", "unit", "inner", "extra_runs", "in_process_ns", "whole_process_ns", "ratio",
           "hyperfine_runs")


def join(plan: list[Planned], hyperfine: str, n: int, runs: int, out_path: str) -> int:
    """Writes out_path from the plan and hyperfine's CSV exports in the folder hyperfine, and prints the table; 0,
    or 1 with the reason on stderr."""
    out: list[tuple[str, str, int, str, str, str, str, str, str, int]] = []
    medians: dict[str, dict[str, float]] = {}
    for name, scenario, inner, extra, in_process, unit in plan:
        if name not in medians:
            path = os.path.join(hyperfine, f"bench-{name}.csv")
            try:
                with open(path, newline="", encoding="utf-8") as h:
                    medians[name] = {r["command"]: float(r["median"]) for r in csv.DictReader(h)}
            except (OSError, KeyError, ValueError) as e:
                print(f"crosscheck: {path}: not a hyperfine CSV export ({e})", file=sys.stderr)
                return 1
        base = medians[name].get(f"{scenario} base")
        plus = medians[name].get(f"{scenario} plus {extra}")
        if base is None or plus is None:
            print(f"crosscheck: no hyperfine figure for {name} {scenario}", file=sys.stderr)
            return 1
        whole = whole_process(base, plus, int(extra) * int(inner) * n)
        inproc = float(in_process)
        out.append((name, scenario, n, unit, inner, extra, f"{inproc:.6g}",
                    f"{whole:.6g}" if whole is not None else "",
                    f"{whole / inproc:.3f}" if whole is not None and inproc > 0 else "", runs))
    csvfile.write(out_path, COLUMNS, out)
    print(f"{'strategy':<16} {'scenario':<14} {'n':>8} {'in-process':>12} {'whole-process':>14} {'ratio':>7}")
    for row in out:
        whole_text = f"{float(row[7]):>14.3f}" if row[7] else f"{'under noise':>14}"
        ratio_text = f"{float(row[8]):>6.2f}x" if row[8] else f"{'-':>7}"
        print(f"{row[0]:<16} {row[1]:<14} {row[2]:>8} {float(row[6]):>12.3f} {whole_text} {ratio_text}")
    return 0


def whole_process(base_s: float, plus_s: float, work: int) -> float | None:
    """ns per unit of the extra work: the median process with it less the median without, over its units; None
    where the extra work did not lengthen the median process (the difference lies within the processes' own
    spread, and a figure of it would be noise, negative as often as not)."""
    if plus_s <= base_s or work <= 0:
        return None
    return (plus_s - base_s) * 1e9 / work


def run_range(directory: str, row: Row) -> tuple[float, float] | None:
    """(low, high): the whole-process figure of a crosscheck.csv row from the fastest and the slowest of its "plus"
    runs (each against the median of the "base" runs, which vary far less), read from the hyperfine export in
    directory/hyperfine/: how far the machine alone moves the figure, which has no interval of its own. None where
    the export lacks the commands."""
    path = os.path.join(directory, "hyperfine", f"bench-{row['strategy']}.csv")
    try:
        with open(path, newline="", encoding="utf-8") as h:
            commands = {r["command"]: r for r in csv.DictReader(h)}
        base = float(commands[f"{row['scenario']} base"]["median"])
        plus = commands[f"{row['scenario']} plus {row['extra_runs']}"]
        work = int(row["extra_runs"]) * int(row["inner"]) * int(row["n"])
        return (float(plus["min"]) - base) * 1e9 / work, (float(plus["max"]) - base) * 1e9 / work
    except (OSError, KeyError, ValueError):
        return None


def join_main(argv: list[str]) -> int:
    p = Parser("crosscheck-join")
    p.add_argument("--plan", required=True)
    p.add_argument("--hyperfine", required=True)
    p.add_argument("--n", type=int, required=True)
    p.add_argument("--runs", type=int, required=True)
    p.add_argument("out")
    return p.run(argv, _join)


def _join(a: argparse.Namespace) -> int:
    with open(a.plan, encoding="utf-8") as f:
        plan = [Planned(*line.split()) for line in f if line.strip()]
    return join(plan, a.hyperfine, a.n, a.runs, a.out)


def rejoin_main(argv: list[str]) -> int:
    p = Parser("crosscheck-rejoin")
    p.add_argument("dir")
    return p.run(argv, _rejoin)


def _rejoin(a: argparse.Namespace) -> int:
    path = os.path.join(a.dir, "crosscheck.csv")
    try:
        old = csvfile.read(path, "crosscheck")
        results = csvfile.read(os.path.join(a.dir, "results.csv"), "results")
    except CsvError as e:
        print(f"crosscheck: {e}", file=sys.stderr)
        return 1
    if not old:
        print(f"crosscheck: {path} has no rows", file=sys.stderr)
        return 1
    times = {(r["strategy"], r["scenario"], int(r["n"])): r["time_ns"] for r in results if r["memory"] == "warm"}
    plan = []
    for r in old:
        key = (r["strategy"], r["scenario"], int(r["n"]))
        if key not in times:
            print(f"crosscheck: {path}: no results row for {key[0]} {key[1]} n={key[2]}", file=sys.stderr)
            return 1
        plan.append(Planned(r["strategy"], r["scenario"], r["inner"], r["extra_runs"], times[key], r["unit"]))
    return join(plan, os.path.join(a.dir, "hyperfine"), int(old[0]["n"]), int(old[0]["hyperfine_runs"]), path)

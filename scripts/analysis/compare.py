"""Several machines' results side by side.

    python3 -m analysis compare OUT_CSV RESULTS_DIR RESULTS_DIR...

Absolute times do not compare across machines, so every figure is also given relative to its own machine's
floor: the time of that machine's raw-soa simple_iter at the same N (the nearest N it measured, when it has
none at that N), the cost of streaming plain arrays there. A strategy that is 3x its machine's floor on one CPU
and 6x on another has a design that suits the first CPU less well, whatever the clock rates. Writes OUT_CSV:
    machine_id,cpu_model,quick,strategy,scenario,n,unit,memory,time_ns,time_lo_ns,time_hi_ns,floor_n,floor_ns,
    x_floor,x_floor_lo,x_floor_hi
(quick: 1 for a QUICK run's rows; x_floor_lo/hi: the cell's own interval over the floor's time) and prints,
for the N every machine measured closest to COMPARE_N (environment, default 65536; else a usage error), one
line per scenario and strategy with each machine's x_floor.

Every RESULTS_DIR must be a published run: its results.csv and metadata.csv listed in its manifest.csv and
whole as recorded there (manifest.py). Before anything is read, OUT_CSV must end in .csv, must not be a
directory, its folder must exist and must not be (or lie inside) one of the RESULTS_DIRs, and no RESULTS_DIR may
be named twice: else the usage and what was wrong, exit 2. Exit 1 (nothing written) for a folder that cannot
be read or two folders of one machine_id; 0 when OUT_CSV is written.
"""

import argparse
import os
import sys

from . import csvfile, defaults
from .command import Parser
from .csvfile import Row
from .files import CsvError

COLUMNS = ("machine_id", "cpu_model", "quick", "strategy", "scenario", "n", "unit", "memory", "time_ns", "time_lo_ns",
           "time_hi_ns", "floor_n", "floor_ns", "x_floor", "x_floor_lo", "x_floor_hi")


def machine_rows(directory: str) -> list[Row]:
    """The rows of OUT_CSV from one results folder (and its quick flag), as written."""
    rows = csvfile.read(os.path.join(directory, "results.csv"), "results", recorded=True)
    meta = csvfile.read_metadata(os.path.join(directory, "metadata.csv"), recorded=True)
    machine = meta.get("machine_id")
    if not machine:
        raise CsvError(f"{directory}/metadata.csv: no machine_id")
    floors = {int(r["n"]): float(r["time_ns"]) for r in rows
              if r["strategy"] == "raw-soa" and r["scenario"] == "simple_iter" and r["memory"] == "warm"}
    if not floors:
        raise CsvError(f"{directory}/results.csv has no raw-soa simple_iter rows to normalise by")
    out = []
    for r in rows:
        n = int(r["n"])
        floor_n = min(floors, key=lambda m: (abs(m - n), m))
        floor = floors[floor_n]
        out.append({
            "machine_id": machine, "cpu_model": meta.get("cpu_model", ""),
            "quick": meta.get("quick", defaults.text("QUICK")),
            "strategy": r["strategy"],
            "scenario": r["scenario"], "n": str(n), "unit": r["unit"], "memory": r["memory"],
            "time_ns": r["time_ns"], "time_lo_ns": r["time_lo_ns"], "time_hi_ns": r["time_hi_ns"],
            "floor_n": str(floor_n), "floor_ns": f"{floor:.6g}",
            "x_floor": f"{float(r['time_ns']) / floor:.3f}", "x_floor_lo": f"{float(r['time_lo_ns']) / floor:.3f}",
            "x_floor_hi": f"{float(r['time_hi_ns']) / floor:.3f}",
        })
    return out


DEFAULT_COMPARE_N = 65536


def compare_n(text: str) -> int | None:
    """COMPARE_N as a count of entities, or None where it is not one."""
    return int(text) if text.isdigit() and int(text) > 0 else None


def argument_problem(out: str, directories: list[str]) -> str | None:
    """What is wrong with the arguments, before anything is read or written (None: nothing)."""
    if os.path.isdir(out):
        return f"OUT_CSV {out} is a directory: the output file comes first (compare OUT.csv DIR DIR...)"
    if not out.endswith(".csv"):
        return f'OUT_CSV must be a file name ending in .csv, not "{out}" (compare OUT.csv DIR DIR...)'
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        return f"the folder of OUT_CSV {out} does not exist"
    inside = os.path.realpath(folder)
    seen: dict[str, str] = {}
    for d in directories:
        real = os.path.realpath(d)
        if real in seen:
            return f"{d} is named twice (as {seen[real]} too)"
        seen[real] = d
        if inside == real or inside.startswith(real.rstrip(os.sep) + os.sep):
            return f"OUT_CSV {out} is inside the compared folder {d}: write it outside every results folder"
    return None


def main(argv: list[str]) -> int:
    parser = Parser("compare", "OUT_CSV RESULTS_DIR...")
    parser.epilog = (f"COMPARE_N (environment, default {DEFAULT_COMPARE_N}): the entity count whose figures are "
                     "printed, each machine's nearest")
    parser.add_argument("out")
    parser.add_argument("directories", nargs="+")

    def run(a: argparse.Namespace) -> int:
        text = os.environ.get("COMPARE_N", str(DEFAULT_COMPARE_N))
        want = compare_n(text)
        if want is None:
            return parser.usage_error(f'compare-machines: COMPARE_N must be a whole number of entities, not "{text}"')
        problem = argument_problem(a.out, a.directories)
        if problem:
            return parser.usage_error(f"compare-machines: {problem}")
        return _compare(a.out, a.directories, want)

    return parser.run(argv, run)


def _compare(out: str, directories: list[str], want: int) -> int:
    rows: list[Row] = []
    machines: dict[str, str] = {}
    try:
        for d in directories:
            got = machine_rows(d)
            machine = got[0]["machine_id"]
            if machine in machines:
                raise CsvError(f"{d}/metadata.csv: machine_id {machine} again ({machines[machine]} has it "
                               "too): the side-by-side table would mix two runs")
            machines[machine] = d
            rows += got
        csvfile.write(out, COLUMNS, rows)
    except CsvError as e:
        print(f"compare-machines: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"compare-machines: cannot write {out} ({e})", file=sys.stderr)
        return 1
    print(f"compare-machines: wrote {out} ({len(rows)} rows from {len(directories)} folders)", file=sys.stderr)
    names = list(dict.fromkeys(r["machine_id"] for r in rows))
    nearest: dict[tuple[str, str], int] = {}
    for r in rows:
        key = (r["machine_id"], r["scenario"] + ("" if r["memory"] == "warm" else "@" + r["memory"]))
        n = int(r["n"])
        if key not in nearest or (abs(n - want), n) < (abs(nearest[key] - want), nearest[key]):
            nearest[key] = n
    x = {(r["machine_id"], r["scenario"] + ("" if r["memory"] == "warm" else "@" + r["memory"]), r["strategy"],
          int(r["n"])): r["x_floor"] for r in rows}
    pairs = sorted({(k[1], k[2]) for k in x})
    quick = {r["machine_id"] for r in rows if r["quick"] == "1"}
    labels = [(m[:16] + " QUICK" if m in quick else m[:22]) for m in names]
    print(f"{'scenario':<20} {'strategy':<16}" + "".join(f" {m:>22}" for m in labels))
    mixed = 0
    for scenario, strategy in pairs:
        cells: list[str] = []
        sizes = {nearest.get((m, scenario)) for m in names if (m, scenario, strategy, nearest.get((m, scenario))) in x}
        for m in names:
            at = nearest.get((m, scenario))
            v = x.get((m, scenario, strategy, at)) if at is not None else None
            cells.append(f"{v}x @{at}{'*' if len(sizes) > 1 else ''}" if v is not None else "-")
        mixed += len(sizes) > 1
        print(f"{scenario:<20} {strategy:<16}" + "".join(f" {c:>22}" for c in cells))
    print("x: time relative to the machine's own raw-soa simple_iter at that N (its floor); @N: the entity count")
    if mixed:
        print(f"*: in {mixed} rows the machines were measured at different N (the nearest each has to {want}): those "
              "cells are not comparable across the row")
    if quick:
        print(f"QUICK: {', '.join(sorted(quick))} is a QUICK run (few processes, small N): not a reference")
    return 0

"""The cache simulation's plan and its results (scripts/cachesim.sh runs the simulator in between).

    python3 -m analysis cachesim-plan --cells CELLS_TSV --n N [--runs RUNS_CSV --spread F
                                           --all-layouts STRATEGY:SCENARIO,...] [--only STRATEGY:SCENARIO,...]
    python3 -m analysis cachesim-join --dumps DIR --rows ROWS_CSV --geometry TEXT OUT_CSV
    python3 -m analysis framesim-join --dumps DIR --rows ROWS_CSV --geometry TEXT OUT_CSV

The simulation replays the layouts the timed processes had: a cell's layout is a function of its seed
(platform/layout.h), so a simulated run with a timed process's seed sees the same block placement that
process measured. For every cell at N in warm memory the plan takes the seed of the process whose median is
the cell's median; where the processes' medians spread by more than F of the median (layout matters there), also
those of the fastest and the slowest process; for the cells named by --all-layouts (possibly none), every process's
seed. RUNS_CSV comes with both (make bench passes CACHESIM_SPREAD and CACHESIM_ALL_LAYOUTS); without it (make
cachesim on its own) every cell gets seed 1. The A/A twin is left out: its code is its original's. With --only, the
cells named alone, each in its median layout (the simulation beyond the caches: one run per cell, its counts
deterministic; --spread and --all-layouts are not taken then).

The plan is one simulator process a line: "BINARY SCENARIO,... SEED,...", the k-th cell the scenarios give
taking the k-th seed (a binary listing one scenario under two labels, as raw does, has a cell for each).

cachesim-join reads callgrind's dumps (every file DIR/*/dump.*: one per simulated run, labelled "STRATEGY
SCENARIO N SEED" by the harness) and the binaries' result rows, and writes OUT_CSV, one row per simulated cell
and layout:
    strategy,scenario,n,unit,layout_seed,instructions_per_unit,d1_misses_per_unit,ll_misses_per_unit,
    d1_read_misses_per_unit,d1_write_misses_per_unit,checksum,geometry,flags
every row needing its dump and every dump its row, and every strategy agreeing on every checksum.

framesim-join does the same for a simulation frame by frame (scripts/cachesim.sh --frames: a dump per frame,
labelled "STRATEGY SCENARIO N SEED FRAME"), one row per simulated cell and frame, the counts whole:
    strategy,scenario,n,layout_seed,frame,instructions,d1_misses,ll_misses,checksum,geometry
every row needing a dump for every frame from 0 on, as many as the other cells of its scenario have.
"""

import argparse
import os
import re
import sys
from typing import Callable, NamedTuple

from . import cells as cellmod, csvfile, paired
from .command import Parser
from .csvfile import Row
from .files import CsvError


def _universe(path: str, n: int) -> list[tuple[str, str, str]]:
    """[(binary, scenario, label)] of the cells measured at n, in each binary's catalog order."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 4 and str(n) in parts[3].split(","):
                out.append((parts[0], parts[1], parts[2]))
    return out


def _layout_ranks(rows: list[Row], spread: float | None, every: bool) -> list[str]:
    """The seeds to simulate for one cell's rows (a layout of a process each): the median one first (alone where
    spread is None). Layouts, not processes: the simulator replays one layout's seed."""
    ordered = sorted(rows, key=lambda r: float(r["median_ns"]))
    if every:
        middle = ordered[(len(ordered) - 1) // 2]
        return [middle["layout_seed"]] + [r["layout_seed"] for r in ordered if r is not middle]
    seeds = [ordered[(len(ordered) - 1) // 2]["layout_seed"]]
    low, high = float(ordered[0]["median_ns"]), float(ordered[-1]["median_ns"])
    median = float(ordered[(len(ordered) - 1) // 2]["median_ns"])
    if spread is not None and median > 0 and (high - low) / median > spread:
        for r in (ordered[0], ordered[-1]):
            if r["layout_seed"] not in seeds:
                seeds.append(r["layout_seed"])
    return seeds


class Job(NamedTuple):
    """One simulator process: its binary, and the scenarios it runs, the k-th cell they give in the layout of the
    k-th seed."""
    binary: str
    scenarios: list[str]
    seeds: list[str]


def plan(universe: list[tuple[str, str, str]], runs: list[Row], n: int, spread: float | None,
         every: set[tuple[str, str]], only: set[tuple[str, str]] | None = None) -> list[Job]:
    """One simulator process each, rank by rank (the median layouts' seeds first, then the next layouts of the
    cells that have more); of the (label, scenario) cells only names, where given, alone."""
    timed: dict[tuple[str, str], list[Row]] = {}
    for row in runs:
        if int(row["n"]) == n and row["memory"] == "warm":
            timed.setdefault((row["strategy"], row["scenario"]), []).append(row)
    binaries: list[str] = []
    cells: dict[str, list[tuple[str, str, list[str]]]] = {}  # binary -> [(scenario, label, [seed by rank])]
    for binary, scenario, label in universe:
        if label.endswith(paired.AA_SUFFIX):
            continue  # the A/A twin runs the same code as its original: nothing to simulate twice
        if only is not None and (label, scenario) not in only:
            continue
        if binary not in binaries:
            binaries.append(binary)
        rows = timed.get((label, scenario))
        if runs and not rows:
            continue
        seeds = _layout_ranks(rows, spread, (label, scenario) in every) if rows else ["1"]
        cells.setdefault(binary, []).append((scenario, label, seeds))
    out = []
    for binary in binaries:
        mine = cells.get(binary, [])
        for k in range(max((len(seeds) for _, _, seeds in mine), default=0)):
            # A scenario that has a layout at this rank runs every cell it stands for (raw's SoA and AoS); a cell
            # with no layout at this rank repeats its median one (the same simulation again, merged once).
            scenarios = [s for s, _, seeds in mine if len(seeds) > k]
            scenarios = [s for i, s in enumerate(scenarios) if s not in scenarios[:i]]
            seeds = [seeds[k] if len(seeds) > k else seeds[0] for s, _, seeds in mine if s in scenarios]
            out.append(Job(binary, scenarios, seeds))
    return out


def plan_main(argv: list[str]) -> int:
    p = Parser("cachesim-plan")
    p.add_argument("--cells", required=True)
    p.add_argument("--n", type=int, required=True)
    p.add_argument("--runs")
    p.add_argument("--spread", type=float)
    p.add_argument("--all-layouts")
    p.add_argument("--only")
    return p.run(argv, lambda a: _plan(p, a))


def named_cells(text: str) -> set[tuple[str, str]]:
    """{(strategy, scenario)} of "STRATEGY:SCENARIO,...", possibly empty."""
    return {(strategy, scenario) for strategy, _, scenario in (x.partition(":") for x in text.split(",") if x)}


def _plan(p: Parser, a: argparse.Namespace) -> int:
    if a.only is not None and (a.spread is not None or a.all_layouts is not None):
        return p.usage_error("cachesim-plan: --only takes each cell's median layout alone: no --spread or "
                             "--all-layouts with it")
    if a.runs is not None and a.only is None and (a.spread is None or a.all_layouts is None):
        return p.usage_error("cachesim-plan: --runs needs --spread and --all-layouts (the run's CACHESIM_SPREAD and "
                             "CACHESIM_ALL_LAYOUTS)")
    every = named_cells(a.all_layouts or "")
    only = named_cells(a.only) if a.only is not None else None
    try:
        runs = csvfile.read(a.runs, "runs") if a.runs else []
        universe = _universe(a.cells, a.n)
    except (OSError, CsvError) as e:
        print(f"cachesim-plan: {e}", file=sys.stderr)
        return 1
    for binary, scenarios, seeds in plan(universe, runs, a.n, a.spread, every, only):
        print(binary, ",".join(scenarios), ",".join(seeds))
    return 0


COLUMNS = ("strategy", "scenario", "n", "unit", "layout_seed", "instructions_per_unit", "d1_misses_per_unit",
           "ll_misses_per_unit", "d1_read_misses_per_unit", "d1_write_misses_per_unit", "checksum", "geometry",
           "flags")


def last_level_bytes(geometry: str) -> int | None:
    """The simulated last-level cache's size in bytes, from a geometry as the rows record it ("... LL=33554432/16/64
    (bytes/ways/line)"); None where the text names none."""
    found = re.search(r"\bLL=(\d+)/", geometry)
    return int(found.group(1)) if found else None


def read_dump(path: str) -> tuple[tuple[str, ...], list[int]]:
    """(label, [Ir, D1mr, D1mw, DLmr, DLmw]) of one callgrind dump: its "desc: Trigger: Client Request: LABEL"
    line, its "events:" line and its "summary:" (or "totals:") counts."""
    label: str | None = None
    events: list[str] | None = None
    totals: list[int] | None = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("desc: Trigger: Client Request: "):
                label = line[len("desc: Trigger: Client Request: "):].strip()
            elif line.startswith("events: "):
                events = line.split()[1:]
            elif (line.startswith("summary: ") or line.startswith("totals: ")) and totals is None:
                totals = [int(x) for x in line.split()[1:]]
    if label is None or events is None or totals is None:
        raise CsvError(f"{path}: not a callgrind dump of a labelled run")
    # callgrind leaves out trailing zero counts
    totals += [0] * (len(events) - len(totals))
    try:
        return tuple(label.split()), [totals[events.index(e)] for e in ("Ir", "D1mr", "D1mw", "DLmr", "DLmw")]
    except ValueError:
        raise CsvError(f"{path}: the dump lacks a cache event (run with --cache-sim=yes)") from None


def join(dumps_dir: str, rows_path: str, geometry: str) -> list[Row]:
    """The rows of cachesim.csv; raises CsvError or MergeError."""
    counts = _dumps(dumps_dir, 4, "STRATEGY SCENARIO N SEED")
    rows = csvfile.read(rows_path, "simulated")
    out = []
    done: set[tuple[str, ...]] = set()
    for row in rows:
        key = (row["strategy"], row["scenario"], row["n"], row["layout_seed"])
        if key in done:
            continue  # a cell simulated again in the same layout: the same figures
        if key not in counts:
            raise cellmod.MergeError(f"cachesim: no dump for {' '.join(key)}")
        done.add(key)
        ir, d1r, d1w, llr, llw = counts.pop(key)
        units = int(row["n"])

        def g(x: int) -> str:
            return f"{x / units:.6g}"

        out.append({
            "strategy": row["strategy"], "scenario": row["scenario"], "n": row["n"], "unit": row["unit"],
            "layout_seed": row["layout_seed"], "instructions_per_unit": g(ir), "d1_misses_per_unit": g(d1r + d1w),
            "ll_misses_per_unit": g(llr + llw), "d1_read_misses_per_unit": g(d1r),
            "d1_write_misses_per_unit": g(d1w), "checksum": row["checksum"], "geometry": geometry,
            "flags": row.get("flags", ""),
        })
    if counts:
        raise cellmod.MergeError(f"cachesim: {len(counts)} dumps have no result row (e.g. {' '.join(next(iter(counts)))})")
    cellmod.check_checksums(out, "cachesim")
    return out


FRAME_COLUMNS = ("strategy", "scenario", "n", "layout_seed", "frame", "instructions", "d1_misses", "ll_misses",
                 "checksum", "geometry")


def _dumps(dumps_dir: str, words: int, shape: str) -> dict[tuple[str, ...], list[int]]:
    """Every dump of DIR/*/dump.* by its label, each label of the given number of words."""
    counts: dict[tuple[str, ...], list[int]] = {}
    for job in sorted(os.listdir(dumps_dir)):
        folder = os.path.join(dumps_dir, job)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.startswith("dump."):
                label, values = read_dump(os.path.join(folder, name))
                if len(label) != words:
                    raise CsvError(f"{folder}/{name}: label '{' '.join(label)}' is not {shape}")
                counts[label] = values
    return counts


def join_frames(dumps_dir: str, rows_path: str, geometry: str) -> list[Row]:
    """The rows of framesim.csv; raises CsvError or MergeError."""
    counts = _dumps(dumps_dir, 5, "STRATEGY SCENARIO N SEED FRAME")
    frames: dict[str, int] = {}
    for label in counts:
        frames[label[1]] = max(frames.get(label[1], 0), int(label[4]) + 1)
    out: list[Row] = []
    done: set[tuple[str, ...]] = set()
    for row in csvfile.read(rows_path, "simulated"):
        key = (row["strategy"], row["scenario"], row["n"], row["layout_seed"])
        if key in done:
            continue
        done.add(key)
        for frame in range(frames.get(row["scenario"], 0) or 1):
            wanted = (*key, str(frame))
            if wanted not in counts:
                raise cellmod.MergeError(f"framesim: no dump for {' '.join(wanted)}")
            ir, d1r, d1w, llr, llw = counts.pop(wanted)
            out.append({"strategy": row["strategy"], "scenario": row["scenario"], "n": row["n"],
                        "layout_seed": row["layout_seed"], "frame": str(frame), "instructions": str(ir),
                        "d1_misses": str(d1r + d1w), "ll_misses": str(llr + llw), "checksum": row["checksum"],
                        "geometry": geometry})
    if counts:
        raise cellmod.MergeError(f"framesim: {len(counts)} dumps have no result row "
                                 f"(e.g. {' '.join(next(iter(counts)))})")
    cellmod.check_checksums(out, "framesim")
    return out


def _join_parser(command: str) -> Parser:
    """The command line both joins take: the dumps' folder, the binaries' rows, the geometry, the output."""
    p = Parser(command)
    p.add_argument("--dumps", required=True)
    p.add_argument("--rows", required=True)
    p.add_argument("--geometry", required=True)
    p.add_argument("out")
    return p


def framesim_join_main(argv: list[str]) -> int:
    return _join_parser("framesim-join").run(argv, _join_frames)


def _written(a: argparse.Namespace, what: str, joined: Callable[[str, str, str], list[Row]],
             columns: tuple[str, ...], counted: str) -> list[Row] | None:
    """The rows a join makes of the arguments' dumps and rows, written to a.out; None (said on stderr) where the
    join fails."""
    try:
        rows = joined(a.dumps, a.rows, a.geometry)
    except (OSError, CsvError, cellmod.MergeError) as e:
        print(f"{what}: {e}", file=sys.stderr)
        return None
    csvfile.write(a.out, columns, rows)
    print(f"{what}: wrote {a.out} ({len(rows)} {counted})", file=sys.stderr)
    return rows


def _join_frames(a: argparse.Namespace) -> int:
    return 0 if _written(a, "framesim", join_frames, FRAME_COLUMNS, "simulated frames") is not None else 1


def join_main(argv: list[str]) -> int:
    return _join_parser("cachesim-join").run(argv, _join)


def _join(a: argparse.Namespace) -> int:
    rows = _written(a, "cachesim", join, COLUMNS, "simulated cells and layouts")
    if rows is None:
        return 1
    # D1 misses per unit, median over layouts, as the terminal shows them
    table: dict[tuple[str, str, str], list[Row]] = {}
    for row in rows:
        table.setdefault((row["scenario"], row["strategy"], row["unit"]), []).append(row)
    print(f"{'scenario':<18} {'strategy':<16} {'unit':<6} {'d1/unit':>10} {'ll/unit':>10} {'instr/unit':>12} layouts")
    for (scenario, strategy, unit), group in sorted(table.items()):
        d1 = sorted(float(r["d1_misses_per_unit"]) for r in group)
        ll = sorted(float(r["ll_misses_per_unit"]) for r in group)
        ir = sorted(float(r["instructions_per_unit"]) for r in group)
        mid = (len(group) - 1) // 2
        print(f"{scenario:<18} {strategy:<16} {unit:<6} {d1[mid]:>10.4f} {ll[mid]:>10.4f} {ir[mid]:>12.1f} {len(group)}")
    return 0

"""Which run folders under a results folder are superseded, and removing them on request.

    python3 -m analysis prune-runs [RESULTS] [--remove]

RESULTS (results/ by default) holds one folder per run, each with its metadata.csv. A run is *whole* where it is
not a QUICK run (metadata quick=1) and was not narrowed to some scenarios or sizes (bench_scenarios and
bench_sizes empty). A whole run F supersedes another run R of the same machine type (machine_id) and the same
kind (paired, or each design in processes of its own: paired) where F holds every design R holds (variants) and
  - R is not whole (a QUICK or narrowed run: F answers what R sampled), or
  - F was measured later (date).
So each machine type and kind keeps its latest whole run; a run that holds a design no whole run holds, and a run
narrowed by STRATEGIES alone (its metadata cannot tell it from a whole run of fewer designs) made after the latest
whole run, are kept. A folder without a readable metadata.csv is not a run and is never touched.

Every superseded run is printed a line, with the run that supersedes it; with --remove each is then removed (in
a git checkout, `git rm -r` it to drop it from the tree as well). Exit 0, 1 where a folder cannot be removed or
RESULTS cannot be read, 2 on a wrong call.
"""

import argparse
import os
import shutil
import sys
from dataclasses import dataclass

from . import csvfile
from .command import Parser, fail
from .files import CsvError


@dataclass(frozen=True)
class Run:
    """What a run folder's metadata says of the run: where it is, which machine type and kind, when, what."""
    path: str
    machine: str
    paired: bool
    whole: bool
    date: str
    variants: frozenset[str]


def read_run(path: str) -> Run | None:
    """The run in a folder, or None where the folder holds no readable metadata.csv (not a run)."""
    try:
        meta = csvfile.read_metadata(os.path.join(path, "metadata.csv"))
    except CsvError:
        return None
    # A run made before a key was recorded ran without what it records: not QUICK, not paired, not narrowed.
    whole = meta.get("quick") != "1" and not meta.get("bench_scenarios") and not meta.get("bench_sizes")
    return Run(path, meta.get("machine_id") or "", meta.get("paired") == "1", whole, meta.get("date") or "",
               frozenset((meta.get("variants") or "").split()))


def supersedes(newer: Run, older: Run) -> bool:
    """Whether one run supersedes another (the module's docstring)."""
    if newer.path == older.path or not newer.whole or not newer.machine:
        return False
    if (newer.machine, newer.paired) != (older.machine, older.paired) or not older.variants <= newer.variants:
        return False
    return not older.whole or newer.date > older.date


def why(newer: Run, older: Run) -> str:
    """What makes older superseded by newer, in words."""
    if not older.whole:
        return f"a QUICK or narrowed run; {newer.path} is a whole run of {newer.machine}"
    return f"measured {older.date or 'at no recorded date'}; {newer.path} is a whole run of {newer.machine} " \
           f"measured {newer.date}"


def superseded(results: str) -> list[tuple[Run, Run]]:
    """[(superseded run, a run that supersedes it)] of the run folders under results, in name order; of several
    runs that supersede one, the latest."""
    runs = [run for name in sorted(os.listdir(results))
            if not name.startswith(".") and os.path.isdir(os.path.join(results, name))
            and (run := read_run(os.path.join(results, name))) is not None]
    out = []
    for older in runs:
        newer = [run for run in runs if supersedes(run, older)]
        if newer:
            out.append((older, max(newer, key=lambda run: (run.date, run.path))))
    return out


def main(argv: list[str]) -> int:
    parser = Parser("prune-runs", "[RESULTS] [--remove]")
    parser.add_argument("results", nargs="?", default="results")
    parser.add_argument("--remove", action="store_true")
    return parser.run(argv, _prune)


def _prune(a: argparse.Namespace) -> int:
    try:
        found = superseded(a.results)
    except OSError as e:
        return fail("prune-runs", f"{a.results}: cannot be read ({e.strerror})")
    for older, newer in found:
        print(f"superseded: {older.path} ({why(newer, older)})")
    if not a.remove:
        print(f"prune-runs: {len(found)} superseded run(s) under {a.results}"
              + ("; --remove (make prune-runs PRUNE=1) removes them" if found else ""), file=sys.stderr)
        return 0
    for older, _ in found:
        try:
            shutil.rmtree(older.path)
        except OSError as e:
            return fail("prune-runs", f"{older.path}: cannot be removed ({e.strerror})")
    print(f"prune-runs: removed {len(found)} superseded run(s) under {a.results}", file=sys.stderr)
    return 0

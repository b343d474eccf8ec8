"""The analysis of a benchmark run: merging, intervals, ratios, the stopping rule, tables and plot data.

    python3 -m analysis COMMAND ARGS...     (scripts/ on the import path: scripts/analysis.sh runs it so)

Commands (each module's docstring says more):
    check FILE KIND        validate a CSV (KIND: runs, results, cachesim, metadata, crosscheck)
    settings --cells F     check a make bench run's settings (the environment) before it starts (settings.py)
    defaults [NAME...]     the defaults of make bench's settings, from scripts/defaults.mk (defaults.py)
    plan ...               the next round of processes under the stopping rule (plan.py)
    blocks BUILD OUT ...   every block measured side by side by the paired program, under the stopping rule (blocks.py)
    noise BUILD OUT ...    paired ratios against unpaired times beside a CPU hog switched on and off (noise.py)
    frames measure|summary ...   the framed scenarios' frames: recorded; typical and worst frame, hitches (frames.py)
    paired SAMPLES...      the paired ratios of bench-paired's samples, block by block (paired.py)
    reproduce DIR_A DIR_B  how many paired ratios of two runs agree within their intervals, and how many design
                           comparisons get the same verdict (reproduce.py)
    patterns DIR           whether the A/A twins lean one way by twin, link order, allocation or visiting order (paired.py)
    fidelity code|work ... each design's code and instructions in the paired program against bench-NAME (fidelity.py)
    results DIR            results.csv, results.json and metadata.csv from DIR's runs (results.py)
    summary RESULTS_CSV    the terminal summary (summary.py)
    scenarios ...          what the scenarios' descriptors give: the fresh set, the scenario table of docs/scenarios.md (scenarios.py)
    report ...             the generated tables of a report (report/)
    prose REPORT_MD        the numbers a report's prose types by hand instead of generating (prose.py)
    plots ...              the figures' data and gnuplot scripts (plots.py)
    cachesim-plan ...      which layouts the cache simulation replays (simulation.py)
    explained RESULTS_CSV --n N   the cells the first page's why compares at N, simulated beyond the caches (report/)
    cachesim-join ...      cachesim.csv from the simulator's dumps (simulation.py)
    framesim-join ...      framesim.csv from the simulator's dumps, a dump per frame (simulation.py)
    crosscheck-plan ...    the whole-process cross-check's commands (crosscheck.py)
    crosscheck-join ...    crosscheck.csv from hyperfine's export (crosscheck.py)
    crosscheck-rejoin DIR  crosscheck.csv again, with the in-process figures of DIR's new results.csv
    compare OUT DIR...     several machines' results side by side (compare.py)
    publish-tables DIR     the large tables as published: column by column, xz, in parts under 1 MB (tables.py)
    table-files DIR TABLE  the files that hold a published table (tables.py)
    table DIR TABLE        a published table's rows as CSV, whatever form and parts it is in (tables.py)
    prune-runs [RESULTS]   the superseded run folders under RESULTS; --remove removes them (prune.py)
    record DIR FILE...     adds files to DIR/manifest.csv as they are now (manifest.py)
    verify DIR [FILE...]   checks DIR/manifest.csv and every file it lists (manifest.py)
    publish STAGE OUT      checks that STAGE is a whole run and swaps it in for OUT in one step (publish.py)
"""

import argparse
import importlib
import sys
from typing import Callable, NoReturn

from .command import Parser, fail
from .csvfile import read
from .defaults import DefaultsError
from .files import CsvError


def check(argv: list[str]) -> int:
    parser = Parser("check", "FILE KIND")
    parser.add_argument("file")
    parser.add_argument("kind")
    return parser.run(argv, lambda a: _check(a.file, a.kind))


def _check(path: str, kind: str) -> int:
    try:
        read(path, kind)
    except CsvError as e:
        return fail("csv-check", e)
    return 0


# Each command's module and function, imported only when the command runs (a command needs few of the modules).
COMMANDS = {
    "settings": ("settings", "main"),
    "defaults": ("defaults", "main"),
    "plan": ("plan", "main"),
    "paired": ("paired", "main"),
    "reproduce": ("reproduce", "main"),
    "patterns": ("paired", "patterns_main"),
    "blocks": ("blocks", "main"),
    "noise": ("noise", "main"),
    "frames": ("frames", "main"),
    "fidelity": ("fidelity", "main"),
    "results": ("results", "main"),
    "summary": ("summary", "main"),
    "scenarios": ("scenarios", "main"),
    "report": ("report", "main"),
    "prose": ("prose", "main"),
    "plots": ("plots", "main"),
    "cachesim-plan": ("simulation", "plan_main"),
    "explained": ("report", "explained_main"),
    "cachesim-join": ("simulation", "join_main"),
    "framesim-join": ("simulation", "framesim_join_main"),
    "crosscheck-plan": ("crosscheck", "plan_main"),
    "crosscheck-join": ("crosscheck", "join_main"),
    "crosscheck-rejoin": ("crosscheck", "rejoin_main"),
    "compare": ("compare", "main"),
    "record": ("manifest", "record_main"),
    "verify": ("manifest", "verify_main"),
    "publish": ("publish", "main"),
    "publish-tables": ("tables", "publish_main"),
    "table-files": ("tables", "files_main"),
    "table": ("tables", "table_main"),
    "prune-runs": ("prune", "main"),
}


class _Commands(argparse.ArgumentParser):
    """The command line's first word: a wrong or missing command prints this module's docstring, exit 2."""

    def error(self, message: str) -> NoReturn:
        print((__doc__ or "").strip(), file=sys.stderr)
        sys.exit(2)


def main(argv: list[str]) -> int:
    parser = _Commands(prog="python3 -m analysis", add_help=False)
    parser.add_argument("command", choices=["check", *COMMANDS])
    parser.add_argument("arguments", nargs=argparse.REMAINDER)
    a = parser.parse_args(argv)
    if a.command == "check":
        return check(a.arguments)
    module, function = COMMANDS[a.command]
    run: Callable[[list[str]], int] = getattr(importlib.import_module("." + module, __package__), function)
    try:
        return run(a.arguments)
    except DefaultsError as e:
        # scripts/defaults.mk cannot be read, or lacks a default a command asks for: one line, not a traceback.
        print(f"{a.command}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

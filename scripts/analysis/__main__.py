"""The analysis of a benchmark run: merging, intervals, ratios, the stopping rule, tables and plot data.

    python3 scripts/analysis COMMAND ARGS...

Commands (each module's docstring says more):
    check FILE KIND        validate a CSV (KIND: runs, results, cachesim, metadata, crosscheck)
    settings --cells F     check a make bench run's settings (the environment) before it starts (settings.py)
    plan ...               the next round of processes under the stopping rule (plan.py)
    blocks BUILD OUT ...   every block measured side by side by the paired program, under the stopping rule (blocks.py)
    noise BUILD OUT ...    paired ratios against unpaired times beside a CPU hog switched on and off (noise.py)
    paired SAMPLES...      the paired ratios of bench-paired's samples, block by block (paired.py)
    reproduce DIR_A DIR_B  how many paired ratios of two runs agree within their intervals (paired.py)
    patterns DIR           whether the A/A twins lean one way by twin, link order, allocation or visiting order (paired.py)
    fidelity code|work ... each design's code and instructions in the paired program against bench-NAME (fidelity.py)
    results DIR            results.csv, results.json and metadata.csv from DIR's runs (results.py)
    summary RESULTS_CSV    the terminal summary (summary.py)
    scenarios ...          what the scenarios' descriptors give: the fresh set, the scenario table of docs/scenarios.md (scenarios.py)
    report ...             the generated tables of a report (report.py)
    prose REPORT_MD        the numbers a report's prose types by hand instead of generating (prose.py)
    plots ...              the figures' data and gnuplot scripts (plots.py)
    cachesim-plan ...      which layouts the cache simulation replays (simulation.py)
    cachesim-join ...      cachesim.csv from the simulator's dumps (simulation.py)
    crosscheck-plan ...    the whole-process cross-check's commands (crosscheck.py)
    crosscheck-join ...    crosscheck.csv from hyperfine's export (crosscheck.py)
    crosscheck-rejoin DIR  crosscheck.csv again, with the in-process figures of DIR's new results.csv
    compare OUT DIR...     several machines' results side by side (compare.py)
    publish-tables DIR     runs.csv and samples.csv as published: compressed, in parts under 1 MB (tables.py)
    table-files DIR TABLE  the files that hold a published table (tables.py)
    record DIR FILE...     adds files to DIR/manifest.csv as they are now (manifest.py)
    verify DIR [FILE...]   checks DIR/manifest.csv and every file it lists (manifest.py)
    publish STAGE OUT      checks that STAGE is a whole run and swaps it in for OUT in one step (publish.py)
"""

import sys

import csvfile
from command import fail, usage


def check(argv):
    if len(argv) != 2:
        return usage("check FILE KIND")
    try:
        csvfile.read(argv[0], argv[1])
    except csvfile.CsvError as e:
        return fail("csv-check", e)
    return 0


# Each command's module and function, imported only when the command runs.
COMMANDS = {
    "settings": ("settings", "main"),
    "plan": ("plan", "main"),
    "paired": ("paired", "main"),
    "reproduce": ("paired", "reproduce_main"),
    "patterns": ("paired", "patterns_main"),
    "blocks": ("blocks", "main"),
    "noise": ("noise", "main"),
    "fidelity": ("fidelity", "main"),
    "results": ("results", "main"),
    "summary": ("summary", "main"),
    "scenarios": ("scenarios", "main"),
    "report": ("report", "main"),
    "prose": ("prose", "main"),
    "plots": ("plots", "main"),
    "cachesim-plan": ("simulation", "plan_main"),
    "cachesim-join": ("simulation", "join_main"),
    "crosscheck-plan": ("crosscheck", "plan_main"),
    "crosscheck-join": ("crosscheck", "join_main"),
    "crosscheck-rejoin": ("crosscheck", "rejoin_main"),
    "compare": ("compare", "main"),
    "record": ("manifest", "record_main"),
    "verify": ("manifest", "verify_main"),
    "publish": ("publish", "main"),
    "publish-tables": ("tables", "publish_main"),
    "table-files": ("tables", "files_main"),
}


def main():
    import importlib

    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command, argv = sys.argv[1], sys.argv[2:]
    if command == "check":
        return check(argv)
    if command not in COMMANDS:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    module, function = COMMANDS[command]
    return getattr(importlib.import_module(module), function)(argv)


if __name__ == "__main__":
    sys.exit(main())

"""The published files of a run: results.csv, results.json and metadata.csv completed with what the merge found.

    python3 -m analysis results DIR

reads DIR/runs.csv or DIR/runs.csv.gz (every process's rows), DIR/cachesim.csv (optional) and DIR/metadata.csv,
and writes
DIR/results.csv, DIR/results.json and DIR/metadata.csv, each through a temporary file; nothing is written if
a file is malformed, if two processes, strategies or memory modes disagree on a checksum, or if the cache
simulation's checksum differs from the timed runs'. Where the run measured designs side by side (DIR/samples.csv
or samples.csv.gz, scripts/analysis/paired.py), the ratios of results.csv (to the raw floor, of the A/A twin) are
paired, and DIR/pairs.csv holds every design's paired ratio to the reference design (metadata paired_reference)
on the run's clock (paired_clock) in every block, and the controls against their originals; metadata.csv then
says what the controls show (paired.controls_metadata). A run whose metadata says paired=1 must have its samples.
"""

import json
import os
import sys

from . import cells as cellmod, csvfile, defaults, paired
from .command import Parser, fail
from .csvfile import Row
from .files import CsvError

# A reader checks the schema before reading; its number changes whenever a column changes meaning (docs/decisions.md).
SCHEMA = "ecs-storage-bench/results/3"
# Columns written as JSON strings even where they look like numbers.
TEXT_COLUMNS = {"strategy", "scenario", "unit", "query_kind", "checksum", "memory", "counter_events", "stopped"}


def _json_value(column: str, value: str) -> str | int | float | None:
    if value == "":
        return None
    if column not in TEXT_COLUMNS:
        try:
            number = float(value)
            return int(number) if value.isdigit() else number
        except ValueError:
            pass
    return value


def build(directory: str) -> tuple[list[Row], dict[str, str], list[Row] | None]:
    """(results rows, completed metadata, pairs.csv's rows where the run was paired) of a results folder; raises
    CsvError or MergeError."""
    runs = csvfile.read_table(directory, "runs", "runs")
    metadata = csvfile.read_metadata(os.path.join(directory, "metadata.csv"))
    sim_path = os.path.join(directory, "cachesim.csv")
    sim_rows = csvfile.read(sim_path, "cachesim") if os.path.exists(sim_path) else []
    # A run records its settings; one that lacks them ran with make bench's defaults.
    clock = metadata.get("paired_clock", defaults.text("PAIRED_CLOCK"))
    pairing = paired.load_pairing(directory, clock, required=metadata.get("paired") == "1")
    cells = cellmod.group(runs, pairing)
    cellmod.check_processes(cells)
    cellmod.check_checksums(runs, "results")
    sim = cellmod.simulated(sim_rows)
    cellmod.check_simulation(cells, sim)
    unjoined = [k for k in sim if cellmod.CellKey(k[0], k[1], k[2], "warm") not in cells]
    if unjoined:
        s, sc, n = unjoined[0]
        print(f"results: {len(unjoined)} simulated cells have no timed row (e.g. {s} {sc} n={n}): they stay in "
              "cachesim.csv only", file=sys.stderr)
    rows = cellmod.result_rows(cells, sim, cellmod.stopping_of(metadata), pairing)
    # What the binaries recorded of their build, once per strategy rather than on every row. A published
    # runs.csv.gz leaves those columns out: the metadata's own build keys then stay as they are.
    build: dict[str, str] = {}
    for row in runs:
        if row.get("compiler"):
            build["compiler_recorded"] = row["compiler"]
        if row.get("flags"):
            build["flags:" + row["strategy"]] = row["flags"].rstrip()
    if not build:
        build = {k: v for k, v in metadata.items() if k == "compiler_recorded" or k.startswith("flags:")}
    derived = dict(cellmod.stopping_metadata(rows, len(runs)))
    reanalysed = "reanalysed_commit" in metadata
    if reanalysed:
        # How the cells stopped is what the run did: its record stays, and this analysis's view goes beside it.
        derived = {(f"reanalysed_{k}" if k.startswith("cells_stopped_") else k): v for k, v in derived.items()}
    derived.update(cellmod.aa_metadata(rows))
    pairs = None
    if pairing is not None:
        pairs = paired.pair_rows(pairing, metadata.get("paired_reference", defaults.text("PAIRED_REFERENCE")))
        target = float(metadata.get("bench_target_ci", defaults.text("BENCH_TARGET_CI")))
        derived.update(paired.controls_metadata(pairs, target))
    completed = {k: v for k, v in metadata.items()
                 if not (k in derived or k in build or k == "compiler_recorded" or k.startswith("flags:")
                         or k.startswith("aa_") or k.startswith("paired_aa_")
                         or k.startswith("reanalysed_cells_stopped_")
                         or (k.startswith("cells_stopped_") and not reanalysed)
                         or k.startswith("paired_planted_") or k == "paired_within_target")}
    if "compiler_recorded" in build:
        completed["compiler_recorded"] = build["compiler_recorded"]
    completed.update(derived)
    completed.update((k, build[k]) for k in sorted(build) if k.startswith("flags:"))
    return rows, completed, pairs


def write_json(path: str, rows: list[Row], metadata: dict[str, str]) -> None:
    document = {
        "schema": SCHEMA,
        "metadata": metadata,
        "columns": list(cellmod.COLUMNS),
        "rows": [[_json_value(c, row.get(c, "")) for c in cellmod.COLUMNS] for row in rows],
    }
    # No space after a separator: the rows are most of the file (a paired run's stays under 1 MiB; a run of
    # separate processes, with more cells, does not).
    text = json.dumps(document, indent=None, separators=(",", ":")) + "\n"
    csvfile.replace(path, text.encode("utf-8"))


def main(argv: list[str]) -> int:
    parser = Parser("results", "DIR")
    parser.add_argument("dir")
    return parser.run(argv, lambda a: _results(a.dir))


def _results(directory: str) -> int:
    try:
        rows, metadata, pairs = build(directory)
    except (CsvError, cellmod.MergeError) as e:
        return fail("results", e)
    try:
        csvfile.write(os.path.join(directory, "results.csv"), cellmod.COLUMNS, rows)
        write_json(os.path.join(directory, "results.json"), rows, metadata)
        csvfile.write(os.path.join(directory, "metadata.csv"), ("key", "value"), list(metadata.items()))
        if pairs is not None:
            csvfile.write(os.path.join(directory, "pairs.csv"), paired.PAIR_COLUMNS, pairs)
    except (OSError, CsvError) as e:
        return fail("results", f"cannot write the files of {directory}: {e}")
    print(f"results: wrote {directory}/results.csv and results.json ({len(rows)} cells)", file=sys.stderr)
    return 0

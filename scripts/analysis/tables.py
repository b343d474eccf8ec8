"""A run's large tables as published: every process's rows (runs), every sample (samples) and every frame of the
framed scenarios' sequences (frames).

    python3 -m analysis publish-tables DIR
    python3 -m analysis table-files DIR TABLE...
    python3 -m analysis table DIR TABLE

publish-tables turns the tables a run wrote in DIR (runs.csv, samples.csv, frames.csv) into their published form:
runs.csv without the build columns every row repeats (metadata.csv has them once) and without hardware columns no
process filled; each table stored column by column and xz-compressed (files.COLUMNS_SUFFIX), as TABLE.columns.xz
or, where that would exceed csvfile.PART_BYTES, as parts TABLE-1.columns.xz to TABLE-K.columns.xz of whole rows,
each with the header (csvfile.write_table). A table already published is written anew only where it is in the
earlier form (gzip-compressed rows, TABLE.csv.gz or its parts) or one of its files exceeds PART_BYTES, its rows
unchanged. Where DIR's manifest.csv listed the old files it lists the new ones instead. Exit 0, or 1 with
"publish-tables: FILE: what" (the folder is then not a whole run: the pipeline does not publish it).

table-files prints, one per line, the names of the files that hold each TABLE in DIR (csvfile.table_files);
exit 1 where the parts are not one whole, 2 on a usage error.

table prints a table of DIR as CSV, its header and then every row of every part (its files checked as every reader
checks them): how to read a table stored column by column; exit 1 where it cannot be read, 2 on a usage error.
"""

import argparse
import os
import sys

from . import csvfile, files
from .command import Parser, fail
from .files import CsvError

# The columns of runs.csv that repeat the build in every row; metadata.csv records them once.
BUILD_COLUMNS = ("compiler", "flags")


def runs_as_published(path: str) -> tuple[str, list[str]]:
    """(header, row lines) of a run's runs.csv as published."""
    rows = csvfile.read(path, "runs")
    columns = [c for c in csvfile.header_of(path) if c not in BUILD_COLUMNS]
    # Hardware columns stay only where some process counted something.
    required = csvfile.required_columns("runs")
    columns = [c for c in columns if c in required or any(r[c] != "" for r in rows)]
    lines = files.render(columns, rows)
    return lines[0], lines[1:]


def published_lines(directory: str, table: str) -> tuple[str, list[str]]:
    """(header, row lines) of a table already published in parts, each part's header the same."""
    header: str | None = None
    lines: list[str] = []
    for path, text in csvfile.read_table_texts(directory, table):
        part_header, part_lines = csvfile.table_lines(path, text)
        if header is not None and part_header != header:
            raise CsvError(f"{path}:1: its header is not the first part's")
        header = part_header
        lines.extend(part_lines)
    if header is None:
        raise CsvError(f"{os.path.join(directory, csvfile.published_name(table))}: no such file")
    return header, lines


def publish(directory: str, table: str) -> list[str]:
    """Publishes one table of DIR (the module's docstring); returns the names of its files (none where the run has
    no such table). Raises CsvError."""
    names = csvfile.table_files(directory, table)
    if not names:
        return []
    if names == [f"{table}.csv"]:
        path = os.path.join(directory, names[0])
        if table == "runs":
            header, lines = runs_as_published(path)
        else:
            header, lines = csvfile.table_lines(path, csvfile.read_text(path))
    elif all(name.endswith(csvfile.SUFFIX) and os.path.getsize(os.path.join(directory, name)) <= csvfile.PART_BYTES
             for name in names):
        return names
    else:
        header, lines = published_lines(directory, table)
    return csvfile.write_table(directory, table, header, lines)


def publish_main(argv: list[str]) -> int:
    parser = Parser("publish-tables", "DIR")
    parser.add_argument("dir")

    def run(a: argparse.Namespace) -> int:
        if not os.path.isdir(a.dir):
            return parser.usage_error()
        try:
            for table in csvfile.TABLES:
                publish(a.dir, table)
        except (CsvError, OSError) as e:
            return fail("publish-tables", e)
        return 0

    return parser.run(argv, run)


def files_main(argv: list[str]) -> int:
    parser = Parser("table-files", f"DIR TABLE... (TABLE: {', '.join(csvfile.TABLES)})")
    parser.add_argument("dir")
    parser.add_argument("tables", nargs="+", choices=csvfile.TABLES)
    return parser.run(argv, _files)


def table_main(argv: list[str]) -> int:
    parser = Parser("table", f"DIR TABLE (TABLE: {', '.join(csvfile.TABLES)})")
    parser.add_argument("dir")
    parser.add_argument("table", choices=csvfile.TABLES)
    return parser.run(argv, _table)


def _table(a: argparse.Namespace) -> int:
    try:
        header, lines = published_lines(a.dir, a.table)
    except CsvError as e:
        return fail("table", e)
    sys.stdout.write(header + "".join(lines))
    return 0


def _files(a: argparse.Namespace) -> int:
    try:
        for table in a.tables:
            for name in csvfile.table_files(a.dir, table):
                print(name)
    except CsvError as e:
        return fail("table-files", e)
    return 0

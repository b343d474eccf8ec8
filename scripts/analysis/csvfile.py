"""Reading the pipeline's CSV files, refusing any that is truncated, hand-edited or foreign.

Every file is checked before a figure is taken from it: it must exist, end with a newline (a file cut short
mid-write does not), have a header naming the columns its kind requires and at least one row, every row with
the header's number of fields, and every required column's values of its type. The first problem raises
CsvError with "FILE:LINE: what" so that a wrong table is never built from a broken file.
"""

import csv
import gzip
import io
import os
import re


class CsvError(Exception):
    """A file that is not what its kind requires; str() is "FILE:LINE: message"."""


_NUMBER = re.compile(r"^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$")
_SIGNED = re.compile(r"^-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$")
_HEX = re.compile(r"^[0-9a-fA-F]+$")
_POSITIVE = re.compile(r"^[1-9][0-9]*$")

# Column types: s non-empty text, i positive integer, n non-negative number, r any number, h hexadecimal,
# e a non-negative number or empty.
TYPES = {
    "s": ("non-empty text", lambda v: v != ""),
    "i": ("a positive integer", lambda v: bool(_POSITIVE.match(v))),
    "n": ("a non-negative number", lambda v: bool(_NUMBER.match(v))),
    "r": ("a number", lambda v: bool(_SIGNED.match(v))),
    "h": ("hexadecimal", lambda v: bool(_HEX.match(v))),
    "e": ("a non-negative number or empty", lambda v: v == "" or bool(_NUMBER.match(v))),
}

_RUN_COLUMNS = (
    "strategy:s scenario:s n:i unit:s samples:i inner:i median_ns:n min_ns:n max_ns:n mad_ns:n "
    "bytes_per_entity:n peak_bytes_per_entity:n checksum:h memory:s layout_seed:h warmup_ms:n"
)

# What each kind of file must hold.
KINDS = {
    # every process's rows, as the bench binaries print them (runs.csv)
    "runs": _RUN_COLUMNS,
    # the rows the cache-simulator binaries print (untimed: no times)
    "simulated": "strategy:s scenario:s n:i unit:s checksum:h layout_seed:h",
    # the published rows, one per cell (results.csv)
    "results": (
        "strategy:s scenario:s n:i unit:s memory:s processes:i median_ns:n median_lo_ns:n median_hi_ns:n "
        "min_ns:n max_ns:n mad_ns:n process_spread_ns:n bytes_per_entity:n peak_bytes_per_entity:n checksum:h "
        "raw_ratio:e raw_ratio_lo:e raw_ratio_hi:e stopped:s sim_instructions_per_unit:e sim_d1_misses_per_unit:e "
        "sim_ll_misses_per_unit:e"
    ),
    # the cache simulation, one row per simulated cell and layout (cachesim.csv)
    "cachesim": (
        "strategy:s scenario:s n:i unit:s layout_seed:h instructions_per_unit:n d1_misses_per_unit:n "
        "ll_misses_per_unit:n checksum:h"
    ),
    # the run's description (metadata.csv)
    "metadata": "key:s",
    # the whole-process cross-check (crosscheck.csv)
    "crosscheck": (
        "strategy:s scenario:s n:i unit:s inner:i extra_runs:i in_process_ns:n whole_process_ns:r ratio:r "
        "hyperfine_runs:i"
    ),
}


# Columns a kind of file may lack (files written before they existed), checked where present.
OPTIONAL = {
    # the share of a run's time its read-back passes took (harness/scenario.h, observed_ns)
    "runs": "observed_ns:e",
    "results": "observed_ns:e",
}


def required_columns(kind):
    """The names of the columns a kind of file must have."""
    return [name for name, _ in _required(kind)]


def _required(kind):
    spec = KINDS[kind] if kind in KINDS else kind
    out = []
    for item in spec.split():
        name, _, code = item.partition(":")
        out.append((name, code or "s"))
    return out


def runs_path(directory):
    """A results folder's runs: runs.csv while a run is being made, runs.csv.gz once published."""
    plain = os.path.join(directory, "runs.csv")
    return plain if os.path.exists(plain) or not os.path.exists(plain + ".gz") else plain + ".gz"


def read(path, kind):
    """The rows of a CSV file (gzip-compressed where the name ends in .gz) of the given kind (a key of KINDS), as
    dicts keyed by column name, after checking it. Raises CsvError."""
    try:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", newline="", encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise CsvError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, EOFError) as e:
        raise CsvError(f"{path}: cannot be read ({e})") from None
    if text == "":
        raise CsvError(f"{path}: empty file, not a {kind} CSV")
    if not text.endswith("\n"):
        raise CsvError(f"{path}:{text.count(chr(10)) + 1}: the last line has no end: the file was cut short")
    lines = text.splitlines()
    reader = csv.reader(lines)
    try:
        header = next(reader)
    except csv.Error as e:
        raise CsvError(f"{path}:1: {e}") from None
    if len(header) < 2:
        raise CsvError(f"{path}:1: no header line (expected column names such as strategy,scenario,n,...)")
    if len(set(header)) != len(header):
        raise CsvError(f"{path}:1: a column is named twice in the header")
    required = _required(kind)
    for name, _ in required:
        if name not in header:
            raise CsvError(f'{path}:1: the header has no column "{name}": not a {kind} CSV')
    checked = required + [(name, code) for name, code in _required(OPTIONAL.get(kind, "")) if name in header]
    rows = []
    try:
        for fields in reader:
            line = reader.line_num
            if len(fields) != len(header):
                raise CsvError(f"{path}:{line}: {len(fields)} fields where the header has {len(header)}")
            row = dict(zip(header, fields))
            for name, code in checked:
                what, ok = TYPES[code]
                if not ok(row[name]):
                    raise CsvError(f'{path}:{line}: column {name} has "{row[name]}", not {what}')
            rows.append(row)
    except csv.Error as e:
        raise CsvError(f"{path}:{reader.line_num}: {e}") from None
    if not rows:
        raise CsvError(f"{path}: a header and no rows")
    return rows


def header_of(path):
    """The column names of a CSV file (its first line)."""
    with open(path, newline="", encoding="utf-8") as f:
        return next(csv.reader(f), [])


def read_metadata(path):
    """metadata.csv as an ordered dict key -> value."""
    rows = read(path, "metadata")
    if "value" not in rows[0]:
        raise CsvError(f'{path}:1: the header has no column "value": not a metadata CSV')
    return {row["key"]: row["value"] for row in rows}


def write(path, columns, rows):
    """Writes rows (dicts, or sequences in column order) as CSV to path (gzip-compressed where the name ends in
    .gz, with no time stamp, so the same rows give the same bytes) through path.partial, so that a reader never
    sees half a file."""
    text = io.StringIO(newline="")
    w = csv.writer(text, lineterminator="\n")
    w.writerow(columns)
    for row in rows:
        w.writerow([row.get(c, "") for c in columns] if isinstance(row, dict) else row)
    data = text.getvalue().encode("utf-8")
    if path.endswith(".gz"):
        data = gzip.compress(data, compresslevel=9, mtime=0)
    partial = path + ".partial"
    with open(partial, "wb") as f:
        f.write(data)
    os.replace(partial, path)

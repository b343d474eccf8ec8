"""Reading the pipeline's CSV files, refusing any that is truncated, hand-edited or foreign.

Every file is checked before a figure is taken from it: where its folder holds a manifest.csv that lists it
(manifest.py), it must be byte for byte what was recorded there; it must exist, end with a newline (a file cut
short mid-write does not; lines may end in LF or CRLF), have a header naming the columns its kind requires and
at least one row, every row with the header's number of fields, every required column's values of its type,
and no two rows with the same key (KEYS: a row written twice). The first problem raises CsvError with
"FILE:LINE: what" (or "FILE: what") so that a wrong table is never built from a broken file. Readers of a
published run (summary, report, compare) pass recorded=True: the file must then be listed in its folder's
manifest.csv, and a folder without one is refused.
"""

import csv
import gzip
import io
import os
import re
import zlib


class CsvError(Exception):
    """A file that is not what its kind requires; str() is "FILE:LINE: message"."""


_NUMBER = re.compile(r"^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$")
_SIGNED = re.compile(r"^-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$")
_HEX = re.compile(r"^[0-9a-fA-F]+$")
_POSITIVE = re.compile(r"^[1-9][0-9]*$")

# A time per unit is above 0 (a run that took no time has no logarithm and measured nothing) and below a day: no
# run of a scenario lasts that long per unit, so such a value is a broken file, not a measurement.
_LONGEST_NS = 86400e9


def _duration(v):
    return bool(_NUMBER.match(v)) and 0 < float(v) < _LONGEST_NS


# Column types: s non-empty text, t any text (empty too), i positive integer, n non-negative number, r any
# number, h hexadecimal, e a non-negative number or empty, d a time in ns above 0 and below a day.
TYPES = {
    "s": ("non-empty text", lambda v: v != ""),
    "t": ("text", lambda v: True),
    "i": ("a positive integer", lambda v: bool(_POSITIVE.match(v))),
    "n": ("a non-negative number", lambda v: bool(_NUMBER.match(v))),
    "r": ("a number", lambda v: bool(_SIGNED.match(v))),
    "h": ("hexadecimal", lambda v: bool(_HEX.match(v))),
    "e": ("a non-negative number or empty", lambda v: v == "" or bool(_NUMBER.match(v))),
    "d": ("a time in ns above 0 and below a day", _duration),
}

_RUN_COLUMNS = (
    "strategy:s scenario:s n:i unit:s samples:i inner:i median_ns:d min_ns:d max_ns:d mad_ns:n "
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
        "strategy:s scenario:s n:i unit:s query_kind:t memory:s processes:i inner:i time_ns:d time_lo_ns:d "
        "time_hi_ns:d min_ns:d max_ns:d mad_ns:n process_spread_ns:n bytes_per_entity:n peak_bytes_per_entity:n "
        "checksum:h raw_ratio:e raw_ratio_lo:e raw_ratio_hi:e aa_ratio:e aa_ratio_lo:e aa_ratio_hi:e stopped:s "
        "sim_instructions_per_unit:e sim_d1_misses_per_unit:e sim_ll_misses_per_unit:e"
    ),
    # the cache simulation, one row per simulated cell and layout (cachesim.csv)
    "cachesim": (
        "strategy:s scenario:s n:i unit:s layout_seed:h instructions_per_unit:n d1_misses_per_unit:n "
        "ll_misses_per_unit:n checksum:h"
    ),
    # the scenarios' descriptors, as every bench binary of the run prints them (--describe; scenarios.csv)
    "scenarios": "scenario:s family:s unit:s strategy:s sizes:s fresh:n description:s",
    # the run's description (metadata.csv)
    "metadata": "key:s",
    # the paired ratios, a row per design and block against the reference or a control's original (pairs.csv)
    "pairs": (
        "scenario:s n:i memory:s strategy:s reference:s ratio:n ratio_lo:n ratio_hi:n processes:i truth:e"
    ),
    # the whole-process cross-check (crosscheck.csv)
    "crosscheck": (
        "strategy:s scenario:s n:i unit:s inner:i extra_runs:i in_process_ns:n whole_process_ns:r ratio:r "
        "hyperfine_runs:i"
    ),
}


# Columns a kind of file may lack (files written before they existed), checked where present.
OPTIONAL = {
    # the share of a run's time its read-back passes took (harness/scenario.h, observed_ns), and the entities a
    # change term's passes handed out per entity they had to (change_report)
    "runs": "observed_ns:e reported_per_change:e",
    "results": "observed_ns:e reported_per_change:e",
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


def samples_path(directory):
    """A results folder's samples of the paired program (samples.csv while a run is being made, samples.csv.gz once
    published), or None where the run measured none."""
    for name in ("samples.csv", "samples.csv.gz"):
        if os.path.exists(os.path.join(directory, name)):
            return os.path.join(directory, name)
    return None


# The columns that identify a row of each kind: two rows with the same values there are one row written twice
# (a cell merged twice, a file concatenated with itself), and figures taken from either would be wrong.
KEYS = {
    "runs": ("strategy", "scenario", "n", "memory", "layout_seed"),
    "results": ("strategy", "scenario", "n", "memory"),
    "cachesim": ("strategy", "scenario", "n", "layout_seed"),
    "metadata": ("key",),
    "scenarios": ("scenario", "strategy"),
    "crosscheck": ("strategy", "scenario", "n"),
    "pairs": ("scenario", "n", "memory", "strategy", "reference"),
}


def _load(path, recorded):
    """The bytes of a file, checked against its folder's manifest.csv where that lists it (and, with recorded,
    refused unless it does). Raises CsvError."""
    import manifest

    directory = os.path.dirname(path) or "."
    name = os.path.basename(path)
    if recorded and not os.path.isdir(directory):
        raise CsvError(f"{path}: there is no folder {directory} (no run was published there)")
    entries = manifest.load(directory)
    if entries is None and recorded:
        raise CsvError(f"{path}: {directory} has no {manifest.NAME}: not a complete published run")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        listed = entries is not None and name in entries
        where = f" (it is listed in {directory}/{manifest.NAME})" if listed else ""
        raise CsvError(f"{path}: no such file{where}") from None
    except OSError as e:
        raise CsvError(f"{path}: cannot be read ({e})") from None
    if entries is not None and name in entries:
        manifest.check(directory, entries[name], data)
    elif recorded:
        raise CsvError(f"{path}: not listed in {directory}/{manifest.NAME}: not part of the published run")
    return data


def decode(path, data):
    """The text of a CSV file's bytes (decompressed where the name ends in .gz). Raises CsvError."""
    try:
        if path.endswith(".gz"):
            data = gzip.decompress(data)
        return data.decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError, zlib.error) as e:
        raise CsvError(f"{path}: cannot be read ({e})") from None


def read_text(path, recorded=False):
    """The text of a file (decompressed where the name ends in .gz), checked against its folder's manifest.csv as
    read() checks it, for files read by their own parser. Raises CsvError."""
    return decode(path, _load(path, recorded))


def read(path, kind, recorded=False):
    """The rows of a CSV file (gzip-compressed where the name ends in .gz) of the given kind (a key of KINDS, or
    None for any CSV with a header), as dicts keyed by column name, after checking it: against its folder's
    manifest.csv where that lists it, then its form, its columns' types and, for a kind with a key (KEYS), that
    no two rows share one. With recorded, the file must be listed in its folder's manifest.csv (a published
    run's file, whole as it was written). Raises CsvError."""
    text = decode(path, _load(path, recorded))
    what = f"a {kind} CSV" if kind else "a CSV file"
    if text == "":
        raise CsvError(f"{path}: empty file, not {what}")
    if not text.endswith("\n"):
        if text.endswith("\r"):
            raise CsvError(f"{path}: its lines end with a carriage return alone (old Mac line ends), not a line feed")
        raise CsvError(f"{path}:{text.count(chr(10)) + 1}: the last line has no end: the file was cut short")
    # Lines end in LF or CRLF alike; a quoted field keeps the line breaks inside it.
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except csv.Error as e:
        raise CsvError(f"{path}:1: {e}") from None
    if len(header) < 2:
        raise CsvError(f"{path}:1: no header line (expected column names such as strategy,scenario,n,...)")
    if len(set(header)) != len(header):
        raise CsvError(f"{path}:1: a column is named twice in the header")
    required = _required(kind) if kind else []
    for name, _ in required:
        if name not in header:
            raise CsvError(f'{path}:1: the header has no column "{name}": not {what}')
    checked = required + [(name, code) for name, code in _required(OPTIONAL.get(kind, "")) if name in header]
    key = KEYS.get(kind)
    seen = {}
    rows = []
    try:
        for fields in reader:
            line = reader.line_num
            if len(fields) != len(header):
                raise CsvError(f"{path}:{line}: {len(fields)} fields where the header has {len(header)}")
            row = dict(zip(header, fields))
            for name, code in checked:
                what_type, ok = TYPES[code]
                if not ok(row[name]):
                    raise CsvError(f'{path}:{line}: column {name} has "{row[name]}", not {what_type}')
            if key:
                values = tuple(row[k] for k in key)
                if values in seen:
                    named = " ".join(f"{k}={v}" for k, v in zip(key, values))
                    raise CsvError(f"{path}:{line}: a second row for {named}: line {seen[values]} has the same "
                                   f"{', '.join(key)}")
                seen[values] = line
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


def read_metadata(path, recorded=False):
    """metadata.csv as an ordered dict key -> value (recorded: as read)."""
    rows = read(path, "metadata", recorded)
    if "value" not in rows[0]:
        raise CsvError(f'{path}:1: the header has no column "value": not a metadata CSV')
    return {row["key"]: row["value"] for row in rows}


def write(path, columns, rows):
    """Writes rows (dicts, or sequences in column order) as CSV to path (gzip-compressed where the name ends in
    .gz, with no time stamp, so the same rows give the same bytes) through path.partial, so that a reader never
    sees half a file; a failed write or rename removes path.partial. Where the folder's manifest.csv lists the
    file, its entry is recorded anew."""
    text = io.StringIO(newline="")
    w = csv.writer(text, lineterminator="\n")
    w.writerow(columns)
    for row in rows:
        w.writerow([row.get(c, "") for c in columns] if isinstance(row, dict) else row)
    data = text.getvalue().encode("utf-8")
    if path.endswith(".gz"):
        data = gzip.compress(data, compresslevel=9, mtime=0)
    replace(path, data)


def replace(path, data):
    """Writes data (bytes) to path through path.partial, removed again if writing or renaming fails; where the
    folder's manifest.csv lists the file, its entry is recorded anew."""
    partial = path + ".partial"
    try:
        with open(partial, "wb") as f:
            f.write(data)
        os.replace(partial, path)
    except BaseException:
        try:
            os.remove(partial)
        except OSError:
            pass
        raise
    import manifest

    manifest.rerecord(path)

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
from typing import Callable, Iterable

from . import files, manifest
from .files import CsvError as CsvError  # raised by every reader here: part of this module's interface

# A row as read: its value in each column, by the column's name.
Row = dict[str, str]
# The keys of the rows read so far (KEYS), each with where it was read: {key: (path, line)}.
Seen = dict[tuple[str, ...], tuple[str, int]]

_NUMBER = re.compile(r"^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$")
_SIGNED = re.compile(r"^-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$")
_HEX = re.compile(r"^[0-9a-fA-F]+$")
_POSITIVE = re.compile(r"^[1-9][0-9]*$")

# A time per unit is above 0 (a run that took no time has no logarithm and measured nothing) and below a day: no
# run of a scenario lasts that long per unit, so such a value is a broken file, not a measurement.
_LONGEST_NS = 86400e9


def _duration(v: str) -> bool:
    return bool(_NUMBER.match(v)) and 0 < float(v) < _LONGEST_NS


# Column types: s non-empty text, t any text (empty too), i positive integer, w whole number (0 too), n non-negative
# number, r any number, h hexadecimal, e a non-negative number or empty, d a time in ns above 0 and below a day.
TYPES: dict[str, tuple[str, Callable[[str], bool]]] = {
    "s": ("non-empty text", lambda v: v != ""),
    "t": ("text", lambda v: True),
    "i": ("a positive integer", lambda v: bool(_POSITIVE.match(v))),
    "w": ("a whole number", lambda v: v.isascii() and v.isdigit()),
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
    # every frame of the framed scenarios' sequences, as bench-paired --frames writes them (frames.csv)
    "frames": (
        "process_seed:h link_order:w scenario:s n:i memory:s layout:w layout_seed:h strategy:s round:w position:w "
        "frame:w wall_ns:n cpu_ns:n allocations:w bytes_allocated:w bytes_retired:w planted_percent:w"
    ),
    # the simulation frame by frame: one row per simulated cell and frame (framesim.csv)
    "framesim": (
        "strategy:s scenario:s n:i layout_seed:h frame:w instructions:w d1_misses:n ll_misses:n checksum:h"
    ),
    # the framed scenarios' frames per design: typical and worst frames, the hitch and its verdict, the worst steady
    # frame against the scenario's lowest, the start-up frame (hitches.csv)
    "hitches": (
        "scenario:s n:i strategy:s frames:i sequences:i processes:i median_frame_ns:n p99_frame_ns:n "
        "worst_frame_ns:n worst_over_median:n typical_median_ns:n typical_worst_ns:n typical_worst_frame:w hitch:n "
        "hitch_lo:n hitch_hi:n hitch_frame:w over_floor:e over_floor_lo:e over_floor_hi:e verdict:s bytes_worst:w "
        "bytes_worst_frame:w bytes_median:n bytes_total:w allocations_worst:w bytes_allocated_worst:w floor:t "
        "planted_frame:e planted_percent:e worst_steady_frame:w worst_steady_ns:n worst_steady_lo_ns:n "
        "worst_steady_hi_ns:n lowest:t over_lowest:e over_lowest_lo:e over_lowest_hi:e budget:t start_ns:n "
        "start_over_floor:e start_over_floor_lo:e start_over_floor_hi:e"
    ),
    # the whole-process cross-check (crosscheck.csv)
    "crosscheck": (
        "strategy:s scenario:s n:i unit:s inner:i extra_runs:i in_process_ns:n whole_process_ns:e ratio:e "
        "hyperfine_runs:i"
    ),
}


# Columns a kind of file may lack (files written before they existed), checked where present.
OPTIONAL = {
    # the share of a run's time its read-back passes took (scenarios/scenario.h, observed_ns), and the entities a
    # change term's passes handed out per entity they had to (change_report)
    "runs": "observed_ns:e reported_per_change:e",
    "results": "observed_ns:e reported_per_change:e",
    # the frames of a sequence, for a scenario measured frame by frame (0 for the others)
    "scenarios": (
        "frames:e figures:t headline_place:w headline:t frame_place:w frame_answer:t change_percent:n "
        "tracking_reference:t query_base:t live_queries:w"
    ),
    # the simulated instructions per frame, where the run simulated its frames
    "hitches": "instructions_median:e instructions_worst:e instructions_worst_frame:e",
}


def required_columns(kind: str) -> list[str]:
    """The names of the columns a kind of file must have."""
    return [name for name, _ in _required(kind)]


def _required(kind: str) -> list[tuple[str, str]]:
    spec = KINDS[kind] if kind in KINDS else kind
    out = []
    for item in spec.split():
        name, _, code = item.partition(":")
        out.append((name, code or "s"))
    return out


# A published table's file stays under this many bytes, so that every file of a results folder stays small enough
# to commit and review one by one: a table that compresses to more is split into parts of whole rows, each a CSV
# file with the header.
PART_BYTES = 1_000_000

# The tables a run publishes in parts where they are large: every process's rows, every sample, every frame and
# every simulated frame.
TABLES = ("runs", "samples", "frames", "framesim")


# How a table is published (files.COLUMNS_SUFFIX: column by column, xz-compressed), and how runs published before
# that hold it (gzip-compressed rows), which every reader still reads.
SUFFIX = files.COLUMNS_SUFFIX
EARLIER_SUFFIX = ".csv.gz"


def _part_number(name: str, table: str) -> int | None:
    """The part number of a published table's file name: 0 for TABLE.columns.xz (the table in one file), K for
    TABLE-K.columns.xz (or the same names in EARLIER_SUFFIX), None for any other name."""
    for suffix in (SUFFIX, EARLIER_SUFFIX):
        if name == table + suffix:
            return 0
        match = re.fullmatch(re.escape(table) + r"-([1-9][0-9]*)" + re.escape(suffix), name)
        if match:
            return int(match.group(1))
    return None


def published_name(table: str, part: int = 0) -> str:
    """The name of a published table's one file (part 0) or of its part K."""
    return f"{table}{SUFFIX}" if part == 0 else f"{table}-{part}{SUFFIX}"


def table_files(directory: str, table: str) -> list[str]:
    """The names of the files that hold a results folder's table (one of TABLES): TABLE.csv while a run is being
    made; once published TABLE.columns.xz, or TABLE-1.columns.xz to TABLE-K.columns.xz where one file would exceed
    PART_BYTES (TABLE.csv.gz and its parts in a run published before).
    Both the folder and its manifest.csv are looked at, so that a part the manifest lists but the folder lost is
    still named (and then refused by read). Empty where the folder holds none. Raises CsvError where the parts
    are not one whole: the table both in one file and in parts, or a part number missing."""
    if os.path.exists(os.path.join(directory, f"{table}.csv")):
        return [f"{table}.csv"]
    names = set(os.listdir(directory)) if os.path.isdir(directory) else set()
    names |= set(manifest.load(directory) or ())
    parts = sorted((number, name) for name in names if (number := _part_number(name, table)) is not None)
    numbers = [number for number, _ in parts]
    if 0 in numbers and len(numbers) > 1:
        raise CsvError(f"{directory}: holds {parts[0][1]} and {parts[1][1]}: which is the run's is not known")
    if numbers and numbers != [0] and numbers != list(range(1, len(numbers) + 1)):
        missing = min(set(range(1, numbers[-1] + 1)) - set(numbers))
        suffix = parts[-1][1][parts[-1][1].index("."):]
        raise CsvError(f"{directory}: {table}-{missing}{suffix} is missing (the folder has {len(numbers)} parts of "
                       f"{table} up to {parts[-1][1]})")
    return [name for _, name in parts]


def table_label(directory: str, table: str) -> str:
    """How messages name a results folder's table: its one file, or its parts as DIR/TABLE-1..K.columns.xz."""
    try:
        names = table_files(directory, table)
    except CsvError:
        names = []
    if len(names) > 1:
        return os.path.join(directory, f"{table}-1..{len(names)}{names[0][names[0].index('.'):]}")
    return os.path.join(directory, names[0] if names else published_name(table))


def read_table(directory: str, table: str, kind: str, recorded: bool = False) -> list[Row]:
    """The rows of a results folder's table (table_files) of the given kind, each file checked as read() checks
    it, and no two rows of the whole with the same key (KEYS). Raises CsvError, also where the folder has none."""
    names = table_files(directory, table)
    if not names:
        raise CsvError(f"{os.path.join(directory, published_name(table))}: no such file")
    rows: list[Row] = []
    seen: Seen = {}
    for name in names:
        rows.extend(read(os.path.join(directory, name), kind, recorded, seen))
    return rows


def read_table_texts(directory: str, table: str, recorded: bool = False) -> list[tuple[str, str]]:
    """[(path, text)] of each file of a results folder's table, for tables read by their own parser (read_text's
    checks); empty where the folder has none."""
    return [(path, read_text(path, recorded))
            for path in (os.path.join(directory, name) for name in table_files(directory, table))]


def split_parts(header: str, lines: list[str]) -> list[bytes]:
    """[part as published] of a table given as its header line and its rows' lines (each ending in a newline): one
    part where the whole compresses to at most PART_BYTES, else parts of consecutive rows, each with the header and
    under PART_BYTES compressed, as few as the rows' compressibility allows."""
    whole = files.encode_columns(header + "".join(lines))
    if len(whole) <= PART_BYTES:
        return [whole]
    raw = len(header) + sum(len(line) for line in lines)
    budget = raw * PART_BYTES / len(whole) * 0.95
    while True:
        groups: list[list[str]] = []
        current: list[str] = []
        size = len(header)
        for line in lines:
            if current and size + len(line) > budget:
                groups.append(current)
                current, size = [], len(header)
            current.append(line)
            size += len(line)
        groups.append(current)
        parts = [files.encode_columns(header + "".join(group)) for group in groups]
        if all(len(part) <= PART_BYTES for part in parts) or all(len(group) == 1 for group in groups):
            return parts
        budget *= 0.9


def write_table(directory: str, table: str, header: str, lines: list[str]) -> list[str]:
    """Writes a table (its header line and its rows' lines) into directory as published (split_parts:
    TABLE.columns.xz or its parts), removing the files that held it before (TABLE.csv, or an earlier split or form),
    with the folder's manifest.csv kept in step where it listed them. Returns the new files' names."""
    before = table_files(directory, table)
    parts = split_parts(header, lines)
    names = [published_name(table, k) for k in (range(1, len(parts) + 1) if len(parts) > 1 else [0])]
    listed = manifest.load(directory)
    was_listed = listed is not None and any(name in listed for name in before)
    stale = [name for name in before if name not in names]
    for name, data in zip(names, parts):
        replace(os.path.join(directory, name), data)
    for name in stale:
        os.remove(os.path.join(directory, name))
    if listed is not None:
        manifest.forget(directory, [name for name in stale if name in listed])
        if was_listed:
            manifest.record(directory, names)
    return names


def table_lines(path: str, text: str) -> tuple[str, list[str]]:
    """(header line, [row line]) of a CSV file's text, each ending in one newline, a row holding its quoted line
    breaks. Raises CsvError on text that is not CSV."""
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        records = list(reader)
    except csv.Error as e:
        raise CsvError(f"{path}:{reader.line_num}: {e}") from None
    if not records:
        raise CsvError(f"{path}: empty file, not a CSV table")
    lines = files.render(records[0], records[1:])
    return lines[0], lines[1:]


# The columns that identify a row of each kind: two rows with the same values there are one row written twice
# (a cell merged twice, a file concatenated with itself), and figures taken from either would be wrong.
KEYS: dict[str, tuple[str, ...]] = {
    "runs": ("strategy", "scenario", "n", "memory", "layout_seed"),
    "results": ("strategy", "scenario", "n", "memory"),
    "cachesim": ("strategy", "scenario", "n", "layout_seed"),
    "metadata": ("key",),
    "scenarios": ("scenario", "strategy"),
    "crosscheck": ("strategy", "scenario", "n"),
    "pairs": ("scenario", "n", "memory", "strategy", "reference"),
    "frames": ("process_seed", "link_order", "scenario", "n", "layout", "strategy", "round", "frame"),
    "framesim": ("strategy", "scenario", "n", "layout_seed", "frame"),
    "hitches": ("scenario", "n", "strategy"),
}


def _load(path: str, recorded: bool) -> bytes:
    """The bytes of a file, checked against its folder's manifest.csv where that lists it (and, with recorded,
    refused unless it does). Raises CsvError."""
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


def read_text(path: str, recorded: bool = False) -> str:
    """The text of a file (decompressed where the name ends in .gz or SUFFIX: files.decode), checked against its
    folder's manifest.csv as read() checks it, for files read by their own parser. Raises CsvError."""
    return files.decode(path, _load(path, recorded))


def read(path: str, kind: str | None, recorded: bool = False, seen: Seen | None = None) -> list[Row]:
    """The rows of a CSV file (compressed where the name ends in .gz or SUFFIX: files.decode) of the given kind (a
    key of KINDS, or None for any CSV with a header), as dicts keyed by column name, after checking it: against its
    folder's manifest.csv where that lists it, then its form, its columns' types and, for a kind with a key
    (KEYS), that no two rows share one (seen: the keys of the files read before it as parts of one table, {key:
    (path, line)}, added to). With recorded, the file must be listed in its folder's manifest.csv (a published run's
    file, whole as it was written). Raises CsvError."""
    text = files.decode(path, _load(path, recorded))
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
    checked = required + [(name, code) for name, code in _required(OPTIONAL.get(kind or "", "")) if name in header]
    key = KEYS.get(kind or "")
    seen = {} if seen is None else seen
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
                    first_path, first_line = seen[values]
                    where = f"line {first_line}" if first_path == path else f"{first_path}:{first_line}"
                    raise CsvError(f"{path}:{line}: a second row for {named}: {where} has the same "
                                   f"{', '.join(key)}")
                seen[values] = (path, line)
            rows.append(row)
    except csv.Error as e:
        raise CsvError(f"{path}:{reader.line_num}: {e}") from None
    if not rows:
        raise CsvError(f"{path}: a header and no rows")
    return rows


def header_of(path: str) -> list[str]:
    """The column names of a CSV file (its first line)."""
    with open(path, newline="", encoding="utf-8") as f:
        return next(csv.reader(f), [])


def read_metadata(path: str, recorded: bool = False) -> dict[str, str]:
    """metadata.csv as an ordered dict key -> value (recorded: as read)."""
    rows = read(path, "metadata", recorded)
    if "value" not in rows[0]:
        raise CsvError(f'{path}:1: the header has no column "value": not a metadata CSV')
    return {row["key"]: row["value"] for row in rows}


def write(path: str, columns: tuple[str, ...], rows: Iterable[files.Record]) -> None:
    """Writes rows (dicts, or sequences in column order) as CSV to path (gzip-compressed where the name ends in
    .gz, with no time stamp, column by column where it ends in SUFFIX: the same rows give the same bytes) through
    path.partial, so that a reader never
    sees half a file; a failed write or rename removes path.partial. Where the folder's manifest.csv lists the
    file, its entry is recorded anew."""
    data = "".join(files.render(columns, rows)).encode("utf-8")
    if path.endswith(".gz"):
        data = gzip.compress(data, compresslevel=9, mtime=0)
    elif path.endswith(SUFFIX):
        data = files.encode_columns(data.decode("utf-8"))
    replace(path, data)


def replace(path: str, data: bytes) -> None:
    """Writes data (bytes) to path through path.partial (files.write_whole); where the folder's manifest.csv
    lists the file, its entry is recorded anew."""
    files.write_whole(path, data)
    manifest.rerecord(path)

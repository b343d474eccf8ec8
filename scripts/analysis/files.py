"""What reading and writing a results folder's files rests on, below the manifest (manifest.py) and the checked CSV
files (csvfile.py), which both use it: the error that names a file that is not what it must be, the text of a
file's bytes, the lines of a CSV table, and a write that no reader sees half done.

A run's large tables are published column by column (COLUMNS_SUFFIX): a CSV file whose every line is one column of
the table, its name and then its values, xz-compressed. Side by side, a column's values (times of one clock, seeds
of one kind) compress to about half of what the same rows take gzip-compressed, and decode gives back the table's
rows as CSV text, so every reader reads the same rows either way.
"""

import csv
import gzip
import io
import itertools
import lzma
import os
import zlib
from typing import Iterable, Mapping, Sequence


class CsvError(Exception):
    """A file that is not what its kind requires; str() is "FILE:LINE: message"."""


# The ending of a table stored column by column (the module's docstring).
COLUMNS_SUFFIX = ".columns.xz"


def decode(path: str, data: bytes) -> str:
    """The text of a CSV file's bytes (decompressed where the name ends in .gz; rows again, one a line, where it
    ends in COLUMNS_SUFFIX). Raises CsvError."""
    try:
        if path.endswith(".gz"):
            data = gzip.decompress(data)
        elif path.endswith(COLUMNS_SUFFIX):
            return _rows_of_columns(path, lzma.decompress(data, format=lzma.FORMAT_XZ).decode("utf-8"))
        return data.decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError, zlib.error, lzma.LZMAError) as e:
        raise CsvError(f"{path}: cannot be read ({e})") from None


def encode_columns(text: str) -> bytes:
    """A CSV table's text (its header line and its rows) stored column by column, xz-compressed: the same bytes for
    the same rows. Raises CsvError where a row has another number of fields than the header."""
    try:
        records = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as e:
        raise CsvError(f"not CSV text ({e})") from None
    if not records:
        raise CsvError("a table without a header")
    width = len(records[0])
    if any(len(r) != width for r in records):
        raise CsvError(f"a row with another number of fields than the header's {width}")
    columns = list(zip(*records))
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\n").writerows(columns)
    return lzma.compress(out.getvalue().encode("utf-8"), format=lzma.FORMAT_XZ, preset=6)


def _rows_of_columns(path: str, text: str) -> str:
    """The CSV text (header, then a row a line) of a table stored column by column. Raises CsvError."""
    try:
        columns = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as e:
        raise CsvError(f"{path}: not a table stored column by column ({e})") from None
    if not columns or len({len(c) for c in columns}) != 1:
        raise CsvError(f"{path}: not a table stored column by column (its columns hold different numbers of values)")
    if text and not text.endswith("\n"):
        raise CsvError(f"{path}: the last column has no end: the file was cut short")
    rows = list(zip(*columns))
    return "".join(render(rows[0], rows[1:]))


# A row to write: a dict (a missing column empty) or a sequence in column order.
Record = Mapping[str, object] | Sequence[object]


def render(columns: Sequence[str], rows: Iterable[Record]) -> list[str]:
    """The lines of a CSV table (the header first), each ending in a newline: rows are dicts (a missing column
    empty) or sequences in column order."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    lines = []
    for record in itertools.chain([columns], rows):
        writer.writerow([record.get(c, "") for c in columns] if isinstance(record, Mapping) else record)
        lines.append(out.getvalue())
        out.seek(0)
        out.truncate()
    return lines


def write_whole(path: str, data: bytes) -> None:
    """Writes data to path through path.partial, removed again if writing or renaming fails, so that a reader
    never sees half a file."""
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

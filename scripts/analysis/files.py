"""What reading and writing a results folder's files rests on, below the manifest (manifest.py) and the checked CSV
files (csvfile.py), which both use it: the error that names a file that is not what it must be, the text of a
file's bytes, the lines of a CSV table, and a write that no reader sees half done.
"""

import csv
import gzip
import io
import itertools
import os
import zlib
from typing import Iterable, Mapping, Sequence


class CsvError(Exception):
    """A file that is not what its kind requires; str() is "FILE:LINE: message"."""


def decode(path: str, data: bytes) -> str:
    """The text of a CSV file's bytes (decompressed where the name ends in .gz). Raises CsvError."""
    try:
        if path.endswith(".gz"):
            data = gzip.decompress(data)
        return data.decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError, zlib.error) as e:
        raise CsvError(f"{path}: cannot be read ({e})") from None


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

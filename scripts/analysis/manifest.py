"""The manifest of a results folder: what each file held when it was written, so that a file cut short, edited
or left over afterwards is told from a whole one.

    python3 -m analysis record DIR FILE...
    python3 -m analysis verify DIR [FILE...]

DIR/manifest.csv lists files by their path relative to DIR (plots/ops.svg for a file in a subfolder):
    file,bytes,rows,sha256
    cachesim.csv,261311,985,3f0c...
    plots/ops.svg,40213,,9a41...
    manifest.csv,,N,
bytes is the file's size, sha256 the hash of its bytes, rows its data rows (the lines after the header) for a
CSV file (.csv, or .csv.gz and .columns.xz counted decompressed) and empty for any other. The closing row names
manifest.csv itself and counts the files listed before it, so that a manifest cut short at a line break (its closing row
lost, or rows before it) is itself detected.

record adds the files named (a folder: every regular file under it; ".": every file of DIR) or records them
anew, rewriting the manifest through a temporary file; it refuses (recording nothing) a name outside DIR, the
manifest itself, a missing file, a symbolic link or other non-regular file, an empty folder, a CSV file whose
last line has no end, and a manifest already there that is not whole. It exits 0 with "record: DIR/manifest.csv:
N files recorded" on stderr, 1 with "record: FILE: what", 2 on a usage error (fewer than two arguments).
verify checks that the manifest is whole and that every file it lists exists with the recorded bytes and
sha256 (with FILE...: also that each is listed; a folder: every regular file under it). It exits 0 with
"verify: DIR: N files as manifest.csv recorded them" on stderr, 1 with "verify: FILE: what" (or "verify: DIR
has no manifest.csv: not a complete published run"), 2 on a usage error (no DIR).

csvfile.read checks a CSV file against its folder's manifest.csv wherever that lists it; csvfile.write (and
the other writers of the analysis) record a file anew where the manifest of its folder lists it.
"""

import argparse
import csv
import hashlib
import io
import os
import re
import stat
import sys
from dataclasses import dataclass
from typing import Callable

from . import files
from .command import Parser, fail
from .files import CsvError

NAME = "manifest.csv"
COLUMNS = ("file", "bytes", "rows", "sha256")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_COUNT = re.compile(r"^(0|[1-9][0-9]*)$")


@dataclass(frozen=True)
class Entry:
    """One listed file: its path relative to the folder, its size, its data rows (None: not a CSV), its hash."""
    file: str
    bytes: int
    rows: int | None
    sha256: str

    def fields(self) -> tuple[str, int, int | str, str]:
        return (self.file, self.bytes, "" if self.rows is None else self.rows, self.sha256)


def is_csv(name: str) -> bool:
    return name.endswith(".csv") or name.endswith(".csv.gz") or name.endswith(files.COLUMNS_SUFFIX)


def count_rows(path: str, data: bytes) -> int:
    """The data rows of a CSV file's bytes: its records after the header (0 for an empty file). Raises CsvError
    where the bytes are no CSV text."""
    text = files.decode(path, data)
    try:
        records = sum(1 for _ in csv.reader(io.StringIO(text, newline="")))
    except csv.Error as e:
        raise CsvError(f"{path}: not CSV text ({e})") from None
    return max(records - 1, 0)


def _path(directory: str, name: str) -> str:
    return os.path.join(directory, *name.split("/"))


def _valid_name(name: str) -> bool:
    """A relative path inside the folder, "/"-separated, without "." or ".." parts or line breaks."""
    parts = name.split("/")
    return (name != "" and not name.startswith("/") and "\\" not in name and "\n" not in name and "\r" not in name
            and all(p not in ("", ".", "..") for p in parts))


def load(directory: str) -> dict[str, Entry] | None:
    """{file: Entry} of DIR/manifest.csv, None where the folder has none. Raises CsvError ("FILE:LINE: what")
    where the manifest is not whole: cut short, edited or foreign."""
    path = os.path.join(directory, NAME)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise CsvError(f"{path}: cannot be read ({e})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CsvError(f"{path}: cannot be read ({e})") from None
    if text == "":
        raise CsvError(f"{path}: empty file, not a manifest")
    if not text.endswith("\n"):
        raise CsvError(f"{path}:{text.count(chr(10)) + 1}: the last line has no end: the manifest was cut short")
    reader = csv.reader(io.StringIO(text, newline=""))
    entries: dict[str, Entry] = {}
    lines: dict[str, int] = {}
    closing: tuple[int, int] | None = None
    try:
        header = next(reader)
        if tuple(header) != COLUMNS:
            raise CsvError(f"{path}:1: the header is not {','.join(COLUMNS)}: not a manifest")
        for fields in reader:
            line = reader.line_num
            if closing is not None:
                raise CsvError(f"{path}:{line}: a row after the closing row ({NAME},,N,) of line {closing[0]}")
            if len(fields) != 4:
                raise CsvError(f"{path}:{line}: {len(fields)} fields where the header has 4")
            name, size, rows, sha = fields
            if name == NAME:
                if size != "" or sha != "" or not _COUNT.match(rows):
                    raise CsvError(f'{path}:{line}: the closing row must be "{NAME},,N," (N: the files listed)')
                closing = (line, int(rows))
                continue
            if not _valid_name(name):
                raise CsvError(f'{path}:{line}: "{name}" is not a path inside the folder')
            if name in lines:
                raise CsvError(f"{path}:{line}: {name} is listed twice (line {lines[name]} too)")
            if not _COUNT.match(size):
                raise CsvError(f'{path}:{line}: column bytes has "{size}", not a byte count')
            if is_csv(name) != (rows != ""):
                raise CsvError(f'{path}:{line}: column rows has "{rows}": a count for a CSV file, empty for any other')
            if rows != "" and not _COUNT.match(rows):
                raise CsvError(f'{path}:{line}: column rows has "{rows}", not a row count')
            if not _SHA256.match(sha):
                raise CsvError(f'{path}:{line}: column sha256 has "{sha}", not a SHA-256 in lowercase hexadecimal')
            lines[name] = line
            entries[name] = Entry(name, int(size), int(rows) if rows != "" else None, sha)
    except StopIteration:
        raise CsvError(f"{path}:1: no header line: not a manifest") from None
    except csv.Error as e:
        raise CsvError(f"{path}:{reader.line_num}: {e}") from None
    if closing is None:
        raise CsvError(f"{path}: no closing row ({NAME},,N,) after its {len(entries)} rows: the manifest was cut "
                       "short")
    if closing[1] != len(entries):
        raise CsvError(f"{path}:{closing[0]}: the closing row counts {closing[1]} files where the manifest lists "
                       f"{len(entries)}: rows were lost or added after it was written")
    return entries


def read_bytes(path: str, missing: str = "no such file") -> bytes:
    """A file's bytes; CsvError "PATH: MISSING" where it is not there, or saying why it cannot be read."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise CsvError(f"{path}: {missing}") from None
    except OSError as e:
        raise CsvError(f"{path}: cannot be read ({e})") from None


def describe(directory: str, name: str) -> Entry:
    """The Entry of a file as it is now. Raises CsvError."""
    path = _path(directory, name)
    data = read_bytes(path)
    rows = None
    if is_csv(name):
        text = files.decode(path, data)
        if text != "" and not text.endswith("\n"):
            raise CsvError(f"{path}: the last line has no end: a file cut short is not recorded")
        rows = count_rows(path, data)
    return Entry(name, len(data), rows, hashlib.sha256(data).hexdigest())


def check(directory: str, entry: Entry, data: bytes) -> None:
    """Raises CsvError unless data (the file's bytes) are what entry recorded: first the rows (a CSV file), then
    the size, then the hash."""
    path = _path(directory, entry.file)
    if len(data) == entry.bytes and hashlib.sha256(data).hexdigest() == entry.sha256:
        return
    if entry.rows is not None:
        rows: int | None
        try:
            rows = count_rows(path, data)
        except CsvError:
            rows = None
        if rows is not None and rows != entry.rows:
            raise CsvError(f"{path}: {rows} row{'' if rows == 1 else 's'} where {NAME} recorded {entry.rows}: the "
                           "file was cut short or edited after it was written")
    if len(data) != entry.bytes:
        raise CsvError(f"{path}: {len(data)} bytes where {NAME} recorded {entry.bytes}: the file was cut short or "
                       "edited after it was written")
    raise CsvError(f"{path}: its sha256 is {hashlib.sha256(data).hexdigest()} where {NAME} recorded "
                   f"{entry.sha256}: the file was edited after it was written")


def _walk(directory: str, top: str) -> list[str]:
    """Every regular file under the folder top (a path inside directory), relative to directory and sorted,
    leaving out directory's own manifest.csv. Raises CsvError for a symbolic link or another non-regular file."""
    found = []
    for root, dirs, names in os.walk(top):
        dirs.sort()
        # a symbolic link to a folder is listed among the folders and not followed: refused like any link
        for f in sorted(names) + sorted(d for d in dirs if os.path.islink(os.path.join(root, d))):
            full = os.path.join(root, f)
            if not stat.S_ISREG(os.lstat(full).st_mode):
                raise CsvError(f"{full}: not a regular file")
            name = os.path.relpath(full, directory).replace(os.sep, "/")
            if name != NAME:
                found.append(name)
    return found


def _expand(directory: str, names: list[str]) -> list[str]:
    """The files the names mean, relative to the folder and "/"-separated: a file itself, a folder every regular
    file under it ("." the whole folder but manifest.csv). Raises CsvError for a name outside the folder, the
    manifest itself, a missing file, a symbolic link or another non-regular file, an empty folder."""
    out = []
    for given in names:
        name = os.path.normpath(given).replace(os.sep, "/") if given else ""
        if name != "." and not _valid_name(name):
            raise CsvError(f'{os.path.join(directory, given)}: "{given}" is not a path inside {directory}')
        if name == NAME:
            raise CsvError(f"{os.path.join(directory, NAME)}: the manifest does not list itself")
        path = directory if name == "." else _path(directory, name)
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            raise CsvError(f"{path}: no such file") from None
        if stat.S_ISDIR(mode):
            found = _walk(directory, path)
            if not found:
                raise CsvError(f"{path}: a folder with no file in it")
            out += found
        elif stat.S_ISREG(mode):
            out.append(name)
        else:
            raise CsvError(f"{path}: not a regular file")
    for name in out:
        if not _valid_name(name):
            raise CsvError(f"{_path(directory, name)}: a name the manifest cannot hold")
    return list(dict.fromkeys(out))


def _write(directory: str, entries: dict[str, Entry]) -> None:
    rows: list[files.Record] = [entries[k].fields() for k in sorted(entries)]
    lines = files.render(COLUMNS, rows + [(NAME, "", len(rows), "")])
    files.write_whole(os.path.join(directory, NAME), "".join(lines).encode("utf-8"))


def record(directory: str, names: list[str]) -> list[str]:
    """Adds the files (or records them anew) in DIR/manifest.csv, rewritten whole through a temporary file.
    Returns the names recorded. Raises CsvError (nothing is written then)."""
    if not os.path.isdir(directory):
        raise CsvError(f"{directory}: no such folder")
    entries = load(directory) or {}
    done = []
    for name in _expand(directory, names):
        entries[name] = describe(directory, name)
        done.append(name)
    _write(directory, entries)
    return done


def forget(directory: str, names: list[str]) -> None:
    """Removes files from DIR/manifest.csv (those it lists). Raises CsvError."""
    entries = load(directory)
    if entries is None or not any(n in entries for n in names):
        return
    _write(directory, {k: v for k, v in entries.items() if k not in names})


def rerecord(path: str) -> None:
    """Records a file anew where the manifest of its folder lists it (a writer's last step): a file rewritten by
    the analysis stays as the manifest says."""
    directory, name = os.path.dirname(path) or ".", os.path.basename(path)
    if name == NAME or not os.path.exists(os.path.join(directory, NAME)):
        return
    entries = load(directory)
    if entries is not None and name in entries:
        record(directory, [name])


def verify(directory: str, names: list[str] | None = None) -> int:
    """Checks that DIR/manifest.csv is whole, that every file it lists exists with the recorded bytes and
    sha256, and that each of names (a folder: every file under it) is listed. Returns the number of files
    listed. Raises CsvError."""
    if not os.path.isdir(directory):
        raise CsvError(f"there is no folder {directory} (no run was published there)")
    entries = load(directory)
    if entries is None:
        raise CsvError(f"{directory} has no {NAME}: not a complete published run")
    for name in _expand(directory, names or []):
        if name not in entries:
            raise CsvError(f"{_path(directory, name)}: not listed in {os.path.join(directory, NAME)}")
    for name, entry in sorted(entries.items()):
        check(directory, entry, read_bytes(_path(directory, name), f"listed in {NAME} but missing"))
    return len(entries)


def _main(command: str, argv: list[str], work: Callable[[str, list[str]], str], files_required: bool) -> int:
    """A manifest command, "COMMAND DIR FILE..." (FILE... optional unless files_required): work(DIR, FILES) and
    its report on stderr."""
    parser = Parser(command, "DIR FILE..." if files_required else "DIR [FILE...]")
    parser.add_argument("dir")
    parser.add_argument("files", nargs="+" if files_required else "*")

    def run(a: argparse.Namespace) -> int:
        try:
            report = work(a.dir, a.files)
        except CsvError as e:
            return fail(command, e)
        print(f"{command}: {report}", file=sys.stderr)
        return 0

    return parser.run(argv, run)


def _record_report(directory: str, names: list[str]) -> str:
    done = record(directory, names)
    return f"{os.path.join(directory, NAME)}: {len(done)} file{'' if len(done) == 1 else 's'} recorded"


def record_main(argv: list[str]) -> int:
    return _main("record", argv, _record_report, files_required=True)


def _verify_report(directory: str, names: list[str]) -> str:
    return f"{directory}: {verify(directory, names)} files as {NAME} recorded them"


def verify_main(argv: list[str]) -> int:
    return _main("verify", argv, _verify_report, files_required=False)

"""Publishing a run: a staging folder that holds a whole run takes the place of the results folder in one step.

    python3 -m analysis publish STAGE OUT

STAGE and OUT are siblings (one parent folder, one filesystem), STAGE a folder; OUT a folder or not there yet.

1. STAGE must be a whole run, else nothing changes: its manifest.csv (manifest.py) is whole; every regular file
   under STAGE (manifest.csv aside) is listed there and every listed file exists, byte for byte as recorded;
   nothing under STAGE is a symbolic link or another special file; metadata.csv, results.csv, results.json and
   the runs table (runs.columns.xz, or runs.csv, or its parts runs-1.columns.xz to runs-K.columns.xz, none missing
   and no row in two; .csv.gz in a run published before) are there; no file is empty; every CSV (.csv, .csv.gz,
   .columns.xz) has a header and at least one row (those of a known kind,
   such as results.csv, pass `check` with their kind: types, no duplicate rows); every .json parses; every .svg
   is XML with an <svg> root; every .png is a PNG signature, then IHDR, then chunks whose lengths and CRCs hold,
   ending with IEND; every .md is UTF-8 text.
2. The swap, with SIGINT, SIGTERM, SIGHUP and SIGQUIT blocked throughout (a signal that arrives meanwhile is
   delivered once the swap is done): where OUT does not exist, STAGE is renamed to OUT; else the two are
   exchanged by renameat2(RENAME_EXCHANGE), atomically: OUT holds the new run and STAGE's path the previous
   one, removed once the signals are unblocked. Every file and folder of STAGE is synced to disk before.
   Where the filesystem cannot exchange (renameat2 fails with ENOSYS or EINVAL, or the C library lacks it),
   two renames do it through a sibling .OUTNAME.previous: OUT to it, then STAGE to OUT, then it is removed.
   Between the two renames OUT is missing; with the signals blocked only a crash (power, SIGKILL) can stop
   the run there, and the next run recovers it at its start: where OUT is missing and .OUTNAME.previous
   exists, it is renamed back to OUT. (A .OUTNAME.previous beside an existing OUT is a leftover of an
   interrupted removal and is removed first; where OUT is missing and .OUTNAME.previous exists, the new run
   takes OUT and the superseded one is removed.)

Prints "publish: OUT now holds the run (N files)" on stderr (N: the files manifest.csv lists). Exit status:
0 published; 1 STAGE is not a whole run ("publish: FILE: what"; nothing changed) or the swap failed
("publish: cannot swap ...": OUT holds the previous run still); 2 usage: the wrong number of arguments, STAGE
not a folder, OUT not a folder, either a symbolic link, the two the same or not siblings on one filesystem.
"""

import argparse
import ctypes
import errno
import json
import os
import shutil
import signal
import stat
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

from typing import NoReturn

from . import csvfile, manifest
from .command import Parser, fail
from .files import CsvError

SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT}
AT_FDCWD = -100
RENAME_NOREPLACE = 1
RENAME_EXCHANGE = 2
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# The files a run cannot be without (one of each tuple).
# (every process's rows too, in one file or in parts: csvfile.table_files)
REQUIRED = (("metadata.csv",), ("results.csv",), ("results.json",))
# The kind (csvfile.KINDS) of the CSV files at the top of a run (and of the runs table's parts).
KINDS = {"metadata.csv": "metadata", "runs.csv.gz": "runs", "runs.csv": "runs", "cachesim.csv": "cachesim",
         "results.csv": "results", "crosscheck.csv": "crosscheck"}


class UsageError(Exception):
    pass


# ---- is STAGE a whole run ----

def check_png(path: str, data: bytes) -> None:
    if not data.startswith(PNG_SIGNATURE):
        raise CsvError(f"{path}: not a PNG image (no PNG signature)")
    at = len(PNG_SIGNATURE)
    first = True
    while True:
        if at + 12 > len(data):
            raise CsvError(f"{path}: no IEND chunk at the end: the image was cut short (byte {at} of {len(data)})")
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        end = at + 12 + length
        if end > len(data):
            raise CsvError(f"{path}: the {kind.decode('latin-1')} chunk at byte {at} runs past the end of the file: "
                           "the image was cut short")
        if first and kind != b"IHDR":
            raise CsvError(f"{path}: the first chunk is {kind.decode('latin-1')}, not IHDR")
        first = False
        (crc,) = struct.unpack(">I", data[end - 4:end])
        if zlib.crc32(data[at + 4:end - 4]) != crc:
            raise CsvError(f"{path}: the {kind.decode('latin-1')} chunk at byte {at} fails its CRC")
        at = end
        if kind == b"IEND":
            if at != len(data):
                raise CsvError(f"{path}: {len(data) - at} bytes after the IEND chunk")
            return


def check_svg(path: str, data: bytes) -> None:
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        raise CsvError(f"{path}: not a whole SVG document (XML: {e})") from None
    if root.tag.rpartition("}")[2] != "svg":
        raise CsvError(f"{path}: the XML's root element is <{root.tag}>, not <svg>")


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def check_json(path: str, data: bytes) -> None:
    try:
        json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError) as e:
        raise CsvError(f"{path}: not valid JSON ({e})") from None


def check_content(stage: str, name: str, data: bytes, seen: csvfile.Seen | None = None) -> None:
    """Refuses a file whose content is not what its name says; seen: the keys of the runs table's parts checked
    before it (csvfile.read), so that a row in two parts is refused too."""
    path = os.path.join(stage, name)
    if not data:
        raise CsvError(f"{path}: empty file")
    if manifest.is_csv(name):
        kind = KINDS.get(name)
        if kind is None and name in csvfile.table_files(stage, "runs"):
            kind = "runs"
        csvfile.read(path, kind, seen=seen if kind == "runs" else None)
    elif name.endswith(".json"):
        check_json(path, data)
    elif name.endswith(".svg"):
        check_svg(path, data)
    elif name.endswith(".png"):
        check_png(path, data)
    elif name.endswith(".md"):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise CsvError(f"{path}: not UTF-8 text ({e})") from None


def files_under(stage: str) -> list[str]:
    """Every regular file under STAGE (relative, "/"-separated), manifest.csv aside. Raises CsvError for a
    symbolic link or another special file."""
    out = []
    for root, dirs, files in os.walk(stage):
        for name in sorted(files) + sorted(dirs):
            path = os.path.join(root, name)
            mode = os.lstat(path).st_mode
            if stat.S_ISDIR(mode):
                continue
            if not stat.S_ISREG(mode):
                raise CsvError(f"{path}: not a regular file (a run holds files and folders only)")
            rel = os.path.relpath(path, stage).replace(os.sep, "/")
            if rel != manifest.NAME:
                out.append(rel)
    return out


def check_stage(stage: str) -> int:
    """The number of files of a whole run in STAGE; raises CsvError naming the first file that is not right."""
    entries = manifest.load(stage)
    if entries is None:
        raise CsvError(f"{stage} has no {manifest.NAME}: not a complete run")
    for name in files_under(stage):
        if name not in entries:
            raise CsvError(f"{os.path.join(stage, name)}: not listed in {os.path.join(stage, manifest.NAME)} "
                           "(written after the manifest was recorded, or left over)")
    for names in REQUIRED:
        if not any(n in entries for n in names):
            raise CsvError(f"{os.path.join(stage, names[0])}: not in the run ({manifest.NAME} does not list it)")
    runs = csvfile.table_files(stage, "runs")
    if not runs:
        raise CsvError(f"{os.path.join(stage, csvfile.published_name('runs'))}: not in the run "
                       f"({manifest.NAME} does not list it)")
    runs_keys: csvfile.Seen = {}
    for name, entry in sorted(entries.items()):
        path = os.path.join(stage, name)
        if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
            raise CsvError(f"{path}: not a regular file")
        data = manifest.read_bytes(path, f"listed in {manifest.NAME} but missing")
        manifest.check(stage, entry, data)
        check_content(stage, name, data, runs_keys)
    return len(entries)


# ---- the swap ----

def _renameat2(src: str, dst: str, flags: int) -> None:
    """renameat2(2) through the C library; OSError(ENOSYS) where the library has none."""
    libc = ctypes.CDLL(None, use_errno=True)
    try:
        function = libc.renameat2
    except AttributeError:
        raise OSError(errno.ENOSYS, "the C library has no renameat2", src) from None
    function.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    function.restype = ctypes.c_int
    if function(AT_FDCWD, os.fsencode(src), AT_FDCWD, os.fsencode(dst), flags) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code), src, None, dst)


def exchange(a: str, b: str) -> None:
    """Swaps two paths atomically (renameat2 RENAME_EXCHANGE)."""
    _renameat2(a, b, RENAME_EXCHANGE)


def rename_new(src: str, dst: str) -> None:
    """Renames src to dst where dst does not exist; refuses (EEXIST) where it does, even an empty folder."""
    try:
        _renameat2(src, dst, RENAME_NOREPLACE)
    except OSError as e:
        if e.errno not in (errno.ENOSYS, errno.EINVAL):
            raise
        if os.path.lexists(dst):
            raise OSError(errno.EEXIST, os.strerror(errno.EEXIST), dst) from None
        os.rename(src, dst)


def previous_of(out: str) -> str:
    """The sibling the two-rename fallback parks the previous run in: .NAME.previous."""
    parent, name = os.path.split(out)
    return os.path.join(parent, f".{name}.previous")


def _sync(stage: str) -> None:
    """Every file and folder of STAGE on disk before it is published (a crash must not publish empty files)."""
    for root, dirs, files in os.walk(stage):
        for name in files:
            fd = os.open(os.path.join(root, name), os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        fd = os.open(root, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _sync_folder(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def swap(stage: str, out: str) -> str | None:
    """Puts STAGE in OUT's place with the signals blocked; returns the path now holding the previous run (to be
    removed), or None where there was none. Raises OSError (OUT then holds what it held)."""
    previous = previous_of(out)
    if os.path.lexists(out) and os.path.lexists(previous):
        shutil.rmtree(previous)  # a leftover of an interrupted removal: OUT is whole
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        if not os.path.lexists(out):
            rename_new(stage, out)
            left = previous if os.path.lexists(previous) else None
        else:
            try:
                exchange(stage, out)
                left = stage
            except OSError as e:
                if e.errno not in (errno.ENOSYS, errno.EINVAL):
                    raise
                # No exchange on this filesystem: two renames; the gap between them is recovered at the next
                # start (OUT missing, .OUT.previous there: renamed back).
                os.rename(out, previous)
                try:
                    os.rename(stage, out)
                except OSError as failed:
                    try:
                        os.rename(previous, out)
                    except OSError as e:
                        raise OSError(e.errno, f"{failed}; and the previous run could not be put back: it is in "
                                               f"{previous} (the next run's start renames it back)") from None
                    raise
                left = previous
        _sync_folder(os.path.dirname(out))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    return left


def _arguments(stage: str, out: str) -> tuple[str, str]:
    """(stage, out) as absolute paths; raises UsageError where they cannot be published one onto the other."""
    for what, path in (("STAGE", stage), ("OUT", out)):
        if os.path.islink(path.rstrip("/") or "/"):
            raise UsageError(f"{what} {path} is a symbolic link")
    if not os.path.isdir(stage):
        raise UsageError(f"STAGE {stage} is not a folder")
    if os.path.lexists(out) and not os.path.isdir(out):
        raise UsageError(f"OUT {out} exists and is not a folder")
    a, b = os.path.abspath(stage), os.path.abspath(out)
    if a == b:
        raise UsageError(f"STAGE and OUT are the same folder ({stage})")
    pa, pb = os.path.realpath(os.path.dirname(a)), os.path.realpath(os.path.dirname(b))
    if pa != pb:
        raise UsageError(f"STAGE {stage} and OUT {out} are not siblings (one parent folder): the swap must be one "
                         "rename within one folder")
    devices = {os.stat(a).st_dev, os.stat(pb).st_dev} | ({os.stat(b).st_dev} if os.path.exists(b) else set())
    if len(devices) != 1:
        raise UsageError(f"STAGE {stage} and OUT {out} are not on one filesystem")
    return os.path.join(pa, os.path.basename(a)), os.path.join(pa, os.path.basename(b))


def main(argv: list[str]) -> int:
    parser = Parser("publish", "STAGE OUT")
    parser.add_argument("stage")
    parser.add_argument("out")

    def run(a: argparse.Namespace) -> int:
        try:
            stage, out = _arguments(a.stage, a.out)
        except UsageError as e:
            return parser.usage_error(f"publish: {e}")
        return _publish(a.stage, a.out, stage, out)

    return parser.run(argv, run)


def _publish(given_stage: str, given_out: str, stage: str, out: str) -> int:
    """Publishes STAGE (its absolute path stage) as OUT (out), naming both as given in messages."""
    try:
        count = check_stage(given_stage)
        _sync(stage)
    except CsvError as e:
        return fail("publish", e)
    except OSError as e:
        print(f"publish: {given_stage}: cannot be synced to disk ({e})", file=sys.stderr)
        return 1
    try:
        left = swap(stage, out)
    except OSError as e:
        print(f"publish: cannot swap {given_stage} in for {given_out} ({e}); {given_out} is as it was", file=sys.stderr)
        return 1
    if left is not None:
        shutil.rmtree(left, ignore_errors=True)
        if os.path.lexists(left):
            print(f"publish: the previous run is left in {left} (it could not be removed)", file=sys.stderr)
    print(f"publish: {given_out} now holds the run ({count} files)", file=sys.stderr)
    return 0

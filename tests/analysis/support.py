"""What the analysis tests share: the package on the import path, and temporary files."""

import contextlib
import io
import itertools
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib
from typing import Sequence, TypeVar

# The folder that holds the package (scripts/analysis), on the import path of the tests and of the commands they run.
SCRIPTS = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
sys.path.insert(0, SCRIPTS)

from analysis import manifest, results, tables  # noqa: E402 (after the import path is set)
from analysis.stats import Comparison  # noqa: E402
from analysis.wording import Figure, Pairwise  # noqa: E402

RUN_HEADER = ("strategy,scenario,n,unit,query_kind,samples,inner,median_ns,min_ns,max_ns,mad_ns,bytes_per_entity,"
              "peak_bytes_per_entity,checksum,memory,layout_seed,warmup_ms,observed_ns,reported_per_change,compiler,flags,"
              "instructions_per_unit,cycles_per_unit,l1d_misses_per_unit,llc_misses_per_unit,counter_events")


# The scenarios' descriptors as the bench binaries printed them for the reference run (--describe): what a planted
# run is described by, so that its report reads the catalogue's own first page, figures and change rates.
SCENARIOS_CSV = os.path.join(SCRIPTS, "..", "results", "amd-epyc-fam25m17-2c", "scenarios.csv")


def plant_scenarios(directory: str) -> str:
    """Copies the reference run's scenarios.csv into directory; returns its path there."""
    return str(shutil.copy(SCENARIOS_CSV, os.path.join(directory, "scenarios.csv")))


_seeds = itertools.count(1)
T = TypeVar("T")


def present(value: T | None) -> T:
    """The value a test expects to be there: None fails the test here, with its name, rather than further on."""
    if value is None:
        raise AssertionError("expected a value, found None")
    return value


def run_row(strategy: str, scenario: str, n: int, median: float, checksum: str = "00ab", memory: str = "warm",
            seed: str | None = None, unit: str = "entity", observed: float | str = "",
            reported: float | str = "") -> str:
    """One runs.csv row as the bench binaries print it; without a seed, one no other row has (each process draws
    its own layout)."""
    if seed is None:
        seed = f"{next(_seeds):016x}"
    return (f"{strategy},{scenario},{n},{unit},,5,10,{median},{median * 0.9:.6g},{median * 1.1:.6g},0.01,100.00,"
            f"100.00,{checksum},{memory},{seed},10.0,{observed},{reported},\"gcc\",\"-O3\",,,,,")


class TempDir(unittest.TestCase):
    """A test with a temporary folder of its own (self.dir) and a helper to write files into it."""

    def setUp(self) -> None:
        self.dir = tempfile.mkdtemp()

    def tearDown(self) -> None:
        shutil.rmtree(self.dir)

    def write(self, name: str, text: str) -> str:
        path = os.path.join(self.dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def runs(self, name: str, rows: Sequence[str]) -> str:
        return self.write(name, RUN_HEADER + "\n" + "\n".join(rows) + "\n")

    def path(self, *parts: str) -> str:
        return os.path.join(self.dir, *parts)

    def record(self, *names: str, directory: str | None = None) -> list[str]:
        """Records files (relative to the folder) in the folder's manifest.csv, as the pipeline does."""
        return manifest.record(directory or self.dir, list(names))


def inverse(c: Comparison) -> Comparison:
    """The comparison of the second design to the first, from that of the first to the second."""
    return Comparison(1 / c.ratio, 1 / c.high, 1 / c.low, c.df)


def planted_standing(designs: Sequence[tuple[str, Comparison | None]],
                     between: dict[tuple[str, str], Comparison] | None = None) -> tuple[list[Figure], Pairwise]:
    """(figures, compare) of planted designs [(name, its comparison to the first or None)], the first the fastest,
    and between {(a, b): the comparison of a's time to b's} for other pairs (either way round). A pair planted
    neither way is inconclusive: its interval spans a factor of 100."""
    figures: list[Figure] = [(name, 1.0, 0.9, 1.1) for name, _ in designs]
    names = [name for name, _ in designs]
    planted = {(names.index(a), names.index(b)): c for (a, b), c in (between or {}).items()}
    for k, (_, c) in enumerate(designs[1:], 1):
        assert c is not None, "only the first design, the fastest, has no comparison to itself"
        planted[(k, 0)] = c

    def compare(i: int, j: int) -> Comparison:
        if (i, j) in planted:
            return planted[(i, j)]
        if (j, i) in planted:
            return inverse(planted[(j, i)])
        ratio = planted[(i, 0)].ratio / planted[(j, 0)].ratio if i and j else 1.0
        return Comparison(ratio, ratio / 10, ratio * 10, 9)

    return figures, compare


def run_cli(*args: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of python3 -m analysis ARGS..."""
    path = os.pathsep.join(filter(None, [SCRIPTS, os.environ.get("PYTHONPATH")]))
    p = subprocess.run([sys.executable, "-m", "analysis", *args], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=path))
    return p.returncode, p.stdout, p.stderr


def png(width: int = 2, height: int = 1) -> bytes:
    """A small valid PNG image: signature, IHDR, IDAT, IEND."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\x7f" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


SVG = ('<?xml version="1.0" encoding="utf-8" standalone="no"?>\n<svg width="10" height="10" '
       'xmlns="http://www.w3.org/2000/svg">\n<rect x="0" y="0" width="10" height="10" fill="#ffffff"/>\n</svg>\n')
CACHESIM_HEADER = ("strategy,scenario,n,unit,layout_seed,instructions_per_unit,d1_misses_per_unit,ll_misses_per_unit,"
                   "checksum")
CROSSCHECK_HEADER = ("strategy,scenario,n,unit,inner,extra_runs,in_process_ns,whole_process_ns,ratio,hyperfine_runs")


def make_run(directory: str, machine: str = "test-machine", scale: float = 1.0, record: bool = True,
             quick: bool = False) -> str:
    """A whole published run in directory (created): raw-soa, a strategy "a" 2x slower with its A/A twin "a~aa",
    "b" 1.5x slower, at n=1024 in simple_iter (and a and a~aa in add_remove), five processes each; metadata.csv,
    runs.csv.gz, cachesim.csv, results.csv, results.json, crosscheck.csv, hyperfine/, plots/, all recorded in
    manifest.csv (unless not record). Times are multiplied by scale; quick marks it a QUICK run. Returns the
    folder."""
    os.makedirs(directory, exist_ok=True)

    def put(name: str, data: str | bytes) -> None:
        path = os.path.join(directory, *name.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)

    rows = []
    for k, v in enumerate([1.0, 1.02, 0.98, 1.01, 0.99]):
        seed = f"{k + 1:016x}"
        rows += [run_row("raw-soa", "simple_iter", 1024, v * scale, seed=seed),
                 run_row("a", "simple_iter", 1024, 2 * v * scale, seed=seed),
                 run_row("a~aa", "simple_iter", 1024, 2 * v * scale, seed=seed),
                 run_row("b", "simple_iter", 1024, 1.5 * v * scale, seed=seed),
                 run_row("a", "add_remove", 1024, (30 + k) * scale, checksum="0cd", seed=seed, unit="pair"),
                 run_row("a~aa", "add_remove", 1024, (30 + k) * scale, checksum="0cd", seed=seed, unit="pair")]
    put("runs.csv", RUN_HEADER + "\n" + "\n".join(rows) + "\n")
    put("metadata.csv", f"key,value\nmachine_id,{machine}\ncpu_model,Test CPU\nbench_min_procs,5\n"
                        "bench_max_procs,7\nbench_target_ci,0.03\n" + ("quick,1\n" if quick else ""))
    plant_scenarios(directory)
    put("cachesim.csv", CACHESIM_HEADER + "\n"
        "a,simple_iter,1024,entity,0000000000000001,10,0.25,0,00ab\n"
        "a,add_remove,1024,pair,0000000000000005,100,7.5,0,0cd\n"
        "b,simple_iter,1024,entity,0000000000000003,12,0.5,0,00ab\n")
    with contextlib.redirect_stderr(io.StringIO()) as said:
        built = results.main([directory])
    if built != 0:
        raise AssertionError(f"results could not be built in {directory}: {said.getvalue()}")
    if tables.publish_main([directory]) != 0:
        raise AssertionError(f"runs.csv could not be published in {directory}")
    put("crosscheck.csv", CROSSCHECK_HEADER + "\n"
        "a,simple_iter,1024,entity,1000,50,2,2.1,1.05,5\nb,simple_iter,1024,entity,1000,50,1.5,1.5,1.00,5\n")
    for name in ("a", "b"):
        put(f"hyperfine/bench-{name}.json", '{"results": [{"command": "simple_iter base", "median": 0.2}]}\n')
        put(f"hyperfine/bench-{name}.md", "| Command | Mean |\n|:---|---:|\n| `simple_iter base` | 0.2 |\n")
        put(f"hyperfine/bench-{name}.csv", "command,mean,median\nsimple_iter base,0.2,0.2\n")
    for figure in ("n-simple_iter", "family-iteration"):
        put(f"plots/{figure}.svg", SVG)
        put(f"plots/{figure}.png", png())
    if record:
        manifest.record(directory, ["."])
    return directory


def snapshot(directory: str) -> dict[str, bytes] | None:
    """{relative path: bytes} of every file under a folder (None: no folder)."""
    if not os.path.isdir(directory):
        return None
    out: dict[str, bytes] = {}
    for root, _, files in os.walk(directory):
        for name in files:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, directory)] = f.read()
    return out

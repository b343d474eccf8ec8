"""Fidelity of the paired program: each design's code in it is the code of its own bench-NAME binary.

The paired program (harness/paired.c) links every design as a unit: its bench program but the main, optimised
as a whole program and partially linked (Makefile: units). Two checks show that this changes nothing a figure
depends on:

  fidelity code BUILD NAME...
      the machine code: every function of the unit build/units/NAME.o against the function of the same name in
      build/bench-NAME, instruction by instruction, with addresses, offsets and immediates set aside (what the
      final link decides). Every function that both hold must be equal, but the harness's runner, whose entry
      points differ (a unit has no main); the scenarios' and the strategy's code, inlined contract calls and all,
      must be in both. Fails naming every function that differs or is missing.

  fidelity work BUILD N OUT_CSV NAME... [--scenarios A,B] [--jobs J]
      the instructions: under callgrind, the instructions of one timed run of every scenario at N entities (the
      fifth call of run_timed, harness/runner.c, through which every timed run passes), in bench-NAME and in
      bench-paired-0 measuring NAME alone, both in the memory layout of one seed; with the checksums both
      report. Fails where they differ by more than 1% (and more than the few instructions of the programs' own
      paths around a run) or the checksums differ. One row per design and scenario
      in OUT_CSV. Exits 3 where valgrind cannot decode the binaries, built for this machine (Undecodable).

Both are deterministic: the same build gives the same answer on any machine that runs it.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from .command import Parser

# The runner's functions and the mains: the entry points of a unit and of a bench-NAME binary differ, so these
# may be inlined differently; nothing a scenario's timed run executes is among them but run_timed, which is
# compared like any other function.
HARNESS_SOURCES = ("harness/main.c", "harness/args.c", "harness/runner.c", "harness/frames_recorded.c",
                   "harness/unit.c", "harness/output.c", "harness/stats.c")
TOLERANCE = 0.01
# Instructions per run by which the two programs' own paths around a timed run may differ (the clock and CPU-clock
# reads): they decide only where a whole run is a few hundred instructions.
HARNESS_SLACK = 8
LAYOUT_SEED = "1"

_SUFFIX = re.compile(r"\.(lto_priv|constprop|isra|part|cold)\.\d+")


def _base_name(symbol: str) -> str:
    """A function's name without the suffixes gcc adds to local and specialised copies (.lto_priv.0,
    .constprop.1, ...), which number them in the order the compiler met them."""
    return _SUFFIX.sub(lambda m: "" if m.group(1) == "lto_priv" else "." + m.group(1), symbol)


_HEADER = re.compile(r"^[0-9a-f]+ <(.+)>:$")
_LINE = re.compile(r"^\s*[0-9a-f]+:\s*(.*)$")


def functions(path: str) -> dict[str, list[tuple[str, ...]]]:
    """The functions of an object or executable by base name: each the list of its copies' instructions, with
    what a link decides (addresses, symbol offsets, immediates) replaced by placeholders."""
    text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-M", "intel", path], capture_output=True,
                          text=True, check=True).stdout
    found: dict[str, list[tuple[str, ...]]] = {}
    name: str | None = None
    body: list[str] = []
    for line in text.splitlines():
        header = _HEADER.match(line)
        if header:
            if name is not None:
                found.setdefault(_base_name(name), []).append(tuple(body))
            name, body = header.group(1), []
            continue
        instruction = _LINE.match(line)
        if name is None or not instruction:
            continue
        code = re.sub(r"#.*$", "", instruction.group(1))
        code = re.sub(r"\b[0-9a-f]+ <[^>]*>", "<target>", code)
        code = re.sub(r"0x[0-9a-f]+", "<value>", code)
        body.append(code.strip())
    if name is not None:
        found.setdefault(_base_name(name), []).append(tuple(body))
    return found


def harness_functions(root: str) -> set[str]:
    """The names of the functions the runner and the mains define (a definition starts a line)."""
    names = set()
    definition = re.compile(r"^(?:static\s+)?(?:inline\s+)?[A-Za-z_][\w\s\*]*?\b(\w+)\(")
    for source in HARNESS_SOURCES:
        with open(os.path.join(root, source)) as f:
            for line in f:
                m = definition.match(line)
                if m and not line.startswith(("typedef", "return", "#")):
                    names.add(m.group(1))
    return names


def _same_code(unit: list[tuple[str, ...]], binary: list[tuple[str, ...]]) -> bool:
    """Whether a function's copies are the same code in the unit and in the binary. The binary's copy of the last
    function of a section (a .cold part, at the end of the unit's .text.unlikely) runs on into whatever the link
    put after it, as the disassembler knows no end but the next symbol: there the unit's code must be where the
    binary's begins."""
    if sorted(unit) == sorted(binary):
        return True
    return len(unit) == len(binary) == 1 and len(binary[0]) > len(unit[0]) and binary[0][:len(unit[0])] == unit[0]


@dataclass
class CodeReport:
    design: str
    compared: int
    differing: list[str]
    missing: list[str]

    def ok(self) -> bool:
        return not self.differing and not self.missing


def compare_code(build: str, design: str, harness: set[str]) -> CodeReport:
    """The unit's functions against bench-NAME's (module docstring)."""
    unit = functions(os.path.join(build, "units", "bench", design + ".o"))
    single = functions(os.path.join(build, "bench-" + design))
    compared, differing, missing = 0, [], []
    for name in sorted(set(unit) | set(single)):
        root = name.split(".")[0]
        startup = ("_", "deregister_tm", "register_tm", "frame_dummy")
        if "@" in root or root in harness or root in ("main", "_start", "_init", "_fini") or root.startswith(startup):
            continue
        if name not in unit or name not in single:
            missing.append(f"{name} ({'bench-' + design if name in single else 'the unit'} only)")
            continue
        compared += 1
        if not _same_code(unit[name], single[name]):
            differing.append(name)
    return CodeReport(design, compared, differing, missing)


def code_main(argv: list[str]) -> int:
    parser = Parser("fidelity code", "BUILD NAME...")
    parser.add_argument("build")
    parser.add_argument("designs", nargs="+")
    return parser.run(argv, _code)


def _code(a: argparse.Namespace) -> int:
    harness = harness_functions(".")
    bad = 0
    for design in a.designs:
        try:
            report = compare_code(a.build, design, harness)
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"fidelity: {design}: {e}", file=sys.stderr)
            return 1
        state = "equal" if report.ok() else "DIFFERENT"
        print(f"fidelity: {design}: {report.compared} functions compared, {state}")
        for name in report.differing:
            print(f"fidelity:   {name} differs")
        for name in report.missing:
            print(f"fidelity:   {name}")
        bad += not report.ok()
    return 1 if bad else 0


def _dumps(directory: str) -> list[int]:
    """The instructions of every dump callgrind wrote (cg.out.K), in the order of K: one per call of run_timed."""
    names = sorted((f for f in os.listdir(directory) if re.fullmatch(r"cg\.out\.\d+", f)),
                   key=lambda f: int(f.rsplit(".", 1)[1]))
    counts = []
    for name in names:
        with open(os.path.join(directory, name)) as f:
            summary = [line for line in f if line.startswith("summary:")]
        if not summary:
            raise RuntimeError(f"{name} has no summary")
        counts.append(int(summary[0].split()[1]))
    return counts


def _has_avx512() -> bool:
    """Whether this machine's CPU has AVX-512, which -march=native then uses and valgrind 3.19 cannot decode."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            return "avx512f" in f.read()
    except OSError:
        return False


class Undecodable(RuntimeError):
    """valgrind cannot decode the machine code of a binary built for this machine (an instruction set newer than
    valgrind's, AVX-512 for one): the instructions cannot be counted here, which says nothing of the code."""


def _counted(command: list[str], design: str, calls_per_row: int) -> tuple[int, str]:
    """Runs command under callgrind, counting each call of run_timed apart; the instructions of the design's last
    call and the checksum of its row. A binary that prints several rows (bench-raw: raw-soa and raw-aos) ran
    them in turn, each a reusable cell of calls_per_row calls."""
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "cg.out")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
                              "--toggle-collect=run_timed", "--dump-after=run_timed"] + command,
                             capture_output=True, text=True)
        if run.returncode != 0 and "Unrecognised instruction" in run.stderr and _has_avx512():
            first = next(line for line in run.stderr.splitlines() if "nrecognised instruction" in line)
            raise Undecodable(f"valgrind cannot decode {command[0]}, built for this machine (-march=native): "
                              f"{first.split('== ', 1)[-1]}")
        if run.returncode != 0:
            tail = run.stderr.strip().splitlines()[-1:] or ["(nothing on stderr)"]
            raise RuntimeError(f"{' '.join(command)}: exit {run.returncode}: {tail[0]}")
        rows = list(csv.DictReader(run.stdout.splitlines()))
        mine = [k for k, row in enumerate(rows) if row["strategy"] == design]
        if len(mine) != 1:
            raise RuntimeError(f"{' '.join(command)}: {len(mine)} rows of {design}, not 1")
        dumps = _dumps(directory)
        if not dumps:
            raise RuntimeError(f"{' '.join(command)}: no timed run was counted")
        if len(rows) == 1:
            return dumps[-1], rows[0]["checksum"]
        if len(dumps) != calls_per_row * len(rows):
            raise RuntimeError(f"{' '.join(command)}: {len(dumps)} timed calls for {len(rows)} reusable cells")
        return dumps[calls_per_row * mine[0] + calls_per_row - 1], rows[mine[0]]["checksum"]


def single_binary(build: str, design: str) -> str:
    """The bench binary that measures the design alone: bench-NAME, or bench-raw for raw's baselines."""
    own = os.path.join(build, "bench-" + design)
    return own if os.path.exists(own) else os.path.join(build, "bench-raw")


@dataclass
class Work:
    design: str
    scenario: str
    n: int
    single: int
    paired: int
    single_checksum: str
    paired_checksum: str

    def ratio(self) -> float:
        return self.paired / self.single if self.single else float("inf")

    def ok(self) -> bool:
        close = abs(self.ratio() - 1) <= TOLERANCE or abs(self.paired - self.single) <= HARNESS_SLACK
        return close and self.single_checksum == self.paired_checksum


# The paired program's run that is compared is its fifth (the first, three calibrating warm-up runs, the sample);
# bench-NAME's fifth is its third sample (the first, one warm-up run, three samples). A reusable world's state,
# and with it a run's work, can depend on how many runs it has had.
SINGLE_SAMPLES = 3


def measure_work(build: str, design: str, scenario: str, n: int) -> Work:
    single = [single_binary(build, design), "--scenario", scenario, "--n", str(n), "--inner", "1",
              "--reps", str(SINGLE_SAMPLES), "--warmup-ms", "0", "--first-warmup-ms", "0", "--layout-seed",
              LAYOUT_SEED, "--no-hw-counters"]
    paired = [os.path.join(build, "bench-paired-0"), "--scenario", scenario, "--n", str(n), "--designs", design,
              "--inner", "1", "--rounds", "1", "--round-warmups", "0", "--warmup-ms", "0", "--layout-seed",
              LAYOUT_SEED]
    single_ir, single_sum = _counted(single, design, 2 + SINGLE_SAMPLES)
    paired_ir, paired_sum = _counted(paired, design, 5)
    return Work(design, scenario, n, single_ir, paired_ir, single_sum, paired_sum)


def scenarios_of(build: str, design: str) -> list[str]:
    listing = subprocess.run([os.path.join(build, "bench-paired-0"), "--list"], capture_output=True, text=True,
                             check=True).stdout
    return [line.split("\t")[0] for line in listing.splitlines() if line.split("\t")[1:] == [design]]


def work_main(argv: list[str]) -> int:
    parser = Parser("fidelity work")
    parser.add_argument("build")
    parser.add_argument("n", type=int)
    parser.add_argument("out")
    parser.add_argument("designs", nargs="+")
    parser.add_argument("--scenarios", default="")
    parser.add_argument("--jobs", type=int, default=2)
    return parser.run(argv, _work)


def _work(args: argparse.Namespace) -> int:
    wanted = [s for s in args.scenarios.split(",") if s]
    cells = [(d, s) for d in args.designs for s in scenarios_of(args.build, d) if not wanted or s in wanted]
    if not cells:
        print("fidelity: no design implements the scenarios asked for", file=sys.stderr)
        return 2
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(measure_work, args.build, d, s, args.n) for d, s in cells]
        try:
            results = [f.result() for f in futures]
        except Undecodable as e:
            print(f"fidelity: {e}", file=sys.stderr)
            return 3
        except RuntimeError as e:
            print(f"fidelity: {e}", file=sys.stderr)
            return 1
    with open(args.out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["strategy", "scenario", "n", "instructions_single", "instructions_paired", "ratio",
                    "checksum_single", "checksum_paired"])
        for r in results:
            w.writerow([r.design, r.scenario, r.n, r.single, r.paired, f"{r.ratio():.6f}", r.single_checksum,
                        r.paired_checksum])
    bad = [r for r in results if not r.ok()]
    worst = max(results, key=lambda r: abs(r.ratio() - 1))
    print(f"fidelity: {len(results)} cells at n={args.n}: {len(results) - len(bad)} within {100 * TOLERANCE:.0f}% "
          f"with equal checksums; largest difference {100 * (worst.ratio() - 1):+.3f}% ({worst.design} "
          f"{worst.scenario})")
    for r in bad:
        print(f"fidelity:   {r.design} {r.scenario}: {r.single} -> {r.paired} instructions, checksums "
              f"{r.single_checksum} / {r.paired_checksum}")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    parser = Parser("fidelity", "code BUILD NAME... | work BUILD N OUT_CSV NAME...")
    parser.add_argument("check", choices=("code", "work"))
    parser.add_argument("arguments", nargs=argparse.REMAINDER)
    return parser.run(argv, lambda a: (code_main if a.check == "code" else work_main)(a.arguments))

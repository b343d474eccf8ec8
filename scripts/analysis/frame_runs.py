"""Measuring the framed scenarios' frames: bench-paired --frames in processes of their own (frames.py's measure)."""

import os
import random
import subprocess
import sys
from typing import Sequence

from . import csvfile, files, paired
from .files import CsvError

# The longest a process of measure may take, in seconds: every design's sequences, setup included, at the sizes a
# make bench run asks for take well under a minute.
PROCESS_TIMEOUT_S = 900


def measure(build: str, out: str, scenarios: Sequence[str], n: int, processes: int, rounds: int, seed: int) -> None:
    """The frames of every scenario in `processes` processes of bench-paired (frames.py's docstring), written to
    out. Raises CsvError naming the process that failed."""
    binaries = paired.program_binaries(build)
    if not binaries:
        raise CsvError(f"{build}: no bench-paired-0 (make build-paired builds it)")
    draw = random.Random(seed)
    scratch = out + ".process"
    try:
        lines, header = _processes(binaries, scratch, scenarios, n, processes, rounds, draw)
    finally:
        if os.path.exists(scratch):
            os.remove(scratch)
    if header is None:
        raise CsvError(f"{out}: no scenario to measure")
    files.write_whole(out, (header + "".join(lines)).encode("utf-8"))
    csvfile.read(out, "frames")


def _processes(binaries: list[str], scratch: str, scenarios: Sequence[str], n: int, processes: int, rounds: int,
               draw: random.Random) -> tuple[list[str], str | None]:
    """The frame rows (and their header) of every process of measure, each written to scratch first."""
    header: str | None = None
    lines: list[str] = []
    for scenario in scenarios:
        for k in range(processes):
            binary = binaries[draw.randrange(len(binaries))]
            command = [binary, "--scenario", scenario, "--n", str(n), "--rounds", str(rounds), "--seed",
                       f"{draw.getrandbits(64):x}", "--frames", scratch]
            print(f"frames: {scenario} n={n}, process {k + 1} of {processes}", file=sys.stderr)
            try:
                done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                      timeout=PROCESS_TIMEOUT_S, check=False)
            except subprocess.TimeoutExpired:
                raise CsvError(f"{' '.join(command)}: did not finish within {PROCESS_TIMEOUT_S} s") from None
            if done.returncode != 0:
                raise CsvError(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.strip()}")
            part_header, part_lines = csvfile.table_lines(scratch, csvfile.read_text(scratch))
            header = header or part_header
            lines.extend(part_lines)
    return lines, header

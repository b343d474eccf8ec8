"""The noise check: paired ratios against unpaired times while a CPU hog shares the measuring vCPU.

    python3 -m analysis noise BUILD OUT_DIR [--processes P] [--sizes N,...] [--scenarios A,B,...]
                                   [--layouts E] [--rounds R] [--cpu K] [--seed S]

A hog (a busy loop) is pinned to CPU K (default 0) beside every bench-paired process, and switched on and off at
random, each state lasting 0.3 to 3 s, as a neighbour on the host does to a vCPU. Every block (the scenarios at the
sizes) is measured in P processes (default 8) pinned to the same CPU, in link orders drawn as make bench draws
them, each of E layouts of R rounds as make bench's (PAIRED_LAYOUTS, PAIRED_ROUNDS: scripts/defaults.mk). Then, on
both clocks (wall and the thread's CPU time):

  - the A/A twins' paired ratios (archetype~aa / archetype, sparse~aa / sparse): the band within which 95% of
    them lie, the largest, and how many intervals exclude 1;
  - the planted control's paired ratio against its truth;
  - the unpaired times of the same samples: per design and block, how far the processes' times spread (the
    largest over the smallest process), beside how far the same processes' paired ratios to the reference do.

OUT_DIR gets samples.csv (every sample) and noise.csv (one row per block, design and clock: the paired ratio to
the reference with its interval, and the spread of unpaired times and of paired ratios over processes). The
verdict line says whether the A/A band stayed within +/-5%. Exit status 0 once measured (whatever the verdict),
1 if a process failed, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import random
import signal
import statistics
import subprocess
import sys
import threading

from . import defaults, paired
from .command import Parser

BAND_LIMIT = 0.05
HOG = ["sh", "-c", "while :; do :; done"]


class Hog:
    """A busy loop on one CPU, stopped and continued at random: each state lasts 0.3 to 3 s."""

    def __init__(self, cpu: int, rng: random.Random) -> None:
        self.process = subprocess.Popen(["taskset", "-c", str(cpu)] + HOG)
        self.rng = rng
        self.done = threading.Event()
        self.switches = 0
        self.thread = threading.Thread(target=self._switch, daemon=True)
        self.thread.start()

    def _switch(self) -> None:
        running = True
        while not self.done.wait(self.rng.uniform(0.3, 3.0)):
            running = not running
            os.kill(self.process.pid, signal.SIGCONT if running else signal.SIGSTOP)
            self.switches += 1

    def stop(self) -> None:
        self.done.set()
        self.thread.join()
        self.process.send_signal(signal.SIGCONT)
        self.process.kill()
        self.process.wait()


def spread(values: list[float]) -> float:
    """The largest over the smallest, as a factor."""
    return max(values) / min(values) if values and min(values) > 0 else math.nan


def analyse(samples: list[paired.Sample], reference: str) -> tuple[list[dict[str, object]], list[str]]:
    rows: list[dict[str, object]] = []
    lines: list[str] = []
    for clock in paired.CLOCKS:
        grouped = paired.blocks(samples, clock)
        estimates: list[paired.Estimate | None] = []
        control: list[tuple[paired.Estimate | None, float]] = []
        time_spreads: list[float] = []
        ratio_spreads: list[float] = []
        for key, block in sorted(grouped.items()):
            names = block.strategies()
            for name in names:
                times = [math.exp(v) for v in paired.process_log_times(block, name)]
                r = paired.ratio(block, name, reference) if name != reference else None
                ratios = [math.exp(v) for v in paired.process_log_ratios(block, name, reference)] if r else []
                time_spreads.append(spread(times))
                if ratios:
                    ratio_spreads.append(spread(ratios))
                rows.append({"scenario": key[0], "n": key[1], "clock": clock, "strategy": name,
                             "reference": reference, "ratio": f"{r.value:.6g}" if r else "",
                             "ratio_lo": f"{r.low:.6g}" if r else "", "ratio_hi": f"{r.high:.6g}" if r else "",
                             "time_spread": f"{spread(times):.4g}",
                             "ratio_spread": f"{spread(ratios):.4g}" if ratios else ""})
            estimates += [paired.ratio(block, a, b) for a, b in paired.twins(names, paired.AA_SUFFIX)]
            control += [(paired.ratio(block, a, b), truth) for a, b, truth in paired.planted(names)]
        aa = [r for r in estimates if r is not None]
        if aa:
            logs = sorted(abs(math.log(r.value)) for r in aa)
            band = math.exp(logs[max(1, math.ceil(0.95 * len(logs))) - 1]) - 1
            excluding = sum(r.excludes_one() for r in aa)
            verdict = "within" if band <= BAND_LIMIT else "OUTSIDE"
            lines.append(f"noise: {clock}: A/A band +/-{100 * band:.1f}% over {len(aa)} ratios (largest "
                         f"{100 * (math.exp(logs[-1]) - 1):.1f}%, {excluding} intervals exclude 1): {verdict} "
                         f"+/-{100 * BAND_LIMIT:.0f}%")
        detected = [(r, t) for r, t in control if r is not None]
        if detected:
            above = sum(r.low > 1 for r, _ in detected)
            lines.append(f"noise: {clock}: planted control {_median([r.value for r, _ in detected]):.3f} "
                         f"(truth {detected[0][1]:.3f}), above 1 in {above} of {len(detected)} blocks")
        lines.append(f"noise: {clock}: over processes, unpaired times spread x{_median(time_spreads):.2f} "
                     f"(median over designs and blocks; largest x{max(time_spreads):.2f}), paired ratios "
                     f"x{_median(ratio_spreads):.2f} (largest x{max(ratio_spreads):.2f})")
    return rows, lines


def _median(values: list[float]) -> float:
    """The median of the values that are numbers (NaN: a design with one process); NaN if none is."""
    clean = [v for v in values if not math.isnan(v)]
    return statistics.median(clean) if clean else math.nan


def main(argv: list[str]) -> int:
    p = Parser("noise")
    p.add_argument("build")
    p.add_argument("out")
    p.add_argument("--processes", type=int, default=8)
    p.add_argument("--sizes", default="4096")
    p.add_argument("--scenarios", default="simple_iter,add_remove,random_get,create")
    p.add_argument("--layouts", type=int, default=defaults.whole("PAIRED_LAYOUTS"))
    p.add_argument("--rounds", type=int, default=defaults.whole("PAIRED_ROUNDS"))
    p.add_argument("--cpu", type=int, default=0)
    p.add_argument("--reference", default=defaults.text("PAIRED_REFERENCE"))
    p.add_argument("--seed", type=int, default=None)
    return p.run(argv, _noise)


def _noise(a: argparse.Namespace) -> int:
    sizes = [int(x) for x in a.sizes.split(",") if x.isdigit()]
    scenarios = [s for s in a.scenarios.split(",") if s]
    binaries = paired.program_binaries(a.build)
    if not binaries or not sizes or not scenarios or a.processes < 2:
        print("noise: needs build/bench-paired-0, sizes, scenarios and at least 2 processes", file=sys.stderr)
        return 2
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    samples_path = os.path.join(a.out, "samples.csv")
    partial = os.path.join(a.out, ".process.samples")
    jobs = [(s, n) for s in scenarios for n in sizes for _ in range(a.processes)]
    rng.shuffle(jobs)
    hog = Hog(a.cpu, rng)
    samples: list[paired.Sample] = []
    try:
        with open(samples_path, "w", encoding="utf-8") as out:
            for k, (scenario, n) in enumerate(jobs):
                command = ["taskset", "-c", str(a.cpu), rng.choice(binaries), "--scenario", scenario, "--n", str(n),
                           "--layouts", str(a.layouts), "--rounds", str(a.rounds),
                           "--seed", f"{rng.getrandbits(64):016x}", "--samples", partial]
                done = subprocess.run(command, capture_output=True, text=True)
                if done.returncode != 0:
                    print(f"noise: {scenario} n={n}: exit {done.returncode}: {done.stderr.strip()[-200:]}",
                          file=sys.stderr)
                    return 1
                with open(partial, encoding="utf-8") as f:
                    lines = f.read().splitlines()
                out.write("\n".join(lines[(1 if k else 0):]) + "\n")
                samples += paired.read_samples(partial)
    finally:
        hog.stop()
        if os.path.exists(partial):
            os.remove(partial)
    rows, lines = analyse(samples, a.reference)
    with open(os.path.join(a.out, "noise.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print(f"noise: {len(jobs)} processes on CPU {a.cpu} beside a hog switched {hog.switches} times", file=sys.stderr)
    for line in lines:
        print(line, file=sys.stderr)
    return 0

"""Measures every block (scenario x N x memory mode) with the paired program, process after process, under the
stopping rule, and writes every process's rows and samples.

    python3 -m analysis blocks BUILD OUT_DIR --cells CELLS_TSV [--fresh NAMES]
                                    [--catalogue-max-n M] [--first-page NAMES] [--min-procs P] [--max-procs Q]
                                    [--target T] [--budget-s S] [--layouts E] [--rounds R] [--target-ms MS]
                                    [--reference NAME] [--job-timeout-s F] [--memory-cap-gb G] [--seed K]

A process (harness/paired.c) measures every design of one block side by side: E layouts (new worlds, new memory
layout seeds), each of R rounds in which every design takes one sample, in a random order; it runs one of the
paired program's link orders (build/bench-paired-L), drawn so that each block meets them in turn. The process is
the unit of sampling (paired.py says why), so a block's intervals narrow with its processes.

The blocks: every scenario and size the cells declare up to M (the fixed size, where the whole catalogue is read),
and beyond M the first page's workloads alone (--first-page, from scenarios.csv: scenarios headline), in warm memory
as the page reads them, whose answer a reader needs at the sizes of a game's world.

The rule. Every block gets P processes first, one per pass over the blocks, the blocks in a new random order each
pass, so that whatever the machine does over the run spreads over all of them. Those processes are the block's
pilot: where its variance lies (between rounds, between layouts, between processes) and what each level costs set
the layouts and rounds of its later processes (allocation.py: Kalibera and Jones' rule, level by level). After that
a block stays open while it has fewer than Q processes and some comparison a verdict rests on is not yet decided
or not yet precise enough (stopping.py: every two designs and each control with its original, to +/-T or a third
of their difference); each further pass gives one more process to the open blocks that gain the most per second their
processes cost, until the pass would spend more than half the budget left (S seconds, from the start of the
measuring; the P passes over every block always run).

Memory. Every process runs with its address space capped at G GiB (default 8). Where every design's world of a
block at once exceeds it (2^22 entities, wide entities), the process fails its allocation (exit 3), and the block's
designs are measured from then on in groups, each process one group beside the reference and its controls (a
design's controls stay in its group, so that they stay paired): two groups, then four, until a process fits. A
visit to such a block runs one process per group; the ratio of two designs of different groups goes through the
reference (paired.ratio). A block whose reference and one other design do not fit fails the run.

Output in OUT_DIR: runs.csv (the rows of the designs CELLS_TSV names, as bench-NAME writes them, one per design and
layout; the controls beyond them have samples only), samples.csv (every sample, paired.py reads it) and costs.tsv (a
header and a line per process, COST_COLUMNS: its wall time, block, link order, layouts and rounds, and where its
time went: exec_s starting and ending it, then what the process itself says: building its worlds, calibrating,
the rounds and within them the timed samples, the final checks, and the first layout's building and checks).
Progress goes to stderr, one line every PROGRESS_EVERY seconds. An option left out takes make bench's default
(scripts/defaults.mk, defaults.py), as does PROGRESS_EVERY.

Exit codes: 0 measured; 1 a process failed (the message names its block and command); 2 a setting is wrong;
3 a process ran out of memory; 130 interrupted (what was being written is removed).
"""

from __future__ import annotations

import math
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

from . import allocation, defaults, failures, paired, plan as planmod, stopping
from .command import Parser

ROUND_SHARE = planmod.ROUND_SHARE
MODEL_SECONDS = 0.5  # a process's cost before one of its block was measured
# A process's address space at most (GiB): where every design's world of a block does not fit, the block's designs
# are measured in groups beside the reference (BlockState.split).
MEMORY_CAP_GB = 8.0


@dataclass
class BlockState:
    scenario: str
    n: int
    memory: str
    rounds: int = 0  # rounds per layout of the block's next process (0: the run's default)
    layouts: int = 0  # layouts of the block's next process (0: the run's default)
    processes: int = 0
    seconds: list[float] = field(default_factory=list)  # each process's wall time
    phases: list[dict[str, float]] = field(default_factory=list)  # each process's costs line (COST_COLUMNS)
    # The block's openness (stopping.py) as of its latest process; None until it is worked out again.
    standing: stopping.Openness | None = None
    orders: list[int] = field(default_factory=list)  # link orders still to draw, in a shuffled cycle
    designs: list[str] = field(default_factory=list)  # the block's designs with their controls (--list, the cells)
    # Where every design's world at once exceeds the memory cap: the groups of designs measured in turn, each with
    # the reference and its controls (subsets()); empty while one process holds them all.
    groups: list[list[str]] = field(default_factory=list)

    def key(self) -> paired.BlockKey:
        return paired.BlockKey(self.scenario, self.n, self.memory)

    def cost(self) -> float:
        """Seconds of one more visit: a process (the median of those of its next process's layouts and rounds, or
        what the pilot's costs say such a process takes, or the median of the processes so far), or one per group
        where the designs are split."""
        alike = [c["seconds"] for c in self.phases if (c["layouts"], c["rounds"]) == (self.layouts, self.rounds)]
        costs = pilot_costs(self) if self.layouts and not alike else None
        if alike:
            one = statistics.median(alike)
        elif costs is not None:
            one = costs.process_s + self.layouts * (costs.layout_s + self.rounds * costs.round_s)
        else:
            one = statistics.median(self.seconds) if self.seconds else MODEL_SECONDS
        return one * max(1, len(self.groups))

    def subsets(self, reference: str) -> list[list[str]]:
        """The designs of each process of a visit: the block's designs (the run's, not every design the program
        holds) unless the block is split, else each group with the reference's family (the reference and its
        controls), which every process measures."""
        if not self.groups:
            return [list(self.designs)]
        anchor = [d for d in self.designs if family(d) == reference]
        return [anchor + group for group in self.groups]

    def split(self, reference: str) -> bool:
        """Doubles the number of groups (the first split makes two): the other designs' families dealt out in
        turn, a design's controls with it so that they stay paired. False where a group already holds one
        family: no split can make a process smaller."""
        families = sorted({family(d) for d in self.designs} - {reference})
        count = 2 * max(1, len(self.groups))
        if len(self.groups) >= len(families) or not families:
            return False
        count = min(count, len(families))
        self.groups = [[d for d in self.designs if family(d) in families[k::count]] for k in range(count)]
        return True

    def name(self) -> str:
        return f"{self.scenario} n={self.n}{' @fresh' if self.memory == 'fresh' else ''}"


def family(design: str) -> str:
    """The design a control copies: "archetype" for "archetype~aa" and "archetype~slower3", else the design."""
    return design.partition("~")[0]


def read_blocks(cells_path: str, fresh: set[str],
                listed: dict[str, list[str]] | None = None,
                catalogue_max_n: int | None = None,
                first_page: frozenset[str] = frozenset()) -> tuple[list[BlockState], set[str]]:
    """Every block the cells declare, in catalog order, and the designs they name; beyond catalogue_max_n, only
    the blocks in warm memory of first_page, the first page's workloads (scenarios headline). listed ({scenario:
    designs}, as bench-paired --list prints them) adds each block's controls: a listed design of the scenario whose
    family has a cell in the block."""
    seen: dict[tuple[str, int, str], BlockState] = {}
    labels = set()
    for (label, scenario, n, memory), _ in planmod.read_universe(cells_path, fresh):
        if catalogue_max_n is not None and n > catalogue_max_n and (scenario not in first_page or memory != "warm"):
            continue
        state = seen.setdefault((scenario, n, memory), BlockState(scenario, n, memory))
        if label not in state.designs:
            state.designs.append(label)
        labels.add(label)
    for state in seen.values():
        bases = {family(d) for d in state.designs}
        state.designs += [d for d in (listed or {}).get(state.scenario, [])
                          if d not in state.designs and family(d) in bases]
    return list(seen.values()), labels


def read_list(binary: str) -> dict[str, list[str]]:
    """{scenario: designs} from the paired program's --list, in its order."""
    done = subprocess.run([binary, "--list"], capture_output=True, text=True, check=True)
    out: dict[str, list[str]] = {}
    for line in done.stdout.splitlines():
        scenario, _, design = line.partition("\t")
        if design:
            out.setdefault(scenario, []).append(design)
    return out


COST_COLUMNS = ("seconds", "scenario", "memory", "n", "link_order", "layouts", "rounds", "exec_s", "build_s",
                "calibrate_s", "rounds_s", "timed_s", "check_s", "first_layout_s", "peak_mib")


def pilot_costs(state: BlockState) -> allocation.Costs | None:
    """What a round, a layout beyond the first and the process itself cost the block, from its processes so far
    (the medians over them; each process's costs line says where its time went); None before one of at least two
    layouts."""
    rounds, layouts, processes, whole = [], [], [], []
    for c in state.phases:
        k, r = c["layouts"], c["rounds"]
        if k < 2:
            continue
        round_s = c["rounds_s"] / (k * r)
        layout_s = (c["build_s"] + c["check_s"] - c["first_layout_s"]) / (k - 1)
        rounds.append(round_s)
        layouts.append(layout_s)
        processes.append(max(0.0, c["seconds"] - k * layout_s - c["rounds_s"]))
        whole.append(c["seconds"])
    if not rounds:
        return None
    return allocation.Costs(statistics.median(rounds), statistics.median(layouts), statistics.median(processes),
                            statistics.median(whole))


class Runner:
    """Runs the processes and keeps what they wrote."""

    def __init__(self, args: Settings, binaries: list[str], rows_for: set[str], rng: random.Random) -> None:
        self.args = args
        self.binaries = binaries
        self.rng = rng
        self.runs_path = os.path.join(args.out, "runs.csv")
        self.samples_path = os.path.join(args.out, "samples.csv")
        self.costs_path = os.path.join(args.out, "costs.tsv")
        self.partial = os.path.join(args.out, ".process.samples")
        self.partial_costs = os.path.join(args.out, ".process.costs")
        self.rows_for = rows_for
        self.have_header = {"runs": False, "samples": False, "costs": False}
        # The samples so far by block, each process's added as it ends, so that no pass reads them all again.
        self.grouped: dict[paired.BlockKey, paired.Block] = {}
        self.started = time.monotonic()
        self.last_said = 0.0
        self.count = 0

    def link_order(self, state: BlockState) -> int:
        if not state.orders:
            state.orders = list(range(len(self.binaries)))
            self.rng.shuffle(state.orders)
        return state.orders.pop()

    def command(self, state: BlockState, order: int, designs: list[str]) -> list[str]:
        """The process's command line. It caps its own address space (--address-space-mib), so that it is spawned
        without code of the scheduler's running in the child (preexec_fn forks the whole scheduler)."""
        a = self.args
        return [self.binaries[order], "--scenario", state.scenario, "--n", str(state.n), "--memory", state.memory,
                "--designs", ",".join(designs), "--layouts", str(state.layouts or a.layouts),
                "--rounds", str(state.rounds or a.rounds), "--target-ms", str(a.target_ms),
                "--seed", f"{self.rng.getrandbits(64):016x}", "--samples", self.partial,
                "--costs", self.partial_costs, "--address-space-mib", str(max(1, int(a.memory_cap_gb * 1024)))]

    def run(self, state: BlockState, status: str) -> None:
        """One visit of the block: a process, or one per group where its designs are split. A process out of
        memory under the cap splits the block's designs further and the visit starts again; the processes it
        already kept stay (each measured the reference beside its designs)."""
        visit = state.subsets(self.args.reference)
        k = 0
        while k < len(visit):
            order = self.link_order(state)
            command = self.command(state, order, visit[k])
            code, seconds, errors = self.process(state, command, status)
            if code == 3 and state.split(self.args.reference):
                print(f"bench: {state.name()}: out of memory under the cap of {self.args.memory_cap_gb:g} GiB; its "
                      f"designs are measured from now on in {len(state.groups)} groups, each beside "
                      f"{self.args.reference}", file=sys.stderr)
                visit, k = state.subsets(self.args.reference), 0
                continue
            if code != 0:
                sys.stderr.write(errors)
                reason = (f"out of memory under the cap of {self.args.memory_cap_gb:g} GiB, with the fewest designs "
                          f"a process can hold" if code == 3 else failures.ending(code))
                if code < 0:
                    alone = failures.failing_alone(command, visit[k], self.limit(state))
                    reason += f"; alone, {', '.join(alone)} fails too" if alone else "; no design fails alone"
                raise Failure(3 if code == 3 else 1,
                              f"{state.name()}: {reason} ({failures.shown(command, self.args.shown_build)})")
            state.seconds.append(seconds)
            self.count += 1
            self.record_costs(state, order, seconds)
            k += 1
        state.processes += 1

    def limit(self, state: BlockState) -> float:
        """The seconds a process of the block may take before it is stopped as stuck."""
        return self.args.job_timeout_s + 20 * state.cost()

    def process(self, state: BlockState, command: list[str], status: str) -> tuple[int, float, str]:
        """Runs one process and keeps what it wrote; its exit status, seconds and, where it failed, what it said."""
        limit = self.limit(state)
        self.progress(status, state)
        began = time.monotonic()
        for path in (self.partial, self.partial_costs):
            if os.path.exists(path):
                os.remove(path)
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=limit)
        except subprocess.TimeoutExpired:
            raise Failure(1, f"{state.name()}: stopped after {limit:.0f} s: stuck? ({' '.join(command)})")
        seconds = time.monotonic() - began
        if done.returncode != 0:
            return done.returncode, seconds, done.stderr
        sys.stderr.write(done.stderr)
        self.keep(done.stdout, state)
        return 0, seconds, ""

    def keep(self, rows_text: str, state: BlockState) -> None:
        """Appends the process's rows (those of --rows-for) and samples to the run's files."""
        lines = rows_text.splitlines()
        if not lines:
            raise Failure(1, f"{state.name()}: the process wrote no rows")
        header, body = lines[0], lines[1:]
        strategy = header.split(",").index("strategy")
        kept = [line for line in body if line.split(",")[strategy] in self.rows_for]
        self.append("runs", self.runs_path, header, kept)
        with open(self.partial, encoding="utf-8") as f:
            sample_lines = f.read().splitlines()
        self.append("samples", self.samples_path, sample_lines[0], sample_lines[1:])
        for sample in paired.parse_samples(sample_lines, self.partial):
            key = paired.BlockKey(sample.scenario, sample.n, sample.memory)
            self.grouped.setdefault(key, paired.Block(key, self.args.clock)).add(sample)
        state.standing = None

    def record_costs(self, state: BlockState, order: int, seconds: float) -> None:
        """The process's costs line (COST_COLUMNS): its wall time as the scheduler saw it, what it ran, and where
        its time went as it said (--costs), exec_s the rest: starting, exiting and writing its output."""
        with open(self.partial_costs, encoding="utf-8") as f:
            lines = f.read().splitlines()
        if len(lines) != 2:
            raise Failure(1, f"{state.name()}: the process wrote no costs line")
        said = dict(zip(lines[0].split("\t"), (float(v) for v in lines[1].split("\t"))))
        line: dict[str, float] = {"seconds": seconds, "layouts": state.layouts or self.args.layouts,
                                  "rounds": state.rounds or self.args.rounds,
                                  "exec_s": max(0.0, seconds - said["process_s"])}
        line.update((k, said[k]) for k in COST_COLUMNS if k in said)
        state.phases.append(line)
        text = {**{k: f"{v:.4f}" if isinstance(v, float) else str(v) for k, v in line.items()},
                "scenario": state.scenario, "memory": state.memory, "n": str(state.n), "link_order": str(order)}
        self.append("costs", self.costs_path, "\t".join(COST_COLUMNS), ["\t".join(text[k] for k in COST_COLUMNS)])

    def append(self, kind: str, path: str, header: str, lines: list[str]) -> None:
        with open(path, "a", encoding="utf-8") as f:
            if not self.have_header[kind]:
                f.write(header + "\n")
                self.have_header[kind] = True
            for line in lines:
                f.write(line + "\n")

    def progress(self, status: str, state: BlockState) -> None:
        now = time.monotonic()
        every = float(os.environ.get("PROGRESS_EVERY") or defaults.number("PROGRESS_EVERY"))
        if now - self.last_said >= every or self.count == 0:
            elapsed = now - self.started
            left = max(0.0, self.args.budget_s - elapsed)
            print(f"bench: {status}  {state.name()}  {self.count} processes  elapsed {clock(elapsed)}  budget left "
                  f"{clock(left)}", file=sys.stderr)
            self.last_said = now


def clock(seconds: float) -> str:
    """M:SS."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


class Failure(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def measure(args: Settings, states: list[BlockState], runner: Runner) -> str:
    """The passes: P over every block, then the stopping rule's. Returns how the measuring ended."""
    rng = runner.rng
    for k in range(args.min_procs):
        order = states[:]
        rng.shuffle(order)
        for i, state in enumerate(order):
            runner.run(state, f"pass {k + 1}/{args.min_procs}  {i + 1}/{len(order)}")
    # The pilot: where a block's variance lies and what each level costs, from its first processes, set the layouts
    # and rounds of its later ones.
    default = allocation.Allocation(args.layouts, args.rounds)
    for state in states:
        found = runner.grouped.get(state.key())
        c = allocation.components(found, args.reference) if found else None
        costs = pilot_costs(state)
        if c is not None and costs is not None:
            chosen_allocation = allocation.best(c, costs, default)
            state.layouts, state.rounds = chosen_allocation.layouts, chosen_allocation.rounds
    while True:
        elapsed = time.monotonic() - runner.started
        left = args.budget_s - elapsed
        open_blocks = []
        for state in states:
            if state.standing is None:
                state.standing = stopping.openness(runner.grouped.get(state.key()), args.target)
            if state.standing.open > 0 and state.processes < args.max_procs:
                open_blocks.append((state.standing.gain / state.cost(), state))
        if not open_blocks:
            return (f"every block's comparisons are decided and within +/-{100 * args.target:g}% or a third of their "
                    f"difference, or it has {args.max_procs} processes")
        open_blocks.sort(key=lambda b: -b[0])
        chosen: list[BlockState] = []
        spent = 0.0
        for _, state in open_blocks:
            if spent + state.cost() > ROUND_SHARE * left:
                continue
            chosen.append(state)
            spent += state.cost()
        if not chosen:
            return (f"{len(open_blocks)} blocks still have a comparison undecided or wider than "
                    f"+/-{100 * args.target:g}% and a third of its difference, and none fits the {max(left, 0):.0f} s "
                    "left")
        rng.shuffle(chosen)
        for i, state in enumerate(chosen):
            runner.run(state, f"more  {i + 1}/{len(chosen)} of {len(open_blocks)} open")


@dataclass(frozen=True)
class Settings:
    """A blocks run's settings, as its command line gives them (the module's docstring)."""
    build: str
    out: str
    cells: str
    fresh: str
    catalogue_max_n: int | None
    first_page: str
    min_procs: int
    max_procs: int
    target: float
    budget_s: float
    layouts: int
    rounds: int
    target_ms: int
    reference: str
    clock: str
    job_timeout_s: float
    memory_cap_gb: float
    seed: int | None
    shown_build: str | None


def main(argv: list[str]) -> int:
    p = Parser("blocks")
    p.add_argument("build")
    p.add_argument("out")
    p.add_argument("--cells", required=True)
    p.add_argument("--fresh", default="")
    p.add_argument("--catalogue-max-n", type=int, default=None,
                   help="beyond this size, the first page's workloads alone (default: every size)")
    p.add_argument("--first-page", default="",
                   help="the first page's workloads, space-separated (scenarios headline DESCRIBE_CSV)")
    p.add_argument("--min-procs", type=int, default=defaults.whole("BENCH_MIN_PROCS"))
    p.add_argument("--max-procs", type=int, default=defaults.whole("BENCH_MAX_PROCS"))
    p.add_argument("--target", type=float, default=defaults.number("BENCH_TARGET_CI"))
    p.add_argument("--budget-s", type=float, default=defaults.number("BENCH_BUDGET_S"))
    p.add_argument("--layouts", type=int, default=defaults.whole("PAIRED_LAYOUTS"))
    p.add_argument("--rounds", type=int, default=defaults.whole("PAIRED_ROUNDS"))
    p.add_argument("--target-ms", type=int, default=defaults.whole("PAIRED_TARGET_MS"))
    p.add_argument("--reference", default=defaults.text("PAIRED_REFERENCE"))
    p.add_argument("--clock", choices=paired.CLOCKS, default=defaults.text("PAIRED_CLOCK"))
    p.add_argument("--job-timeout-s", type=float, default=defaults.number("BENCH_JOB_TIMEOUT_S"))
    p.add_argument("--memory-cap-gb", type=float, default=MEMORY_CAP_GB)
    p.add_argument("--seed", type=int, default=None, help="the scheduler's random stream (default: random)")
    p.add_argument("--shown-build", default=None, help="the build folder a failed process's command names")
    return p.run(argv, lambda arguments: _blocks(Settings(**vars(arguments))))


def _blocks(a: Settings) -> int:
    if not 1 <= a.min_procs <= a.max_procs or a.target <= 0 or a.layouts < 1 or a.rounds < 1 \
            or a.target_ms < 1 or a.budget_s < 0 or a.memory_cap_gb <= 0:
        print("blocks: need 1 <= min-procs <= max-procs, target > 0, layouts, rounds and target-ms >= 1, "
              "a budget >= 0 and a memory cap > 0", file=sys.stderr)
        return 2
    binaries = paired.program_binaries(a.build)
    if not binaries:
        print(f"blocks: {a.build}/bench-paired-0 is missing (make build-bench builds it)", file=sys.stderr)
        return 2
    try:
        states, labels = read_blocks(a.cells, set(a.fresh.split()), read_list(binaries[0]), a.catalogue_max_n,
                                     frozenset(a.first_page.split()))
    except (OSError, ValueError, subprocess.CalledProcessError) as e:
        print(f"blocks: {e}", file=sys.stderr)
        return 2
    if not states:
        print("blocks: no scenario declares an entity count within the bounds", file=sys.stderr)
        return 2
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    runner = Runner(a, binaries, labels, rng)
    for path in (runner.runs_path, runner.samples_path, runner.costs_path):
        if os.path.exists(path):
            os.remove(path)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    each = f"{a.layouts} layout(s) of {a.rounds} rounds each, {len(binaries)} link orders"
    if a.min_procs == a.max_procs:
        print(f"bench: {len(states)} blocks, every design of each side by side in {a.min_procs} processes ({each})",
              file=sys.stderr)
    else:
        print(f"bench: {len(states)} blocks, every design of each side by side in {a.min_procs} processes ({each}), "
              f"then up to {a.max_procs} in the layouts and rounds each block's first ones say, while a comparison is "
              f"undecided or wider than +/-{100 * a.target:g}% and a third of its difference and the budget of "
              f"{a.budget_s:.0f} s lasts", file=sys.stderr)
    try:
        account = measure(a, states, runner)
    except Failure as e:
        print(f"bench: {e}", file=sys.stderr)
        return e.code
    except (KeyboardInterrupt, SystemExit) as e:
        for path in (runner.runs_path, runner.samples_path, runner.costs_path):
            if os.path.exists(path):
                os.remove(path)
        return 143 if isinstance(e, SystemExit) else 130
    finally:
        for path in (runner.partial, runner.partial_costs):
            if os.path.exists(path):
                os.remove(path)
    elapsed = time.monotonic() - runner.started
    print(f"bench: {runner.count} processes in {clock(elapsed)}; {account}", file=sys.stderr)
    return 0

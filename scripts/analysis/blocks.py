"""Measures every block (scenario x N x memory mode) with the paired program, process after process, under the
stopping rule, and writes every process's rows and samples.

    python3 -m analysis blocks BUILD OUT_DIR --cells CELLS_TSV [--step K] [--fresh NAMES] [--sizes N,...]
                                    [--min-procs P] [--max-procs Q] [--target T] [--budget-s S]
                                    [--layouts E] [--rounds R] [--target-ms MS] [--reference NAME]
                                    [--job-timeout-s F] [--memory-cap-gb G] [--seed K]

A process (harness/paired.c) measures every design of one block side by side: E layouts (new worlds, new memory
layout seeds), each of R rounds in which every design takes one sample, in a random order; it runs one of the
paired program's link orders (build/bench-paired-L), drawn so that each block meets them in turn. The process is
the unit of sampling (paired.py says why), so a block's intervals narrow with its processes.

The rule. Every block gets P processes first, one per pass over the blocks, the blocks in a new random order each
pass, so that whatever the machine does over the run spreads over all of them. Those processes are the block's
pilot: where its variance lies (between the rounds of a layout, or between processes: their layouts, their code and
the machine's state) and what a round and a process cost set the rounds of its later processes (best_rounds:
Kalibera and Jones' rule for two levels of repetition), from 3 where processes differ most to 60 where rounds do.
After that a block stays open while it has fewer than Q processes and the 95% interval of some design's ratio to the
reference design (paired, paired.py) is wider than +/-T; each further pass gives one more process to the open blocks
whose intervals exceed the target by the most per second their processes cost, until the pass would spend more than
half the budget left (S seconds, from the start of the measuring; the P passes over every block always run). A block
whose reference is missing is open until it has Q processes.

Memory. Every process runs with its address space capped at G GiB (default 8). Where every design's world of a
block at once exceeds it (2^22 entities, wide entities), the process fails its allocation (exit 3), and the block's
designs are measured from then on in groups, each process one group beside the reference and its controls (a
design's controls stay in its group, so that they stay paired): two groups, then four, until a process fits. A
visit to such a block runs one process per group; the ratio of two designs of different groups goes through the
reference (paired.ratio). A block whose reference and one other design do not fit fails the run.

Output in OUT_DIR: runs.csv (the rows of the designs CELLS_TSV names, as bench-NAME writes them, one per design and
layout; the controls beyond them have samples only), samples.csv (every sample, paired.py reads it) and costs.tsv (a
line per process: seconds, block, link order, rounds). Progress goes to stderr, one line every PROGRESS_EVERY
seconds. An option left out takes make bench's default (scripts/defaults.mk, defaults.py), as does PROGRESS_EVERY.

Exit codes: 0 measured; 1 a process failed (the message names its block and command); 2 a setting is wrong;
3 a process ran out of memory; 130 interrupted (what was being written is removed).
"""

from __future__ import annotations

import math
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

from . import defaults, paired, plan as planmod
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
    processes: int = 0
    seconds: list[float] = field(default_factory=list)  # each process's wall time
    round_seconds: list[float] = field(default_factory=list)  # each process's median round (its samples' wall time)
    orders: list[int] = field(default_factory=list)  # link orders still to draw, in a shuffled cycle
    designs: list[str] = field(default_factory=list)  # the block's designs with their controls (--list, the cells)
    # Where every design's world at once exceeds the memory cap: the groups of designs measured in turn, each with
    # the reference and its controls (subsets()); empty while one process holds them all.
    groups: list[list[str]] = field(default_factory=list)

    def key(self) -> paired.BlockKey:
        return paired.BlockKey(self.scenario, self.n, self.memory)

    def cost(self) -> float:
        """Seconds of one more visit: a process, or one per group where the designs are split."""
        one = sorted(self.seconds)[len(self.seconds) // 2] if self.seconds else MODEL_SECONDS
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


def read_blocks(cells_path: str, step: int, fresh: set[str], sizes: set[int],
                listed: dict[str, list[str]] | None = None) -> tuple[list[BlockState], set[str]]:
    """Every block the cells declare, in catalog order, and the designs they name. listed ({scenario: designs}, as
    bench-paired --list prints them) adds each block's controls: a listed design of the scenario whose family
    has a cell in the block."""
    seen: dict[tuple[str, int, str], BlockState] = {}
    labels = set()
    for (label, scenario, n, memory), _ in planmod.read_universe(cells_path, step, fresh, sizes):
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


# Bounds on the rounds per layout the pilot may choose: fewer than MIN_ROUNDS leave the median of a layout at the
# mercy of one odd round; past MAX_ROUNDS a process lasts long enough that the machine's slow stretches no longer
# average out between processes.
MIN_ROUNDS = 3
MAX_ROUNDS = 60
# The variance of the median of r normal values over that of their mean (r = 1 .. 12; pi / 2 beyond): a layout's
# figure is the median of its few rounds, whose share of the variance between processes this scales.
MEDIAN_VARIANCE_RATIO = (1.0, 1.0, 1.353, 1.199, 1.438, 1.287, 1.479, 1.354, 1.488, 1.382, 1.516, 1.41)


def median_variance_ratio(r: int) -> float:
    return MEDIAN_VARIANCE_RATIO[r - 1] if 1 <= r <= len(MEDIAN_VARIANCE_RATIO) else math.pi / 2


@dataclass(frozen=True)
class Components:
    """What a block's processes so far say of where its variance is, on the log scale of the ratios to the
    reference: within (the variance of one round's log ratio about its layout's median, pooled over designs and
    layouts), between (the variance between processes of their log ratios, net of the rounds' share: a process's
    value averages its layouts' medians, so that share is e within / (rounds layouts)), the layouts of a process,
    and the cost in seconds of one round (every design's warm-up run and sample) and of a process without its
    rounds."""
    within: float
    between: float
    round_s: float
    process_s: float
    layouts: float = 1.0


def round_cost(samples: list[paired.Sample]) -> float:
    """Seconds a round of a process took: the median over its rounds of every design's sample and warm-up run (a
    sample's wall time over its runs, once more)."""
    rounds: dict[tuple[int, int], float] = {}
    for x in samples:
        rounds[(x.layout, x.round)] = rounds.get((x.layout, x.round), 0.0) + x.wall_ns * (1 + 1 / x.inner) / 1e9
    return statistics.median(rounds.values()) if rounds else 0.0


def components(block: paired.Block, reference: str, rounds: int, state: BlockState) -> Components | None:
    """The variance components and costs of a block from its samples (paired.py's levels) and its processes'
    times; None with fewer than three processes or no reference."""
    if reference not in block.strategies() or len(block.times) < 3:
        return None
    squares, count = 0.0, 0
    for by_layout in block.times.values():
        for rounds_of in by_layout.values():
            for name in {n for r in rounds_of.values() for n in r} - {reference}:
                logs = [math.log(r[name] / r[reference]) for r in rounds_of.values() if name in r and reference in r]
                if len(logs) > 1:
                    middle = statistics.median(logs)
                    squares += sum((x - middle) ** 2 for x in logs)
                    count += len(logs) - 1
    within = squares / count if count else 0.0
    spreads = []
    for name in block.strategies():
        if name != reference:
            values = paired.process_log_ratios(block, name, reference)
            if len(values) > 2:
                spreads.append(statistics.variance(values))
    if not spreads:
        return None
    layouts = statistics.median(len(l) for l in block.times.values())
    rounds = max(rounds, 1)
    between = max(0.0, statistics.median(spreads) - median_variance_ratio(rounds) * within / (rounds * layouts))
    if not state.seconds or not state.round_seconds:
        return None
    round_s = statistics.median(state.round_seconds)
    return Components(within, between, round_s, max(0.0, statistics.median(state.seconds) - rounds * layouts * round_s),
                      layouts)


def best_rounds(c: Components, default: int) -> int:
    """The rounds per layout that narrow the block's intervals most per second (Kalibera and Jones, "Rigorous
    benchmarking in reasonable time", 2013: with a process costing p and a round r, L layouts of k rounds each,
    the variance of the estimate over n processes is between / n + e within / (n L k), e the median's
    efficiency, and the cost n (p + L k r); the best k is sqrt(p e within / (r between)) / L), within
    MIN_ROUNDS .. MAX_ROUNDS. Where the processes so far show no variance between them beyond their rounds' (a
    few processes cannot tell it from zero), default: no evidence moves the rounds then."""
    if c.within <= 0:
        return MIN_ROUNDS
    if c.between <= 0 or c.round_s <= 0:
        return default
    k = math.sqrt(max(c.process_s, c.round_s) * math.pi / 2 * c.within / (c.round_s * c.between))
    return max(MIN_ROUNDS, min(MAX_ROUNDS, round(k / max(c.layouts, 1.0))))


def excess(block: paired.Block | None, reference: str, target: float) -> float:
    """How far the block's widest ratio interval is beyond the target (0: within it); inf without a
    reference or samples."""
    if block is None or reference not in block.strategies():
        return math.inf
    worst = 0.0
    for name in block.strategies():
        if name == reference:
            continue
        r = paired.ratio(block, name, reference)
        worst = max(worst, math.inf if r is None else r.half_width())
    return max(0.0, worst - target)


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
        self.rows_for = rows_for
        self.have_header = {"runs": False, "samples": False}
        self.samples: list[paired.Sample] = []
        self.started = time.monotonic()
        self.last_said = 0.0
        self.count = 0

    def link_order(self, state: BlockState) -> int:
        if not state.orders:
            state.orders = list(range(len(self.binaries)))
            self.rng.shuffle(state.orders)
        return state.orders.pop()

    def command(self, state: BlockState, order: int, designs: list[str]) -> list[str]:
        a = self.args
        return [self.binaries[order], "--scenario", state.scenario, "--n", str(state.n), "--memory", state.memory,
                "--designs", ",".join(designs), "--layouts", str(a.layouts), "--rounds", str(state.rounds or a.rounds),
                "--target-ms", str(a.target_ms), "--seed", f"{self.rng.getrandbits(64):016x}",
                "--samples", self.partial]

    def limit_memory(self) -> None:
        """In the child, before it runs: its address space capped, so that a process that would exceed the cap
        fails its allocation (exit 3) instead of pushing the machine into swap."""
        cap = int(self.args.memory_cap_gb * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

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
                          f"a process can hold" if code == 3 else f"exit {code}")
                raise Failure(3 if code == 3 else 1, f"{state.name()}: {reason} ({' '.join(command)})")
            state.seconds.append(seconds)
            self.count += 1
            with open(self.costs_path, "a", encoding="utf-8") as f:
                f.write(f"{seconds:.3f}\t{state.scenario}\t{state.memory}\t{state.n}\t{order}\t"
                        f"{state.rounds or self.args.rounds}\n")
            k += 1
        state.processes += 1

    def process(self, state: BlockState, command: list[str], status: str) -> tuple[int, float, str]:
        """Runs one process and keeps what it wrote; its exit status, seconds and, where it failed, what it said."""
        limit = self.args.job_timeout_s + 20 * state.cost()
        self.progress(status, state)
        began = time.monotonic()
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=limit,
                                  preexec_fn=self.limit_memory)
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
        mine = paired.read_samples(self.partial)
        self.samples.extend(mine)
        state.round_seconds.append(round_cost(mine))

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
    # The pilot: where a block's variance lies, from its first processes, sets the rounds of its later ones.
    grouped = paired.blocks(runner.samples, args.clock)
    for state in states:
        found = grouped.get(state.key())
        c = components(found, args.reference, args.rounds, state) if found else None
        if c is not None:
            state.rounds = best_rounds(c, args.rounds)
    while True:
        grouped = paired.blocks(runner.samples, args.clock)
        elapsed = time.monotonic() - runner.started
        left = args.budget_s - elapsed
        open_blocks = []
        for state in states:
            beyond = excess(grouped.get(state.key()), args.reference, args.target)
            if beyond > 0 and state.processes < args.max_procs:
                open_blocks.append((beyond / state.cost(), state))
        if not open_blocks:
            return (f"every block's ratios to {args.reference} are within +/-{100 * args.target:g}% or it has "
                    f"{args.max_procs} processes")
        open_blocks.sort(key=lambda b: -b[0])
        chosen: list[BlockState] = []
        spent = 0.0
        for _, state in open_blocks:
            if spent + state.cost() > ROUND_SHARE * left:
                continue
            chosen.append(state)
            spent += state.cost()
        if not chosen:
            return (f"{len(open_blocks)} blocks still have a ratio interval wider than +/-{100 * args.target:g}%, "
                    f"and none fits the {max(left, 0):.0f} s left")
        rng.shuffle(chosen)
        for i, state in enumerate(chosen):
            runner.run(state, f"more  {i + 1}/{len(chosen)} of {len(open_blocks)} open")


@dataclass(frozen=True)
class Settings:
    """A blocks run's settings, as its command line gives them (the module's docstring)."""
    build: str
    out: str
    cells: str
    step: int
    fresh: str
    sizes: str
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


def main(argv: list[str]) -> int:
    p = Parser("blocks")
    p.add_argument("build")
    p.add_argument("out")
    p.add_argument("--cells", required=True)
    p.add_argument("--step", type=int, default=defaults.whole("BENCH_STEP"))
    p.add_argument("--fresh", default="")
    p.add_argument("--sizes", default=defaults.text("BENCH_SIZES"))
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
    return p.run(argv, lambda arguments: _blocks(Settings(**vars(arguments))))


def _blocks(a: Settings) -> int:
    if not 1 <= a.min_procs <= a.max_procs or a.target <= 0 or a.step < 1 or a.layouts < 1 or a.rounds < 1 \
            or a.target_ms < 1 or a.budget_s < 0 or a.memory_cap_gb <= 0:
        print("blocks: need 1 <= min-procs <= max-procs, target > 0, step, layouts, rounds and target-ms >= 1, "
              "a budget >= 0 and a memory cap > 0", file=sys.stderr)
        return 2
    if any(not x.isdigit() for x in a.sizes.split(",") if x):
        print(f'blocks: --sizes takes comma-separated entity counts, not "{a.sizes}"', file=sys.stderr)
        return 2
    binaries = paired.program_binaries(a.build)
    if not binaries:
        print(f"blocks: {a.build}/bench-paired-0 is missing (make build-bench builds it)", file=sys.stderr)
        return 2
    try:
        states, labels = read_blocks(a.cells, a.step, set(a.fresh.split()), {int(x) for x in a.sizes.split(",") if x},
                                     read_list(binaries[0]))
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
        print(f"bench: {len(states)} blocks, every design of each side by side in {a.min_procs} to {a.max_procs} "
              f"processes ({each}); more while a ratio to {a.reference} is wider than +/-{100 * a.target:g}% and the "
              f"budget of {a.budget_s:.0f} s lasts", file=sys.stderr)
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
        if os.path.exists(runner.partial):
            os.remove(runner.partial)
    elapsed = time.monotonic() - runner.started
    print(f"bench: {runner.count} processes in {clock(elapsed)}; {account}", file=sys.stderr)
    return 0

"""Reading the paired program's output (harness/paired.c): its samples file, checked line by line, grouped by
block, process, layout and round (Block), and the order in which a process built its designs' worlds, which the
samples do not record but the process's seed replays (build_orders)."""

from __future__ import annotations

import csv
import gzip
import math
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple

COLUMNS = ("process_seed", "link_order", "scenario", "n", "memory", "layout", "layout_seed", "strategy", "round",
           "position", "inner", "wall_ns", "cpu_ns", "steal_ms", "planted_ns")


# The columns of runs made before the planted control's work was timed on its own (harness/timer.h): read all the
# same, their planted control's realised slowdown unknown.
COLUMNS_BEFORE_PLANTED_NS = COLUMNS[:-1]


class SampleError(ValueError):
    """A samples file that cannot be read as bench-paired writes it; the message names the file and line."""


@dataclass(frozen=True)
class Sample:
    process: str
    link_order: int
    scenario: str
    n: int
    memory: str
    layout: int
    strategy: str
    round: int
    position: int
    inner: int
    wall_ns: float
    cpu_ns: float
    steal_ms: float | None
    layout_seed: str = ""  # the design's seed in the layout: what names its row of runs.csv
    planted_ns: float | None = None  # the CPU time of the planted work it held, timed on its own; None: not recorded

    def per_unit(self, clock: str) -> float:
        """ns per unit of the sample on the clock."""
        return (self.wall_ns if clock == "wall" else self.cpu_ns) / (self.inner * self.n)


class BlockKey(NamedTuple):
    """What names a block: the scenario, N and memory mode its designs were measured at side by side."""
    scenario: str
    n: int
    memory: str


def _number(text: str, kind: type[float], where: str, column: str) -> float:
    try:
        value = kind(text)
    except ValueError:
        raise SampleError(f"{where}: {column} is not a number: {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise SampleError(f"{where}: {column} must be finite and not negative: {text!r}")
    return value


def read_samples(path: str) -> list[Sample]:
    """Every sample of a file bench-paired wrote (--samples; gzip-compressed where the name ends in .gz), checked:
    the columns, numbers, times above 0."""
    with (gzip.open(path, "rt", newline="") if path.endswith(".gz") else open(path, newline="")) as f:
        return parse_samples(f, path)


def parse_samples(lines: Iterable[str], path: str) -> list[Sample]:
    """The samples of a samples file's lines, checked as read_samples says; path names the file in messages."""
    samples = []
    reader = csv.reader(lines)
    header = next(reader, None)
    if header is None or tuple(header) not in (COLUMNS, COLUMNS_BEFORE_PLANTED_NS):
        raise SampleError(f"{path}:1: not a samples file (its header is not {','.join(COLUMNS)})")
    columns = tuple(header)
    for line, row in enumerate(reader, start=2):
        where = f"{path}:{line}"
        if len(row) != len(columns):
            raise SampleError(f"{where}: {len(row)} fields, not {len(columns)}")
        v = dict(zip(columns, row))
        sample = Sample(
            process=v["process_seed"], link_order=int(_number(v["link_order"], int, where, "link_order")),
            scenario=v["scenario"], n=int(_number(v["n"], int, where, "n")), memory=v["memory"],
            layout=int(_number(v["layout"], int, where, "layout")), strategy=v["strategy"],
            round=int(_number(v["round"], int, where, "round")),
            position=int(_number(v["position"], int, where, "position")),
            inner=int(_number(v["inner"], int, where, "inner")),
            wall_ns=_number(v["wall_ns"], float, where, "wall_ns"),
            cpu_ns=_number(v["cpu_ns"], float, where, "cpu_ns"),
            steal_ms=_number(v["steal_ms"], float, where, "steal_ms") if v["steal_ms"] != "" else None,
            layout_seed=v["layout_seed"],
            planted_ns=_number(v["planted_ns"], float, where, "planted_ns") if "planted_ns" in v else None)
        if sample.n < 1 or sample.inner < 1 or sample.wall_ns <= 0 or sample.cpu_ns <= 0:
            raise SampleError(f"{where}: n, inner, wall_ns and cpu_ns must be above 0")
        if sample.planted_ns is not None and sample.planted_ns >= sample.cpu_ns:
            raise SampleError(f"{where}: planted_ns must be below cpu_ns")
        samples.append(sample)
    return samples


@dataclass
class Block:
    """The samples of one block by process, layout and round: times[process][layout][round][strategy], ns per
    unit on the block's clock; visits[process][layout][round][position], the design a round visited there;
    processes[(strategy, layout seed)], the process that measured a design in that layout (a row of runs.csv)."""
    key: BlockKey
    clock: str
    times: dict[str, dict[int, dict[int, dict[str, float]]]] = field(default_factory=dict)
    visits: dict[str, dict[int, dict[int, dict[int, str]]]] = field(default_factory=dict)
    link_orders: dict[str, int] = field(default_factory=dict)
    processes: dict[tuple[str, str], str] = field(default_factory=dict)
    # planted[strategy][process][layout]: the log of each sample's realised slowdown, cpu_ns / (cpu_ns - planted_ns),
    # where the sample recorded its planted work
    planted: dict[str, dict[str, dict[int, list[float]]]] = field(default_factory=dict)
    # Whether the samples carry planted_ns: that column came with the clock reads' cost taken out of every timed
    # interval (harness/timer.h), so a block of samples without it was timed with its reads inside.
    reads_taken_out: bool = False

    def add(self, sample: Sample) -> None:
        self.processes[(sample.strategy, sample.layout_seed)] = sample.process
        self.reads_taken_out = sample.planted_ns is not None
        if sample.planted_ns is not None and sample.planted_ns > 0:
            realised = math.log(sample.cpu_ns / (sample.cpu_ns - sample.planted_ns))
            by_layout = self.planted.setdefault(sample.strategy, {}).setdefault(sample.process, {})
            by_layout.setdefault(sample.layout, []).append(realised)
        rounds = self.times.setdefault(sample.process, {}).setdefault(sample.layout, {})
        rounds.setdefault(sample.round, {})[sample.strategy] = sample.per_unit(self.clock)
        visits = self.visits.setdefault(sample.process, {}).setdefault(sample.layout, {})
        visits.setdefault(sample.round, {})[sample.position] = sample.strategy
        self.link_orders[sample.process] = sample.link_order

    def strategies(self) -> list[str]:
        names = {s for layouts in self.times.values() for rounds in layouts.values() for r in rounds.values()
                 for s in r}
        return sorted(names)


Pairing = dict[BlockKey, Block]


MASK64 = (1 << 64) - 1


def _next_random(state: int) -> int:
    """harness/paired.c's next_random: one step of splitmix64 (layout.c), whose output is the next state."""
    z = (state + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _shuffle(order: list[int], state: int) -> int:
    """harness/paired.c's shuffle of order in place; returns the stream's state after it."""
    for i in range(len(order), 1, -1):
        state = _next_random(state)
        j = state % i
        order[i - 1], order[j] = order[j], order[i - 1]
    return state


def build_orders(block: Block, process: str) -> dict[int, list[str]] | None:
    """{layout: the designs in the order the process built their worlds}, which the samples do not record: the
    process draws it from its seed's stream, then every round's visiting order from the same stream, so the
    stream is replayed here and must reproduce every round's recorded order. None where it does not (a process
    of another program, a file edited), so that a reconstruction is never guessed."""
    layouts = block.visits.get(process)
    if not layouts:
        return None
    try:
        state = int(process, 16)
    except ValueError:
        return None
    first_round = layouts[min(layouts)][min(layouts[min(layouts)])]
    count = len(first_round)
    if sorted(first_round) != list(range(count)):
        return None
    designs: list[str] | None = None  # the process's own order of the designs, found from its first round
    orders: dict[int, list[str]] = {}
    for layout in range(len(layouts)):
        rounds = layouts.get(layout)
        if rounds is None or sorted(rounds) != list(range(len(rounds))):
            return None
        order = list(range(count))
        state = _shuffle(order, state)
        built = list(order)
        for round_ in range(len(rounds)):
            state = _shuffle(order, state)
            visited = rounds[round_]
            if len(visited) != count or len(block.times[process][layout].get(round_, {})) != count:
                return None
            if designs is None:
                designs = [""] * count
                for position, index in enumerate(order):
                    designs[index] = visited[position]
            elif any(designs[index] != visited.get(position) for position, index in enumerate(order)):
                return None
        assert designs is not None
        orders[layout] = [designs[index] for index in built]
    return orders

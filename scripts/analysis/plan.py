"""The stopping rule: which processes the next round runs.

    python3 -m analysis plan --cells CELLS_TSV --round R --min-procs P --max-procs Q --target T --budget-s S
                                  [--runs RUNS_CSV] [--costs COSTS_TSV] [--fresh NAMES] [--process-s D]

Every cell (strategy x scenario x N x memory mode) is measured first in P processes, one per round; the
rounds are the minimum every cell gets. After them a cell is open while it has fewer than Q processes and an
interval the results give for it is wider than +/-T (relative): the 95% interval of its time, of its ratio
to the raw floor, or of the A/A ratio (a floor and both A/A cells are part of those ratios too). Each further
round pair adds two processes to open cells, first those whose intervals exceed the target by the most (summed:
a floor under many wide ratios first) per second a process of theirs costs (cells.wide_intervals), until the
pair would cost more than half the time budget left (S seconds, estimated from what earlier processes took;
the first cell may take all of it). Half, so that the cells that narrow most per second, most often the small
and cheap ones, get round after round while the dear ones wait their turn, instead of one pair spreading the
whole budget over every open cell at once. The plan is empty when no cell is open, or when no open cell fits
the budget.

A process measures several cells of one strategy, one N and one memory mode, in a scenario order that rotates
from round to round; small worlds share a process (up to about D seconds of work, default 3), large ones get
one each. Within a round, sizes go from small to large, and at each size the strategies take turns in an order
that rotates from one group of scenarios to the next, so that the machine's drift over the run spreads over
all of them instead of landing on whichever runs last.

CELLS_TSV has a line per strategy binary and scenario: "BINARY<TAB>SCENARIO<TAB>LABEL<TAB>N,N,..." (the
binaries' --list with the binary's name first; a binary may list one scenario under two labels, as raw does
for SoA and AoS: one process measures both). RUNS_CSV holds the processes so far; COSTS_TSV a line per
process: "SECONDS<TAB>BINARY<TAB>MEMORY<TAB>N<TAB>SCENARIO,...". The plan is printed one process a line,
"BINARY MEMORY N SCENARIO,SCENARIO,... SECONDS" (SECONDS: what the process is expected to take, from the costs
so far or the model, from which scripts/bench.sh sets its time limit), each round's opened by a line "-- round R", and a one-line account of
it goes to stderr.
"""

import argparse
import math
import os
import sys
from typing import NamedTuple

from . import cells as cellmod, csvfile
from .cells import CellKey
from .command import Parser
from .csvfile import Row
from .files import CsvError


# The most of the budget left that one round pair spends (past its first cell): the module's docstring says why.
ROUND_SHARE = 0.5


def model_cost(n: int) -> float:
    """Seconds a cell takes in a process, before any was measured: a few ms of samples plus setup that grows
    with N (as measured on a 2-core VM)."""
    return 0.03 + 0.36 * math.pow(n / 1048576, 0.75)


# Every cell to measure with the binary that measures it: [(cell key, binary)], the key's strategy the cell's label.
Universe = list[tuple[CellKey, str]]
# Seconds a cell takes in a process, by (binary, scenario, N, memory mode).
Costs = dict[tuple[str, str, int, str], float]


def read_universe(path: str, fresh: set[str]) -> Universe:
    """[(cell key, binary)] of every cell the list names (the binaries chose the sizes: scripts/cells.sh), in
    catalog order; keys (label, scenario, N, memory)."""
    out: Universe = []
    seen: set[CellKey] = set()
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 4:
                raise CsvError(f"{path}:{number}: expected BINARY, SCENARIO, LABEL and sizes")
            binary, scenario, label, sizes = parts
            for text in filter(None, sizes.split(",")):
                n = int(text)
                for memory in ("warm", "fresh") if scenario in fresh else ("warm",):
                    key = CellKey(label, scenario, n, memory)
                    if key not in seen:
                        seen.add(key)
                        out.append((key, binary))
    return out


def read_costs(path: str | None) -> Costs:
    """Seconds per cell, from the latest process that measured it: the process's time shared out equally."""
    costs: Costs = {}
    if not path or not os.path.exists(path):
        return costs
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 5:
                continue
            seconds, binary, memory, n, scenarios = parts
            names = scenarios.split(",")
            for scenario in names:
                costs[(binary, scenario, int(n), memory)] = float(seconds) / len(names)
    return costs


def cell_cost(costs: Costs, binary: str, scenario: str, n: int, memory: str) -> float:
    return costs.get((binary, scenario, n, memory), model_cost(n))


class Process(NamedTuple):
    """One process of a round: the binary, the memory mode and N it runs at, its scenarios in the order it runs
    them."""
    binary: str
    memory: str
    n: int
    scenarios: list[str]


def processes(universe: Universe, selected: Universe, rnd: int, process_s: float) -> list[Process]:
    """The processes of one pass over the selected cells, in run order."""
    order: list[str] = []
    for key, _ in universe:
        if key.scenario not in order:
            order.append(key.scenario)
    shift = rnd % len(order) if order else 0
    rank = {s: (i - shift) % len(order) for i, s in enumerate(order)}
    groups: dict[tuple[int, str, str], list[str]] = {}
    for key, binary in selected:
        names = groups.setdefault((key.n, key.memory, binary), [])
        if key.scenario not in names:
            names.append(key.scenario)
    binaries: list[str] = []
    for _, binary in universe:
        if binary not in binaries:
            binaries.append(binary)
    out = []
    turn = rnd
    for n, memory in sorted({(n, m) for n, m, _ in groups}, key=lambda x: (x[0], x[1] != "warm")):
        per = max(1, int(process_s / model_cost(n)))
        chunks: dict[int, list[tuple[str, list[str]]]] = {}
        for b in binaries:
            names = sorted(groups.get((n, memory, b), []), key=lambda name: rank[name])
            for c in range(0, len(names), per):
                chunks.setdefault(c // per, []).append((b, names[c:c + per]))
        for c in sorted(chunks):
            members = chunks[c]
            for k in range(len(members)):
                b, names = members[(k + turn) % len(members)]
                out.append(Process(b, memory, n, names))
            turn += 1
    return out


def plan(universe: Universe, runs: list[Row], costs: Costs, rnd: int, min_procs: int, max_procs: int, target: float,
         budget_s: float, process_s: float) -> tuple[list[list[Process]], str]:
    """(rounds, account): the next round's processes as processes() gives them (two rounds after the minimum
    ones), and a line saying why."""
    by_key: dict[CellKey, list[Row]] = {}
    for row in runs:
        key = CellKey(row["strategy"], row["scenario"], int(row["n"]), row["memory"])
        by_key.setdefault(key, []).append(row)
    behind = [(key, binary) for key, binary in universe if len(by_key.get(key, [])) < min_procs]
    if behind:
        least = min(len(by_key.get(key, [])) for key, _ in behind)
        account = (f"round {rnd}: the first of {min_procs} processes for each of {len(behind)} cells" if least == 0 else
                   f"round {rnd}: {len(behind)} cells have {least} of the {min_procs} processes every cell gets")
        return [processes(universe, behind, rnd, process_s)], account
    measured = {key: cellmod.Cell(*key, rows=[cellmod.Measurement.of(row) for row in by_key[key]])
                for key, _ in universe if key in by_key}
    excess = cellmod.wide_intervals(measured, target)
    open_cells = []
    for key, binary in universe:
        if key in excess and len(by_key.get(key, [])) < max_procs:
            open_cells.append((excess[key] / cell_cost(costs, binary, key.scenario, key.n, key.memory), key, binary))
    if not open_cells:
        return [], (f"round {rnd}: every cell's intervals (time, ratio to raw, A/A) are within "
                    f"+/-{100 * target:g}% or it has {max_procs} processes")
    open_cells.sort(key=lambda c: -c[0])
    chosen: Universe = []
    spent = 0.0
    for _, key, binary in open_cells:
        cost = 2 * cell_cost(costs, binary, key.scenario, key.n, key.memory)
        if spent + cost > (ROUND_SHARE * budget_s if chosen else budget_s):
            continue
        chosen.append((key, binary))
        spent += cost
    if not chosen:
        return [], (f"round {rnd}: {len(open_cells)} cells still have an interval wider than +/-{100 * target:g}%, "
                    f"and none fits the {max(budget_s, 0):.0f} s left")
    jobs = [processes(universe, chosen, rnd, process_s), processes(universe, chosen, rnd + 1, process_s)]
    return jobs, (f"rounds {rnd}-{rnd + 1}: two more processes for {len(chosen)} of the {len(open_cells)} cells "
                  f"with an interval wider than +/-{100 * target:g}% (about {spent:.0f} s of the "
                  f"{max(budget_s, 0):.0f} s left)")


def main(argv: list[str]) -> int:
    p = Parser("plan")
    p.add_argument("--cells", required=True)
    p.add_argument("--runs")
    p.add_argument("--costs")
    p.add_argument("--round", type=int, required=True)
    p.add_argument("--min-procs", type=int, required=True)
    p.add_argument("--max-procs", type=int, required=True)
    p.add_argument("--target", type=float, required=True)
    p.add_argument("--budget-s", type=float, required=True)
    p.add_argument("--fresh", default="")
    p.add_argument("--process-s", type=float, default=3.0)
    return p.run(argv, _plan)


def _plan(a: argparse.Namespace) -> int:
    if a.min_procs < 1 or a.max_procs < a.min_procs or a.target <= 0:
        print("plan: need 1 <= min-procs <= max-procs and target > 0", file=sys.stderr)
        return 2
    try:
        universe = read_universe(a.cells, set(a.fresh.split()))
        runs = csvfile.read(a.runs, "runs") if a.runs and os.path.exists(a.runs) and os.path.getsize(a.runs) else []
    except (OSError, CsvError) as e:
        print(f"plan: {e}", file=sys.stderr)
        return 1
    costs = read_costs(a.costs)
    rounds, account = plan(universe, runs, costs, a.round, a.min_procs, a.max_procs, a.target,
                           a.budget_s, a.process_s)
    for k, jobs in enumerate(rounds):
        print("-- round", a.round + k)
        for binary, memory, n, names in jobs:
            expected = sum(cell_cost(costs, binary, name, n, memory) for name in names)
            print(binary, memory, n, ",".join(names), f"{expected:.3f}")
    print(f"plan: {account}", file=sys.stderr)
    return 0

"""The first page's answers: per workload the designs to pick at the sizes it reads, the next design and why the
fastest leads it (the cache simulation's mechanism); per framed workload the design of the lowest worst frame; and
the counts of the answers.

Tables:
    answers N [M]                  the first page: a row per workload (Catalogue.workloads) read at N: the designs
                                   to pick (wording.pick: the fastest, every design not found slower than it by
                                   more than the margin, and every design equivalent to one picked), the next
                                   design (the fastest outside the pick) with its ratio to the fastest, the sizes
                                   where the pick differs, and why the fastest leads the next (instructions,
                                   simulated misses and bytes per entity; "-" without a next); with M beyond N, a
                                   column of picks at N and one at each workload's largest size up to M, headed by
                                   its worlds against the last-level cache (answers.worlds_text)
    steady                         the first page's answer for frames: a row per framed workload of
                                   Catalogue.frame_workloads, from hitches.csv: the design of the lowest worst steady
                                   frame and every design not found above it by the frames' margin, the next
                                   design, their hitches, and their typical frames, the bytes and instructions of
                                   their worst frames (answers.cheapest)

Figures (a cell is "STRATEGY SCENARIO N", model.cell_key):
    why CELL / CELL                the mechanism behind the two cells' ratio, from the cache simulation at their N
                                   (answers.why): "`a` against `b`: Ir 3.3 vs 5.1, D1 0.38 vs 0.52, 112 vs 118
                                   B/entity", the same instructions with different times named a memory or layout
                                   effect
    answers KIND                   of the first page's workloads at the fixed size and the largest
                                   (answers.sizes_read), how many have a single pick (single), several equivalent
                                   ones (equivalent), several not told apart (inconclusive), by wording.pick: "9 of
                                   16", per size where there are two: "6 of 16 at 2^14 and 9 of 16 at 2^20"
"""

import os
from typing import Sequence

from .. import answers, frames, simulation, stats, wording
from ..wording import SizeStandings, size_label
from .hitches import frame_standings
from .model import NotMeasured, Results, TableError, designs, measured_cell, standings, two_cells


def _mechanism(res: Results, strategy: str, scenario: str, n: int) -> answers.Mechanism | None:
    """The answers.Mechanism of a design's cell at n, from cachesim.csv (median over the layouts simulated) and its
    bytes per entity; None where the run did not simulate it."""
    if not os.path.exists(res.path("cachesim.csv")):
        return None
    found = [r for r in res.sim if (r["strategy"], r["scenario"], int(r["n"])) == (strategy, scenario, int(n))]
    cell = res.cells.get((strategy, scenario, int(n)))
    if not found or cell is None:
        return None
    instructions, d1, ll = (stats.median([float(r[k]) for r in found]) for k in
                            ("instructions_per_unit", "d1_misses_per_unit", "ll_misses_per_unit"))
    return answers.Mechanism(strategy, instructions, d1, ll, float(cell["bytes_per_entity"]))


def why_at(res: Results, scenario: str, n: int) -> str | None:
    """The why of a workload read at n (answers.why_at): its fastest design at n against the next one, from the
    rows cachesim.csv holds at n (at FIXED_N every design's; beyond the caches, at CACHESIM_LARGE_N, these two
    designs' alone); None where the run simulated either not at n; NotMeasured where no design measured it at n."""
    figures, compare = standings(res, scenario, n)
    return _why(res, scenario, n, figures, answers.runner_up(figures, compare, res.rule)[0])


def _why(res: Results, scenario: str, n: int, figures: list[wording.Figure], k: int | None) -> str | None:
    """The why of figures (the standings at n) between the fastest and figures[k], the next (runner_up)."""
    first = _mechanism(res, figures[0][0], scenario, n)
    second = _mechanism(res, figures[k][0], scenario, n) if k is not None else None
    return answers.why_at(first, second, n, simulation.last_level_bytes(res.meta.get("cachesim_geometry", "")))


def explained(res: Results, n: int) -> list[str]:
    """The cells the first page's why compares at n (answers.explained), each "STRATEGY:SCENARIO": what the
    simulation beyond the caches runs."""
    cells = []
    for w in res.catalogue.workloads:
        try:
            cells += [f"{s}:{w.scenario}" for s in answers.explained(*standings(res, w.scenario, n), res.rule)]
        except NotMeasured:
            continue
    return cells


def answer(res: Results, scenario: str, read: Sequence[int]) -> tuple[list[answers.SizeAnswer], str]:
    """([answers.SizeAnswer at each size of read the scenario was measured at], the sizes where the pick differs
    up to the largest read), as answers.py words them, why from the cache simulation at each size; NotMeasured
    where no design measured the scenario at a size read."""
    sizes = sorted({key.n for key in res.groups if key.scenario == scenario and key.memory == "warm"
                    and key.n <= max(read)})
    per_size: list[SizeStandings] = []
    for size in sizes:
        try:
            per_size.append((size, *standings(res, scenario, size)))
        except NotMeasured:
            continue
    found = []
    for n, figures, compare in per_size:
        if n in read:
            k, next_text = answers.runner_up(figures, compare, res.rule)
            found.append(answers.SizeAnswer(n, wording.leading_text(figures, compare, res.rule), next_text,
                                            _why(res, scenario, n, figures, k)))
    if not found:
        raise NotMeasured(f"no design measured {scenario} at n={', '.join(map(str, read))}")
    return found, answers.other_sizes(per_size, [a.n for a in found], res.rule)


def worlds(res: Results, n: int) -> tuple[str, str]:
    """answers.worlds_text of the first page's workloads at n (every design's bytes per entity times n), against
    the machine's last-level cache (metadata caches)."""
    scenarios = res.catalogue.headline_scenarios
    shown = set(designs(res))
    worlds = [float(r["bytes_per_entity"]) * n for (s, scenario, size), r in res.cells.items()
              if scenario in scenarios and size == n and float(r["bytes_per_entity"] or 0) > 0 and s in shown]
    cache = answers.last_level_cache(res.meta.get("caches", ""))
    return answers.worlds_text(worlds, cache) if worlds else ("", "")


def table_answers(res: Results, n: str, largest: str | None = None) -> list[str]:
    """The first page's answer: a row per workload (Catalogue.workloads) read at n, or, with largest, at n (the
    fixed size) and at the workload's largest size up to largest (answers.sizes_read), a column of picks each."""
    fixed = int(n)
    columns = answers.sizes_read(fixed, [fixed, int(largest or n)])
    scenarios = res.catalogue.headline_scenarios
    measured = {w: {key.n for key in res.groups if key.scenario == w and key.memory == "warm"} for w in scenarios}
    if len(columns) == 1:
        lines = [f"| Workload | Pick at {size_label(fixed)} | Next, its time / the fastest's | Other sizes | "
                 f"Why, at {size_label(fixed)} (per unit: instructions, simulated misses) |", "|---|---|---|---|---|"]
    else:
        lines = ["| Workload | " + " | ".join(answers.pick_header(c, *worlds(res, c)) for c in columns) +
                 " | Other sizes | Why, where the cache simulation ran (per unit: instructions, "
                 "simulated misses) |", "|---|---|---|---|---|"]
    for w in res.catalogue.workloads:
        try:
            read = answers.sizes_read(fixed, {m for m in measured[w.scenario] if m <= columns[-1]})
            found, others = answer(res, w.scenario, read if len(columns) > 1 else [fixed])
        except NotMeasured:
            lines.append(f"| {w.label} (`{w.scenario}`) | not measured in this run | | | |")
            continue
        if len(columns) == 1:
            one = found[0]
            lines.append(f"| {w.label} (`{w.scenario}`) | {one.pick} | {one.next} | {others} | {one.why or '-'} |")
        else:
            lines.append(f"| {w.label} (`{w.scenario}`) | " +
                         " | ".join(answers.pick_cell(found, c, fixed) for c in columns) +
                         f" | {others} | {answers.why_cell(found)} |")
    return lines


def table_steady(res: Results) -> list[str]:
    """The first page's answer for frames: a row per framed workload (Catalogue.frame_workloads), from hitches.csv:
    the design of the lowest worst steady frame with every design not found above it by the frames' margin, the
    next design, the pick's hitches and why (answers.cheapest), at the size the frames were recorded."""
    rows: list[str] = []
    sizes: set[int] = set()
    for w in res.catalogue.frame_workloads:
        try:
            n, standings = frame_standings(res, w.scenario)
        except NotMeasured:
            rows.append(f"| {w.label} (`{w.scenario}`) | not measured in this run | | | |")
            continue
        sizes.add(n)
        pick, above = answers.cheapest(standings)
        rows.append(f"| {w.label} (`{w.scenario}`) | {answers.frame_pick(pick)} | {answers.next_figure(above)} | "
                    f"{answers.frame_hitches(pick)} | {answers.frame_why(pick[0], above)} |")
    size = " and ".join(size_label(n) for n in sorted(sizes)) or "-"
    margin = f"{100 * frames.STEADY_MARGIN:g}%"
    return [f"| Frames | Pick at {size}: the lowest worst frame (CPU time, the median per frame over the sequences), "
            f"and every design not found more than {margin} above it | Next: the lowest found above, its worst frame "
            "over the pick's | Hitch: the frame standing highest over its neighbours, over raw's same frame | Why: "
            "their typical frame, the memory their worst frame retired, their instructions over the median frame |",
            "|---|---|---|---|---|"] + rows


def figure_answers(res: Results, args: list[str]) -> str:
    """"K of M": of the first page's workloads (Catalogue.workloads) measured at each size the page reads (the fixed
    size and the largest, answers.sizes_read), those whose pick is a single design (kind "single"), several
    equivalent ones ("equivalent"), or several the run cannot tell apart ("inconclusive"); per size where they
    differ."""
    kind = args[0]
    hows = {"single": "", "equivalent": stats.EQUIVALENT, "inconclusive": wording.NOT_TOLD_APART}
    if kind not in hows:
        raise TableError(f"unknown figure 'answers {kind}' (single, equivalent, inconclusive)")
    fixed = int(res.meta["fixed_n"]) if "fixed_n" in res.meta else None
    per_size: list[tuple[int, list[str]]] = []
    for n in answers.sizes_read(fixed, [n for _, _, n in res.cells]):
        found = []
        for w in res.catalogue.workloads:
            try:
                found.append(wording.leading(*standings(res, w.scenario, n), res.rule)[1])
            except NotMeasured:
                continue
        per_size.append((n, found))
    if not any(found for _, found in per_size):
        raise NotMeasured(f"no workload of the first page was measured in {res.shown_csv}")
    return answers.count_text(per_size, hows[kind])


def figure_why(res: Results, args: list[str]) -> str:
    top, bottom = two_cells("why", args)
    first, second = (_mechanism(res, key.strategy, key.scenario, key.n) for key in (top, bottom))
    if first is None or second is None:
        raise NotMeasured(f"the run simulated no cell of {top.strategy} or {bottom.strategy} {top.scenario} at "
                          f"n={top.n}")
    comparison = res.ratio(measured_cell(res, top), measured_cell(res, bottom))
    return answers.against(first, second, res.rule.outcome(comparison) in (stats.FASTER, stats.SLOWER))

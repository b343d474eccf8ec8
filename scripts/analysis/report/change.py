"""The tables of change detection (scenarios/changed.c): each design's frame with a change term against the same
frame without it at each write rate, the crossover rate where they cost the same, the fastest design per rate, and
what an existing change term costs the scenarios without one.

The change scenarios, their write rates and the tracking table's pairs come from the run's descriptors
(scenarios.Catalogue.change_rates and tracking).

Tables:
    change N                       change detection at N, a row per strategy: per write rate R (changed_R), the
                                   frame with the change term against the same frame without it (changed_R_scan),
                                   as a ratio with its interval; the crossover rate, where that ratio reaches 1
                                   (stats.crossover: interpolated in log R and log ratio between the measured rates,
                                   its interval from the ratios' interval bounds); and the superset reported at the
                                   lowest rate
    change-winners N               per write rate R, the fastest strategy with the change term and its lead over
                                   the second (a ratio, with its mark)
    tracking N                     a row per strategy: each scenario the catalogue gives a TRACKING reference
                                   against it (what an existing change term costs simple_iter and add_remove,
                                   the added_R frames against their scans)
"""

from typing import Sequence

from .. import stats
from ..cells import CellKey
from ..stats import Comparison, Rule
from .model import NotMeasured, Results, designs, ratio_text

# The reference a change scenario is compared with: the same frame without the change term (catalogue.h).
REFERENCE_SUFFIX = "_scan"


def _ratio_of(res: Results, top: tuple[str, str], bottom: tuple[str, str], n: str) -> Comparison | None:
    """The comparison of two cells (strategy, scenario) at N, or None where either was not measured."""
    a, b = (res.groups.get(CellKey(s, sc, int(n), "warm")) for s, sc in (top, bottom))
    return res.ratio(a, b) if a and b else None


def _rate_text(points: Sequence[tuple[float, float]]) -> str:
    rate, side = stats.crossover(points)
    if rate is None:
        return f"< {points[0][0]:g}%" if side == "below" else f"> {points[-1][0]:g}%"
    return f"{rate:.2g}%"


def crossover_text(rates: Sequence[float], ratios: Sequence[Comparison], rule: Rule) -> str:
    """The crossover of a design, from its comparison at each rate: "4.3% [1.9%, 8.0%]"; "never" where the rule
    finds the change term faster at no rate, and "> 100%" where it still is at the highest rate."""
    cheaper = [rule.outcome(c) == stats.FASTER for c in ratios]
    if not any(cheaper):
        return "never (not found faster at any rate)"
    if cheaper[-1]:
        return f"> {rates[-1]:g}%"
    middle, early, late = (_rate_text([(rate, r[k]) for rate, r in zip(rates, ratios)]) for k in (0, 2, 1))
    return f"{middle} [{early}, {late}]"


def table_change(res: Results, n: str) -> list[str]:
    rates = [(sc, r) for sc, r in res.catalogue.change_rates
             if any((s, sc, int(n)) in res.cells for s in res.strategies)]
    if not rates:
        raise NotMeasured(f"no strategy measured changed_* at n={n} in {res.shown_csv}")
    lines = ["| strategy | how" + "".join(f" | {r:g}%" for _, r in rates) +
             " | crossover [interval] | superset at " + f"{rates[0][1]:g}% |",
             "|---|---" + "|---:" * len(rates) + "|---:|---:|"]
    for s in designs(res):
        found = [_ratio_of(res, (s, sc), (s, sc + REFERENCE_SUFFIX), n) for sc, _ in rates]
        ratios = [r for r in found if r is not None]
        if len(ratios) < len(found):
            continue
        kind = res.cells[(s, rates[0][0], int(n))]["query_kind"] or "-"
        line = f"| {s} | {kind}" + "".join(f" | {ratio_text(r, res.rule)}" for r in ratios)
        superset = res.cells[(s, rates[0][0], int(n))].get("reported_per_change", "")
        line += f" | {crossover_text([r for _, r in rates], ratios, res.rule)}"
        lines.append(line + (f" | {float(superset):.3g}x |" if superset else " | - |"))
    return lines


def table_change_winners(res: Results, n: str) -> list[str]:
    lines = ["| rate | fastest with the change term | ns per entity per frame | second | second / fastest |",
             "|---:|---|---:|---|---:|"]
    for sc, rate in res.catalogue.change_rates:
        present = [s for s in designs(res) if (s, sc, int(n)) in res.cells]
        if len(present) < 2:
            continue
        present.sort(key=lambda s: float(res.cells[(s, sc, int(n))]["time_ns"]))
        first, second = present[:2]
        lead = _ratio_of(res, (second, sc), (first, sc), n)
        lines.append(f"| {rate:g}% | {first} | {res.cell(first, sc, n)} | {second} | "
                     f"{ratio_text(lead, res.rule) if lead else '-'} |")
    return lines


def table_tracking(res: Results, n: str) -> list[str]:
    pairs = [p for p in res.catalogue.tracking if any((s, p[0], int(n)) in res.cells for s in res.strategies)]
    lines = ["| strategy" + "".join(f" | {top} / {bottom}" for top, bottom in pairs) + " |",
             "|---" + "|---:" * len(pairs) + "|"]
    for s in designs(res):
        ratios = [_ratio_of(res, (s, top), (s, bottom), n) for top, bottom in pairs]
        if all(r is None for r in ratios):
            continue
        lines.append(f"| {s}" + "".join(f" | {ratio_text(r, res.rule)}" if r else " | -" for r in ratios) + " |")
    return lines

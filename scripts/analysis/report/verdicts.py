"""The figures that judge two designs by the decision rule: a ratio and its verdict at one size, across every size
both were measured at, a claim of the prose checked, and the designs picked.

Figures (a cell is "STRATEGY SCENARIO N", model.cell_key):
    ratio CELL / CELL              the ratio of two times, with the interval of the ratio itself
                                   (stats.ratio_comparison; in a paired run, of two cells of one block, the paired
                                   ratio: paired.py),
                                   "1.93x [1.45, 2.27]"; the second cell may give its strategy alone, or its
                                   strategy and scenario, and takes the rest from the first
    compare CELL / CELL            the first against the second, chosen by the rule from that ratio: "faster
                                   than", "equivalent to", "not told apart from" or "slower than"
    across S SCENARIO / S [SCEN]   the same at every N both cells were measured at, as runs of sizes: "faster at
                                   every N measured (2^10 to 2^20; 0.094x [0.091, 0.097] at 2^20)", "faster at
                                   2^10 to 2^14, inconclusive at 2^16 to 2^20 (...)"
    claim S SCENARIO / S [SCEN]    the verdict on "the first is faster than the second" over those sizes:
                                   "**confirmed** at every N measured (...)", "**reversed** ...", "**refuted
                                   (equivalent)**", "**not resolved** at any N measured", or the runs where the
                                   sizes disagree (wording.py)
    claim-par S SCEN / S [SCEN]    the verdict on "the first is as fast as the second": "confirmed" only where
                                   the rule finds them equivalent ("confirmed (faster)" where the first is
                                   faster), "refuted" where it is slower, "not resolved" where inconclusive
    claim-range LOW-HIGH S SCEN / S [SCEN]
                                   the verdict on "the second is faster by a factor between LOW and HIGH" (the
                                   first's time over the second's, 1.35-1.5), judged on that ratio's 90% interval
                                   at each N (wording.size_verdict): "**within the claimed range**", "beyond",
                                   "short of", "confirmed in direction, size not resolved", or the rule's verdict
                                   on the direction ("reversed", "refuted (equivalent)", "not resolved")
    fastest SCENARIO N [S,...]     the design with the lowest time (of those named; default every design) and
                                   the others picked with it (wording.pick), each with its ratio and why
    ranking SCENARIO N [S,...]     every one of them from the fastest, each with its ratio to the fastest
    leaders SCENARIO [S,...]       the designs picked (wording.pick) at each N, in runs of sizes
"""

import re
from typing import Sequence

from .. import wording
from ..stats import Comparison
from ..wording import SizeStandings, Standings
from .model import NotMeasured, Results, TableError, cell_key, entity_count, halves, measured_cell, standings, two_cells


def _ratio(res: Results, kind: str, args: list[str]) -> Comparison:
    top, bottom = two_cells(kind, args)
    return res.ratio(measured_cell(res, top), measured_cell(res, bottom))


def figure_ratio(res: Results, args: list[str]) -> str:
    return wording.comparison_figure(_ratio(res, "ratio", args))


def figure_compare(res: Results, args: list[str]) -> str:
    return wording.compare(_ratio(res, "compare", args), res.rule)


def _points(res: Results, kind: str, args: list[str]) -> Sequence[tuple[int, Comparison]]:
    """[(n, the comparison of the two cells at n)] of "STRATEGY SCENARIO / STRATEGY [SCENARIO]" at every size both
    were measured at, smallest first."""
    before, after = halves(kind, args)
    if len(before) != 2 or len(after) not in (1, 2):
        raise TableError(f"'{kind}' compares STRATEGY SCENARIO / STRATEGY [SCENARIO] at every N, not "
                         f"'{kind} {' '.join(args)}'")
    top = cell_key(before + ["1"])
    bottom = cell_key(after, top)
    sizes = sorted({key.n for key in res.groups if key._replace(n=top.n) == top} &
                   {key.n for key in res.groups if key._replace(n=bottom.n) == bottom})
    if not sizes:
        raise NotMeasured(f"no size at which both {top.strategy} {top.scenario} and {bottom.strategy} "
                          f"{bottom.scenario} were measured")
    return [(n, res.ratio(res.groups[top._replace(n=n)], res.groups[bottom._replace(n=n)])) for n in sizes]


def figure_across(res: Results, args: list[str]) -> str:
    return wording.across(_points(res, "across", args), res.rule)


def figure_claim(res: Results, args: list[str]) -> str:
    return wording.claim(_points(res, "claim", args), res.rule, wording.CLAIM)


def figure_claim_par(res: Results, args: list[str]) -> str:
    return wording.claim(_points(res, "claim-par", args), res.rule, wording.PAR)


def _claimed_range(text: str) -> tuple[float, float]:
    """The speed-ups a claim names, LOW-HIGH: "1.35-1.5" (the slower design's time over the faster's)."""
    m = re.fullmatch(r"([0-9]+(?:\.[0-9]+)?)-([0-9]+(?:\.[0-9]+)?)", text)
    if m is None:
        raise TableError(f"'{text}' is not a claimed range of speed-ups LOW-HIGH (1.35-1.5)")
    return float(m[1]), float(m[2])


def figure_claim_range(res: Results, args: list[str]) -> str:
    low, high = _claimed_range(args[0])
    return wording.claim_range(_points(res, "claim-range", args[1:]), res.rule, low, high)


def _standings_at(res: Results, args: list[str]) -> Standings:
    """The standings of "SCENARIO N [STRATEGY,...]"."""
    return standings(res, args[0], entity_count(args[1]), args[2] if len(args) == 3 else None)


def figure_fastest(res: Results, args: list[str]) -> str:
    return wording.leader(*_standings_at(res, args), res.rule)


def figure_ranking(res: Results, args: list[str]) -> str:
    return wording.ranking(*_standings_at(res, args), res.rule)


def figure_leaders(res: Results, args: list[str]) -> str:
    name, _, memory = args[0].partition("@")
    sizes = sorted({key.n for key in res.groups if key.scenario == name and key.memory == (memory or "warm")})
    per_size: list[SizeStandings] = []
    for n in sizes:
        try:
            per_size.append((n, *standings(res, args[0], n, args[1] if len(args) == 2 else None)))
        except NotMeasured:
            continue
    if not per_size:
        raise NotMeasured(f"no design measured {args[0]}")
    return wording.leaders(per_size, res.rule)

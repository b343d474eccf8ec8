"""Where a spec's first word finds what makes it: TABLES for the tables of `<!-- table: SPEC -->` blocks, FIGURES
for the inline figures of `<!-- v: SPEC -->` markers. Each renderer lives in the module of its family (the package's
docstring lists them); a spec's sizes may be symbolic, "fixed" and "max" (model.sizes_of)."""

from typing import Callable, NamedTuple

from . import agreement, change, controls, first_page, hitches, measures, queries, verdicts
from .model import NotMeasured, Results, TableError, sizes_of

# Each table of a spec's first word: the arguments it needs at least, and the function that makes its lines.
TABLES: dict[str, tuple[int, Callable[..., list[str]]]] = {
    "answers": (1, first_page.table_answers), "steady": (0, first_page.table_steady),
    "iter": (3, measures.table_iter), "ops": (2, measures.table_ops), "bytes": (2, measures.table_bytes),
    "sweep": (2, measures.table_sweep), "sim": (1, measures.table_sim), "layouts": (3, measures.table_layouts),
    "meta": (0, measures.table_meta),
    "aa": (0, controls.table_aa), "precision": (0, controls.table_precision), "pairs": (0, controls.table_pairs),
    "quality": (0, controls.table_quality),
    "change": (1, change.table_change), "change-winners": (1, change.table_change_winners),
    "tracking": (1, change.table_tracking),
    "queries": (1, queries.table_queries), "queries-picks": (1, queries.table_queries_picks),
    "hitches": (1, hitches.table_hitches),
    "xcheck": (0, agreement.table_xcheck), "other-runs": (1, agreement.table_other_runs),
}


def table(res: Results, spec: str) -> list[str]:
    """The Markdown lines of one table."""
    words = sizes_of(res, spec).split()
    if not words:
        raise TableError("an empty table spec")
    mode, args = words[0], words[1:]
    if mode not in TABLES:
        raise TableError(f"unknown table '{mode}'")
    need, make = TABLES[mode]
    if len(args) < need:
        raise TableError(f"table '{mode}' needs {need} arguments: {spec}")
    lines = make(res, *args)
    if len(lines) < 3:
        raise NotMeasured("the table came out with no rows")
    return lines


class Figure(NamedTuple):
    """An inline figure's kind: the words that follow it (for the message of a spec that fits no figure), how many
    it takes (the handler checks their shape: a "/" between two cells, a word of its own list), and its handler."""
    usage: str
    least: int
    most: int
    make: Callable[[Results, list[str]], str]


CELLS = "CELL / CELL"
ACROSS = "STRATEGY SCENARIO / STRATEGY [SCENARIO]"
FIGURES: dict[str, Figure] = {
    "size": Figure("N", 1, 1, measures.figure_size),
    "trim": Figure("", 0, 0, measures.figure_trim),
    "analysed": Figure("", 0, 0, measures.figure_analysed),
    "clock-reads": Figure("", 0, 0, measures.figure_clock_reads),
    "meta": Figure("KEY", 1, 1, measures.figure_meta),
    "cell": Figure("CELL", 3, 3, measures.figure_cell),
    "bytes": Figure("CELL", 3, 3, measures.figure_bytes),
    "sim": Figure("STRATEGY SCENARIO [ll|ir]", 2, 3, measures.figure_sim),
    "ratio": Figure(CELLS, 5, 7, verdicts.figure_ratio),
    "compare": Figure(CELLS, 5, 7, verdicts.figure_compare),
    "across": Figure(ACROSS, 4, 5, verdicts.figure_across),
    "claim": Figure(ACROSS, 4, 5, verdicts.figure_claim),
    "claim-par": Figure(ACROSS, 4, 5, verdicts.figure_claim_par),
    "claim-range": Figure("LOW-HIGH " + ACROSS, 5, 6, verdicts.figure_claim_range),
    "fastest": Figure("SCENARIO N [STRATEGY,...]", 2, 3, verdicts.figure_fastest),
    "ranking": Figure("SCENARIO N [STRATEGY,...]", 2, 3, verdicts.figure_ranking),
    "leaders": Figure("SCENARIO [STRATEGY,...]", 1, 2, verdicts.figure_leaders),
    "why": Figure(CELLS, 5, 7, first_page.figure_why),
    "answers": Figure("KIND", 1, 1, first_page.figure_answers),
    "rule": Figure("WHAT", 1, 1, controls.figure_rule),
    "controls": Figure("WHAT", 1, 1, controls.figure_controls),
    "quality": Figure("WHAT", 1, 1, controls.figure_quality),
    "hitch": Figure("STRATEGY SCENARIO", 2, 2, hitches.figure_hitch),
    "hitch-bytes": Figure("STRATEGY SCENARIO", 2, 2, hitches.figure_hitch_bytes),
    "hitch-floor": Figure("SCENARIO", 1, 1, hitches.figure_hitch_floor),
    "hitch-verdicts": Figure("SCENARIO", 1, 1, hitches.figure_hitch_verdicts),
    "hitch-twins": Figure("", 0, 0, hitches.figure_hitch_twins),
    "hitch-planted": Figure("", 0, 0, hitches.figure_hitch_planted),
    "hitch-margin": Figure("", 0, 0, hitches.figure_hitch_margin),
    "xcheck-summary": Figure("", 0, 0, agreement.figure_xcheck_summary),
    "other-runs": Figure("WHAT", 1, 4, agreement.figure_other_runs),
}


def value(res: Results, spec: str) -> str:
    """The text of one inline figure."""
    words = sizes_of(res, spec).split()
    if not words:
        raise TableError("an empty figure spec")
    kind, args = words[0], words[1:]
    figure = FIGURES.get(kind)
    if figure is None or not figure.least <= len(args) <= figure.most:
        known = ", ".join(f"{name} {f.usage}".rstrip() for name, f in FIGURES.items())
        raise TableError(f"unknown figure '{spec}' ({known})")
    return figure.make(res, args)

"""The tables and figures of the method's own checks: the A/A control, the intervals' precision, the paired ratios
and their controls, the method against its targets (quality.py), and the decision rule with the controls it
judges.

Tables:
    aa                             the A/A control by N: cells, intervals that exclude 1, the largest deviation
    precision                      the intervals' half-widths by N, of the times and of the ratios to raw
    pairs                          from pairs.csv, by N: the paired ratios to the reference (their median
                                   half-width, how many within the target), the A/A ratios (within the target,
                                   beyond twice it, intervals holding 1), the planted control (detected: its
                                   interval above 1; its median estimate against its truth)
    quality                        the method against its targets (quality.py), by N and over the run: the A/A
                                   intervals excluding 1 and the A/A band, the planted control called slower,
                                   called equivalent and its interval holding its truth, the design comparisons
                                   decided, the inconclusive ones near 1 and those precise to max(3%, a third of
                                   the difference); a figure short of its target marked

Figures:
    rule WHAT                      the decision rule: family (its comparisons), threshold (the largest p-value
                                   called a difference), fdr, margin, outcomes (how the family came out),
                                   small-different (of its comparisons within ±1%, how many called different)
    controls WHAT                  the controls judged by it: aa-excluding (A/A intervals that exclude 1),
                                   aa-different, aa-equivalent, aa-largest (each twin's farthest ratio from 1),
                                   planted-slower, planted-truth
    quality shortfalls             the figures of the quality table short of their targets, and where
"""

import os

from .. import cells as cellmod, defaults, paired, quality, stats, wording
from ..wording import size_label
from .model import NotMeasured, Results, TableError


def table_aa(res: Results) -> list[str]:
    by_n = cellmod.aa_by_n(res.rows)
    lines = ["| N | cells | intervals excluding 1 | largest deviation | median deviation |",
             "|---:|---:|---:|---:|---:|"]
    if not by_n:
        raise NotMeasured(f"{res.shown_csv} has no A/A pair (no row with aa_ratio)")
    every = [x for v in by_n.values() for x in v]
    rows: list[tuple[str, list[stats.Interval]]] = [(size_label(n), v) for n, v in sorted(by_n.items())]
    for name, v in rows + [("all", every)]:
        out = sum(1 for x in v if x[1] > 1 or x[2] < 1)
        dev = sorted(abs(x[0] - 1) for x in v)
        lines.append(f"| {name} | {len(v)} | {out} ({100 * out / len(v):.1f}%) | "
                     f"{100 * dev[-1]:.1f}% | {100 * stats.median(dev):.1f}% |")
    return lines


def table_precision(res: Results) -> list[str]:
    lines = ["| N | cells | median half-width | within +/-3% | within +/-5% | widest | ratios to raw | their median "
             "half-width | within +/-5% |", "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]

    def share(v: list[float], t: float) -> str:
        return f"{100 * sum(1 for x in v if x <= t) / len(v):.0f}%" if v else "-"

    for n, (m, q) in sorted(cellmod.half_widths_by_n(res.rows).items()):
        lines.append(f"| {size_label(n)} | {len(m)} | +/-{100 * stats.median(m):.1f}% | {share(m, 0.03)} | "
                     f"{share(m, 0.05)} | +/-{100 * m[-1]:.0f}% | {len(q)} | " +
                     (f"+/-{100 * stats.median(q):.1f}%" if q else "-") + f" | {share(q, 0.05)} |")
    return lines


def table_pairs(res: Results) -> list[str]:
    """By N, from pairs.csv: the paired ratios to the reference and how precise they are, the A/A twins against
    their originals and the planted control against its truth."""
    if not os.path.exists(res.path("pairs.csv")):
        raise NotMeasured(f"{res.shown_directory} has no pairs.csv: the run measured its designs in separate processes")
    target = float(res.meta.get("bench_target_ci", defaults.text("BENCH_TARGET_CI")))
    by_n = paired.controls_by_n(res.pairs)
    if not by_n:
        raise NotMeasured(f"{res.shown('pairs.csv')} has no row")
    every = paired.Controls()
    for c in by_n.values():
        every.half_widths += c.half_widths
        every.aa += c.aa
        every.planted += c.planted
        every.truth = c.truth if c.truth is not None else every.truth
    t = f"{100 * target:g}%"
    lines = [f"| N | ratios to {res.meta.get('paired_reference', '?')} | median half-width | within +/-{t} | "
             f"A/A ratios | within +/-{t} | beyond +/-{100 * 2 * target:g}% | intervals holding 1 | "
             "planted control detected | its median estimate |", "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]

    def share(k: int, total: int) -> str:
        return f"{k} ({100 * k / total:.0f}%)" if total else "-"

    sizes: list[tuple[str, paired.Controls]] = [(size_label(n), c) for n, c in sorted(by_n.items())]
    for name, c in sizes + [("all", every)]:
        widths = c.half_widths
        planted = (f"{stats.median([v for v, _, _ in c.planted]):.3f} (truth {c.truth:g})" if c.planted else "-")
        lines.append(f"| {name} | {len(widths)} | "
                     + (f"+/-{100 * stats.median(widths):.1f}%" if widths else "-") +
                     f" | {share(c.within(target), len(widths))} | {len(c.aa)} | "
                     f"{share(c.aa_within(target), len(c.aa))} | "
                     f"{share(len(c.aa) - c.aa_within(2 * target), len(c.aa))} | "
                     f"{share(c.aa_holding_one(), len(c.aa))} | {share(c.planted_detected(), len(c.planted))} | "
                     f"{planted} |")
    return lines


def _share(k: int, m: int) -> str:
    """"13 of 340 (3.8%)"."""
    return f"{k} of {m} ({100 * k / m:.1f}%)" if m else f"{k} of {m}"


def figure_rule(res: Results, args: list[str]) -> str:
    """A figure of the decision rule: "family" (how many comparisons it holds), "threshold" (the largest p-value
    called a difference), "fdr" and "margin" (its settings, "5%", "3%"), "outcomes" (how the family's comparisons
    came out), "small-different" (of the comparisons within ±1%, how many it calls different: "66 of the 965
    comparisons within ±1% (6.8%)")."""
    what, rule = args[0], res.rule
    if what == "family":
        return str(rule.family)
    if what == "threshold":
        return "none" if rule.threshold is None else f"{rule.threshold:.3g}"
    if what == "fdr":
        return f"{100 * stats.FDR:g}%"
    if what == "margin":
        return f"±{100 * rule.margin:g}%"
    if what == "small-different":
        called, small = stats.small_differences_called(res.family, rule)
        share = f" ({100 * called / small:.1f}%)" if small else ""
        return f"{called} of the {small} comparisons within ±{100 * stats.SMALL_DIFFERENCE:g}%{share}"
    if what == "outcomes":
        counts = {o: 0 for o in wording.OUTCOMES}
        for c in res.family:
            counts[rule.outcome(c)] += 1
        return (f"{counts[stats.FASTER] + counts[stats.SLOWER]} different, {counts[stats.EQUIVALENT]} equivalent, "
                f"{counts[stats.INCONCLUSIVE]} inconclusive")
    raise TableError(f"unknown figure 'rule {what}' (family, threshold, fdr, margin, outcomes, small-different)")


def figure_controls(res: Results, args: list[str]) -> str:
    """A figure of the controls judged by the decision rule: "aa-excluding" (A/A intervals that exclude 1: about 5%
    if the intervals are calibrated), "aa-different" (A/A comparisons the rule calls a difference), "aa-equivalent",
    "planted-slower" (the planted slowdown called slower), "planted-truth" (its true ratio), "aa-largest" (each
    twin's ratio to its original farthest from 1, with its cell, from pairs.csv)."""
    what = args[0]
    aa, planted = res.controls
    if not aa and what.startswith("aa-") or not planted and what.startswith("planted-"):
        why = (": a run of separate processes, made before the paired program (make bench makes a paired run)"
               if res.pairing is None else "")
        raise NotMeasured(f"{res.shown_directory} has no {'A/A twin' if what.startswith('aa-') else 'planted control'}"
                          f"{why}")
    outcomes = [res.rule.outcome(c) for c in aa]
    if what == "aa-excluding":
        return _share(sum(1 for c in aa if c.low > 1 or c.high < 1), len(aa))
    if what == "aa-different":
        return _share(sum(1 for o in outcomes if o in (stats.FASTER, stats.SLOWER)), len(aa))
    if what == "aa-equivalent":
        return _share(outcomes.count(stats.EQUIVALENT), len(aa))
    if what == "planted-slower":
        return _share(sum(1 for c, _ in planted if res.rule.outcome(c) == stats.SLOWER), len(planted))
    if what == "planted-truth":
        return f"{100 * (planted[0][1] - 1):.0f}%"
    if what == "aa-largest":
        if res.pairing is None:  # pairs.csv: a run of designs in processes of their own has none
            raise NotMeasured(f"{res.shown_directory} measured its designs in separate processes: no pairs.csv")
        return ", ".join(f"`{r['strategy']}` {float(r['ratio']):.3f}x ({r['scenario']}"
                         f"{'' if r['memory'] == 'warm' else '@' + r['memory']} at {size_label(r['n'])})"
                         for r in paired.largest_aa_deviations(res.pairs))
    raise TableError(f"unknown figure 'controls {what}' (aa-excluding, aa-different, aa-equivalent, aa-largest, "
                     "planted-slower, planted-truth)")


def _quality_figures(res: Results) -> tuple[dict[int, quality.Figures], quality.Figures]:
    """The run's figures of calibration, power and decisions by N and over the run (quality.py)."""
    if res.pairing is None:
        raise NotMeasured(f"{res.shown_directory} measured its designs in separate processes: its controls have no "
                          "blocks")
    return quality.by_size(res.comparisons, paired.control_estimates(res.pairing), res.rule)


def table_quality(res: Results) -> list[str]:
    return quality.table(*_quality_figures(res))


def figure_quality(res: Results, args: list[str]) -> str:
    """"shortfalls": the figures of the quality table short of their targets, where."""
    if args[0] == "shortfalls":
        return quality.shortfalls(*_quality_figures(res))
    raise TableError(f"unknown figure 'quality {args[0]}' (shortfalls)")

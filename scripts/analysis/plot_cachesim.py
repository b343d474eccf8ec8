"""The simulated cache misses: cachesim (the iteration and access families) and cachesim-FAMILY for every other
family with simulated values, each a D1 and an LL panel of clusters (plot_clusters.layout), a point the median over the
layouts simulated and its whiskers their range (exact counts, no timing noise)."""

import sys

from . import paired, stats
from .csvfile import Row
from .plot_axes import n_full, value_axis
from .plot_canvas import Canvas, Marks, Point, gp_command, mark_note, marks_command, num
from .plot_clusters import layout
from .plot_run import Run

# The families drawn together in "cachesim"; every other family with simulated values gets cachesim-FAMILY.
CACHESIM_MAIN = ("iteration", "access")


def cachesim_plots(run: Run, canvas: Canvas) -> None:
    if not run.sim_rows:
        print("plots: no cache simulation (cachesim.csv) in the folder: no cachesim plots", file=sys.stderr)
        return
    sim: dict[tuple[str, str, int], list[Row]] = {}
    for r in run.sim_rows:
        if r["strategy"].endswith(paired.AA_SUFFIX):
            continue
        sim.setdefault((r["scenario"], r["strategy"], int(r["n"])), []).append(r)
    sim_sizes: dict[str, set[int]] = {}
    for scenario, _, n in sim:
        sim_sizes.setdefault(scenario, set()).add(n)
    sets = [("cachesim", CACHESIM_MAIN)] + [("cachesim-" + f, (f,)) for f in run.families.names
                                            if f not in CACHESIM_MAIN]
    for name, families in sets:
        d1c, llc, ns = [], [], []
        for scenario in sorted(sim_sizes, key=run.families.order):
            if run.families.of(scenario)[0] not in families:
                continue
            n = run.pick_n(sim_sizes[scenario])
            d1, ll = {}, {}
            for s in run.strategies:
                group = sim.get((scenario, s, n))
                if not group:
                    continue
                a = [float(r["d1_misses_per_unit"]) for r in group]
                b = [float(r["ll_misses_per_unit"]) for r in group]
                d1[s] = (stats.median(a), min(a), max(a))
                ll[s] = (stats.median(b), min(b), max(b))
            if d1:
                lines = [scenario, "per " + run.unit.get(scenario, "unit")] + ([f"N = {n}"] if n != run.fixed else [])
                d1c.append((lines, d1))
                llc.append((lines, ll))
                ns.append(n)
        if not d1c:
            continue
        blocks, settings, missing = layout(d1c, run.strategies, 715)
        ll_blocks, _, _ = layout(llc, run.strategies, 715)
        margin = int(settings["bmargin_lines"])
        settings["bottom"] = num(margin * 13 / 720)
        every: Marks = list(missing)
        previous = 0
        panels = []
        for bl, key in ((blocks, "1"), (ll_blocks, "2")):
            values = [v for _, pts in bl for p in pts for v in p[1:]]
            positive = [v for v in values if v > 0]
            # a log axis where the positive values span a wide range; a zero then sits on a floor, labelled
            logy = bool(positive) and max(positive) / min(positive) > 30
            bl, lo, hi, ytics, zeros = value_axis(bl, logy)
            panels.append(bl)
            marks = missing + zeros
            every += zeros
            settings.update({"logy" + key: "1" if logy else "0", "ymin" + key: num(lo), "ymax" + key: num(hi),
                             "ytics" + key: gp_command(ytics),
                             "marks" + key: marks_command(marks, previous)})
            previous = len(marks)
        blocks, ll_blocks = panels
        fams = " and ".join(families)
        settings.update({"title": f"Simulated (callgrind) cache misses per unit at {n_full(run.title_n(ns))}: "
                                  f"{fams} scenarios",
                         "note": "exact simulated counts, no interval: points the median over the layouts, "
                                 "whiskers their range", "marks_note": mark_note(every)})
        # the D1 blocks, then the LL blocks in the same series order
        order = [s for s, _ in blocks]
        ll_by = dict(ll_blocks)
        drawn: list[tuple[str, list[Point]]] = blocks + [(s, ll_by.get(s, [])) for s in order]
        canvas.new(name, "cachesim.gp", 960, 720, settings, drawn, order)

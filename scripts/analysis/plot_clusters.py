"""The cluster figures: at one N, a cluster per scenario and a slot in it per strategy (family-FAMILY, ops,
memory; plot_cachesim.py draws its two panels the same way). A cell the run did not measure is marked "n/m" in its
slot, never drawn as zero nor left out unmarked."""

import math
from typing import Mapping, Sequence

from . import cells as cellmod
from .plot_axes import INTERVAL_NOTE, figure_n, n_full, n_label, value_axis
from .plot_canvas import Canvas, Marks, Series, gp_command, gp_string, mark_note, marks_command, num
from .plot_run import Run

# The clusters of a cluster figure: [(label lines, {strategy: values})].
Clusters = Sequence[tuple[Sequence[str], Mapping[str, tuple[float, ...]]]]


def cluster_slots(clusters: Clusters, strategies: Sequence[str]) -> list[str]:
    """The strategies that get a slot in every cluster: those with a value in any cluster, in figure order."""
    present = {s for _, values in clusters for s in values}
    return [s for s in strategies if s in present]


def missing_cells(clusters: Clusters, slots: Sequence[str]) -> list[tuple[int, str]]:
    """(cluster index, strategy) of every slot without a value: cells the run did not measure."""
    return [(c, s) for c, (_, values) in enumerate(clusters) for s in slots if s not in values]


def layout(clusters: Clusters, strategies: Sequence[str], plot_width: int) -> tuple[Series, dict[str, str], Marks]:
    """Positions for clusters [(label lines, {strategy: value tuple})], a slot in every cluster for each strategy
    of the figure: (blocks, x settings, marks), the marks an "n/m" in every slot the run did not measure."""
    slots = cluster_slots(clusters, strategies)
    x = 0.0
    centres, spans = [], []
    position = {}
    for c in range(len(clusters)):
        for k, s in enumerate(slots):
            position[(c, s)] = x + k
        centres.append(x + (len(slots) - 1) / 2)
        spans.append(len(slots))
        x += len(slots) + 1.4
    last = x - 1.4
    blocks = []
    for s in slots:
        points = [(position[(c, s)], *values[s]) for c, (_, values) in enumerate(clusters) if s in values]
        blocks.append((s, points))
    marks = [("label", f'"n/m" at first {num(position[key])}, graph 0.015 rotate by 90 left font ",7" '
                       'textcolor rgb "#8a8a8a" front') for key in missing_cells(clusters, slots)]
    widest = max(max(len(line) for line in lines) for lines, _ in clusters)
    rotate = any(max(len(line) for line in lines) * 6 > plot_width * (k + 1.4) / (last + 1.8)
                 for (lines, _), k in zip(clusters, spans))
    nlines = max(len(lines) for lines, _ in clusters)
    margin = math.ceil((widest * 6 * 0.5 + nlines * 13 * 0.87) / 13) + 1 if rotate else nlines + 2
    labels = ", ".join(gp_string("\n".join(lines).replace("%", "%%")) + " " + num(cx)
                       for (lines, _), cx in zip(clusters, centres))
    unlabelled = ", ".join('"" ' + num(cx) for cx in centres)
    rot = " rotate by 30 right offset 1,0" if rotate else " norotate"
    bands = "; ".join(
        f"set object {c + 1} rect from first {num(centres[c] - spans[c] / 2 - 0.2)}, graph 0 to first "
        f"{num(centres[c] + spans[c] / 2 + 0.2)}, graph 1 back fillstyle solid 1 noborder fillcolor rgb \"#f4f4f4\""
        for c in range(1, len(clusters), 2))
    # a first label turned by 30 degrees reaches left of the plot: the left margin makes room for it
    first = max(len(line) for line in clusters[0][0])
    settings = {
        "lmargin_chars": str(max(10, math.ceil(first * 0.87 * 0.75) + 2) if rotate else 10),
        "xmin": num(-0.9), "xmax": num(last + 0.9),
        "xtics_cmd": gp_command(f"set xtics ({labels}) scale 0 font \",9\"{rot}"),
        "xtics_top": gp_command(f"set xtics ({unlabelled}) scale 0"),
        "bands_cmd": gp_command(bands), "bmargin_lines": str(margin),
    }
    return blocks, settings, marks


def family_plots(run: Run, canvas: Canvas) -> None:
    """Per family, at FIXED_N, each scenario's designs against raw-soa, or against the fastest where the scenario
    has no floor."""
    for family in run.families.names:
        clusters, ns = [], []
        for key in run.keys:
            if run.families.of(key.split("@")[0])[0] != family:
                continue
            n = run.pick_n(run.sizes[key])
            values: dict[str, tuple[float, ...]] = {}
            floor = run.cell.get((key, cellmod.FLOOR, n))
            if floor is not None:
                how = "× raw-soa"
                for s in run.strategies:
                    r = run.cell.get((key, s, n))
                    if r is not None and r["raw_ratio"]:
                        values[s] = (float(r["raw_ratio"]), float(r["raw_ratio_lo"]), float(r["raw_ratio_hi"]))
            else:
                how = "× fastest"
                figures = {s: run.figure_row(key, s, n) for s in run.strategies if (key, s, n) in run.cell}
                figures = {s: f for s, f in figures.items() if f[0] > 0}
                if not figures:
                    continue
                ref = min(f[0] for f in figures.values())
                values = {s: tuple(v / ref for v in f) for s, f in figures.items()}
            if not values:
                continue
            clusters.append(([key, how] + ([f"N = {n}"] if n != run.fixed else []), values))
            ns.append(n)
        if not clusters:
            continue
        blocks, settings, marks = layout(clusters, run.strategies, 690)
        blocks, lo, hi, ytics, zeros = value_axis(blocks, True, True)
        marks += zeros
        settings.update({"ylabel_text": gp_string("time, × the reference under each cluster"),
                         "logy": "1", "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics),
                         "reference": "1", "marks_cmd": marks_command(marks),
                         "title": f"{family} scenarios at {n_full(run.title_n(ns))}: time relative to "
                                  "raw-soa or to the fastest",
                         "note": "whiskers: 95% intervals (of the ratio to raw-soa; else the cell's own, scaled)",
                         "marks_note": mark_note(marks)})
        canvas.new("family-" + family, "clusters.gp", 960, 600, settings, blocks)


def ops_plot(run: Run, canvas: Canvas) -> None:
    """The absolute cost of the structural operations the catalogue shows in the ops figure: every cluster at one N,
    the N of the title: FIXED_N, else the largest N of these scenarios; a scenario not measured there keeps its
    cluster, every slot marked n/m."""
    keys = [k for k in run.keys if k.split("@")[0] in run.catalogue.ops]
    n = figure_n(run.fixed, {m for k in keys for m in run.sizes[k]})
    if n is None:
        return
    clusters = []
    for key in keys:
        values = {s: run.figure_row(key, s, n) for s in run.strategies if (key, s, n) in run.cell}
        clusters.append(([key, f"ns per {run.unit[key]}"], values))
    if not any(values for _, values in clusters):
        return
    blocks, settings, marks = layout(clusters, run.strategies, 690)
    positive = [v for _, pts in blocks for p in pts for v in p[1:] if v > 0]
    logy = bool(positive) and max(positive) / min(positive) > 30
    blocks, lo, hi, ytics, zeros = value_axis(blocks, logy)
    marks += zeros
    which = "" if n == run.fixed else f" (the largest N measured; the fixed N {n_label(run.fixed)} was not)"
    settings.update({"ylabel_text": gp_string("ns per operation (the unit under each cluster)"),
                     "logy": "1" if logy else "0", "ymin": num(lo), "ymax": num(hi),
                     "ytics_cmd": gp_command(ytics), "reference": "0", "marks_cmd": marks_command(marks),
                     "title": f"Structural operations at {n_full(n)}{which}: ns per operation",
                     "note": INTERVAL_NOTE, "marks_note": mark_note(marks)})
    canvas.new("ops", "clusters.gp", 960, 600, settings, blocks)


def memory_plot(run: Run, canvas: Canvas) -> None:
    """Bytes per entity of the scenarios the catalogue shows in the memory figure at one N, named in the title: the
    largest N the run measured these scenarios at, where a world's fixed costs weigh least, the N of the report's
    bytes table in a full run. A scenario the run measured only below it (the wide family's one size) is drawn at its
    own largest N, named under its label. A cell not measured there is marked n/m, a zero is labelled."""
    keys = [k for k in run.keys if "@" not in k and k in run.catalogue.memory and run.sizes[k]]
    n = max((m for k in keys for m in run.sizes[k]), default=None)
    if n is None:
        return
    own = {key: max(run.sizes[key]) for key in keys}
    clusters = [([key] if own[key] == n else [key, f"at {n_label(own[key])}"],
                 {s: (float(run.cell[(key, s, own[key])]["bytes_per_entity"]),) for s in run.strategies
                  if (key, s, own[key]) in run.cell}) for key in keys]
    if not any(values for _, values in clusters):
        return
    blocks, settings, marks = layout(clusters, run.strategies, 690)
    top = max(p[1] for _, pts in blocks for p in pts)
    marks += [("label", f'"0" at first {num(p[0])}, first 0 offset 0,0.6 center font ",8" '
                        'textcolor rgb "#303030" front') for _, pts in blocks for p in pts if p[1] == 0]
    settings.update({"ylabel_text": gp_string("bytes per entity"), "ymax": num(top * 1.08 or 1),
                     "marks_cmd": marks_command(marks),
                     "title": f"Memory at {n_full(n)}: bytes per entity",
                     "note": "exact counts of the allocator hooks: deterministic, no interval",
                     "marks_note": mark_note(marks)})
    canvas.new("memory", "bars.gp", 960, 600, settings, blocks)

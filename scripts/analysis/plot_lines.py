"""The line figures: n-SCENARIO (ns per unit against N), the churn sweep (game_frame_R against the churn rate, a
panel per N) and the change sweep (changed_R against the write rate, each design beside its frame without a
change term), every timing with its interval."""

import math

from .report import REFERENCE_SUFFIX
from .plot_axes import (CROWDED, INTERVAL_NOTE, RATE_BREAK_X, RATE_ZERO_X, family_best_widths, is_pow2, n_full,
                        n_label, rate_axis, rate_x, sweep_sizes, y_range)
from .plot_canvas import Canvas, Point, Series, Style, gp_command, gp_string, num
from .plot_run import Run

# gnuplot's open form of each filled point type (circle, square, triangles, diamond, pentagon).
OPEN_POINT = {"7": "6", "5": "4", "9": "8", "11": "10", "13": "12", "15": "14"}


def n_plots(run: Run, canvas: Canvas) -> None:
    for key in run.keys:
        sizes = sorted(run.sizes[key])
        blocks: Series = []
        values: list[float] = []
        for s in run.strategies:
            pts: list[Point] = [(n, *run.figure_row(key, s, n)) for n in sizes if (key, s, n) in run.cell]
            pts = [p for p in pts if p[1] > 0]
            if pts:
                blocks.append((s, pts))
                values += [v for p in pts for v in p[1:]]
        if not blocks:
            continue
        lo, hi, ytics = y_range(values)
        step = 2 if len(sizes) > 10 else 1
        tics = ", ".join(f'"{n_label(n)}" {n}' for n in sizes[::step])
        # more lines than an eye follows: each family's fastest at the largest N drawn bold, the rest thin
        widths = family_best_widths(blocks) if len(blocks) > CROWDED else None
        xsetup = f"set logscale x 2; set xrange [{num(sizes[0] / 1.4)}:{num(sizes[-1] * 1.4)}]; set xtics ({tics})"
        unit = run.unit[key]
        fresh = " (fresh memory: first touch of the pages included)" if "@" in key else ""
        canvas.new("n-" + key.replace("/", "_"), "lines.gp", 960, 600, {
            "title": f"{key}: ns per {unit} against N{fresh}",
            "xlabel_text": gp_string("entities (N)"),
            "ylabel_text": gp_string(f"ns per {unit} (log scale)"),
            "xsetup": gp_command(xsetup), "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics),
            "note": INTERVAL_NOTE + ("; bold: the fastest of each design family at the largest N" if widths else ""),
        }, blocks, widths=widths)


def churn_sweep(run: Run, canvas: Canvas) -> None:
    """game_frame_R against R, a panel per N of SWEEP_SIZES the run measured, every panel on one log y range so
    the panels compare; R on a log axis, R = 0 left of a break."""
    rates = sorted((int(k[11:]), k) for k in run.keys if k.startswith("game_frame_") and k[11:].isdigit())
    if not rates:
        return
    sizes = sweep_sizes({n for _, k in rates for n in run.sizes[k]})
    series = [s for s in run.strategies if any((k, s, n) in run.cell for _, k in rates for n in sizes)]
    blocks: list[tuple[str, list[Point | None]]] = []
    values: list[float] = []
    gaps = []
    for n in sizes:
        for s in series:
            measured = [p for p in ((rate_x(r), *run.figure_row(k, s, n)) for r, k in rates
                                    if (k, s, n) in run.cell) if p[1] > 0]
            values += [v for p in measured for v in p[1:]]
            pts: list[Point | None] = list(measured)
            # the line does not cross the break between R = 0 and the rest
            if len(measured) > 1 and measured[0][0] == RATE_ZERO_X:
                pts.insert(1, None)
            blocks.append((s, pts))
            if len(measured) < len(rates):
                gaps.append(n)
    if not values:
        return
    lo, hi, ytics = y_range(values)
    xmin, xmax, xtics = rate_axis([r for r, _ in rates])
    cols = min(3, len(sizes))
    rows = math.ceil(len(sizes) / cols)
    note = INTERVAL_NOTE
    if gaps:
        note += "; a missing point: a rate not measured for that strategy at that N"
    height = 200 + 300 * rows
    canvas.new("churn-sweep", "sweep.gp", 1180, height, {
        "px": num(1 / height),
        "title": "game_frame churn sweep: one frame, ns per entity, against the churn rate, a panel per N",
        "note": note, "npanels": str(len(sizes)), "ncols": str(cols), "nrows": str(rows),
        "panel_ns": gp_string(" ".join(str(n) for n in sizes)),
        "panel_pow": gp_string(" ".join(n_label(n) if is_pow2(n) else "-" for n in sizes)),
        "xlabel_text": gp_string("churn rate R, % of the entities changed per frame (log scale; R = 0 placed "
                                 "left of the break)"),
        "ylabel_text": gp_string(f"ns per {run.unit[rates[0][1]]} per frame (log scale)"),
        "xmin": num(xmin), "xmax": num(xmax), "xtics_cmd": gp_command(xtics),
        "break_x": num(RATE_BREAK_X) if rates[0][0] == 0 else "0",
        "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics)}, blocks, series)


def change_sweep(run: Run, canvas: Canvas) -> None:
    """changed_R against the write rate R, a line per design, and dashed in its colour its changed_R_scan: where a
    design's two lines cross is its crossover rate."""
    rates = [(sc, r) for sc, r in run.catalogue.change_rates if sc in run.sizes]
    if not rates:
        return
    keys = [sc for sc, _ in rates] + [sc + REFERENCE_SUFFIX for sc, _ in rates]
    common = set.intersection(*(run.sizes.get(k, set()) for k in keys))
    n = run.pick_n(common) if common else None
    if n is None:
        return
    blocks, values = [], []
    style: dict[str, Style] = dict(canvas.style)
    for s in run.strategies:
        if s.startswith("raw"):
            continue
        for suffix, name in (("", s), (REFERENCE_SUFFIX, s + "/no-change-term")):
            pts = [(x, *run.figure_row(sc + suffix, s, n)) for x, (sc, _) in enumerate(rates)
                   if (sc + suffix, s, n) in run.cell]
            if not pts:
                continue
            colour, point, _ = canvas.style[s]
            # the frame without the change term: dashed, its point the open form of the design's own
            style[name] = (colour, point, "1") if not suffix else (colour, OPEN_POINT.get(point, point), "2")
            blocks.append((name, pts))
            values += [v for p in pts for v in p[1:]]
    if not blocks:
        return
    lo, hi, ytics = y_range(values)
    tics = ", ".join(f'"{r:g}%%" {x}' for x, (_, r) in enumerate(rates))
    canvas.new("change-sweep", "lines.gp", 960, 640, {
        "title": f"Change detection at {n_full(n)}: one frame of writes and the pass over what changed, per entity",
        "note": INTERVAL_NOTE + "; dashed: the same frame without a change term, the pass over every entity",
        "xlabel_text": gp_string("write rate R: % of the entities written per frame (the measured rates, evenly "
                                 "spaced)"),
        "ylabel_text": gp_string("ns per entity per frame (log scale)"),
        "xsetup": gp_command(f"set xrange [-0.25:{len(rates) - 0.75}]; set xtics ({tics})"),
        "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics)}, blocks, style=style)

"""frames-SCENARIO: a framed scenario's typical frame (per frame, the median CPU time over the sequences) against
the frame, a panel per design family with raw's (the noise floor) in each, a point at every frame that retired
memory (frames.py reads the run's frames table)."""

import math
import os

from . import csvfile, frames as framesmod, paired
from .plot_axes import y_range
from .plot_canvas import Canvas, Point, Style, gp_command, gp_string, num
from .plot_run import Run, strategy_order

# The dash patterns that tell a family's designs apart within its panel, where they share its colour.
DASHES = (1, 4, 5, 3, 6)


def frame_plots(run: Run, canvas: Canvas) -> None:
    """Per framed scenario, its designs' typical frames, a panel per design family (the name up to its first
    hyphen), raw's line in every panel; the controls left out."""
    names = csvfile.table_files(run.directory, "frames")
    if not names:
        return
    by_cell: dict[tuple[str, int], list[framesmod.Design]] = {}
    for d in framesmod.read([os.path.join(run.directory, name) for name in names]):
        if not paired.is_control(d.strategy) and d.strategy in canvas.style:
            by_cell.setdefault((d.scenario, d.n), []).append(d)
    for (scenario, n), designs in sorted(by_cell.items()):
        floors = [d for d in designs if d.strategy.startswith("raw")]
        panels: dict[str, list[framesmod.Design]] = {}
        for d in sorted(designs, key=lambda d: strategy_order(d.strategy)):
            if not d.strategy.startswith("raw"):
                panels.setdefault(d.strategy.split("-")[0], []).append(d)
        blocks: list[tuple[str, list[Point | None]]] = []
        series: list[str] = []
        first: list[int] = []
        values: list[float] = []
        for members in panels.values():
            first.append(len(series) + 1)
            for d in members + floors:
                typical = [v / 1000 for v in framesmod.curve(d.sequences)]
                retired = d.sequences[0].bytes_retired
                values += typical
                blocks.append((d.strategy, [(f, v) for f, v in enumerate(typical)]))
                # never an empty block, which gnuplot would not count: a point left of the x range instead
                blocks.append((d.strategy, [(f, v) for f, v in enumerate(typical) if retired[f] > 0] or [(-1, 1)]))
                series.append(d.strategy)
        if not values:
            continue
        lo, hi, ytics = y_range([v for v in values if v > 0])
        cols = min(4, len(panels))
        rows = math.ceil(len(panels) / cols)
        height = 160 + 280 * rows
        count = [str(len(m) + len(floors)) for m in panels.values()]
        # A family's designs share its colour: within a panel, each its own dash pattern.
        style: dict[str, Style] = dict(canvas.style)
        for members in panels.values():
            for k, d in enumerate(members):
                colour, point, _ = canvas.style[d.strategy]
                style[d.strategy] = (colour, point, str(DASHES[k % len(DASHES)]))
        canvas.new(f"frames-{scenario}", "frames.gp", 1400, height, {
            "px": num(1 / height),
            "title": f"{scenario} at N = {n}, frame by frame: the typical frame (median over "
                     f"{len(designs[0].sequences)} sequences) of each design, a panel per design family",
            "note": "points: frames that retired memory (a block reallocated or freed); raw dashed: the noise floor",
            "npanels": str(len(panels)), "ncols": str(cols), "nrows": str(rows),
            "panel_titles": gp_string(" ".join(panels)), "panel_first": gp_string(" ".join(map(str, first))),
            "panel_count": gp_string(" ".join(count)),
            "xlabel_text": gp_string("frame"), "ylabel_text": gp_string("thread CPU time, µs (log scale)"),
            "xmax": num(len(designs[0].sequences[0].cpu) - 1),
            "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics)}, blocks, series, style=style)

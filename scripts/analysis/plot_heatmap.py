"""The heatmap, the report's first figure: a row per workload of the first page (Catalogue.workloads), a column per
design, a panel at FIXED_N and one at the largest N where they differ (answers.sizes_read), each titled "in cache"
or "beyond the caches" where every world is so (answers.worlds_text); each cell the design's paired time against
the row's fastest, coloured on a log scale and marked by the report's decision rule (report.py)."""

import math
import os
import sys
import textwrap
from dataclasses import dataclass
from typing import Sequence

from . import answers, report, stats
from .files import CsvError
from .plot_axes import n_full
from .plot_canvas import MARK_TAG, Canvas, Point, gp_command, gp_string, num
from .plot_run import Run

# The heatmap's colour saturates at 2^HEATMAP_CAP times the row's fastest (its label still gives the ratio), and
# marks each cell by the decision rule's outcome against the fastest: equivalent, inconclusive, slower (unmarked).
HEATMAP_CAP = 3.0
HEATMAP_MARKS = {stats.EQUIVALENT: "=", stats.INCONCLUSIVE: "~", stats.SLOWER: "", stats.FASTER: ""}
TITLE = "Which design to pick: each design's time against the fastest of its row (paired ratios)"
NOTE = ("1: the row's fastest; =: equivalent to it (within the margin); ~: not told apart from it; unmarked: slower; "
        "n/m: not measured")
# The layout in pixels of the canvas. gnuplot places text but says nothing of its size, so a line's width is
# estimated from its length: CHAR_WIDTH pixels per point of font size and character, a little above what
# DejaVu Sans (pngcairo's sans-serif) measures for these labels (0.66-0.71), so an estimate never falls short.
CHAR_WIDTH = 0.75
CELL_WIDTH, CELL_HEIGHT = 48, 24
TICS_FONT, TITLE_FONT, FOOTER_FONT = 10, 11, 8
# A line's height per point of font size; the gap left at the canvas's edges and between the parts of a panel.
LINE_HEIGHT = 1.5
EDGE = 8
# Right of each panel: a gap, the colour box, its tic labels and its turned label.
COLOUR_GAP, COLOUR_BOX, COLOUR_SCALE = 12, 16, 82
# The gnuplot label tags of the titles and the footer, set for the first panel's plot and unset after it: clear of
# the templates' (100-105) and of the cells' marks (MARK_TAG on).
TEXT_TAG = 200


def text_width(text: str, font: float) -> float:
    """A line's estimated width in pixels (CHAR_WIDTH)."""
    return len(text) * font * CHAR_WIDTH


@dataclass(frozen=True)
class TextLine:
    """One line of text on the canvas: x and y (its baseline's middle) in pixels from the bottom left, aligned
    "left", "center" or "right" at x."""
    text: str
    x: float
    y: float
    align: str
    font: int

    def span(self) -> tuple[float, float]:
        """(left, right) of the line in pixels, as text_width estimates it."""
        width = text_width(self.text, self.font)
        left = self.x if self.align == "left" else self.x - width if self.align == "right" else self.x - width / 2
        return left, left + width


@dataclass(frozen=True)
class Panel:
    """A panel's plot area in pixels: left, right, bottom, top."""
    left: float
    right: float
    bottom: float
    top: float


@dataclass(frozen=True)
class HeatmapLayout:
    """Where everything of the heatmap goes: the canvas, each panel's plot area, and every line of text (the
    title, the panels' titles, the footer), each line placed by the count of lines above or below it."""
    width: int
    height: int
    panels: list[Panel]
    lines: list[TextLine]


def wrapped(text: str, room: float, font: int) -> list[str]:
    """text in lines no wider than room pixels (text_width), broken between words."""
    return textwrap.wrap(text, max(8, int(room / (font * CHAR_WIDTH))))


def heatmap_layout(title: str, panel_titles: Sequence[str], footer: Sequence[tuple[str, str]],
                   row_labels: Sequence[str], columns: Sequence[str]) -> HeatmapLayout:
    """The heatmap's layout: each panel as wide as its row labels, its columns and its colour scale; the canvas as
    tall as the title's and the panels' titles' lines, the rows, the turned column labels and the footer's lines.
    The title is wrapped to the canvas, a panel's title to the room either side of its centre, the footer
    ([(text, "left" or "right")], the first line at the bottom) to the canvas, one line of text each, so no two
    lines share a place and none runs off the canvas however few the columns."""
    label_room = EDGE + max((text_width(label, TICS_FONT) for label in row_labels), default=0) + EDGE
    plot_width = CELL_WIDTH * len(columns)
    panel_width = label_room + plot_width + COLOUR_GAP + COLOUR_BOX + COLOUR_SCALE
    width = math.ceil(panel_width * len(panel_titles))
    centres = [p * panel_width + label_room + plot_width / 2 for p in range(len(panel_titles))]
    title_lines = wrapped(title, width - 2 * EDGE, TITLE_FONT)
    panel_lines = [wrapped(t, 2 * min(c, width - c) - 2 * EDGE, TITLE_FONT) for t, c in zip(panel_titles, centres)]
    footer_lines = [(line, align) for text, align in footer for line in reversed(wrapped(text, width - 2 * EDGE,
                                                                                         FOOTER_FONT))]
    title_step, footer_step = TITLE_FONT * LINE_HEIGHT, FOOTER_FONT * LINE_HEIGHT
    # the column labels, turned by 45 degrees, reach down by their length's sine (and a line's height)
    turned = (max((text_width(c, TICS_FONT) for c in columns), default=0) + TICS_FONT * LINE_HEIGHT) * math.sqrt(0.5)
    bottom = EDGE + footer_step * len(footer_lines) + EDGE + turned
    # half a line between the title and the panels' titles
    top_room = EDGE + title_step * (len(title_lines) + 0.5 + max(len(lines) for lines in panel_lines)) + EDGE
    height = math.ceil(bottom + CELL_HEIGHT * len(row_labels) + top_room)
    top = bottom + CELL_HEIGHT * len(row_labels)
    panels = [Panel(p * panel_width + label_room, p * panel_width + label_room + plot_width, bottom, top)
              for p in range(len(panel_titles))]
    lines = [TextLine(line, width / 2, height - EDGE - title_step * (k + 0.5), "center", TITLE_FONT)
             for k, line in enumerate(title_lines)]
    for c, panel_title in zip(centres, panel_lines):
        first = len(title_lines) + 0.5
        lines += [TextLine(line, c, height - EDGE - title_step * (first + k + 0.5), "center", TITLE_FONT)
                  for k, line in enumerate(panel_title)]
    lines += [TextLine(line, EDGE if align == "left" else width - EDGE, EDGE + footer_step * (k + 0.5), align,
                       FOOTER_FONT) for k, (line, align) in enumerate(footer_lines)]
    return HeatmapLayout(width, height, panels, lines)


def layout_commands(layout: HeatmapLayout) -> tuple[str, list[str]]:
    """The gnuplot commands of a layout: the labels of its text lines, and per panel its margins and colour box,
    in screen coordinates."""
    def x(v: float) -> str:
        return num(v / layout.width)

    def y(v: float) -> str:
        return num(v / layout.height)

    def label(k: int, line: TextLine) -> str:
        colour = "#000000" if line.font == TITLE_FONT else "#606060"
        return (f"set label {TEXT_TAG + k} {gp_string(line.text)} at screen {x(line.x)}, screen {y(line.y)} "
                f'{line.align} font ",{line.font}" textcolor rgb "{colour}"')

    text = "; ".join(label(k, line) for k, line in enumerate(layout.lines))
    frames = [f"set lmargin at screen {x(p.left)}; set rmargin at screen {x(p.right)}; "
              f"set bmargin at screen {y(p.bottom)}; set tmargin at screen {y(p.top)}; "
              f"set colorbox user origin screen {x(p.right + COLOUR_GAP)}, screen {y(p.bottom)} "
              f"size screen {x(COLOUR_BOX)}, screen {y(p.top - p.bottom)}" for p in layout.panels]
    return text, frames


def heatmap_ratio(ratio: float) -> str:
    """A heatmap cell's ratio in at most four characters: "1.04", "12.5", "140"."""
    return f"{ratio:.2f}" if ratio < 10 else f"{ratio:.1f}" if ratio < 100 else f"{ratio:.0f}"


def heatmap(run: Run, canvas: Canvas) -> None:
    """The first page's figure: a row per workload of the first page, a column per design, a panel at FIXED_N
    and one at the largest N where they differ; each cell the design's paired time against the row's fastest,
    marked by the report's decision rule. Drawn only for a folder whose report can be made (its comparisons come
    from report.Results, which reads the run's processes too); another is told so and drawn without it."""
    try:
        res = report.Results(os.path.join(run.directory, "results.csv"), recorded=False)
        designs = report.designs(res)
        res.rule  # noqa: B018 (reads the run's processes, which a folder of results.csv alone lacks)
    except (CsvError, report.TableError) as e:
        print(f"plots: no heatmap: {e}", file=sys.stderr)
        return
    # the sizes of the answers table: the run's own fixed size where it names one (an older run's may differ)
    fixed = int(res.meta.get("fixed_n", run.fixed))
    panels = answers.sizes_read(fixed, [n for _, _, n in res.cells])
    largest = panels[-1]
    blocks: list[tuple[str, list[Point]]] = []
    marks, titles = [], []
    for n in panels:
        points: list[Point] = []
        labels = []
        for y, w in enumerate(res.catalogue.workloads):
            try:
                figures, compare = report.standings(res, w.scenario, n)
                found = {f[0]: None if k == 0 else compare(k, 0) for k, f in enumerate(figures)}
            except report.NotMeasured:
                found = {}
            for x, s in enumerate(designs):
                if s not in found:
                    points.append((x, y, math.nan))
                    labels.append((x, y, "n/m", False))
                    continue
                c = found[s]
                ratio = 1.0 if c is None else c.ratio  # None: the row's fastest
                z = min(HEATMAP_CAP, max(0.0, math.log2(ratio)))
                text = "1" if c is None else heatmap_ratio(ratio) + HEATMAP_MARKS[res.rule.outcome(c)]
                points.append((x, y, z))
                labels.append((x, y, text, z > HEATMAP_CAP / 2))
        blocks.append((f"{n}", points))
        marks.append(" ".join(
            f"set label {MARK_TAG + k} {gp_string(text)} at {x},{y} center font \",8\" front "
            f"textcolor rgb \"{'#ffffff' if dark else '#000000'}\";"
            for k, (x, y, text, dark) in enumerate(labels)))
        which = [w for w, m in (("the fixed size", fixed), ("the largest", largest)) if n == m]
        regime = report.worlds(res, n)[0]
        titles.append(f"at {n_full(n)}" + (", " + " and ".join(which) if which else "") +
                      (f": {regime}" if regime else ""))
    layout = heatmap_layout(TITLE, titles, [(canvas.caption, "right"), (NOTE, "left")],
                            [w.label for w in res.catalogue.workloads], designs)
    text_cmd, frame_cmds = layout_commands(layout)
    variables = {
        "title": TITLE, "note": NOTE, "text_cmd": gp_command(text_cmd),
        "text_first": str(TEXT_TAG), "text_last": str(TEXT_TAG + len(layout.lines) - 1),
        "npanels": str(len(panels)), "ncols": str(len(designs)), "nrows": str(len(res.catalogue.workloads)),
        "xtics_cmd": gp_command("set xtics (" + ", ".join(f'"{s}" {x}' for x, s in enumerate(designs)) +
                                ") rotate by 45 right"),
        # a tic label is a format: its "%" doubled
        "ytics_cmd": gp_command("set ytics (" + ", ".join(f'"{w.label.replace("%", "%%")}" {y}'
                                                          for y, w in enumerate(res.catalogue.workloads)) + ")"),
        "cbmax": num(HEATMAP_CAP),
        "cbtics_cmd": gp_command("set cbtics (" + ", ".join(f'"{2 ** k:g}x" {k}'
                                                            for k in range(int(HEATMAP_CAP) + 1)) + ")")}
    for p, (title, cmd, frame) in enumerate(zip(titles, marks, frame_cmds), 1):
        variables[f"panel_title_{p}"] = gp_string(title)
        variables[f"frame_cmd_{p}"] = gp_command(frame)
        variables[f"marks_cmd_{p}"] = gp_command(f"unset for [t={MARK_TAG}:{MARK_TAG + 9999}] label t; " + cmd)
    canvas.new("heatmap", "heatmap.gp", layout.width, layout.height, variables, blocks, series=[])

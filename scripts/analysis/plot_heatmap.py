"""The heatmap, the report's first figure: a row per workload of the first page (answers.WORKLOADS), a column per
design, a panel at FIXED_N and one at the largest N where they differ (answers.sizes_read), each titled "in cache"
or "beyond the caches" where every world is so (answers.worlds_text); each cell the design's paired time against
the row's fastest, coloured on a log scale and marked by the report's decision rule (report.py)."""

import math
import os
import sys

from . import answers, report, stats
from .files import CsvError
from .plot_axes import n_full
from .plot_canvas import MARK_TAG, Canvas, Point, gp_command, gp_string, num
from .plot_run import Run

# The heatmap's colour saturates at 2^HEATMAP_CAP times the row's fastest (its label still gives the ratio), and
# marks each cell by the decision rule's outcome against the fastest: equivalent, inconclusive, slower (unmarked).
HEATMAP_CAP = 3.0
HEATMAP_MARKS = {stats.EQUIVALENT: "=", stats.INCONCLUSIVE: "~", stats.SLOWER: "", stats.FASTER: ""}


def heatmap_ratio(ratio: float) -> str:
    """A heatmap cell's ratio in at most four characters: "1.04", "12.5", "140"."""
    return f"{ratio:.2f}" if ratio < 10 else f"{ratio:.1f}" if ratio < 100 else f"{ratio:.0f}"


def heatmap(run: Run, canvas: Canvas) -> None:
    """The first page's figure: a row per workload of answers.WORKLOADS, a column per design, a panel at FIXED_N
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
        for y, w in enumerate(answers.WORKLOADS):
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
    width = 330 + len(panels) * (48 * len(designs) + 40) + 110
    height = 150 + 24 * len(answers.WORKLOADS) + 110
    variables = {
        "title": "Which design to pick: each design's time against the fastest of its row (paired ratios)",
        "note": "1: the row's fastest; =: equivalent to it (within the margin); ~: not told apart from it; "
                "unmarked: slower; n/m: not measured",
        "npanels": str(len(panels)), "ncols": str(len(designs)), "nrows": str(len(answers.WORKLOADS)),
        "xtics_cmd": gp_command("set xtics (" + ", ".join(f'"{s}" {x}' for x, s in enumerate(designs)) +
                                ") rotate by 45 right"),
        # a tic label is a format: its "%" doubled
        "ytics_cmd": gp_command("set ytics (" + ", ".join(f'"{w.label.replace("%", "%%")}" {y}'
                                                          for y, w in enumerate(answers.WORKLOADS)) + ")"),
        "cbmax": num(HEATMAP_CAP),
        "cbtics_cmd": gp_command("set cbtics (" + ", ".join(f'"{2 ** k:g}x" {k}'
                                                            for k in range(int(HEATMAP_CAP) + 1)) + ")"),
        "lmargin_chars": "48", "bmargin_lines": "8"}
    for p, (title, cmd) in enumerate(zip(titles, marks), 1):
        variables[f"panel_title_{p}"] = gp_string(title)
        variables[f"marks_cmd_{p}"] = gp_command(f"unset for [t={MARK_TAG}:{MARK_TAG + 9999}] label t; " + cmd)
    canvas.new("heatmap", "heatmap.gp", width, height, variables, blocks, series=[])

"""The figures of a run: their data and the gnuplot scripts that draw them from the templates in scripts/plots/.

    python3 -m analysis plots DIR FIXED_N WORK

reads DIR/results.csv, DIR/metadata.csv and DIR/cachesim.csv (where there is one) and writes, into the folder
WORK, NAME.dat and NAME.gp for every figure (NAME.gp sets the template's variables and loads it), main-svg.gp
and main-png.gp that draw them all, and "list" with one figure name a line (scripts/plots.sh runs gnuplot):
    n-SCENARIO       ns per unit against N (log-log), a line per strategy, whiskers the 95% intervals;
                     the raw-soa/raw-aos plain-array floors dashed where the scenario has them; SCENARIO@fresh
                     is a creation scenario on fresh memory
    family-FAMILY    at FIXED_N, a cluster per scenario of a family, a point per strategy: its ratio to raw-soa
                     with the ratio's interval, or, for a scenario without the floor, its time relative to the
                     fastest strategy's (the whisker then the cell's own interval, scaled alike)
    ops              absolute ns per operation of the structural scenarios at one N, FIXED_N (else the largest
                     N the run has), named in the title, with intervals
    cachesim[-FAM]   simulated D1 and LL misses per unit: the median over the layouts simulated, whiskers their
                     range (exact counts, no timing noise)
    memory           bytes per entity at the largest N the run measured them at (the N of the report's bytes
                     table for a full run), named in the title (exact counts: bars, no interval)
    frames-SCENARIO  a framed scenario's typical frame (per frame, the median CPU time over the sequences) against
                     the frame, a panel per design family with raw's (the noise floor) in each, a point at every
                     frame that retired memory (frames.py; DIR's frames table, where the run has one)
    churn-sweep      game_frame_R against the churn rate R, a panel per N (SWEEP_SIZES the run has), on a log
                     rate axis with R = 0 placed left of a break, with intervals
    change-sweep     changed_R (a change term) against the write rate R, a line per strategy, and beside each its
                     changed_R_scan (the same frame without change detection) dashed in its colour: where the two
                     lines of a strategy cross is its crossover rate
    heatmap          the report's first figure: a row per workload of the first page (Catalogue.workloads), a column
                     per design, a panel at FIXED_N and one at the largest N where they differ (answers.sizes_read),
                     each titled "in cache" or "beyond the caches" where every world is so (answers.worlds_text);
                     each cell the design's paired time against the row's fastest, coloured on a log scale and
                     marked by the report's decision rule (report.py)
Each family of figures has a module of its own: plot_lines (n-, churn-sweep, change-sweep), plot_clusters (family-,
ops, memory), plot_cachesim, plot_frames, plot_heatmap; plot_run reads the folder, plot_canvas writes the files,
plot_axes places the ticks; this module draws them all in the order above.
Strategies and scenarios are read from the CSV, so new ones appear by themselves; each strategy keeps one colour
(its design family's) and point type in every figure, no two sharing both (design_styles); where a line figure has
more than CROWDED lines, each family's fastest is drawn bold. The A/A twin is left out (it would draw its strategy
twice).
A scenario without a row at FIXED_N is drawn at its largest N below it, and its label says so.
In the cluster figures every strategy of the figure has its slot in every cluster: a cell the run did not measure
is marked "n/m" in its slot (never drawn as zero, never left out unmarked), and a value of exactly zero gets a
"0" beside it (on a log axis it sits on a floor below the smallest value, its tic labelled 0).
"""


import argparse
import os
import sys

from . import plot_axes, plot_cachesim, plot_canvas, plot_clusters, plot_frames, plot_heatmap, plot_lines, plot_run
from .plot_axes import (BOLD, CROWDED, INTERVAL_NOTE, RATE_BREAK_X, RATE_ZERO_X, SWEEP_SIZES, THIN,
                        family_best_widths, figure_n, is_pow2, log_tics, n_full, n_label, rate_axis, rate_x,
                        sweep_sizes, zero_floor)
from .plot_canvas import LINE_WIDTH, MARK_TAG, Canvas, Marks, Point, Series, gp_command, gp_string, num
from .plot_cachesim import CACHESIM_MAIN
from .plot_clusters import Clusters, cluster_slots, missing_cells
from .plot_heatmap import HEATMAP_CAP, HEATMAP_MARKS, heatmap_ratio
from .plot_lines import OPEN_POINT
from .plot_run import PALETTE, POINTS, Families, Run, design_styles, strategy_order
from .command import Parser, fail
from .files import CsvError

__all__ = ["BOLD", "CACHESIM_MAIN", "CROWDED", "Clusters", "Families", "Figures", "HEATMAP_CAP", "HEATMAP_MARKS",
           "INTERVAL_NOTE", "LINE_WIDTH", "MARK_TAG", "Marks", "OPEN_POINT",
           "PALETTE", "POINTS", "Point", "RATE_BREAK_X", "RATE_ZERO_X", "Run", "SWEEP_SIZES", "Series", "THIN",
           "cluster_slots", "design_styles", "family_best_widths", "figure_n", "gp_command", "gp_string",
           "heatmap_ratio", "is_pow2", "log_tics", "main", "missing_cells", "n_full", "n_label", "num", "rate_axis",
           "rate_x", "strategy_order", "sweep_sizes", "zero_floor"]


class Figures:
    """A run's figures, drawn one family at a time into the folder work: the run as read (run) and the files
    written (canvas)."""

    def __init__(self, directory: str, fixed_n: int, work: str) -> None:
        self.run = plot_run.read(directory, fixed_n)
        self.canvas = Canvas(work, plot_run.caption(self.run.meta), plot_run.styles(self.run.strategies))

    @property
    def caption(self) -> str:
        return self.canvas.caption

    @property
    def figures(self) -> list[tuple[str, int, int]]:
        return self.canvas.figures

    def n_plots(self) -> None:
        plot_lines.n_plots(self.run, self.canvas)

    def family_plots(self) -> None:
        plot_clusters.family_plots(self.run, self.canvas)

    def ops_plot(self) -> None:
        plot_clusters.ops_plot(self.run, self.canvas)

    def cachesim_plots(self) -> None:
        plot_cachesim.cachesim_plots(self.run, self.canvas)

    def memory_plot(self) -> None:
        plot_clusters.memory_plot(self.run, self.canvas)

    def churn_sweep(self) -> None:
        plot_lines.churn_sweep(self.run, self.canvas)

    def frame_plots(self) -> None:
        plot_frames.frame_plots(self.run, self.canvas)

    def change_sweep(self) -> None:
        plot_lines.change_sweep(self.run, self.canvas)

    def heatmap(self) -> None:
        plot_heatmap.heatmap(self.run, self.canvas)

    def draw_all(self) -> None:
        """Every figure, in the order of the list."""
        for draw in (self.n_plots, self.family_plots, self.ops_plot, self.cachesim_plots, self.memory_plot,
                     self.churn_sweep, self.frame_plots, self.change_sweep, self.heatmap):
            draw()

    value_axis = staticmethod(plot_axes.value_axis)
    marks_command = staticmethod(plot_canvas.marks_command)


def main(argv: list[str]) -> int:
    parser = Parser("plots", "DIR FIXED_N WORK")
    parser.add_argument("dir")
    parser.add_argument("fixed_n")
    parser.add_argument("work")
    return parser.run(argv, _plots)


def _plots(a: argparse.Namespace) -> int:
    directory, fixed, work = a.dir, a.fixed_n, a.work
    if not fixed.isdigit() or fixed.startswith("0"):
        print(f'plots: FIXED_N must be a positive integer, not "{fixed}"', file=sys.stderr)
        return 2
    try:
        figures = Figures(directory, int(fixed), work)
    except CsvError as e:
        return fail("plots", e)
    figures.draw_all()
    if not figures.figures:
        return fail("plots", f"nothing to draw in {directory}/results.csv")
    figures.canvas.finish(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "plots"))
    return 0

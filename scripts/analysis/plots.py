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
    heatmap          the report's first figure: a row per workload of the first page (answers.WORKLOADS), a column
                     per design, a panel at FIXED_N and one at the largest N where they differ (answers.sizes_read),
                     each titled "in cache" or "beyond the caches" where every world is so (answers.worlds_text);
                     each cell the design's paired time against the row's fastest, coloured on a log scale and
                     marked by the report's decision rule (report.py)
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
import math
import os
import sys
from typing import Mapping, Sequence

from . import answers, cells as cellmod, csvfile, frames as framesmod, paired, report, scenarios, stats
from .command import Parser, fail
from .csvfile import Row
from .files import CsvError
from .report import CHANGE_RATES

# A point of a series: its x, then its values (a figure, or a figure and its interval).
Point = tuple[float, ...]
# The series of a figure: [(name, [point])]; a point None (Figures.new) breaks its series' line there.
Series = list[tuple[str, list[Point]]]
# What a figure marks beside its series: (gnuplot object, its settings), "label" or "arrow".
Marks = list[tuple[str, str]]
# The clusters of a cluster figure: [(label lines, {strategy: values})].
Clusters = Sequence[tuple[Sequence[str], Mapping[str, tuple[float, ...]]]]

# Scenario families and their order come from the scenarios' descriptors (scenarios/catalogue.h), which the run
# keeps in scenarios.csv (scenarios.py). SCENARIO@fresh goes with SCENARIO; a scenario the descriptors do not name
# (a run without scenarios.csv) goes to "other".
# The structural operations whose absolute cost the "ops" figure compares (with their @fresh rows).
OPS_SCENARIOS = "create create_bulk destroy add_remove add_remove_large entity_cycle".split()
# Bytes per entity: plain storage, padded records, scattered tables, the two churn hints, a mixed frame, wide entities.
# (the rows of the report's bytes table)
MEMORY_SCENARIOS = "simple_iter packed_5 padded_iter scatter_iter tag_churn sparse_churn game_frame_10 add_remove_large".split()
# The entity counts the churn sweep draws a panel for, where the run has them (a QUICK run stops at 2^14).
SWEEP_SIZES = [2 ** k for k in (10, 12, 14, 16, 18, 20)]
# The churn rate axis is log10(R); R = 0 has no place on it, so it sits left of 1 (x = 0) past a marked break.
RATE_ZERO_X = -0.6
RATE_BREAK_X = -0.3
# The gnuplot label tags of the marks in the cluster figures ("n/m", "0"), clear of the templates' own.
MARK_TAG = 1000
# The heatmap's colour saturates at 2^HEATMAP_CAP times the row's fastest (its label still gives the ratio), and
# marks each cell by the decision rule's outcome against the fastest: equivalent, inconclusive, slower (unmarked).
HEATMAP_CAP = 3.0
HEATMAP_MARKS = {stats.EQUIVALENT: "=", stats.INCONCLUSIVE: "~", stats.SLOWER: "", stats.FASTER: ""}
# The families drawn together in "cachesim"; every other family with simulated values gets cachesim-FAMILY.
CACHESIM_MAIN = ("iteration", "access")
# A colour per design family (the name before its first "-": archetype and archetype-aos share one), a point type
# per design within it: Okabe and Ito's colours that stay apart in the common colour-vision deficiencies (their
# yellow, too pale on white, replaced by Tol's olive and wine); black and grey belong to the raw baselines.
PALETTE = "#0072b2 #e69f00 #009e73 #d55e00 #cc79a7 #56b4e9 #999933 #882255".split()
POINTS = "7 5 9 11 13 15 6 4 8 10 12 14".split()
# Line widths: every series alike, or, in a figure of more than CROWDED lines, each family's best BOLD and the
# rest THIN, so that the eye finds the families' leaders first.
LINE_WIDTH, BOLD, THIN, CROWDED = 1.6, 2.6, 0.8, 8
# gnuplot's open form of each filled point type (circle, square, triangles, diamond, pentagon).
OPEN_POINT = {"7": "6", "5": "4", "9": "8", "11": "10", "13": "12", "15": "14"}
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
INTERVAL_NOTE = "whiskers: 95% intervals over processes"


def is_pow2(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def n_label(n: int) -> str:
    return "2" + str(n.bit_length() - 1).translate(SUPERSCRIPT) if is_pow2(n) else str(n)


def n_full(n: int) -> str:
    return f"N = {n} ({n_label(n)})" if is_pow2(n) else f"N = {n}"


def num(v: float) -> str:
    return f"{v:.6g}"


def heatmap_ratio(ratio: float) -> str:
    """A heatmap cell's ratio in at most four characters: "1.04", "12.5", "140"."""
    return f"{ratio:.2f}" if ratio < 10 else f"{ratio:.1f}" if ratio < 100 else f"{ratio:.0f}"


def gp_string(s: str) -> str:
    """A gnuplot double-quoted string; a newline in s starts a new line. Names here hold no quotes."""
    return '"' + s.replace('"', "'").replace("\\", "/").replace("\n", "\\n") + '"'


def gp_command(s: str) -> str:
    """A command string for eval: single-quoted, quotes doubled."""
    return "'" + s.replace("'", "''") + "'"


def sweep_sizes(measured: set[int]) -> list[int]:
    """The N the churn sweep draws: those of SWEEP_SIZES the run measured, else (a run at other sizes) up to six
    of its largest."""
    picked = [n for n in SWEEP_SIZES if n in measured]
    return picked or sorted(measured)[-6:]


def rate_x(rate: float) -> float:
    """Where churn rate R (a percentage) sits on the sweep's x axis: log10(R), and R = 0 at RATE_ZERO_X."""
    if rate < 0:
        raise ValueError(f"churn rate {rate} below zero")
    return RATE_ZERO_X if rate == 0 else math.log10(rate)


def rate_axis(rates: Sequence[float]) -> tuple[float, float, str]:
    """The x settings of the sweep for the measured rates: (xmin, xmax, tics), a labelled tic at every rate and
    unlabelled minor tics at the 1-2-5 steps between them."""
    xs = [rate_x(r) for r in rates]
    hi = max(max(xs), 0)
    lo = RATE_ZERO_X if 0 in rates else min(min(xs), 0)
    tics = [f'"{r:g}" {num(rate_x(r))}' for r in rates]
    top = 10 ** math.ceil(hi) if hi > 0 else 1
    for k in range(0, max(1, math.ceil(hi)) + 1):
        for m in (1, 2, 5):
            v = m * 10 ** k
            if v not in rates and v <= top and math.log10(v) <= hi + 1e-9:
                tics.append(f'"" {num(math.log10(v))} 1')
    return lo - 0.25, hi + 0.2, "set xtics (" + ", ".join(tics) + ")"


def figure_n(fixed: int, sizes: set[int]) -> int | None:
    """The one N of a figure whose clusters share it: FIXED_N where the run measured it, else its largest N;
    None without sizes."""
    if not sizes:
        return None
    return fixed if fixed in sizes else max(sizes)


def cluster_slots(clusters: Clusters, strategies: Sequence[str]) -> list[str]:
    """The strategies that get a slot in every cluster: those with a value in any cluster, in figure order."""
    present = {s for _, values in clusters for s in values}
    return [s for s in strategies if s in present]


def missing_cells(clusters: Clusters, slots: Sequence[str]) -> list[tuple[int, str]]:
    """(cluster index, strategy) of every slot without a value: cells the run did not measure."""
    return [(c, s) for c, (_, values) in enumerate(clusters) for s in slots if s not in values]


def zero_floor(values: Sequence[float], logy: bool) -> float | None:
    """Where exact zeros go on the y axis: None on a linear axis (at 0 itself) or when nothing is zero, else a
    floor below the smallest positive value (a log axis cannot show 0)."""
    if not logy or not any(v == 0 for v in values):
        return None
    positive = [v for v in values if v > 0]
    return min(positive) / 4 if positive else 1e-3


class Families:
    """Which family each scenario belongs to, and the order of families and of scenarios within each."""

    def __init__(self, families: list[tuple[str, list[str]]]) -> None:
        self.names = [f for f, _ in families] + ["other"]
        self.place = {name: (f, k, j) for k, (f, names) in enumerate(families) for j, name in enumerate(names)}

    def of(self, scenario: str) -> tuple[str, int, int]:
        """(family, the family's place, the scenario's place in it)."""
        return self.place.get(scenario, ("other", len(self.names) - 1, 0))

    def order(self, key: str) -> tuple[int, int, str, bool]:
        """The sort key of SCENARIO or SCENARIO@MEMORY: family, place, the warm row before @fresh."""
        base = key.split("@")[0]
        _, k, j = self.of(base)
        return (k, j, base, key != base)


def family_best_widths(blocks: Series) -> dict[str, float]:
    """{series: width}: in a figure of lines [(series, [(x, value, ...)])], the design of each family (the name
    before its first "-") with the lowest value at its largest x drawn BOLD, its other designs THIN; the raw
    baselines keep LINE_WIDTH."""
    best: dict[str, tuple[str, float]] = {}
    for s, points in blocks:
        if s.startswith("raw"):
            continue
        family, last = s.split("-")[0], max(points)[1]
        if family not in best or last < best[family][1]:
            best[family] = (s, last)
    chosen = {s for s, _ in best.values()}
    return {s: BOLD if s in chosen else THIN for s, _ in blocks if not s.startswith("raw")}


def design_styles(designs: Sequence[str]) -> dict[str, tuple[str, str]]:
    """{design: (colour, point type)}: its family's colour (PALETTE, in the order the families first appear) and
    the first point type no design of that colour has yet, so that no two designs share both (until one colour
    has more designs than POINTS)."""
    families = list(dict.fromkeys(s.split("-")[0] for s in designs))
    used: dict[str, set[str]] = {}
    out = {}
    for s in designs:
        colour = PALETTE[families.index(s.split("-")[0]) % len(PALETTE)]
        taken = used.setdefault(colour, set())
        point = next((p for p in POINTS if p not in taken), POINTS[len(taken) % len(POINTS)])
        taken.add(point)
        out[s] = (colour, point)
    return out


def strategy_order(s: str) -> tuple[bool, bool, str]:
    """Designs by name, then the raw baselines, raw-soa (the floor) first."""
    raw = s.startswith("raw")
    return (raw, raw and s != cellmod.FLOOR, s)


def log_tics(lo: float, hi: float) -> str:
    """y tics at 1-2-5 steps (or decades on wide ranges): gnuplot labels too few on a short log range."""
    span = math.log10(hi / lo)
    marks = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8] if span < 0.45 else [1, 1.5, 2, 3, 5, 7] if span < 1.1 else \
        [1, 2, 5] if span <= 3.2 else [1]
    step = 2 if span > 7 else 1
    tics = []
    for k in range(math.floor(math.log10(lo)) - 1, math.ceil(math.log10(hi)) + 2):
        if k % step:
            continue
        for m in marks:
            v = m * 10 ** k
            if lo <= v <= hi:
                tics.append(f'"{v:g}" {num(v)}')
    if len(tics) < 2:
        tics += [f'"{lo * 1.05:.3g}" {num(lo * 1.05)}', f'"{hi / 1.05:.3g}" {num(hi / 1.05)}']
    return "set ytics (" + ", ".join(tics) + ")"


class Figures:
    def __init__(self, directory: str, fixed_n: int, work: str) -> None:
        self.dir, self.fixed, self.work = directory, fixed_n, work
        rows = csvfile.read(os.path.join(directory, "results.csv"), "results")
        self.meta: dict[str, str] = {}
        meta_path = os.path.join(directory, "metadata.csv")
        if os.path.exists(meta_path):
            self.meta = csvfile.read_metadata(meta_path)
        sim_path = os.path.join(directory, "cachesim.csv")
        self.sim_rows = csvfile.read(sim_path, "cachesim") if os.path.exists(sim_path) else []
        described = os.path.join(directory, "scenarios.csv")
        self.families = Families(scenarios.families(scenarios.read(described)) if os.path.exists(described) else [])
        self.rows = [r for r in rows if not r["strategy"].endswith(paired.AA_SUFFIX)]
        # The rows by (SCENARIO or SCENARIO@MEMORY, strategy, N), the N of each key and its unit.
        self.cell: dict[tuple[str, str, int], Row] = {}
        self.sizes: dict[str, set[int]] = {}
        self.unit: dict[str, str] = {}
        for r in self.rows:
            key = r["scenario"] + ("" if r["memory"] == "warm" else "@" + r["memory"])
            n = int(r["n"])
            self.cell[(key, r["strategy"], n)] = r
            self.sizes.setdefault(key, set()).add(n)
            self.unit[key] = r["unit"]
        self.keys = sorted(self.sizes, key=self.families.order)
        self.strategies = sorted({r["strategy"] for r in self.rows}, key=strategy_order)
        designs = [s for s in self.strategies if not s.startswith("raw")]
        self.style = {s: (colour, point, "1") for s, (colour, point) in design_styles(designs).items()}
        dashes = 2
        for s in self.strategies:
            if s == cellmod.FLOOR:
                self.style[s] = ("#000000", "1", "2")
            elif s.startswith("raw"):
                self.style[s] = ("#7f7f7f", "2", str(2 + dashes % 4))
                dashes += 1
        caption = "machine: " + (self.meta.get("machine_id") or "unknown")
        if self.meta.get("cpu_model"):
            caption += f" ({self.meta['cpu_model']})"
        if self.meta.get("date"):
            caption += ", " + self.meta["date"][:10]
        if self.meta.get("quick") == "1":
            caption = "QUICK run (few processes, small N): " + caption
        self.caption = caption
        self.figures: list[tuple[str, int, int]] = []

    # ---- writing ----

    def new(self, name: str, template: str, width: int, height: int, variables: dict[str, str],
            blocks: Sequence[tuple[str, Sequence[Point | None]]], series: list[str] | None = None,
            widths: dict[str, float] | None = None) -> None:
        """A figure: blocks is [(series name, [row tuple])], one a series unless series names the series (the
        cachesim figure has two blocks per series, one per panel, the churn sweep one per panel); variables the
        template's settings; widths {series: line width} where some differ from LINE_WIDTH. A point None is a
        break in its series' line."""
        used = {f[0] for f in self.figures}
        if name in used:
            count = 2
            while f"{name}-{count}" in used:
                count += 1
            name = f"{name}-{count}"
        with open(os.path.join(self.work, name + ".dat"), "w", encoding="utf-8") as f:
            for _, points in blocks:
                for p in points:
                    # None: a blank line, which breaks the series' line there
                    f.write("\n" if p is None else " ".join(num(v) for v in p) + "\n")
                f.write("\n\n")
        names = series if series is not None else [s for s, _ in blocks]
        settings = {
            "title_text": gp_string(variables.pop("title")), "caption": gp_string(self.caption),
            "datafile": gp_string(name + ".dat"), "nseries": str(len(names)),
            "names": gp_string(" ".join(names)),
            "colors": gp_string(" ".join(self.style[s][0] for s in names)),
            "points": gp_string(" ".join(self.style[s][1] for s in names)),
            "dashes": gp_string(" ".join(self.style[s][2] for s in names)),
            "widths": gp_string(" ".join(num((widths or {}).get(s, LINE_WIDTH)) for s in names)),
            "note": gp_string(variables.pop("note", "")),
            "marks_note": gp_string(variables.pop("marks_note", "")),
        }
        settings.update(variables)
        with open(os.path.join(self.work, name + ".gp"), "w", encoding="utf-8") as f:
            for k, v in settings.items():
                f.write(f"{k} = {v}\n")
            f.write(f'load dir . "{template}"\n')
        self.figures.append((name, width, height))

    def finish(self, templates: str) -> None:
        for terminal, ext in (("svg size {w},{h} fixed noenhanced font \"sans-serif,10\" background rgb \"white\"", "svg"),
                              ("pngcairo size {w},{h} noenhanced font \"sans-serif,10\" background rgb \"white\"", "png")):
            with open(os.path.join(self.work, f"main-{ext}.gp"), "w", encoding="utf-8") as f:
                for name, w, h in self.figures:
                    f.write(f"dir = {gp_string(templates + '/')}\n")
                    f.write(f"set terminal {terminal.format(w=w, h=h)}\n")
                    f.write(f'set output "out/{name}.{ext}"\nload "{name}.gp"\nunset output\nreset\n')
        with open(os.path.join(self.work, "list"), "w", encoding="utf-8") as f:
            for name, _, _ in self.figures:
                f.write(name + "\n")

    # ---- helpers ----

    def pick_n(self, measured: set[int]) -> int:
        """Of the sizes measured (some), FIXED_N, else the largest N below it, else the smallest."""
        sizes = sorted(measured)
        below = [n for n in sizes if n <= self.fixed]
        return below[-1] if below else sizes[0]

    def figure_row(self, key: str, s: str, n: int) -> tuple[float, float, float]:
        """The time and its interval of a cell the run measured."""
        r = self.cell[(key, s, n)]
        return float(r["time_ns"]), float(r["time_lo_ns"]), float(r["time_hi_ns"])

    def y_range(self, values: Sequence[float], logy: bool = True, reference: bool = False) -> tuple[float, float, str]:
        values = [v for v in values if (v > 0 or not logy)]
        lo, hi = (min(values), max(values)) if values else (1, 1)
        if logy:
            if reference:
                lo, hi = min(lo, 0.8), max(hi, 1.25)
            lo, hi = lo / 1.3, hi * 1.3
            if hi / lo < 3:
                lo, hi = lo / 1.5, hi * 1.5
            return lo, hi, log_tics(lo, hi)
        hi = max(hi, 1 if reference else hi) * 1.08 or 1
        return 0, hi, "set ytics auto"

    def clusters(self, clusters: Clusters, plot_width: int) -> tuple[Series, dict[str, str], Marks]:
        """Positions for clusters [(label lines, {strategy: value tuple})], a slot in every cluster for each strategy
        of the figure: (blocks, x settings, marks), the marks an "n/m" in every slot the run did not measure."""
        slots = cluster_slots(clusters, self.strategies)
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

    def value_axis(self, blocks: Series, logy: bool,
                   reference: bool = False) -> tuple[Series, float, float, str, Marks]:
        """The y axis of cluster blocks: (blocks, ymin, ymax, ytics command, marks). A value of exactly zero gets a
        "0" beside it; on a log axis it (and a whisker end at zero) is drawn on a floor below the smallest positive
        value, where the axis has a tic "0" and a dotted break, so a zero neither vanishes nor looks like a small
        value."""
        values = [v for _, pts in blocks for p in pts for v in p[1:]]
        floor = zero_floor(values, logy)
        lo, hi, ytics = self.y_range(values, logy, reference)
        marks = []
        if floor is not None:
            lo = floor / 1.8
            ytics = ytics[:-1] + f', "0" {num(floor)})'
            marks.append(("arrow", f"from graph 0, first {num(floor * 2)} to graph 1, first {num(floor * 2)} nohead "
                                   'dt 3 lw 1 lc rgb "#9a9a9a" back'))
        for _, pts in blocks:
            for p in pts:
                if p[1] == 0:
                    marks.append(("label", f'"0" at first {num(p[0])}, first {num(floor or 0)} offset 0,0.7 center '
                                           'font ",7" textcolor rgb "#303030" front'))
        if floor is not None:
            blocks = [(s, [(p[0], *(v if v > 0 else floor for v in p[1:])) for p in pts]) for s, pts in blocks]
        return blocks, lo, hi, ytics, marks

    @staticmethod
    def marks_command(marks: Marks, previous: int = 0) -> str:
        """The gnuplot commands that set marks [(kind, settings)], after unsetting the previous panel's."""
        clear = [f"unset label {MARK_TAG + k}; unset arrow {MARK_TAG + k}" for k in range(previous)]
        sets = [f"set {kind} {MARK_TAG + k} {rest}" for k, (kind, rest) in enumerate(marks)]
        return gp_command("; ".join(clear + sets))

    @staticmethod
    def mark_note(marks: Marks) -> str:
        """What a cluster figure's marks mean, where it has them (a line of its own, above the caption)."""
        texts = " ".join(rest for _, rest in marks)
        meaning = (["n/m: not measured"] if '"n/m"' in texts else []) + \
            (["0: a measured zero"] if '"0"' in texts else [])
        return "; ".join(meaning)

    def title_n(self, ns: list[int]) -> int:
        """The N a title names: FIXED_N where a cluster is at it, else the most common one."""
        if self.fixed in ns:
            return self.fixed
        return max(set(ns), key=lambda n: (ns.count(n), n))

    # ---- the figures ----

    def n_plots(self) -> None:
        for key in self.keys:
            sizes = sorted(self.sizes[key])
            blocks: Series = []
            values: list[float] = []
            for s in self.strategies:
                pts: list[Point] = [(n, *self.figure_row(key, s, n)) for n in sizes if (key, s, n) in self.cell]
                pts = [p for p in pts if p[1] > 0]
                if pts:
                    blocks.append((s, pts))
                    values += [v for p in pts for v in p[1:]]
            if not blocks:
                continue
            lo, hi, ytics = self.y_range(values)
            step = 2 if len(sizes) > 10 else 1
            tics = ", ".join(f'"{n_label(n)}" {n}' for n in sizes[::step])
            # more lines than an eye follows: each family's fastest at the largest N drawn bold, the rest thin
            widths = family_best_widths(blocks) if len(blocks) > CROWDED else None
            xsetup = f"set logscale x 2; set xrange [{num(sizes[0] / 1.4)}:{num(sizes[-1] * 1.4)}]; set xtics ({tics})"
            unit = self.unit[key]
            fresh = " (fresh memory: first touch of the pages included)" if "@" in key else ""
            self.new("n-" + key.replace("/", "_"), "lines.gp", 960, 600, {
                "title": f"{key}: ns per {unit} against N{fresh}",
                "xlabel_text": gp_string("entities (N)"),
                "ylabel_text": gp_string(f"ns per {unit} (log scale)"),
                "xsetup": gp_command(xsetup), "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics),
                "note": INTERVAL_NOTE + ("; bold: the fastest of each design family at the largest N" if widths else ""),
            }, blocks, widths=widths)

    def family_plots(self) -> None:
        for family in self.families.names:
            clusters, ns = [], []
            for key in self.keys:
                if self.families.of(key.split("@")[0])[0] != family:
                    continue
                n = self.pick_n(self.sizes[key])
                values: dict[str, tuple[float, ...]] = {}
                floor = self.cell.get((key, cellmod.FLOOR, n))
                if floor is not None:
                    how = "× raw-soa"
                    for s in self.strategies:
                        r = self.cell.get((key, s, n))
                        if r is not None and r["raw_ratio"]:
                            values[s] = (float(r["raw_ratio"]), float(r["raw_ratio_lo"]), float(r["raw_ratio_hi"]))
                else:
                    how = "× fastest"
                    figures = {s: self.figure_row(key, s, n) for s in self.strategies if (key, s, n) in self.cell}
                    figures = {s: f for s, f in figures.items() if f[0] > 0}
                    if not figures:
                        continue
                    ref = min(f[0] for f in figures.values())
                    values = {s: tuple(v / ref for v in f) for s, f in figures.items()}
                if not values:
                    continue
                clusters.append(([key, how] + ([f"N = {n}"] if n != self.fixed else []), values))
                ns.append(n)
            if not clusters:
                continue
            blocks, settings, marks = self.clusters(clusters, 690)
            blocks, lo, hi, ytics, zeros = self.value_axis(blocks, True, True)
            marks += zeros
            settings.update({"ylabel_text": gp_string("time, × the reference under each cluster"),
                             "logy": "1", "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics),
                             "reference": "1", "marks_cmd": self.marks_command(marks),
                             "title": f"{family} scenarios at {n_full(self.title_n(ns))}: time relative to "
                                      "raw-soa or to the fastest",
                             "note": "whiskers: 95% intervals (of the ratio to raw-soa; else the cell's own, scaled)",
                             "marks_note": self.mark_note(marks)})
            self.new("family-" + family, "clusters.gp", 960, 600, settings, blocks)

    def ops_plot(self) -> None:
        """Every cluster at one N, the N of the title: FIXED_N, else the largest N of these scenarios; a scenario
        not measured there keeps its cluster, every slot marked n/m."""
        keys = [k for k in self.keys if k.split("@")[0] in OPS_SCENARIOS]
        n = figure_n(self.fixed, {m for k in keys for m in self.sizes[k]})
        if n is None:
            return
        clusters = []
        for key in keys:
            values = {s: self.figure_row(key, s, n) for s in self.strategies if (key, s, n) in self.cell}
            clusters.append(([key, f"ns per {self.unit[key]}"], values))
        if not any(values for _, values in clusters):
            return
        blocks, settings, marks = self.clusters(clusters, 690)
        positive = [v for _, pts in blocks for p in pts for v in p[1:] if v > 0]
        logy = bool(positive) and max(positive) / min(positive) > 30
        blocks, lo, hi, ytics, zeros = self.value_axis(blocks, logy)
        marks += zeros
        which = "" if n == self.fixed else f" (the largest N measured; the fixed N {n_label(self.fixed)} was not)"
        settings.update({"ylabel_text": gp_string("ns per operation (the unit under each cluster)"),
                         "logy": "1" if logy else "0", "ymin": num(lo), "ymax": num(hi),
                         "ytics_cmd": gp_command(ytics), "reference": "0", "marks_cmd": self.marks_command(marks),
                         "title": f"Structural operations at {n_full(n)}{which}: ns per operation",
                         "note": INTERVAL_NOTE, "marks_note": self.mark_note(marks)})
        self.new("ops", "clusters.gp", 960, 600, settings, blocks)

    def cachesim_plots(self) -> None:
        if not self.sim_rows:
            print("plots: no cache simulation (cachesim.csv) in the folder: no cachesim plots", file=sys.stderr)
            return
        sim: dict[tuple[str, str, int], list[Row]] = {}
        for r in self.sim_rows:
            if r["strategy"].endswith(paired.AA_SUFFIX):
                continue
            sim.setdefault((r["scenario"], r["strategy"], int(r["n"])), []).append(r)
        sim_sizes: dict[str, set[int]] = {}
        for scenario, _, n in sim:
            sim_sizes.setdefault(scenario, set()).add(n)
        sets = [("cachesim", CACHESIM_MAIN)] + [("cachesim-" + f, (f,)) for f in self.families.names
                                                if f not in CACHESIM_MAIN]
        for name, families in sets:
            d1c, llc, ns = [], [], []
            for scenario in sorted(sim_sizes, key=self.families.order):
                if self.families.of(scenario)[0] not in families:
                    continue
                n = self.pick_n(sim_sizes[scenario])
                d1, ll = {}, {}
                for s in self.strategies:
                    group = sim.get((scenario, s, n))
                    if not group:
                        continue
                    a = [float(r["d1_misses_per_unit"]) for r in group]
                    b = [float(r["ll_misses_per_unit"]) for r in group]
                    d1[s] = (stats.median(a), min(a), max(a))
                    ll[s] = (stats.median(b), min(b), max(b))
                if d1:
                    lines = [scenario, "per " + self.unit.get(scenario, "unit")] + ([f"N = {n}"] if n != self.fixed else [])
                    d1c.append((lines, d1))
                    llc.append((lines, ll))
                    ns.append(n)
            if not d1c:
                continue
            blocks, settings, missing = self.clusters(d1c, 715)
            ll_blocks, _, _ = self.clusters(llc, 715)
            margin = int(settings["bmargin_lines"])
            settings["bottom"] = num(margin * 13 / 720)
            every, previous = list(missing), 0
            panels = []
            for bl, key in ((blocks, "1"), (ll_blocks, "2")):
                values = [v for _, pts in bl for p in pts for v in p[1:]]
                positive = [v for v in values if v > 0]
                # a log axis where the positive values span a wide range; a zero then sits on a floor, labelled
                logy = bool(positive) and max(positive) / min(positive) > 30
                bl, lo, hi, ytics, zeros = self.value_axis(bl, logy)
                panels.append(bl)
                marks = missing + zeros
                every += zeros
                settings.update({"logy" + key: "1" if logy else "0", "ymin" + key: num(lo), "ymax" + key: num(hi),
                                 "ytics" + key: gp_command(ytics),
                                 "marks" + key: self.marks_command(marks, previous)})
                previous = len(marks)
            blocks, ll_blocks = panels
            fams = " and ".join(families)
            settings.update({"title": f"Simulated (callgrind) cache misses per unit at {n_full(self.title_n(ns))}: "
                                      f"{fams} scenarios",
                             "note": "exact simulated counts, no interval: points the median over the layouts, "
                                     "whiskers their range", "marks_note": self.mark_note(every)})
            # the D1 blocks, then the LL blocks in the same series order
            order = [s for s, _ in blocks]
            ll_by = dict(ll_blocks)
            self.new(name, "cachesim.gp", 960, 720, settings, blocks + [(s, ll_by.get(s, [])) for s in order], order)

    def memory_plot(self) -> None:
        """Bytes per entity at one N, named in the title: the largest N the run measured these scenarios at, where
        a world's fixed costs weigh least, the N of the report's bytes table in a full run. A cell not measured
        there is marked n/m, a zero is labelled."""
        keys = [k for k in self.keys if "@" not in k and k in MEMORY_SCENARIOS]
        n = max((m for k in keys for m in self.sizes[k]), default=None)
        if n is None:
            return
        clusters = [([key], {s: (float(self.cell[(key, s, n)]["bytes_per_entity"]),) for s in self.strategies
                             if (key, s, n) in self.cell}) for key in keys]
        if not any(values for _, values in clusters):
            return
        blocks, settings, marks = self.clusters(clusters, 690)
        top = max(p[1] for _, pts in blocks for p in pts)
        marks += [("label", f'"0" at first {num(p[0])}, first 0 offset 0,0.6 center font ",8" '
                            'textcolor rgb "#303030" front') for _, pts in blocks for p in pts if p[1] == 0]
        settings.update({"ylabel_text": gp_string("bytes per entity"), "ymax": num(top * 1.08 or 1),
                         "marks_cmd": self.marks_command(marks),
                         "title": f"Memory at {n_full(n)}: bytes per entity",
                         "note": "exact counts of the allocator hooks: deterministic, no interval",
                         "marks_note": self.mark_note(marks)})
        self.new("memory", "bars.gp", 960, 600, settings, blocks)

    def churn_sweep(self) -> None:
        """game_frame_R against R, a panel per N of SWEEP_SIZES the run measured, every panel on one log y range so
        the panels compare; R on a log axis, R = 0 left of a break."""
        rates = sorted((int(k[11:]), k) for k in self.keys if k.startswith("game_frame_") and k[11:].isdigit())
        if not rates:
            return
        sizes = sweep_sizes({n for _, k in rates for n in self.sizes[k]})
        series = [s for s in self.strategies if any((k, s, n) in self.cell for _, k in rates for n in sizes)]
        blocks: list[tuple[str, list[Point | None]]] = []
        values: list[float] = []
        gaps = []
        for n in sizes:
            for s in series:
                measured = [p for p in ((rate_x(r), *self.figure_row(k, s, n)) for r, k in rates
                                        if (k, s, n) in self.cell) if p[1] > 0]
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
        lo, hi, ytics = self.y_range(values)
        xmin, xmax, xtics = rate_axis([r for r, _ in rates])
        cols = min(3, len(sizes))
        rows = math.ceil(len(sizes) / cols)
        note = INTERVAL_NOTE
        if gaps:
            note += "; a missing point: a rate not measured for that strategy at that N"
        height = 200 + 300 * rows
        self.new("churn-sweep", "sweep.gp", 1180, height, {
            "px": num(1 / height),
            "title": "game_frame churn sweep: one frame, ns per entity, against the churn rate, a panel per N",
            "note": note, "npanels": str(len(sizes)), "ncols": str(cols), "nrows": str(rows),
            "panel_ns": gp_string(" ".join(str(n) for n in sizes)),
            "panel_pow": gp_string(" ".join(n_label(n) if is_pow2(n) else "-" for n in sizes)),
            "xlabel_text": gp_string("churn rate R, % of the entities changed per frame (log scale; R = 0 placed "
                                     "left of the break)"),
            "ylabel_text": gp_string(f"ns per {self.unit[rates[0][1]]} per frame (log scale)"),
            "xmin": num(xmin), "xmax": num(xmax), "xtics_cmd": gp_command(xtics),
            "break_x": num(RATE_BREAK_X) if rates[0][0] == 0 else "0",
            "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics)}, blocks, series)

    def frame_plots(self) -> None:
        """Per framed scenario, its designs' typical frames, a panel per design family (the name up to its first
        hyphen), raw's line in every panel; the controls left out."""
        names = csvfile.table_files(self.dir, "frames")
        if not names:
            return
        by_cell: dict[tuple[str, int], list[framesmod.Design]] = {}
        for d in framesmod.read([os.path.join(self.dir, name) for name in names]):
            if not paired.is_control(d.strategy) and d.strategy in self.style:
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
            lo, hi, ytics = self.y_range([v for v in values if v > 0])
            cols = min(4, len(panels))
            rows = math.ceil(len(panels) / cols)
            height = 160 + 280 * rows
            count = [str(len(m) + len(floors)) for m in panels.values()]
            # A family's designs share its colour: within a panel, each its own dash pattern.
            styles = dict(self.style)
            for members in panels.values():
                for k, d in enumerate(members):
                    colour, point, _ = self.style[d.strategy]
                    self.style[d.strategy] = (colour, point, str((1, 4, 5, 3, 6)[k % 5]))
            self.new(f"frames-{scenario}", "frames.gp", 1400, height, {
                "px": num(1 / height),
                "title": f"{scenario} at N = {n}, frame by frame: the typical frame (median over "
                         f"{len(designs[0].sequences)} sequences) of each design, a panel per design family",
                "note": "points: frames that retired memory (a block reallocated or freed); raw dashed: the noise floor",
                "npanels": str(len(panels)), "ncols": str(cols), "nrows": str(rows),
                "panel_titles": gp_string(" ".join(panels)), "panel_first": gp_string(" ".join(map(str, first))),
                "panel_count": gp_string(" ".join(count)),
                "xlabel_text": gp_string("frame"), "ylabel_text": gp_string("thread CPU time, µs (log scale)"),
                "xmax": num(len(designs[0].sequences[0].cpu) - 1),
                "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics)}, blocks, series)
            self.style = styles

    def change_sweep(self) -> None:
        rates = [(t, r) for t, r in CHANGE_RATES if f"changed_{t}" in self.sizes]
        if not rates:
            return
        keys = [f"changed_{t}" for t, _ in rates] + [f"changed_{t}_scan" for t, _ in rates]
        common = set.intersection(*(self.sizes.get(k, set()) for k in keys))
        n = self.pick_n(common) if common else None
        if n is None:
            return
        blocks, values = [], []
        for s in self.strategies:
            if s.startswith("raw"):
                continue
            for suffix, name in (("", s), ("_scan", s + "/no-change-term")):
                pts = [(x, *self.figure_row(f"changed_{t}{suffix}", s, n)) for x, (t, _) in enumerate(rates)
                       if (f"changed_{t}{suffix}", s, n) in self.cell]
                if not pts:
                    continue
                colour, point, _ = self.style[s]
                # the frame without the change term: dashed, its point the open form of the design's own
                self.style[name] = (colour, point, "1") if not suffix else (colour, OPEN_POINT.get(point, point), "2")
                blocks.append((name, pts))
                values += [v for p in pts for v in p[1:]]
        if not blocks:
            return
        lo, hi, ytics = self.y_range(values)
        tics = ", ".join(f'"{r:g}%%" {x}' for x, (_, r) in enumerate(rates))
        self.new("change-sweep", "lines.gp", 960, 640, {
            "title": f"Change detection at {n_full(n)}: one frame of writes and the pass over what changed, per entity",
            "note": INTERVAL_NOTE + "; dashed: the same frame without a change term, the pass over every entity",
            "xlabel_text": gp_string("write rate R: % of the entities written per frame (the measured rates, evenly "
                                     "spaced)"),
            "ylabel_text": gp_string("ns per entity per frame (log scale)"),
            "xsetup": gp_command(f"set xrange [-0.25:{len(rates) - 0.75}]; set xtics ({tics})"),
            "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics)}, blocks)

    def heatmap(self) -> None:
        """The first page's figure: a row per workload of answers.WORKLOADS, a column per design, a panel at FIXED_N
        and one at the largest N where they differ; each cell the design's paired time against the row's fastest,
        marked by the report's decision rule. Drawn only for a folder whose report can be made (its comparisons come
        from report.Results, which reads the run's processes too); another is told so and drawn without it."""
        try:
            res = report.Results(os.path.join(self.dir, "results.csv"), recorded=False)
            designs = report.designs(res)
            res.rule  # noqa: B018 (reads the run's processes, which a folder of results.csv alone lacks)
        except (CsvError, report.TableError) as e:
            print(f"plots: no heatmap: {e}", file=sys.stderr)
            return
        # the sizes of the answers table: the run's own fixed size where it names one (an older run's may differ)
        fixed = int(res.meta.get("fixed_n", self.fixed))
        panels = answers.sizes_read(fixed, [n for _, _, n in res.cells])
        largest = panels[-1]
        blocks, marks, titles = [], [], []
        for n in panels:
            points, labels = [], []
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
        self.new("heatmap", "heatmap.gp", width, height, variables, blocks, series=[])


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
    figures.n_plots()
    figures.family_plots()
    figures.ops_plot()
    figures.cachesim_plots()
    figures.memory_plot()
    figures.churn_sweep()
    figures.frame_plots()
    figures.change_sweep()
    figures.heatmap()
    if not figures.figures:
        return fail("plots", f"nothing to draw in {directory}/results.csv")
    figures.finish(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "plots"))
    return 0

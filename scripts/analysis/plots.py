"""The figures of a run: their data and the gnuplot scripts that draw them from the templates in scripts/plots/.

    python3 scripts/analysis plots DIR FIXED_N WORK

reads DIR/results.csv, DIR/metadata.csv and DIR/cachesim.csv (where there is one) and writes, into the folder
WORK, NAME.dat and NAME.gp for every figure (NAME.gp sets the template's variables and loads it), main-svg.gp
and main-png.gp that draw them all, and "list" with one figure name a line (scripts/plots.sh runs gnuplot):
    n-SCENARIO       median ns per unit against N (log-log), a line per strategy, whiskers the 95% intervals;
                     the raw-soa/raw-aos plain-array floors dashed where the scenario has them; SCENARIO@fresh
                     is a creation scenario on fresh memory
    family-FAMILY    at FIXED_N, a cluster per scenario of a family, a point per strategy: its ratio to raw-soa
                     with the ratio's interval, or, for a scenario without the floor, its median relative to the
                     fastest strategy's (the whisker then the cell's own interval, scaled alike)
    ops              absolute ns per operation of the structural scenarios at FIXED_N, with intervals
    cachesim[-FAM]   simulated D1 and LL misses per unit: the median over the layouts simulated, whiskers their
                     range
    memory           bytes per entity at FIXED_N (exact counts: bars, no interval)
    churn-sweep      game_frame_R against the churn rate R, with intervals
    change-sweep     changed_R (a change term) against the write rate R, a line per strategy, and beside each its
                     changed_R_scan (the same frame without change detection) dashed in its colour: where the two
                     lines of a strategy cross is its crossover rate
Strategies and scenarios are read from the CSV, so new ones appear by themselves; each strategy keeps one colour
and point type in every figure (by sorted name). The A/A twin is left out (it would draw its strategy twice).
A scenario without a row at FIXED_N is drawn at its largest N below it, and its label says so.
"""

import math
import os
import sys

import cells as cellmod
import csvfile
import scenarios
import stats
from command import fail, usage
from report import CHANGE_RATES

# Scenario families and their order come from the scenarios' descriptors (scenarios/catalogue.h), which the run
# keeps in scenarios.csv (scenarios.py). SCENARIO@fresh goes with SCENARIO; a scenario the descriptors do not name
# (a run without scenarios.csv) goes to "other".
# The structural operations whose absolute cost the "ops" figure compares (with their @fresh rows).
OPS_SCENARIOS = "create create_bulk destroy add_remove add_remove_large entity_cycle".split()
# Bytes per entity: plain storage, a wide archetype, scattered tables, the two churn hints and a mixed frame.
MEMORY_SCENARIOS = "simple_iter packed_5 scatter_iter tag_churn sparse_churn game_frame_10".split()
# The families drawn together in "cachesim"; every other family with simulated values gets cachesim-FAMILY.
CACHESIM_MAIN = ("iteration", "access")
# Twelve colours that stay apart in print; black and grey belong to the raw baselines.
PALETTE = "#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd #8c564b #e377c2 #17becf #bcbd22 #003f5c #f4a261 #6a3d9a".split()
POINTS = "7 5 9 11 13 15 6 4 8 10 12 14".split()
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
INTERVAL_NOTE = "whiskers: 95% bootstrap intervals over processes"


def is_pow2(n):
    return n > 0 and n & (n - 1) == 0


def n_label(n):
    return "2" + str(n.bit_length() - 1).translate(SUPERSCRIPT) if is_pow2(n) else str(n)


def n_full(n):
    return f"N = {n} ({n_label(n)})" if is_pow2(n) else f"N = {n}"


def num(v):
    return f"{v:.6g}"


def gp_string(s):
    """A gnuplot double-quoted string; a newline in s starts a new line. Names here hold no quotes."""
    return '"' + s.replace('"', "'").replace("\\", "/").replace("\n", "\\n") + '"'


def gp_command(s):
    """A command string for eval: single-quoted, quotes doubled."""
    return "'" + s.replace("'", "''") + "'"


class Families:
    """Which family each scenario belongs to, and the order of families and of scenarios within each."""

    def __init__(self, families):
        self.names = [f for f, _ in families] + ["other"]
        self.place = {name: (f, k, j) for k, (f, names) in enumerate(families) for j, name in enumerate(names)}

    def of(self, scenario):
        """(family, the family's place, the scenario's place in it)."""
        return self.place.get(scenario, ("other", len(self.names) - 1, 0))

    def order(self, key):
        """The sort key of SCENARIO or SCENARIO@MEMORY: family, place, the warm row before @fresh."""
        base = key.split("@")[0]
        _, k, j = self.of(base)
        return (k, j, base, key != base)


def strategy_order(s):
    """Designs by name, then the raw baselines, raw-soa (the floor) first."""
    raw = s.startswith("raw")
    return (raw, raw and s != cellmod.FLOOR, s)


def log_tics(lo, hi):
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
    def __init__(self, directory, fixed_n, work):
        self.dir, self.fixed, self.work = directory, fixed_n, work
        rows = csvfile.read(os.path.join(directory, "results.csv"), "results")
        self.meta = {}
        meta_path = os.path.join(directory, "metadata.csv")
        if os.path.exists(meta_path):
            self.meta = csvfile.read_metadata(meta_path)
        sim_path = os.path.join(directory, "cachesim.csv")
        self.sim_rows = csvfile.read(sim_path, "cachesim") if os.path.exists(sim_path) else []
        described = os.path.join(directory, "scenarios.csv")
        self.families = Families(scenarios.families(scenarios.read(described)) if os.path.exists(described) else [])
        self.rows = [r for r in rows if not r["strategy"].endswith(cellmod.AA_SUFFIX)]
        self.cell = {}
        self.sizes = {}
        self.unit = {}
        for r in self.rows:
            key = r["scenario"] + ("" if r["memory"] == "warm" else "@" + r["memory"])
            n = int(r["n"])
            self.cell[(key, r["strategy"], n)] = r
            self.sizes.setdefault(key, set()).add(n)
            self.unit[key] = r["unit"]
        self.keys = sorted(self.sizes, key=self.families.order)
        self.strategies = sorted({r["strategy"] for r in self.rows}, key=strategy_order)
        designs = [s for s in self.strategies if not s.startswith("raw")]
        self.style = {}
        dashes = 2
        for k, s in enumerate(designs):
            self.style[s] = (PALETTE[k % len(PALETTE)], POINTS[k % len(POINTS)], "1")
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
        self.caption = caption
        self.figures = []

    # ---- writing ----

    def new(self, name, template, width, height, variables, blocks, series=None):
        """A figure: blocks is [(series name, [row tuple])], one a series unless series names the series (the
        cachesim figure has two blocks per series, one per panel); variables the template's settings."""
        used = {f[0] for f in self.figures}
        if name in used:
            k = 2
            while f"{name}-{k}" in used:
                k += 1
            name = f"{name}-{k}"
        with open(os.path.join(self.work, name + ".dat"), "w", encoding="utf-8") as f:
            for _, points in blocks:
                for p in points:
                    f.write(" ".join(num(v) for v in p) + "\n")
                f.write("\n\n")
        names = series or [s for s, _ in blocks]
        settings = {
            "title_text": gp_string(variables.pop("title")), "caption": gp_string(self.caption),
            "datafile": gp_string(name + ".dat"), "nseries": str(len(names)),
            "names": gp_string(" ".join(names)),
            "colors": gp_string(" ".join(self.style[s][0] for s in names)),
            "points": gp_string(" ".join(self.style[s][1] for s in names)),
            "dashes": gp_string(" ".join(self.style[s][2] for s in names)),
            "note": gp_string(variables.pop("note", "")),
        }
        settings.update(variables)
        with open(os.path.join(self.work, name + ".gp"), "w", encoding="utf-8") as f:
            for k, v in settings.items():
                f.write(f"{k} = {v}\n")
            f.write(f'load dir . "{template}"\n')
        self.figures.append((name, width, height))

    def finish(self, templates):
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

    def pick_n(self, key, wanted=None):
        """FIXED_N, else the largest N below it, else the smallest."""
        sizes = sorted(wanted if wanted is not None else self.sizes[key])
        if not sizes:
            return None
        below = [n for n in sizes if n <= self.fixed]
        return below[-1] if below else sizes[0]

    def figure_row(self, key, s, n):
        r = self.cell.get((key, s, n))
        if r is None:
            return None
        return float(r["median_ns"]), float(r["median_lo_ns"]), float(r["median_hi_ns"])

    def y_range(self, values, logy=True, reference=False):
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

    def clusters(self, clusters, plot_width):
        """Positions for clusters [(label lines, {strategy: value tuple})]: (blocks, x settings)."""
        x = 0.0
        centres, spans = [], []
        position = {}
        for c, (_, values) in enumerate(clusters):
            members = [s for s in self.strategies if s in values]
            for k, s in enumerate(members):
                position[(c, s)] = x + k
            centres.append(x + (len(members) - 1) / 2)
            spans.append(len(members))
            x += len(members) + 1.4
        last = x - 1.4
        blocks = []
        for s in self.strategies:
            points = [(position[(c, s)], *values[s]) for c, (_, values) in enumerate(clusters) if s in values]
            if points:
                blocks.append((s, points))
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
        return blocks, settings

    def title_n(self, ns):
        """The N a title names: FIXED_N where a cluster is at it, else the most common one."""
        if self.fixed in ns:
            return self.fixed
        return max(set(ns), key=lambda n: (ns.count(n), n))

    # ---- the figures ----

    def n_plots(self):
        for key in self.keys:
            sizes = sorted(self.sizes[key])
            blocks, values = [], []
            for s in self.strategies:
                pts = [(n, *self.figure_row(key, s, n)) for n in sizes if (key, s, n) in self.cell]
                pts = [p for p in pts if p[1] > 0]
                if pts:
                    blocks.append((s, pts))
                    values += [v for p in pts for v in p[1:]]
            if not blocks:
                continue
            lo, hi, ytics = self.y_range(values)
            step = 2 if len(sizes) > 10 else 1
            tics = ", ".join(f'"{n_label(n)}" {n}' for n in sizes[::step])
            xsetup = f"set logscale x 2; set xrange [{num(sizes[0] / 1.4)}:{num(sizes[-1] * 1.4)}]; set xtics ({tics})"
            unit = self.unit[key]
            fresh = " (fresh memory: first touch of the pages included)" if "@" in key else ""
            self.new("n-" + key.replace("/", "_"), "lines.gp", 960, 600, {
                "title": f"{key}: median ns per {unit} against N{fresh}", "note": INTERVAL_NOTE,
                "xlabel_text": gp_string("entities (N)"),
                "ylabel_text": gp_string(f"ns per {unit} (median, log scale)"),
                "xsetup": gp_command(xsetup), "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics),
            }, blocks)

    def family_plots(self):
        for family in self.families.names:
            clusters, ns = [], []
            for key in self.keys:
                if self.families.of(key.split("@")[0])[0] != family:
                    continue
                n = self.pick_n(key)
                values = {}
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
            blocks, settings = self.clusters(clusters, 690)
            lo, hi, ytics = self.y_range([v for _, pts in blocks for p in pts for v in p[1:]], True, True)
            settings.update({"ylabel_text": gp_string("median time, × the reference under each cluster"),
                             "logy": "1", "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics),
                             "reference": "1",
                             "title": f"{family} scenarios at {n_full(self.title_n(ns))}: median time relative to "
                                      "raw-soa or to the fastest",
                             "note": "whiskers: 95% intervals (of the ratio to raw-soa; else the cell's own, scaled)"})
            self.new("family-" + family, "clusters.gp", 960, 600, settings, blocks)

    def ops_plot(self):
        clusters, ns = [], []
        for key in self.keys:
            if key.split("@")[0] not in OPS_SCENARIOS:
                continue
            n = self.pick_n(key)
            values = {s: self.figure_row(key, s, n) for s in self.strategies if (key, s, n) in self.cell}
            if values:
                clusters.append(([key, f"ns per {self.unit[key]}"] + ([f"N = {n}"] if n != self.fixed else []), values))
                ns.append(n)
        if not clusters:
            return
        blocks, settings = self.clusters(clusters, 690)
        values = [v for _, pts in blocks for p in pts for v in p[1:]]
        logy = min(values) > 0 and max(values) / min(values) > 30
        lo, hi, ytics = self.y_range(values, logy)
        settings.update({"ylabel_text": gp_string("ns per operation (the unit under each cluster)"),
                         "logy": "1" if logy else "0", "ymin": num(lo), "ymax": num(hi),
                         "ytics_cmd": gp_command(ytics), "reference": "0",
                         "title": f"Structural operations at {n_full(self.title_n(ns))}: median ns per operation",
                         "note": INTERVAL_NOTE})
        self.new("ops", "clusters.gp", 960, 600, settings, blocks)

    def cachesim_plots(self):
        if not self.sim_rows:
            print("plots: no cache simulation (cachesim.csv) in the folder: no cachesim plots", file=sys.stderr)
            return
        sim = {}
        for r in self.sim_rows:
            if r["strategy"].endswith(cellmod.AA_SUFFIX):
                continue
            sim.setdefault((r["scenario"], r["strategy"], int(r["n"])), []).append(r)
        sim_sizes = {}
        for scenario, _, n in sim:
            sim_sizes.setdefault(scenario, set()).add(n)
        sets = [("cachesim", CACHESIM_MAIN)] + [("cachesim-" + f, (f,)) for f in self.families.names
                                                if f not in CACHESIM_MAIN]
        for name, families in sets:
            d1c, llc, ns = [], [], []
            for scenario in sorted(sim_sizes, key=self.families.order):
                if self.families.of(scenario)[0] not in families:
                    continue
                n = self.pick_n(scenario, sim_sizes[scenario])
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
            blocks, settings = self.clusters(d1c, 715)
            ll_blocks, _ = self.clusters(llc, 715)
            margin = int(settings["bmargin_lines"])
            settings["bottom"] = num(margin * 13 / 720)
            for k, (bl, key) in enumerate(((blocks, "1"), (ll_blocks, "2"))):
                values = [v for _, pts in bl for p in pts for v in p[1:]]
                logy = bool(values) and min(values) > 0 and max(values) / min(values) > 30
                lo, hi, ytics = self.y_range(values, logy)
                settings.update({"logy" + key: "1" if logy else "0", "ymin" + key: num(lo), "ymax" + key: num(hi),
                                 "ytics" + key: gp_command(ytics)})
            fams = " and ".join(families)
            settings.update({"title": f"Simulated (callgrind) cache misses per unit at {n_full(self.title_n(ns))}: "
                                      f"{fams} scenarios",
                             "note": "points: the median over the simulated layouts; whiskers: their range"})
            # the D1 blocks, then the LL blocks in the same series order
            order = [s for s, _ in blocks]
            ll_by = dict(ll_blocks)
            self.new(name, "cachesim.gp", 960, 720, settings, blocks + [(s, ll_by.get(s, [])) for s in order], order)

    def memory_plot(self):
        clusters, ns = [], []
        for key in self.keys:
            if "@" in key or key not in MEMORY_SCENARIOS:
                continue
            n = self.pick_n(key)
            values = {s: (float(self.cell[(key, s, n)]["bytes_per_entity"]),) for s in self.strategies
                      if (key, s, n) in self.cell}
            clusters.append(([key] + ([f"N = {n}"] if n != self.fixed else []), values))
            ns.append(n)
        if not clusters:
            return
        blocks, settings = self.clusters(clusters, 690)
        top = max(p[1] for _, pts in blocks for p in pts)
        settings.update({"ylabel_text": gp_string("bytes per entity"), "ymax": num(top * 1.08 or 1),
                         "title": f"Memory at {n_full(self.title_n(ns))}: bytes per entity",
                         "note": "exact counts of the allocator hooks: no interval"})
        self.new("memory", "bars.gp", 960, 600, settings, blocks)

    def churn_sweep(self):
        rates = sorted((k for k in self.keys if k.startswith("game_frame_") and k[11:].isdigit()),
                       key=lambda k: int(k[11:]))
        if not rates:
            return
        count = {}
        for k in rates:
            for (key, s, n) in self.cell:
                if key == k:
                    count[n] = count.get(n, 0) + 1
        best = max(count, key=lambda n: (count[n], n))
        blocks, values = [], []
        for s in self.strategies:
            pts = [(x, *self.figure_row(k, s, best)) for x, k in enumerate(rates) if (k, s, best) in self.cell]
            if pts:
                blocks.append((s, pts))
                values += [v for p in pts for v in p[1:]]
        lo, hi, ytics = self.y_range(values)
        tics = ", ".join(f'"{k[11:]}%%" {x}' for x, k in enumerate(rates))
        every = len({s for (k, s, n) in self.cell if k in rates}) * len(rates)
        note = "" if count[best] == every else " (not every strategy has every rate)"
        self.new("churn-sweep", "lines.gp", 960, 600, {
            "title": f"game_frame churn sweep at {n_full(best)}{note}: one frame, per entity", "note": INTERVAL_NOTE,
            "xlabel_text": gp_string("churn rate R: % of the entities changed per frame "
                                     "(the measured rates, evenly spaced)"),
            "ylabel_text": gp_string(f"ns per {self.unit[rates[0]]} per frame (median, log scale)"),
            "xsetup": gp_command(f"set xrange [-0.25:{len(rates) - 0.75}]; set xtics ({tics})"),
            "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics)}, blocks)


    def change_sweep(self):
        rates = [(t, r) for t, r in CHANGE_RATES if f"changed_{t}" in self.sizes]
        if not rates:
            return
        keys = [f"changed_{t}" for t, _ in rates] + [f"changed_{t}_scan" for t, _ in rates]
        common = set.intersection(*(self.sizes.get(k, set()) for k in keys))
        n = self.pick_n(None, common) if common else None
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
                self.style[name] = (colour, point, "1" if not suffix else "2")
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
            "ylabel_text": gp_string("ns per entity per frame (median, log scale)"),
            "xsetup": gp_command(f"set xrange [-0.25:{len(rates) - 0.75}]; set xtics ({tics})"),
            "ymin": num(lo), "ymax": num(hi), "ytics_cmd": gp_command(ytics)}, blocks)


def main(argv):
    if len(argv) != 3:
        return usage("plots DIR FIXED_N WORK")
    directory, fixed, work = argv
    if not fixed.isdigit() or fixed.startswith("0"):
        print(f'plots: FIXED_N must be a positive integer, not "{fixed}"', file=sys.stderr)
        return 2
    try:
        figures = Figures(directory, int(fixed), work)
    except csvfile.CsvError as e:
        return fail("plots", e)
    figures.n_plots()
    figures.family_plots()
    figures.ops_plot()
    figures.cachesim_plots()
    figures.memory_plot()
    figures.churn_sweep()
    figures.change_sweep()
    if not figures.figures:
        return fail("plots", f"nothing to draw in {directory}/results.csv")
    figures.finish(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "plots"))
    return 0

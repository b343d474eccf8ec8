"""From every process's rows (runs.csv) to one figure per cell, with its interval, its ratio to the raw floor
and, for the A/A control, its ratio to its twin.

A cell is strategy x scenario x N x memory mode. Each row of runs.csv is one process's measurement of one
cell: the median of its samples (median_ns), their spread, and the seed its memory layout was drawn from.
"""

import paired
import stats

# The raw floor every strategy's cell is compared with: plain packed arrays, one per component.
FLOOR = "raw-soa"
# The A/A control's suffix: a strategy built twice from the same sources, "NAME" and "NAME~aa".
AA_SUFFIX = "~aa"
# Hardware counts per unit (empty where the machine has none): merged as the median over processes.
HW_COLUMNS = ("instructions_per_unit", "cycles_per_unit", "l1d_misses_per_unit", "llc_misses_per_unit")


class MergeError(Exception):
    """Rows that cannot be merged (disagreeing checksums): every problem, one per line."""


def _low_median(values):
    v = sorted(values)
    return v[(len(v) - 1) // 2]


class Cell:
    """One strategy x scenario x N x memory mode and the process rows that measured it."""

    def __init__(self, strategy, scenario, n, memory):
        self.strategy, self.scenario, self.n, self.memory = strategy, scenario, n, memory
        self.rows = []
        self._summary = None
        self._figure = None

    @property
    def key(self):
        return (self.strategy, self.scenario, self.n, self.memory)

    @property
    def medians(self):
        return [float(r["median_ns"]) for r in self.rows]

    def summary(self):
        """The stats.LogSummary of its process medians, from which its figure and every ratio are computed."""
        if self._summary is None:
            self._summary = stats.summarise(self.medians)
        return self._summary

    def figure(self):
        """(figure, low, high): the trimmed geometric mean of its process medians and its 95% interval."""
        if self._figure is None:
            self._figure = stats.figure_interval(self.summary())
        return self._figure

    def half_width(self):
        """The interval's larger half-width relative to the figure."""
        return stats.relative_half_width(*self.figure())


def ratio(top, bottom, pairing=None):
    """The stats.Comparison (ratio, low, high, df) of two cells. Where the run measured both side by side
    (pairing: its paired.Block per scenario, N and memory mode) in at least two processes, their paired ratio
    (paired.ratio): each cell's time carries the machine's state per process, the pairing cancels it. Otherwise
    the ratio of the cells' figures, with the interval of the ratio itself (stats.ratio_comparison)."""
    if pairing is not None and (top.scenario, top.n, top.memory) == (bottom.scenario, bottom.n, bottom.memory):
        block = pairing.get((top.scenario, top.n, top.memory))
        estimate = paired.ratio(block, top.strategy, bottom.strategy) if block is not None else None
        if estimate is not None:
            return estimate.comparison()
    return stats.ratio_comparison(top.summary(), bottom.summary())


def group(rows):
    """The cells of runs.csv rows, in the order they first appear. Raises MergeError if the processes of one
    cell disagree on its checksum or unit."""
    cells = {}
    problems = []
    for row in rows:
        key = (row["strategy"], row["scenario"], int(row["n"]), row["memory"])
        cell = cells.get(key)
        if cell is None:
            cell = cells[key] = Cell(*key)
        elif row["checksum"] != cell.rows[0]["checksum"]:
            problems.append(f"{key[0]} {key[1]} n={key[2]} memory={key[3]}: checksum {cell.rows[0]['checksum']} "
                            f"in one process, {row['checksum']} in another")
        cell.rows.append(row)
    if problems:
        raise MergeError("\n".join(problems))
    return cells


def check_checksums(rows, what):
    """Every row of the same scenario and N must carry one checksum, whatever the strategy, process, memory
    mode or layout: else one of them skipped or misplaced work. Raises MergeError listing each mismatch."""
    seen = {}
    problems = []
    for row in rows:
        key = (row["scenario"], int(row["n"]))
        if key in seen and seen[key][1] != row["checksum"]:
            problems.append(f"{what}: checksum mismatch in {key[0]} n={key[1]}: {seen[key][0]}={seen[key][1]} vs "
                            f"{row['strategy']}={row['checksum']}")
        else:
            seen.setdefault(key, (row["strategy"], row["checksum"]))
    if problems:
        raise MergeError("\n".join(problems))


def floor_of(cells, cell):
    """The raw floor cell for a cell (raw-soa, same scenario, N and memory mode), or None."""
    return cells.get((FLOOR, cell.scenario, cell.n, cell.memory))


def twin_of(cells, cell):
    """For an A/A cell (NAME~aa), the cell of NAME it is compared with; None otherwise."""
    if not cell.strategy.endswith(AA_SUFFIX):
        return None
    return cells.get((cell.strategy[: -len(AA_SUFFIX)], cell.scenario, cell.n, cell.memory))


def wide_intervals(cells, target, pairing=None):
    """{cell key: excess}: for every interval the results give that is wider than +/-target (relative), by how
    much, summed over the cells it involves: a cell's own median, its ratio to the raw floor and the A/A ratio.
    The floor and both A/A cells share the excess of every ratio they are part of, so a floor under many wide
    ratios comes first: one more process of it narrows them all."""
    excess = {}

    def add(cell, width):
        if width > target:
            excess[cell.key] = excess.get(cell.key, 0.0) + width - target

    for cell in cells.values():
        add(cell, cell.half_width())
        for other in (floor_of(cells, cell), twin_of(cells, cell)):
            if other is not None and other is not cell:
                width = stats.relative_half_width(*ratio(cell, other, pairing)[:3])
                add(cell, width)
                add(other, width)
    return excess


def stop_reason(cell, excess, min_processes, max_processes, target):
    """Why a cell has the processes it has: "ci" (its interval, and those of the ratios it is part of, met the
    target), "cap" (it reached the most a cell gets), "budget" (the run's time ran out first), "-" (no stopping
    rule recorded). excess is wide_intervals() of the run's cells."""
    if not max_processes or not target:
        return "-"
    count = len(cell.rows)
    if cell.key not in excess and count >= min_processes:
        return "ci"
    if count >= max_processes:
        return "cap"
    return "budget"


def _number(value, digits=6):
    return "" if value is None else f"{value:.{digits}g}"


# The published columns of results.csv, in order (results/README.md documents each).
COLUMNS = (
    "strategy", "scenario", "n", "unit", "query_kind", "memory", "processes", "samples", "inner",
    "time_ns", "time_lo_ns", "time_hi_ns", "min_ns", "max_ns", "mad_ns", "process_spread_ns", "observed_ns",
    "reported_per_change",
    "raw_ratio", "raw_ratio_lo", "raw_ratio_hi", "aa_ratio", "aa_ratio_lo", "aa_ratio_hi", "stopped",
    "bytes_per_entity", "peak_bytes_per_entity", "checksum",
) + HW_COLUMNS + (
    "counter_events", "sim_instructions_per_unit", "sim_d1_misses_per_unit", "sim_ll_misses_per_unit",
    "sim_d1_lo", "sim_d1_hi", "sim_layouts",
)


def simulated(sim_rows):
    """Cache-simulation rows grouped by (strategy, scenario, N): each a list of rows, one per layout."""
    out = {}
    for row in sim_rows:
        out.setdefault((row["strategy"], row["scenario"], int(row["n"])), []).append(row)
    return out


def result_rows(cells, sim=None, min_processes=0, max_processes=0, target=0.0, pairing=None):
    """One results.csv row (a dict of COLUMNS) per cell, sorted by scenario, memory, N and strategy; its ratios
    paired where pairing (a paired run's blocks) holds both cells."""
    sim = sim or {}
    excess = wide_intervals(cells, target, pairing) if max_processes and target else {}
    out = []
    for cell in sorted(cells.values(), key=lambda c: (c.scenario, c.memory, c.n, c.strategy)):
        first = cell.rows[0]
        figure, low, high = cell.figure()
        medians = cell.medians
        row = {
            "strategy": cell.strategy, "scenario": cell.scenario, "n": cell.n, "unit": first["unit"],
            "query_kind": first.get("query_kind", ""), "memory": cell.memory, "processes": len(cell.rows),
            "samples": _low_median(int(r["samples"]) for r in cell.rows),
            "inner": _low_median(int(r["inner"]) for r in cell.rows),
            "time_ns": _number(figure), "time_lo_ns": _number(low), "time_hi_ns": _number(high),
            "min_ns": _number(min(float(r["min_ns"]) for r in cell.rows)),
            "max_ns": _number(max(float(r["max_ns"]) for r in cell.rows)),
            "mad_ns": _number(stats.median([float(r["mad_ns"]) for r in cell.rows])),
            "process_spread_ns": _number(max(medians) - min(medians)),
            "stopped": stop_reason(cell, excess, min_processes, max_processes, target),
            "bytes_per_entity": first["bytes_per_entity"], "peak_bytes_per_entity": first["peak_bytes_per_entity"],
            "checksum": first["checksum"], "counter_events": first.get("counter_events", ""),
        }
        floor = floor_of(cells, cell)
        if floor is not None:
            if floor is cell:
                row["raw_ratio"] = row["raw_ratio_lo"] = row["raw_ratio_hi"] = "1"
            else:
                r, lo, hi, _ = ratio(cell, floor, pairing)
                row["raw_ratio"], row["raw_ratio_lo"], row["raw_ratio_hi"] = _number(r, 5), _number(lo, 5), _number(hi, 5)
        twin = twin_of(cells, cell)
        if twin is not None:
            r, lo, hi, _ = ratio(cell, twin, pairing)
            row["aa_ratio"], row["aa_ratio_lo"], row["aa_ratio_hi"] = _number(r, 5), _number(lo, 5), _number(hi, 5)
        for column in HW_COLUMNS + ("observed_ns", "reported_per_change"):
            values = [r.get(column, "") for r in cell.rows]
            if values and all(v != "" for v in values):
                row[column] = _number(stats.median([float(v) for v in values]))
        layouts = sim.get((cell.strategy, cell.scenario, cell.n)) if cell.memory == "warm" else None
        if layouts:
            for column, name in (("sim_instructions_per_unit", "instructions_per_unit"),
                                 ("sim_d1_misses_per_unit", "d1_misses_per_unit"),
                                 ("sim_ll_misses_per_unit", "ll_misses_per_unit")):
                row[column] = _number(stats.median([float(s[name]) for s in layouts]))
            d1 = [float(s["d1_misses_per_unit"]) for s in layouts]
            row["sim_d1_lo"], row["sim_d1_hi"], row["sim_layouts"] = _number(min(d1)), _number(max(d1)), len(layouts)
        out.append(row)
    return out


def check_simulation(cells, sim):
    """The simulated run must leave the timed runs' checksum for the same strategy, scenario and N."""
    problems = []
    for (strategy, scenario, n), layouts in sim.items():
        cell = cells.get((strategy, scenario, n, "warm"))
        if cell is None:
            continue
        for s in layouts:
            if s["checksum"] != cell.rows[0]["checksum"]:
                problems.append(f"results: {strategy} {scenario} n={n}: the cache simulation (layout "
                                f"{s['layout_seed']}) left checksum {s['checksum']}, the timed runs "
                                f"{cell.rows[0]['checksum']}")
    if problems:
        raise MergeError("\n".join(problems))


def row_label(row):
    """A results row's scenario as the tables name it: SCENARIO, or SCENARIO@fresh."""
    return row["scenario"] + ("" if row["memory"] in ("warm", "") else "@" + row["memory"])


def aa_account(rows):
    """(twin, stats.aa_summary of its ratios) from the A/A twin's results rows (its aa_ratio columns, worst
    naming a row); (None, None) when the run had no A/A pair."""
    pairs = [(row, *_row_interval(row, "aa_ratio")) for row in rows if _row_interval(row, "aa_ratio")]
    if not pairs:
        return None, None
    return pairs[0][0]["strategy"], stats.aa_summary(pairs)


def aa_metadata(rows):
    """The A/A control's figures for metadata.csv, from the results rows (empty when there is no A/A pair)."""
    twin, summary = aa_account(rows)
    if twin is None:
        return {}
    worst = summary["worst"]
    return {
        "aa_variant": twin,
        "aa_cells": str(summary["cells"]),
        "aa_ci_excludes_1": f"{summary['excludes_one']} ({100 * summary['excludes_one'] / summary['cells']:.1f}%)",
        "aa_max_deviation": f"{100 * summary['max_deviation']:.1f}% ({row_label(worst)} n={worst['n']})",
        "aa_band": f"{100 * summary['band']:.1f}%",
    }


def stopping_metadata(rows):
    """How the cells stopped, for metadata.csv."""
    counts = {}
    for row in rows:
        counts[row["stopped"]] = counts.get(row["stopped"], 0) + 1
    out = {"cells": str(len(rows)), "cell_measurements": str(sum(int(r["processes"]) for r in rows))}
    for reason in ("ci", "cap", "budget"):
        out[f"cells_stopped_{reason}"] = str(counts.get(reason, 0))
    return out


def _row_interval(row, prefix):
    """(value, low, high) of a results row's time ("time") or ratio ("raw_ratio", "aa_ratio"); None where the
    row has none."""
    names = ("time_ns", "time_lo_ns", "time_hi_ns") if prefix == "time" else \
        (prefix, prefix + "_lo", prefix + "_hi")
    if any(row.get(k, "") == "" for k in names):
        return None
    return tuple(float(row[k]) for k in names)


def aa_by_n(rows):
    """The A/A control by N, from results rows: {N: [(ratio, low, high), ...]} of the twin's cells."""
    out = {}
    for row in rows:
        interval = _row_interval(row, "aa_ratio")
        if interval is not None:
            out.setdefault(int(row["n"]), []).append(interval)
    return out


def half_widths_by_n(rows):
    """The intervals' relative half-widths by N, from results rows: {N: (of every median, of every ratio to the
    floor)}, each list sorted."""
    out = {}
    for row in rows:
        medians, ratios = out.setdefault(int(row["n"]), ([], []))
        medians.append(stats.relative_half_width(*_row_interval(row, "time")))
        ratio = _row_interval(row, "raw_ratio")
        if ratio is not None and row["strategy"] != FLOOR:
            ratios.append(stats.relative_half_width(*ratio))
    for medians, ratios in out.values():
        medians.sort()
        ratios.sort()
    return out


def settings_of(metadata):
    """(min_processes, max_processes, target) of the run's stopping rule, zeros where not recorded."""
    def number(key, kind):
        try:
            return kind(metadata.get(key, "0") or 0)
        except ValueError:
            return kind(0)

    return number("bench_min_procs", int), number("bench_max_procs", int), number("bench_target_ci", float)


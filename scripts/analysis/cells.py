"""From every process's rows (runs.csv) to one figure per cell, with its interval, its ratio to the raw floor
and, for the A/A control, its ratio to its twin.

A cell is strategy x scenario x N x memory mode. Each row of runs.csv is one measurement of one cell in one
memory layout: the median of its samples (median_ns), their spread, and the seed the layout was drawn from. A
process of the separate-process mode measures a cell in one layout; a process of the paired program in several
(harness/paired.c), whose rows its samples tie to it (paired.Block.processes). The process is the unit of
sampling, so a cell's figure and interval are over its processes: per process the geometric mean of its
layouts' medians (paired.process_value, as its paired ratios are), then the trimmed mean and Yuen's interval
over processes (stats.summarise). Counted per layout, the interval would take the layouts of one process, which
share its code placement and its stretch of the machine, for independent draws, and be too narrow.
"""

import math
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple

from . import paired, stats
from .csvfile import Row

# The raw floor every strategy's cell is compared with: plain packed arrays, one per component.
FLOOR = "raw-soa"
# Hardware counts per unit (empty where the machine has none): merged as the median over measurements.
HW_COLUMNS = ("instructions_per_unit", "cycles_per_unit", "l1d_misses_per_unit", "llc_misses_per_unit")
# The columns of runs.csv merged as the median over a cell's measurements (every layout of every process) where
# every one has them: the hardware counts, the share of the time the read-back passes took, the entities a change
# term reported per change. Medians without an interval: a layout is a fair draw of them, and no interval rests on
# how many there are.
MEDIAN_COLUMNS = HW_COLUMNS + ("observed_ns", "reported_per_change")


class MergeError(Exception):
    """Rows that cannot be merged (disagreeing checksums): every problem, one per line."""


def _low_median(values: Iterable[int]) -> int:
    v = sorted(values)
    return v[(len(v) - 1) // 2]


class CellKey(NamedTuple):
    """What names a cell: strategy x scenario x N x memory mode."""
    strategy: str
    scenario: str
    n: int
    memory: str


@dataclass(frozen=True)
class Measurement:
    """One measurement of a cell in one layout (a row of runs.csv): the figures a cell merges, as numbers, the text
    of the columns results.csv copies from it as it was written, and the process it was taken in."""
    median_ns: float
    min_ns: float
    max_ns: float
    mad_ns: float
    samples: int
    inner: int
    unit: str
    query_kind: str
    bytes_per_entity: str
    peak_bytes_per_entity: str
    checksum: str
    counter_events: str
    # Each of MEDIAN_COLUMNS: its text, empty where the row has none.
    counts: dict[str, str]
    # What names the process that took it: the paired program's process seed, else the row's own layout seed (a
    # process of the separate-process mode measures a cell once).
    process: str

    @classmethod
    def of(cls, row: Row, process: str | None = None) -> "Measurement":
        return cls(float(row["median_ns"]), float(row["min_ns"]), float(row["max_ns"]), float(row["mad_ns"]),
                   int(row["samples"]), int(row["inner"]), row["unit"], row.get("query_kind", ""),
                   row["bytes_per_entity"], row["peak_bytes_per_entity"], row["checksum"],
                   row.get("counter_events", ""), {column: row.get(column, "") for column in MEDIAN_COLUMNS},
                   process if process is not None else row["layout_seed"])


@dataclass(eq=False)
class Cell:
    """One strategy x scenario x N x memory mode and its measurements (rows of runs.csv, one per process and layout).
    Two cells are the same only where they are one object: a floor is told from the cell it is the floor of by
    identity."""
    strategy: str
    scenario: str
    n: int
    memory: str
    rows: list[Measurement] = field(default_factory=list)
    _summary: stats.LogSummary | None = field(default=None, init=False, repr=False)
    _figure: stats.Interval | None = field(default=None, init=False, repr=False)

    @property
    def key(self) -> CellKey:
        return CellKey(self.strategy, self.scenario, self.n, self.memory)

    def process_times(self) -> list[float]:
        """Per process, in the order they first appear, its time: the geometric mean of its layouts' medians (the
        median itself, to the last digit, where it measured one layout)."""
        medians: dict[str, list[float]] = {}
        for r in self.rows:
            medians.setdefault(r.process, []).append(r.median_ns)
        return [values[0] if len(values) == 1 else math.exp(paired.process_value([math.log(v) for v in values]))
                for values in medians.values()]

    def processes(self) -> int:
        """How many processes measured it."""
        return len({r.process for r in self.rows})

    def summary(self) -> stats.LogSummary:
        """The stats.LogSummary of its process times, from which its figure and every unpaired ratio are computed."""
        if self._summary is None:
            self._summary = stats.summarise(self.process_times())
        return self._summary

    def figure(self) -> stats.Interval:
        """(figure, low, high): the trimmed geometric mean of its process times and its 95% interval."""
        if self._figure is None:
            self._figure = stats.figure_interval(self.summary())
        return self._figure

    def half_width(self) -> float:
        """The interval's larger half-width relative to the figure."""
        return stats.relative_half_width(*self.figure())


# The cells of a run by their keys.
Cells = dict[CellKey, Cell]


def ratio(top: Cell, bottom: Cell, pairing: paired.Pairing | None = None) -> stats.Comparison:
    """The stats.Comparison (ratio, low, high, df) of two cells. Where the run measured both side by side
    (pairing: its paired.Block per scenario, N and memory mode) in at least two processes, their paired ratio
    (paired.ratio): each cell's time carries the machine's state per process, the pairing cancels it. Otherwise
    the ratio of the cells' figures, with the interval of the ratio itself (stats.ratio_comparison)."""
    if pairing is not None and (top.scenario, top.n, top.memory) == (bottom.scenario, bottom.n, bottom.memory):
        block = pairing.get(paired.BlockKey(top.scenario, top.n, top.memory))
        estimate = paired.ratio(block, top.strategy, bottom.strategy) if block is not None else None
        if estimate is not None:
            return estimate.comparison()
    return stats.ratio_comparison(top.summary(), bottom.summary())


def group(rows: Iterable[Row], pairing: paired.Pairing | None = None) -> Cells:
    """The cells of runs.csv rows, in the order they first appear. Where the run was paired (pairing: its blocks),
    each row's process is the one whose samples hold its design and layout seed; else every row is a process of
    its own. Raises MergeError if the measurements of one cell disagree on its checksum, or a row of a paired run
    has no samples to name its process."""
    cells: Cells = {}
    problems = []
    for row in rows:
        key = CellKey(row["strategy"], row["scenario"], int(row["n"]), row["memory"])
        process = None
        if pairing is not None:
            block = pairing.get(paired.BlockKey(key.scenario, key.n, key.memory))
            process = block.processes.get((key.strategy, row["layout_seed"])) if block is not None else None
            if process is None:
                problems.append(f"{key[0]} {key[1]} n={key[2]} memory={key[3]}: no sample of layout seed "
                                f"{row['layout_seed']} names the process that measured it")
        cell = cells.get(key)
        if cell is None:
            cell = cells[key] = Cell(*key)
        elif row["checksum"] != cell.rows[0].checksum:
            problems.append(f"{key[0]} {key[1]} n={key[2]} memory={key[3]}: checksum {cell.rows[0].checksum} "
                            f"in one process, {row['checksum']} in another")
        cell.rows.append(Measurement.of(row, process))
    if problems:
        raise MergeError("\n".join(problems))
    return cells


def check_processes(cells: Cells) -> None:
    """Every cell measured in at least stats.MIN_PROCESSES processes, as every run is made (settings.py): a table
    with fewer, edited or cut, would publish intervals with no spread and rank their cells. Raises MergeError
    naming each such cell."""
    problems = [f"{c.strategy} {c.scenario} n={c.n} memory={c.memory}: measured in {c.processes()} process(es); an "
                f"interval needs at least {stats.MIN_PROCESSES}" for c in cells.values()
                if c.processes() < stats.MIN_PROCESSES]
    if problems:
        raise MergeError("\n".join(problems))


def check_checksums(rows: Iterable[Row], what: str) -> None:
    """Every row of the same scenario and N must carry one checksum, whatever the strategy, process, memory
    mode or layout: else one of them skipped or misplaced work. Raises MergeError listing each mismatch."""
    seen: dict[tuple[str, int], tuple[str, str]] = {}
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


def floor_of(cells: Cells, cell: Cell) -> Cell | None:
    """The raw floor cell for a cell (raw-soa, same scenario, N and memory mode), or None."""
    return cells.get(CellKey(FLOOR, cell.scenario, cell.n, cell.memory))


def twin_of(cells: Cells, cell: Cell) -> Cell | None:
    """For an A/A cell (NAME~aa), the cell of NAME it is compared with; None otherwise."""
    if not cell.strategy.endswith(paired.AA_SUFFIX):
        return None
    return cells.get(CellKey(cell.strategy[: -len(paired.AA_SUFFIX)], cell.scenario, cell.n, cell.memory))


def wide_intervals(cells: Cells, target: float, pairing: paired.Pairing | None = None) -> dict[CellKey, float]:
    """{cell key: excess}: for every interval the results give that is wider than +/-target (relative), by how
    much, summed over the cells it involves: a cell's own median, its ratio to the raw floor and the A/A ratio.
    The floor and both A/A cells share the excess of every ratio they are part of, so a floor under many wide
    ratios comes first: one more process of it narrows them all."""
    excess: dict[CellKey, float] = {}

    def add(cell: Cell, width: float) -> None:
        if width > target:
            excess[cell.key] = excess.get(cell.key, 0.0) + width - target

    for cell in cells.values():
        add(cell, cell.half_width())
        for other in (floor_of(cells, cell), twin_of(cells, cell)):
            if other is not None and other is not cell:
                c = ratio(cell, other, pairing)
                width = stats.relative_half_width(c.ratio, c.low, c.high)
                add(cell, width)
                add(other, width)
    return excess


@dataclass(frozen=True)
class Stopping:
    """The stopping rule a run was measured under: each cell's processes at least and at most, and the relative
    half-width its intervals had to reach (zeros: not recorded)."""
    min_processes: int = 0
    max_processes: int = 0
    target: float = 0.0

    def recorded(self) -> bool:
        return bool(self.max_processes and self.target)


def stop_reason(cell: Cell, excess: dict[CellKey, float], stopping: Stopping) -> str:
    """Why a cell has the processes it has: "ci" (its interval, and those of the ratios it is part of, met the
    target), "cap" (it reached the most a cell gets), "budget" (the run's time ran out first), "-" (no stopping
    rule recorded). excess is wide_intervals() of the run's cells."""
    if not stopping.recorded():
        return "-"
    count = cell.processes()
    if cell.key not in excess and count >= stopping.min_processes:
        return "ci"
    if count >= stopping.max_processes:
        return "cap"
    return "budget"


def _number(value: float | None, digits: int = 6) -> str:
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


# Cache-simulation rows by (strategy, scenario, N), one per layout simulated.
Simulated = dict[tuple[str, str, int], list[Row]]


def simulated(sim_rows: Iterable[Row]) -> Simulated:
    """Cache-simulation rows grouped by (strategy, scenario, N): each a list of rows, one per layout."""
    out: Simulated = {}
    for row in sim_rows:
        out.setdefault((row["strategy"], row["scenario"], int(row["n"])), []).append(row)
    return out


def result_rows(cells: Cells, sim: Simulated | None = None, stopping: Stopping = Stopping(),
                pairing: paired.Pairing | None = None) -> list[Row]:
    """One results.csv row (a dict of COLUMNS, as written) per cell, sorted by scenario, memory, N and strategy;
    its ratios paired where pairing (a paired run's blocks) holds both cells."""
    sim = sim or {}
    excess = wide_intervals(cells, stopping.target, pairing) if stopping.recorded() else {}
    out = []
    for cell in sorted(cells.values(), key=lambda c: (c.scenario, c.memory, c.n, c.strategy)):
        first = cell.rows[0]
        figure, low, high = cell.figure()
        times = cell.process_times()
        row = {
            "strategy": cell.strategy, "scenario": cell.scenario, "n": str(cell.n), "unit": first.unit,
            "query_kind": first.query_kind, "memory": cell.memory, "processes": str(cell.processes()),
            "samples": str(_low_median(r.samples for r in cell.rows)),
            "inner": str(_low_median(r.inner for r in cell.rows)),
            "time_ns": _number(figure), "time_lo_ns": _number(low), "time_hi_ns": _number(high),
            "min_ns": _number(min(r.min_ns for r in cell.rows)),
            "max_ns": _number(max(r.max_ns for r in cell.rows)),
            "mad_ns": _number(stats.median([r.mad_ns for r in cell.rows])),
            "process_spread_ns": _number(max(times) - min(times)),
            "stopped": stop_reason(cell, excess, stopping),
            "bytes_per_entity": first.bytes_per_entity, "peak_bytes_per_entity": first.peak_bytes_per_entity,
            "checksum": first.checksum, "counter_events": first.counter_events,
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
        for column in MEDIAN_COLUMNS:
            values = [r.counts[column] for r in cell.rows]
            if values and all(v != "" for v in values):
                row[column] = _number(stats.median([float(v) for v in values]))
        layouts = sim.get((cell.strategy, cell.scenario, cell.n)) if cell.memory == "warm" else None
        if layouts:
            for column, name in (("sim_instructions_per_unit", "instructions_per_unit"),
                                 ("sim_d1_misses_per_unit", "d1_misses_per_unit"),
                                 ("sim_ll_misses_per_unit", "ll_misses_per_unit")):
                row[column] = _number(stats.median([float(s[name]) for s in layouts]))
            d1 = [float(s["d1_misses_per_unit"]) for s in layouts]
            row["sim_d1_lo"], row["sim_d1_hi"] = _number(min(d1)), _number(max(d1))
            row["sim_layouts"] = str(len(layouts))
        out.append(row)
    return out


def check_simulation(cells: Cells, sim: Simulated) -> None:
    """The simulated run must leave the timed runs' checksum for the same strategy, scenario and N."""
    problems = []
    for (strategy, scenario, n), layouts in sim.items():
        cell = cells.get(CellKey(strategy, scenario, n, "warm"))
        if cell is None:
            continue
        for s in layouts:
            if s["checksum"] != cell.rows[0].checksum:
                problems.append(f"results: {strategy} {scenario} n={n}: the cache simulation (layout "
                                f"{s['layout_seed']}) left checksum {s['checksum']}, the timed runs "
                                f"{cell.rows[0].checksum}")
    if problems:
        raise MergeError("\n".join(problems))


def row_label(row: Row) -> str:
    """A results row's scenario as the tables name it: SCENARIO, or SCENARIO@fresh."""
    return row["scenario"] + ("" if row["memory"] in ("warm", "") else "@" + row["memory"])


def aa_account(rows: Iterable[Row]) -> tuple[str, stats.AASummary[Row]] | None:
    """(twin, stats.aa_summary of its ratios) from the A/A twin's results rows (its aa_ratio columns, worst
    naming a row); None when the run had no A/A pair."""
    pairs = [(row, *interval) for row in rows if (interval := row_interval(row, "aa_ratio")) is not None]
    if not pairs:
        return None
    return pairs[0][0]["strategy"], stats.aa_summary(pairs)


def aa_metadata(rows: Iterable[Row]) -> dict[str, str]:
    """The A/A control's figures for metadata.csv, from the results rows (empty when there is no A/A pair)."""
    account = aa_account(rows)
    if account is None:
        return {}
    twin, summary = account
    worst = summary.worst
    assert worst is not None  # a summary of some ratios has the worst of them
    return {
        "aa_variant": twin,
        "aa_cells": str(summary.cells),
        "aa_ci_excludes_1": f"{summary.excludes_one} ({100 * summary.excludes_one / summary.cells:.1f}%)",
        "aa_max_deviation": f"{100 * summary.max_deviation:.1f}% ({row_label(worst)} n={worst['n']})",
        "aa_band": f"{100 * summary.band:.1f}%",
    }


def stopping_metadata(rows: list[Row], measurements: int) -> dict[str, str]:
    """How the cells stopped, for metadata.csv, with how many measurements (rows of runs.csv: a process's
    layouts each count) they merged."""
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["stopped"]] = counts.get(row["stopped"], 0) + 1
    out = {"cells": str(len(rows)), "cell_measurements": str(measurements)}
    for reason in ("ci", "cap", "budget"):
        out[f"cells_stopped_{reason}"] = str(counts.get(reason, 0))
    return out


def row_interval(row: Row, prefix: str) -> stats.Interval | None:
    """(value, low, high) of a results row's time ("time") or ratio ("raw_ratio", "aa_ratio"); None where the
    row has none."""
    value, low, high = ("time_ns", "time_lo_ns", "time_hi_ns") if prefix == "time" else \
        (prefix, prefix + "_lo", prefix + "_hi")
    if any(row.get(k, "") == "" for k in (value, low, high)):
        return None
    return float(row[value]), float(row[low]), float(row[high])


def aa_by_n(rows: Iterable[Row]) -> dict[int, list[stats.Interval]]:
    """The A/A control by N, from results rows: {N: [(ratio, low, high), ...]} of the twin's cells."""
    out: dict[int, list[stats.Interval]] = {}
    for row in rows:
        interval = row_interval(row, "aa_ratio")
        if interval is not None:
            out.setdefault(int(row["n"]), []).append(interval)
    return out


def half_widths_by_n(rows: Iterable[Row]) -> dict[int, tuple[list[float], list[float]]]:
    """The intervals' relative half-widths by N, from results rows: {N: (of every median, of every ratio to the
    floor)}, each list sorted."""
    out: dict[int, tuple[list[float], list[float]]] = {}
    for row in rows:
        medians, ratios = out.setdefault(int(row["n"]), ([], []))
        time = row_interval(row, "time")
        assert time is not None  # a results row has its time (csvfile.KINDS)
        medians.append(stats.relative_half_width(*time))
        ratio = row_interval(row, "raw_ratio")
        if ratio is not None and row["strategy"] != FLOOR:
            ratios.append(stats.relative_half_width(*ratio))
    for medians, ratios in out.values():
        medians.sort()
        ratios.sort()
    return out


def stopping_of(metadata: dict[str, str]) -> Stopping:
    """The Stopping rule a run's metadata records, zeros where not recorded."""
    def whole(key: str) -> int:
        try:
            return int(metadata.get(key, "0") or 0)
        except ValueError:
            return 0

    try:
        target = float(metadata.get("bench_target_ci") or 0)
    except ValueError:
        target = 0.0
    return Stopping(whole("bench_min_procs"), whole("bench_max_procs"), target)


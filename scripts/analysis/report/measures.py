"""The tables and figures of measured cells, one at a time: times, bytes per entity and simulated misses across
designs, scenarios and sizes, a cell's layouts, the run's metadata.

Tables (figures are times over processes, trimmed geometric means, [low, high] their 95% intervals; "-" where
nothing was measured):
    iter SCENARIO BASELINE N,...   a row per strategy: the time and the ratio to BASELINE at each N (with the
                                   ratio's own interval and its mark); ordered by the time at the last N
    ops N SCENARIO,... [raw]       a row per scenario, a column per strategy (with "raw", the raw-soa floor
                                   first): the time at N
    bytes N SCENARIO,... [raw]     the same layout with bytes per entity at N (exact: no interval)
    sweep SCENARIO N,...           a row per strategy: the time at each N, and bytes per entity at the last
    sim SCENARIO,...               from cachesim.csv: a row per strategy, per scenario its D1 misses per unit
                                   (and LL misses where any), the median over the simulated layouts with their
                                   range where there are several
    layouts STRATEGY SCENARIO N    a row per timed layout of one cell, fastest first: its layout seed, its
                                   median sample and, where the cache simulation replayed its layout, the simulated D1
                                   misses per unit (from runs.csv.gz and cachesim.csv)
    meta [KEY,...]                 from metadata.csv: key | value (all keys if none are named)

Figures (a cell is "STRATEGY SCENARIO N", model.cell_key):
    size N                         the size as the report writes it, "2^16"
    trim                           the share of a cell's processes its time sets aside at each end, "10%"
    analysed                       the commit whose analysis made the results: reanalysed_commit where make
                                   reanalyse made them again, else the run's own git_commit
    clock-reads                    where this run's clock reads stood: "taken out of every timed interval", or,
                                   for a paired run whose samples predate that (paired.Block.reads_taken_out),
                                   "inside every timed interval" with what that did
    meta KEY                       a value of metadata.csv
    cell CELL                      its time and interval, "37.8 [34.3, 44.5]"
    bytes CELL                     its bytes per entity (exact: no interval), "132"
    sim STRATEGY SCENARIO [ll|ir]  from cachesim.csv: D1 misses (or last-level misses, or instructions) per unit,
                                   the median over the layouts simulated, "0.375"
"""

from .. import cells as cellmod, paired, stats, wording
from ..cells import CellKey
from ..csvfile import Row
from ..wording import size_label
from .model import NotMeasured, Results, TableError, cell_key, designs, entity_count, ratio_text


def _measured(res: Results, scenario: str, n: str) -> None:
    """Refuses a scenario that no strategy measured at N (a row of dashes would stand in for it)."""
    if not any((s, scenario, int(n)) in res.cells for s in res.strategies):
        raise NotMeasured(f"no strategy measured {scenario} at n={n} in {res.shown_csv}")


def table_iter(res: Results, scenario: str, baseline: str, sizes: str) -> list[str]:
    ns = [int(x) for x in sizes.split(",")]
    header = "| strategy | how" + "".join(f" | {size_label(n)} | ratio" for n in ns) + " |"
    lines = [header, "|---|---" + "|---:|---:" * len(ns) + "|"]
    present = [s for s in res.strategies if not s.endswith(paired.AA_SUFFIX) and (s, scenario, ns[-1]) in res.cells]
    present.sort(key=lambda s: float(res.cells[(s, scenario, ns[-1])]["time_ns"]))
    for s in present:
        kind = next((res.cells[(s, scenario, n)]["query_kind"] for n in ns if (s, scenario, n) in res.cells), "")
        line = f"| {s} | {kind or '-'}"
        for n in ns:
            r = res.cells.get((s, scenario, n))
            if r is None:
                line += " | - | -"
                continue
            base = res.groups.get(CellKey(baseline, scenario, n, "warm"))
            if s == baseline:
                rt = "1"
            elif base is not None:
                rt = ratio_text(res.ratio(res.groups[CellKey(s, scenario, n, "warm")], base), res.rule)
            else:
                rt = "-"
            line += f" | {res.cell(s, scenario, n)} | {rt}"
        lines.append(line + " |")
    return lines


def _columns(res: Results, with_raw: str) -> list[str]:
    cols = designs(res)
    return ([cellmod.FLOOR] if with_raw == "raw" else []) + cols


def table_ops(res: Results, n: str, scenarios: str, with_raw: str = "") -> list[str]:
    cols = _columns(res, with_raw)
    lines = ["| scenario | " + " | ".join(cols) + " |", "|---" + "|---:" * len(cols) + "|"]
    for sc in scenarios.split(","):
        _measured(res, sc, n)
        lines.append(f"| {sc} | " + " | ".join(res.cell(s, sc, n) for s in cols) + " |")
    return lines


def table_bytes(res: Results, n: str, scenarios: str, with_raw: str = "") -> list[str]:
    cols = _columns(res, with_raw)
    lines = ["| scenario | " + " | ".join(cols) + " |", "|---" + "|---:" * len(cols) + "|"]
    for sc in scenarios.split(","):
        _measured(res, sc, n)
        cells = []
        for s in cols:
            r = res.cells.get((s, sc, int(n)))
            cells.append(f"{float(r['bytes_per_entity']):.0f}" if r else "-")
        lines.append(f"| {sc} | " + " | ".join(cells) + " |")
    return lines


def table_sweep(res: Results, scenario: str, sizes: str) -> list[str]:
    """A design per row, its time at each of sizes the scenario was measured at (a size it was not, such as "max"
    for a scenario of the catalogue read at the fixed size alone, has no column)."""
    measured = {n for _, sc, n in res.cells if sc == scenario}
    ns = sorted({int(x) for x in sizes.split(",")} & measured)
    if not ns:
        raise NotMeasured(f"no cell of {scenario} at n={sizes}")
    lines = ["| strategy" + "".join(f" | {size_label(n)}" for n in ns) + f" | bytes/entity at {size_label(ns[-1])} |",
             "|---" + "|---:" * (len(ns) + 1) + "|"]
    for s in res.strategies:
        if s.endswith(paired.AA_SUFFIX) or (s, scenario, ns[-1]) not in res.cells:
            continue
        r = res.cells[(s, scenario, ns[-1])]
        lines.append(f"| {s} | " + " | ".join(res.cell(s, scenario, n) for n in ns) +
                     f" | {float(r['bytes_per_entity']):.0f} |")
    return lines


def table_sim(res: Results, scenarios: str) -> list[str]:
    names = scenarios.split(",")
    by: dict[tuple[str, str], list[Row]] = {}
    for r in res.sim_fixed:
        by.setdefault((r["strategy"], r["scenario"]), []).append(r)
    strategies = sorted({r["strategy"] for r in res.sim_fixed if not r["strategy"].endswith(paired.AA_SUFFIX)})
    for sc in names:
        if not any(r["scenario"] == sc for r in res.sim_fixed):
            raise NotMeasured(f"{res.shown('cachesim.csv')} has no row of {sc}")
    lines = ["| strategy | " + " | ".join(names) + " |", "|---" + "|---:" * len(names) + "|"]
    for s in strategies:
        cells = []
        for sc in names:
            group = by.get((s, sc))
            if not group:
                cells.append("-")
                continue
            d1 = [float(r["d1_misses_per_unit"]) for r in group]
            ll = [float(r["ll_misses_per_unit"]) for r in group]
            text = f"{stats.median(d1):.3f}"
            if len(group) > 1 and max(d1) > min(d1):
                text += f" [{min(d1):.3f}, {max(d1):.3f}]"
            if stats.median(ll) > 0.0005:
                text += f" (LL {stats.median(ll):.3f})"
            cells.append(text)
        lines.append(f"| {s} | " + " | ".join(cells) + " |")
    return lines


def table_layouts(res: Results, strategy: str, scenario: str, size: str) -> list[str]:
    n = int(size)
    runs = [r for r in res.runs if r["strategy"] == strategy and r["scenario"] == scenario and int(r["n"]) == n
            and r["memory"] == "warm"]
    if not runs:
        raise NotMeasured(f"{res.shown_table('runs')} has no process of {strategy} {scenario} n={n}")
    sim: dict[str, Row] = {}
    for r in res.sim:
        if r["strategy"] == strategy and r["scenario"] == scenario and int(r["n"]) == n:
            sim[r["layout_seed"]] = r
    lines = ["| layout (fastest first) | layout seed | median ns | simulated D1 misses per unit |",
             "|---:|---|---:|---:|"]
    for k, r in enumerate(sorted(runs, key=lambda r: float(r["median_ns"])), 1):
        s = sim.get(r["layout_seed"])
        median = float(r["median_ns"])
        misses = f"{float(s['d1_misses_per_unit']):.2f}" if s else "-"
        lines.append(f"| {k} | {r['layout_seed']} | {median:.{wording.digits(median)}f} | {misses} |")
    return lines


def table_meta(res: Results, keys: str = "") -> list[str]:
    meta = res.meta
    names = keys.split(",") if keys else list(meta)
    missing = [k for k in names if k not in meta]
    if missing:
        raise NotMeasured(f"{res.shown('metadata.csv')} has no key {', '.join(missing)}")
    return ["| | |", "|---|---|"] + [f"| {k} | {meta.get(k, '-').replace('|', chr(92) + '|')} |" for k in names]


def figure_size(res: Results, args: list[str]) -> str:
    return size_label(entity_count(args[0]))


def figure_analysed(res: Results, args: list[str]) -> str:
    if "reanalysed_commit" not in res.meta and "git_commit" not in res.meta:
        raise NotMeasured(f"{res.shown('metadata.csv')} has neither reanalysed_commit nor git_commit")
    return res.meta["reanalysed_commit"] if "reanalysed_commit" in res.meta else res.meta["git_commit"]


def figure_trim(res: Results, args: list[str]) -> str:
    return f"{100 * stats.TRIM:g}%"


def figure_clock_reads(res: Results, args: list[str]) -> str:
    if res.pairing is None:
        raise NotMeasured(f"{res.shown_directory} is not a paired run: its samples are not recorded")
    if all(block.reads_taken_out for block in res.pairing.values()):
        return "taken out of every timed interval"
    return ("inside every timed interval (this run was measured before they were taken out: where a scenario "
            "times each run alone and runs last a few µs, its ratios are pulled toward 1)")


def figure_meta(res: Results, args: list[str]) -> str:
    if args[0] not in res.meta:
        raise NotMeasured(f"{res.shown('metadata.csv')} has no key {args[0]}")
    return res.meta[args[0]]


def _cell_row(res: Results, args: list[str]) -> tuple[tuple[str, str, int], Row]:
    """The key of Results.cells and the row of the cell the words name, or NotMeasured."""
    s, sc, n, memory = cell_key(args)
    key = (s, sc + ("" if memory == "warm" else "@" + memory), n)
    if key not in res.cells:
        raise NotMeasured(f"no cell {s} {key[1]} n={n} in {res.shown_csv}")
    return key, res.cells[key]


def figure_cell(res: Results, args: list[str]) -> str:
    return res.cell(*_cell_row(res, args)[0])


def figure_bytes(res: Results, args: list[str]) -> str:
    return f"{float(_cell_row(res, args)[1]['bytes_per_entity']):.0f}"


# The columns of cachesim.csv a sim figure reads, by its last word.
SIM_COLUMNS = {"": "d1_misses_per_unit", "ll": "ll_misses_per_unit", "ir": "instructions_per_unit"}


def figure_sim(res: Results, args: list[str]) -> str:
    column = SIM_COLUMNS.get("".join(args[2:]))
    if column is None:
        raise TableError(f"a sim figure counts D1 misses, ll or ir, not '{args[2]}'")
    found = [float(r[column]) for r in res.sim_fixed if (r["strategy"], r["scenario"]) == tuple(args[:2])]
    if not found:
        raise NotMeasured(f"{res.shown('cachesim.csv')} has no row of {args[0]} {args[1]}")
    return f"{stats.median(found):.3f}"

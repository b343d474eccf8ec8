"""The summary a run prints: per scenario at its largest N, every strategy's time with its 95% interval and
its ratio to the raw floor with the ratio's interval; then the cells far slower than every other design's (a
new strategy's pathology, such as a clustering hash, shows there), what the A/A control showed, how precise the
cells are, and how they stopped; and, where the run measured change detection, its tables (report/change.py: change,
change-winners, tracking) at the run's fixed N.

    python3 -m analysis summary RESULTS_CSV

RESULTS_CSV must be a published run's (listed in its folder's manifest.csv, and whole as recorded there).
"""

import os

from . import cells as cellmod, crosscheck, csvfile, defaults, report, stats
from .command import Parser, fail
from .csvfile import Row
from .files import CsvError


def interval_text(row: Row, prefix: str, digits: int = 3, suffix: str = "") -> str:
    """"1.08x [1.03, 1.12]": a figure of a results row and its interval (prefix: "time", "raw_ratio"); "-" where
    the row has none."""
    interval = cellmod.row_interval(row, prefix)
    if interval is None:
        return "-"
    value, low, high = interval
    return f"{value:.{digits}f}{suffix} [{low:.{digits}f}, {high:.{digits}f}]"


def aa_lines(rows: list[Row]) -> list[str]:
    """The A/A control's account, from the rows of the A/A cells."""
    account = cellmod.aa_account(rows)
    if account is None:
        return ["a/a: this run has no A/A pair"]
    twin, s = account
    w = s.worst
    assert w is not None  # a summary of some ratios has the worst of them
    lines = [
        f"a/a: {twin} against its twin over {s.cells} cells: the ratio's 95% interval excludes 1 in "
        f"{s.excludes_one} ({100 * s.excludes_one / s.cells:.1f}%; 5% by chance if the intervals are "
        f"calibrated); largest deviation "
        f"{100 * s.max_deviation:.1f}% ({cellmod.row_label(w)} n={w['n']}); 95% of the A/A ratios lie within "
        f"+/-{100 * s.band:.1f}%",
    ]
    parts = []
    for n, v in sorted(cellmod.aa_by_n(rows).items()):
        worst = max(abs(x[0] - 1) for x in v)
        out = sum(1 for x in v if x[1] > 1 or x[2] < 1)
        parts.append(f"n={n}: {len(v)} cells, {out} exclude 1, worst {100 * worst:.1f}%")
    lines.append("a/a by N: " + "; ".join(parts))
    return lines


# A cell this many times slower than the slowest other design in the same scenario, N and memory is flagged:
# the designs here differ by up to about 30x in a cell (a scan against a lookup), never by two orders of
# magnitude unless something is broken.
OUTLIER_FACTOR = 10.0


def design_of(strategy: str) -> str:
    """The design a variant belongs to: "sparse-filter" and "archetype~aa" are "sparse" and "archetype"."""
    return strategy.split("~")[0].split("-")[0]


def outlier_lines(rows: list[Row]) -> list[str]:
    """One line per cell whose time exceeds OUTLIER_FACTOR times that of every other design (raw excluded)."""
    groups: dict[tuple[str, str, int], list[Row]] = {}
    for r in rows:
        if design_of(r["strategy"]) == "raw":
            continue
        groups.setdefault((r["scenario"], r["memory"], int(r["n"])), []).append(r)
    lines = []
    for (scenario, memory, n), cell in sorted(groups.items()):
        for r in cell:
            others = [float(o["time_ns"]) for o in cell if design_of(o["strategy"]) != design_of(r["strategy"])]
            if not others:
                continue
            slowest = max(others)
            time = float(r["time_ns"])
            if time > OUTLIER_FACTOR * slowest:
                label = scenario + ("" if memory == "warm" else "@" + memory)
                lines.append(f"outlier: {r['strategy']} {label} n={n}: {time:.4g} ns per {r['unit']}, "
                             f"{time / slowest:.0f}x the slowest other design's {slowest:.4g} ns")
    if not lines:
        return [f"outliers: none (no cell is over {OUTLIER_FACTOR:g}x slower than every other design's)"]
    return lines


def precision_lines(rows: list[Row]) -> list[str]:
    """The distribution of the intervals' half-widths by N: of the cells' times, and of the ratios to raw."""
    widths = cellmod.half_widths_by_n(rows)
    lines = []
    for what, k in (("times", 0), ("ratios to raw", 1)):
        parts = []
        for n in sorted(widths):
            v = widths[n][k]
            if not v:
                continue
            within = sum(1 for x in v if x <= 0.05)
            parts.append(f"n={n}: median +/-{100 * stats.median(v):.1f}%, {100 * within / len(v):.0f}% within +/-5%, "
                         f"widest +/-{100 * v[-1]:.0f}%")
        if parts:
            lines.append(f"interval half-widths of the {what}: " + "; ".join(parts))
    return lines


def change_lines(path: str) -> list[str]:
    """Change detection at the run's fixed N (metadata fixed_n; else the largest N of changed_1): the crossover
    rate per design, the fastest design per rate, what tracking costs elsewhere. Nothing where the run has none."""
    res = report.Results(path)
    sizes = sorted({n for (s, sc, n) in res.cells if sc == "changed_1"})
    if not sizes:
        return []
    fixed = res.meta.get("fixed_n", "") if os.path.exists(res.path("metadata.csv")) else ""
    n = int(fixed) if fixed.isdigit() and int(fixed) in sizes else sizes[-1]
    lines = []
    for spec, what in (("change", "each design's frame with a change term against its frame without (ratio), and "
                                  "the write rate at which the two cost the same"),
                       ("change-winners", "the fastest design with a change term at each write rate"),
                       ("tracking", "what an existing change term costs other work, and the added_* frames")):
        try:
            table = report.table(res, f"{spec} {n}")
        except report.TableError as e:
            lines.append(f"change detection: {spec} at n={n}: {e}")
            continue
        lines += [f"change detection at n={n}: {what}:"] + table
    return lines


def paired_lines(metadata_path: str) -> list[str]:
    """What the controls of a paired run show (metadata.csv, paired.controls_metadata); nothing for another run."""
    try:
        meta = csvfile.read_metadata(metadata_path)
    except (OSError, CsvError):
        return []
    if "paired_aa_band" not in meta:
        return []
    lines = [f"paired (clock {meta.get('paired_clock', '?')}, ratios to {meta.get('paired_reference', '?')}): "
             f"A/A band +/-{100 * float(meta['paired_aa_band']):.1f}% over {meta['paired_aa_ratios']} ratios "
             f"(largest {100 * float(meta['paired_aa_max_deviation']):.1f}%; intervals excluding 1: "
             f"{meta['paired_aa_excluding_one']}, 5% by chance if the intervals are calibrated)"]
    if "paired_planted_estimate" in meta:
        lines.append(f"paired: planted control {meta['paired_planted_estimate']} against its truth "
                     f"{meta['paired_planted_truth']}, detected as slower in {meta['paired_planted_detected']} of "
                     f"{meta['paired_planted_blocks']} blocks")
    if "paired_within_target" in meta:
        target = float(meta.get("bench_target_ci", defaults.text("BENCH_TARGET_CI")))
        lines.append(f"paired: ratios within +/-{100 * target:g}%: "
                     f"{meta['paired_within_target']} (pairs.csv)")
    return lines



def crosscheck_lines(directory: str) -> list[str]:
    """The cross-check's verdict: how many whole-process / in-process ratios lie within crosscheck.AGREEMENT, and
    a warning naming the cells outside it; nothing where the run has no cross-check."""
    path = os.path.join(directory, "crosscheck.csv")
    if not os.path.exists(path):
        return []
    rows = [r for r in csvfile.read(path, "crosscheck", recorded=True) if r["ratio"] not in ("", "nan")]
    if not rows:
        return []
    low, high = crosscheck.AGREEMENT
    outside = [r for r in rows if not low <= float(r["ratio"]) <= high]
    ratios = sorted(float(r["ratio"]) for r in rows)
    lines = [f"cross-check: {len(rows) - len(outside)} of {len(rows)} whole-process / in-process ratios within "
             f"[{low:g}, {high:g}] (from {ratios[0]:.2f} to {ratios[-1]:.2f}; crosscheck.csv)"]
    if outside:
        named = ", ".join(f"{r['strategy']} {r['scenario']} n={r['n']} {float(r['ratio']):.2f}x" for r in outside[:5])
        lines.append(f"WARNING: the cross-check disagrees in {len(outside)} cells ({named}"
                     f"{', ...' if len(outside) > 5 else ''}): the whole process timed what the in-process clock "
                     f"did not, or the machine changed between them; read those cells' times with care")
    return lines


def target_ms_of(meta: dict[str, str]) -> float | None:
    """The sample length a run asked for, in ms: the paired program's, or bench-NAME's --target-ms; None if
    neither is recorded."""
    if meta.get("paired") == "1" and meta.get("paired_target_ms", "").isdigit():
        return float(meta["paired_target_ms"])
    words = meta.get("bench_options", "").split()
    for k, word in enumerate(words[:-1]):
        if word == "--target-ms":
            try:
                return float(words[k + 1])
            except ValueError:
                return None
    return None


def calibration_lines(directory: str) -> list[str]:
    """The cells in which some process took single-run samples although one run lasts under a tenth of the sample
    length asked for: its runs per sample were set by a warm-up the machine had slowed. Nothing where none did."""
    try:
        meta = csvfile.read_metadata(os.path.join(directory, "metadata.csv"))
    except (OSError, CsvError):
        return []
    target = target_ms_of(meta)
    if target is None or not csvfile.table_files(directory, "runs"):
        return []
    flagged: dict[str, int] = {}
    for r in csvfile.read_table(directory, "runs", "runs", recorded=True):
        if r["inner"] == "1" and float(r["median_ns"]) * int(r["n"]) < 0.1 * target * 1e6:
            key = f"{r['strategy']} {r['scenario']} n={r['n']}" + ("" if r["memory"] == "warm" else f" @{r['memory']}")
            flagged[key] = flagged.get(key, 0) + 1
    if not flagged:
        return []
    named = ", ".join(f"{k} ({v})" for k, v in sorted(flagged.items())[:5])
    return [f"calibration: in {len(flagged)} cells some process took samples of one run, though a run lasts under "
            f"a tenth of the {target:g} ms asked for (a warm-up the machine slowed set it): {named}"
            f"{', ...' if len(flagged) > 5 else ''}; those samples are noisier"]


# The share of the CPUs' time the host may take for other guests before the summary warns of it.
STEAL_WARNING = 0.05


def _load(text: str) -> float | None:
    """The 1-minute load average of a loadavg_* value ("0.58 0.87 1.09"), or None where it is not a number."""
    try:
        return float(text.split()[0])
    except (IndexError, ValueError):
        return None


def machine_lines(metadata_path: str) -> list[str]:
    """The machine's load when the run started and when its measuring ended, with a warning where it was busier
    than its CPUs (a neighbour, another run): the paired ratios cancel much of it, the absolute times do not."""
    try:
        meta = csvfile.read_metadata(metadata_path)
    except (OSError, CsvError):
        return []
    loads = [_load(meta.get(k, "")) for k in ("loadavg_start", "loadavg_end")]
    if loads[0] is None:
        return []
    lines = [f"machine: load average {loads[0]:g} when the run started, "
             f"{'?' if loads[1] is None else f'{loads[1]:g}'} when its measuring ended ({meta.get('cores', '?')} CPUs)"]
    cores = meta.get("cores", "")
    busiest = max(x for x in loads if x is not None)
    if cores.isdigit() and busiest > int(cores):
        lines.append(f"WARNING: the machine was busy (load average {busiest:g} on {cores} CPUs): absolute times are "
                     f"slower and wider than on a quiet machine")
    steal = [meta.get(k, "") for k in ("steal_ms_start", "steal_ms_end")]
    seconds = meta.get("bench_seconds", "")
    if all(x.isdigit() for x in steal) and seconds.isdigit() and int(seconds) > 0 and cores.isdigit():
        stolen = (int(steal[1]) - int(steal[0])) / 1000
        share = stolen / (int(seconds) * int(cores))
        lines.append(f"machine: {stolen:.1f} s of steal time while measuring ({100 * share:.1f}% of its {cores} CPUs' "
                     f"time): the host ran something else on them")
        if share > STEAL_WARNING:
            lines.append(f"WARNING: neighbours on the host took {100 * share:.1f}% of the CPUs while measuring: the "
                         f"paired ratios cancel much of it, absolute times do not")
    return lines


# A QUICK run's summary says so first and last: its top scrolls out of a terminal, its end is what stays.
QUICK_BANNER = f"QUICK RUN {report.QUICK_WORTH}"


def quick_banner(directory: str) -> list[str]:
    """The QUICK banner for a QUICK run's folder, else nothing."""
    path = os.path.join(directory, "metadata.csv")
    if not os.path.exists(path):
        return []
    return [QUICK_BANNER] if csvfile.read_metadata(path, recorded=True).get("quick") == "1" else []


def main(argv: list[str]) -> int:
    parser = Parser("summary", "RESULTS_CSV")
    parser.add_argument("results")
    return parser.run(argv, lambda a: _summary(a.results))


def _summary(path: str) -> int:
    try:
        rows = csvfile.read(path, "results", recorded=True)
        cellmod.check_checksums(rows, "summary")
        banner = quick_banner(os.path.dirname(path) or ".")
    except (CsvError, cellmod.MergeError) as e:
        return fail("summary", e)
    for line in banner:
        print(line)
    print("checksums: all strategies agree")
    largest: dict[str, int] = {}
    for r in rows:
        label = r["scenario"] + ("" if r["memory"] == "warm" else "@" + r["memory"])
        largest[label] = max(largest.get(label, 0), int(r["n"]))
    print(f"{'scenario':<18} {'n':>8} {'strategy':<15} {'query':<14} {'ns [95% interval]':>30} "
          f"{'x raw-soa [95% interval]':>26} {'procs':>5} {'bytes/e':>8}")
    table = []
    for r in rows:
        label = r["scenario"] + ("" if r["memory"] == "warm" else "@" + r["memory"])
        if int(r["n"]) != largest[label]:
            continue
        figure = interval_text(r, "time")
        ratio = interval_text(r, "raw_ratio", 2, "x")
        table.append((label, float(r["time_ns"]), f"{label:<18} {r['n']:>8} {r['strategy']:<15} "
                      f"{r['query_kind'] or '-':<14} {figure:>30} {ratio:>26} {r['processes']:>5} "
                      f"{float(r['bytes_per_entity']):>8.1f}"))
    for _, _, line in sorted(table, key=lambda t: (t[0], t[1])):
        print(line)
    for line in outlier_lines(rows) + aa_lines(rows) + precision_lines(rows):
        print(line)
    try:
        changes = change_lines(path)
    except (CsvError, cellmod.MergeError) as e:
        return fail("summary", e)
    for line in changes:
        print(line)
    directory = os.path.dirname(path) or "."
    try:
        checks = crosscheck_lines(directory)
    except CsvError as e:
        return fail("summary", e)
    try:
        checks += calibration_lines(directory)
    except CsvError as e:
        return fail("summary", e)
    for line in paired_lines(os.path.join(directory, "metadata.csv")) + checks + \
            machine_lines(os.path.join(directory, "metadata.csv")):
        print(line)
    stopped: dict[str, int] = {}
    for r in rows:
        stopped[r["stopped"]] = stopped.get(r["stopped"], 0) + 1
    print("cells: " + ", ".join(f"{v} stopped by {k}" for k, v in sorted(stopped.items())) +
          " (ci: the interval met its target; cap: the most processes a cell gets; budget: time ran out)")
    print("ns: the trimmed geometric mean over processes of each process's time (the geometric mean of its layouts' "
          "median samples); [..]: its 95% interval;")
    print("x raw-soa: the ratio to the plain-array floor of the same scenario and N, with the ratio's own interval;")
    print("NAME@fresh: creation into memory the process never touched (first-touch page faults included)")
    for line in banner:
        print(line)
    return 0

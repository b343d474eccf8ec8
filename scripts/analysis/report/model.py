"""The results model of a report: a results folder's files, read on demand; the two errors a table or figure
raises; and what every family of tables asks of a run (its designs, the standings of a workload, a cell named in a
spec, the mark of a ratio under the decision rule).

Every comparison is judged by one decision rule (stats.Rule, over the family Results.family): faster or slower,
equivalent within the margin, or inconclusive. A table marks a ratio the rule does not call a difference: "="
equivalent, "~" inconclusive."""

import functools
import itertools
import os
import re

from .. import cells as cellmod, csvfile, defaults, paired, quality, scenarios, stats, wording
from ..cells import Cell, CellKey
from ..csvfile import Row
from ..stats import Comparison, Rule
from ..wording import Standings


class TableError(Exception):
    """A table or figure that cannot be made: its spec does not parse, or a file it reads is wrong."""


class NotMeasured(TableError):
    """A table or figure that asks for what the run did not measure (a size, a scenario, the A/A pair)."""


# How a table marks a ratio the decision rule does not call a difference: "=" equivalent to 1 within the margin,
# "~" inconclusive.
MARKS = {stats.EQUIVALENT: " =", stats.INCONCLUSIVE: " ~", stats.FASTER: "", stats.SLOWER: ""}


def ratio_text(c: Comparison, rule: Rule) -> str:
    return f"{c.ratio:.2f}x [{c.low:.2f}, {c.high:.2f}]" + MARKS[rule.outcome(c)]


class Results:
    """A results folder's files, read on demand: as its manifest recorded them (a published run), or with recorded
    False as they are (a run being published, whose plots are drawn before its manifest is written)."""

    def __init__(self, csv_path: str, recorded: bool = True, shown_directory: str | None = None) -> None:
        self.csv_path = csv_path
        self.recorded = recorded
        self.directory = os.path.dirname(csv_path) or "."
        # How messages name the folder: a run being published is read from its staging folder, gone once the run
        # is published, so its copy of the report names the folder it is published as.
        self.shown_directory = shown_directory or self.directory
        self.rows = csvfile.read(csv_path, "results", recorded=recorded)
        # The rows by (strategy, SCENARIO or SCENARIO@MEMORY, N).
        self.cells: dict[tuple[str, str, int], Row] = {}
        for r in self.rows:
            self.cells[(r["strategy"], r["scenario"] + ("" if r["memory"] == "warm" else "@" + r["memory"]),
                        int(r["n"]))] = r
        self.strategies = sorted({r["strategy"] for r in self.rows})

    def path(self, name: str) -> str:
        return os.path.join(self.directory, name)

    def shown(self, name: str) -> str:
        return os.path.join(self.shown_directory, name)

    @property
    def shown_csv(self) -> str:
        return self.shown(os.path.basename(self.csv_path))

    def shown_table(self, table: str) -> str:
        return self.shown(os.path.basename(csvfile.table_label(self.directory, table)))

    # The other files of the folder, each read (and checked) the first time a table asks for it.
    @functools.cached_property
    def meta(self) -> dict[str, str]:
        return csvfile.read_metadata(self.path("metadata.csv"), recorded=self.recorded)

    @functools.cached_property
    def catalogue(self) -> scenarios.Catalogue:
        """Where the report shows each scenario (the first page's rows, the change rates), as the run's binaries
        described it in scenarios.csv."""
        return scenarios.read_catalogue(self.path("scenarios.csv"), recorded=self.recorded)

    @functools.cached_property
    def sim(self) -> list[Row]:
        return csvfile.read(self.path("cachesim.csv"), "cachesim", recorded=self.recorded)

    @functools.cached_property
    def sim_fixed(self) -> list[Row]:
        """The rows of cachesim.csv at FIXED_N, where every design was simulated (a run may hold some beyond the
        caches too, at CACHESIM_LARGE_N, for the first page's why)."""
        fixed = self.meta.get("fixed_n")
        return [r for r in self.sim if fixed is None or r["n"] == fixed]

    @functools.cached_property
    def runs(self) -> list[Row]:
        return csvfile.read_table(self.directory, "runs", "runs", recorded=self.recorded)

    @functools.cached_property
    def groups(self) -> cellmod.Cells:
        """The cells of runs.csv.gz with their processes (for intervals of ratios between any two cells)."""
        return cellmod.group(self.runs, self.pairing)

    @functools.cached_property
    def hitches(self) -> list[Row]:
        """The framed scenarios' frames per design (frames.py), or NotMeasured for a run without them."""
        if not os.path.exists(self.path("hitches.csv")):
            why = ("its scenarios include none measured frame by frame" if self.meta.get("paired") == "1" else
                   "its designs were measured in separate processes (PAIRED=1 records frames)")
            raise NotMeasured(f"{self.shown('hitches.csv')}: the run recorded no frames: {why}")
        return csvfile.read(self.path("hitches.csv"), "hitches", recorded=self.recorded)

    @functools.cached_property
    def pairs(self) -> list[Row]:
        return csvfile.read(self.path("pairs.csv"), "pairs", recorded=self.recorded)

    @functools.cached_property
    def pairing(self) -> paired.Pairing | None:
        """A paired run's blocks (its samples, as recorded), through which every ratio of two cells measured side by
        side is paired; None for a run that measured its designs in separate processes."""
        clock = self.meta.get("paired_clock", defaults.text("PAIRED_CLOCK"))
        return paired.load_pairing(self.directory, clock, recorded=self.recorded,
                                   required=self.meta.get("paired") == "1")

    def ratio(self, top: Cell, bottom: Cell) -> Comparison:
        """The stats.Comparison of two cells (cells.Cell), paired where the run measured them side by side."""
        return cellmod.ratio(top, bottom, self.pairing)

    @functools.cached_property
    def comparisons(self) -> dict[quality.DesignPair, Comparison]:
        """The comparisons the decision rule holds its false discovery rate over, fixed by what was measured, not by
        what the report words: every pair of designs measured at one scenario, size and memory mode (the raw
        floors among them; not the controls, the A/A twins and the planted slowdown, which check the rule)."""
        by_block: dict[tuple[str, int, str], list[Cell]] = {}
        for cell in self.groups.values():
            if not paired.is_control(cell.strategy):
                by_block.setdefault((cell.scenario, cell.n, cell.memory), []).append(cell)
        return {quality.DesignPair(*block, a.strategy, b.strategy): self.ratio(a, b)
                for block, cells in by_block.items()
                for a, b in itertools.combinations(sorted(cells, key=lambda c: c.strategy), 2)}

    @functools.cached_property
    def family(self) -> list[Comparison]:
        """The comparisons (above) as the decision rule takes them."""
        return list(self.comparisons.values())

    @functools.cached_property
    def rule(self) -> Rule:
        """The decision rule of this run's report (stats.Rule over family)."""
        return stats.rule_of(self.family)

    @functools.cached_property
    def controls(self) -> tuple[list[Comparison], list[tuple[Comparison, float]]]:
        """([the comparison of each A/A twin to its original], [(the planted control's comparison to its original,
        its true ratio)]), over every scenario, size and memory mode measured."""
        aa: list[Comparison] = []
        planted: list[tuple[Comparison, float]] = []
        if self.pairing is not None:  # the controls a paired run measured beside the designs, in its samples alone
            for c in paired.control_estimates(self.pairing):
                if c.planted:
                    planted.append((c.estimate.comparison(), c.truth))
                else:
                    aa.append(c.estimate.comparison())
            return aa, planted
        by_design: dict[tuple[str, int, str], dict[str, Cell]] = {}
        for cell in self.groups.values():
            by_design.setdefault((cell.scenario, cell.n, cell.memory), {})[cell.strategy] = cell
        for cells in by_design.values():
            aa += [self.ratio(cells[a], cells[b]) for a, b in paired.twins(cells, paired.AA_SUFFIX)]
            planted += [(self.ratio(cells[a], cells[b]), truth) for a, b, truth in paired.planted(cells)]
        return aa, planted

    @functools.cached_property
    def xcheck(self) -> list[Row]:
        return csvfile.read(self.path("crosscheck.csv"), "crosscheck", recorded=self.recorded)

    def cell(self, strategy: str, scenario: str, n: int | str) -> str:
        r = self.cells.get((strategy, scenario, int(n)))
        if r is None:
            return "-"
        return wording.time_figure(float(r["time_ns"]), float(r["time_lo_ns"]), float(r["time_hi_ns"]))


def designs(res: Results) -> list[str]:
    """The strategies a design table shows: not the raw baselines, not the A/A twin."""
    return [s for s in res.strategies if not s.startswith("raw") and not s.endswith(paired.AA_SUFFIX)]


def sizes_of(res: Results, spec: str) -> str:
    """The spec with its symbolic sizes replaced by the run's: "fixed" (metadata fixed_n, the size of the cache
    simulation and of the family charts) and "max" (the largest power of two any cell was measured at), so that
    a report names the sizes of whichever run it is made from (a QUICK run's are smaller)."""
    def size(m: re.Match[str]) -> str:
        if m.group(0) == "fixed":
            if "fixed_n" not in res.meta:
                raise NotMeasured(f"{res.shown('metadata.csv')} has no key fixed_n")
            return res.meta["fixed_n"]
        return str(max(n for _, _, n in res.cells if n & (n - 1) == 0))

    return re.sub(r"(?<![\w@-])(?:fixed|max)(?![\w-])", size, spec)


def entity_count(text: str) -> int:
    """An entity count as 1048576 or 2^20."""
    if re.fullmatch(r"2\^[0-9]{1,2}", text):
        return 1 << int(text[2:])
    if re.fullmatch(r"[1-9][0-9]*", text):
        return int(text)
    raise TableError(f"'{text}' is not an entity count (1048576 or 2^20)")


def cell_key(words: list[str], default: CellKey | None = None) -> CellKey:
    """The cell of the words STRATEGY [SCENARIO[@MEMORY] [N]]; missing parts from default."""
    if not 1 <= len(words) <= 3 or (default is None and len(words) != 3):
        raise TableError(f"a cell is STRATEGY SCENARIO N, not '{' '.join(words)}'")
    if len(words) == 1:
        assert default is not None
        return default._replace(strategy=words[0])
    name, _, memory = words[1].partition("@")
    if len(words) > 2:
        n = entity_count(words[2])
    else:
        assert default is not None
        n = default.n
    return CellKey(words[0], name, n, memory or "warm")


def standings(res: Results, scenario: str, n: int, names: str | None = None) -> Standings:
    """The wording.Standings of the designs named (comma-separated; default: every design) that measured
    SCENARIO[@memory] at n: [(strategy, time, low, high)] from the fastest, and the comparison of any two of them
    (Results.ratio, fetched once each)."""
    name, _, memory = scenario.partition("@")
    candidates = names.split(",") if names else designs(res)
    present = [res.groups[key] for key in (CellKey(s, name, n, memory or "warm") for s in candidates)
               if key in res.groups]
    if not present:
        raise NotMeasured(f"no design of {', '.join(candidates)} measured {scenario} at n={n}")
    present.sort(key=lambda cell: cell.figure()[0])
    # In a paired run the order comes from the paired ratios, which may order two close designs otherwise than
    # their unpaired times do; the leader is then the design no other is faster than by its ratio.
    base = present[0]
    present.sort(key=lambda cell: 1.0 if cell is base else res.ratio(cell, base)[0])

    @functools.cache
    def compare(i: int, j: int) -> Comparison:
        return res.ratio(present[i], present[j])

    return Standings([(cell.strategy, *cell.figure()) for cell in present], compare)


def measured_cell(res: Results, key: CellKey) -> Cell:
    """The processes of one cell, or NotMeasured."""
    cell = res.groups.get(key)
    if cell is None:
        raise NotMeasured(f"no process of {key.strategy} {key.scenario} n={key.n} memory={key.memory} in "
                          f"{csvfile.table_label(res.directory, 'runs')}")
    return cell


def halves(kind: str, args: list[str]) -> tuple[list[str], list[str]]:
    """The words before and after the "/" of a figure that sets two cells side by side, or TableError."""
    if "/" not in args:
        raise TableError(f"'{kind}' compares two cells, FIRST / SECOND, not '{kind} {' '.join(args)}'")
    cut = args.index("/")
    return args[:cut], args[cut + 1:]


def two_cells(kind: str, args: list[str]) -> tuple[CellKey, CellKey]:
    """The cells of "CELL / CELL", the second taking what it leaves out from the first (cell_key)."""
    before, after = halves(kind, args)
    top = cell_key(before)
    return top, cell_key(after, top)

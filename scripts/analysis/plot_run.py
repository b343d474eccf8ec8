"""What every figure reads of a run (Run): its cells by scenario, strategy and N, the sizes and unit of each
scenario, the families the scenarios fall in, the cache simulation, and the look each strategy keeps in every
figure (styles) and the caption every figure carries."""

import os
from dataclasses import dataclass
from typing import Sequence

from . import cells as cellmod, csvfile, paired, scenarios
from .csvfile import Row
from .plot_canvas import Style

# A colour per design family (the name before its first "-": archetype and archetype-aos share one), a point type
# per design within it: Okabe and Ito's colours that stay apart in the common colour-vision deficiencies (their
# yellow, too pale on white, replaced by Tol's olive and wine); black and grey belong to the raw baselines.
PALETTE = "#0072b2 #e69f00 #009e73 #d55e00 #cc79a7 #56b4e9 #999933 #882255".split()
POINTS = "7 5 9 11 13 15 6 4 8 10 12 14".split()


class Families:
    """Which family each scenario belongs to, and the order of families and of scenarios within each. They come
    from the scenarios' descriptors (scenarios/catalogue.h), which the run keeps in scenarios.csv (scenarios.py).
    SCENARIO@fresh goes with SCENARIO; a scenario the descriptors do not name (a run without scenarios.csv) goes
    to "other"."""

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


@dataclass
class Run:
    """A results folder as the figures read it. cell holds the rows by (SCENARIO or SCENARIO@MEMORY, strategy, N),
    sizes the N of each such key and unit its unit; keys are in the families' order, strategies in figure order
    (strategy_order); the A/A twin is left out of both (it would draw its strategy twice)."""
    directory: str
    fixed: int
    meta: dict[str, str]
    sim_rows: list[Row]
    families: Families
    catalogue: scenarios.Catalogue  # where the report shows each scenario beyond its family (scenarios.csv)
    cell: dict[tuple[str, str, int], Row]
    sizes: dict[str, set[int]]
    unit: dict[str, str]
    keys: list[str]
    strategies: list[str]

    def pick_n(self, measured: set[int]) -> int:
        """Of the sizes measured (some), FIXED_N, else the largest N below it, else the smallest."""
        sizes = sorted(measured)
        below = [n for n in sizes if n <= self.fixed]
        return below[-1] if below else sizes[0]

    def figure_row(self, key: str, s: str, n: int) -> tuple[float, float, float]:
        """The time and its interval of a cell the run measured."""
        r = self.cell[(key, s, n)]
        return float(r["time_ns"]), float(r["time_lo_ns"]), float(r["time_hi_ns"])

    def title_n(self, ns: list[int]) -> int:
        """The N a title names: FIXED_N where a cluster is at it, else the most common one."""
        if self.fixed in ns:
            return self.fixed
        return max(set(ns), key=lambda n: (ns.count(n), n))


def read(directory: str, fixed: int) -> Run:
    """DIR/results.csv with DIR/metadata.csv, DIR/cachesim.csv and DIR/scenarios.csv where there are; raises
    CsvError on a file that cannot be read."""
    rows = csvfile.read(os.path.join(directory, "results.csv"), "results")
    meta_path = os.path.join(directory, "metadata.csv")
    meta = csvfile.read_metadata(meta_path) if os.path.exists(meta_path) else {}
    sim_path = os.path.join(directory, "cachesim.csv")
    sim_rows = csvfile.read(sim_path, "cachesim") if os.path.exists(sim_path) else []
    described = os.path.join(directory, "scenarios.csv")
    described_rows = scenarios.read(described) if os.path.exists(described) else []
    families = Families(scenarios.families(described_rows))
    catalogue = scenarios.shown(described_rows)
    rows = [r for r in rows if not r["strategy"].endswith(paired.AA_SUFFIX)]
    cell: dict[tuple[str, str, int], Row] = {}
    sizes: dict[str, set[int]] = {}
    unit: dict[str, str] = {}
    for r in rows:
        key = r["scenario"] + ("" if r["memory"] == "warm" else "@" + r["memory"])
        n = int(r["n"])
        cell[(key, r["strategy"], n)] = r
        sizes.setdefault(key, set()).add(n)
        unit[key] = r["unit"]
    return Run(directory, fixed, meta, sim_rows, families, catalogue, cell, sizes, unit,
               sorted(sizes, key=families.order), sorted({r["strategy"] for r in rows}, key=strategy_order))


def styles(strategies: list[str]) -> dict[str, Style]:
    """The look of each strategy in every figure: the designs' colours and points (design_styles), raw-soa
    black and dashed, the other raw baselines grey, each its own dash."""
    designs = [s for s in strategies if not s.startswith("raw")]
    style = {s: (colour, point, "1") for s, (colour, point) in design_styles(designs).items()}
    dashes = 2
    for s in strategies:
        if s == cellmod.FLOOR:
            style[s] = ("#000000", "1", "2")
        elif s.startswith("raw"):
            style[s] = ("#7f7f7f", "2", str(2 + dashes % 4))
            dashes += 1
    return style


def caption(meta: dict[str, str]) -> str:
    """The line under every figure: the machine, its CPU and the run's date, a QUICK run named first."""
    text = "machine: " + (meta.get("machine_id") or "unknown")
    if meta.get("cpu_model"):
        text += f" ({meta['cpu_model']})"
    if meta.get("date"):
        text += ", " + meta["date"][:10]
    if meta.get("quick") == "1":
        text = "QUICK run (few processes, small N): " + text
    return text

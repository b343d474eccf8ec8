"""The scenarios' descriptors (scenarios/catalogue.h), as the bench binaries print them with --describe (one row per
implementation: a raw binary lists its baselines, a strategy's every scenario), and what is made from them: the
scenarios make bench also runs in fresh memory, the plot families in their order, where the report shows each
scenario beyond its family (Catalogue: the first page's rows, the ops and memory figures, the change rates), and the
scenario table of docs/scenarios.md.

    python3 -m analysis scenarios fresh DESCRIBE_CSV          the names that also run with --memory fresh
    python3 -m analysis scenarios headline DESCRIBE_CSV       the names of the first page's workloads
    python3 -m analysis scenarios framed DESCRIBE_CSV [--only A,B]   the names measured frame by frame (of those
                                                                   --only names, where given), comma-separated
    python3 -m analysis scenarios table DESCRIBE_CSV DOC     rewrites DOC's table between the markers
                                                                   "<!-- table: scenarios -->" and
                                                                   "<!-- end table -->" (--check: only says
                                                                   whether it would change, exit 1 if so)

DESCRIBE_CSV holds the rows of every binary (header once), as scripts/pipeline.sh writes scenarios.csv.
"""

import argparse
import os
from dataclasses import dataclass, field
from typing import Callable, Iterable

from . import csvfile
from .command import Parser, fail
from .csvfile import Row
from .files import CsvError

BEGIN = "<!-- table: scenarios -->"
END = "<!-- end table -->"


# The columns that say where the report shows a scenario (scenarios/catalogue.h, shown): a scenarios.csv without
# them was written by the --describe of older code, and the report cannot be made from it.
SHOWN_COLUMNS = ("figures", "headline_place", "headline", "frame_place", "frame_answer", "change_percent",
                 "tracking_reference", "query_base", "live_queries")
FIGURE_OPS = "ops"  # the absolute cost of the structural operations
FIGURE_MEMORY = "memory"  # bytes per entity


def read(path: str, recorded: bool = False) -> list[Row]:
    """The rows of a scenarios.csv; CsvError (one line naming the file) where it lacks SHOWN_COLUMNS."""
    rows = csvfile.read(path, "scenarios", recorded=recorded)
    missing = [c for c in SHOWN_COLUMNS if c not in rows[0]]
    if missing:
        raise CsvError(f"{path}: no column {', '.join(missing)}: written by the --describe of older code, it does not "
                       "say where the report shows each scenario (scripts/describe.sh writes it anew)")
    return rows


@dataclass(frozen=True)
class Workload:
    """A kind of workload a reader has, and the scenario that stands for it."""
    label: str
    scenario: str


@dataclass
class Descriptor:
    """A scenario as the first binary that lists it describes it, with the raw baselines that implement it."""
    scenario: str
    family: str
    unit: str
    description: str
    fresh: bool  # also run in fresh memory
    frames: int  # frames of a sequence, for a scenario measured frame by frame; 0 for the others
    figures: frozenset[str] = frozenset()  # the figures beyond its family's that show it (FIGURE_OPS, ...)
    headline: tuple[int, str] = (0, "")  # its place (from 1; 0 for none) and label on the first page
    frame_answer: tuple[int, str] = (0, "")  # the same in the first page's answer for frames
    change_percent: float = 0.0  # a change scenario's share of entities written per frame; 0 for the others
    tracking_reference: str = ""  # the scenario it is compared with in the change-tracking table; "" for none
    query_base: str = ""  # for a member of a query-count series, the series' scenario without extra queries
    live_queries: int = 0  # the cached queries it keeps alive beside the base's workload
    raw: list[str] = field(default_factory=list)


def catalogue(rows: Iterable[Row]) -> list[Descriptor]:
    """One descriptor per scenario, in catalogue order (the first binary that lists it gives its place), each with
    the raw baselines that implement it."""
    out: dict[str, Descriptor] = {}
    for r in rows:
        d = out.setdefault(r["scenario"], _descriptor(r))
        if r["strategy"].startswith("raw"):
            d.raw.append(r["strategy"])
    return list(out.values())


def _descriptor(r: Row) -> Descriptor:
    return Descriptor(r["scenario"], r["family"], r["unit"], r["description"], r["fresh"] == "1",
                      int(r.get("frames") or 0), frozenset(r.get("figures", "").split()),
                      (int(r.get("headline_place") or 0), r.get("headline", "")),
                      (int(r.get("frame_place") or 0), r.get("frame_answer", "")),
                      float(r.get("change_percent") or 0), r.get("tracking_reference", ""),
                      r.get("query_base", ""), int(r.get("live_queries") or 0))


@dataclass(frozen=True)
class Catalogue:
    """Where the report shows the scenarios beyond their families, as a run's scenarios.csv gives it: the first
    page's workloads and its framed ones, each in its place; the scenarios of the ops and memory figures; and the
    change scenarios with their write rates (percent per frame), lowest first, each compared with SCENARIO_scan;
    the change-tracking table's columns, (scenario, the scenario it is compared with) in catalogue order; and the
    query-count series, each (base, ((Q, scenario), ...)) with Q = 0 for the base and the members by Q, in the
    catalogue order of their bases."""
    workloads: tuple[Workload, ...] = ()
    frame_workloads: tuple[Workload, ...] = ()
    ops: frozenset[str] = frozenset()
    memory: frozenset[str] = frozenset()
    change_rates: tuple[tuple[str, float], ...] = ()
    tracking: tuple[tuple[str, str], ...] = ()
    query_series: tuple[tuple[str, tuple[tuple[int, str], ...]], ...] = ()

    @property
    def headline_scenarios(self) -> set[str]:
        return {w.scenario for w in self.workloads}


def shown(rows: Iterable[Row]) -> Catalogue:
    """The Catalogue of a scenarios.csv's rows."""
    found = catalogue(rows)

    def placed(place: Callable[[Descriptor], tuple[int, str]]) -> tuple[Workload, ...]:
        return tuple(Workload(place(d)[1], d.scenario) for d in sorted((d for d in found if place(d)[0] > 0),
                                                                        key=lambda d: place(d)[0]))
    return Catalogue(placed(lambda d: d.headline), placed(lambda d: d.frame_answer),
                     frozenset(d.scenario for d in found if FIGURE_OPS in d.figures),
                     frozenset(d.scenario for d in found if FIGURE_MEMORY in d.figures),
                     tuple(sorted(((d.scenario, d.change_percent) for d in found if d.change_percent > 0),
                                  key=lambda c: c[1])),
                     tuple((d.scenario, d.tracking_reference) for d in found if d.tracking_reference),
                     _query_series(found))


def _query_series(found: list[Descriptor]) -> tuple[tuple[str, tuple[tuple[int, str], ...]], ...]:
    """Each query-count series: its base (Q = 0) and its members by Q, in the catalogue order of the bases."""
    members: dict[str, list[tuple[int, str]]] = {}
    for d in found:
        if d.query_base:
            members.setdefault(d.query_base, []).append((d.live_queries, d.scenario))
    order = [d.scenario for d in found if d.scenario in members]
    return tuple((base, tuple([(0, base)] + sorted(members[base]))) for base in order)


def read_catalogue(path: str, recorded: bool = False) -> Catalogue:
    return shown(read(path, recorded))


def ordered(rows: list[Row]) -> list[Descriptor]:
    """The descriptors in report order: family by family, the families in the order they first appear in the
    catalogue, the scenarios of a family in catalogue order. A raw binary lists its baselines before a strategy
    lists the whole catalogue, so the order is taken from the strategies' rows where there are any."""
    designs = [r for r in rows if not r["strategy"].startswith("raw")]
    base = catalogue(designs + [r for r in rows if r["strategy"].startswith("raw")])
    families: list[str] = []
    for d in base:
        if d.family not in families:
            families.append(d.family)
    return sorted(base, key=lambda d: families.index(d.family))


def families(rows: list[Row]) -> list[tuple[str, list[str]]]:
    """[(family, [scenario, ...])] in report order."""
    out: list[tuple[str, list[str]]] = []
    for d in ordered(rows):
        if not out or out[-1][0] != d.family:
            out.append((d.family, []))
        out[-1][1].append(d.scenario)
    return out


def fresh(rows: list[Row]) -> list[str]:
    return [d.scenario for d in catalogue(rows) if d.fresh]


def framed(rows: list[Row], only: Iterable[str] = ()) -> list[str]:
    """The scenarios measured frame by frame, in catalogue order; of those named in only, where it names any."""
    wanted = set(only)
    return [d.scenario for d in catalogue(rows) if d.frames > 0 and (not wanted or d.scenario in wanted)]


def table_lines(rows: list[Row]) -> list[str]:
    """The Markdown table of every scenario: its family, what it times, its unit, and its raw baselines."""
    lines = ["| scenario | family | workload | unit | raw baseline |", "|---|---|---|---|---|"]
    for d in ordered(rows):
        raw = ", ".join(sorted(d.raw)) or "-"
        note = " (also in fresh memory)" if d.fresh else ""
        lines.append(f"| `{d.scenario}` | {d.family} | {d.description}{note} | {d.unit} | {raw} |")
    return lines


def replace_table(text: str, lines: list[str]) -> str:
    """text with the lines between BEGIN and END replaced; ValueError if the markers are not there once each."""
    rows = text.split("\n")
    if rows.count(BEGIN) != 1 or rows.count(END) < 1:
        raise ValueError(f"the table markers '{BEGIN}' ... '{END}' must stand alone on their lines, once")
    start = rows.index(BEGIN)
    try:
        end = rows.index(END, start)
    except ValueError:
        raise ValueError(f"no '{END}' after '{BEGIN}'") from None
    return "\n".join(rows[: start + 1] + lines + rows[end:])


def main(argv: list[str]) -> int:
    parser = Parser("scenarios", "fresh DESCRIBE_CSV | headline DESCRIBE_CSV | framed DESCRIBE_CSV [--only A,B] | "
                                 "table DESCRIBE_CSV DOC [--check]")
    parser.add_argument("what", choices=("fresh", "headline", "framed", "table"))
    parser.add_argument("describe")
    parser.add_argument("doc", nargs="?")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--only", default="")

    def run(a: argparse.Namespace) -> int:
        if ((a.what == "table") != (a.doc is not None) or (a.check and a.what != "table") or
                (a.only and a.what != "framed")):
            return parser.usage_error()
        return _scenarios(a)

    return parser.run(argv, run)


def _scenarios(a: argparse.Namespace) -> int:
    try:
        rows = read(a.describe)
    except CsvError as e:
        return fail("scenarios", e)
    if a.what == "fresh":
        print(" ".join(fresh(rows)))
        return 0
    if a.what == "headline":
        print(" ".join(w.scenario for w in shown(rows).workloads))
        return 0
    if a.what == "framed":
        print(",".join(framed(rows, [s for s in a.only.split(",") if s])))
        return 0
    path = a.doc
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new = replace_table(text, table_lines(rows))
    except (OSError, ValueError) as e:
        return fail("scenarios", f"{path}: {e}")
    if a.check:
        if new != text:
            return fail("scenarios",
                        f"{path}'s scenario table is not what the descriptors give (make docs rewrites it)")
        return 0
    if new != text:
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(new)
        os.replace(path + ".tmp", path)
    return 0

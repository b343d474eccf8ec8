"""The query-count series (scenarios/catalogue.h, QUERIES): a workload while Q cached queries it never iterates
exist, the series' base being Q = 0. What keeping them costs each design, and the Q from which the designs the
rule picks are others than at Q = 0.

The series come from the run's descriptors (scenarios.Catalogue.query_series); a series counts at N where its base
and at least one member were measured there.

Tables:
    queries N          a row per series and design: its time at Q = 0, then per Q its time at Q over its time at
                       Q = 0 (a ratio with its interval and mark)
    queries-picks N    a row per series and Q: the designs the rule picks there (wording.pick, as the first page
                       picks), whether one of the designs picked at Q = 0 is still among them, and on the series'
                       first row the lowest Q where none is (the choice flips), "none" where one always is: a
                       design that joins or leaves a set of designs not told apart is not a flip
"""

from .. import wording
from ..cells import CellKey
from .model import NotMeasured, Results, designs, ratio_text, standings

# A series measured at one N: its base, and [(Q, scenario)] from Q = 0.
Series = tuple[str, list[tuple[int, str]]]


def measured_series(res: Results, n: int) -> list[Series]:
    """The query-count series with their base and a member measured at n, each with its measured members."""
    out: list[Series] = []
    for base, members in res.catalogue.query_series:
        measured = [(q, sc) for q, sc in members if any((s, sc, n) in res.cells for s in designs(res))]
        if len(measured) > 1 and measured[0] == (0, base):
            out.append((base, measured))
    if not out:
        raise NotMeasured(f"no query-count series (a base and a member) was measured at n={n} in {res.shown_csv}")
    return out


def table_queries(res: Results, n: str) -> list[str]:
    series = measured_series(res, int(n))
    counts = sorted({q for _, members in series for q, _ in members if q})
    lines = ["| workload | design | Q = 0 " + "".join(f"| Q = {q} / Q = 0 " for q in counts) + "|",
             "|---|---|---:" + "|---:" * len(counts) + "|"]
    for base, members in series:
        by_count = dict(members)
        for s in designs(res):
            bottom = res.groups.get(CellKey(s, base, int(n), "warm"))
            if bottom is None:
                continue
            line = f"| `{base}` | {s} | {res.cell(s, base, n)}"
            for q in counts:
                top = res.groups.get(CellKey(s, by_count[q], int(n), "warm")) if q in by_count else None
                line += f" | {ratio_text(res.ratio(top, bottom), res.rule)}" if top else " | -"
            lines.append(line + " |")
    return lines


def table_queries_picks(res: Results, n: str) -> list[str]:
    lines = ["| workload | Q | picked | a pick of Q = 0 still picked | the choice flips at |", "|---|---:|---|---|---|"]
    for base, members in measured_series(res, int(n)):
        rows: list[tuple[int, str, frozenset[str]]] = []
        for q, scenario in members:
            standing = standings(res, scenario, int(n))
            names, _ = wording.leading(standing.figures, standing.compare, res.rule)
            rows.append((q, wording.leading_text(standing.figures, standing.compare, res.rule), frozenset(names)))
        first = rows[0][2]
        flip = next((f"Q = {q}" for q, _, picked in rows if not picked & first), "none")
        for k, (q, text, picked) in enumerate(rows):
            kept = "-" if k == 0 else "yes" if picked & first else "no"
            lines.append(f"| `{base}` | {q} | {text} | {kept} | {flip if k == 0 else ''} |")
    return lines

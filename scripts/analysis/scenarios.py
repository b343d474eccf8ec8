"""The scenarios' descriptors (scenarios/catalogue.h), as the bench binaries print them with --describe (one row per
implementation: a raw binary lists its baselines, a strategy's every scenario), and what is made from them: the
scenarios make bench also runs in fresh memory, the plot families in their order, and the scenario table of
docs/scenarios.md.

    python3 scripts/analysis scenarios fresh DESCRIBE_CSV          the names that also run with --memory fresh
    python3 scripts/analysis scenarios table DESCRIBE_CSV DOC     rewrites DOC's table between the markers
                                                                   "<!-- table: scenarios -->" and
                                                                   "<!-- end table -->" (--check: only says
                                                                   whether it would change, exit 1 if so)

DESCRIBE_CSV holds the rows of every binary (header once), as scripts/pipeline.sh writes scenarios.csv.
"""

import csvfile
from command import fail, usage

BEGIN = "<!-- table: scenarios -->"
END = "<!-- end table -->"


def read(path):
    return csvfile.read(path, "scenarios")


def catalogue(rows):
    """One descriptor per scenario, in catalogue order (the first binary that lists it gives its place), each with
    the raw baselines that implement it."""
    out = {}
    for r in rows:
        d = out.setdefault(r["scenario"], dict(r, raw=[]))
        if r["strategy"].startswith("raw"):
            d["raw"].append(r["strategy"])
            if d["strategy"].startswith("raw") and not r["strategy"].startswith("raw"):
                d.update(r)
    return list(out.values())


def ordered(rows):
    """The descriptors in report order: family by family, the families in the order they first appear in the
    catalogue, the scenarios of a family in catalogue order. A raw binary lists its baselines before a strategy
    lists the whole catalogue, so the order is taken from the strategies' rows where there are any."""
    designs = [r for r in rows if not r["strategy"].startswith("raw")]
    base = catalogue(designs + [r for r in rows if r["strategy"].startswith("raw")])
    families = []
    for d in base:
        if d["family"] not in families:
            families.append(d["family"])
    return sorted(base, key=lambda d: families.index(d["family"]))


def families(rows):
    """[(family, [scenario, ...])] in report order."""
    out = []
    for d in ordered(rows):
        if not out or out[-1][0] != d["family"]:
            out.append((d["family"], []))
        out[-1][1].append(d["scenario"])
    return out


def fresh(rows):
    return [d["scenario"] for d in catalogue(rows) if d["fresh"] == "1"]


def table_lines(rows):
    """The Markdown table of every scenario: its family, what it times, its unit, and its raw baselines."""
    lines = ["| scenario | family | workload | unit | raw baseline |", "|---|---|---|---|---|"]
    for d in ordered(rows):
        raw = ", ".join(sorted(d["raw"])) or "-"
        note = " (also in fresh memory)" if d["fresh"] == "1" else ""
        lines.append(f"| `{d['scenario']}` | {d['family']} | {d['description']}{note} | {d['unit']} | {raw} |")
    return lines


def replace_table(text, lines):
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


def main(argv):
    if len(argv) < 2 or argv[0] not in ("fresh", "table") or (argv[0] == "table" and len(argv) not in (3, 4)):
        return usage("scenarios fresh DESCRIBE_CSV | table DESCRIBE_CSV DOC [--check]")
    try:
        rows = read(argv[1])
    except csvfile.CsvError as e:
        return fail("scenarios", e)
    if argv[0] == "fresh":
        print(" ".join(fresh(rows)))
        return 0
    path, check = argv[2], argv[3:] == ["--check"]
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new = replace_table(text, table_lines(rows))
    except (OSError, ValueError) as e:
        return fail("scenarios", f"{path}: {e}")
    if check:
        if new != text:
            return fail("scenarios",
                        f"{path}'s scenario table is not what the descriptors give (make docs rewrites it)")
        return 0
    if new != text:
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(new)
        import os

        os.replace(path + ".tmp", path)
    return 0

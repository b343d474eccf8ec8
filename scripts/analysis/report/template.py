"""The Markdown template engine of a report: every `<!-- table: SPEC -->` ... `<!-- end table -->` block and every
`<!-- v: SPEC -->TEXT<!-- /v -->` figure (on one line; TEXT is replaced, the markers stay, and a Markdown reader
shows TEXT alone) regenerated from a run, the prose around them left as it is; in a run's own copy, a passage that
cites what the run did not measure replaced by a note naming it."""

import re
from typing import Callable

from .. import cells as cellmod
from ..files import CsvError
from .model import NotMeasured, Results, TableError
from .registry import table, value

_VALUE = re.compile(r"<!-- v: ([^>]*?) -->(.*?)<!-- /v -->")
_LINK = re.compile(r"\]\(([^)]*)\)")


def _values(res: Results, line: str, number: int, notes: bool, unmeasured: list[str]) -> str:
    """The line with every inline figure regenerated; with notes, the figures the run did not measure are left
    as they were and their specs added to unmeasured (a list)."""
    def one(m: re.Match[str]) -> str:
        try:
            text = value(res, m.group(1))
        except NotMeasured as e:
            if not notes:
                raise TableError(f"line {number}: figure \"{m.group(1)}\": {e}") from None
            unmeasured.append(m.group(1))
            return m.group(0)
        except (TableError, CsvError, cellmod.MergeError, KeyError, ValueError) as e:
            raise TableError(f"line {number}: figure \"{m.group(1)}\": {e}") from None
        return f"<!-- v: {m.group(1)} -->{text}<!-- /v -->"

    unclosed = _VALUE.sub("", line)
    if "<!-- v:" in unclosed or "<!-- /v -->" in unclosed:
        raise TableError(f"line {number}: an inline figure not closed on its line (<!-- v: SPEC -->TEXT<!-- /v -->)")
    return _VALUE.sub(one, line)


def refresh(res: Results, text: str, relink: Callable[[str], str] | None = None, notes: bool = False) -> str:
    """The report's text with every table block and inline figure regenerated; relink(target) rewrites link
    targets. With notes, a table or figure that asks for what the run did not measure says so in its place (a
    run's own copy of the report, from a run at other sizes); without, it is an error like any other
    (REPORT.md itself)."""
    out: list[str] = []
    skipping = False
    # index in out -> the specs of the figures on that line the run did not measure
    unmeasured: dict[int, list[str]] = {}
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        marker = re.fullmatch(r"<!-- table: (.*) -->", line)
        bare = line.strip()
        if bare != line and (bare == "<!-- end table -->" or re.fullmatch(r"<!-- table: (.*) -->", bare)):
            raise TableError(f"line {number}: a table marker with blanks around it ({line!r}): a marker stands "
                             "alone on its line, or its table would not be refreshed")
        if marker:
            if skipping:
                raise TableError(f"line {number}: a table block opens inside another")
            out.append(line)
            try:
                out.extend(table(res, marker.group(1)))
            except NotMeasured as e:
                if not notes:
                    raise TableError(f"line {number}: table \"{marker.group(1)}\": {e}") from None
                out.append(f"*Not measured in this run: {e}.*")
            except (TableError, CsvError, cellmod.MergeError, KeyError, ValueError) as e:
                raise TableError(f"line {number}: table \"{marker.group(1)}\": {e}") from None
            skipping = True
            continue
        if line == "<!-- end table -->":
            if not skipping:
                raise TableError(f"line {number}: an end of table with no table open")
            skipping = False
            out.append(line)
            continue
        if not skipping:
            missing: list[str] = []
            line = _values(res, line, number, notes, missing) if "<!-- " in line else line
            if missing:
                unmeasured[len(out)] = missing
            out.append(_relinked(line, relink) if relink else line)
    if skipping:
        raise TableError("a table block is not closed")
    return "\n".join(_without_unmeasured(out, unmeasured))


_ITEM = re.compile(r"^(\s*)([-*]|[0-9]+\.) ")


def _relinked(line: str, relink: Callable[[str], str]) -> str:
    return _LINK.sub(lambda m: "](" + relink(m.group(1)) + ")", line)


def _passage(out: list[str], at: int) -> tuple[int, int]:
    """(first, end) of the passage of out around line at: its paragraph, or its list item, or its table row."""
    def edge(line: str) -> bool:
        return line.strip() == "" or line.startswith(("#", "<!-- table:", "<!-- end table")) or line.startswith("|")

    if out[at].startswith("|"):
        return at, at + 1
    first = at
    while not _ITEM.match(out[first]) and first > 0 and not edge(out[first - 1]):
        first -= 1
    end = at + 1
    while end < len(out) and not edge(out[end]) and not _ITEM.match(out[end]):
        end += 1
    return first, end


def _without_unmeasured(out: list[str], unmeasured: dict[int, list[str]]) -> list[str]:
    """out with each passage that cites a figure the run did not measure replaced by a note naming them: a sentence
    cut around a missing figure would say something else, or nothing."""
    if not unmeasured:
        return out
    passages: dict[tuple[int, int], list[str]] = {}
    for at, specs in unmeasured.items():
        first, end = _passage(out, at)
        passages.setdefault((first, end), []).extend(specs)
    result: list[str] = []
    cursor = 0
    for (first, end), specs in sorted(passages.items()):
        if first < cursor:  # within a passage already replaced
            continue
        result.extend(out[cursor:first])
        named = "; ".join(dict.fromkeys(specs))
        if out[first].startswith("|"):
            cells = out[first].count("|") - 1
            result.append("| *not measured in this run* " + "| " * (cells - 1) + "|")
        else:
            item = _ITEM.match(out[first])
            lead = item.group(0) if item else ""
            result.append(f"{lead}*(Left out: this passage of REPORT.md cites figures this run did not measure: "
                          f"{named}.)*")
        cursor = end
    result.extend(out[cursor:])
    return result

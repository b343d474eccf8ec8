"""The pipeline's CSV files read by column name, for the shell tests (tests/pipeline.sh, tests/paired.sh,
tests/template.sh), so that a column added or moved neither breaks a check nor quietly makes it look at another.

    python3 tests/csvcheck.py count FILE [--where COND]...               the rows that meet every COND
    python3 tests/csvcheck.py column FILE NAME... [--where COND]...      their values, a row a line (tab-separated)
    python3 tests/csvcheck.py distinct FILE NAME... [--where COND]... [--per GROUP]
                                                                         how many different values (per GROUP: a
                                                                         line "GROUP_VALUE<TAB>COUNT" each)
    python3 tests/csvcheck.py sum FILE NAME [--where COND]...            the sum of a column
    python3 tests/csvcheck.py header FILE                                the column names, one a line
    python3 tests/csvcheck.py assert-all FILE COND... [--where COND]...  every row (that meets the --where) meets
                                                                         every COND (none does: it holds; count
                                                                         says whether there are any)
    python3 tests/csvcheck.py within FILE OTHER NAME... [--where COND]... [--other-where COND]...
                                                                         every row's values of NAME... are those of
                                                                         a row of OTHER
    python3 tests/csvcheck.py rewrite FILE [--row K | --where COND...] EDIT...
                                                                         the file with an edit (a value planted, a
                                                                         row dropped or cut short, columns swapped),
                                                                         on stdout

COND is NAME OP VALUE: OP = or != compares text (an empty VALUE: the value is empty, or not), < <= > >= compare
numbers (a value that is not one meets none), ~ and !~ search a regular expression (Python's, as awk's ~ does:
anchor it with ^ and $ to match the whole value). A VALUE @NAME is the row's value in column NAME. For example
    count results.csv --where memory=warm --where scenario=create
    assert-all results.csv 'time_lo_ns<=@time_ns' 'time_ns<=@time_hi_ns' 'stopped~^(ci|cap|budget)$'

rewrite's rows: all, or the K-th after the header (--row), or those that meet every --where (a selection that
meets no row is refused, so that a planted fault is never quietly absent). Its edits: --set NAME=VALUE, --add
NAME=NUMBER, --times NAME=FACTOR (printed %.7g), --drop (the rows), --drop-fields K (the rows' last K fields: a
malformed row), --swap-columns A,B (the two columns trade places, names and values), --no-header.

Every file is read by the analysis's reader (scripts/analysis/csvfile.py, with kind None): checked against its
folder's manifest.csv where that lists it, refused where a row has the wrong number of fields or there is no row
at all. A column a call names that the header lacks is refused by name. Exit status: 0 (the check holds), 1 (it
does not, or the file was refused: "csvcheck: FILE...: what" on stderr, a line for each of the first five rows that
fail), 2 (a wrong call). Typed as the analysis is (tests/analysis/test_csvcheck.py runs it):
    MYPYPATH=scripts mypy --config-file scripts/analysis/mypy.ini tests/csvcheck.py
"""

import argparse
import os
import re
import sys
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

# The analysis package (scripts/analysis) is the one home for reading these files: its reader, not a second one.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))

from analysis import csvfile, files  # noqa: E402 (after the import path is set)
from analysis.csvfile import Row  # noqa: E402
from analysis.files import CsvError  # noqa: E402

# The operators, the two-character ones first so that "<=" is not read as "<" followed by "=VALUE".
_OPERATORS = ("!=", "<=", ">=", "!~", "=", "<", ">", "~")
_CONDITION = re.compile(r"^(\w+)(" + "|".join(re.escape(op) for op in _OPERATORS) + r")(.*)$", re.S)
_INTEGER = re.compile(r"^-?[0-9]+$")


class Refused(Exception):
    """A call the files cannot answer (a column they lack, a selection that meets no row): exit status 1."""


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


_NUMERIC: dict[str, Callable[[float, float], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


@dataclass(frozen=True)
class Condition:
    """NAME OP VALUE, as given (text); other is the column VALUE names where it is @NAME."""
    text: str
    name: str
    op: str
    value: str
    other: str | None

    def columns(self) -> list[str]:
        return [self.name] + ([self.other] if self.other else [])

    def holds(self, row: Row) -> bool:
        left = row[self.name]
        right = row[self.other] if self.other else self.value
        if self.op == "=":
            return left == right
        if self.op == "!=":
            return left != right
        if self.op == "~":
            return re.search(right, left) is not None
        if self.op == "!~":
            return re.search(right, left) is None
        a, b = _number(left), _number(right)
        return a is not None and b is not None and _NUMERIC[self.op](a, b)


def condition(text: str) -> Condition:
    """The Condition of "NAME OP VALUE"; argparse.ArgumentTypeError where it is none (a usage error)."""
    match = _CONDITION.match(text)
    if not match:
        raise argparse.ArgumentTypeError(f'"{text}" is not NAME OP VALUE (OP one of {" ".join(_OPERATORS)})')
    name, op, value = match.groups()
    other = value[1:] if value.startswith("@") else None
    if other is not None and not re.fullmatch(r"\w+", other):
        raise argparse.ArgumentTypeError(f'"{text}": {value} names no column')
    if op in ("~", "!~"):
        if other is not None:
            raise argparse.ArgumentTypeError(f'"{text}": {op} takes a regular expression, not a column')
        try:
            re.compile(value)
        except re.error as e:
            raise argparse.ArgumentTypeError(f'"{text}": not a regular expression ({e})') from None
    return Condition(text, name, op, value, other)


@dataclass(frozen=True)
class Table:
    """A CSV file as read: its path, its column names in order, its rows."""
    path: str
    header: list[str]
    rows: list[Row]

    def need(self, names: Iterable[str]) -> None:
        """Refuses (CsvError, naming the file and the column) a column name the header lacks."""
        for name in names:
            if name not in self.header:
                raise CsvError(f'{self.path}:1: the header has no column "{name}" (it has {",".join(self.header)})')

    def select(self, where: Sequence[Condition]) -> list[tuple[int, Row]]:
        """[(row number, counted from 1 after the header, row)] of the rows that meet every condition."""
        self.need(name for c in where for name in c.columns())
        return [(k, row) for k, row in enumerate(self.rows, 1) if all(c.holds(row) for c in where)]


def read(path: str) -> Table:
    """The file through the analysis's reader (its form and manifest checked there). Raises CsvError."""
    rows = csvfile.read(path, None)
    return Table(path, list(rows[0]), rows)


def count(table: Table, where: Sequence[Condition]) -> int:
    return len(table.select(where))


def column(table: Table, names: Sequence[str], where: Sequence[Condition]) -> list[tuple[str, ...]]:
    """The values of the named columns in the rows that meet every condition, in the file's order."""
    table.need(names)
    return [tuple(row[name] for name in names) for _, row in table.select(where)]


def distinct(table: Table, names: Sequence[str], where: Sequence[Condition],
             per: str | None = None) -> list[tuple[str, int]]:
    """How many different value tuples the named columns hold in the rows that meet every condition: [("", N)],
    or with per a group column [(group value, N)] for each of its values, in the order first met."""
    table.need(list(names) + ([per] if per else []))
    groups: dict[str, set[tuple[str, ...]]] = {}
    for _, row in table.select(where):
        groups.setdefault(row[per] if per else "", set()).add(tuple(row[name] for name in names))
    if not per:
        return [("", len(groups.get("", set())))]
    return [(group, len(values)) for group, values in groups.items()]


def total(table: Table, name: str, where: Sequence[Condition]) -> str:
    """The sum of a numeric column over the rows that meet every condition: whole where every value is, else %.7g.
    Raises CsvError at a value that is not a number."""
    table.need([name])
    whole = 0
    fraction = 0.0
    exact = True
    for k, row in table.select(where):
        value = row[name]
        if _INTEGER.match(value):
            whole += int(value)
            continue
        number = _number(value)
        if number is None:
            raise CsvError(f'{table.path}: row {k}: column {name} has "{value}", not a number')
        fraction += number
        exact = False
    return str(whole) if exact else f"{whole + fraction:.7g}"


def _show(row: Row, names: Iterable[str]) -> str:
    return ", ".join(f"{name}={row[name]}" for name in dict.fromkeys(names))


def failures(table: Table, conditions: Sequence[Condition], where: Sequence[Condition]) -> list[str]:
    """A line for every row that meets every where condition but not every condition: "FILE: row K: COND does not
    hold (NAME=VALUE, ...)"."""
    table.need(name for c in conditions for name in c.columns())
    out = []
    for k, row in table.select(where):
        for c in conditions:
            if not c.holds(row):
                out.append(f"{table.path}: row {k}: {c.text} does not hold ({_show(row, c.columns())})")
    return out


def missing(table: Table, other: Table, names: Sequence[str], where: Sequence[Condition],
            other_where: Sequence[Condition]) -> list[str]:
    """A line for every row of table (meeting where) whose values of the named columns no row of other (meeting
    other_where) has."""
    table.need(names)
    other.need(names)
    found = {tuple(row[name] for name in names) for _, row in other.select(other_where)}
    place = other.path + "".join(f" where {c.text}" for c in other_where)
    return [f"{table.path}: row {k}: {_show(row, names)} is not in {place}"
            for k, row in table.select(where) if tuple(row[name] for name in names) not in found]


@dataclass(frozen=True)
class Edits:
    """What rewrite changes: in the selected rows (row: the K-th; else those that meet where, or all), values set
    (set), added to (add) or multiplied (times), the rows dropped or cut short by drop_fields fields; in the whole
    file, two columns swapped and the header left out."""
    row: int | None = None
    where: tuple[Condition, ...] = ()
    set: tuple[tuple[str, str], ...] = ()
    add: tuple[tuple[str, str], ...] = ()
    times: tuple[tuple[str, str], ...] = ()
    drop: bool = False
    drop_fields: int = 0
    swap: tuple[str, str] | None = None
    no_header: bool = False


def _arithmetic(table: Table, k: int, name: str, value: str, operand: str, add: bool) -> str:
    a, b = _number(value), _number(operand)
    if a is None or b is None:
        raise CsvError(f'{table.path}: row {k}: column {name} has "{value}", not a number '
                       f'(or {operand} is none)')
    if add and _INTEGER.match(value) and _INTEGER.match(operand):
        return str(int(value) + int(operand))
    return f"{a + b if add else a * b:.7g}"


def rewrite(table: Table, edits: Edits) -> list[str]:
    """The lines of the file with the edits made (files.render's CSV, a newline after each). Raises Refused where
    a selection meets no row."""
    changed = [name for name, _ in edits.set + edits.add + edits.times]
    table.need(changed + list(edits.swap or ()))
    if edits.row is not None:
        if not 1 <= edits.row <= len(table.rows):
            raise Refused(f"{table.path}: no row {edits.row} (the file has {len(table.rows)})")
        chosen = {edits.row}
    else:
        chosen = {k for k, _ in table.select(edits.where)}
        if edits.where and not chosen:
            raise Refused(f"{table.path}: no row where {' and '.join(c.text for c in edits.where)}")
    columns = list(table.header)
    if edits.swap:
        a, b = columns.index(edits.swap[0]), columns.index(edits.swap[1])
        columns[a], columns[b] = columns[b], columns[a]
    records: list[files.Record] = []
    for k, original in enumerate(table.rows, 1):
        if k not in chosen:
            records.append(original)
            continue
        if edits.drop:
            continue
        row = dict(original)
        for name, value in edits.set:
            row[name] = value
        for name, operand in edits.add:
            row[name] = _arithmetic(table, k, name, row[name], operand, add=True)
        for name, factor in edits.times:
            row[name] = _arithmetic(table, k, name, row[name], factor, add=False)
        fields = [row[name] for name in columns]
        records.append(fields[:len(fields) - edits.drop_fields] if edits.drop_fields else row)
    lines = files.render(columns, records)
    return lines[1:] if edits.no_header else lines


def _assignment(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not re.fullmatch(r"\w+", name):
        raise argparse.ArgumentTypeError(f'"{text}" is not NAME=VALUE')
    return name, value


def _pair(text: str) -> tuple[str, str]:
    a, sep, b = text.partition(",")
    if not sep or not a or not b or a == b:
        raise argparse.ArgumentTypeError(f'"{text}" is not two column names A,B')
    return a, b


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python3 tests/csvcheck.py",
                                     description="The pipeline's CSV files read by column name (see the module's "
                                                 "docstring).")
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name: str, help: str, file_only: bool = False) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help)
        sub.add_argument("file")
        if not file_only:
            sub.add_argument("--where", type=condition, action="append", default=[], metavar="COND",
                             help="only the rows that meet COND (NAME OP VALUE)")
        return sub

    command("count", "the rows that meet every COND")
    command("column", "their values of the columns named").add_argument("names", nargs="+", metavar="NAME")
    sub = command("distinct", "how many different values the columns named hold")
    sub.add_argument("names", nargs="+", metavar="NAME")
    sub.add_argument("--per", metavar="GROUP", help="counted in each group of rows with one GROUP value")
    command("sum", "the sum of a column").add_argument("name")
    command("header", "the column names, one a line", file_only=True)
    command("assert-all", "every row meets every COND").add_argument("conditions", nargs="+", type=condition,
                                                                     metavar="COND")
    sub = command("within", "every row's values of NAME... are a row's of OTHER")
    sub.add_argument("other")
    sub.add_argument("names", nargs="+", metavar="NAME")
    sub.add_argument("--other-where", type=condition, action="append", default=[], metavar="COND")
    sub = command("rewrite", "the file with its edits, on stdout")
    sub.add_argument("--row", type=int, metavar="K", help="the K-th row after the header alone")
    sub.add_argument("--set", type=_assignment, action="append", default=[], metavar="NAME=VALUE")
    sub.add_argument("--add", type=_assignment, action="append", default=[], metavar="NAME=NUMBER")
    sub.add_argument("--times", type=_assignment, action="append", default=[], metavar="NAME=FACTOR")
    sub.add_argument("--drop", action="store_true", help="leaves the rows out")
    sub.add_argument("--drop-fields", type=int, default=0, metavar="K", help="the rows' last K fields left out")
    sub.add_argument("--swap-columns", type=_pair, metavar="A,B")
    sub.add_argument("--no-header", action="store_true")
    return parser


def _work(a: argparse.Namespace) -> tuple[list[str], list[str]]:
    """(lines for stdout, lines of failure for stderr) of a parsed call. Raises CsvError or Refused."""
    table = read(a.file)
    if a.command == "count":
        return [str(count(table, a.where))], []
    if a.command == "column":
        return ["\t".join(values) for values in column(table, a.names, a.where)], []
    if a.command == "distinct":
        counted = distinct(table, a.names, a.where, a.per)
        return [f"{group}\t{n}" if a.per else str(n) for group, n in counted], []
    if a.command == "sum":
        return [total(table, a.name, a.where)], []
    if a.command == "header":
        return list(table.header), []
    if a.command == "assert-all":
        return [], failures(table, a.conditions, a.where)
    if a.command == "within":
        return [], missing(table, read(a.other), a.names, a.where, a.other_where)
    if a.row is not None and a.where:
        raise Refused("rewrite takes --row or --where, not both")
    if a.drop and a.row is None and not a.where:
        raise Refused("rewrite --drop needs the rows to drop (--row or --where)")
    edits = Edits(row=a.row, where=tuple(a.where), set=tuple(a.set), add=tuple(a.add), times=tuple(a.times),
                  drop=a.drop, drop_fields=a.drop_fields, swap=a.swap_columns, no_header=a.no_header)
    return ["".join(rewrite(table, edits))], []


def main(argv: list[str]) -> int:
    arguments = _parser().parse_args(argv)
    try:
        out, failed = _work(arguments)
    except (CsvError, Refused) as e:
        print(f"csvcheck: {e}", file=sys.stderr)
        return 1
    if out:
        text = "\n".join(out)
        sys.stdout.write(text if arguments.command == "rewrite" else text + "\n")
    # The first few failures are enough to see what broke; the count says how far it goes.
    for line in failed[:5]:
        print(f"csvcheck: {line}", file=sys.stderr)
    if len(failed) > 5:
        print(f"csvcheck: ... and {len(failed) - 5} more", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        status = main(sys.argv[1:])
        sys.stdout.flush()
    except BrokenPipeError:
        # A reader that stops early (head -n 1) has what it wanted: not a failure of the check.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    sys.exit(status)

"""tests/csvcheck.py, the shell tests' reader of the pipeline's CSV files: every answer taken by column name (the
same from a file with its columns reordered), a column it lacks refused by name, every check able to fail."""

import argparse
import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from support import SCRIPTS, TempDir, make_run

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TESTS)

import csvcheck  # noqa: E402 (after the import path is set)
from analysis import csvfile  # noqa: E402

COLUMNS = ["strategy", "scenario", "n", "memory", "time_ns", "time_lo_ns", "time_hi_ns", "raw_ratio", "stopped",
           "layout_seed"]
ROWS = [
    ["raw", "create", "1024", "warm", "5", "4", "6", "", "ci", "01"],
    ["a", "create", "1024", "fresh", "10", "9", "11", "2", "cap", "02"],
    ["a", "simple_iter", "1000", "warm", "7", "6.5", "7.5", "1.4", "budget", "03"],
    ["a~aa", "simple_iter", "1024", "warm", "7.1", "7", "7.2", "1.42", "ci", "04"],
]


def table_text(columns: list[str], rows: list[list[str]]) -> str:
    return ",".join(columns) + "\n" + "".join(",".join(row) + "\n" for row in rows)


class Cli(TempDir):
    """Runs csvcheck.main as the shell does, with its output and status."""

    def write_table(self, name: str, columns: list[str] = COLUMNS, rows: list[list[str]] = ROWS) -> str:
        return self.write(name, table_text(columns, rows))

    def reordered(self, name: str, rows: list[list[str]] = ROWS) -> str:
        """The table with its columns in the reverse order (values kept under their names)."""
        order = list(reversed(range(len(COLUMNS))))
        return self.write_table(name, [COLUMNS[i] for i in order], [[row[i] for i in order] for row in rows])

    def cli(self, *args: object) -> tuple[int | str | None, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status: int | str | None = csvcheck.main([str(a) for a in args])
            except SystemExit as e:
                status = e.code
        return status, out.getvalue(), err.getvalue()

    def answer(self, *args: object) -> str:
        status, out, err = self.cli(*args)
        self.assertEqual(status, 0, err)
        return out


class Conditions(unittest.TestCase):
    def test_the_operators_are_told_apart(self) -> None:
        row = {"n": "1024", "s": "create", "e": "", "lo": "1000"}
        holds = {"n=1024": True, "n!=1024": False, "n<=1024": True, "n<1024": False, "n>=1024": True,
                 "n>1000": True, "n>@lo": True, "n<@lo": False, "s~^cre": True, "s!~ate$": False, "e=": True,
                 "e!=": False, "s=create": True, "s=@s": True}
        for text, expected in holds.items():
            c = csvcheck.condition(text)
            self.assertEqual(c.holds(row), expected, text)
        self.assertEqual(csvcheck.condition("n<=5").op, "<=")
        self.assertEqual(csvcheck.condition("n>@lo").other, "lo")

    def test_a_comparison_of_numbers_fails_on_text(self) -> None:
        c = csvcheck.condition("time_ns<=5")
        self.assertFalse(c.holds({"time_ns": "fast"}))
        self.assertFalse(c.holds({"time_ns": ""}))

    def test_a_value_may_hold_an_operator(self) -> None:
        c = csvcheck.condition("strategy=sparse~aa")
        self.assertEqual((c.name, c.op, c.value), ("strategy", "=", "sparse~aa"))
        self.assertTrue(c.holds({"strategy": "sparse~aa"}))

    def test_what_is_no_condition_is_a_usage_error(self) -> None:
        for text in ("strategy", "=raw", "n<@", "s~(", "s~@other"):
            with self.assertRaises(argparse.ArgumentTypeError, msg=text):
                csvcheck.condition(text)


class Answers(Cli):
    def test_count_column_distinct_sum_header(self) -> None:
        path = self.write_table("r.csv")
        self.assertEqual(self.answer("count", path), "4\n")
        self.assertEqual(self.answer("count", path, "--where", "memory=warm", "--where", "scenario=create"), "1\n")
        self.assertEqual(self.answer("count", path, "--where", "n>1000"), "3\n")
        self.assertEqual(self.answer("column", path, "scenario", "--where", "memory=fresh"), "create\n")
        self.assertEqual(self.answer("column", path, "strategy", "n", "--where", "scenario=simple_iter"),
                         "a\t1000\na~aa\t1024\n")
        self.assertEqual(self.answer("column", path, "n", "--where", "scenario=nothing"), "")
        self.assertEqual(self.answer("distinct", path, "scenario"), "2\n")
        self.assertEqual(self.answer("distinct", path, "scenario", "n"), "3\n")
        self.assertEqual(self.answer("distinct", path, "scenario", "--per", "strategy"), "raw\t1\na\t2\na~aa\t1\n")
        self.assertEqual(self.answer("sum", path, "n"), "4072\n")
        self.assertEqual(self.answer("sum", path, "time_ns"), "29.1\n")
        self.assertEqual(self.answer("header", path), "\n".join(COLUMNS) + "\n")

    def test_a_reordered_file_gives_the_same_answers(self) -> None:
        path, moved = self.write_table("r.csv"), self.reordered("moved.csv")
        calls = [("count", "--where", "memory=warm", "--where", "scenario=create"),
                 ("count", "--where", "n>1000"),
                 ("column", "strategy", "n", "--where", "scenario=simple_iter"),
                 ("distinct", "scenario", "--per", "strategy"),
                 ("sum", "time_ns"),
                 ("assert-all", "time_lo_ns<=@time_ns", "time_ns<=@time_hi_ns", "stopped~^(ci|cap|budget)$"),
                 ("assert-all", "raw_ratio!=")]
        for command, *rest in calls:
            status, out, err = self.cli(command, moved, *rest)
            self.assertEqual(self.cli(command, path, *rest), (status, out, err.replace(moved, path)), command)
        self.assertEqual(self.answer("within", path, moved, "strategy", "scenario", "n", "time_ns"), "")
        self.assertEqual(self.answer("within", moved, path, "strategy", "scenario", "n", "time_ns"), "")
        # rewritten, each file keeps its own order, and the same rows by name
        written = self.write("w.csv", self.answer("rewrite", moved, "--row", "2", "--set", "stopped=x"))
        self.assertEqual(csvfile.read(written, None),
                         csvfile.read(self.write("v.csv", self.answer("rewrite", path, "--row", "2", "--set",
                                                                      "stopped=x")), None))

    def test_a_reordered_file_with_a_value_changed_does_not_pass(self) -> None:
        # the same reordering, with a's fresh time moved outside its interval: the check that held now fails
        rows = [list(row) for row in ROWS]
        rows[1][COLUMNS.index("time_ns")] = "12"
        moved = self.reordered("moved.csv", rows)
        status, _, err = self.cli("assert-all", moved, "time_lo_ns<=@time_ns", "time_ns<=@time_hi_ns")
        self.assertEqual(status, 1)
        self.assertIn(f"{moved}: row 2: time_ns<=@time_hi_ns does not hold (time_ns=12, time_hi_ns=11)", err)
        self.assertEqual(self.answer("count", moved, "--where", "time_ns>11"), "1\n")

    def test_a_missing_column_is_refused_by_name(self) -> None:
        path = self.write_table("r.csv")
        calls = [("count", path, "--where", "machine_id=x"),
                 ("column", path, "strategy", "machine_id"),
                 ("distinct", path, "strategy", "--per", "machine_id"),
                 ("sum", path, "machine_id"),
                 ("assert-all", path, "time_ns<=@machine_id"),
                 ("within", path, path, "machine_id"),
                 ("rewrite", path, "--set", "machine_id=x"),
                 ("rewrite", path, "--swap-columns", "time_ns,machine_id")]
        for call in calls:
            status, out, err = self.cli(*call)
            self.assertEqual((status, out), (1, ""), call)
            self.assertIn(f'csvcheck: {path}:1: the header has no column "machine_id"', err, call)

    def test_a_malformed_file_is_refused_by_the_analysis_reader(self) -> None:
        short = self.write("short.csv", table_text(COLUMNS, [ROWS[0], ROWS[1][:-2]]))
        status, out, err = self.cli("count", short)
        self.assertEqual((status, out), (1, ""))
        self.assertIn(f"{short}:3: 8 fields where the header has 10", err)
        status, _, err = self.cli("count", self.write("empty.csv", table_text(COLUMNS, [])))
        self.assertEqual(status, 1)

    def test_a_file_its_manifest_lists_is_checked_against_it(self) -> None:
        run = make_run(self.path("run"))
        results = os.path.join(run, "results.csv")
        rows = int(self.answer("count", results))
        self.assertGreater(rows, 0)
        with open(results, encoding="utf-8") as f:
            first = f.read().splitlines()[1]
        with open(results, "a", encoding="utf-8") as f:
            f.write(first + "\n")
        status, _, err = self.cli("count", results)
        self.assertEqual(status, 1)
        self.assertIn("where manifest.csv recorded", err)

    def test_a_wrong_call_is_a_usage_error(self) -> None:
        path = self.write_table("r.csv")
        for call in [(), ("count",), ("nothing", path), ("count", path, "--where", "strategy"),
                     ("rewrite", path, "--set", "novalue"), ("rewrite", path, "--swap-columns", "time_ns")]:
            self.assertEqual(self.cli(*call)[0], 2, call)


class Checks(Cli):
    def test_assert_all_holds_and_fails(self) -> None:
        path = self.write_table("r.csv")
        self.assertEqual(self.cli("assert-all", path, "time_lo_ns<=@time_ns", "time_ns<=@time_hi_ns"), (0, "", ""))
        self.assertEqual(self.cli("assert-all", path, "raw_ratio!=", "--where", "strategy!=raw")[0], 0)
        status, _, err = self.cli("assert-all", path, "raw_ratio!=")
        self.assertEqual(status, 1)
        self.assertIn(f"{path}: row 1: raw_ratio!= does not hold (raw_ratio=)", err)
        status, _, err = self.cli("assert-all", path, "stopped=ci")
        self.assertEqual(status, 1)
        self.assertEqual(err.count("does not hold"), 2)
        # no row meets the --where: nothing to check (the shell counts the rows where that matters)
        self.assertEqual(self.cli("assert-all", path, "stopped=x", "--where", "strategy=none")[0], 0)

    def test_within_holds_and_fails(self) -> None:
        path = self.write_table("r.csv")
        self.assertEqual(self.cli("within", path, path, "strategy", "--other-where", "scenario~.")[0], 0)
        status, _, err = self.cli("within", path, path, "strategy", "--where", "memory=warm",
                                  "--other-where", "scenario=simple_iter")
        self.assertEqual(status, 1)
        self.assertIn(f"{path}: row 1: strategy=raw is not in {path} where scenario=simple_iter", err)
        # a value that differs between the two files is not found
        rows = [list(row) for row in ROWS]
        rows[3][COLUMNS.index("time_ns")] = "7.2"
        other = self.reordered("other.csv", rows)
        status, _, err = self.cli("within", path, other, "strategy", "time_ns")
        self.assertEqual(status, 1)
        self.assertIn("row 4: strategy=a~aa, time_ns=7.1 is not in", err)


class Rewrite(Cli):
    def read_back(self, text: str) -> list[csvfile.Row]:
        return csvfile.read(self.write("back.csv", text), None)

    def test_a_value_planted_in_one_row(self) -> None:
        path = self.write_table("r.csv")
        rows = self.read_back(self.answer("rewrite", path, "--row", "2", "--set", "layout_seed=bad"))
        self.assertEqual([r["layout_seed"] for r in rows], ["01", "bad", "03", "04"])
        rows = self.read_back(self.answer("rewrite", path, "--where", "strategy=a", "--set", "stopped=x"))
        self.assertEqual([r["stopped"] for r in rows], ["ci", "x", "x", "ci"])

    def test_a_selection_that_meets_no_row_is_refused(self) -> None:
        path = self.write_table("r.csv")
        for call in [("--row", "5", "--set", "stopped=x"), ("--row", "0", "--set", "stopped=x"),
                     ("--where", "strategy=none", "--drop"), ("--drop",), ("--row", "1", "--where", "n=1", "--drop")]:
            status, out, err = self.cli("rewrite", path, *call)
            self.assertEqual((status, out), (1, ""), call)
            self.assertIn("csvcheck: ", err)

    def test_arithmetic(self) -> None:
        path = self.write_table("r.csv")
        rows = self.read_back(self.answer("rewrite", path, "--times", "time_ns=2", "--times", "time_lo_ns=2"))
        self.assertEqual([r["time_ns"] for r in rows], ["10", "20", "14", "14.2"])
        self.assertEqual([r["time_lo_ns"] for r in rows], ["8", "18", "13", "14"])
        self.assertEqual(self.read_back(self.answer("rewrite", path, "--times", "time_ns=0.3333333333"))[0]["time_ns"],
                         "1.666667")
        rows = self.read_back(self.answer("rewrite", path, "--where", "strategy=raw", "--add", "n=-1"))
        self.assertEqual([r["n"] for r in rows], ["1023", "1024", "1000", "1024"])
        status, _, err = self.cli("rewrite", path, "--add", "strategy=1")
        self.assertEqual(status, 1)
        self.assertIn('row 1: column strategy has "raw", not a number', err)

    def test_dropped_rows_a_short_row_and_no_header(self) -> None:
        path = self.write_table("r.csv")
        rows = self.read_back(self.answer("rewrite", path, "--where", "strategy=a", "--drop"))
        self.assertEqual([r["strategy"] for r in rows], ["raw", "a~aa"])
        short = self.answer("rewrite", path, "--row", "2", "--drop-fields", "2").splitlines()
        self.assertEqual(short[2], ",".join(ROWS[1][:-2]))
        self.assertEqual(short[1], ",".join(ROWS[0]))
        self.assertEqual(self.answer("rewrite", path, "--no-header"), table_text(COLUMNS, ROWS).split("\n", 1)[1])

    def test_swapped_columns_keep_their_values(self) -> None:
        path = self.write_table("r.csv")
        text = self.answer("rewrite", path, "--swap-columns", "time_ns,stopped")
        self.assertEqual(text.splitlines()[0].split(","),
                         [c if c not in ("time_ns", "stopped") else {"time_ns": "stopped", "stopped": "time_ns"}[c]
                          for c in COLUMNS])
        self.assertEqual(self.read_back(text), csvfile.read(path, None))


class Types(unittest.TestCase):
    @unittest.skipUnless(shutil.which("mypy"), "mypy is not installed (scripts/setup.sh test installs it)")
    def test_the_module_passes_mypy(self) -> None:
        # The analysis's settings (scripts/analysis/mypy.ini); a cache of its own, so that no run leaves one here.
        with tempfile.TemporaryDirectory() as cache:
            p = subprocess.run(["mypy", "--config-file", os.path.join(SCRIPTS, "analysis", "mypy.ini"),
                                "--cache-dir", cache, os.path.join(TESTS, "csvcheck.py")],
                               capture_output=True, text=True, env=dict(os.environ, MYPYPATH=SCRIPTS))
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)


if __name__ == "__main__":
    unittest.main()

"""The readers of a published run: summary, report and compare read columns by name, need the run's manifest, and
refuse a row written twice."""

import contextlib
import csv
import io
import os
import unittest
from typing import Callable

from support import TempDir, make_run, present, run_cli, snapshot
from analysis import compare, csvfile, manifest, report, summary


def said(function: Callable[[list[str]], int], *args: list[str]) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of a command's main()."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = function(*args)
    return code, out.getvalue(), err.getvalue()


def swap_columns(path: str, a: str, b: str) -> None:
    """Rewrites a CSV file with columns a and b trading places (header and every row)."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    i, j = rows[0].index(a), rows[0].index(b)
    for row in rows:
        row[i], row[j] = row[j], row[i]
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


TABLES = ("# R\n<!-- table: iter simple_iter raw-soa 1024 -->\n<!-- end table -->\n"
          "<!-- table: ops 1024 simple_iter,add_remove raw -->\n<!-- end table -->\n"
          "<!-- table: aa -->\n<!-- end table -->\n<!-- table: precision -->\n<!-- end table -->\n")


class ByName(TempDir):
    def test_columns_in_another_order_give_the_same_summary_report_and_comparison(self) -> None:
        first = make_run(self.path("first"))
        second = make_run(self.path("second"))
        path = os.path.join(second, "results.csv")
        swap_columns(path, "time_ns", "min_ns")
        manifest.record(second, ["results.csv"])
        with open(path, encoding="utf-8") as f:
            header = f.readline().rstrip("\n").split(",")
        self.assertEqual(header.index("min_ns"), 9)  # time_ns's place in the original
        self.assertNotEqual(present(snapshot(first))["results.csv"], present(snapshot(second))["results.csv"])
        # min_ns is not the time: a reader by position would print other figures
        rows = csvfile.read(path, "results")
        self.assertNotEqual(rows[0]["time_ns"], rows[0]["min_ns"])

        one = said(summary.main, [os.path.join(first, "results.csv")])
        two = said(summary.main, [path])
        self.assertEqual(one[0], 0)
        self.assertIn("simple_iter            1024 b               -                        1.500 [1.471, 1.530]",
                      one[1])
        self.assertEqual(one[:2], two[:2])

        tables = [report.refresh(report.Results(os.path.join(d, "results.csv")), TABLES) for d in (first, second)]
        self.assertEqual(tables[0], tables[1])
        self.assertIn("| b | - | 1.50 [1.47, 1.53] | 1.50x", tables[0])

        with open(os.path.join(second, "metadata.csv"), encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(second, "metadata.csv"), "w", encoding="utf-8") as f:
            f.write(text.replace("test-machine", "other-machine"))
        manifest.record(second, ["metadata.csv"])
        self.assertEqual(said(compare.main, [self.path("cmp.csv"), first, second])[0], 0)
        by_machine: dict[str, list[tuple[str, str, str]]] = {}
        for r in csvfile.read(self.path("cmp.csv"), None):
            by_machine.setdefault(r["machine_id"], []).append((r["strategy"], r["scenario"], r["x_floor"]))
        self.assertEqual(by_machine["test-machine"], by_machine["other-machine"])

    def test_compare_marks_a_quick_run(self) -> None:
        first = make_run(self.path("full"))
        quick = make_run(self.path("quick"), machine="other-machine", quick=True)
        code, out, _ = said(compare.main, [self.path("cmp.csv"), first, quick])
        self.assertEqual(code, 0)
        lines = out.splitlines()
        self.assertIn("other-machine QUICK", lines[0])
        self.assertNotIn("test-machine QUICK", lines[0])
        self.assertTrue(lines[-1].startswith("QUICK: other-machine is a QUICK run"), lines[-1])
        self.assertFalse([line for line in lines if line.startswith("*:")])  # every row at one N


class Published(TempDir):
    def test_summary_needs_the_manifest(self) -> None:
        run = make_run(self.path("run"), record=False)
        code, out, err = said(summary.main, [os.path.join(run, "results.csv")])
        self.assertEqual((code, out), (1, ""))
        self.assertEqual(err, f"summary: {run}/results.csv: {run} has no manifest.csv: not a complete published "
                              "run\n")

    def test_summary_refuses_a_results_file_cut_short(self) -> None:
        run = make_run(self.path("run"))
        path = os.path.join(run, "results.csv")
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(lines[:-1])
        code, out, err = said(summary.main, [path])
        self.assertEqual((code, out), (1, ""))
        self.assertEqual(err, f"summary: {path}: 5 rows where manifest.csv recorded 6: the file was cut short or "
                              "edited after it was written\n")

    def test_a_row_written_twice_is_refused_even_when_recorded(self) -> None:
        """One extra row of a cell (here b simple_iter 1024 at another time) must not be taken for the cell."""
        run = make_run(self.path("run"))
        other = make_run(self.path("other"), machine="other-machine")
        path = os.path.join(run, "results.csv")
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        extra = lines[5].replace(",1.5,", ",99.84,", 1)
        self.assertTrue(extra.startswith("b,simple_iter,1024,") and extra != lines[5])
        with open(path, "a", encoding="utf-8") as f:
            f.write(extra)
        manifest.record(run, ["results.csv"])
        expected = (f"{path}:8: a second row for strategy=b scenario=simple_iter n=1024 memory=warm: line 6 has the "
                    "same strategy, scenario, n, memory")
        self.assertEqual(said(summary.main, [path])[2], f"summary: {expected}\n")
        code, _, err = said(compare.main, [self.path("cmp.csv"), run, other])
        self.assertEqual((code, err), (1, f"compare-machines: {expected}\n"))
        self.assertFalse(os.path.exists(self.path("cmp.csv")))
        self.assertEqual(sorted(os.listdir(self.dir)), ["other", "run"])


class CompareArguments(TempDir):
    def setUp(self) -> None:
        super().setUp()
        self.a = make_run(self.path("results", "a"))
        self.b = make_run(self.path("results", "b"), machine="other-machine", scale=2)
        self.before = snapshot(self.dir)

    def refused(self, argv: list[str], what: str) -> None:
        code, out, err = run_cli("compare", *argv)
        self.assertEqual((code, out), (2, ""), err)
        self.assertIn(what, err)
        self.assertIn("usage: python3 -m analysis compare OUT_CSV RESULTS_DIR...", err)
        self.assertEqual(snapshot(self.dir), self.before)  # nothing written, no .partial left

    def test_the_output_file_forgotten(self) -> None:
        self.refused([self.a, self.b], f"OUT_CSV {self.a} is a directory: the output file comes first")

    def test_an_output_that_is_not_csv(self) -> None:
        self.refused([self.path("cmp.txt"), self.a, self.b], "OUT_CSV must be a file name ending in .csv")

    def test_an_output_inside_a_compared_folder(self) -> None:
        self.refused([os.path.join(self.b, "cmp.csv"), self.a, self.b],
                     f"OUT_CSV {self.b}/cmp.csv is inside the compared folder {self.b}")
        self.refused([os.path.join(self.a, "plots", "cmp.csv"), self.a, self.b], "is inside the compared folder")

    def test_an_output_folder_that_does_not_exist(self) -> None:
        self.refused([self.path("nowhere", "cmp.csv"), self.a, self.b], "does not exist")

    def test_a_folder_named_twice(self) -> None:
        self.refused([self.path("cmp.csv"), self.a, self.a + "/"], "is named twice")

    def test_two_folders_of_one_machine(self) -> None:
        c = make_run(self.path("results", "c"))
        code, _, err = run_cli("compare", self.path("cmp.csv"), self.a, c)
        self.assertEqual(code, 1)
        self.assertIn(f"{c}/metadata.csv: machine_id test-machine again", err)
        self.assertFalse(os.path.exists(self.path("cmp.csv")))

    def test_a_good_comparison(self) -> None:
        code, out, err = run_cli("compare", self.path("cmp.csv"), self.a, self.b)
        self.assertEqual(code, 0, err)
        rows = csvfile.read(self.path("cmp.csv"), None)
        self.assertEqual(len(rows), 12)
        # twice as slow across the board: the same figures relative to each machine's floor
        x = {(r["machine_id"], r["strategy"], r["scenario"]): r["x_floor"] for r in rows}
        self.assertEqual(x[("test-machine", "a", "simple_iter")], "2.000")
        self.assertEqual(x[("other-machine", "a", "simple_iter")], "2.000")
        self.assertIn("\nsimple_iter          b                          1.500x @1024           1.500x @1024\n", out)
        self.assertIn("\nadd_remove           a                         31.972x @1024          31.972x @1024\n", out)


if __name__ == "__main__":
    unittest.main()

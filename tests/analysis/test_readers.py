"""The readers of a published run: summary, report and compare read columns by name, need the run's manifest, and
refuse a row written twice."""

import contextlib
import csv
import io
import os
import unittest

from support import TempDir, make_run, snapshot
import compare
import csvfile
import manifest
import report
import summary


def said(function, *args):
    """(exit status, stdout, stderr) of a command's main()."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = function(*args)
    return code, out.getvalue(), err.getvalue()


def swap_columns(path, a, b):
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
    def test_columns_in_another_order_give_the_same_summary_report_and_comparison(self):
        first = make_run(self.path("first"))
        second = make_run(self.path("second"))
        path = os.path.join(second, "results.csv")
        swap_columns(path, "median_ns", "min_ns")
        manifest.record(second, ["results.csv"])
        with open(path, encoding="utf-8") as f:
            header = f.readline().rstrip("\n").split(",")
        self.assertEqual(header.index("min_ns"), 9)  # median_ns's place in the original
        self.assertNotEqual(snapshot(first)["results.csv"], snapshot(second)["results.csv"])
        # min_ns is not the median: a reader by position would print other figures
        rows = csvfile.read(path, "results")
        self.assertNotEqual(rows[0]["median_ns"], rows[0]["min_ns"])

        one = said(summary.main, [os.path.join(first, "results.csv")])
        two = said(summary.main, [path])
        self.assertEqual(one[0], 0)
        self.assertIn("simple_iter            1024 b               -                        1.500 [1.470, 1.530]",
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
        by_machine = {}
        for r in csvfile.read(self.path("cmp.csv"), None):
            by_machine.setdefault(r["machine_id"], []).append((r["strategy"], r["scenario"], r["x_floor"]))
        self.assertEqual(by_machine["test-machine"], by_machine["other-machine"])


class Published(TempDir):
    def test_summary_needs_the_manifest(self):
        run = make_run(self.path("run"), record=False)
        code, out, err = said(summary.main, [os.path.join(run, "results.csv")])
        self.assertEqual((code, out), (1, ""))
        self.assertEqual(err, f"summary: {run}/results.csv: {run} has no manifest.csv: not a complete published "
                              "run\n")

    def test_summary_refuses_a_results_file_cut_short(self):
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

    def test_a_row_written_twice_is_refused_even_when_recorded(self):
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


if __name__ == "__main__":
    unittest.main()

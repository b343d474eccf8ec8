"""The whole-process cross-check: a figure only where the extra work lengthened the median process."""

import contextlib
import io
import os
import tempfile
import unittest

import support  # noqa: F401 (puts the package on the import path)
from analysis import crosscheck, csvfile


def export(folder: str, name: str, rows: list[tuple[str, float]]) -> None:
    with open(os.path.join(folder, f"bench-{name}.csv"), "w", encoding="utf-8") as f:
        f.write("command,mean,stddev,median,user,system,min,max\n")
        for command, median in rows:
            f.write(f"{command},{median},0,{median},0,0,{median},{median}\n")


class WholeProcess(unittest.TestCase):
    def test_the_extra_work_per_unit_is_the_difference_of_the_medians(self) -> None:
        self.assertAlmostEqual(support.present(crosscheck.whole_process(0.010, 0.012, 1000)), 2000.0)

    def test_extra_work_within_the_noise_has_no_figure(self) -> None:
        self.assertIsNone(crosscheck.whole_process(0.012, 0.012, 1000))
        self.assertIsNone(crosscheck.whole_process(0.012, 0.011, 1000))

    def test_join_leaves_the_figure_and_ratio_empty_where_the_extra_work_is_under_the_noise(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            export(d, "a", [("x base", 0.012), ("x plus 10", 0.011), ("y base", 0.010), ("y plus 10", 0.011)])
            plan = [crosscheck.Planned("a", "x", "2", "10", "5", "entity"),
                    crosscheck.Planned("a", "y", "2", "10", "5", "entity")]
            out = os.path.join(d, "crosscheck.csv")
            with contextlib.redirect_stdout(io.StringIO()) as printed:
                self.assertEqual(crosscheck.join(plan, d, 100, 3, out), 0)
            rows = {r["scenario"]: r for r in csvfile.read(out, "crosscheck")}
            self.assertEqual((rows["x"]["whole_process_ns"], rows["x"]["ratio"]), ("", ""))
            self.assertAlmostEqual(float(rows["y"]["whole_process_ns"]), 0.001 * 1e9 / 2000)
            self.assertNotIn("-0.", printed.getvalue())
            self.assertIn("under noise", printed.getvalue())


    def test_a_negative_whole_process_figure_is_refused_where_read(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "crosscheck.csv")
            with open(path, "w", encoding="utf-8") as f:
                f.write(",".join(crosscheck.COLUMNS) + "\na,x,8,entity,1000,50,2,-1.28,-0.64,5\n")
            with self.assertRaises(csvfile.CsvError) as e:
                csvfile.read(path, "crosscheck")
            self.assertIn("whole_process_ns", str(e.exception))


if __name__ == "__main__":
    unittest.main()

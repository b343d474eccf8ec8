"""The run summary's flag for cells far slower than every other design's, and its verdicts on the cross-check and
the machine's load."""

import contextlib
import io
import os
import unittest

import support
from analysis import manifest, summary


def row(strategy: str, scenario: str, n: int, time: float, memory: str = "warm",
        unit: str = "pair") -> dict[str, str]:
    return {"strategy": strategy, "scenario": scenario, "n": str(n), "time_ns": str(time), "memory": memory,
            "unit": unit}


class OutlierLines(unittest.TestCase):
    def test_a_cell_orders_of_magnitude_slower_than_every_other_design_is_flagged(self) -> None:
        rows = [row("raw-soa", "add_remove", 1024, 1), row("archetype", "add_remove", 1024, 27),
                row("sparse", "add_remove", 1024, 15), row("mine", "add_remove", 1024, 125000)]
        lines = summary.outlier_lines(rows)
        self.assertEqual(len(lines), 1)
        self.assertIn("outlier: mine add_remove n=1024", lines[0])
        self.assertIn("4630x", lines[0])

    def test_variants_of_one_design_and_raw_do_not_count_as_other_designs(self) -> None:
        # bitmask-cached is bitmask's variant: only sparse is another design, and 50 ns is not 10x its 40.
        rows = [row("raw-soa", "simple_iter", 4096, 0.001), row("bitmask", "simple_iter", 4096, 50),
                row("bitmask-cached", "simple_iter", 4096, 1), row("sparse", "simple_iter", 4096, 40)]
        self.assertEqual(summary.outlier_lines(rows)[0][:9], "outliers:")

    def test_cells_are_compared_within_their_scenario_n_and_memory(self) -> None:
        rows = [row("archetype", "create", 1024, 30), row("sparse", "create", 1024, 20),
                row("archetype", "create", 1024, 900, memory="fresh"), row("sparse", "create", 1024, 25, "fresh"),
                row("sparse", "create", 4096, 2000)]
        lines = summary.outlier_lines(rows)
        self.assertEqual(lines, ["outlier: archetype create@fresh n=1024: 900 ns per pair, 36x the slowest other "
                                 "design's 25 ns"])

    def test_the_design_of_a_variant(self) -> None:
        self.assertEqual(summary.design_of("sparse-filter"), "sparse")
        self.assertEqual(summary.design_of("archetype~aa"), "archetype")
        self.assertEqual(summary.design_of("raw-aos"), "raw")


if __name__ == "__main__":
    unittest.main()


class Verdicts(support.TempDir):
    """The cross-check and the machine's load are judged in the summary, not only printed."""

    def test_the_cross_check_is_judged(self) -> None:
        run = support.make_run(self.path("run"))
        lines = summary.crosscheck_lines(run)
        self.assertEqual(lines, ["cross-check: 2 of 2 whole-process / in-process ratios within [0.8, 1.25] (from "
                                 "1.00 to 1.05; crosscheck.csv)"])
        with open(os.path.join(run, "crosscheck.csv"), "a", encoding="utf-8") as f:
            f.write("b,add_remove,1024,pair,1,50,30,90,3.00,5\n")
        manifest.record(run, ["crosscheck.csv"])
        lines = summary.crosscheck_lines(run)
        self.assertTrue(lines[0].startswith("cross-check: 2 of 3"), lines)
        self.assertTrue(lines[1].startswith("WARNING: the cross-check disagrees in 1 cells (b add_remove n=1024 "
                                            "3.00x)"), lines)

    def test_a_busy_machine_is_warned_of(self) -> None:
        quiet = self.write("quiet.csv", "key,value\nloadavg_start,0.50 0.4 0.3\nloadavg_end,1.10 1 1\ncores,2\n")
        busy = self.write("busy.csv", "key,value\nloadavg_start,0.50 0.4 0.3\nloadavg_end,11.0 9 8\ncores,2\n")
        self.assertEqual(len(summary.machine_lines(quiet)), 1)
        lines = summary.machine_lines(busy)
        self.assertIn("load average 0.5 when the run started, 11 when its measuring ended (2 CPUs)", lines[0])
        unknown = self.write("unknown.csv", "key,value\nloadavg_start,unknown\nloadavg_end,unknown\ncores,2\n")
        self.assertEqual(summary.machine_lines(unknown), [])
        self.assertTrue(lines[1].startswith("WARNING: the machine was busy (load average 11 on 2 CPUs)"), lines)

    def test_steal_time_is_reported_and_warned_of(self) -> None:
        meta = ("key,value\nloadavg_start,0.50 0.4 0.3\nloadavg_end,0.6 1 1\ncores,2\nbench_seconds,100\n"
                "steal_ms_start,1000\nsteal_ms_end,{}\n")
        lines = summary.machine_lines(self.write("little.csv", meta.format(3000)))
        self.assertEqual(lines[1], "machine: 2.0 s of steal time while measuring (1.0% of its 2 CPUs' time): the "
                                   "host ran something else on them")
        self.assertEqual(len(lines), 2)
        lines = summary.machine_lines(self.write("much.csv", meta.format(21000)))
        self.assertTrue(lines[2].startswith("WARNING: neighbours on the host took 10.0%"), lines)

    def test_a_quick_runs_summary_says_so_first_and_last(self) -> None:
        quick = support.make_run(self.path("quick"), quick=True)
        with contextlib.redirect_stdout(io.StringIO()) as out:
            self.assertEqual(summary.main([os.path.join(quick, "results.csv")]), 0)
        lines = out.getvalue().splitlines()
        self.assertEqual((lines[0], lines[-1]), (summary.QUICK_BANNER, summary.QUICK_BANNER))
        full = support.make_run(self.path("full"))
        with contextlib.redirect_stdout(io.StringIO()) as out:
            self.assertEqual(summary.main([os.path.join(full, "results.csv")]), 0)
        self.assertNotIn("QUICK", out.getvalue())

    def test_single_run_samples_of_a_short_run_are_flagged(self) -> None:
        # a run of 1024 entities at 1.5 ns lasts 1.5 us: a sample of one run is a miscalibration; at 3000 ns a run
        # lasts 3 ms, longer than the 2 ms asked for, and one run per sample is right
        rows = [support.run_row("a", "simple_iter", 1024, 1.5), support.run_row("a", "simple_iter", 1024, 1.5),
                support.run_row("b", "create", 1024, 3000)]
        rows = [r.replace(",5,10,", ",5,1,", 1) for r in rows[1:]] + rows[:1]
        self.runs("runs.csv", rows)
        self.write("metadata.csv", "key,value\nbench_options,--reps 5 --target-ms 2\n")
        manifest.record(self.dir, ["runs.csv", "metadata.csv"])
        lines = summary.calibration_lines(self.dir)
        self.assertEqual(len(lines), 1, lines)
        self.assertIn("in 1 cells some process took samples of one run", lines[0])
        self.assertIn("a simple_iter n=1024 (1)", lines[0])
        self.assertNotIn("create", lines[0])

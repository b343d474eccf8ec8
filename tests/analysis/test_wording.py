"""The words a report chooses from its data: planted figures give the sentences they must, and a run whose result
is changed changes the report's sentence with it."""

import os
import unittest

from support import TempDir, run_row
import report
import results
import wording

BAND = 0.1  # an A/A band of +/-10%: a ratio counts as a difference outside [1/1.1, 1.1]


class Outcomes(unittest.TestCase):
    def test_the_band_decides(self):
        self.assertEqual(wording.outcome(0.5, 0.9, BAND), wording.LOWER)
        self.assertEqual(wording.outcome(0.5, 0.95, BAND), wording.SAME)  # reaches into the band
        self.assertEqual(wording.outcome(1.05, 1.2, BAND), wording.SAME)
        self.assertEqual(wording.outcome(1.11, 1.2, BAND), wording.HIGHER)
        self.assertEqual(wording.compare(0.7, 0.6, 0.8, BAND), "faster than")
        self.assertEqual(wording.compare(1.0, 0.95, 1.05, BAND), "not separable from")
        self.assertEqual(wording.compare(1.3, 1.2, 1.4, BAND), "slower than")

    def test_across_sizes(self):
        faster = [(1024, 0.5, 0.45, 0.55), (4096, 0.6, 0.55, 0.65)]
        self.assertEqual(wording.across(faster, BAND),
                         "faster at every N measured (2^10 to 2^12; 0.60x [0.55, 0.65] at 2^12)")
        mixed = faster + [(16384, 1.0, 0.9, 1.1), (65536, 1.3, 1.2, 1.4)]
        self.assertEqual(wording.across(mixed, BAND), "faster at 2^10 to 2^12, not separable at 2^14, slower at 2^16 "
                                                      "(1.30x [1.20, 1.40] at 2^16)")
        with self.assertRaises(ValueError):
            wording.across([], BAND)

    def test_claims(self):
        confirmed = [(1000, 0.5, 0.45, 0.55), (1024, 0.6, 0.55, 0.65)]
        self.assertEqual(wording.claim(confirmed, BAND),
                         "**confirmed** at every N measured (1000 to 2^10; 0.60x [0.55, 0.65] at 2^10)")
        self.assertTrue(wording.claim([(1024, 1.5, 1.4, 1.6)], BAND).startswith("**reversed** at every N measured"))
        self.assertTrue(wording.claim([(1024, 1.0, 0.8, 1.2)], BAND).startswith("**not resolved** at any N measured"))
        # the outcome that holds at most sizes leads
        mixed = [(1024, 1.0, 0.8, 1.2), (4096, 0.5, 0.4, 0.6), (16384, 0.5, 0.4, 0.6), (65536, 1.5, 1.4, 1.6)]
        self.assertEqual(wording.claim(mixed, BAND), "**confirmed at 2^12 to 2^14**, reversed at 2^16, not resolved "
                                                     "at 2^10 (1.50x [1.40, 1.60] at 2^16)")

    def test_a_claim_of_parity(self):
        points = [(1024, 1.5, 1.4, 1.6), (4096, 1.0, 0.95, 1.05), (16384, 0.8, 0.7, 0.85)]
        self.assertEqual(wording.claim(points, BAND, wording.PAR),
                         "**confirmed at 2^12 to 2^14**, refuted at 2^10 (0.80x [0.70, 0.85] at 2^14)")
        self.assertTrue(wording.claim(points[1:], BAND, wording.PAR).startswith("**confirmed** at every N measured"))

    def test_long_ties_are_counted(self):
        self.assertEqual(wording.listing(["a"]), "a")
        self.assertEqual(wording.listing(["a", "b", "c"]), "a, b and c")
        self.assertEqual(wording.listing(list("abcdefg")), "a, b, c, d and 3 more")

    def test_leader_and_ranking(self):
        figures = [("a", 1.0, 0.9, 1.1), ("b", 1.05, 1.0, 1.1), ("c", 3.0, 2.9, 3.1)]
        ratios = [None, (1.05, 0.95, 1.15), (3.0, 2.8, 3.2)]
        self.assertEqual(wording.leader(figures, ratios, BAND),
                         "`a` (1.00 [0.90, 1.10]), which the run cannot separate from `b` (1.05x [0.95, 1.15])")
        self.assertEqual(wording.leader(figures[:1], ratios[:1], BAND), "`a` (1.00 [0.90, 1.10])")
        self.assertEqual(wording.ranking(figures, ratios, BAND),
                         "`a` 1.00 [0.90, 1.10]; `b` 1.05x [0.95, 1.15] (not separable); `c` 3.00x [2.80, 3.20]")

    def test_leaders_by_size(self):
        def at(n, b_ratio):
            return n, [("a", 1.0, 0.9, 1.1), ("b", b_ratio[0], 1.0, 1.1)], [None, b_ratio]
        clear, tied = (3.0, 2.8, 3.2), (1.05, 0.95, 1.15)
        self.assertEqual(wording.leaders([at(1024, clear), at(4096, clear)], BAND), "`a` at every N measured (2^10 to 2^12)")
        # the tied designs are named alphabetically, whichever has the lower median
        swapped = (4096, [("b", 1.0, 0.9, 1.1), ("a", 1.05, 1.0, 1.1)], [None, tied])
        self.assertEqual(wording.leaders([at(1024, clear), at(2048, tied), swapped], BAND),
                         "`a` at 2^10; `a` and `b` (not separable) at 2^11 to 2^12")


class PlantedResult(TempDir):
    """A run where design a is faster than b at 2^10 and 2^12, then the same run with one result changed."""

    SENTENCE = ("On `add_remove`, `a` is <!-- v: compare a add_remove 2^12 / b -->?<!-- /v --> `b`: the claim is "
                "<!-- v: claim a add_remove / b -->?<!-- /v -->; the leader is <!-- v: fastest add_remove 2^12 -->?"
                "<!-- /v -->.")

    def publish(self, b_at_4096):
        """A published run of its own (a folder per run, as make bench writes them)."""
        folder = f"run-{b_at_4096}"
        os.mkdir(self.path(folder))
        rows = []
        for k, v in enumerate([1.0, 1.02, 0.98, 1.01, 0.99, 1.0, 1.01]):
            seed = f"{k + 1:016x}"
            for name, n, t in (("a", 1024, 10), ("a", 4096, 10), ("b", 1024, 20), ("b", 4096, b_at_4096),
                               ("a~aa", 1024, 10), ("a~aa", 4096, 10)):
                rows.append(run_row(name, "add_remove", n, t * v, checksum="0cd", seed=seed, unit="pair"))
        self.runs(f"{folder}/runs.csv", rows)
        self.write(f"{folder}/metadata.csv", "key,value\nmachine_id,test-machine\nbench_min_procs,5\n"
                                             "bench_max_procs,7\nbench_target_ci,0.03\n")
        self.assertEqual(results.main([self.path(folder)]), 0)
        self.record("metadata.csv", "runs.csv", "results.csv", "results.json", directory=self.path(folder))
        return report.Results(self.path(folder, "results.csv"))

    def test_the_sentence_follows_the_data(self):
        res = self.publish(b_at_4096=20)
        said = report.refresh(res, self.SENTENCE)
        self.assertIn("`a` is <!-- v: compare a add_remove 2^12 / b -->faster than<!-- /v --> `b`", said)
        self.assertIn("-->**confirmed** at every N measured (2^10 to 2^12; 0.50x", said)
        self.assertIn("<!-- v: fastest add_remove 2^12 -->`a` (10.0 [", said)
        # b made faster than a at 2^12 (and the leader there), equal to a nowhere: the words change with it
        res = self.publish(b_at_4096=5)
        said = report.refresh(res, self.SENTENCE)
        self.assertIn("`a` is <!-- v: compare a add_remove 2^12 / b -->slower than<!-- /v --> `b`", said)
        self.assertIn("-->**confirmed at 2^10**, reversed at 2^12 (2.00x", said)
        self.assertIn("<!-- v: fastest add_remove 2^12 -->`b` (5.01 [", said)
        # and where the two cannot be told apart, the report says so
        res = self.publish(b_at_4096=10)
        said = report.refresh(res, self.SENTENCE)
        self.assertIn("-->not separable from<!-- /v -->", said)
        self.assertIn("which the run cannot separate from `b`", said)

    def test_symbolic_sizes_are_the_runs_own(self):
        res = self.publish(b_at_4096=20)
        self.assertEqual(report.value(res, "size max"), "2^12")
        self.assertEqual(report.value(res, "cell a add_remove max"), report.value(res, "cell a add_remove 4096"))
        self.assertEqual(report.sizes_of(res, "meta bench_max_n"), "meta bench_max_n")  # a word that holds "max"
        with self.assertRaises(report.NotMeasured):
            report.value(res, "size fixed")  # this run's metadata has no fixed_n

    def test_specs_that_do_not_parse_or_were_not_measured(self):
        res = self.publish(b_at_4096=20)
        for spec in ("claim a add_remove 2^12 / b", "across a / b", "fastest add_remove", "compare a add_remove / b"):
            with self.assertRaises(report.TableError, msg=spec):
                report.value(res, spec)
        for spec in ("claim a create / b", "fastest add_remove 2^14", "across a add_remove / c"):
            with self.assertRaises(report.NotMeasured, msg=spec):
                report.value(res, spec)


if __name__ == "__main__":
    unittest.main()

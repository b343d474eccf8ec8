"""The words a report chooses from its data: planted figures give the sentences they must, and a run whose result
is changed changes the report's sentence with it."""

import os
import unittest

from support import TempDir, run_row
from analysis import report, results, stats, wording

def c(ratio, low, high, df=9):
    return stats.Comparison(ratio, low, high, df)


# A rule that calls a difference at p <= 0.05 (no comparison besides), with the 3% margin.
RULE = stats.Rule(0.05, 1)
FAST, SAME, TIE, SLOW = c(0.7, 0.6, 0.8), c(1.0, 0.99, 1.01), c(1.0, 0.9, 1.1), c(1.3, 1.2, 1.4)


class Outcomes(unittest.TestCase):
    def test_each_outcome_has_its_words(self):
        self.assertEqual([RULE.outcome(x) for x in (FAST, SAME, TIE, SLOW)],
                         [stats.FASTER, stats.EQUIVALENT, stats.INCONCLUSIVE, stats.SLOWER])
        self.assertEqual([wording.compare(x, RULE) for x in (FAST, SAME, TIE, SLOW)],
                         ["faster than", "equivalent to", "not told apart from", "slower than"])
        # the threshold is the family's: a rule over a family in which nothing differed calls nothing a difference
        self.assertEqual(wording.compare(SLOW, stats.Rule(None, 10)), "not told apart from")

    def test_across_sizes(self):
        faster = [(1024, c(0.5, 0.45, 0.55)), (4096, c(0.6, 0.55, 0.65))]
        self.assertEqual(wording.across(faster, RULE),
                         "faster at every N measured (2^10 to 2^12; 0.60x [0.55, 0.65] at 2^12)")
        mixed = faster + [(16384, TIE), (32768, SAME), (65536, SLOW)]
        self.assertEqual(wording.across(mixed, RULE), "faster at 2^10 to 2^12, inconclusive at 2^14, equivalent at "
                                                      "2^15, slower at 2^16 (1.30x [1.20, 1.40] at 2^16)")
        with self.assertRaises(ValueError):
            wording.across([], RULE)

    def test_claims(self):
        confirmed = [(1000, c(0.5, 0.45, 0.55)), (1024, c(0.6, 0.55, 0.65))]
        self.assertEqual(wording.claim(confirmed, RULE),
                         "**confirmed** at every N measured (1000 to 2^10; 0.60x [0.55, 0.65] at 2^10)")
        self.assertTrue(wording.claim([(1024, SLOW)], RULE).startswith("**reversed** at every N measured"))
        self.assertTrue(wording.claim([(1024, TIE)], RULE).startswith("**not resolved** at any N measured"))
        # an equivalence refutes a claim of a difference
        self.assertTrue(wording.claim([(1024, SAME)], RULE).startswith("**refuted (equivalent)** at every N"))
        # the outcome that holds at most sizes leads
        mixed = [(1024, TIE), (4096, c(0.5, 0.4, 0.6)), (16384, c(0.5, 0.4, 0.6)), (65536, SLOW)]
        self.assertEqual(wording.claim(mixed, RULE), "**confirmed at 2^12 to 2^14**, reversed at 2^16, not resolved "
                                                     "at 2^10 (1.30x [1.20, 1.40] at 2^16)")

    def test_a_claim_of_parity_needs_an_equivalence(self):
        points = [(1024, SLOW), (4096, SAME), (16384, SAME)]
        self.assertEqual(wording.claim(points, RULE, wording.PAR),
                         "**confirmed at 2^12 to 2^14**, refuted at 2^10 (1.00x [0.99, 1.01] at 2^14)")
        # an interval that holds 1 but is wider than the margin does not confirm parity
        self.assertTrue(wording.claim([(1024, TIE)], RULE, wording.PAR).startswith("**not resolved** at any N"))
        self.assertTrue(wording.claim([(1024, FAST)], RULE, wording.PAR).startswith("**confirmed (faster)** at every"))

    def test_long_ties_are_counted(self):
        self.assertEqual(wording.listing(["a"]), "a")
        self.assertEqual(wording.listing(["a", "b", "c"]), "a, b and c")
        self.assertEqual(wording.listing(list("abcdefg")), "a, b, c, d and 3 more")

    def test_leader_and_ranking(self):
        figures = [("a", 1.0, 0.9, 1.1), ("b", 1.0, 0.9, 1.1), ("c", 1.05, 1.0, 1.1), ("d", 3.0, 2.9, 3.1)]
        ratios = [None, SAME, c(1.05, 0.95, 1.15), c(3.0, 2.8, 3.2)]
        self.assertEqual(wording.leader(figures, ratios, RULE),
                         "`a` (1.00 [0.90, 1.10]); equivalent: `b` (1.00x [0.99, 1.01]); inconclusive: `c` (1.05x "
                         "[0.95, 1.15])")
        self.assertEqual(wording.leader(figures[:1], ratios[:1], RULE), "`a` (1.00 [0.90, 1.10])")
        self.assertEqual(wording.ranking(figures, ratios, RULE),
                         "`a` 1.00 [0.90, 1.10]; `b` 1.00x [0.99, 1.01] (equivalent); `c` 1.05x [0.95, 1.15] "
                         "(inconclusive); `d` 3.00x [2.80, 3.20]")

    def test_leaders_by_size(self):
        def at(n, b_ratio):
            return n, [("a", 1.0, 0.9, 1.1), ("b", b_ratio[0], 1.0, 1.1)], [None, b_ratio]
        clear = c(3.0, 2.8, 3.2)
        self.assertEqual(wording.leaders([at(1024, clear), at(4096, clear)], RULE),
                         "`a` at every N measured (2^10 to 2^12)")
        # the leading designs are named alphabetically, whichever has the lower time
        swapped = (4096, [("b", 1.0, 0.9, 1.1), ("a", 1.05, 1.0, 1.1)], [None, TIE])
        self.assertEqual(wording.leaders([at(1024, clear), at(2048, TIE), swapped, at(8192, SAME)], RULE),
                         "`a` at 2^10; `a` and `b` (not told apart) at 2^11 to 2^12; `a` and `b` (equivalent) at 2^13")


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
        # and where the two are the same design, the report says how close
        res = self.publish(b_at_4096=10)
        said = report.refresh(res, self.SENTENCE)
        self.assertIn("-->equivalent to<!-- /v -->", said)
        self.assertIn("; equivalent: `b`", said)

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

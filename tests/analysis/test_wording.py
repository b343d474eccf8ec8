"""The words a report chooses from its data: planted figures give the sentences they must, and a run whose result
is changed changes the report's sentence with it."""

import math
import os
import random
import unittest

from support import TempDir, inverse, planted_standing, run_row
from analysis import report, results, stats, wording


def c(ratio: float, low: float, high: float, df: float = 9) -> stats.Comparison:
    return stats.Comparison(ratio, low, high, df)


def planted(ratio: float, se: float, df: float = 9) -> stats.Comparison:
    """A comparison of ratio whose log has the standard error se, with its 95% interval from Student's t."""
    t = stats.t_quantile(0.975, df)
    return stats.Comparison(ratio, ratio * math.exp(-t * se), ratio * math.exp(t * se), df)


# A rule that calls a difference at p <= 0.05 (no comparison besides), with the 3% margin.
RULE = stats.Rule(0.05, 1)
FAST, SAME, TIE, SLOW = c(0.7, 0.6, 0.8), c(1.0, 0.99, 1.01), c(1.0, 0.9, 1.1), c(1.3, 1.2, 1.4)


class Outcomes(unittest.TestCase):
    def test_each_outcome_has_its_words(self) -> None:
        self.assertEqual([RULE.outcome(x) for x in (FAST, SAME, TIE, SLOW)],
                         [stats.FASTER, stats.EQUIVALENT, stats.INCONCLUSIVE, stats.SLOWER])
        self.assertEqual([wording.compare(x, RULE) for x in (FAST, SAME, TIE, SLOW)],
                         ["faster than", "equivalent to", "not told apart from", "slower than"])
        # the threshold is the family's: a rule over a family in which nothing differed calls nothing a difference
        self.assertEqual(wording.compare(SLOW, stats.Rule(None, 10)), "not told apart from")

    def test_across_sizes(self) -> None:
        faster = [(1024, c(0.5, 0.45, 0.55)), (4096, c(0.6, 0.55, 0.65))]
        self.assertEqual(wording.across(faster, RULE),
                         "faster at every N measured (2^10 to 2^12; 0.60x [0.55, 0.65] at 2^12)")
        mixed = faster + [(16384, TIE), (32768, SAME), (65536, SLOW)]
        self.assertEqual(wording.across(mixed, RULE), "faster at 2^10 to 2^12, inconclusive at 2^14, equivalent at "
                                                      "2^15, slower at 2^16 (1.30x [1.20, 1.40] at 2^16)")
        with self.assertRaises(ValueError):
            wording.across([], RULE)

    def test_claims(self) -> None:
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

    def test_a_claim_of_parity_needs_an_equivalence(self) -> None:
        points = [(1024, SLOW), (4096, SAME), (16384, SAME)]
        self.assertEqual(wording.claim(points, RULE, wording.PAR),
                         "**confirmed at 2^12 to 2^14**, refuted at 2^10 (1.00x [0.99, 1.01] at 2^14)")
        # an interval that holds 1 but is wider than the margin does not confirm parity
        self.assertTrue(wording.claim([(1024, TIE)], RULE, wording.PAR).startswith("**not resolved** at any N"))
        self.assertTrue(wording.claim([(1024, FAST)], RULE, wording.PAR).startswith("**confirmed (faster)** at every"))

    def test_long_ties_are_counted(self) -> None:
        self.assertEqual(wording.listing(["a"]), "a")
        self.assertEqual(wording.listing(["a", "b", "c"]), "a, b and c")
        self.assertEqual(wording.listing(list("abcdefg")), "a, b, c, d and 3 more")

    def test_leader_and_ranking(self) -> None:
        figures, compare = planted_standing([("a", None), ("b", SAME), ("c", c(1.05, 0.95, 1.15)),
                                             ("d", c(3.0, 2.8, 3.2))])
        self.assertEqual(wording.leader(figures, compare, RULE),
                         "`a` (1.00 [0.90, 1.10]); equivalent: `b` (1.00x [0.99, 1.01]); inconclusive: `c` (1.05x "
                         "[0.95, 1.15])")
        self.assertEqual(wording.leader(figures[:1], compare, RULE), "`a` (1.00 [0.90, 1.10])")
        self.assertEqual(wording.ranking(figures, compare, RULE),
                         "`a` 1.00 [0.90, 1.10]; `b` 1.00x [0.99, 1.01] (equivalent); `c` 1.05x [0.95, 1.15] "
                         "(inconclusive); `d` 3.00x [2.80, 3.20]")

    def test_leaders_by_size(self) -> None:
        def at(n: int, b_ratio: stats.Comparison) -> tuple[int, list[wording.Figure], wording.Pairwise]:
            return (n, *planted_standing([("a", None), ("b", b_ratio)]))
        clear = c(3.0, 2.8, 3.2)
        self.assertEqual(wording.leaders([at(1024, clear), at(4096, clear)], RULE),
                         "`a` at every N measured (2^10 to 2^12)")
        # the leading designs are named alphabetically, whichever has the lower time
        swapped = (4096, *planted_standing([("b", None), ("a", TIE)]))
        self.assertEqual(wording.leaders([at(1024, clear), at(2048, TIE), swapped, at(8192, SAME)], RULE),
                         "`a` at 2^10; `a` and `b` (not told apart) at 2^11 to 2^12; `a` and `b` (equivalent) at 2^13")


class Picks(unittest.TestCase):
    """The pick by practical equivalence (wording.pick): planted standings whose comparisons of any two designs are
    given, the fastest first."""

    # A family large enough that a comparison needs p <= 0.001 to be called a difference.
    FAMILY = stats.Rule(0.001, 1000)

    def test_an_equivalence_chain_is_followed_past_a_difference_beyond_the_margin(self) -> None:
        # a ~ b and b ~ c (2% apart, equivalent within 3%), c found 4% slower than a, beyond the margin; d 20%
        near, far = planted(1.02, 0.005), planted(1.0404, 0.004)
        self.assertEqual([self.FAMILY.outcome(near), self.FAMILY.slower_beyond_margin(far)], [stats.EQUIVALENT, True])
        figures, compare = planted_standing([("a", None), ("b", near), ("c", far), ("d", planted(1.2, 0.01))],
                                            {("c", "b"): near})
        self.assertEqual(wording.pick(figures, compare, self.FAMILY), wording.Pick([0, 1, 2], stats.EQUIVALENT, 3))
        self.assertEqual(wording.leading_text(figures, compare, self.FAMILY), "`a`, `b` and `c` (equivalent)")
        self.assertEqual(wording.leader(figures, compare, self.FAMILY),
                         "`a` (1.00 [0.90, 1.10]); equivalent: `b` (1.02x [1.01, 1.03]); equivalent to `b`: `c` "
                         "(1.04x [1.03, 1.05])")

    def test_a_lead_found_but_under_the_margin_is_not_a_single_pick(self) -> None:
        # b is 0.67% slower than a, a difference the rule finds (1.01x [1.00, 1.01]) but not one beyond 3%
        slight = planted(1.0067, 0.0012)
        self.assertEqual(RULE.outcome(slight), stats.SLOWER)
        figures, compare = planted_standing([("a", None), ("b", slight), ("c", planted(1.3, 0.01))])
        self.assertEqual(wording.pick(figures, compare, RULE), wording.Pick([0, 1], wording.NOT_TOLD_APART, 2))
        self.assertEqual(wording.leading_text(figures, compare, RULE), "`a` and `b` (not told apart)")
        self.assertEqual(wording.leader(figures, compare, RULE),
                         "`a` (1.00 [0.90, 1.10]); slower, not shown beyond the margin: `b` (1.01x [1.00, 1.01])")
        # only where every other design is found slower by more than the margin is one design ahead
        figures, compare = planted_standing([("a", None), ("b", planted(1.05, 0.0095)), ("c", planted(1.3, 0.01))])
        self.assertEqual(wording.pick(figures, compare, RULE), wording.Pick([0], "", 1))
        self.assertEqual(wording.leading_text(figures, compare, RULE), "`a`")

    def test_a_design_equivalent_to_a_leader_other_than_the_fastest_is_picked(self) -> None:
        # b is not told apart from a; c is found 6% slower than a, but is equivalent to b
        figures, compare = planted_standing([("a", None), ("b", c(1.05, 0.98, 1.12)), ("c", planted(1.06, 0.004)),
                                             ("d", planted(1.5, 0.01))], {("c", "b"): planted(1.0, 0.005)})
        self.assertEqual(wording.pick(figures, compare, RULE), wording.Pick([0, 1, 2], wording.NOT_TOLD_APART, 3))
        self.assertEqual(wording.leader(figures, compare, RULE),
                         "`a` (1.00 [0.90, 1.10]); inconclusive: `b` (1.05x [0.98, 1.12]); equivalent to `b`: `c` "
                         "(1.06x [1.05, 1.07])")

    def test_co_picks_equivalent_to_each_other_alone_are_not_told_apart(self) -> None:
        # b and c are equivalent to each other but neither is to a: no chain of equivalences reaches a
        tie = c(1.05, 0.98, 1.12)
        figures, compare = planted_standing([("a", None), ("b", tie), ("c", tie)], {("c", "b"): SAME})
        self.assertEqual(wording.pick(figures, compare, RULE), wording.Pick([0, 1, 2], wording.NOT_TOLD_APART, None))

    def test_next_is_never_equivalent_to_a_pick(self) -> None:
        """Random standings of six designs whose times lie a few percent apart, every pair compared: the pick and
        next hold their definitions in every one, and equivalence chains past the fastest's comparisons occur."""
        chained = 0
        for seed in range(300):
            rng = random.Random(seed)
            logs = [0.0]
            for _ in range(5):
                logs.append(logs[-1] + rng.uniform(0, 0.03))
            table = {(i, j): planted(math.exp(logs[i] - logs[j]), rng.uniform(0.002, 0.012))
                     for i in range(6) for j in range(i)}

            def compare(i: int, j: int) -> stats.Comparison:
                return table[(i, j)] if i > j else inverse(table[(j, i)])

            figures = [(f"d{k}", 1.0, 0.9, 1.1) for k in range(6)]
            chosen = wording.pick(figures, compare, RULE)
            outside = [k for k in range(6) if k not in chosen.leaders]
            self.assertEqual(chosen.next, outside[0] if outside else None)
            for k in outside:
                self.assertTrue(RULE.slower_beyond_margin(compare(k, 0)), seed)
                self.assertFalse([j for j in chosen.leaders if RULE.outcome(compare(k, j)) == stats.EQUIVALENT], seed)
            self.assertEqual(chosen.how == "", all(RULE.slower_beyond_margin(compare(k, 0)) for k in range(1, 6)))
            chained += any(RULE.slower_beyond_margin(compare(k, 0)) for k in chosen.leaders[1:])
        self.assertGreater(chained, 10)


class SizedClaims(unittest.TestCase):
    """A claim that names its size, that b is faster than a by a factor in [1.35, 1.5], judged on a's time over
    b's."""

    def test_each_verdict(self) -> None:
        def verdict(comparison: stats.Comparison) -> str:
            return wording.size_verdict(comparison, RULE, 1.35, 1.5)
        self.assertEqual(verdict(planted(1.42, 0.01)), wording.WITHIN)
        self.assertEqual(verdict(planted(9.56, 0.01)), wording.BEYOND)
        self.assertEqual(verdict(planted(1.05, 0.003)), wording.SHORT)
        self.assertEqual(verdict(planted(1.5, 0.007)), wording.UNSIZED)  # its interval reaches across 1.5
        # the direction first: the rule's verdict where it does not find b faster
        self.assertEqual(verdict(planted(0.8, 0.01)), "reversed")
        self.assertEqual(verdict(SAME), "refuted (equivalent)")
        self.assertEqual(verdict(TIE), "not resolved")
        with self.assertRaises(ValueError):
            wording.size_verdict(SLOW, RULE, 0.9, 1.5)

    def test_the_range_is_judged_on_the_90_percent_interval(self) -> None:
        # 1.45x, its 90% interval inside [1.35, 1.5] (each end a one-sided test at 5%), its 95% interval not
        inside = planted(1.45, 0.017)
        self.assertGreater(inside.high, 1.5)
        self.assertEqual(wording.size_verdict(inside, RULE, 1.35, 1.5), wording.WITHIN)

    def test_across_sizes(self) -> None:
        beyond = planted(9.56, 0.01)
        self.assertEqual(wording.claim_range([(1024, beyond), (16384, beyond)], RULE, 1.35, 1.5),
                         "**beyond the claimed range** at every N measured (2^10 to 2^14; 9.56x [9.35, 9.78] at "
                         "2^14, claimed 1.35x to 1.5x)")
        mixed = [(1024, planted(1.42, 0.01)), (4096, beyond), (16384, beyond)]
        self.assertEqual(wording.claim_range(mixed, RULE, 1.35, 1.5),
                         "**beyond the claimed range at 2^12 to 2^14**, within the claimed range at 2^10 (9.56x "
                         "[9.35, 9.78] at 2^14, claimed 1.35x to 1.5x)")
        self.assertTrue(wording.claim_range([(1024, TIE)], RULE, 1.35, 1.5).startswith("**not resolved** at any N"))


class PlantedResult(TempDir):
    """A run where design a is faster than b at 2^10 and 2^12, then the same run with one result changed."""

    SENTENCE = ("On `add_remove`, `a` is <!-- v: compare a add_remove 2^12 / b -->?<!-- /v --> `b`: the claim is "
                "<!-- v: claim a add_remove / b -->?<!-- /v -->; the leader is <!-- v: fastest add_remove 2^12 -->?"
                "<!-- /v -->.")

    def publish(self, b_at_4096: float) -> report.Results:
        """A published run of its own (a folder per run, as make bench writes them)."""
        folder = f"run-{b_at_4096}"
        os.mkdir(self.path(folder))
        rows: list[str] = []
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

    def test_the_sentence_follows_the_data(self) -> None:
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

    def test_a_claim_of_size_is_judged_against_its_range(self) -> None:
        res = self.publish(b_at_4096=20)
        # a's time is half b's at both sizes: twice as fast, beyond a claimed 35-50%, within a claimed 80-120%
        self.assertRegex(report.value(res, "claim-range 1.35-1.5 b add_remove / a"),
                         r"^\*\*beyond the claimed range\*\* at every N measured \(2\^10 to 2\^12; 2\.00x \[1\.\d\d, "
                         r"2\.\d\d\] at 2\^12, claimed 1\.35x to 1\.5x\)$")
        self.assertTrue(report.value(res, "claim-range 1.8-2.2 b add_remove / a").startswith(
            "**within the claimed range** at every N measured"))
        self.assertTrue(report.value(res, "claim-range 1.35-1.5 a add_remove / b").startswith("**reversed**"))
        for spec in ("claim-range 1.5 b add_remove / a", "claim-range 0.5-1.5 b add_remove / a"):
            with self.assertRaises(report.TableError, msg=spec):
                report.refresh(res, f"<!-- v: {spec} -->?<!-- /v -->")

    def test_symbolic_sizes_are_the_runs_own(self) -> None:
        res = self.publish(b_at_4096=20)
        self.assertEqual(report.value(res, "size max"), "2^12")
        self.assertEqual(report.value(res, "cell a add_remove max"), report.value(res, "cell a add_remove 4096"))
        self.assertEqual(report.sizes_of(res, "meta bench_max_n"), "meta bench_max_n")  # a word that holds "max"
        with self.assertRaises(report.NotMeasured):
            report.value(res, "size fixed")  # this run's metadata has no fixed_n

    def test_specs_that_do_not_parse_or_were_not_measured(self) -> None:
        res = self.publish(b_at_4096=20)
        for spec in ("claim a add_remove 2^12 / b", "across a / b", "fastest add_remove", "compare a add_remove / b"):
            with self.assertRaises(report.TableError, msg=spec):
                report.value(res, spec)
        for spec in ("claim a create / b", "fastest add_remove 2^14", "across a add_remove / c"):
            with self.assertRaises(report.NotMeasured, msg=spec):
                report.value(res, spec)


if __name__ == "__main__":
    unittest.main()

"""The first page's answer: planted standings give the pick, the next design, the sizes where the pick changes and
the mechanism the page must print."""

import unittest

import support  # noqa: F401 (puts the analysis package on the path)
from analysis import answers, stats, wording

RULE = stats.Rule(0.05, 1)  # a difference at p <= 0.05; the 3% margin


def c(ratio, low, high):
    return stats.Comparison(ratio, low, high, 9)


def standing(*designs):
    """(figures, comparisons) of designs [(name, comparison to the first or None)], the first the fastest."""
    return [(name, 1.0, 0.9, 1.1) for name, _ in designs], [comparison for _, comparison in designs]


SLOW, TIE, SAME = c(1.5, 1.4, 1.6), c(1.02, 0.95, 1.10), c(1.0, 0.99, 1.01)


class Pick(unittest.TestCase):
    def test_a_single_pick_and_the_next_design_found_slower(self):
        figures, comparisons = standing(("a", None), ("b", SLOW), ("c", c(2.0, 1.9, 2.1)))
        self.assertEqual(wording.leading_text(figures, comparisons, RULE), "`a`")
        self.assertEqual(answers.runner_up(figures, comparisons, RULE), (1, "`b` 1.50x [1.40, 1.60]"))

    def test_designs_not_found_slower_share_the_pick(self):
        figures, comparisons = standing(("b", None), ("a", TIE), ("c", SLOW))
        self.assertEqual(wording.leading_text(figures, comparisons, RULE), "`a` and `b` (not told apart)")
        self.assertEqual(answers.runner_up(figures, comparisons, RULE), (2, "`c` 1.50x [1.40, 1.60]"))
        figures, comparisons = standing(("b", None), ("a", SAME))
        self.assertEqual(wording.leading_text(figures, comparisons, RULE), "`a` and `b` (equivalent)")
        self.assertEqual(answers.runner_up(figures, comparisons, RULE), (None, "none found slower"))

    def test_the_sizes_where_the_pick_changes(self):
        single = standing(("a", None), ("b", SLOW))
        tied = standing(("a", None), ("b", TIE))
        swapped = standing(("b", None), ("a", SLOW))
        self.assertEqual(answers.other_sizes([(1024, *single), (4096, *single)], 4096, RULE),
                         "the same at every N measured (2^10 to 2^12)")
        self.assertEqual(answers.other_sizes([(1024, *swapped), (2048, *tied), (4096, *single)], 4096, RULE),
                         "2^10: `b`; 2^11: `a` and `b` (not told apart)")


class Why(unittest.TestCase):
    def test_the_mechanism_names_both_designs(self):
        a = answers.Mechanism("a", 3.3, 0.38, 0.0, 112)
        b = answers.Mechanism("b", 5.1, 0.52, 0.01, 118)
        self.assertEqual(answers.why(a, b, slower=True),
                         "`a` against `b`: Ir 3.3 vs 5.1, D1 0.38 vs 0.52, LL 0 vs 0.01, 112 vs 118 B/entity")
        self.assertEqual(answers.why(a, None, slower=False), "`a`: Ir 3.3, D1 0.38, 112 B/entity")
        self.assertIsNone(answers.why(None, None, slower=False))

    def test_equal_instructions_and_different_times_are_a_memory_effect(self):
        a = answers.Mechanism("a", 100.0, 1.0, 0.0, 40)
        b = answers.Mechanism("b", 104.0, 2.5, 0.0, 80)
        self.assertTrue(answers.why(a, b, slower=True).startswith(
            "`a` against `b`: the same work (Ir 100 vs 104): a memory or layout effect; D1 1 vs 2.5"))
        # without a difference in time there is nothing to explain
        self.assertFalse(answers.why(a, b, slower=False).startswith("`a` against `b`: the same work"))


class Catalogue(unittest.TestCase):
    def test_every_kind_of_workload_the_page_answers(self):
        scenarios = [w.scenario for w in answers.WORKLOADS]
        self.assertEqual(len(scenarios), len(set(scenarios)))
        for wanted in ("simple_iter", "selectivity_1", "scatter_iter", "add_remove", "tag_toggle", "create",
                       "destroy", "random_get", "game_frame_1", "game_frame_10", "changed_1"):
            self.assertIn(wanted, scenarios)


if __name__ == "__main__":
    unittest.main()

"""The first page's answer: planted standings give the pick, the next design, the sizes where the pick changes and
the mechanism the page must print."""

import unittest

from support import planted_standing
from analysis import answers, stats, wording

RULE = stats.Rule(0.05, 1)  # a difference at p <= 0.05; the 3% margin


def c(ratio, low, high):
    return stats.Comparison(ratio, low, high, 9)


def standing(*designs, between=None):
    """(figures, compare) of designs [(name, comparison to the first or None)], the first the fastest, and of other
    pairs between (support.planted_standing)."""
    return planted_standing(designs, between)


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
        self.assertEqual(answers.runner_up(figures, comparisons, RULE), (None, "none beyond the margin"))

    def test_next_is_the_fastest_design_outside_the_pick(self):
        # b leads c by 0.67%, a difference the rule finds but not beyond the margin: next is d, not c
        slight = c(1.0067, 1.0040, 1.0094)
        self.assertEqual(RULE.outcome(slight), stats.SLOWER)
        figures, compare = standing(("b", None), ("c", slight), ("d", SLOW))
        self.assertEqual(answers.runner_up(figures, compare, RULE), (2, "`d` 1.50x [1.40, 1.60]"))
        # e, found slower than b beyond the margin, is equivalent to c: picked, and next is d still
        figures, compare = standing(("b", None), ("c", slight), ("e", c(1.06, 1.05, 1.07)), ("d", SLOW),
                                    between={("e", "c"): SAME})
        self.assertEqual(wording.leading_text(figures, compare, RULE), "`b`, `c` and `e` (not told apart)")
        self.assertEqual(answers.runner_up(figures, compare, RULE), (3, "`d` 1.50x [1.40, 1.60]"))

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
        self.assertEqual(answers.why(a, b),
                         "`a` against `b`: Ir 3.3 vs 5.1, D1 0.38 vs 0.52, LL 0 vs 0.01, 112 vs 118 B/entity")
        # without a next design there is no lead beyond the margin to explain
        self.assertIsNone(answers.why(a, None))
        self.assertIsNone(answers.why(None, None))

    def test_equal_instructions_and_different_times_are_a_memory_effect(self):
        a = answers.Mechanism("a", 100.0, 1.0, 0.0, 40)
        b = answers.Mechanism("b", 104.0, 2.5, 0.0, 80)
        self.assertTrue(answers.why(a, b).startswith(
            "`a` against `b`: the same work (Ir 100 vs 104): a memory or layout effect; D1 1 vs 2.5"))
        # without a difference in time there is nothing to explain
        self.assertFalse(answers.against(a, b, slower=False).startswith("`a` against `b`: the same work"))


class Catalogue(unittest.TestCase):
    def test_every_kind_of_workload_the_page_answers(self):
        scenarios = [w.scenario for w in answers.WORKLOADS]
        self.assertEqual(len(scenarios), len(set(scenarios)))
        for wanted in ("simple_iter", "selectivity_1", "scatter_iter", "add_remove", "tag_toggle", "create",
                       "destroy", "random_get", "game_frame_1", "game_frame_10", "changed_1"):
            self.assertIn(wanted, scenarios)


def frame(design, verdict, ratio, low, high, retired=0, instructions=None):
    return answers.FrameStanding(design, verdict, 40, c(ratio, low, high), retired, 40, instructions,
                                 None if instructions is None else 40)


class Steadiest(unittest.TestCase):
    def test_the_steady_designs_lead_and_the_least_hitch_is_next(self):
        standings = [frame("grower", "hitch", 5.0, 4.5, 5.5), frame("flat", "steady", 1.01, 0.97, 1.05),
                     frame("unsure", "inconclusive", 1.2, 0.9, 1.6), frame("bump", "hitch", 1.8, 1.6, 2.0),
                     frame("level", "steady", 0.99, 0.96, 1.02)]
        leaders, above, how = answers.steadiest(standings)
        self.assertEqual([s.design for s in leaders], ["level", "flat"])
        self.assertEqual((above.design, how), ("bump", "steady"))
        self.assertEqual(answers.frame_pick(leaders, how), "`level` and `flat` (steady)")
        self.assertEqual(answers.hitch_figure(above),
                         "`bump`: frame 40 stands 1.80x [1.60, 2.00] as high over its neighbours as raw's")

    def test_next_lies_above_every_leader(self):
        # a hitch whose interval reaches down into a steady design's is not found above it
        standings = [frame("flat", "steady", 1.01, 0.97, 1.05), frame("close", "hitch", 1.3, 1.04, 1.6),
                     frame("grower", "hitch", 5.0, 4.5, 5.5)]
        self.assertEqual(answers.steadiest(standings)[1].design, "grower")

    def test_without_a_steady_design_the_least_hitch_and_those_it_is_not_told_from(self):
        standings = [frame("grower", "hitch", 5.0, 4.5, 5.5), frame("chunked", "hitch", 2.0, 1.8, 2.3),
                     frame("unsure", "inconclusive", 2.2, 1.5, 3.0)]
        leaders, above, how = answers.steadiest(standings)
        self.assertEqual([s.design for s in leaders], ["chunked", "unsure"])
        self.assertEqual(above.design, "grower")
        self.assertEqual(answers.frame_pick(leaders, how), "none steady; least hitch, not told apart: `chunked` and "
                                                           "`unsure`")
        leaders, above, how = answers.steadiest(standings[:2])
        self.assertEqual(answers.frame_pick(leaders, how), "none steady; least hitch: `chunked`: frame 40 stands "
                                                           "2.00x [1.80, 2.30] as high over its neighbours as raw's")
        # where every design's interval reaches the least one's, none is found above
        overlapping = [frame("a", "hitch", 2.0, 1.8, 2.3), frame("b", "hitch", 2.4, 2.2, 2.6)]
        self.assertIsNone(answers.steadiest(overlapping)[1])

    def test_the_deterministic_side_names_the_bytes_and_instructions(self):
        first = frame("chunked", "hitch", 2.0, 1.8, 2.3, retired=3 << 19, instructions=5.61)
        second = frame("grower", "hitch", 5.0, 4.5, 5.5)
        self.assertEqual(answers.frame_why(first, second),
                         "`chunked`: 1.50 MiB retired at frame 40, 5.6x the median frame's instructions at frame 40; "
                         "`grower`: no memory retired")
        self.assertEqual(answers.frame_why(frame("a", "steady", 1, 0.9, 1.1, retired=2048), None),
                         "`a`: 2.0 KiB retired at frame 40")


if __name__ == "__main__":
    unittest.main()

"""The statistics: exact bootstrap distributions checked against enumeration, intervals stated exactly."""

import itertools
import math
import unittest

import support  # noqa: F401  (the import path)
import stats


def enumerated(values):
    """The bootstrap distribution of the median by enumerating every resample (n^n of them)."""
    n = len(values)
    mass = {}
    for pick in itertools.product(values, repeat=n):
        m = stats.median(pick)
        mass[m] = mass.get(m, 0) + 1 / n ** n
    return sorted(mass.items())


class ExactBootstrap(unittest.TestCase):
    def assertSameDistribution(self, a, b):
        self.assertEqual(len(a), len(b))
        for (x, p), (y, q) in zip(a, b):
            self.assertAlmostEqual(x, y, places=12)
            self.assertAlmostEqual(p, q, places=12)

    def test_matches_enumeration_for_odd_and_even_counts(self):
        for values in ([3.0], [1.0, 4.0], [2.0, 1.0, 7.0], [1.0, 2.0, 3.5, 9.0], [5.0, 1.0, 2.0, 8.0, 3.0],
                       [1.0, 1.5, 2.0, 4.0, 4.5, 9.0]):
            self.assertSameDistribution(stats.median_distribution(values), enumerated(values))

    def test_ties_are_merged_and_probabilities_sum_to_one(self):
        d = stats.median_distribution([2.0, 2.0, 2.0, 5.0, 5.0, 6.0, 7.0, 7.0])
        self.assertAlmostEqual(sum(p for _, p in d), 1.0, places=12)
        self.assertEqual(len({v for v, _ in d}), len(d))

    def test_interval_of_five_is_their_range(self):
        # P(median = smallest) = P(Binomial(5, 1/5) >= 3) = 0.05792 > 0.025
        self.assertEqual(stats.median_ci([5, 1, 3, 2, 4]), (3, 1, 5))

    def test_interval_of_seven_drops_the_extremes(self):
        # P(median <= 1st) = P(Binomial(7, 1/7) >= 4) = 0.0102 < 0.025; P(median <= 2nd) = 0.098
        self.assertEqual(stats.median_ci([7, 1, 6, 2, 5, 3, 4]), (4, 2, 6))

    def test_one_process_has_a_point_interval(self):
        self.assertEqual(stats.median_ci([2.5]), (2.5, 2.5, 2.5))

    def test_ratio_of_constant_cells_is_exact(self):
        self.assertEqual(stats.ratio_ci([2.0] * 5, [1.0] * 5), (2.0, 2.0, 2.0))

    def test_ratio_interval_comes_from_the_joint_distribution(self):
        # numerator medians 1..5 (interval [1, 5]) over a constant 2: the ratio's interval is [0.5, 2.5]
        self.assertEqual(stats.ratio_ci([1, 2, 3, 4, 5], [2, 2, 2, 2, 2]), (1.5, 0.5, 2.5))
        # the quantiles of the quotient, not the quotient of the quantiles: both vary, so the interval is
        # narrower than [low_a / high_b, high_a / low_b]
        r, lo, hi = stats.ratio_ci([10, 11, 12, 13, 14, 15, 16], [10, 11, 12, 13, 14, 15, 16])
        self.assertEqual(r, 1.0)
        self.assertGreater(lo, 11 / 15)
        self.assertLess(hi, 15 / 11)

    def test_ratio_to_zero_is_refused(self):
        with self.assertRaises(ValueError):
            stats.ratio_ci([1, 2, 3], [0, 1, 2])

    def test_relative_half_width(self):
        self.assertAlmostEqual(stats.relative_half_width(100, 97, 104), 0.04)
        self.assertEqual(stats.relative_half_width(0, 0, 1), math.inf)


class AAControl(unittest.TestCase):
    same = [1.00, 1.03, 0.98, 1.01, 0.99, 1.02, 1.00]

    def test_identical_cells_are_not_called_different(self):
        r, lo, hi = stats.ratio_ci(self.same, list(reversed(self.same)))
        self.assertEqual(r, 1.0)
        self.assertLessEqual(lo, 1.0)
        self.assertGreaterEqual(hi, 1.0)
        self.assertFalse(stats.significant(lo, hi, 0.0))

    def test_a_planted_difference_is_detected(self):
        slower = [v * 1.10 for v in self.same]
        r, lo, hi = stats.ratio_ci(slower, self.same)
        self.assertAlmostEqual(r, 1.10)
        self.assertGreater(lo, 1.0)
        self.assertTrue(stats.significant(lo, hi, 0.03))
        # ... unless the A/A band is as wide as the difference
        self.assertFalse(stats.significant(lo, hi, 0.10))

    def test_summary_counts_exclusions_and_measures_the_band(self):
        ratios = [("a", 1.00, 0.98, 1.02), ("b", 1.04, 1.01, 1.07), ("c", 0.97, 0.95, 0.99), ("d", 1.01, 0.99, 1.03)]
        s = stats.aa_summary(ratios)
        self.assertEqual(s["cells"], 4)
        self.assertEqual(s["excludes_one"], 2)
        self.assertAlmostEqual(s["max_deviation"], 0.04)
        self.assertEqual(s["worst"], "b")
        # nearest rank: the 95th percentile of four |log r| is the largest, log 1.04
        self.assertAlmostEqual(s["band"], 0.04)

    def test_significance_needs_the_whole_interval_outside_the_band(self):
        self.assertTrue(stats.significant(1.06, 1.20, 0.05))
        self.assertFalse(stats.significant(1.04, 1.20, 0.05))
        self.assertTrue(stats.significant(0.80, 0.94, 0.05))
        self.assertFalse(stats.significant(0.80, 0.96, 0.05))


if __name__ == "__main__":
    unittest.main()

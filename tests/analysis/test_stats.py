"""The statistics: the trimmed geometric mean, Student's t, Yuen's intervals stated exactly."""

import math
import random
import unittest
import unittest.mock

import support  # noqa: F401  (the import path)
from analysis import stats


def logs_interval(logs: list[float], t: float) -> tuple[float, float, float]:
    """exp of the mean of logs -/+ t standard errors, by the textbook formula (no trimming)."""
    n = len(logs)
    mean = sum(logs) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in logs) / (n - 1) / n)
    return math.exp(mean), math.exp(mean - t * se), math.exp(mean + t * se)


class StudentT(unittest.TestCase):
    def test_quantiles_match_the_tables(self) -> None:
        for df, expected in ((1, 12.7062047), (2, 4.3026527), (4, 2.7764451), (10, 2.2281389), (30, 2.0422725)):
            self.assertAlmostEqual(stats.t_quantile(0.975, df), expected, places=6)
        self.assertAlmostEqual(stats.t_quantile(0.5, 3), 0.0, places=9)

    def test_welch_degrees_of_freedom_take_a_few_evaluations_and_agree_with_bisection(self) -> None:
        # a run of separate processes has a fractional df per ratio, which the cache cannot spare: bisection alone
        # took some forty evaluations of t_cdf each, and minutes for a report
        def bisection(p: float, df: float) -> float:
            low, high = 0.0, 1.0
            while stats.t_cdf(high, df) < p:
                low, high = high, 2 * high
            while high - low > 1e-12 * max(1.0, high):
                middle = (low + high) / 2
                low, high = (middle, high) if stats.t_cdf(middle, df) < p else (low, middle)
            return (low + high) / 2

        for p, df in ((0.975, 7.31), (0.95, 2.04), (0.975, 1.2), (0.9999, 1.21), (0.995, 183.7)):
            stats.t_quantile.cache_clear()
            with unittest.mock.patch.object(stats, "t_cdf", wraps=stats.t_cdf) as counted:
                got = stats.t_quantile(p, df)
            self.assertLessEqual(counted.call_count, 20, (p, df))
            self.assertAlmostEqual(got / bisection(p, df), 1.0, places=11)

    def test_fractional_degrees_of_freedom_lie_between_their_neighbours(self) -> None:
        self.assertLess(stats.t_quantile(0.975, 3.5), stats.t_quantile(0.975, 3))
        self.assertGreater(stats.t_quantile(0.975, 3.5), stats.t_quantile(0.975, 4))

    def test_cdf_is_symmetric_and_inverts_the_quantile(self) -> None:
        self.assertAlmostEqual(stats.t_cdf(0.0, 5), 0.5, places=12)
        self.assertAlmostEqual(stats.t_cdf(-1.3, 7) + stats.t_cdf(1.3, 7), 1.0, places=12)
        self.assertAlmostEqual(stats.t_cdf(stats.t_quantile(0.9, 6.25), 6.25), 0.9, places=9)


class TrimmedFigure(unittest.TestCase):
    def test_the_figure_sets_one_wild_process_of_ten_aside(self) -> None:
        # 10% of 10 is 1: the lowest and highest are set aside, the geometric mean of 2 .. 9 kept
        self.assertEqual(stats.TRIM, 0.1)
        values = [3, 2, 1, 4, 5, 6, 1000, 7, 8, 9]
        self.assertAlmostEqual(stats.trimmed_geometric_mean(values), math.prod(range(2, 10)) ** (1 / 8))

    def test_fewer_than_ten_processes_are_all_kept(self) -> None:
        values = [3, 2, 1, 4, 1000]
        self.assertAlmostEqual(stats.trimmed_geometric_mean(values), math.prod(values) ** (1 / 5))

    def test_a_two_mode_mixture_moves_the_figure_smoothly(self) -> None:
        # seven processes, k of them in a slow mode 1.6x the fast one: the median jumps from fast to slow as k
        # passes 3.5; the figure climbs a step per process
        figures = [stats.trimmed_geometric_mean([1.0] * (7 - k) + [1.6] * k) for k in range(8)]
        medians = [stats.median([1.0] * (7 - k) + [1.6] * k) for k in range(8)]
        self.assertEqual(medians, [1.0] * 4 + [1.6] * 4)
        steps = [b / a for a, b in zip(figures, figures[1:])]
        self.assertTrue(all(1.0 <= s < 1.11 for s in steps), steps)
        self.assertAlmostEqual(figures[0], 1.0)
        self.assertAlmostEqual(figures[7], 1.6)

    def test_without_trimming_the_interval_is_the_t_interval_of_the_logs(self) -> None:
        # four values: 10% of 4 rounds down to 0, nothing set aside, Yuen's interval is Student's of the logs
        values = [1.0, 1.2, 0.9, 1.1]
        expected = logs_interval([math.log(v) for v in values], stats.t_quantile(0.975, 3))
        for got, want in zip(stats.figure_ci(values), expected):
            self.assertAlmostEqual(got, want, places=12)

    def test_the_trimmed_interval_uses_the_winsorized_variance(self) -> None:
        # ten logs 0 .. 8 and 100: kept 1 .. 8 (mean 4.5); winsorized 1, 1, 2, .. 7, 8, 8, whose squared
        # deviations from 4.5 add up to 66.5; the squared standard error (n - 1) s_w^2 / (h (h - 1)) is then
        # 66.5 / (8 * 7), with h - 1 = 7 degrees of freedom
        values = [math.exp(x) for x in (0, 1, 2, 3, 4, 5, 6, 7, 8, 100)]
        half = stats.t_quantile(0.975, 7) * math.sqrt(66.5 / 56)
        figure, low, high = stats.figure_ci(values)
        self.assertAlmostEqual(math.log(figure), 4.5, places=12)
        self.assertAlmostEqual(math.log(low), 4.5 - half, places=12)
        self.assertAlmostEqual(math.log(high), 4.5 + half, places=12)

    def test_one_process_has_a_point_interval(self) -> None:
        self.assertEqual(stats.figure_ci([2.5]), (2.5, 2.5, 2.5))

    def test_a_time_of_zero_is_refused(self) -> None:
        with self.assertRaises(ValueError):
            stats.figure_ci([0.0, 1.0, 2.0])

    def test_ratio_of_constant_cells_is_exact(self) -> None:
        r, lo, hi = stats.ratio_ci([2.0] * 5, [1.0] * 5)
        self.assertAlmostEqual(r, 2.0, places=12)
        self.assertEqual((lo, hi), (r, r))

    def test_ratio_over_a_constant_cell_is_the_numerators_interval_scaled(self) -> None:
        values = [1.0, 2.0, 3.0, 4.0, 5.0]
        figure, low, high = stats.figure_ci(values)
        r, lo, hi = stats.ratio_ci(values, [2.0] * 5)
        self.assertAlmostEqual(r, figure / 2, places=12)
        self.assertAlmostEqual(lo, low / 2, places=12)
        self.assertAlmostEqual(hi, high / 2, places=12)

    def test_ratio_interval_uses_welchs_degrees_of_freedom(self) -> None:
        # two untrimmed cells of four: squared errors 4 and 1 (in log units, made so below), Welch's df
        # (4 + 1)^2 / (4^2 / 3 + 1^2 / 3) = 75 / 17
        a = [math.exp(x) for x in (-3, -1, 1, 3)]       # variance 20 / 3, squared error 5 / 3
        b = [math.exp(x / 2) for x in (-3, -1, 1, 3)]   # a quarter of that
        va, vb = 5 / 3, 5 / 12
        df = (va + vb) ** 2 / (va ** 2 / 3 + vb ** 2 / 3)
        half = stats.t_quantile(0.975, df) * math.sqrt(va + vb)
        r, lo, hi = stats.ratio_ci(a, b)
        self.assertAlmostEqual(r, 1.0, places=12)
        self.assertAlmostEqual(math.log(lo), -half, places=12)
        self.assertAlmostEqual(math.log(hi), half, places=12)

    def test_ratio_to_zero_is_refused(self) -> None:
        with self.assertRaises(ValueError):
            stats.ratio_ci([1, 2, 3], [0, 1, 2])

    def test_relative_half_width(self) -> None:
        self.assertAlmostEqual(stats.relative_half_width(100, 97, 104), 0.04)
        self.assertEqual(stats.relative_half_width(0, 0, 1), math.inf)


class AAControl(unittest.TestCase):
    same = [1.00, 1.03, 0.98, 1.01, 0.99, 1.02, 1.00]

    def test_identical_cells_are_found_equivalent(self) -> None:
        r, lo, hi = stats.ratio_ci(self.same, list(reversed(self.same)))
        self.assertAlmostEqual(r, 1.0, places=12)
        self.assertLessEqual(lo, 1.0)
        self.assertGreaterEqual(hi, 1.0)
        self.assertEqual(stats.decide([stats.ratio_comparison(stats.summarise(self.same),
                                                              stats.summarise(list(reversed(self.same))))]),
                         [stats.EQUIVALENT])

    def test_a_planted_difference_is_detected(self) -> None:
        slower = [v * 1.10 for v in self.same]
        r, lo, hi = stats.ratio_ci(slower, self.same)
        self.assertAlmostEqual(r, 1.10)
        self.assertGreater(lo, 1.0)
        comparison = stats.ratio_comparison(stats.summarise(slower), stats.summarise(self.same))
        self.assertEqual(stats.decide([comparison]), [stats.SLOWER])

    def test_summary_counts_exclusions_and_measures_the_band(self) -> None:
        ratios = [("a", 1.00, 0.98, 1.02), ("b", 1.04, 1.01, 1.07), ("c", 0.97, 0.95, 0.99), ("d", 1.01, 0.99, 1.03)]
        s = stats.aa_summary(ratios)
        self.assertEqual(s.cells, 4)
        self.assertEqual(s.excludes_one, 2)
        self.assertAlmostEqual(s.max_deviation, 0.04)
        self.assertEqual(s.worst, "b")
        # nearest rank: the 95th percentile of four |log r| is the largest, log 1.04
        self.assertAlmostEqual(s.band, 0.04)


class DecisionRule(unittest.TestCase):
    """Three outcomes per comparison: planted differences, a planted tie within the margin, and one the data cannot
    settle each get their word; the false discovery rate holds over many comparisons."""

    @staticmethod
    def comparison(truth: float, spread: float, processes: int = 12, seed: int = 1) -> stats.Comparison:
        """A ratio measured in processes whose per-process ratios scatter around truth (log-normal, sigma spread)."""
        rng = random.Random(seed)
        ratios = [truth * math.exp(rng.gauss(0, spread)) for _ in range(processes)]
        return stats.Comparison(*stats.figure_ci(ratios), stats.trimmed_df(processes))

    def test_planted_cells_get_their_words(self) -> None:
        planted = [self.comparison(0.85, 0.03), self.comparison(1.15, 0.03, seed=2),
                   self.comparison(1.0, 0.01, seed=3), self.comparison(1.0, 0.15, seed=4)]
        self.assertEqual(stats.decide(planted),
                         [stats.FASTER, stats.SLOWER, stats.EQUIVALENT, stats.INCONCLUSIVE])

    def test_a_difference_within_the_margin_but_certain_is_a_difference(self) -> None:
        # 1% slower and measured tightly: the rule calls it slower (a reader may then weigh the 1%)
        self.assertEqual(stats.decide([self.comparison(1.01, 0.002)]), [stats.SLOWER])

    def test_the_false_discovery_rate_holds_over_many_comparisons(self) -> None:
        lone = stats.Comparison(1.06, 1.004, 1.119, 10)  # p about 0.04 on its own
        self.assertLess(stats.p_value(lone), 0.05)
        self.assertEqual(stats.decide([lone]), [stats.SLOWER])
        # beside 99 comparisons that show nothing, one p of 0.04 is what chance gives: not a discovery
        nulls = [self.comparison(1.0, 0.05, seed=k) for k in range(10, 109)]
        self.assertEqual(stats.decide([lone] + nulls)[0], stats.INCONCLUSIVE)

    def test_benjamini_hochberg(self) -> None:
        self.assertEqual(stats.benjamini_hochberg([0.01, 0.04, 0.03, 0.005]), [True] * 4)
        self.assertEqual(stats.benjamini_hochberg([0.01, 0.02, 0.2, 0.9]), [True, True, False, False])
        self.assertEqual(stats.benjamini_hochberg([0.03, 0.9]), [False, False])
        self.assertEqual(stats.benjamini_hochberg([]), [])

    def test_an_interval_that_touches_one_has_a_p_of_five_percent(self) -> None:
        self.assertAlmostEqual(stats.p_value(stats.Comparison(1.1, 1.0, 1.21, 7)), 0.05, places=6)

    def test_no_interval_settles_nothing(self) -> None:
        for c in (stats.Comparison(0.5, 0.5, 0.5, 4), stats.Comparison(0.5, 0.4, 0.6, 0)):
            self.assertEqual(stats.decide([c]), [stats.INCONCLUSIVE])

    def test_ties_are_called_different_at_the_rate_the_rule_allows(self) -> None:
        # 1000 A/A comparisons from null data: about 5% of their intervals exclude 1, and the rule, which holds the
        # false discovery rate over all of them, calls none of them different
        nulls = [self.comparison(1.0, 0.05, processes=9, seed=k) for k in range(1000)]
        excluding = sum(1 for c in nulls if c.low > 1 or c.high < 1)
        self.assertTrue(30 <= excluding <= 70, excluding)
        outcomes = stats.decide(nulls)
        self.assertEqual(outcomes.count(stats.FASTER) + outcomes.count(stats.SLOWER), 0)


def planted(ratio: float, se: float, df: float = 9) -> stats.Comparison:
    """A comparison of ratio whose log has the standard error se, with its 95% interval from Student's t."""
    t = stats.t_quantile(0.975, df)
    return stats.Comparison(ratio, ratio * math.exp(-t * se), ratio * math.exp(t * se), df)


class MinimumEffect(unittest.TestCase):
    """A difference found slower by more than the margin: the rule's outcome and a one-sided test at 5% on the
    ratio's 90% interval."""

    def test_the_ratio_is_shown_above_the_margin_by_its_90_percent_interval(self) -> None:
        # 5% slower, the log's standard error 0.0095: the 90% interval's lower end, 1.05 exp(-1.833 x 0.0095) =
        # 1.032, lies above 1.03, the 95% interval's (1.029) does not
        shown = planted(1.05, 0.0095)
        self.assertLess(shown.low, 1.03)
        self.assertTrue(stats.exceeds_margin(shown))
        self.assertFalse(stats.exceeds_margin(planted(1.05, 0.011)))  # its 90% interval reaches down to 1.029
        self.assertFalse(stats.exceeds_margin(planted(0.8, 0.001)))  # faster, not slower
        self.assertFalse(stats.exceeds_margin(stats.Comparison(1.2, 1.2, 1.2, 4)))  # no interval shows nothing
        self.assertTrue(stats.exceeds_margin(planted(1.05, 0.011), margin=0.02))

    def test_a_difference_found_under_the_margin_is_not_beyond_it(self) -> None:
        rule = stats.Rule(0.05, 1)
        # 0.67% slower and measured tightly (1.01x [1.00, 1.01]): the rule calls it slower, but not beyond 3%
        tight = planted(1.0067, 0.0012)
        self.assertEqual(rule.outcome(tight), stats.SLOWER)
        self.assertFalse(rule.slower_beyond_margin(tight))
        self.assertTrue(rule.slower_beyond_margin(planted(1.05, 0.0095)))
        # shown above the margin on its own, but not a discovery in a family whose threshold is far lower
        self.assertFalse(stats.Rule(1e-9, 1000).slower_beyond_margin(planted(1.05, 0.0095)))
        self.assertFalse(rule.slower_beyond_margin(planted(0.8, 0.001)))


class SmallDifferences(unittest.TestCase):
    """Of the comparisons within +/-1% of a tie, how many the rule calls different: the ones that decide a pick."""

    def test_only_ratios_within_one_percent_are_counted_and_only_differences_called(self) -> None:
        rule = stats.Rule(0.05, 5)
        family = [planted(1.0067, 0.0012),  # 0.67% slower, measured tightly: called different, and small
                  planted(1 / 1.0099, 0.0012),  # 0.99% faster: small, called different
                  planted(1.002, 0.02),  # small, not called different
                  planted(1.012, 0.0012),  # called different, but beyond 1%
                  planted(0.95, 0.001)]
        self.assertEqual(stats.small_differences_called(family, rule), (2, 3))
        self.assertEqual(stats.small_differences_called(family, rule, size=0.02), (3, 4))
        self.assertEqual(stats.small_differences_called([], rule), (0, 0))


if __name__ == "__main__":
    unittest.main()

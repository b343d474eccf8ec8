"""The run's figures against their targets (quality.py): calibration, power, decisions by N, and the verdicts of two
runs, on planted comparisons and on a planted paired run."""

import contextlib
import io
import os
import unittest

from support import RUN_HEADER, TempDir, present, run_row
from analysis import paired, quality, report, reproduce, results, stats
from analysis.stats import Comparison

# A rule whose threshold is fixed, so that each planted comparison's outcome is known: a p-value at most 1% differs.
RULE = stats.Rule(threshold=0.01, family=100)
DF = 30.0


def c(ratio: float, low: float, high: float, df: float = DF) -> Comparison:
    return Comparison(ratio, low, high, df)


def pair(n: int, first: str = "a", second: str = "b", scenario: str = "simple_iter") -> quality.DesignPair:
    return quality.DesignPair(scenario, n, "warm", first, second)


def control(n: int, comparison: Comparison, truth: float = 1.0, planted: bool = False) -> paired.ControlEstimate:
    key = paired.BlockKey("simple_iter", n, "warm")
    estimate = paired.Estimate(comparison.ratio, comparison.low, comparison.high, 10, comparison.df)
    return paired.ControlEstimate(key, "a~slower3" if planted else "a~aa", "a", estimate, truth, planted)


class Precision(unittest.TestCase):
    def test_a_comparison_is_precise_to_three_percent_or_a_third_of_its_difference(self) -> None:
        self.assertTrue(quality.precise(c(1.0, 0.971, 1.029)))
        self.assertFalse(quality.precise(c(1.0, 0.96, 1.04)))
        # 1.5: a difference of 50%, an interval within +/-16.7% still says how large it is
        self.assertTrue(quality.precise(c(1.5, 1.30, 1.70)))
        self.assertFalse(quality.precise(c(1.5, 1.20, 1.80)))
        # 1.2: a third of the difference is 6.7%; +/-5% is precise, +/-12.5% is not
        self.assertTrue(quality.precise(c(1.2, 1.14, 1.26)))
        self.assertFalse(quality.precise(c(1.2, 1.05, 1.35)))
        # the larger side counts, relative to the estimate
        self.assertFalse(quality.precise(c(1.0, 0.99, 1.04)))

    def test_near_one_is_within_five_percent_either_way(self) -> None:
        self.assertTrue(quality.near_one(c(1.049, 0.9, 1.2)))
        self.assertTrue(quality.near_one(c(1 / 1.049, 0.9, 1.1)))
        self.assertFalse(quality.near_one(c(1.06, 0.9, 1.2)))
        self.assertFalse(quality.near_one(c(0.94, 0.8, 1.1)))


def planted_run() -> tuple[dict[int, quality.Figures], quality.Figures]:
    """Two sizes: at 2^10 every figure meets its target; at 2^12 the planted control is called equivalent, one
    A/A interval of two excludes 1, and an inconclusive comparison lies far from 1."""
    designs = {
        pair(1024, "a", "b"): c(0.5, 0.49, 0.51),  # faster
        pair(1024, "a", "c"): c(1.0, 0.995, 1.005),  # equivalent
        pair(1024, "b", "c"): c(2.0, 1.96, 2.04),  # slower
        pair(4096, "a", "b"): c(0.5, 0.49, 0.51),  # faster
        pair(4096, "a", "c"): c(1.01, 0.90, 1.13),  # inconclusive, near 1, imprecise
        pair(4096, "b", "c"): c(1.2, 0.80, 1.80),  # inconclusive, far from 1, imprecise
    }
    # 20 A/A ratios at 2^10, one interval excluding 1 (5%); the 19th of their sorted |log| is 1.01: the band
    aa = [c(1.01, 0.99, 1.03)] * 18 + [c(1.0, 0.98, 1.02), c(1.05, 1.01, 1.09)]
    controls = [control(1024, x) for x in aa]
    controls += [control(4096, c(1.0, 0.99, 1.01)), control(4096, c(1.04, 1.02, 1.06))]
    controls += [control(1024, c(1.03, 1.02, 1.04), truth=1.03, planted=True)] * 9
    controls += [control(1024, c(1.10, 1.08, 1.12), truth=1.03, planted=True)]  # slower, its truth outside
    controls += [control(4096, c(1.0, 0.995, 1.005), truth=1.03, planted=True)]  # called equivalent
    return quality.by_size(designs, controls, RULE)


class Figures(unittest.TestCase):
    def test_the_planted_comparisons_have_the_outcomes_the_figures_assume(self) -> None:
        self.assertEqual([RULE.outcome(x) for x in (c(0.5, 0.49, 0.51), c(1.0, 0.995, 1.005), c(2.0, 1.96, 2.04),
                                                    c(1.01, 0.90, 1.13), c(1.2, 0.80, 1.80), c(1.03, 1.02, 1.04))],
                         [stats.FASTER, stats.EQUIVALENT, stats.SLOWER, stats.INCONCLUSIVE, stats.INCONCLUSIVE,
                          stats.SLOWER])

    def test_figures_by_size_and_over_the_run(self) -> None:
        sizes, every = planted_run()
        self.assertEqual(list(sizes), [1024, 4096])
        small, large = sizes[1024], sizes[4096]
        self.assertEqual(small.aa_excluding(), quality.Share(1, 20))
        self.assertAlmostEqual(present(small.aa_band()), 0.01)  # the 95th percentile by rank, not the largest (5%)
        self.assertEqual(small.planted_called(stats.SLOWER), quality.Share(10, 10))
        self.assertEqual(small.planted_holding(), quality.Share(9, 10))
        self.assertEqual(small.decided(), quality.Share(3, 3))
        self.assertEqual(small.inconclusive_near_one(), quality.Share(0, 0))
        self.assertEqual(small.precise(), quality.Share(3, 3))
        self.assertEqual(large.aa_excluding(), quality.Share(1, 2))
        self.assertEqual(large.planted_called(stats.EQUIVALENT), quality.Share(1, 1))
        self.assertEqual(large.decided(), quality.Share(1, 3))
        self.assertEqual(large.inconclusive_near_one(), quality.Share(1, 2))
        self.assertEqual(large.precise(), quality.Share(1, 3))
        self.assertEqual(every.decided(), quality.Share(4, 6))
        self.assertEqual(every.aa_excluding(), quality.Share(2, 22))
        self.assertEqual(every.planted_called(stats.SLOWER), quality.Share(10, 11))

    def test_the_table_marks_each_figure_short_of_its_target(self) -> None:
        lines = quality.table(*planted_run())
        self.assertEqual(len(lines), 5)
        header = [h.strip() for h in lines[0].split("|")[1:-1]]
        self.assertEqual(header[2:4], ["A/A intervals excluding 1 (2.5%-7.5%)", "A/A band (at most ±3%)"])
        self.assertEqual(header[9], "design comparisons decided (at least 97%)")
        small = [x.strip() for x in lines[2].split("|")[1:-1]]
        self.assertEqual(small, ["2^10", "20", "1 (5.0%)", "±1.00%", "10", "10 (100.0%)", "0 (0.0%)", "9 (90.0%)", "3",
                                 "3 (100.0%)", "-", "3 (100.0%)"])
        large = [x.strip() for x in lines[3].split("|")[1:-1]]
        self.assertEqual(large, ["2^12", "2", "1 (50.0%) ✗", "±4.00% ✗", "1", "0 (0.0%) ✗", "1 (100.0%) ✗",
                                 "0 (0.0%) ✗", "3", "1 (33.3%) ✗", "1 (50.0%) ✗", "1 (33.3%) ✗"])
        self.assertTrue(lines[4].startswith("| all | 22 | 2 (9.1%) ✗ |"), lines[4])

    def test_the_shortfalls_name_the_figures_and_where(self) -> None:
        text = quality.shortfalls(*planted_run())
        self.assertTrue(text.startswith("the figures short of their targets: A/A intervals excluding 1 (2.5%-7.5%) "
                                        "at 2^12 and over the run; the A/A band (at most ±3%) at 2^12 and over the "
                                        "run;"), text)
        self.assertIn("; the planted control called equivalent (none) at 2^12 and over the run;", text)
        self.assertIn("; design comparisons decided (at least 97%) at 2^12 and over the run;", text)
        sizes, every = planted_run()
        self.assertEqual(quality.shortfalls({1024: sizes[1024]}, sizes[1024]),
                         "every figure meets its target at every size and over the run")
        both = {1024: sizes[4096], 4096: sizes[4096]}
        self.assertIn("the planted control called equivalent (none) at every size and over the run",
                      quality.shortfalls(both, every))


def meets(header: str, figures: quality.Figures) -> bool | None:
    """Whether the figures meet the target of the TARGETS entry whose header starts so."""
    return next(t for t in quality.TARGETS if t.header.startswith(header)).meets(figures)


class Targets(unittest.TestCase):
    def test_each_target_at_its_edges(self) -> None:
        inside, outside = c(1.0, 0.99, 1.01), c(1.05, 1.01, 1.09)
        for excluding, expected in ((0, False), (1, True), (3, True), (4, False)):
            figures = quality.Figures(aa=[outside] * excluding + [inside] * (40 - excluding))
            self.assertEqual(meets("A/A intervals excluding 1", figures), expected, excluding)
        self.assertTrue(meets("A/A band", quality.Figures(aa=[c(1.029, 0.99, 1.07)] * 20)))
        self.assertFalse(meets("A/A band", quality.Figures(aa=[c(1 / 1.031, 0.95, 1.01)] * 20)))
        slower, equivalent = c(1.03, 1.02, 1.04), c(1.0, 0.995, 1.005)
        for called, expected in ((8, True), (7, False)):
            planted = [(slower, stats.SLOWER, 1.03)] * called + [(slower, stats.INCONCLUSIVE, 1.03)] * (10 - called)
            self.assertEqual(meets("planted called slower", quality.Figures(planted=planted)), expected)
        for held, expected in ((9, True), (8, False)):
            planted = [(slower, stats.SLOWER, 1.03)] * held + [(slower, stats.SLOWER, 1.05)] * (10 - held)
            self.assertEqual(meets("planted interval holding", quality.Figures(planted=planted)), expected)
        self.assertTrue(meets("planted called equivalent", quality.Figures(planted=[(slower, stats.SLOWER, 1.03)])))
        self.assertFalse(meets("planted called equivalent",
                               quality.Figures(planted=[(equivalent, stats.EQUIVALENT, 1.03)])))
        near, far = c(1.04, 0.9, 1.2), c(1.2, 0.8, 1.8)
        for decided, expected in ((97, True), (96, False)):
            designs = [(equivalent, stats.EQUIVALENT)] * decided + [(near, stats.INCONCLUSIVE)] * (100 - decided)
            self.assertEqual(meets("design comparisons decided", quality.Figures(designs=designs)), expected)
            # the inconclusive ones are near 1; one far from it fails that target, not the decided share
            self.assertTrue(meets("inconclusive within", quality.Figures(designs=designs)))
            self.assertFalse(meets("inconclusive within",
                                   quality.Figures(designs=designs + [(far, stats.INCONCLUSIVE)])))
            # the same counts of precise comparisons: 97 of 100, then 96 of 100, both at least 95%
            self.assertTrue(meets("precise", quality.Figures(designs=designs)))
        # every inconclusive one: ten near 1 and one far is short
        self.assertFalse(meets("inconclusive within", quality.Figures(designs=[(near, stats.INCONCLUSIVE)] * 10
                                                                       + [(far, stats.INCONCLUSIVE)])))
        for precise, expected in ((95, True), (94, False)):
            designs = [(equivalent, stats.EQUIVALENT)] * precise + [(near, stats.INCONCLUSIVE)] * (100 - precise)
            self.assertEqual(meets("precise", quality.Figures(designs=designs)), expected)
        self.assertIsNone(meets("precise", quality.Figures()))  # nothing to judge


class Verdicts(unittest.TestCase):
    def test_the_same_verdict_by_size_and_the_flips(self) -> None:
        first = {pair(1024, "a", "b"): stats.FASTER, pair(1024, "a", "c"): stats.EQUIVALENT,
                 pair(4096, "a", "b"): stats.FASTER, pair(4096, "a", "c"): stats.SLOWER,
                 pair(4096, "b", "c"): stats.INCONCLUSIVE, pair(16384, "a", "b"): stats.FASTER}
        second = {pair(1024, "a", "b"): stats.FASTER, pair(1024, "a", "c"): stats.INCONCLUSIVE,
                  pair(4096, "a", "b"): stats.FASTER, pair(4096, "a", "c"): stats.FASTER,
                  pair(4096, "b", "c"): stats.SLOWER, pair(1024, "b", "c"): stats.SLOWER}
        agreement = quality.verdict_agreement(first, second)
        self.assertEqual(agreement.by_size, {1024: quality.Share(1, 2), 4096: quality.Share(1, 3)})
        self.assertEqual(agreement.overall(), quality.Share(2, 5))
        # faster against equivalent or inconclusive is a verdict changed, not a flip
        self.assertEqual(agreement.flips, [pair(4096, "a", "c")])
        self.assertEqual(agreement.only_one, 2)
        lines = quality.agreement_lines(agreement, first, second)
        self.assertEqual(lines[0], "verdicts: 2 of 5 design comparisons have the same verdict in both runs (40.0%; "
                                   "target at least 95%); 1 flip between faster and slower (target none); 2 in one "
                                   "run only")
        self.assertEqual(lines[1:], ["    2^10: 1 of 2 the same (50.0%)", "    2^12: 1 of 3 the same (33.3%)",
                                     "  flip: simple_iter n=4096 a / c: slower against faster"])


class PairedRun(TempDir):
    """A paired run at two sizes with both controls: the quality table's counts are those of the rest of the
    page (the rule's outcomes, the controls' figures)."""

    TRUTH = {"raw-soa": 1.0, "a": 2.0, "a~aa": 2.0, "a~slower3": 2.06, "b": 3.0, "c": 2.01}

    def make(self, folder: str, wobble: float) -> report.Results:
        os.makedirs(self.path(folder), exist_ok=True)
        rows: list[str] = []
        lines = [",".join(paired.COLUMNS)]
        for n in (1024, 4096):
            for p in range(6):
                seed = f"{p + 1:016x}"
                rows += [run_row(s, "simple_iter", n, t * (1 + 0.1 * p), seed=seed) for s, t in self.TRUTH.items()]
                for r in range(4):
                    machine = (1.0, 1.6, 1.2, 2.0)[(p + r) % 4]
                    for k, (s, t) in enumerate(self.TRUTH.items()):
                        jitter = 1 + wobble * ((p * 7 + r * 3 + k * (n // 1024)) % 5 - 2)
                        ns = t * machine * jitter * 10 * n
                        lines.append(f"{seed},0,simple_iter,{n},warm,0,{seed},{s},{r},{k},10,{ns:.3f},{ns:.3f},0,0")
        self.write(os.path.join(folder, "runs.csv"), RUN_HEADER + "\n" + "\n".join(rows) + "\n")
        self.write(os.path.join(folder, "samples.csv"), "\n".join(lines) + "\n")
        self.write(os.path.join(folder, "metadata.csv"),
                   "key,value\nmachine_id,test-machine\nbench_min_procs,5\nbench_max_procs,7\nbench_target_ci,0.03\n"
                   "paired,1\npaired_clock,cpu\npaired_reference,a\n")
        self.assertEqual(results.main([self.path(folder)]), 0)
        self.record("metadata.csv", "runs.csv", "results.csv", "results.json", "samples.csv", "pairs.csv",
                    directory=self.path(folder))
        return report.Results(self.path(folder, "results.csv"))

    def test_the_table_counts_what_the_rest_of_the_page_counts(self) -> None:
        res = self.make("one", 0.002)
        lines = report.table(res, "quality")
        self.assertEqual([line.split("|")[1].strip() for line in lines[2:]], ["2^10", "2^12", "all"])
        every = [x.strip() for x in lines[-1].split("|")[1:-1]]
        different, equivalent, inconclusive = (int(w.split()[0]) for w in report.value(res, "rule outcomes").split(","))
        family = int(report.value(res, "rule family"))
        self.assertEqual(int(every[8]), family)  # every pair of raw-soa, a, b and c at two sizes
        self.assertEqual(family, 12)
        self.assertTrue(every[9].startswith(f"{different + equivalent} ("), every)
        self.assertEqual(every[10] == "-", inconclusive == 0, every)
        excluding = report.value(res, "controls aa-excluding").split()
        self.assertEqual((every[1], every[2].split()[0]), (excluding[2], excluding[0]))
        slower = report.value(res, "controls planted-slower").split()
        self.assertEqual((every[4], every[5].split()[0]), (slower[2], slower[0]))
        self.assertIn(report.value(res, "quality shortfalls").split(":")[0],
                      ("the figures short of their targets",
                       "every figure meets its target at every size and over the run"))
        with self.assertRaises(report.TableError):
            report.value(res, "quality everything")

    def test_reproduce_compares_the_verdicts_of_two_runs(self) -> None:
        self.make("one", 0.002)
        self.make("two", 0.003)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(reproduce.main([self.path("one"), self.path("two")]), 0)
        lines = out.getvalue().splitlines()
        self.assertTrue(lines[0].startswith("reproduce: "), lines)
        verdicts = next(line for line in lines if line.startswith("verdicts: "))
        self.assertRegex(verdicts, r"^verdicts: \d+ of 12 design comparisons have the same verdict in both runs "
                                   r"\(\d+\.\d%; target at least 95%\); 0 flips between faster and slower")
        self.assertIn("    2^10: ", out.getvalue())
        os.remove(self.path("two", "results.csv"))
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(reproduce.main([self.path("one"), self.path("two")]), 1)


if __name__ == "__main__":
    unittest.main()

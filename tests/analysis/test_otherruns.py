"""Other runs against the reference run: planted picks are the same, overlapping or different; planted ratios of
two runs agree only where the interval of their quotient holds 1, not merely where their intervals touch."""

import os
import tempfile
import unittest

import support  # noqa: F401 (puts the package on the import path)
from analysis import otherruns, stats


def c(ratio: float, low: float, high: float, df: float = 20) -> stats.Comparison:
    return stats.Comparison(ratio, low, high, df)


class Picks(unittest.TestCase):
    def test_the_same_designs_in_any_order_are_the_same_pick(self) -> None:
        self.assertEqual(otherruns.agreement(["a", "b"], ["b", "a"]), otherruns.SAME)
        self.assertEqual(otherruns.agreement_text(["a"], ["a"]), "same")

    def test_a_pick_inside_another_overlaps_and_is_not_the_same(self) -> None:
        # a subset shares every design of one side and is still another pick
        self.assertEqual(otherruns.agreement(["a"], ["a", "b"]), otherruns.OVERLAPPING)
        self.assertEqual(otherruns.agreement(["a", "b"], ["a"]), otherruns.OVERLAPPING)
        self.assertEqual(otherruns.agreement_text(["a", "b", "c"], ["a", "d"]),
                         "overlapping: adds `d`; leaves out `b` and `c`")

    def test_picks_without_a_design_in_common_are_different(self) -> None:
        self.assertEqual(otherruns.agreement(["a", "b"], ["c"]), otherruns.DIFFERENT)
        self.assertEqual(otherruns.agreement_text(["a", "b"], ["d", "c"]), "different: `c` and `d`")

    def test_the_common_size_is_the_largest_power_of_two_both_measured(self) -> None:
        self.assertEqual(otherruns.common_size([1024, 4096, 16384, 65536], [1024, 4096, 16384, 20000]), 16384)
        self.assertEqual(otherruns.common_size([1024, 3000], [3000, 4096]), None)


class Ratios(unittest.TestCase):
    def test_the_same_ratio_in_both_runs_agrees(self) -> None:
        self.assertTrue(otherruns.agree(c(1.2, 1.1, 1.3), c(1.2, 1.15, 1.25)))

    def test_intervals_that_touch_need_not_agree(self) -> None:
        # 1.00 [0.95, 1.05] and 1.09 [1.04, 1.14] overlap, but their quotient's interval lies below 1
        a, b = c(1.0, 0.95, 1.05), c(1.09, 1.04, 1.14)
        q = otherruns.quotient(a, b)
        assert q is not None
        self.assertLess(q.high, 1)
        self.assertFalse(otherruns.agree(a, b))
        self.assertFalse(otherruns.agree(b, a))

    def test_wide_intervals_agree_across_a_gap_narrow_ones_do_not_bridge(self) -> None:
        self.assertTrue(otherruns.agree(c(1.0, 0.8, 1.25), c(1.15, 0.95, 1.4)))
        self.assertFalse(otherruns.agree(c(1.0, 0.99, 1.01), c(1.05, 1.04, 1.06)))

    def test_a_ratio_without_an_interval_agrees_with_nothing(self) -> None:
        self.assertIsNone(otherruns.quotient(c(1.0, 1.0, 1.0, 0), c(1.0, 0.9, 1.1)))
        self.assertFalse(otherruns.agree(c(1.0, 1.0, 1.0, 0), c(1.0, 0.9, 1.1)))

    def test_the_share_counts_the_ratios_both_runs_measured(self) -> None:
        ours = {("s", 1024, "warm", "a", "r"): c(1.2, 1.1, 1.3), ("s", 1024, "warm", "b", "r"): c(1.0, 0.99, 1.01),
                ("s", 2048, "warm", "a", "r"): c(1.0, 0.9, 1.1)}
        theirs = {("s", 1024, "warm", "a", "r"): c(1.2, 1.15, 1.25), ("s", 1024, "warm", "b", "r"): c(1.5, 1.4, 1.6)}
        share = otherruns.share(ours, theirs)
        self.assertEqual((share.agreeing, share.total), (1, 2))
        self.assertEqual(share.text(), "1 of 2 (50.0%)")
        self.assertEqual(otherruns.share({}, theirs).text(), "none")


class Siblings(unittest.TestCase):
    def test_only_published_folders_beside_the_run_are_other_runs(self) -> None:
        with tempfile.TemporaryDirectory() as root:
            for name, files in (("ref", ("manifest.csv", "results.csv")), ("other", ("manifest.csv", "results.csv")),
                                ("staging", ("results.csv",))):
                os.mkdir(os.path.join(root, name))
                for f in files:
                    open(os.path.join(root, name, f), "w").close()
            # outside any repository git cannot tell a committed run from a reader's: every published one counts
            self.assertEqual(otherruns.siblings(os.path.join(root, "ref")), [os.path.join(root, "other")])

    def test_runs_are_named_by_machine_and_commit(self) -> None:
        self.assertEqual(otherruns.run_label("amd-x", "f6d5be55996e"), "`amd-x` (commit f6d5be5)")


if __name__ == "__main__":
    unittest.main()

"""The first page's answer: planted standings give the pick, the next design, the sizes where the pick changes and
the mechanism the page must print."""

import dataclasses
import unittest

from support import planted_standing, present
from analysis import answers, frames, stats, wording

RULE = stats.Rule(0.05, 1)  # a difference at p <= 0.05; the 3% margin


def c(ratio: float, low: float, high: float) -> stats.Comparison:
    return stats.Comparison(ratio, low, high, 9)


def standing(*designs: tuple[str, stats.Comparison | None],
             between: dict[tuple[str, str], stats.Comparison] | None = None
             ) -> tuple[list[wording.Figure], wording.Pairwise]:
    """(figures, compare) of designs [(name, comparison to the first or None)], the first the fastest, and of other
    pairs between (support.planted_standing)."""
    return planted_standing(designs, between)


SLOW, TIE, SAME = c(1.5, 1.4, 1.6), c(1.02, 0.95, 1.10), c(1.0, 0.99, 1.01)


class Pick(unittest.TestCase):
    def test_a_single_pick_and_the_next_design_found_slower(self) -> None:
        figures, comparisons = standing(("a", None), ("b", SLOW), ("c", c(2.0, 1.9, 2.1)))
        self.assertEqual(wording.leading_text(figures, comparisons, RULE), "`a`")
        self.assertEqual(answers.runner_up(figures, comparisons, RULE), (1, "`b` 1.50x [1.40, 1.60]"))

    def test_designs_not_found_slower_share_the_pick(self) -> None:
        figures, comparisons = standing(("b", None), ("a", TIE), ("c", SLOW))
        self.assertEqual(wording.leading_text(figures, comparisons, RULE), "`a` and `b` (not told apart)")
        self.assertEqual(answers.runner_up(figures, comparisons, RULE), (2, "`c` 1.50x [1.40, 1.60]"))
        figures, comparisons = standing(("b", None), ("a", SAME))
        self.assertEqual(wording.leading_text(figures, comparisons, RULE), "`a` and `b` (equivalent)")
        self.assertEqual(answers.runner_up(figures, comparisons, RULE), (None, "none beyond the margin"))

    def test_next_is_the_fastest_design_outside_the_pick(self) -> None:
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

    def test_the_sizes_where_the_pick_changes(self) -> None:
        single = standing(("a", None), ("b", SLOW))
        tied = standing(("a", None), ("b", TIE))
        swapped = standing(("b", None), ("a", SLOW))
        self.assertEqual(answers.other_sizes([(1024, *single), (4096, *single)], [4096], RULE),
                         "the same at every N measured (2^10 to 2^12)")
        self.assertEqual(answers.other_sizes([(1024, *swapped), (2048, *tied), (4096, *single)], [4096], RULE),
                         "2^10: `b`; 2^11: `a` and `b` (not told apart)")

    def test_with_two_sizes_read_every_run_is_named_and_those_read_by_their_size(self) -> None:
        single = standing(("a", None), ("b", SLOW))
        swapped = standing(("b", None), ("a", SLOW))
        tied = standing(("a", None), ("b", TIE))
        per_size = [(1024, *single), (4096, *single), (16384, *tied), (65536, *swapped), (262144, *swapped)]
        # the pick changes after 2^12 and again after 2^14: a reader sees where, not only that it differs
        self.assertEqual(answers.other_sizes(per_size, [4096, 262144], RULE),
                         "2^10 to 2^12: as at 2^12; 2^14: `a` and `b` (not told apart); 2^16 to 2^18: as at 2^18")
        # a change between two runs read is named by its sizes even where no other run lies between them
        self.assertEqual(answers.other_sizes(per_size[:2] + per_size[3:], [4096, 262144], RULE),
                         "2^10 to 2^12: as at 2^12; 2^16 to 2^18: as at 2^18")
        self.assertEqual(answers.other_sizes([(1024, *single), (4096, *single)], [1024, 4096], RULE),
                         "the same at every N measured (2^10 to 2^12)")


class BySize(unittest.TestCase):
    def test_the_sizes_read_are_the_fixed_one_and_the_largest(self) -> None:
        self.assertEqual(answers.sizes_read(16384, [1024, 4096, 16384, 65536, 1048576]), [16384, 1048576])
        # a run that stops at the fixed size reads one size, as does one that names no fixed size
        self.assertEqual(answers.sizes_read(16384, [1024, 4096, 16384]), [16384])
        self.assertEqual(answers.sizes_read(None, [1024, 1048576]), [1048576])
        # a workload not measured at the fixed size is read at the largest size below it; sizes not powers of two
        # (a sweep's in-between points) are never read
        self.assertEqual(answers.sizes_read(16384, [1024, 4096, 65536, 100000]), [4096, 65536])
        self.assertEqual(answers.sizes_read(16384, [65536, 262144]), [65536, 262144])
        self.assertEqual(answers.sizes_read(16384, []), [])

    def test_a_column_reads_its_size_or_the_largest_beyond_the_fixed_one(self) -> None:
        found = [answers.SizeAnswer(16384, "`a`", "`b` 1.50x [1.40, 1.60]", None),
                 answers.SizeAnswer(262144, "`b`", "none beyond the margin", "why")]
        self.assertEqual(answers.pick_cell(found, 16384, 16384), "`a`; next: `b` 1.50x [1.40, 1.60]")
        # the workload's largest size lies below the column's: named in its cell
        self.assertEqual(answers.pick_cell(found, 1048576, 16384), "`b`; next: none beyond the margin (at 2^18)")
        self.assertEqual(answers.pick_cell(found, 262144, 16384), "`b`; next: none beyond the margin")
        self.assertEqual(answers.pick_cell(found[:1], 1048576, 16384), "not measured beyond 2^14")
        self.assertEqual(answers.pick_cell(found[1:], 16384, 16384), "not measured at 2^14")
        self.assertEqual(answers.why_cell(found), "at 2^18: why")
        self.assertEqual(answers.why_cell(found[:1]), "-")

    def test_worlds_against_the_last_level_cache(self) -> None:
        caches = "L1d 32K 8-way 64B line; L1i 32K 8-way 64B line; L2 1024K 8-way 64B line; L3 32768K 16-way 64B line"
        self.assertEqual(answers.last_level_cache(caches), ("L3", 32 << 20))
        self.assertEqual(answers.last_level_cache("L1d 48K 12-way; L2 2048K 16-way"), ("L2", 2 << 20))
        self.assertIsNone(answers.last_level_cache(""))
        llc = ("L3", 32 << 20)
        mib = 1 << 20
        self.assertEqual(answers.worlds_text([0.5 * mib, 4 * mib], llc),
                         ("in cache", "worlds of 512.0 KiB to 4.00 MiB; L3 32.00 MiB"))
        self.assertEqual(answers.worlds_text([40 * mib, 280 * mib], llc)[0], "beyond the caches")
        # a world exactly the cache's size still fits; one byte over does not
        self.assertEqual(answers.worlds_text([32 * mib], llc), ("in cache", "worlds of 32.00 MiB; L3 32.00 MiB"))
        self.assertEqual(answers.worlds_text([32 * mib + 1], llc)[0], "beyond the caches")
        # some worlds in the cache and some beyond it: the column claims neither
        self.assertEqual(answers.worlds_text([20 * mib, 280 * mib], llc)[0], "")
        self.assertEqual(answers.worlds_text([20 * mib, 280 * mib], None),
                         ("", "worlds of 20.00 MiB to 280.00 MiB"))
        self.assertEqual(answers.pick_header(16384, "in cache", "worlds"),
                         "In cache: pick at 2^14; next, its time / the fastest's (worlds)")
        self.assertEqual(answers.pick_header(1048576, "", "worlds"),
                         "Pick at 2^20; next, its time / the fastest's (worlds)")

    def test_the_picks_are_counted_per_size_read(self) -> None:
        hows = ["", "", wording.NOT_TOLD_APART, stats.EQUIVALENT]
        self.assertEqual(answers.count_text([(16384, hows)], ""), "2 of 4")
        self.assertEqual(answers.count_text([(16384, hows), (1048576, ["", wording.NOT_TOLD_APART, ""])], ""),
                         "2 of 4 at 2^14 and 2 of 3 at 2^20")
        self.assertEqual(answers.count_text([(16384, hows), (1048576, [wording.NOT_TOLD_APART])],
                                            wording.NOT_TOLD_APART), "1 of 4 at 2^14 and 1 of 1 at 2^20")
        # a size no workload was measured at is not counted as "0 of 0"
        self.assertEqual(answers.count_text([(16384, hows), (1048576, [])], stats.EQUIVALENT), "1 of 4")


class Why(unittest.TestCase):
    def test_the_mechanism_names_both_designs(self) -> None:
        a = answers.Mechanism("a", 3.3, 0.38, 0.0, 112)
        b = answers.Mechanism("b", 5.1, 0.52, 0.01, 118)
        self.assertEqual(answers.why(a, b),
                         "`a` against `b`: Ir 3.3 vs 5.1, D1 0.38 vs 0.52, LL 0 vs 0.01, 112 vs 118 B/entity")
        # without a next design there is no lead beyond the margin to explain
        self.assertIsNone(answers.why(a, None))
        self.assertIsNone(answers.why(None, None))

    def test_equal_instructions_and_different_times_are_a_memory_effect(self) -> None:
        a = answers.Mechanism("a", 100.0, 1.0, 0.0, 40)
        b = answers.Mechanism("b", 104.0, 2.5, 0.0, 80)
        self.assertTrue(present(answers.why(a, b)).startswith(
            "`a` against `b`: the same work (Ir 100 vs 104): a memory or layout effect; D1 1 vs 2.5"))
        # without a difference in time there is nothing to explain
        self.assertFalse(answers.against(a, b, slower=False).startswith("`a` against `b`: the same work"))


class BeyondTheCaches(unittest.TestCase):
    """The why at a size beyond the simulated last level: the designs it compares, and which of their worlds the
    last level still holds."""

    LL = 32 << 20

    def test_the_fastest_and_the_next_are_the_designs_explained(self) -> None:
        figures, compare = standing(("b", None), ("a", TIE), ("c", SLOW), ("d", c(2.0, 1.9, 2.1)))
        self.assertEqual(answers.explained(figures, compare, RULE), ["b", "c"])
        # every design picked: no lead beyond the margin, nothing to explain and nothing to simulate
        self.assertEqual(answers.explained(*standing(("b", None), ("a", SAME)), RULE), [])

    def test_a_world_the_last_level_holds_is_named_where_last_level_misses_are(self) -> None:
        n = 1 << 20
        big = answers.Mechanism("big", 30.0, 2.0, 1.5, 120)  # 120 MiB at 2^20
        small = answers.Mechanism("small", 20.0, 1.0, 0.25, 16)  # 16 MiB: within the 32 MiB last level
        self.assertEqual(answers.why_at(big, small, n, self.LL),
                         "`big` against `small`: Ir 30 vs 20, D1 2 vs 1, LL 1.5 vs 0.25, 120 vs 16 B/entity; "
                         "`small`'s world (16.00 MiB) fits the 32 MiB LL")
        # a world of exactly the last level's size fits it too; both named where both fit
        exact = answers.Mechanism("exact", 20.0, 1.0, 0.25, 32)
        self.assertTrue(present(answers.why_at(exact, small, n, self.LL)).endswith(
            "; `exact`'s world (32.00 MiB) and `small`'s world (16.00 MiB) fit the 32 MiB LL"))
        # both worlds beyond it: the why alone
        self.assertEqual(answers.why_at(big, big, n, self.LL), answers.why(big, big))
        # at a size where neither misses the last level, the why names no LL misses, and no world either
        cold = answers.Mechanism("small", 20.0, 1.0, 0.0, 16)
        self.assertEqual(answers.why_at(dataclasses.replace(big, ll_misses=0.0), cold, n, self.LL),
                         "`big` against `small`: Ir 30 vs 20, D1 2 vs 1, 120 vs 16 B/entity")
        # without the geometry, or without a next design, as why
        self.assertEqual(answers.why_at(big, small, n, None), answers.why(big, small))
        self.assertIsNone(answers.why_at(big, None, n, self.LL))


def frame(design: str, worst_us: float, budget: str, over: tuple[float, float, float] | None = None,
          typical_us: float | None = None, start_us: float = 0.0, hitch: tuple[float, float, float] = (1.0, 0.95, 1.05),
          verdict: str = "steady", hitch_frame: int = 40, retired: int = 0,
          instructions: float | None = None) -> answers.FrameStanding:
    """A design's FrameStanding: its worst steady frame (at frame 40, +/-10%), its budget verdict with its ratio to
    the lowest (over), its typical and start-up frames, its hitch against raw's and its deterministic side."""
    return answers.FrameStanding(design, frames.FrameCost(40, worst_us * 1e3, worst_us * 0.9e3, worst_us * 1.1e3),
                                 c(*over) if over else None, budget, (typical_us or worst_us) * 1e3, start_us * 1e3,
                                 hitch_frame, c(*hitch), verdict, retired, 40, instructions,
                                 None if instructions is None else 40)


class Cheapest(unittest.TestCase):
    def test_the_lowest_worst_frame_and_those_not_found_above_it_are_the_pick(self) -> None:
        # "flat" holds no hitch but every frame of it is slow: it breaks a budget the others keep
        standings = [frame("flat", 150.0, frames.ABOVE, (5.0, 4.5, 5.5), hitch=(1.0, 0.99, 1.01)),
                     frame("close", 31.0, frames.WITHIN, (1.03, 1.01, 1.05), hitch=(3.0, 2.8, 3.2), verdict="hitch"),
                     frame("unsure", 33.0, frames.INCONCLUSIVE, (1.10, 1.07, 1.13)),
                     frame("low", 30.0, frames.LOWEST, hitch=(2.9, 2.6, 3.3), verdict="hitch"),
                     frame("next", 45.0, frames.ABOVE, (1.50, 1.40, 1.60))]
        pick, above = answers.cheapest(standings)
        self.assertEqual([s.design for s in pick], ["low", "close", "unsure"])
        self.assertEqual(present(above).design, "next")
        self.assertEqual(answers.frame_pick(pick), "`low`: worst frame 30.0 [27.0, 33.0] µs at frame 40; within 10%: "
                                                   "`close` 1.03x [1.01, 1.05]; not told apart: `unsure` 1.10x [1.07, "
                                                   "1.13]")
        self.assertEqual(answers.next_figure(above), "`next`: worst frame 45.0 [40.5, 49.5] µs at frame 40, 1.50x "
                                                     "[1.40, 1.60] the pick's")
        self.assertEqual(answers.frame_hitches(pick[:2]), "`low`: frame 40, 2.90x [2.60, 3.30] raw's, a hitch; `close`: "
                                                          "frame 40, 3.00x [2.80, 3.20] raw's, a hitch")
        self.assertTrue(answers.frame_hitches(pick[:1] * 6).endswith("raw's, a hitch; and 2 more"))

    def test_the_lowest_wins_even_where_it_is_listed_last_and_stands_highest(self) -> None:
        # the order of the rows and the hitch play no part: ranked by the hitch, "flat" would lead
        standings = [frame("flat", 150.0, frames.ABOVE, (5.0, 4.5, 5.5), hitch=(1.0, 0.99, 1.01)),
                     frame("spiky", 30.0, frames.LOWEST, hitch=(6.0, 5.0, 7.0), verdict="hitch")]
        pick, above = answers.cheapest(standings)
        self.assertEqual(([s.design for s in pick], present(above).design), (["spiky"], "flat"))
        self.assertEqual(answers.next_figure(answers.cheapest(standings[1:])[1]), "none found above")

    def test_a_hitch_at_the_start_up_frame_says_so(self) -> None:
        cold = frame("cold", 30.0, frames.LOWEST, hitch=(1.9, 1.8, 2.0), verdict="hitch", hitch_frame=0)
        self.assertEqual(answers.hitch_figure(cold), "`cold`: frame 0 (start-up), 1.90x [1.80, 2.00] raw's, a hitch")
        self.assertEqual(answers.frame_label(0), "frame 0 (start-up)")
        self.assertEqual(answers.frame_label(15), "frame 15")

    def test_the_why_names_the_typical_frame_the_start_up_frame_the_bytes_and_instructions(self) -> None:
        first = frame("chunked", 30.0, frames.LOWEST, typical_us=10.0, start_us=37.0, retired=3 << 19,
                      instructions=5.61)
        second = frame("grower", 45.0, frames.ABOVE, (1.5, 1.4, 1.6), typical_us=12.0, start_us=4.0)
        self.assertEqual(answers.frame_why(first, second),
                         "`chunked`: frames of 10 µs, the start-up frame 37 µs; 1.50 MiB retired at frame 40, 5.6x the "
                         "median frame's instructions at frame 40; `grower`: frames of 12 µs; no memory retired")
        self.assertEqual(answers.frame_detail(second),
                         "frames of 12 µs, the worst 45.0 [40.5, 49.5] µs at frame 40; no memory retired")


if __name__ == "__main__":
    unittest.main()

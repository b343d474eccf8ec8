"""The block scheduler: the pilot sets a block's layouts and rounds, the stopping rule says when it is done."""

import math
import random
import unittest

import support
from analysis import allocation, blocks, paired, stats, stopping


def planted_block(within_sd: float, between_sd: float, processes: int = 12, rounds: int = 10, seed: int = 3,
                  layouts: int = 1, layout_sd: float = 0.0, ratio: float = 2.0, outliers: float = 0.0) -> paired.Block:
    """A block of two designs whose ratio is `ratio`, with a log-normal offset per process (between_sd), per layout
    (layout_sd) and per round (within_sd), each process of `layouts` layouts of `rounds` rounds; a share `outliers`
    of the rounds is 1.5x off."""
    rng = random.Random(seed)
    block = paired.Block(paired.BlockKey("x", 1024, "warm"), "cpu")
    for p in range(processes):
        offset = rng.gauss(0, between_sd)
        for layout in range(layouts):
            placed = rng.gauss(0, layout_sd)
            for r in range(rounds):
                odd = 1.5 if rng.random() < outliers else 1.0
                value = ratio * odd * math.exp(offset + placed + rng.gauss(0, within_sd))
                block.times.setdefault(f"{p:016x}", {}).setdefault(layout, {})[r] = {"ref": 1.0, "a": value}
    return block


COSTS = allocation.Costs(round_s=0.08, layout_s=0.06, process_s=0.5, pilot_s=1.2)
DEFAULT = allocation.Allocation(3, 2)


class Allocation(unittest.TestCase):
    def test_components_recover_planted_variances_at_each_level(self) -> None:
        c = support.present(allocation.components(planted_block(0.05, 0.02, processes=300, rounds=3, layouts=4,
                                                                layout_sd=0.06), "ref"))
        self.assertAlmostEqual(math.sqrt(c.rounds_var), 0.05, delta=0.008)
        self.assertAlmostEqual(math.sqrt(c.layouts_var), 0.06, delta=0.01)
        self.assertAlmostEqual(math.sqrt(c.between), 0.02, delta=0.01)
        self.assertFalse(c.heavy_tails)
        # one layout a process, one round a layout, too few processes, or no reference: no estimate
        self.assertIsNone(allocation.components(planted_block(0.05, 0.02, layouts=1, rounds=3), "ref"))
        self.assertIsNone(allocation.components(planted_block(0.05, 0.02, layouts=3, rounds=1), "ref"))
        self.assertIsNone(allocation.components(planted_block(0.05, 0.02, processes=2, layouts=3, rounds=2), "ref"))
        self.assertIsNone(allocation.components(planted_block(0.05, 0.02, layouts=3, rounds=2), "other"))

    def test_cheap_layouts_that_differ_most_give_many_layouts_of_one_round(self) -> None:
        # layouts differ (0.06) more than rounds (0.034), processes hardly (0.007), a layout costs less than a round:
        # one round a layout; layouts sqrt(0.5 (0.0036 + 0.0012) / (0.14 * 0.000049)) = 18.7, within the pilot's
        # time thrice over ((3.6 - 0.5) / 0.14 = 22)
        c = allocation.Components(rounds_var=0.034 ** 2, layouts_var=0.06 ** 2, between=0.007 ** 2, heavy_tails=False)
        self.assertEqual(allocation.best(c, COSTS, DEFAULT), allocation.Allocation(19, 1))

    def test_dear_layouts_give_more_rounds_each(self) -> None:
        # a layout costs 1.5 s of building and a round 0.1 s: rounds sqrt(1.5 (pi / 2) 0.0012 / (0.1 * 0.0036)) = 2.8
        c = allocation.Components(0.034 ** 2, 0.06 ** 2, 0.007 ** 2, False)
        dear = allocation.Costs(round_s=0.1, layout_s=1.5, process_s=4.0, pilot_s=7.0)
        got = allocation.best(c, dear, DEFAULT)
        self.assertEqual(got.rounds, 3)
        # (3 x 7 - 4) / (1.5 + 0.3) = 9.4 layouts at most in three pilots' time
        self.assertEqual(got.layouts, 9)

    def test_processes_that_differ_most_give_few_layouts(self) -> None:
        c = allocation.Components(0.034 ** 2, 0.01 ** 2, 0.1 ** 2, False)
        self.assertEqual(allocation.best(c, COSTS, DEFAULT).layouts, 1)

    def test_heavy_tails_keep_three_rounds_a_layout(self) -> None:
        c = support.present(allocation.components(planted_block(0.02, 0.005, processes=30, rounds=4, layouts=4,
                                                                layout_sd=0.05, outliers=0.05), "ref"))
        self.assertTrue(c.heavy_tails)
        # where one round a layout would do, three are kept
        light = allocation.Components(0.034 ** 2, 0.06 ** 2, 0.007 ** 2, heavy_tails=False)
        heavy = allocation.Components(0.034 ** 2, 0.06 ** 2, 0.007 ** 2, heavy_tails=True)
        self.assertEqual(allocation.best(light, COSTS, DEFAULT).rounds, 1)
        self.assertEqual(allocation.best(heavy, COSTS, DEFAULT).rounds, allocation.GUARD_ROUNDS)
        self.assertFalse(allocation.heavy_tails([0.01 * math.sin(k) for k in range(200)]))

    def test_no_variance_seen_keeps_the_run_s_allocation(self) -> None:
        self.assertEqual(allocation.best(allocation.Components(0.0, 0.0, 0.0, False), COSTS, DEFAULT), DEFAULT)

    def test_pilot_costs_come_from_the_processes_costs_lines(self) -> None:
        state = blocks.BlockState("x", 1024, "warm")
        line = {"seconds": 2.0, "layouts": 3, "rounds": 2, "rounds_s": 0.6, "build_s": 0.5, "check_s": 0.1,
                "first_layout_s": 0.3}
        state.phases = [line, dict(line, layouts=1)]
        costs = support.present(blocks.pilot_costs(state))
        self.assertAlmostEqual(costs.round_s, 0.1)
        self.assertAlmostEqual(costs.layout_s, 0.15)
        self.assertAlmostEqual(costs.process_s, 2.0 - 3 * 0.15 - 0.6)
        self.assertIsNone(blocks.pilot_costs(blocks.BlockState("x", 1024, "warm", phases=[dict(line, layouts=1)])))
        # a block's next process costs what its pilot says one of its layouts and rounds takes
        state.layouts, state.rounds = 10, 1
        self.assertAlmostEqual(state.cost(), costs.process_s + 10 * (0.15 + 0.1))


class Stopping(unittest.TestCase):
    def test_a_block_is_open_until_its_comparisons_are_precise_enough(self) -> None:
        self.assertEqual(stopping.openness(planted_block(0.001, 0.001), 0.03).open, 0)
        wide = stopping.openness(planted_block(0.2, 0.2, processes=4, ratio=1.02), 0.03)
        self.assertEqual((wide.open, wide.compared), (1, 1))
        self.assertGreater(wide.gain, 0)
        self.assertEqual(stopping.openness(None, 0.03).gain, math.inf)

    def test_a_precise_comparison_stays_open_until_it_is_decided(self) -> None:
        # a ratio of 1.03 known to about +/-2.5%: precise (within +/-3%), but it neither excludes 1 nor lies within
        # the margin; more processes tell it apart from 1
        near = planted_block(0.02, 0.02, processes=6, ratio=1.03, seed=1)
        c = support.present(stopping.interval(stopping.design_logs(near), "a", "ref"))
        width = stats.relative_half_width(c.ratio, c.low, c.high)
        self.assertLessEqual(width, 0.03)
        self.assertFalse(stopping.decided(c, 0.03))
        self.assertEqual(stopping.openness(near, 0.03).open, 1)
        self.assertGreater(stopping.openness(near, 0.03).gain, 0)
        self.assertTrue(stopping.decided(stats.Comparison(1.05, 1.01, 1.09, 0), 0.03))
        self.assertTrue(stopping.decided(stats.Comparison(1.0, 0.985, 1.015, 0), 0.03))
        self.assertFalse(stopping.decided(stats.Comparison(1.02, 0.99, 1.05, 0), 0.03))

    def test_a_large_difference_needs_a_third_of_itself(self) -> None:
        # a ratio of 2 known to about +/-20%: a third of its difference (33%) is precise enough, +/-3% is not asked
        block = planted_block(0.05, 0.15, processes=6)
        c = support.present(stopping.interval(stopping.design_logs(block), "a", "ref"))
        width = stats.relative_half_width(c.ratio, c.low, c.high)
        self.assertTrue(0.03 < width < stopping.target(c.ratio, 0.03))
        self.assertEqual(stopping.openness(block, 0.03).open, 0)
        self.assertAlmostEqual(stopping.target(0.7, 0.03), 0.1)
        self.assertEqual(stopping.target(1.01, 0.03), 0.03)

    def test_every_two_designs_and_each_control_with_its_original_are_compared(self) -> None:
        block = paired.Block(paired.BlockKey("x", 1024, "warm"), "cpu")
        block.times["p"] = {0: {0: {n: 1.0 for n in ("archetype", "archetype~aa", "archetype~slower3", "sparse",
                                                      "tables")}}}
        self.assertEqual(sorted(stopping.pairs(block)),
                         sorted([("archetype", "sparse"), ("archetype", "tables"), ("sparse", "tables"),
                                 ("archetype~aa", "archetype"), ("archetype~slower3", "archetype")]))

    def test_designs_never_in_one_process_are_compared_through_one_in_every_process(self) -> None:
        rng = random.Random(2)
        block = paired.Block(paired.BlockKey("x", 1 << 22, "warm"), "cpu")
        for p in range(12):
            other, truth = ("a", 1.5) if p % 2 == 0 else ("b", 1.2)
            machine = rng.choice((1.0, 2.0))
            block.times[f"{p:016x}"] = {0: {0: {"ref": machine, other: machine * truth * math.exp(rng.gauss(0, 0.01))}}}
        c = support.present(stopping.interval(stopping.design_logs(block), "a", "b"))
        self.assertLess(c.low, 1.25)
        self.assertGreater(c.high, 1.25)


class Groups(support.TempDir):
    """A block whose worlds do not fit one process under the memory cap is measured in groups of designs."""

    DESIGNS = ["archetype", "archetype~aa", "archetype~slower3", "sparse", "sparse~aa", "tables", "bitmask", "raw-soa"]

    def test_the_reference_and_its_controls_are_in_every_process_and_twins_stay_together(self) -> None:
        state = blocks.BlockState("x", 1 << 22, "warm", designs=list(self.DESIGNS))
        self.assertEqual(state.subsets("archetype"), [self.DESIGNS])
        self.assertTrue(state.split("archetype"))
        visit = state.subsets("archetype")
        self.assertEqual(len(visit), 2)
        for designs in visit:
            self.assertEqual(designs[:3], ["archetype", "archetype~aa", "archetype~slower3"])
            self.assertEqual("sparse" in designs, "sparse~aa" in designs)
        others = sorted(d for designs in visit for d in designs[3:])
        self.assertEqual(others, sorted(self.DESIGNS[3:]))
        self.assertEqual(state.cost(), 2 * blocks.MODEL_SECONDS)

    def test_splits_double_until_a_group_holds_one_family(self) -> None:
        state = blocks.BlockState("x", 1 << 22, "warm", designs=list(self.DESIGNS))
        sizes = []
        while state.split("archetype"):
            sizes.append(len(state.groups))
        # four families beside the reference's: two groups, then four, then no smaller process is possible
        self.assertEqual(sizes, [2, 4])
        self.assertTrue(all(len({blocks.family(d) for d in g}) == 1 for g in state.groups))

    def test_a_block_of_the_reference_alone_cannot_split(self) -> None:
        state = blocks.BlockState("x", 1 << 22, "warm", designs=["archetype", "archetype~aa"])
        self.assertFalse(state.split("archetype"))

    def test_the_controls_come_from_the_list_where_their_design_has_a_cell(self) -> None:
        cells = self.write("cells", "archetype\tsimple_iter\tarchetype\t1024,2048\nsparse\tsimple_iter\tsparse\t1024\n")
        listed = {"simple_iter": ["archetype", "sparse", "archetype~slower3", "sparse~aa", "tables"]}
        states, labels = blocks.read_blocks(cells, set(), listed)
        by_n = {s.n: s.designs for s in states}
        self.assertEqual(by_n[1024], ["archetype", "sparse", "archetype~slower3", "sparse~aa"])
        self.assertEqual(by_n[2048], ["archetype", "archetype~slower3"])
        self.assertEqual(labels, {"archetype", "sparse"})


class Sizes(support.TempDir):
    def test_beyond_the_catalogue_s_size_only_the_first_page_s_workloads_run_in_warm_memory(self) -> None:
        cells = self.write("cells", "archetype\tsimple_iter\tarchetype\t1024,16384,65536\n"
                                    "archetype\tpacked_5\tarchetype\t1024,16384,65536\n"
                                    "archetype\tcreate\tarchetype\t16384,65536\n")
        states, _ = blocks.read_blocks(cells, {"create"}, None, catalogue_max_n=16384,
                                      first_page=frozenset({"simple_iter", "create"}))
        got = sorted((s.scenario, s.n, s.memory) for s in states)
        self.assertEqual(got, [("create", 16384, "fresh"), ("create", 16384, "warm"), ("create", 65536, "warm"),
                               ("packed_5", 1024, "warm"), ("packed_5", 16384, "warm"),
                               ("simple_iter", 1024, "warm"), ("simple_iter", 16384, "warm"),
                               ("simple_iter", 65536, "warm")])
        # without the bound, every size of every scenario
        states, _ = blocks.read_blocks(cells, set(), None)
        self.assertEqual(len(states), 8)


class ThroughTheAnchor(unittest.TestCase):
    def test_designs_of_different_groups_are_compared_through_the_reference(self) -> None:
        # a = 1.5 x ref and b = 1.2 x ref, never in one process: a / b = 1.25, each side with a machine that
        # changes speed between rounds (cancelled within a process) and a layout effect per process.
        rng = random.Random(5)
        block = paired.Block(paired.BlockKey("x", 1 << 22, "warm"), "cpu")
        for p in range(16):
            other, truth = ("a", 1.5) if p % 2 == 0 else ("b", 1.2)
            offset = rng.gauss(0, 0.02)
            for r in range(4):
                machine = rng.choice((1.0, 1.5, 2.0))
                block.times.setdefault(f"{p:016x}", {}).setdefault(0, {})[r] = {
                    "ref": machine, other: machine * truth * math.exp(offset)}
        self.assertEqual(paired.anchor(block, ("a", "b")), "ref")
        estimate = support.present(paired.ratio(block, "a", "b"))
        self.assertIsNotNone(estimate)
        self.assertLess(estimate.low, 1.25)
        self.assertGreater(estimate.high, 1.25)
        self.assertLess(estimate.half_width(), 0.05)
        self.assertEqual(estimate.processes, 8)
        # a design against the reference stays paired over its own processes
        self.assertEqual(support.present(paired.ratio(block, "a", "ref")).processes, 8)
        # with no design in every process, there is no ratio
        del block.times[f"{0:016x}"][0][0]["ref"]
        for r in range(1, 4):
            del block.times[f"{0:016x}"][0][r]["ref"]
        self.assertIsNone(paired.anchor(block, ("a", "b")))
        self.assertIsNone(paired.ratio(block, "a", "b"))


if __name__ == "__main__":
    unittest.main()

"""The block scheduler's pilot: where a block's variance lies sets the rounds of its later processes."""

import math
import random
import unittest

import support
from analysis import blocks, paired


def planted_block(within_sd, between_sd, processes=12, rounds=10, seed=3, layouts=1):
    """A block of two designs whose ratio is 2, with a log-normal offset per process (between_sd) and per round
    (within_sd), each process of `layouts` layouts of `rounds` rounds."""
    rng = random.Random(seed)
    block = paired.Block(("x", 1024, "warm"), "cpu")
    for p in range(processes):
        offset = rng.gauss(0, between_sd)
        for layout in range(layouts):
            for r in range(rounds):
                ratio = 2 * math.exp(offset + rng.gauss(0, within_sd))
                block.times.setdefault(f"{p:016x}", {}).setdefault(layout, {})[r] = {"ref": 1.0, "a": ratio}
    return block


class Rounds(unittest.TestCase):
    def test_the_rounds_follow_where_the_variance_and_the_cost_are(self):
        c = blocks.Components(within=0.01, between=0.001, round_s=0.05, process_s=0.5)
        # sqrt(0.5 * (pi / 2) * 0.01 / (0.05 * 0.001)) = 12.53
        self.assertEqual(blocks.best_rounds(c, 4), 13)
        # the same rounds in all shared out over three layouts a process
        self.assertEqual(blocks.best_rounds(blocks.Components(0.01, 0.001, 0.05, 0.5, layouts=3), 4), 4)
        # noisy rounds and cheap ones against dear processes: as many as allowed
        self.assertEqual(blocks.best_rounds(blocks.Components(0.04, 0.0004, 0.02, 1.0), 4), blocks.MAX_ROUNDS)
        # processes that differ far more than rounds: as few as allowed
        self.assertEqual(blocks.best_rounds(blocks.Components(0.0009, 0.0025, 0.05, 0.5), 4), blocks.MIN_ROUNDS)
        self.assertEqual(blocks.best_rounds(blocks.Components(0.0, 0.01, 0.05, 0.5), 4), blocks.MIN_ROUNDS)
        # no variance between processes seen beyond the rounds': no evidence, the run's own rounds
        self.assertEqual(blocks.best_rounds(blocks.Components(0.01, 0.0, 0.05, 0.5), 4), 4)

    def test_components_recover_planted_variances(self):
        state = blocks.BlockState("x", 1024, "warm", seconds=[1.0] * 12, round_seconds=[0.05] * 12)
        c = blocks.components(planted_block(0.10, 0.03, processes=40, rounds=15), "ref", 15, state)
        self.assertAlmostEqual(math.sqrt(c.within), 0.10, delta=0.015)
        self.assertAlmostEqual(math.sqrt(c.between), 0.03, delta=0.015)
        self.assertAlmostEqual(c.round_s, 0.05)
        self.assertAlmostEqual(c.process_s, 1.0 - 15 * 0.05)
        # too few processes, or no reference: no estimate
        self.assertIsNone(blocks.components(planted_block(0.1, 0.03, processes=2), "ref", 10, state))
        self.assertIsNone(blocks.components(planted_block(0.1, 0.03), "other", 10, state))

    def test_components_take_a_process_s_layouts_into_account(self):
        # a process's value averages three layouts of four rounds: its rounds' share of the variance between
        # processes is a third of one layout's, and the rest is the planted 0.03 between them
        state = blocks.BlockState("x", 1024, "warm", seconds=[1.0] * 12, round_seconds=[0.05] * 12)
        c = blocks.components(planted_block(0.10, 0.03, processes=400, rounds=4, layouts=3), "ref", 4, state)
        self.assertEqual(c.layouts, 3)
        self.assertAlmostEqual(math.sqrt(c.between), 0.03, delta=0.01)

    def test_a_block_is_open_until_its_ratios_meet_the_target(self):
        self.assertEqual(blocks.excess(planted_block(0.001, 0.001), "ref", 0.03), 0.0)
        self.assertGreater(blocks.excess(planted_block(0.2, 0.2, processes=4), "ref", 0.03), 0.0)
        self.assertEqual(blocks.excess(None, "ref", 0.03), math.inf)
        self.assertEqual(blocks.excess(planted_block(0.01, 0.01), "other", 0.03), math.inf)



class Groups(support.TempDir):
    """A block whose worlds do not fit one process under the memory cap is measured in groups of designs."""

    DESIGNS = ["archetype", "archetype~aa", "archetype~slower3", "sparse", "sparse~aa", "tables", "bitmask", "raw-soa"]

    def test_the_reference_and_its_controls_are_in_every_process_and_twins_stay_together(self):
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

    def test_splits_double_until_a_group_holds_one_family(self):
        state = blocks.BlockState("x", 1 << 22, "warm", designs=list(self.DESIGNS))
        sizes = []
        while state.split("archetype"):
            sizes.append(len(state.groups))
        # four families beside the reference's: two groups, then four, then no smaller process is possible
        self.assertEqual(sizes, [2, 4])
        self.assertTrue(all(len({blocks.family(d) for d in g}) == 1 for g in state.groups))

    def test_a_block_of_the_reference_alone_cannot_split(self):
        state = blocks.BlockState("x", 1 << 22, "warm", designs=["archetype", "archetype~aa"])
        self.assertFalse(state.split("archetype"))

    def test_the_controls_come_from_the_list_where_their_design_has_a_cell(self):
        cells = self.write("cells", "archetype\tsimple_iter\tarchetype\t1024,2048\nsparse\tsimple_iter\tsparse\t1024\n")
        listed = {"simple_iter": ["archetype", "sparse", "archetype~slower3", "sparse~aa", "tables"]}
        states, labels = blocks.read_blocks(cells, 1, set(), set(), listed)
        by_n = {s.n: s.designs for s in states}
        self.assertEqual(by_n[1024], ["archetype", "sparse", "archetype~slower3", "sparse~aa"])
        self.assertEqual(by_n[2048], ["archetype", "archetype~slower3"])
        self.assertEqual(labels, {"archetype", "sparse"})


class ThroughTheAnchor(unittest.TestCase):
    def test_designs_of_different_groups_are_compared_through_the_reference(self):
        # a = 1.5 x ref and b = 1.2 x ref, never in one process: a / b = 1.25, each side with a machine that
        # changes speed between rounds (cancelled within a process) and a layout effect per process.
        rng = random.Random(5)
        block = paired.Block(("x", 1 << 22, "warm"), "cpu")
        for p in range(16):
            other, truth = ("a", 1.5) if p % 2 == 0 else ("b", 1.2)
            offset = rng.gauss(0, 0.02)
            for r in range(4):
                machine = rng.choice((1.0, 1.5, 2.0))
                block.times.setdefault(f"{p:016x}", {}).setdefault(0, {})[r] = {
                    "ref": machine, other: machine * truth * math.exp(offset)}
        self.assertEqual(paired.anchor(block, ("a", "b")), "ref")
        estimate = paired.ratio(block, "a", "b")
        self.assertIsNotNone(estimate)
        self.assertLess(estimate.low, 1.25)
        self.assertGreater(estimate.high, 1.25)
        self.assertLess(estimate.half_width(), 0.05)
        self.assertEqual(estimate.processes, 8)
        # a design against the reference stays paired over its own processes
        self.assertEqual(paired.ratio(block, "a", "ref").processes, 8)
        # with no design in every process, there is no ratio
        del block.times[f"{0:016x}"][0][0]["ref"]
        for r in range(1, 4):
            del block.times[f"{0:016x}"][0][r]["ref"]
        self.assertIsNone(paired.anchor(block, ("a", "b")))
        self.assertIsNone(paired.ratio(block, "a", "b"))


if __name__ == "__main__":
    unittest.main()

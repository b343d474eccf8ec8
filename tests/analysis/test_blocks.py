"""The block scheduler's pilot: where a block's variance lies sets the rounds of its later processes."""

import math
import random
import unittest

import support  # noqa: F401  (the import path)
import blocks
import paired


def planted_block(within_sd, between_sd, processes=12, rounds=10, seed=3):
    """A block of two designs whose ratio is 2, with a log-normal offset per process (between_sd) and per round
    (within_sd)."""
    rng = random.Random(seed)
    block = paired.Block(("x", 1024, "warm"), "cpu")
    for p in range(processes):
        offset = rng.gauss(0, between_sd)
        for r in range(rounds):
            ratio = 2 * math.exp(offset + rng.gauss(0, within_sd))
            block.times.setdefault(f"{p:016x}", {}).setdefault(0, {})[r] = {"ref": 1.0, "a": ratio}
    return block


class Rounds(unittest.TestCase):
    def test_the_rounds_follow_where_the_variance_and_the_cost_are(self):
        c = blocks.Components(within=0.01, between=0.001, round_s=0.05, process_s=0.5)
        # sqrt(0.5 * (pi / 2) * 0.01 / (0.05 * 0.001)) = 12.53
        self.assertEqual(blocks.best_rounds(c), 13)
        # noisy rounds and cheap ones against dear processes: as many as allowed
        self.assertEqual(blocks.best_rounds(blocks.Components(0.04, 0.0004, 0.02, 1.0)), blocks.MAX_ROUNDS)
        # processes that differ far more than rounds: as few as allowed
        self.assertEqual(blocks.best_rounds(blocks.Components(0.0009, 0.0025, 0.05, 0.5)), blocks.MIN_ROUNDS)
        self.assertEqual(blocks.best_rounds(blocks.Components(0.0, 0.01, 0.05, 0.5)), blocks.MIN_ROUNDS)
        self.assertEqual(blocks.best_rounds(blocks.Components(0.01, 0.0, 0.05, 0.5)), blocks.MAX_ROUNDS)

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

    def test_a_block_is_open_until_its_ratios_meet_the_target(self):
        self.assertEqual(blocks.excess(planted_block(0.001, 0.001), "ref", 0.03), 0.0)
        self.assertGreater(blocks.excess(planted_block(0.2, 0.2, processes=4), "ref", 0.03), 0.0)
        self.assertEqual(blocks.excess(None, "ref", 0.03), math.inf)
        self.assertEqual(blocks.excess(planted_block(0.01, 0.01), "other", 0.03), math.inf)


if __name__ == "__main__":
    unittest.main()

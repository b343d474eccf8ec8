"""The run summary's flag for cells far slower than every other design's."""

import unittest

import support  # noqa: F401  (puts the analysis package on the import path)
import summary


def row(strategy, scenario, n, time, memory="warm", unit="pair"):
    return {"strategy": strategy, "scenario": scenario, "n": str(n), "time_ns": str(time), "memory": memory,
            "unit": unit}


class OutlierLines(unittest.TestCase):
    def test_a_cell_orders_of_magnitude_slower_than_every_other_design_is_flagged(self):
        rows = [row("raw-soa", "add_remove", 1024, 1), row("archetype", "add_remove", 1024, 27),
                row("sparse", "add_remove", 1024, 15), row("mine", "add_remove", 1024, 125000)]
        lines = summary.outlier_lines(rows)
        self.assertEqual(len(lines), 1)
        self.assertIn("outlier: mine add_remove n=1024", lines[0])
        self.assertIn("4630x", lines[0])

    def test_variants_of_one_design_and_raw_do_not_count_as_other_designs(self):
        # bitmask-cached is bitmask's variant: only sparse is another design, and 50 ns is not 10x its 40.
        rows = [row("raw-soa", "simple_iter", 4096, 0.001), row("bitmask", "simple_iter", 4096, 50),
                row("bitmask-cached", "simple_iter", 4096, 1), row("sparse", "simple_iter", 4096, 40)]
        self.assertEqual(summary.outlier_lines(rows)[0][:9], "outliers:")

    def test_cells_are_compared_within_their_scenario_n_and_memory(self):
        rows = [row("archetype", "create", 1024, 30), row("sparse", "create", 1024, 20),
                row("archetype", "create", 1024, 900, memory="fresh"), row("sparse", "create", 1024, 25, "fresh"),
                row("sparse", "create", 4096, 2000)]
        lines = summary.outlier_lines(rows)
        self.assertEqual(lines, ["outlier: archetype create@fresh n=1024: 900 ns per pair, 36x the slowest other "
                                 "design's 25 ns"])

    def test_the_design_of_a_variant(self):
        self.assertEqual(summary.design_of("sparse-filter"), "sparse")
        self.assertEqual(summary.design_of("archetype~aa"), "archetype")
        self.assertEqual(summary.design_of("raw-aos"), "raw")


if __name__ == "__main__":
    unittest.main()

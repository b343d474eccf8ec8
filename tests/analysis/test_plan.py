"""The stopping rule: the minimum rounds, then two more processes at a time for cells whose interval is wide."""

import unittest

from support import TempDir, run_row
from analysis import csvfile, plan, stats


class StoppingRule(TempDir):
    def setUp(self) -> None:
        super().setUp()
        cells = self.write("cells.tsv", "bin-a\tx\ta\t8,16\nbin-a\ty\ta\t8\nraw\tx\traw-soa\t8\nraw\tx\traw-aos\t8\n")
        self.universe = plan.read_universe(cells, {"y"})

    def plan(self, rows: list[str], budget: float = 100.0, min_procs: int = 3, max_procs: int = 7,
             rnd: int = 1) -> tuple[list[list[plan.Process]], str]:
        runs = csvfile.read(self.runs("runs.csv", rows), "runs") if rows else []
        return plan.plan(self.universe, runs, {}, rnd, min_procs, max_procs, 0.03, budget, 3.0)

    def rows(self, strategy: str, scenario: str, n: int, values: list[float], memory: str = "warm") -> list[str]:
        return [run_row(strategy, scenario, n, v, memory=memory) for v in values]

    def test_the_universe_has_every_cell_and_memory_mode(self) -> None:
        keys = [k for k, _ in self.universe]
        self.assertIn(("a", "y", 8, "fresh"), keys)
        self.assertIn(("raw-aos", "x", 8, "warm"), keys)
        self.assertEqual(len(keys), 6)

    def test_first_round_measures_every_cell_once_and_groups_a_binary(self) -> None:
        rounds, account = self.plan([])
        self.assertEqual(len(rounds), 1)
        self.assertIn("the first of 3 processes for each of", account)
        jobs = rounds[0]
        # bin-a warm at 8 (x and y in one process), bin-a fresh at 8 (y), bin-a at 16 (x), raw at 8 (x once for
        # both of its labels)
        self.assertEqual(sorted((b, m, n, tuple(sorted(s))) for b, m, n, s in jobs),
                         [("bin-a", "fresh", 8, ("y",)), ("bin-a", "warm", 8, ("x", "y")), ("bin-a", "warm", 16, ("x",)),
                          ("raw", "warm", 8, ("x",))])
        # small sizes first
        self.assertEqual([n for _, _, n, _ in jobs][-1], 16)

    def all_cells(self, values: list[float]) -> list[str]:
        rows: list[str] = []
        for key, _ in self.universe:
            rows += self.rows(key[0], key[1], key[2], values, key[3])
        return rows

    def test_tight_cells_are_done(self) -> None:
        rounds, account = self.plan(self.all_cells([1.0, 1.001, 0.999]))
        self.assertEqual(rounds, [])
        self.assertIn("every cell", account)

    def test_a_wide_cell_gets_two_more_processes(self) -> None:
        rows = self.all_cells([1.0, 1.001, 0.999])
        rows = [r for r in rows if not r.startswith("a,x,16,")] + self.rows("a", "x", 16, [1.0, 1.5, 0.7])
        rounds, account = self.plan(rows)
        self.assertEqual(rounds, [[("bin-a", "warm", 16, ["x"])], [("bin-a", "warm", 16, ["x"])]])
        self.assertIn("two more processes for 1 of the 1 cells", account)

    def test_a_wide_ratio_opens_both_of_its_cells(self) -> None:
        # seven processes each, spread 1 +/- k * 1.2% (k = 0..3): each cell's own interval is within +/-3%
        # (+/-2.4%), but the ratio of a to its raw floor adds both cells' errors (+/-3.1%); a and the floor get
        # two more processes each
        spread = [1.0 + k * 0.012 for k in (0, 1, -1, 2, -2, 3, -3)]
        self.assertLess(stats.relative_half_width(*stats.figure_ci(spread)), 0.03)
        self.assertGreater(stats.relative_half_width(*stats.ratio_ci(spread, spread)), 0.03)
        rows = [r for r in self.all_cells([1.0, 1.001, 0.999]) if not r.startswith(("a,x,8,", "raw-soa,x,8,"))]
        rows += self.rows("a", "x", 8, [2 * v for v in spread]) + self.rows("raw-soa", "x", 8, spread)
        rounds, account = self.plan(rows, max_procs=9)
        self.assertEqual([sorted(jobs) for jobs in rounds], [[("bin-a", "warm", 8, ["x"]), ("raw", "warm", 8, ["x"])]] * 2)
        self.assertIn("two more processes for 2 of the 2 cells with an interval wider than +/-3%", account)

    def test_a_floor_under_many_wide_ratios_comes_first(self) -> None:
        # three strategies over one floor, every cell within +/-2.9% of its own median, every ratio to the floor
        # about +/-5.8%: the floor shares the excess of all three ratios, so with room for one cell's processes
        # the budget goes to it
        cells = self.write("cells3.tsv", "bin-a\tx\ta\t8\nbin-b\tx\tb\t8\nbin-c\tx\tc\t8\nraw\tx\traw-soa\t8\n")
        universe = plan.read_universe(cells, set())
        rows = self.rows("raw-soa", "x", 8, [1.0, 1.029, 0.971])
        for name in "abc":
            rows += self.rows(name, "x", 8, [2.0, 2.058, 1.942])
        costs = {(b, "x", 8, "warm"): 1.0 for b in ("bin-a", "bin-b", "bin-c", "raw")}
        rounds, account = plan.plan(universe, csvfile.read(self.runs("runs.csv", rows), "runs"), costs, 1, 3, 7, 0.03,
                                    2.5, 3.0)
        self.assertEqual(rounds, [[("raw", "warm", 8, ["x"])]] * 2)
        self.assertIn("for 1 of the 4 cells", account)

    def test_a_round_pair_spends_at_most_half_the_budget_left(self) -> None:
        # every cell wide; the five cheap ones cost 2 s a pair, bin-a x at 16 costs 20 s: all six would fit the
        # 30 s left, but past half of it the dear cell waits for a later round
        rows = self.all_cells([1.0, 1.5, 0.7])
        costs = {("bin-a", "x", 16, "warm"): 10.0}
        for key, binary in self.universe:
            costs.setdefault((binary, key[1], key[2], key[3]), 1.0)
        runs = csvfile.read(self.runs("runs.csv", rows), "runs")
        rounds, account = plan.plan(self.universe, runs, costs, 1, 3, 7, 0.03, 30.0, 3.0)
        self.assertNotIn(("bin-a", "warm", 16, ["x"]), rounds[0])
        self.assertIn("for 5 of the 6 cells", account)
        self.assertIn("about 10 s of the 30 s left", account)
        # with the cheap cells at their cap, the dear one gets the budget
        rows += [r for r in self.all_cells([1.0, 1.5, 0.7, 1.2]) if not r.startswith("a,x,16,")]
        runs = csvfile.read(self.runs("runs.csv", rows), "runs")
        rounds, account = plan.plan(self.universe, runs, costs, 1, 3, 6, 0.03, 30.0, 3.0)
        self.assertEqual(rounds, [[("bin-a", "warm", 16, ["x"])]] * 2)

    def test_no_budget_no_more_processes(self) -> None:
        rows = self.all_cells([1.0, 1.5, 0.7])
        rounds, account = self.plan(rows, budget=0)
        self.assertEqual(rounds, [])
        self.assertIn("none fits", account)

    def test_the_cap_stops_a_cell(self) -> None:
        rows = self.all_cells([1.0, 1.5, 0.7, 1.2, 0.8, 1.4, 0.6])
        rounds, _ = self.plan(rows, max_procs=7)
        self.assertEqual(rounds, [])

    def test_cells_behind_the_minimum_come_first(self) -> None:
        rows = self.all_cells([1.0, 1.5, 0.7])
        rows = [r for r in rows if not r.startswith("raw-aos,")] + self.rows("raw-aos", "x", 8, [1.0])
        rounds, account = self.plan(rows)
        self.assertEqual(rounds, [[("raw", "warm", 8, ["x"])]])
        self.assertIn("1 cells have 1 of the 3", account)

    def test_every_size_the_list_names_is_a_cell(self) -> None:
        # the binaries chose the sizes (harness/main.c, tests/harness.sh): the plan keeps every one they list
        cells = self.write("cells2.tsv", "bin-a\tx\ta\t8,16,1000,2048\n")
        self.assertEqual([k[2] for k, _ in plan.read_universe(cells, set())], [8, 16, 1000, 2048])

if __name__ == "__main__":
    unittest.main()

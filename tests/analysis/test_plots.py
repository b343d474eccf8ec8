"""What the figures draw: the N of each figure, the churn sweep's panels and rate axis, and cells not measured
told apart from zeros. The figures' data and gnuplot settings are read back; gnuplot itself is not needed."""

import contextlib
import io
import math
import os
import re
import unittest

import support
from support import TempDir, present, run_row
from analysis import answers, plots, results, scenarios


class SweepSizes(unittest.TestCase):
    def test_a_full_run_gets_a_panel_at_every_second_power_of_two_from_2_10_to_2_20(self) -> None:
        measured = {2 ** k for k in range(10, 21)}
        self.assertEqual(plots.sweep_sizes(measured), [1024, 4096, 16384, 65536, 262144, 1048576])

    def test_a_quick_run_gets_the_sizes_it_has_up_to_2_14(self) -> None:
        self.assertEqual(plots.sweep_sizes({520, 1024, 4096, 16384}), [1024, 4096, 16384])

    def test_a_run_at_other_sizes_gets_up_to_six_of_its_largest(self) -> None:
        self.assertEqual(plots.sweep_sizes({1000, 2000}), [1000, 2000])
        self.assertEqual(plots.sweep_sizes({2 ** k + 1 for k in range(10)}), sorted(2 ** k + 1 for k in range(4, 10)))


class RateAxis(unittest.TestCase):
    def test_rates_sit_at_their_logarithm_and_zero_left_of_one_past_the_break(self) -> None:
        self.assertEqual(plots.rate_x(1), 0)
        self.assertAlmostEqual(plots.rate_x(10), 1)
        self.assertAlmostEqual(plots.rate_x(50), math.log10(50))
        self.assertLess(plots.rate_x(0), plots.RATE_BREAK_X)
        self.assertLess(plots.RATE_BREAK_X, plots.rate_x(1))

    def test_the_order_of_rates_is_kept(self) -> None:
        xs = [plots.rate_x(r) for r in (0, 1, 2, 10, 50, 100)]
        self.assertEqual(xs, sorted(xs))

    def test_a_negative_rate_is_refused(self) -> None:
        with self.assertRaises(ValueError):
            plots.rate_x(-1)

    def test_the_axis_spans_every_rate_and_labels_each(self) -> None:
        xmin, xmax, tics = plots.rate_axis([0, 1, 10, 50])
        self.assertLess(xmin, plots.rate_x(0))
        self.assertGreater(xmax, plots.rate_x(50))
        labelled = re.findall(r'"([^"]+)" (-?[0-9.e-]+)(?! 1)', tics)
        self.assertEqual([label for label, _ in labelled], ["0", "1", "10", "50"])
        self.assertEqual(float(labelled[0][1]), plots.RATE_ZERO_X)
        # unlabelled minor tics at 2, 5 and 20 on the log axis, none past the last rate
        self.assertIn(f'"" {plots.num(math.log10(2))} 1', tics)
        self.assertIn(f'"" {plots.num(math.log10(20))} 1', tics)
        self.assertNotIn(f'"" {plots.num(2)} 1', tics)

    def test_without_rate_zero_the_axis_starts_near_one(self) -> None:
        xmin, _, tics = plots.rate_axis([1, 10])
        self.assertGreater(xmin, plots.RATE_ZERO_X)
        self.assertNotIn('"0"', tics)


class FigureN(unittest.TestCase):
    def test_the_fixed_n_where_measured(self) -> None:
        self.assertEqual(plots.figure_n(65536, {1024, 65536, 1048576}), 65536)

    def test_else_the_largest_n_the_run_has(self) -> None:
        self.assertEqual(plots.figure_n(65536, {1024, 4096, 16384}), 16384)

    def test_none_without_sizes(self) -> None:
        self.assertIsNone(plots.figure_n(65536, set()))


class MissingAndZero(unittest.TestCase):
    def test_every_strategy_of_the_figure_has_a_slot_and_the_empty_ones_are_missing(self) -> None:
        clusters: list[tuple[list[str], dict[str, tuple[float, ...]]]] = [
            (["simple_iter"], {"a": (1,), "raw-soa": (2,)}), (["create"], {"a": (0,)}), (["x"], {})]
        slots = plots.cluster_slots(clusters, ["a", "b", "raw-soa"])
        self.assertEqual(slots, ["a", "raw-soa"])
        # a zero is a value, not a missing cell
        self.assertEqual(plots.missing_cells(clusters, slots), [(1, "raw-soa"), (2, "a"), (2, "raw-soa")])

    def test_zeros_get_a_floor_only_on_a_log_axis(self) -> None:
        self.assertIsNone(plots.zero_floor([0, 1, 100], False))
        self.assertIsNone(plots.zero_floor([0.5, 1, 100], True))
        floor = present(plots.zero_floor([0, 0.5, 100], True))
        self.assertGreater(floor, 0)
        self.assertLess(floor, 0.5)


class Styles(unittest.TestCase):
    def test_no_two_designs_share_colour_and_point(self) -> None:
        names = ("archetype archetype-aos bitmask bitmask-cached bitmask-pools bitset chunks chunks-full hybrid "
                 "sparse sparse-compact sparse-filter sparse-groups sparse-view tables").split()
        names += [f"new{k}" for k in range(10)] + [f"sparse-v{k}" for k in range(4)]
        styles = plots.design_styles(names)
        self.assertEqual(len(set(styles.values())), len(names))
        # a family shares its colour, and every colour is the palette's
        self.assertEqual(styles["sparse"][0], styles["sparse-groups"][0])
        self.assertNotEqual(styles["sparse"][0], styles["bitset"][0])
        self.assertTrue(all(colour in plots.PALETTE for colour, _ in styles.values()))


class Crowded(unittest.TestCase):
    def test_each_familys_fastest_at_the_largest_n_is_bold(self) -> None:
        blocks: list[tuple[str, list[tuple[float, ...]]]] = [
            ("a", [(1024, 1.0), (4096, 3.0)]), ("a-x", [(1024, 2.0), (4096, 2.5)]), ("b", [(1024, 5.0)]),
            ("raw-soa", [(1024, 0.5), (4096, 0.6)])]
        self.assertEqual(plots.family_best_widths(blocks), {"a": plots.THIN, "a-x": plots.BOLD, "b": plots.BOLD})


class Folder(TempDir):
    """A run: a and b in game_frame_R at 1024 and 4096, b without game_frame_50 at 4096; a, b and raw-soa in
    simple_iter and a and b in create at 1024 and 65536, b's bytes per entity in simple_iter zero."""

    def setUp(self) -> None:
        super().setUp()
        rows = []
        for k in range(3):
            seed = f"{k + 1:016x}"
            for n in (1024, 4096):
                for r in (0, 1, 10, 50):
                    rows.append(run_row("a", f"game_frame_{r}", n, 1 + r + k * 0.01, seed=seed))
                    if not (n == 4096 and r == 50):
                        rows.append(run_row("b", f"game_frame_{r}", n, 2 + r + k * 0.01, seed=seed))
            for n in (1024, 65536):
                rows += [run_row("raw-soa", "simple_iter", n, 1 + k * 0.01, seed=seed),
                         run_row("a", "simple_iter", n, 2 + k * 0.01, seed=seed),
                         run_row("b", "simple_iter", n, 3 + k * 0.01, seed=seed).replace(",100.00,100.00,",
                                                                                         ",0.00,0.00,"),
                         run_row("a", "create", n, 20 + k, checksum="0cd", seed=seed),
                         run_row("b", "create", n, 30 + k, checksum="0cd", seed=seed)]
        self.runs("runs.csv", rows)
        self.write("metadata.csv", "key,value\nmachine_id,test-machine\nbench_min_procs,3\nbench_max_procs,3\n"
                                   "bench_target_ci,0.03\n")
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(results.main([self.dir]), 0)
        support.plant_scenarios(self.dir)
        self.work = self.path("work")
        os.mkdir(self.work)

    def figures(self, fixed: int) -> plots.Figures:
        return plots.Figures(self.dir, fixed, self.work)

    def settings(self, name: str) -> dict[str, str]:
        with open(os.path.join(self.work, name + ".gp"), encoding="utf-8") as f:
            return dict(line.rstrip("\n").split(" = ", 1) for line in f if " = " in line)

    def blocks(self, name: str) -> list[str]:
        with open(os.path.join(self.work, name + ".dat"), encoding="utf-8") as f:
            return f.read().split("\n\n\n")[:-1]

    def test_the_heatmap_marks_every_cell_against_its_rows_fastest(self) -> None:
        figures = self.figures(1024)
        figures.heatmap()
        settings = self.settings("heatmap")
        self.assertEqual(settings["npanels"], "2")  # the fixed size and the largest
        self.assertEqual(settings["panel_title_1"], '"at N = 1024 (2¹⁰), the fixed size"')
        rows = [w.scenario for w in scenarios.read_catalogue(support.SCENARIOS_CSV).workloads]
        y = rows.index("simple_iter")
        marks = settings["marks_cmd_1"]
        # a is the fastest design of simple_iter (raw-soa is a floor, not a design); b is 1.5 times it, slower
        self.assertIn(f'"1" at 0,{y} center', marks)
        self.assertIn(f'"1.50" at 1,{y} center', marks)
        # game_frame_1 was measured at 1024 but not at 65536, whose panel says so
        y = rows.index("game_frame_1")
        self.assertIn(f'"1" at 0,{y} center', marks)
        self.assertIn(f'"n/m" at 0,{y} center', settings["marks_cmd_2"])
        # a workload the run never measured is marked in every cell, never drawn as a ratio
        y = rows.index("random_get")
        self.assertIn(f'"n/m" at 1,{y} center', marks)
        first = [line.split() for line in self.blocks("heatmap")[0].splitlines()]
        self.assertEqual(len(first), 2 * len(rows))
        self.assertAlmostEqual(float(first[rows.index("simple_iter") * 2 + 1][2]), math.log2(1.5), places=2)

    def test_the_heatmaps_panels_say_where_the_worlds_live(self) -> None:
        # every world here is 100 bytes per entity (b's in simple_iter, recorded as zero, is left out): 100 KiB at
        # 2^10, within a last-level cache of 1 MiB; 6.25 MiB at 2^16, beyond it
        with open(self.path("metadata.csv"), "a", encoding="utf-8") as f:
            f.write('caches,"L1d 32K 8-way 64B line; L2 1024K 16-way 64B line"\n')
        self.figures(1024).heatmap()
        settings = self.settings("heatmap")
        self.assertEqual(settings["panel_title_1"], '"at N = 1024 (2¹⁰), the fixed size: in cache"')
        self.assertEqual(settings["panel_title_2"], '"at N = 65536 (2¹⁶), the largest: beyond the caches"')
        # the run's own fixed size, where it names one, as the answers table reads it: here its largest, one panel
        with open(self.path("metadata.csv"), "a", encoding="utf-8") as f:
            f.write("fixed_n,65536\n")
        self.figures(1024).heatmap()
        settings = self.settings("heatmap")
        self.assertEqual(settings["npanels"], "1")
        self.assertEqual(settings["panel_title_1"],
                         '"at N = 65536 (2¹⁶), the fixed size and the largest: beyond the caches"')

    def test_no_figure_has_two_series_of_one_colour_and_point(self) -> None:
        with open(self.path("runs.csv"), "a", encoding="utf-8") as f:
            for k in range(3):
                for s in ("sparse", "sparse-view", "sparse-groups", "bitmask", "bitmask-cached", "bitset"):
                    for r in ("1", "1_scan", "10", "10_scan"):
                        f.write(run_row(s, f"changed_{r}", 1024, 1 + k * 0.01, seed=f"{k + 1:016x}") + "\n")
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(results.main([self.dir]), 0)
        self.assertEqual(plots.main([self.dir, "1024", self.work]), 0)
        with open(os.path.join(self.work, "list"), encoding="utf-8") as f:
            names = f.read().split()
        self.assertIn("change-sweep", names)
        for name in names:
            settings = self.settings(name)
            colours, points, widths = (settings[k].strip('"').split() for k in ("colors", "points", "widths"))
            self.assertEqual(len(widths), len(colours), name)
            series = list(zip(colours, points))
            self.assertEqual(len(set(series)), len(series), f"{name}: {settings['names']}")

    def test_a_quick_run_says_so_in_every_caption(self) -> None:
        self.assertTrue(self.figures(65536).caption.startswith("machine: test-machine"))
        with open(self.path("metadata.csv"), "a", encoding="utf-8") as f:
            f.write("quick,1\n")
        self.assertTrue(self.figures(65536).caption.startswith("QUICK run"), self.figures(65536).caption)

    def test_the_churn_sweep_has_a_panel_per_n_on_the_rate_axis(self) -> None:
        figures = self.figures(65536)
        figures.churn_sweep()
        gp = self.settings("churn-sweep")
        self.assertEqual(gp["npanels"], "2")
        self.assertEqual(gp["panel_ns"], '"1024 4096"')
        self.assertIn("R = 0", gp["xlabel_text"])
        blocks = self.blocks("churn-sweep")
        self.assertEqual(len(blocks), 4)  # two panels of two series, panel-major
        first = [line.split() for line in blocks[0].split("\n") if line]
        self.assertEqual([p[0] for p in first], [plots.num(plots.rate_x(r)) for r in (0, 1, 10, 50)])
        # the line breaks (a blank line) between R = 0 and R = 1
        self.assertIn("\n\n", blocks[0].strip("\n") + "\n")
        # b has no game_frame_50 at 4096: three points, and the note says why one is missing
        self.assertEqual(len([line for line in blocks[3].split("\n") if line]), 3)
        self.assertIn("not measured", gp["note"])
        # whiskers: each point carries its interval
        self.assertTrue(all(len(p) == 4 for p in first))

    def test_the_ops_figure_is_at_the_fixed_n_and_its_title_names_it(self) -> None:
        self.figures(65536).ops_plot()
        self.assertIn("N = 65536 (2¹⁶)", self.settings("ops")["title_text"])

    def test_without_the_fixed_n_the_ops_figure_is_at_the_largest_n_and_says_so(self) -> None:
        self.figures(262144).ops_plot()
        title = self.settings("ops")["title_text"]
        self.assertIn("N = 65536 (2¹⁶)", title)
        self.assertIn("not", title)

    def test_the_memory_figure_is_at_the_largest_n_and_marks_missing_and_zero(self) -> None:
        self.figures(1024).memory_plot()
        gp = self.settings("memory")
        self.assertIn("N = 65536 (2¹⁶)", gp["title_text"])
        # game_frame_10 was measured only up to 2^12: its cluster is drawn there, so named under its label, and
        # keeps a slot per strategy of the figure, raw-soa's (not measured in it) marked
        marks = gp["marks_cmd"]
        self.assertEqual(marks.count('"n/m"'), 1)
        self.assertIn('"game_frame_10\\nat 2¹²"', gp["xtics_cmd"])
        # b's zero is a bar of height 0 with a label
        self.assertEqual(marks.count('"0" at'), 1)
        self.assertIn("n/m: not measured", gp["marks_note"])
        self.assertIn("0: a measured zero", gp["marks_note"])
        blocks = self.blocks("memory")
        self.assertEqual(len(blocks), 3)
        b = [line.split() for line in blocks[1].split("\n") if line]
        self.assertIn("0", [p[1] for p in b])

    def test_a_zero_on_a_log_axis_sits_on_a_labelled_floor(self) -> None:
        figures = self.figures(1024)
        blocks: list[tuple[str, list[tuple[float, ...]]]] = [("a", [(0, 0, 0, 0), (1, 0.01, 0.005, 0.02)]),
                                                             ("b", [(2, 50, 40, 60)])]
        drawn, lo, hi, ytics, marks = figures.value_axis(blocks, True)
        # the floor lies below every positive value, whisker ends included
        floor = present(plots.zero_floor([0, 0.005, 40], True))
        self.assertEqual(drawn[0][1][0], (0, floor, floor, floor))
        self.assertLess(lo, floor)
        self.assertIn(f'"0" {plots.num(floor)}', ytics)
        self.assertEqual(sum(1 for kind, rest in marks if kind == "label" and rest.startswith('"0"')), 1)
        self.assertEqual(sum(1 for kind, _ in marks if kind == "arrow"), 1)

    def test_a_zero_on_a_linear_axis_stays_at_zero_with_a_label(self) -> None:
        figures = self.figures(1024)
        drawn, lo, _, _, marks = figures.value_axis([("a", [(0, 0, 0, 0), (1, 2, 1, 3)])], False)
        self.assertEqual(lo, 0)
        self.assertEqual(drawn[0][1][0], (0, 0, 0, 0))
        self.assertEqual([kind for kind, _ in marks], ["label"])

    def test_the_second_panel_unsets_the_first_panels_marks(self) -> None:
        command = plots.Figures.marks_command([("label", '"0" at first 1, first 0')], previous=2)
        self.assertIn(f"unset label {plots.MARK_TAG + 1}", command)
        self.assertIn(f"set label {plots.MARK_TAG} ", command)


if __name__ == "__main__":
    unittest.main()

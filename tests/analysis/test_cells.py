"""Merging processes into cells: medians and intervals, ratios to the floor, the A/A pair, checksums."""

import math
import unittest

from support import RUN_HEADER, TempDir, run_row
from analysis import cells, csvfile, paired, results, stats


def rows_of(path: str) -> list[csvfile.Row]:
    return csvfile.read(path, "runs")


class Merge(TempDir):
    def test_a_cell_is_the_trimmed_geometric_mean_of_its_processes(self) -> None:
        path = self.runs("runs.csv", [run_row("a", "x", 8, v, seed=f"{k:x}") for k, v in enumerate([3, 1, 2, 5, 4])])
        merged = cells.group(rows_of(path))
        cell = merged[cells.CellKey("a", "x", 8, "warm")]
        # five processes, fewer than trimming sets one aside of: the geometric mean of all five
        figure, low, high = cell.figure()
        self.assertAlmostEqual(figure, 120 ** (1 / 5), places=12)
        self.assertEqual((figure, low, high), stats.figure_ci([3, 1, 2, 5, 4]))
        out = cells.result_rows(merged)[0]
        self.assertEqual((out["time_ns"], out["time_lo_ns"], out["time_hi_ns"], out["processes"]),
                         (f"{figure:.6g}", f"{low:.6g}", f"{high:.6g}", "5"))
        self.assertEqual(out["process_spread_ns"], "4")

    def test_the_read_back_share_is_the_median_of_its_processes_where_every_one_has_it(self) -> None:
        path = self.runs("runs.csv", [run_row("a", "x", 8, 3, seed=f"{k:x}", observed=v) for k, v in
                                      enumerate([0.5, 0.1, 0.3])] + [run_row("a", "y", 8, 3)])
        out = {row["scenario"]: row for row in cells.result_rows(cells.group(rows_of(path)))}
        self.assertEqual(out["x"]["observed_ns"], "0.3")
        self.assertNotIn("observed_ns", out["y"])

    def test_a_malformed_read_back_share_is_refused(self) -> None:
        path = self.runs("runs.csv", [run_row("a", "x", 8, 3, observed="fast")])
        with self.assertRaises(csvfile.CsvError) as e:
            rows_of(path)
        self.assertIn('column observed_ns has "fast"', str(e.exception))

    def test_processes_disagreeing_on_a_checksum_are_an_error(self) -> None:
        path = self.runs("runs.csv", [run_row("a", "x", 8, 1, checksum="01"), run_row("a", "x", 8, 1, checksum="02")])
        with self.assertRaises(cells.MergeError) as e:
            cells.group(rows_of(path))
        self.assertIn("checksum 01 in one process, 02 in another", str(e.exception))

    def test_a_cell_of_fewer_than_three_processes_is_refused_naming_it(self) -> None:
        # an edited or cut runs table: its point interval would read as measured, and rank the cell
        rows = [run_row("a", "x", 8, v, seed=f"{k:x}") for k, v in enumerate([3, 1, 2])] + [run_row("b", "x", 8, 2)]
        merged = cells.group(rows_of(self.runs("runs.csv", rows)))
        with self.assertRaises(cells.MergeError) as e:
            cells.check_processes(merged)
        self.assertEqual(str(e.exception), "b x n=8 memory=warm: measured in 1 process(es); an interval needs at least 3")
        cells.check_processes({k: c for k, c in merged.items() if c.strategy == "a"})

    def test_strategies_disagreeing_on_a_checksum_are_an_error(self) -> None:
        path = self.runs("runs.csv", [run_row("a", "x", 8, 1, checksum="01"), run_row("b", "x", 8, 1, checksum="02")])
        with self.assertRaises(cells.MergeError) as e:
            cells.check_checksums(rows_of(path), "results")
        self.assertIn("checksum mismatch in x n=8", str(e.exception))

    def test_ratio_to_the_floor_and_the_aa_pair(self) -> None:
        values = [1.0, 1.02, 0.98, 1.01, 0.99]
        rows = []
        for k, v in enumerate(values):
            rows += [run_row("raw-soa", "x", 8, v), run_row("a", "x", 8, 2 * v), run_row("a~aa", "x", 8, 2 * values[-1 - k])]
        merged = cells.group(rows_of(self.runs("runs.csv", rows)))
        out = {r["strategy"]: r for r in cells.result_rows(merged)}
        self.assertEqual(out["raw-soa"]["raw_ratio"], "1")
        r, lo, hi = stats.ratio_ci([2 * v for v in values], values)
        self.assertEqual(out["a"]["raw_ratio"], f"{r:.5g}")
        self.assertEqual((float(out["a"]["raw_ratio_lo"]), float(out["a"]["raw_ratio_hi"])),
                         (float(f"{lo:.5g}"), float(f"{hi:.5g}")))
        self.assertNotIn("aa_ratio", out["a"])
        self.assertEqual(out["a~aa"]["aa_ratio"], "1")
        self.assertLessEqual(float(out["a~aa"]["aa_ratio_lo"]), 1)
        self.assertGreaterEqual(float(out["a~aa"]["aa_ratio_hi"]), 1)
        meta = cells.aa_metadata(list(out.values()))
        self.assertEqual((meta["aa_variant"], meta["aa_cells"], meta["aa_ci_excludes_1"]), ("a~aa", "1", "0 (0.0%)"))

    def test_why_a_cell_stopped(self) -> None:
        tight = [run_row("a", "x", 8, 1.0 + k / 1000) for k in range(5)]
        wide = [run_row("b", "x", 8, 1.0 + k / 10) for k in range(5)]
        wider = [run_row("c", "x", 8, 1.0 + k / 10) for k in range(7)]
        merged = cells.group(rows_of(self.runs("runs.csv", tight + wide + wider)))
        out = {r["strategy"]: r["stopped"] for r in cells.result_rows(merged, None, cells.Stopping(5, 7, 0.03))}
        self.assertEqual(out, {"a": "ci", "b": "budget", "c": "cap"})

    def test_hardware_counts_merge_to_the_median_or_stay_empty(self) -> None:
        rows = []
        for v in (3, 1, 2):
            row = run_row("a", "x", 8, v).split(",")
            at = RUN_HEADER.split(",").index("instructions_per_unit")
            row[at], row[at + 1] = str(v), str(10 * v)  # instructions and cycles; no misses counted
            rows.append(",".join(row))
        out = cells.result_rows(cells.group(rows_of(self.runs("runs.csv", rows))))[0]
        self.assertEqual((out["instructions_per_unit"], out["cycles_per_unit"]), ("2", "20"))
        self.assertNotIn("l1d_misses_per_unit", out)

    def test_simulated_layouts_join_as_median_and_range(self) -> None:
        merged = cells.group(rows_of(self.runs("runs.csv", [run_row("a", "x", 8, 1.0)])))
        sim = cells.simulated([{"strategy": "a", "scenario": "x", "n": "8", "layout_seed": s, "checksum": "00ab",
                                "instructions_per_unit": "10", "d1_misses_per_unit": d, "ll_misses_per_unit": "0"}
                               for s, d in (("1", "0.5"), ("2", "2.5"), ("3", "1.0"))])
        cells.check_simulation(merged, sim)
        out = cells.result_rows(merged, sim)[0]
        self.assertEqual((out["sim_d1_misses_per_unit"], out["sim_d1_lo"], out["sim_d1_hi"], out["sim_layouts"]),
                         ("1", "0.5", "2.5", "3"))
        sim[("a", "x", 8)][1]["checksum"] = "ffff"
        with self.assertRaises(cells.MergeError):
            cells.check_simulation(merged, sim)


# A paired run's cell: five processes of three layouts each. The processes differ (each its machine and code
# placement), the layouts of one process barely: counted per layout, the interval would take 15 draws for 5.
PROCESS_LEVELS = (1.0, 1.3, 0.9, 1.6, 1.1)
LAYOUT_SHIFTS = (0.99, 1.0, 1.01)


def paired_measurements(strategies: tuple[str, ...] = ("a",),
                        scenarios: tuple[str, ...] = ("x",)) -> tuple[list[str], list[paired.Sample]]:
    """(runs rows, samples) of that run: each design's layout in a process has a seed of its own, which its row of
    runs.csv and its samples both carry."""
    rows: list[str] = []
    samples: list[paired.Sample] = []
    for p, level in enumerate(PROCESS_LEVELS):
        process = f"{p + 1:016x}"
        for layout, shift in enumerate(LAYOUT_SHIFTS):
            for k, (strategy, scenario) in enumerate((s, sc) for s in strategies for sc in scenarios):
                seed = f"{p + 1:04x}{layout:04x}{k:08x}"
                per_unit = level * shift * (1 + k)
                rows.append(run_row(strategy, scenario, 8, per_unit, seed=seed))
                samples += [paired.Sample(process, 0, scenario, 8, "warm", layout, strategy, r, k, 10,
                                          per_unit * 80, per_unit * 80, 0.0, seed) for r in range(3)]
    return rows, samples


class Processes(TempDir):
    """A paired process measures a cell in several layouts: the cell is summarised over processes."""

    def merged(self, rows: list[str], samples: list[paired.Sample]) -> cells.Cells:
        return cells.group(rows_of(self.runs("runs.csv", rows)), paired.blocks(samples))

    def test_a_cell_is_summarised_over_its_processes_not_its_layouts(self) -> None:
        cell = self.merged(*paired_measurements())[cells.CellKey("a", "x", 8, "warm")]
        self.assertEqual(len(cell.rows), 15)
        self.assertEqual(cell.processes(), 5)
        per_process = [level * math.exp(sum(math.log(s) for s in LAYOUT_SHIFTS) / 3) for level in PROCESS_LEVELS]
        for got, want in zip(cell.process_times(), per_process):
            self.assertAlmostEqual(got, want, places=12)
        # Yuen's interval over five processes: 4 degrees of freedom (15 layouts would give 12)
        self.assertEqual(cell.summary().df, stats.trimmed_df(5))
        self.assertEqual(cell.summary().df, 4)
        for got, want in zip(cell.figure(), stats.figure_ci(per_process)):
            self.assertAlmostEqual(got, want, places=12)
        out = cells.result_rows({cell.key: cell})[0]
        self.assertEqual(out["processes"], "5")
        spread = max(per_process) - min(per_process)
        self.assertAlmostEqual(float(out["process_spread_ns"]), spread, places=4)

    def test_an_unpaired_ratio_takes_its_degrees_of_freedom_from_processes(self) -> None:
        merged = self.merged(*paired_measurements(scenarios=("x", "y")))
        top, bottom = merged[cells.CellKey("a", "y", 8, "warm")], merged[cells.CellKey("a", "x", 8, "warm")]
        comparison = cells.ratio(top, bottom)
        # two cells of five processes each: Welch's degrees of freedom at most 4 + 4
        self.assertLessEqual(comparison.df, 8)
        self.assertEqual(comparison, stats.ratio_comparison(stats.summarise(top.process_times()),
                                                            stats.summarise(bottom.process_times())))

    def test_how_a_cell_stopped_counts_its_processes(self) -> None:
        cell = self.merged(*paired_measurements())[cells.CellKey("a", "x", 8, "warm")]
        # five processes of a wide cell, below the cap of seven: the budget ended it, though it holds 15 layouts
        out = cells.result_rows({cell.key: cell}, None, cells.Stopping(5, 7, 0.03))[0]
        self.assertEqual(out["stopped"], "budget")

    def test_a_separate_process_run_counts_each_row_a_process(self) -> None:
        rows, _ = paired_measurements()
        cell = cells.group(rows_of(self.runs("runs.csv", rows)))[cells.CellKey("a", "x", 8, "warm")]
        self.assertEqual(cell.processes(), 15)
        self.assertEqual(cell.summary().df, stats.trimmed_df(15))

    def test_a_paired_row_no_sample_names_the_process_of_is_refused(self) -> None:
        rows, samples = paired_measurements()
        with self.assertRaises(cells.MergeError) as e:
            self.merged(rows + [run_row("a", "x", 8, 1.0, seed="00000000000000ff")], samples)
        self.assertIn("no sample of layout seed 00000000000000ff names the process", str(e.exception))

    def test_results_of_a_paired_run_count_processes_and_measurements(self) -> None:
        rows, samples = paired_measurements(strategies=("a", "b"))
        self.runs("runs.csv", rows)
        lines = [",".join(paired.COLUMNS)] + [
            f"{s.process},0,{s.scenario},{s.n},{s.memory},{s.layout},{s.layout_seed},{s.strategy},{s.round},"
            f"{s.position},{s.inner},{s.wall_ns:.6f},{s.cpu_ns:.6f},0,0" for s in samples]
        self.write("samples.csv", "\n".join(lines) + "\n")
        self.write("metadata.csv", "key,value\nmachine_id,test-machine\npaired,1\npaired_clock,cpu\n"
                                   "paired_reference,a\n")
        out, metadata, _ = results.build(self.dir)
        self.assertEqual([r["processes"] for r in out], ["5", "5"])
        self.assertEqual(metadata["cell_measurements"], "30")

    def test_results_refuse_a_runs_table_with_a_cell_of_one_process(self) -> None:
        # make reanalyse of a cut table: refused, where it published a point interval the first page ranked
        self.runs("runs.csv", [run_row("a", "x", 8, v, seed=f"{k:x}") for k, v in enumerate([3, 1, 2])] +
                  [run_row("b", "x", 8, 2, seed="9")])
        self.write("metadata.csv", "key,value\nmachine_id,test-machine\npaired,0\n")
        with self.assertRaises(cells.MergeError) as e:
            results.build(self.dir)
        self.assertIn("b x n=8 memory=warm: measured in 1 process(es)", str(e.exception))


if __name__ == "__main__":
    unittest.main()

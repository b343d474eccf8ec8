"""Paired comparisons: planted samples with known ratios, machine slowdowns that pairing must cancel, and files
that must be refused."""

import contextlib
import io
import math
import os
import random
import unittest

import support
from analysis import paired

HEADER = ",".join(paired.COLUMNS)


def sample_line(process: str, layout: int, strategy: str, round_: int, wall_ns: float, inner: int = 10, n: int = 100,
                cpu_ns: float | None = None, steal: str = "0", scenario: str = "simple_iter", memory: str = "warm",
                link_order: int = 0, planted_ns: float = 0) -> str:
    cpu = wall_ns if cpu_ns is None else cpu_ns
    return (f"{process},{link_order},{scenario},{n},{memory},{layout},00000000000000{layout:02x},{strategy},{round_},0,"
            f"{inner},{wall_ns},{cpu},{steal},{planted_ns}")


def planted_file(test: support.TempDir, truths: dict[str, float], processes: int = 8, layouts: int = 2, rounds: int = 6,
                 seed: int = 1, layout_spread: float = 0.0, noise: float = 0.0) -> str:
    """A samples file in which design d's time per unit is truths[d] ns, times a slowdown of the machine that
    changes from round to round (up to 2x: shared by every design of the round), times a layout effect per
    design and layout (log-normal, sigma layout_spread) and a sample's own noise (sigma noise)."""
    rng = random.Random(seed)
    lines = [HEADER]
    for p in range(processes):
        process = f"{p + 1:016x}"
        for layout in range(layouts):
            placed = {d: math.exp(rng.gauss(0, layout_spread)) for d in truths}
            for r in range(rounds):
                machine = rng.choice((1.0, 1.4, 2.0))
                for d, truth in truths.items():
                    per_unit = truth * machine * placed[d] * math.exp(rng.gauss(0, noise))
                    lines.append(sample_line(process, layout, d, r, round(per_unit * 10 * 100, 3)))
    return test.write("samples.csv", "\n".join(lines) + "\n")


class LayoutAndProcess(unittest.TestCase):
    def test_a_layout_is_the_median_of_its_rounds_log_ratios(self) -> None:
        rounds = {0: {"a": 2.0, "b": 1.0}, 1: {"a": 3.0, "b": 1.0}, 2: {"a": 100.0, "b": 1.0}, 3: {"b": 1.0}}
        self.assertAlmostEqual(support.present(paired.layout_log_ratio(rounds, "a", "b")), math.log(3.0))
        self.assertIsNone(paired.layout_log_ratio({0: {"a": 1.0}}, "a", "b"))

    def test_a_process_is_the_mean_of_its_layouts(self) -> None:
        block = paired.Block(paired.BlockKey("x", 100, "warm"), "wall")
        for layout, ratio in ((0, 2.0), (1, 8.0)):
            for r in range(3):
                block.times.setdefault("p", {}).setdefault(layout, {})[r] = {"a": ratio, "b": 1.0}
        self.assertAlmostEqual(paired.process_log_ratios(block, "a", "b")[0], math.log(4.0))


class PlantedRatios(support.TempDir):
    def test_pairing_cancels_a_machine_that_changes_speed_between_rounds(self) -> None:
        path = planted_file(self, {"a": 1.0, "b": 1.5, "c": 0.5})
        block = paired.blocks(paired.read_samples(path))[paired.BlockKey("simple_iter", 100, "warm")]
        for top, bottom, truth in (("b", "a", 1.5), ("c", "a", 0.5), ("b", "c", 3.0)):
            r = support.present(paired.ratio(block, top, bottom))
            self.assertAlmostEqual(r.value, truth, places=9)
            self.assertAlmostEqual(r.low, truth, places=9)
            self.assertEqual(r.processes, 8)
        # unpaired, the same samples spread with the machine
        t = support.present(paired.time(block, "a"))
        self.assertGreater(t.high / t.low, 1.05)

    def test_the_interval_covers_a_planted_ratio_under_layout_effects(self) -> None:
        path = planted_file(self, {"a": 1.0, "a~aa": 1.0, "a~slower3": 1.03}, processes=30, layout_spread=0.02,
                            noise=0.02, seed=7)
        block = paired.blocks(paired.read_samples(path))[paired.BlockKey("simple_iter", 100, "warm")]
        aa = support.present(paired.ratio(block, "a~aa", "a"))
        self.assertLessEqual(aa.low, 1.0)
        self.assertGreaterEqual(aa.high, 1.0)
        control = support.present(paired.ratio(block, "a~slower3", "a"))
        self.assertLess(control.low, 1.03)
        self.assertGreater(control.high, 1.03)
        self.assertTrue(control.excludes_one())
        self.assertLess(control.half_width(), 0.03)

    def test_cpu_time_is_a_clock_of_its_own(self) -> None:
        lines = [HEADER] + [sample_line("01", 0, d, r, 1000 * k, cpu_ns=500 * k)
                            for r in range(3) for d, k in (("a", 1), ("b", 2))]
        path = self.write("cpu.csv", "\n".join(lines) + "\n")
        samples = paired.read_samples(path)
        key = paired.BlockKey("simple_iter", 100, "warm")
        self.assertAlmostEqual(paired.blocks(samples, "cpu")[key].times["01"][0][0]["a"], 0.5)
        self.assertAlmostEqual(paired.blocks(samples, "wall")[key].times["01"][0][0]["a"], 1.0)
        with self.assertRaises(ValueError):
            paired.blocks(samples, "cycles")


class OneProcess(support.TempDir):
    def test_one_process_gives_no_interval(self) -> None:
        path = planted_file(self, {"a": 1.0, "b": 2.0}, processes=1)
        block = paired.blocks(paired.read_samples(path))[paired.BlockKey("simple_iter", 100, "warm")]
        self.assertIsNone(paired.ratio(block, "b", "a"))
        self.assertIsNone(paired.time(block, "a"))
        self.assertEqual(paired.pair_rows({block.key: block}, "a"), [])


class Controls(unittest.TestCase):
    def test_twins_and_planted_controls_are_found_by_name(self) -> None:
        names = ["archetype", "archetype~aa", "sparse", "sparse~aa", "lonely~aa", "archetype~slower3", "x~slowerq"]
        self.assertEqual(list(paired.twins(names, paired.AA_SUFFIX)),
                         [("archetype~aa", "archetype"), ("sparse~aa", "sparse")])
        self.assertEqual(list(paired.planted(names)), [("archetype~slower3", "archetype", 1.03)])

    def test_each_twin_gives_its_own_largest_deviation_the_farthest_first(self) -> None:
        def row(strategy: str, ratio: str, scenario: str, truth: str = "1") -> dict[str, str]:
            return {"scenario": scenario, "n": "1024", "memory": "warm", "strategy": strategy, "ratio": ratio,
                    "truth": truth}
        rows = [row("archetype~aa", "1.04", "a"), row("archetype~aa", "0.95", "b"), row("sparse~aa", "1.02", "a"),
                row("sparse~aa", "1.086", "c"), row("sparse", "1.5", "c", truth=""),
                row("archetype~slower3", "1.2", "c", truth="1.03")]
        # 0.95 lies farther from 1 than 1.04 in logs (and in |ratio - 1|); 1.086 is the farthest of all
        self.assertEqual([(r["strategy"], r["scenario"]) for r in paired.largest_aa_deviations(rows)],
                         [("sparse~aa", "c"), ("archetype~aa", "b")])
        self.assertEqual(paired.largest_aa_deviations([]), [])


class Realised(support.TempDir):
    """The planted control's truth is the slowdown its work realised, cpu_ns / (cpu_ns - planted_ns), over processes."""

    def block(self, shares: list[list[float]], header: str = HEADER) -> paired.Block:
        """A block of a design and its planted control whose samples planted shares[p][k] of their work in process p
        (planted_ns = share * work, cpu_ns = work + planted_ns); the design's own work 1000 ns."""
        lines = [header]
        for p, planted in enumerate(shares):
            for r, share in enumerate(planted):
                work = 1000.0 * (1 + 0.1 * r)
                lines.append(sample_line(f"{p + 1:02x}", 0, "a", r, 1000.0))
                lines.append(sample_line(f"{p + 1:02x}", 0, "a~slower3", r, work * (1 + share),
                                         planted_ns=work * share))
        if header != HEADER:
            lines = [lines[0]] + [line[: line.rindex(",")] for line in lines[1:]]
        path = self.write("samples.csv", "\n".join(lines) + "\n")
        return next(iter(paired.blocks(paired.read_samples(path), "cpu").values()))

    def test_each_process_counts_once_whatever_its_samples(self) -> None:
        block = self.block([[0.02, 0.02], [0.04] * 6])
        self.assertAlmostEqual(support.present(paired.realised(block, "a~slower3")), math.sqrt(1.02 * 1.04), places=9)
        self.assertIsNone(paired.realised(block, "a"))

    def test_a_round_whose_planted_work_was_timed_slow_does_not_move_its_layout(self) -> None:
        block = self.block([[0.03, 0.03, 0.12, 0.03, 0.001]])
        self.assertAlmostEqual(support.present(paired.realised(block, "a~slower3")), 1.03, places=9)

    def test_the_truth_is_the_realised_ratio_where_recorded(self) -> None:
        block = self.block([[0.031, 0.029], [0.030, 0.030]])
        [(control, original, truth)] = paired.planted_truths(block)
        self.assertEqual((control, original), ("a~slower3", "a"))
        self.assertAlmostEqual(truth, math.sqrt(math.sqrt(1.031 * 1.029) * 1.03), places=9)
        rows = [r for r in paired.pair_rows({block.key: block}, "a") if r["strategy"] == "a~slower3"]
        self.assertEqual(rows[0]["truth"], f"{truth:.6g}")

    def test_a_run_that_did_not_record_it_keeps_the_truth_its_build_asked_for(self) -> None:
        block = self.block([[0.05, 0.05], [0.05]], header=",".join(paired.COLUMNS_BEFORE_PLANTED_NS))
        self.assertEqual(list(paired.planted_truths(block)), [("a~slower3", "a", 1.03)])
        self.assertFalse(block.reads_taken_out)  # its clock reads sat inside its intervals
        self.assertTrue(self.block([[0.05]]).reads_taken_out)


class BuildOrders(unittest.TestCase):
    """The build orders replayed from a process's seed. The end-to-end check against bench-paired's own samples is
    in tests/paired.sh; here, a process drawn as harness/paired.c draws it, and the same with one round edited."""

    DESIGNS = ["archetype", "sparse", "tables", "archetype~aa"]

    def block(self, seed: int, layouts: int = 2, rounds: int = 3, edit: tuple[int, int] | None = None,
              label: str | None = None) -> tuple[paired.Block, dict[int, list[str]]]:
        """A process drawn from seed, recorded under the process seed label (seed's own by default)."""
        label = f"{seed:016x}" if label is None else label
        block = paired.Block(paired.BlockKey("simple_iter", 100, "warm"), "wall")
        built: dict[int, list[str]] = {}
        state, order = seed, list(range(len(self.DESIGNS)))
        for layout in range(layouts):
            order = list(range(len(self.DESIGNS)))
            state = paired._shuffle(order, state)
            built[layout] = [self.DESIGNS[i] for i in order]
            for r in range(rounds):
                state = paired._shuffle(order, state)
                names = [self.DESIGNS[i] for i in order]
                if edit == (layout, r):
                    names[0], names[1] = names[1], names[0]
                for position, name in enumerate(names):
                    block.add(paired.Sample(label, 0, "simple_iter", 100, "warm", layout, name, r, position,
                                            10, 1000.0, 1000.0, 0.0))
        return block, built

    def test_the_stream_is_replayed_from_the_seed(self) -> None:
        for seed in (1, 0x2545F4914F6CDD1D, 2**64 - 1):
            block, built = self.block(seed)
            self.assertEqual(paired.build_orders(block, f"{seed:016x}"), built)

    def test_splitmix_steps_as_layout_c(self) -> None:
        # splitmix64 from state 0: its first output is the published first value of the generator.
        self.assertEqual(paired._next_random(0), 0xE220A8397B1DCDAF)

    def test_a_round_that_does_not_follow_from_the_seed_gives_none(self) -> None:
        block, _ = self.block(7, edit=(1, 2))
        self.assertIsNone(paired.build_orders(block, f"{7:016x}"))
        block, _ = self.block(7, label=f"{8:016x}")
        self.assertIsNone(paired.build_orders(block, f"{8:016x}"))
        block, _ = self.block(7, label="not-hex")
        self.assertIsNone(paired.build_orders(block, "not-hex"))


class Reproduce(support.TempDir):
    def test_agreement_is_within_the_combined_intervals(self) -> None:
        a = (1.0, 0.98, 1.02)
        self.assertTrue(paired.agreement(a, (1.02, 1.0, 1.04)))
        self.assertFalse(paired.agreement(a, (1.03, 1.01, 1.05)))
        self.assertTrue(paired.agreement(a, (1.03, 0.9, 1.15)))

    def run_folder(self, name: str, rows: list[tuple[str, float, float, float]]) -> str:
        os.mkdir(self.path(name))
        text = ",".join(paired.PAIR_COLUMNS) + "\n" + "".join(
            f"simple_iter,1024,warm,{s},a,{r},{lo},{hi},5,\n" for s, r, lo, hi in rows)
        self.write(os.path.join(name, "pairs.csv"), text)
        self.record("pairs.csv", directory=self.path(name))
        return self.path(name)

    def test_two_runs_are_compared_ratio_by_ratio(self) -> None:
        first = self.run_folder("one", [("b", 1.5, 1.48, 1.52), ("c", 0.8, 0.79, 0.81), ("d", 1, 0.9, 1.1)])
        second = self.run_folder("two", [("b", 1.51, 1.49, 1.53), ("c", 0.9, 0.89, 0.91), ("e", 1, 0.9, 1.1)])
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(paired.reproduce_main([first, second]), 0)
        lines = out.getvalue().splitlines()
        self.assertEqual(lines[0], "reproduce: 1 of 2 ratios agree within their intervals (50.0%); 2 in one run only")
        self.assertEqual(lines[1], "  simple_iter n=1024 c / a: 0.800 [0.790, 0.810] against 0.900 [0.890, 0.910]")
        os.remove(os.path.join(second, "manifest.csv"))
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(paired.reproduce_main([first, second]), 1)


class Refused(support.TempDir):
    def refused(self, text: str, message: str) -> None:
        path = self.write("bad.csv", text)
        with self.assertRaises(paired.SampleError) as caught:
            paired.read_samples(path)
        self.assertIn(message, str(caught.exception))

    def test_files_that_are_not_samples_are_refused_with_their_line(self) -> None:
        good = sample_line("01", 0, "a", 0, 1000)
        self.refused("strategy,scenario\n", "not a samples file")
        self.refused(HEADER + "\n" + good + ",extra\n", "bad.csv:2: 16 fields")
        self.refused(HEADER + "\n" + good[: -len(",0")] + ",1000\n", "planted_ns must be below cpu_ns")
        self.refused(HEADER + "\n" + good.replace(",1000,1000,", ",0,1000,") + "\n", "must be above 0")
        self.refused(HEADER + "\n" + good.replace(",1000,1000,", ",1000,0,") + "\n", "must be above 0")
        self.refused(HEADER + "\n" + good.replace(",1000,1000,", ",-5,1000,") + "\n", "not negative")
        self.refused(HEADER + "\n" + good.replace(",1000,1000,", ",1e999,1000,") + "\n", "finite")
        self.refused(HEADER + "\n" + good.replace(",1000,1000,", ",fast,1000,") + "\n", "wall_ns is not a number")


if __name__ == "__main__":
    unittest.main()

"""The framed scenarios' frames: the typical curve, the hitch chosen on half the sequences and measured on the other
half, its verdict against raw's floor at the same frame, and the deterministic worst frame."""

import contextlib
import io
import os
import random
import unittest
from typing import Sequence

import support
from analysis import answers, cells, frames, simulation, stats
from analysis.files import CsvError

HEADER = ("process_seed,link_order,scenario,n,memory,layout,layout_seed,strategy,round,position,frame,wall_ns,cpu_ns,"
          "allocations,bytes_allocated,bytes_retired,planted_percent\n")
FRAMES = 64


def sequence_rows(strategy: str, sequence: int, cpu: list[float], retired: list[int] | None = None,
                  scenario: str = "grow", planted: tuple[int, int] | None = None, rounds: int = 2) -> str:
    """The rows of one sequence, the sequence-th: round sequence % rounds of process sequence // rounds (two rounds
    a process, the fewest a hitch needs, unless told); frame f's wall and CPU time cpu[f], the bytes it retired,
    and planted (frame, percent): the frame the planted control stalled in."""
    retired = retired or [0] * len(cpu)
    process, round_ = sequence // rounds + 1, sequence % rounds
    stalls = {planted[0]: planted[1]} if planted else {}
    return "".join(f"{process:016x},0,{scenario},4096,warm,0,00000000000000aa,{strategy},{round_},0,{f},"
                   f"{t * 1.05:.0f},{t:.0f},{1 if b else 0},{2 * b},{b},{stalls.get(f, 0)}\n"
                   for f, (t, b) in enumerate(zip(cpu, retired)))


def noisy(rng: random.Random, base: float, spikes: Sequence[tuple[int, float]] = ()) -> list[float]:
    """A flat sequence around base with 2% jitter, a preemption (10x) at one random frame, and the given spikes
    (frame, factor)."""
    cpu = [base * (1 + rng.uniform(-0.02, 0.02)) for _ in range(FRAMES)]
    cpu[rng.randrange(FRAMES)] *= 10
    for frame, factor in spikes:
        cpu[frame] *= factor
    return cpu


def as_read(row: dict[str, str | int]) -> dict[str, str]:
    """A summary row as answers.frame_standing reads it back from hitches.csv: every value text."""
    return {k: str(v) for k, v in row.items()}


class Frames(support.TempDir):
    def summary(self, text: str) -> dict[str, dict[str, str | int]]:
        """The summary rows by design, every value text or a whole number (as hitches.csv is written from them)."""
        rows = frames.summarise(frames.read([self.write("frames.csv", HEADER + text)]))
        out: dict[str, dict[str, str | int]] = {}
        for r in rows:
            values = {k: v for k, v in r.items() if isinstance(v, (str, int))}
            self.assertEqual(values.keys(), r.keys())
            out[str(r["strategy"])] = values
        return out

    def test_a_recurring_spike_is_a_hitch_and_a_preemption_is_not(self) -> None:
        rng = random.Random(7)
        text = ""
        for round_ in range(12):
            text += sequence_rows("raw-soa", round_, noisy(rng, 1000))
            text += sequence_rows("grower", round_, noisy(rng, 1000, [(40, 5.0)]),
                                  [100000 if f == 40 else 0 for f in range(FRAMES)])
            text += sequence_rows("steady", round_, noisy(rng, 1000))
        rows = self.summary(text)
        self.assertEqual(rows["grower"]["hitch_frame"], 40)
        self.assertEqual(rows["grower"]["verdict"], "hitch")
        self.assertGreater(float(rows["grower"]["hitch_lo"]), 4.0)
        self.assertEqual(rows["grower"]["bytes_worst_frame"], 40)
        self.assertEqual(rows["grower"]["bytes_worst"], 100000)
        self.assertEqual(rows["grower"]["bytes_allocated_worst"], 200000)
        # Every design met a preemption in every sequence, each at another frame: none recurs, none is a hitch.
        self.assertEqual(rows["steady"]["verdict"], "steady")
        self.assertLess(float(rows["steady"]["hitch"]), 1.2)
        self.assertEqual(rows["raw-soa"]["verdict"], "floor")
        # The worst frame over every sequence is a preemption, for every design alike.
        self.assertGreater(float(rows["steady"]["worst_over_median"]), 9)

    def test_what_every_design_meets_at_a_frame_is_no_hitch(self) -> None:
        # The first frame starts cold for raw and the design alike: the floor there is raw's own.
        rng = random.Random(3)
        text = ""
        for round_ in range(10):
            text += sequence_rows("raw-soa", round_, noisy(rng, 1000, [(0, 3.0)]))
            text += sequence_rows("cold", round_, noisy(rng, 1000, [(0, 3.0)]))
        rows = self.summary(text)
        self.assertIn(rows["cold"]["verdict"], ("steady", "inconclusive"))
        # Alone, the cold frame stands highest, but it is the start-up frame: never the hitch, reported apart.
        alone = self.summary(text.replace("raw-soa", "also-cold"))
        self.assertNotEqual(alone["cold"]["hitch_frame"], 0)
        self.assertEqual((alone["cold"]["verdict"], alone["cold"]["start_over_floor"]), ("no floor", ""))
        self.assertLess(abs(float(alone["cold"]["start_ns"]) / 3000 - 1), 0.05)

    def test_the_start_up_frame_is_never_the_hitch_and_is_reported_apart(self) -> None:
        # "cold"'s first frame stands 3x over its neighbours and raw's does not; its frame 40 stands 1.6x in every
        # round. The hitch is the recurring frame after start-up, the start-up frame's own standing is beside it.
        rng = random.Random(19)
        text = ""
        for sequence in range(48):  # 8 processes of 6 rounds, as a run has them
            text += sequence_rows("raw-soa", sequence, noisy(rng, 1000), rounds=6)
            text += sequence_rows("cold", sequence, noisy(rng, 1000, [(0, 3.0), (40, 1.6)]), rounds=6)
        cold = self.summary(text)["cold"]
        self.assertEqual((cold["hitch_frame"], cold["verdict"], cold["worst_steady_frame"]), (40, "hitch", 40))
        self.assertGreater(float(cold["start_over_floor"]), 2.5)
        self.assertLess(float(cold["over_floor"]), 2.0)
        self.assertLess(abs(float(cold["start_ns"]) / 3000 - 1), 0.05)
        self.assertLess(abs(float(cold["worst_steady_ns"]) / 1600 - 1), 0.05)

    def budget_rows(self, designs: dict[str, tuple[float, list[tuple[int, float]]]],
                    seed: int = 23) -> tuple[dict[str, dict[str, str | int]], list[answers.FrameStanding]]:
        """The summary rows of raw's frames and of designs {name: (base, spikes)} measured side by side in 8
        processes of 6 rounds (noisy: 2% jitter and a preemption in every sequence), and the answers.FrameStanding
        of every design but raw."""
        rng = random.Random(seed)
        text = ""
        for sequence in range(48):
            text += sequence_rows("raw-soa", sequence, noisy(rng, 1000), rounds=6)
            for name, (base, spikes) in designs.items():
                text += sequence_rows(name, sequence, noisy(rng, base, spikes), rounds=6)
        rows = self.summary(text)
        return rows, [answers.frame_standing(as_read(r)) for name, r in rows.items() if name != "raw-soa"]

    def test_a_uniformly_slow_design_does_not_win_a_budget(self) -> None:
        # "slow": every frame 5x raw's, none standing over its neighbours; "spiky": raw's frames, one 3x at frame 40
        # in every round. By the hitch slow would win; by what a frame budget must hold, spiky does.
        rows, standings = self.budget_rows({"slow": (5000, []), "spiky": (1000, [(40, 3.0)])})
        self.assertEqual((rows["slow"]["verdict"], rows["spiky"]["verdict"]), ("steady", "hitch"))
        self.assertEqual((rows["spiky"]["budget"], rows["slow"]["budget"], rows["slow"]["lowest"]),
                         (frames.LOWEST, frames.ABOVE, "spiky"))
        self.assertLess(abs(float(rows["slow"]["over_lowest"]) / (5 / 3) - 1), 0.05)
        pick, above = answers.cheapest(standings)
        self.assertEqual(([s.design for s in pick], support.present(above).design), (["spiky"], "slow"))
        self.assertEqual((rows["raw-soa"]["budget"], rows["raw-soa"]["lowest"]), ("", ""))

    def test_low_typical_frames_with_one_tall_frame_lose_to_a_lower_worst_frame(self) -> None:
        # "tall": frames of 500 ns and one of 4000 at frame 40; "even": frames of 1500 ns, the worst 2250 at frame 20
        rows, standings = self.budget_rows({"tall": (500, [(40, 8.0)]), "even": (1500, [(20, 1.5)])})
        self.assertLess(float(rows["tall"]["typical_median_ns"]), float(rows["even"]["typical_median_ns"]) / 2)
        self.assertEqual((rows["tall"]["worst_steady_frame"], rows["even"]["worst_steady_frame"]), (40, 20))
        self.assertEqual((rows["even"]["budget"], rows["tall"]["budget"]), (frames.LOWEST, frames.ABOVE))
        self.assertLess(abs(float(rows["tall"]["over_lowest"]) / (4000 / 2250) - 1), 0.05)
        pick, above = answers.cheapest(standings)
        self.assertEqual(([s.design for s in pick], support.present(above).design), (["even"], "tall"))

    def test_a_worst_frame_within_the_margin_of_the_lowest_shares_the_pick(self) -> None:
        # worst frames of 1500, 1545 (3% over: within the 10% margin) and 1950 ns (30% over), measured tightly
        rng = random.Random(31)
        text = ""
        for sequence in range(16):
            for name, frame, factor in (("raw-soa", 10, 1.0), ("low", 30, 1.5), ("near", 31, 1.545),
                                        ("far", 32, 1.95)):
                cpu = [1000 * (1 + rng.uniform(-0.002, 0.002)) for _ in range(FRAMES)]
                cpu[frame] *= factor
                text += sequence_rows(name, sequence, cpu)
        rows = self.summary(text)
        self.assertEqual([rows[name]["budget"] for name in ("low", "near", "far")],
                         [frames.LOWEST, frames.WITHIN, frames.ABOVE])
        self.assertGreater(float(rows["near"]["over_lowest_lo"]), 1.0)  # a difference, but within the margin
        pick, above = answers.cheapest([answers.frame_standing(as_read(r)) for name, r in rows.items()
                                        if name != "raw-soa"])
        self.assertEqual(([s.design for s in pick], support.present(above).design), (["low", "near"], "far"))

    def test_a_worst_frame_is_measured_on_rounds_that_did_not_choose_it(self) -> None:
        # A frame 5x in the even rounds alone chooses itself there, and on the odd rounds costs what any frame does.
        rng = random.Random(29)
        text = ""
        for sequence in range(16):
            for name in ("raw-soa", "chance"):
                cpu = [1000 * (1 + rng.uniform(-0.02, 0.02)) for _ in range(FRAMES)]
                cpu[40] *= 5.0 if name == "chance" and sequence % 2 == 0 else 1.0
                text += sequence_rows(name, sequence, cpu)
        chance = self.summary(text)["chance"]
        self.assertEqual(chance["worst_steady_frame"], 40)
        self.assertGreater(float(chance["typical_worst_ns"]), 2000)
        self.assertLess(abs(float(chance["worst_steady_ns"]) / 1000 - 1), 0.03)

    def test_a_growing_frame_is_no_hitch(self) -> None:
        # Frames that cost more as the world grows stand no higher than their neighbours.
        rng = random.Random(5)
        text = "".join(sequence_rows("raw-soa", r, [1000 + 50 * f for f in range(FRAMES)]) +
                       sequence_rows("linear", r, [(1000 + 50 * f) * (1 + rng.uniform(-0.02, 0.02))
                                                   for f in range(FRAMES)]) for r in range(8))
        rows = self.summary(text)
        self.assertLess(float(rows["linear"]["hitch"]), 1.1)
        self.assertEqual(rows["linear"]["verdict"], "steady")

    def test_without_raw_there_is_no_floor(self) -> None:
        text = "".join(sequence_rows("design", r, [1000.0] * FRAMES, scenario="game_frame_10") for r in range(4))
        self.assertEqual(self.summary(text)["design"]["verdict"], "no floor")

    def test_a_frame_is_measured_on_rounds_that_did_not_choose_it(self) -> None:
        # A spike in the even rounds alone chooses its frame there and falls back to 1 in the odd ones.
        rng = random.Random(11)
        text = ""
        for sequence in range(16):
            text += sequence_rows("raw-soa", sequence, noisy(rng, 1000))
            text += sequence_rows("chance", sequence, noisy(rng, 1000, [(40, 5.0)] if sequence % 2 == 0 else []))
        rows = self.summary(text)
        self.assertEqual(rows["chance"]["hitch_frame"], 40)
        self.assertLess(float(rows["chance"]["hitch"]), 1.1)
        self.assertNotEqual(rows["chance"]["verdict"], "hitch")
        self.assertEqual(rows["chance"]["processes"], 8)

    def test_a_frame_within_the_margin_of_raws_is_steady(self) -> None:
        # 5% over raw's frame in every round, measured tightly: a difference, but within the margin.
        rng = random.Random(13)
        text = ""
        for sequence in range(16):
            text += sequence_rows("raw-soa", sequence, [1000 * (1 + rng.uniform(-0.002, 0.002)) for _ in range(FRAMES)])
            bump = [1000 * (1 + rng.uniform(-0.002, 0.002)) for _ in range(FRAMES)]
            bump[40] *= 1.05
            text += sequence_rows("bump", sequence, bump)
        rows = self.summary(text)
        self.assertEqual(rows["bump"]["hitch_frame"], 40)
        self.assertGreater(float(rows["bump"]["over_floor_lo"]), 1.0)
        self.assertEqual(rows["bump"]["verdict"], "steady")

    def test_the_controls_are_judged_against_their_originals(self) -> None:
        # The twin is its original's code; the planted control stalls half as long again in frame 30. Both share
        # their original's spike at frame 40, which raw lacks: against raw it would be their hitch.
        rng = random.Random(17)
        text = ""
        for sequence in range(16):
            text += sequence_rows("raw-soa", sequence, noisy(rng, 1000))
            text += sequence_rows("a", sequence, noisy(rng, 1000, [(40, 4.0)]))
            text += sequence_rows("a~aa", sequence, noisy(rng, 1000, [(40, 4.0)]))
            text += sequence_rows("a~slower3", sequence, noisy(rng, 1030, [(40, 4.0), (30, 1.5)]), planted=(30, 50))
        rows = self.summary(text)
        self.assertEqual((rows["a"]["floor"], rows["a"]["verdict"], rows["a"]["hitch_frame"]), ("raw-soa", "hitch", 40))
        self.assertEqual((rows["a~aa"]["floor"], rows["a~aa"]["planted_frame"]), ("a", ""))
        self.assertNotEqual(rows["a~aa"]["verdict"], "hitch")
        planted = rows["a~slower3"]
        self.assertEqual((planted["floor"], planted["planted_frame"], planted["planted_percent"]), ("a", 30, 50))
        self.assertEqual((planted["hitch_frame"], planted["verdict"]), (30, "hitch"))
        self.assertLessEqual(float(planted["over_floor_lo"]), 1.5)
        self.assertGreaterEqual(float(planted["over_floor_hi"]), 1.5)
        self.assertEqual((rows["raw-soa"]["floor"], rows["raw-soa"]["verdict"]), ("", "floor"))

    def test_the_verdict_is_against_the_margin(self) -> None:
        # found above 1.10x: a hitch; found below it, lower than raw's or not: steady; neither: inconclusive
        self.assertEqual(frames.verdicts([stats.Comparison(1.5, 1.3, 1.7, 7), stats.Comparison(1.05, 1.02, 1.08, 7),
                                          stats.Comparison(0.92, 0.80, 1.05, 7), stats.Comparison(1.1, 0.9, 1.3, 7)]),
                         ["hitch", "steady", "steady", "inconclusive"])

    def test_too_few_processes_or_rounds_or_a_missing_frame_are_refused(self) -> None:
        with self.assertRaisesRegex(CsvError, "a hitch needs 2 processes of 2 rounds"):
            self.summary("".join(sequence_rows("design", r, [1000.0] * FRAMES) for r in range(3)))
        with self.assertRaisesRegex(CsvError, "a hitch needs 2 processes of 2 rounds"):
            self.summary("".join(sequence_rows("design", r, [1000.0] * FRAMES) for r in range(2)))
        # rounds 0 and 2 of every process: none to measure the frame on
        with self.assertRaisesRegex(CsvError, "not every one with an even and an odd round"):
            self.summary("".join(sequence_rows("design", r, [1000.0] * FRAMES, rounds=4) for r in range(8)
                                 if r % 2 == 0))
        cut = "".join(sequence_rows("design", r, [1000.0] * FRAMES) for r in range(4)).splitlines(keepends=True)
        del cut[70]
        with self.assertRaisesRegex(CsvError, "lacks frames"):
            self.summary("".join(cut))

    def test_the_command_writes_a_row_per_design(self) -> None:
        path = self.write("frames.csv", HEADER + "".join(sequence_rows(s, r, [1000.0] * FRAMES)
                                                         for s in ("raw-soa", "design") for r in range(4)))
        out = self.path("hitches.csv")
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(frames.main(["summary", out, path]), 0)
            self.assertEqual(frames.main(["summary", out]), 2)
            self.assertEqual(frames.main(["measure", self.dir, out]), 1)  # no paired program in the folder
        with open(out, encoding="utf-8") as f:
            lines = f.read().splitlines()
        self.assertEqual(lines[0].split(","), list(frames.COLUMNS))
        self.assertEqual(len(lines), 3)


class Simulated(support.TempDir):
    """The simulation frame by frame: a dump per frame joined to its cell's row, and its instructions in the summary."""

    def dump(self, job: str, name: str, label: str, ir: int) -> None:
        os.makedirs(self.path("dumps", job), exist_ok=True)
        self.write(f"dumps/{job}/{name}", f"desc: Trigger: Client Request: {label}\nevents: Ir D1mr D1mw DLmr DLmw\n"
                                          f"summary: {ir} 2 3 1\n")

    def rows(self, *checksums: tuple[str, str]) -> str:
        return self.write("rows.csv", "strategy,scenario,n,unit,checksum,layout_seed\n" + "".join(
            f"{s},grow,1024,entity,{c},0000000000000001\n" for s, c in checksums))

    def test_a_row_per_frame_and_every_frame_needed(self) -> None:
        for job, strategy in (("job0", "a"), ("job1", "b")):
            for f in range(3):
                self.dump(job, f"dump.{f + 1}", f"{strategy} grow 1024 0000000000000001 {f}", 1000 * (f + 1))
        out = simulation.join_frames(self.path("dumps"), self.rows(("a", "0ab"), ("b", "0ab")), "G")
        self.assertEqual([(r["strategy"], r["frame"], r["instructions"], r["d1_misses"], r["ll_misses"]) for r in out],
                         [("a", "0", "1000", "5", "1"), ("a", "1", "2000", "5", "1"), ("a", "2", "3000", "5", "1"),
                          ("b", "0", "1000", "5", "1"), ("b", "1", "2000", "5", "1"), ("b", "2", "3000", "5", "1")])
        with self.assertRaisesRegex(cells.MergeError, "checksum mismatch"):
            simulation.join_frames(self.path("dumps"), self.rows(("a", "0ab"), ("b", "0cd")), "G")
        os.remove(self.path("dumps/job1/dump.2"))
        with self.assertRaisesRegex(cells.MergeError, "no dump for b grow 1024 0000000000000001 1"):
            simulation.join_frames(self.path("dumps"), self.rows(("a", "0ab"), ("b", "0ab")), "G")

    def test_the_summary_names_the_frame_of_the_most_instructions(self) -> None:
        text = HEADER + "".join(sequence_rows(s, r, [1000.0] * FRAMES) for s in ("raw-soa", "design")
                                for r in range(4))
        designs = frames.read([self.write("frames.csv", text)])
        counts = [100] * FRAMES
        counts[33] = 900
        rows = {r["strategy"]: r for r in frames.summarise(designs, {("grow", 4096, "design"): counts})}
        self.assertEqual((rows["design"]["instructions_worst_frame"], rows["design"]["instructions_worst"],
                          rows["design"]["instructions_median"]), (33, 900, "100"))
        self.assertNotIn("instructions_worst", rows["raw-soa"])


if __name__ == "__main__":
    unittest.main()

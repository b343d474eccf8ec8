"""Frame by frame: what the framed scenarios' frames cost (scenarios/catalogue.h, FRAMED), from the rows bench-paired
writes with --frames (harness/paired.c: one row per design, sequence and frame).

    python3 -m analysis frames measure BUILD OUT_CSV --scenarios A,B,... [--n N] [--processes P] [--rounds R]
                                    [--seed S]             every scenario's frames in P processes (frames.csv)
    python3 -m analysis frames summary OUT_CSV FRAMES_CSV|DIR... [--sim FRAMESIM_CSV]
                                        one row per scenario, n and design (hitches.csv); a DIR stands for its
                                        frames table and its framesim table (the simulation frame by frame:
                                        instructions per frame, simulation.py), --sim names one

measure runs bench-paired --frames for each scenario in P processes, each in another link order (BUILD's
bench-paired-K, K drawn from the seed) with a seed of its own, every design of the scenario that holds N in each,
R rounds of one layout; OUT_CSV gets their frames, header once, only once every process succeeded. An option left
out takes make bench's default (FRAMES_N, FRAMES_PROCESSES, FRAMES_ROUNDS: scripts/defaults.mk).

The figures of each design, and the rules that judge them, are frame_figures.py's; measure runs the processes
(frame_runs.py). Exit status 0, 1 if a file cannot be read or holds too few processes or rounds, 2 on a wrong
call.
"""

import argparse
import os
import random
from typing import Iterable, Sequence

from . import csvfile, defaults, paired, stats
from .command import Parser, fail
from .csvfile import Row
from .files import CsvError
from .frame_figures import (ABOVE, FLOOR_DESIGN, INCONCLUSIVE, LOWEST, MIN_PROCESSES, MIN_ROUNDS, START_FRAME,
                            STEADY_MARGIN, WITHIN, Design, FrameCost, FrameSequence, Hitch, Process, budgets, curve,
                            floor_of, hitch, over_floor, percentile, ratio_columns, steady_frames, verdicts,
                            worst_frame)
from .frame_runs import measure

# The frames command is where its callers (the summary, the report, the settings, the tests) find the figures'
# names and rules too, so they need not know which module holds each.
__all__ = ["COLUMNS", "CsvError", "Instructions", "main", "measure", "read", "read_instructions", "summarise",
           "ABOVE", "FLOOR_DESIGN", "INCONCLUSIVE", "LOWEST", "MIN_PROCESSES", "MIN_ROUNDS", "START_FRAME",
           "STEADY_MARGIN", "WITHIN", "Design", "FrameCost", "FrameSequence", "curve", "verdicts"]

COLUMNS = (
    "scenario", "n", "strategy", "frames", "sequences", "processes", "median_frame_ns", "p99_frame_ns",
    "worst_frame_ns", "worst_over_median", "typical_median_ns", "typical_worst_ns", "typical_worst_frame", "hitch",
    "hitch_lo", "hitch_hi", "hitch_frame", "over_floor", "over_floor_lo", "over_floor_hi", "verdict", "bytes_worst",
    "bytes_worst_frame", "bytes_median", "bytes_total", "allocations_worst", "bytes_allocated_worst", "floor",
    "planted_frame", "planted_percent", "worst_steady_frame", "worst_steady_ns", "worst_steady_lo_ns",
    "worst_steady_hi_ns", "lowest", "over_lowest", "over_lowest_lo", "over_lowest_hi", "budget", "start_ns",
    "start_over_floor", "start_over_floor_lo", "start_over_floor_hi", "instructions_median", "instructions_worst",
    "instructions_worst_frame",
)


def read(paths: Iterable[str]) -> list[Design]:
    """The designs of the files' rows, their sequences in a fixed order (process seed, link order, layout, round).
    Raises CsvError for a file that is not one of frame rows, or a sequence that lacks a frame or repeats one."""
    cells: dict[tuple[str, int, str], dict[tuple[str, int, int, int], dict[int, Row]]] = {}
    for path in paths:
        for r in csvfile.read(path, "frames"):
            key = (r["process_seed"], int(r["link_order"]), int(r["layout"]), int(r["round"]))
            frames = cells.setdefault((r["scenario"], int(r["n"]), r["strategy"]), {}).setdefault(key, {})
            frame = int(r["frame"])
            if frame in frames:
                raise CsvError(f"{path}: frame {frame} of {r['strategy']} appears twice in one sequence")
            frames[frame] = r
    designs = []
    for (scenario, n, strategy), sequences in sorted(cells.items()):
        d = Design(scenario, n, strategy)
        count = max(len(f) for f in sequences.values())
        for key, frames in sorted(sequences.items()):
            if sorted(frames) != list(range(count)):
                raise CsvError(f"{strategy} {scenario} n={n}: a sequence lacks frames of the {count} the others have")
            rows = [frames[f] for f in range(count)]
            d.sequences.append(FrameSequence(
                key, [float(r["wall_ns"]) for r in rows], [float(r["cpu_ns"]) for r in rows],
                [int(r["allocations"]) for r in rows], [int(r["bytes_allocated"]) for r in rows],
                [int(r["bytes_retired"]) for r in rows], [int(r["planted_percent"]) for r in rows]))
        designs.append(d)
    return designs


# Instructions per frame from the simulation frame by frame (simulation.py, framesim.csv), by (scenario, n,
# strategy): the frames' counts in frame order.
Instructions = dict[tuple[str, int, str], list[int]]


def read_instructions(path: str) -> Instructions:
    """The simulated instructions of every frame of a framesim file, or of a results folder's framesim table (its
    framesim.csv.gz or parts), one simulated layout per design. Raises CsvError for a design simulated in several
    layouts or lacking a frame."""
    frames: dict[tuple[str, int, str], dict[int, int]] = {}
    layouts: dict[tuple[str, int, str], str] = {}
    rows = csvfile.read_table(path, "framesim", "framesim") if os.path.isdir(path) else csvfile.read(path, "framesim")
    for r in rows:
        key = (r["scenario"], int(r["n"]), r["strategy"])
        if layouts.setdefault(key, r["layout_seed"]) != r["layout_seed"]:
            raise CsvError(f"{path}: {r['strategy']} {r['scenario']} n={r['n']} simulated in more than one layout")
        frames.setdefault(key, {})[int(r["frame"])] = int(r["instructions"])
    for (scenario, n, strategy), counts in frames.items():
        if sorted(counts) != list(range(len(counts))):
            raise CsvError(f"{path}: {strategy} {scenario} n={n} lacks simulated frames")
    return {key: [counts[f] for f in sorted(counts)] for key, counts in frames.items()}


def summarise(designs: Sequence[Design], instructions: Instructions | None = None) -> list[dict[str, object]]:
    """One row per design (COLUMNS), its verdict against its floor's frame (floor_of) in its scenario, the false
    discovery rate held over every design of every scenario (and over the controls apart); with the frame and size
    of a planted hitch, and with the simulation's instructions per frame where given (empty where a design has
    none)."""
    for d in designs:
        rounds: dict[Process, set[int]] = {}
        for s in d.sequences:
            rounds.setdefault(s.key[:3], set()).add(s.key[3])
        if len(rounds) < MIN_PROCESSES or any({r % 2 for r in held} != {0, 1} for held in rounds.values()):
            raise CsvError(f"{d.strategy} {d.scenario} n={d.n}: {len(rounds)} processes, not every one with an even "
                           f"and an odd round; a hitch needs {MIN_PROCESSES} processes of {MIN_ROUNDS} rounds (an even "
                           f"one to choose its frame on, an odd one to measure it on)")
        if not steady_frames(len(d.sequences[0].cpu)):
            raise CsvError(f"{d.strategy} {d.scenario} n={d.n}: no frame after the start-up frame")
    by_name = {(d.scenario, d.n, d.strategy): d for d in designs}
    hitches: list[Hitch] = []
    floors: dict[int, Design] = {}
    comparisons: dict[int, stats.Comparison] = {}
    starts: dict[int, stats.Comparison] = {}
    for k, d in enumerate(designs):
        floor = by_name.get((d.scenario, d.n, floor_of(d.strategy))) if d.strategy != FLOOR_DESIGN else None
        h = hitch(d.sequences, floor.sequences if floor else None)
        hitches.append(h)
        if floor:
            floors[k] = floor
            comparisons[k] = over_floor(d.sequences, floor.sequences, h.frame)
            starts[k] = over_floor(d.sequences, floor.sequences, START_FRAME)
    costs = [worst_frame(d.sequences) for d in designs]
    budget = budgets(designs, costs)
    # The controls are judged in a family of their own, so that no design's verdict depends on them.
    decided: dict[int, str] = {}
    for controls in (False, True):
        family = [k for k in comparisons if paired.is_control(designs[k].strategy) == controls]
        decided.update(zip(family, verdicts([comparisons[k] for k in family])))
    rows = []
    for k, d in enumerate(designs):
        h = hitches[k]
        c = comparisons.get(k)
        verdict = "floor" if d.strategy == FLOOR_DESIGN else decided[k] if c else "no floor"
        planted = [(f, p) for f, p in enumerate(d.sequences[0].planted) if p]
        walls = [w for s in d.sequences for w in s.wall]
        typical = curve(d.sequences)
        first = d.sequences[0]
        # Per frame, the most any sequence asked: every sequence runs a world of its own through the same frames,
        # so they all ask the same unless a design's growth depends on its memory's placement.
        retired, allocations, allocated = (
            [max(getattr(s, name)[f] for s in d.sequences) for f in range(len(first.wall))]
            for name in ("bytes_retired", "allocations", "bytes_allocated"))
        retired_bytes: list[int] = retired
        worst_bytes = max(range(len(retired_bytes)), key=lambda f: retired_bytes[f])
        median_wall = stats.median(walls)
        rows.append({
            "scenario": d.scenario, "n": d.n, "strategy": d.strategy, "frames": len(first.wall),
            "sequences": len(d.sequences), "processes": len({s.key[:3] for s in d.sequences}),
            "median_frame_ns": f"{median_wall:.0f}",
            "p99_frame_ns": f"{percentile(walls, 99):.0f}", "worst_frame_ns": f"{max(walls):.0f}",
            "worst_over_median": f"{max(walls) / max(median_wall, 1.0):.3g}",
            "typical_median_ns": f"{stats.median(typical):.0f}", "typical_worst_ns": f"{max(typical):.0f}",
            "typical_worst_frame": max(range(len(typical)), key=lambda f: typical[f]),
            "hitch": f"{h.ratio:.4g}", "hitch_lo": f"{h.low:.4g}", "hitch_hi": f"{h.high:.4g}",
            "hitch_frame": h.frame,
            **ratio_columns("over_floor", c), "verdict": verdict,
            "bytes_worst": retired[worst_bytes], "bytes_worst_frame": worst_bytes,
            "bytes_median": f"{stats.median(float(b) for b in retired):.0f}",
            "bytes_total": sum(retired), "allocations_worst": allocations[worst_bytes],
            "bytes_allocated_worst": allocated[worst_bytes], "floor": floors[k].strategy if k in floors else "",
            "planted_frame": planted[0][0] if planted else "", "planted_percent": planted[0][1] if planted else "",
            "worst_steady_frame": costs[k].frame, "worst_steady_ns": f"{costs[k].ns:.0f}",
            "worst_steady_lo_ns": f"{costs[k].low:.0f}", "worst_steady_hi_ns": f"{costs[k].high:.0f}",
            **budget[k],
            "start_ns": f"{typical[START_FRAME]:.0f}", **ratio_columns("start_over_floor", starts.get(k)),
        })
        counts = (instructions or {}).get((d.scenario, d.n, d.strategy), [])
        if counts:
            rows[-1].update({"instructions_median": f"{stats.median(float(c) for c in counts):.0f}",
                             "instructions_worst": max(counts), "instructions_worst_frame": counts.index(max(counts))})
    return rows


def main(argv: list[str]) -> int:
    parser = Parser("frames", "measure BUILD OUT_CSV --scenarios A,B [--n N] [--processes P] [--rounds R] "
                              "[--seed S] | summary OUT_CSV FRAMES_CSV|DIR... [--sim FRAMESIM_CSV]")
    parser.add_argument("what", choices=("measure", "summary"))
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--scenarios", default="")
    parser.add_argument("--n", type=int, default=defaults.whole("FRAMES_N"))
    parser.add_argument("--processes", type=int, default=defaults.whole("FRAMES_PROCESSES"))
    parser.add_argument("--rounds", type=int, default=defaults.whole("FRAMES_ROUNDS"))
    parser.add_argument("--seed", type=int)
    parser.add_argument("--sim")

    def run(a: argparse.Namespace) -> int:
        if a.what == "measure":
            if len(a.paths) != 2 or a.n < 1 or a.processes < 1 or a.rounds < 1:
                return parser.usage_error("frames: measure takes BUILD OUT_CSV and --n, --processes, --rounds >= 1")
            return _measure(a)
        if len(a.paths) < 2:
            return parser.usage_error("frames: summary takes OUT_CSV and at least one FRAMES_CSV")
        return _summary(a)

    return parser.run(argv, run)


def _measure(a: argparse.Namespace) -> int:
    scenarios = [s for s in a.scenarios.split(",") if s]
    seed = a.seed if a.seed is not None else random.SystemRandom().getrandbits(64)
    try:
        measure(a.paths[0], a.paths[1], scenarios, a.n, a.processes, a.rounds, seed)
    except (CsvError, OSError) as e:
        return fail("frames", e)
    return 0


def _summary(a: argparse.Namespace) -> int:
    try:
        # A folder stands for its frames table (frames.csv, or its published parts) and its framesim.csv.
        paths = [os.path.join(p, name) if os.path.isdir(p) else p for p in a.paths[1:]
                 for name in (csvfile.table_files(p, "frames") if os.path.isdir(p) else [""])]
        if not paths:
            raise CsvError(f"{' '.join(a.paths[1:])}: no frames table")
        sim = a.sim or next((p for p in a.paths[1:] if os.path.isdir(p) and csvfile.table_files(p, "framesim")),
                            None)
        csvfile.write(a.paths[0], COLUMNS, summarise(read(paths), read_instructions(sim) if sim else None))
    except (CsvError, OSError) as e:
        return fail("frames", e)
    return 0

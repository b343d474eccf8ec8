"""The answer a report opens with: for each kind of workload, the design to pick, how far ahead of the next design
it is, at which sizes the choice changes, and why, from the deterministic measures of the run (instructions,
simulated misses, bytes per entity).

REPORT.md's "answers" table and the heatmap (plots.py) read the same rows, the run's scenarios.Catalogue
(workloads, from the scenarios' descriptors), so the figure and the table always name the same rows. The functions
here take figures already computed, so that they are tested on planted data; report/ fetches them from a run.
"""

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from . import frames, wording
from .csvfile import Row
from .stats import Comparison, Rule
from .wording import Figure, PerSize


@dataclass(frozen=True)
class Mechanism:
    """What a design's work at one size costs, exactly: instructions, simulated D1 and last-level misses per unit
    (the median over the layouts simulated) and bytes per entity."""
    design: str
    instructions: float
    d1_misses: float
    ll_misses: float
    bytes_per_entity: float


# Instruction counts this close (as a ratio) are "the same work": where the times still differ, the difference is
# in memory or layout, which the report says instead of naming the instructions.
SAME_WORK = 0.05


def runner_up(figures: Sequence[Figure], compare: wording.Pairwise, rule: Rule) -> tuple[int | None, str]:
    """(place, text) of the next design (wording.pick: the fastest design outside the pick, found slower than the
    fastest by more than the margin), "`tables` 1.35x [1.30, 1.40]" (its ratio to the fastest); (None, "none
    beyond the margin") where every design is picked."""
    k = wording.pick(figures, compare, rule).next
    if k is None:
        return None, "none beyond the margin"
    return k, f"`{figures[k][0]}` {wording.comparison_figure(compare(k, 0))}"


def other_sizes(per_size: PerSize, read: Sequence[int], rule: Rule) -> str:
    """Where the leaders differ from those at the sizes read (read, in size order: the largest alone, or the fixed
    size and the largest): "the same at every N measured (2^10 to 2^14)"; with one size read, each other run of
    sizes with its leaders: "2^10: `sparse`; 2^12: `a` and `b` (not told apart)"; with several, every run, those
    holding a size read named after it, so that the sizes where the pick changes are plain: "2^10 to 2^14: as at
    2^14; 2^16: `a`; 2^18 to 2^20: as at 2^20" (per_size as for wording.leaders, in size order)."""
    runs = wording.leader_runs(per_size, rule)
    if len(runs) == 1:
        return f"the same at every N measured ({wording.sizes_text(runs[0][1])})"
    if len(read) == 1:
        return "; ".join(f"{wording.sizes_text(ns)}: {names}" for names, ns in runs if read[0] not in ns)

    def named(names: str, ns: list[int]) -> str:
        held = [n for n in read if n in ns]
        return f"as at {wording.size_label(held[0])}" if held else names
    return "; ".join(f"{wording.sizes_text(ns)}: {named(names, ns)}" for names, ns in runs)


def sizes_read(fixed: int | None, measured: Iterable[int]) -> list[int]:
    """The sizes the first page reads a workload at, of the powers of two it was measured at: the fixed size (that
    of the cache simulation, the worlds in cache), else the largest below it, and the largest measured; one size
    where they are the same (a run that stops at the fixed size) or the run names no fixed size (fixed None)."""
    sizes = sorted(n for n in measured if n > 0 and n & (n - 1) == 0)
    if not sizes:
        return []
    below = [n for n in sizes if n <= fixed] if fixed is not None else sizes
    return sorted({below[-1] if below else sizes[0], sizes[-1]})


@dataclass(frozen=True)
class SizeAnswer:
    """A workload's answer at one size: the pick (wording.leading_text), the next design (runner_up) and why the
    fastest leads it (why; None where there is no next design or no cache simulation at that size)."""
    n: int
    pick: str
    next: str
    why: str | None


def pick_cell(found: Sequence[SizeAnswer], column: int, fixed: int) -> str:
    """The cell of a table column of picks at size column, from a workload's answers at the sizes read (found):
    "`a`; next: `b` 1.50x [1.40, 1.60]"; a column beyond the fixed size takes the workload's largest size, named
    where it is below the column's: "... (at 2^18)"; "not measured at 2^14", "not measured beyond 2^14"."""
    if column <= fixed:
        at = [a for a in found if a.n == column]
        where = f"at {wording.size_label(column)}"
    else:
        at = [a for a in found if fixed < a.n <= column][-1:]
        where = f"beyond {wording.size_label(fixed)}"
    if not at:
        return f"not measured {where}"
    size = "" if at[0].n == column else f" (at {wording.size_label(at[0].n)})"
    return f"{at[0].pick}; next: {at[0].next}{size}"


def why_cell(found: Sequence[SizeAnswer]) -> str:
    """Why the fastest leads at each size read that has a reason (SizeAnswer.why): "at 2^14: `a` against `b`: ...;
    at 2^20: ...", or "-"."""
    said = [f"at {wording.size_label(a.n)}: {a.why}" for a in found if a.why]
    return "; ".join(said) or "-"


def last_level_cache(caches: str) -> tuple[str, int] | None:
    """(name, bytes) of the last-level cache of a machine's caches as its metadata gives them ("L1d 32K 8-way 64B
    line; ...; L3 32768K 16-way 64B line" gives ("L3", 33554432)), None where it names none."""
    found = re.findall(r"\b(L(\d)\w*) (\d+)K\b", caches)
    if not found:
        return None
    name, _, size = max(found, key=lambda f: int(f[1]))
    return name, int(size) * 1024


def worlds_text(worlds: Sequence[float], cache: tuple[str, int] | None) -> tuple[str, str]:
    """(regime, sizes) of the worlds a column reads (bytes: bytes per entity times N of every design and workload):
    regime "in cache" where every world fits within the last-level cache, "beyond the caches" where none does, ""
    where some do or the machine's caches are not known; sizes "worlds of 0.31 MiB to 4.38 MiB; L3 32.00 MiB"."""
    low, high = min(worlds), max(worlds)
    sizes = (f"worlds of {wording.bytes_text(round(low))}" +
             (f" to {wording.bytes_text(round(high))}" if round(high) != round(low) else ""))
    if cache is None:
        return "", sizes
    sizes += f"; {cache[0]} {wording.bytes_text(cache[1])}"
    return "in cache" if high <= cache[1] else "beyond the caches" if low > cache[1] else "", sizes


def pick_header(n: int, regime: str, sizes: str) -> str:
    """A column of picks at n: "In cache: pick at 2^14, and next (its time / the fastest's) (worlds of ...)"."""
    pick = f"pick at {wording.size_label(n)}" if regime else f"Pick at {wording.size_label(n)}"
    return (f"{regime.capitalize()}: " if regime else "") + f"{pick}; next, its time / the fastest's ({sizes})"


def count_text(per_size: Sequence[tuple[int, Sequence[str]]], how: str) -> str:
    """Of the workloads read at each size [(n, [how each pick stands: "", EQUIVALENT or NOT_TOLD_APART])], how many
    picks stand so: "6 of 16", or per size where there are several: "6 of 16 at 2^14 and 9 of 16 at 2^20"."""
    counts = [(n, sum(1 for h in hows if h == how), len(hows)) for n, hows in per_size if hows]
    if len(counts) == 1:
        return f"{counts[0][1]} of {counts[0][2]}"
    return wording.listing([f"{k} of {total} at {wording.size_label(n)}" for n, k, total in counts])


def _figure(v: float) -> str:
    return f"{v:.0f}" if v >= 100 else f"{v:.3g}"


def why(first: Mechanism | None, second: Mechanism | None) -> str | None:
    """The mechanism of a lead beyond the margin at the fixed size, from the Mechanism of the fastest design and of
    the next one (runner_up): "`a` against `b`: Ir 3.3 vs 5.1, D1 0.38 vs 0.52, LL 0 vs 0.01, 112 vs 118
    B/entity", or, where the instructions agree within SAME_WORK, "the same work (Ir ...): a memory or layout
    effect; D1 ...". None where there is no next design (no lead beyond the margin to explain) or the run
    simulated neither."""
    if first is None or second is None:
        return None
    return against(first, second, slower=True)


def _names_ll(first: Mechanism, second: Mechanism) -> bool:
    """Whether a why names the last-level misses: where either design has more than about none per unit."""
    return first.ll_misses > 0.0005 or second.ll_misses > 0.0005


def explained(figures: Sequence[Figure], compare: wording.Pairwise, rule: Rule) -> list[str]:
    """The designs whose Mechanism the why of a workload compares: the fastest and the next one (runner_up); none
    where every design is picked (no lead beyond the margin to explain). The simulation beyond the caches runs
    these alone (scripts/pipeline.sh)."""
    k = wording.pick(figures, compare, rule).next
    return [] if k is None else [figures[0][0], figures[k][0]]


def why_at(first: Mechanism | None, second: Mechanism | None, n: int, last_level: int | None) -> str | None:
    """why at n, with the designs whose world (bytes per entity times n) fits the simulated last-level cache of
    last_level bytes named where the why names last-level misses, so that their misses are not read as those of a
    world beyond it: "...; `b`'s world (16.00 MiB) fits the 32 MiB LL"."""
    text = why(first, second)
    if text is None or first is None or second is None or last_level is None or not _names_ll(first, second):
        return text
    inside = [f"`{m.design}`'s world ({wording.bytes_text(round(m.bytes_per_entity * n))})" for m in (first, second)
              if m.bytes_per_entity * n <= last_level]
    if not inside:
        return text
    return text + f"; {wording.listing(inside)} {'fits' if len(inside) == 1 else 'fit'} the " \
                  f"{last_level / (1 << 20):g} MiB LL"


def against(first: Mechanism, second: Mechanism, slower: bool) -> str:
    """why of two designs' Mechanism: "`a` against `b`: ..."."""
    names = f"`{first.design}` against `{second.design}`: "
    parts = [f"D1 {_figure(first.d1_misses)} vs {_figure(second.d1_misses)}"]
    if _names_ll(first, second):
        parts.append(f"LL {_figure(first.ll_misses)} vs {_figure(second.ll_misses)}")
    parts.append(f"{first.bytes_per_entity:.0f} vs {second.bytes_per_entity:.0f} B/entity")
    ir = f"Ir {_figure(first.instructions)} vs {_figure(second.instructions)}"
    same = first.instructions > 0 and abs(second.instructions / first.instructions - 1) <= SAME_WORK
    if same and slower:
        return names + f"the same work ({ir}): a memory or layout effect; " + ", ".join(parts)
    return names + ", ".join([ir] + parts)


@dataclass(frozen=True)
class FrameStanding:
    """One design's frames in a framed scenario (a row of hitches.csv, frames.py): its worst steady frame (CPU time,
    chosen on half the rounds and measured on the other half), its ratio to the scenario's lowest (None for the
    lowest itself) and the budget verdict on it (frames.LOWEST, WITHIN, ABOVE, INCONCLUSIVE); its typical frame and
    its start-up frame (the median CPU time of the frames, and of frame 0); its hitch: the frame, how far it stands
    over raw's same frame and the verdict ("hitch", "steady", "inconclusive"); its deterministic worst frames, the
    one that retired the most bytes and the one of the most simulated instructions (None where not simulated)."""
    design: str
    worst: frames.FrameCost
    over_lowest: Comparison | None
    budget: str
    typical_ns: float
    start_ns: float
    frame: int
    over_floor: Comparison
    verdict: str
    bytes_worst: int
    bytes_worst_frame: int
    instructions_over_median: float | None = None
    instructions_worst_frame: int | None = None


def _comparison(r: Row, name: str) -> Comparison | None:
    return Comparison(float(r[name]), float(r[name + "_lo"]), float(r[name + "_hi"]), 0.0) if r[name] else None


def frame_standing(r: Row) -> FrameStanding:
    """The FrameStanding of a row of hitches.csv of a design judged against raw's frames (ValueError for another)."""
    over_floor = _comparison(r, "over_floor")
    if over_floor is None:
        raise ValueError(f"{r['strategy']} {r['scenario']}: not judged against a floor")
    instructions = r.get("instructions_worst")
    return FrameStanding(
        r["strategy"], frames.FrameCost(int(r["worst_steady_frame"]), float(r["worst_steady_ns"]),
                                        float(r["worst_steady_lo_ns"]), float(r["worst_steady_hi_ns"])),
        _comparison(r, "over_lowest"), r["budget"], float(r["typical_median_ns"]), float(r["start_ns"]),
        int(r["hitch_frame"]), over_floor, r["verdict"], int(r["bytes_worst"]), int(r["bytes_worst_frame"]),
        int(instructions) / max(float(r["instructions_median"]), 1.0) if instructions else None,
        int(r["instructions_worst_frame"]) if instructions else None)


def cheapest(standings: Sequence[FrameStanding]) -> tuple[list[FrameStanding], FrameStanding | None]:
    """(pick, next) of a framed scenario's designs, by what a frame budget must hold: the pick is the design of the
    lowest worst steady frame and every design the rule does not find more than the frames' margin above it (the
    budget verdicts of frames.py), from the lowest worst frame; next is the design of the lowest worst frame of those
    found above, None where none is. How high a frame stands over its neighbours plays no part: a design whose every
    frame is slow holds no hitch and still breaks a budget the others keep."""
    ranked = sorted(standings, key=lambda s: (s.budget != frames.LOWEST, s.worst.ns))
    above = [s for s in ranked if s.budget == frames.ABOVE]
    return [s for s in ranked if s.budget != frames.ABOVE], above[0] if above else None


def frame_label(frame: int) -> str:
    """"frame 128", and "frame 0 (start-up)" for the first frame after the setup, whose cost is starting's."""
    return f"frame {frame}" + (" (start-up)" if frame == frames.START_FRAME else "")


def cost_figure(s: FrameStanding) -> str:
    """"30.6 [27.7, 33.8] µs at frame 128": a design's worst steady frame, CPU time with its interval."""
    w = s.worst
    return f"{wording.time_figure(w.ns / 1e3, w.low / 1e3, w.high / 1e3)} µs at {frame_label(w.frame)}"


def frame_pick(pick: Sequence[FrameStanding]) -> str:
    """The pick of a framed scenario (cheapest): "`a`: worst frame 30.6 [27.7, 33.8] µs at frame 128", then the
    designs not found above it by their verdict: "; within 10%: `b` 1.02x [1.00, 1.05]; not told apart: `c` 1.10x
    [1.07, 1.13]" (their worst frame over the lowest's)."""
    text = f"`{pick[0].design}`: worst frame {cost_figure(pick[0])}"
    for verdict, words in ((frames.WITHIN, f"within {100 * frames.STEADY_MARGIN:g}%"),
                           (frames.INCONCLUSIVE, "not told apart")):
        near = [f"`{s.design}` {wording.comparison_figure(s.over_lowest)}" for s in pick[1:]
                if s.budget == verdict and s.over_lowest]
        if near:
            text += f"; {words}: " + wording.listing(near)
    return text


def next_figure(s: FrameStanding | None) -> str:
    """"`b`: worst frame 46.9 [43.4, 50.7] µs at frame 128, 1.49x [1.32, 1.68] the pick's", or "none found above"."""
    if s is None or s.over_lowest is None:
        return "none found above"
    return f"`{s.design}`: worst frame {cost_figure(s)}, {wording.comparison_figure(s.over_lowest)} the pick's"


def hitch_figure(s: FrameStanding) -> str:
    """"`tables`: frame 128, 14.0x [12.0, 16.1] raw's, a hitch": how many times as high a design's hitch stands over
    its neighbours as raw's same frame over its own, and the verdict."""
    verdict = {"hitch": "a hitch"}.get(s.verdict, s.verdict)
    return f"`{s.design}`: {frame_label(s.frame)}, {wording.comparison_figure(s.over_floor)} raw's, {verdict}"


def frame_hitches(pick: Sequence[FrameStanding]) -> str:
    """The hitch of every design of a pick (hitch_figure), one after another, up to wording.LISTED of them, then
    how many more: "`a`: frame 128, ...; `b`: frame 64, ...; and 3 more"."""
    more = len(pick) - wording.LISTED
    return "; ".join(hitch_figure(s) for s in pick[:wording.LISTED]) + (f"; and {more} more" if more > 0 else "")


def _start_up(s: FrameStanding) -> str:
    """", the start-up frame 37 µs" where a design's start-up frame costs more than its worst steady frame's interval
    reaches: what a budget meets once, after the setup, apart from the steady frames the pick is made on."""
    return f", the start-up frame {wording.frame_time(s.start_ns)}" if s.start_ns > s.worst.high else ""


def frame_costs(s: FrameStanding) -> str:
    """What a design's frames cost (CPU time): "frames of 19 µs, the worst 30.3 [29.6, 31.0] µs at frame 15" (and
    _start_up)."""
    return f"frames of {wording.frame_time(s.typical_ns)}, the worst {cost_figure(s)}{_start_up(s)}"


def _deterministic(s: FrameStanding) -> str:
    retired = (f"{wording.bytes_text(s.bytes_worst)} retired at frame {s.bytes_worst_frame}" if s.bytes_worst
               else "no memory retired")
    if s.instructions_over_median is None:
        return retired
    return (f"{retired}, {s.instructions_over_median:.1f}x the median frame's instructions at frame "
            f"{s.instructions_worst_frame}")


def frame_why(first: FrameStanding, second: FrameStanding | None) -> str:
    """What the pick's frames cost and why, against the next design where there is one: its typical frame (and its
    start-up frame where that costs more than its worst), then the deterministic side: "`a`: frames of 10 µs; 0.52
    MiB retired at frame 128, 5.6x the median frame's instructions at frame 128; `b`: ..."."""
    def one(s: FrameStanding) -> str:
        return f"`{s.design}`: frames of {wording.frame_time(s.typical_ns)}{_start_up(s)}; {_deterministic(s)}"
    return one(first) if second is None else f"{one(first)}; {one(second)}"


def frame_detail(s: FrameStanding) -> str:
    """A design's frame costs and deterministic worst frames: "frames of 13 µs, the worst 48.3 [41.5, 56.2] µs at
    frame 128; 529.2 KiB retired at frame 128, 4.4x the median frame's instructions at frame 128"."""
    return f"{frame_costs(s)}; {_deterministic(s)}"

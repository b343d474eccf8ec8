"""The answer a report opens with: for each kind of workload, the design to pick, how far ahead of the next design
it is, at which sizes the choice changes, and why, from the deterministic measures of the run (instructions,
simulated misses, bytes per entity).

REPORT.md's "answers" table and the heatmap (plots.py) read the same catalogue, WORKLOADS, so the figure and the
table always name the same rows. The functions here take figures already computed, so that they are tested on
planted data; report.py fetches them from a run.
"""

from dataclasses import dataclass
from typing import Sequence

from . import wording
from .stats import Comparison, Rule
from .wording import Figure, PerSize


@dataclass(frozen=True)
class Workload:
    """A kind of workload a reader has, and the scenario that stands for it."""
    label: str
    scenario: str


WORKLOADS = (
    Workload("Iterating a stable world", "simple_iter"),
    Workload("Reading every component of each entity", "whole_iter"),
    Workload("Queries that match 1% of the entities", "selectivity_1"),
    Workload("Queries that exclude a tag", "query_exclude"),
    Workload("Fragmented worlds: thousands of component sets", "scatter_iter"),
    Workload("Adding and removing a component", "add_remove"),
    Workload("The same on wide entities", "add_remove_large"),
    Workload("Transient tags", "tag_toggle"),
    Workload("Spawning one by one", "create"),
    Workload("Spawning in bulk", "create_bulk"),
    Workload("Destroying", "destroy"),
    Workload("Random access by handle", "random_get"),
    Workload("Whole frames, light churn", "game_frame_1"),
    Workload("Whole frames, heavy churn", "game_frame_10"),
    Workload("Change detection, 1% written per frame", "changed_1"),
    Workload("Reacting to spawned entities", "added_10"),
)


@dataclass(frozen=True)
class Mechanism:
    """What a design's work at the fixed size costs, exactly: instructions, simulated D1 and last-level misses per
    unit (the median over the layouts simulated) and bytes per entity."""
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


def other_sizes(per_size: PerSize, last: int, rule: Rule) -> str:
    """Where the leaders differ from those at the size read (last, the largest): "the same at every N measured
    (2^10 to 2^14)", or each other run of sizes with its leaders: "2^10: `sparse`; 2^12: `a` and `b` (not told
    apart)" (per_size as for wording.leaders, in size order, ending with the size read)."""
    runs = wording.leader_runs(per_size, rule)
    if len(runs) == 1:
        return f"the same at every N measured ({wording.sizes_text(runs[0][1])})"
    return "; ".join(f"{wording.sizes_text(ns)}: {names}" for names, ns in runs if last not in ns)


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


def against(first: Mechanism, second: Mechanism, slower: bool) -> str:
    """why of two designs' Mechanism: "`a` against `b`: ..."."""
    names = f"`{first.design}` against `{second.design}`: "
    parts = [f"D1 {_figure(first.d1_misses)} vs {_figure(second.d1_misses)}"]
    if first.ll_misses > 0.0005 or second.ll_misses > 0.0005:
        parts.append(f"LL {_figure(first.ll_misses)} vs {_figure(second.ll_misses)}")
    parts.append(f"{first.bytes_per_entity:.0f} vs {second.bytes_per_entity:.0f} B/entity")
    ir = f"Ir {_figure(first.instructions)} vs {_figure(second.instructions)}"
    same = first.instructions > 0 and abs(second.instructions / first.instructions - 1) <= SAME_WORK
    if same and slower:
        return names + f"the same work ({ir}): a memory or layout effect; " + ", ".join(parts)
    return names + ", ".join([ir] + parts)


# The frames a reader must keep within a budget, each a framed scenario (read from hitches.csv, frames.py).
FRAME_WORKLOADS = (
    Workload("Steady frame time as the world grows", "grow"),
    Workload("Steady frame time as new component sets appear", "new_sets"),
    Workload("Steady frame time, a steady world with heavy churn", "game_frame_10"),
)


@dataclass(frozen=True)
class FrameStanding:
    """One design's hitch in a framed scenario: its frame, how far that frame stands over raw's same frame (the
    ratio of the two frames' heights over their neighbours) and the rule's verdict on it ("hitch", "steady",
    "inconclusive"); its deterministic worst frames, the one that retired the most bytes and the one of the most
    simulated instructions (None where the run simulated no frame of it); and what its frames cost (0: not given)."""
    design: str
    verdict: str
    frame: int
    over_floor: Comparison
    bytes_worst: int
    bytes_worst_frame: int
    instructions_over_median: float | None
    instructions_worst_frame: int | None
    typical_ns: float = 0.0  # the median and the largest frame of its typical curve (per frame, the median CPU time)
    typical_worst_ns: float = 0.0


STEADY = "steady"


def _steadiness(s: FrameStanding) -> float:
    return s.over_floor.ratio


def steadiest(standings: Sequence[FrameStanding]) -> tuple[list[FrameStanding], FrameStanding | None, str]:
    """(leaders, next, how) of a framed scenario's designs. The leaders are the designs called steady, least hitch
    first (how "steady"); where none is, the design whose frame stands least over raw's and every design whose
    interval reaches down to that design's (how "least hitch", "not told apart" where they are several, which
    never means equal). next is the steadiest design called a hitch whose interval lies wholly above every
    leader's, None where there is none."""
    ranked = sorted(standings, key=_steadiness)
    steady = [s for s in ranked if s.verdict == STEADY]
    if steady:
        leaders, how = steady, STEADY
    else:
        leaders, how = [s for s in ranked if s.over_floor.low <= ranked[0].over_floor.high], "least hitch"
    ceiling = max(s.over_floor.high for s in leaders)
    above = [s for s in ranked if s.verdict == "hitch" and s.over_floor.low > ceiling]
    return leaders, above[0] if above else None, how


def hitch_figure(s: FrameStanding) -> str:
    """"`tables`: frame 128 stands 14.0x [12.0, 16.1] as high over its neighbours as raw's": how many times as high a
    design's hitch stands over its neighbours as raw's same frame over its own."""
    c = s.over_floor
    return (f"`{s.design}`: frame {s.frame} stands {wording.ratio_figure(c.ratio, c.low, c.high)} as high over its "
            f"neighbours as raw's")


def frame_pick(leaders: Sequence[FrameStanding], how: str) -> str:
    """The pick of a framed scenario: "`a` and `b` (steady)", "none steady; least hitch: `c`: frame 128 stands
    5.60x [5.00, 6.20] as high ...", "none steady; least hitch, not told apart: `c` and `d`"."""
    names = wording.listing([f"`{s.design}`" for s in leaders])
    if how == STEADY:
        return f"{names} (steady)"
    if len(leaders) == 1:
        return f"none steady; least hitch: {hitch_figure(leaders[0])}"
    return f"none steady; least hitch, not told apart: {names}"


def _deterministic(s: FrameStanding) -> str:
    retired = (f"{wording.bytes_text(s.bytes_worst)} retired at frame {s.bytes_worst_frame}" if s.bytes_worst
               else "no memory retired")
    if s.typical_ns:
        retired = (f"frames of {wording.frame_time(s.typical_ns)}, the worst {wording.frame_time(s.typical_worst_ns)}; "
                   + retired)
    if s.instructions_over_median is None:
        return retired
    return (f"{retired}, {s.instructions_over_median:.1f}x the median frame's instructions at frame "
            f"{s.instructions_worst_frame}")


def frame_why(first: FrameStanding, second: FrameStanding | None) -> str:
    """What a framed scenario's pick costs, against the next design where there is one: its typical frame and its
    worst (CPU time), then the deterministic side: "`a`: frames of 45 µs, the worst 210 µs; 0.52 MiB retired at
    frame 128, 5.6x the median frame's instructions at frame 128; `b`: ..."."""
    text = f"`{first.design}`: {_deterministic(first)}"
    return text if second is None else f"{text}; `{second.design}`: {_deterministic(second)}"

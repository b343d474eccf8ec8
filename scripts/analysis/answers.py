"""The answer a report opens with: for each kind of workload, the design to pick, how far ahead of the next design
it is, at which sizes the choice changes, and why, from the deterministic measures of the run (instructions,
simulated misses, bytes per entity).

REPORT.md's "answers" table and the heatmap (plots.py) read the same catalogue, WORKLOADS, so the figure and the
table always name the same rows. The functions here take figures already computed, so that they are tested on
planted data; report.py fetches them from a run.
"""

from dataclasses import dataclass
from typing import Sequence

from . import stats, wording
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


def runner_up(figures: Sequence[Figure], comparisons: Sequence[Comparison | None],
              rule: Rule) -> tuple[int | None, str]:
    """(index, text) of the fastest design the rule finds slower than the fastest one, "`tables` 1.35x [1.30,
    1.40]" (its ratio to the fastest); (None, "none found slower") where there is none."""
    for k, c in enumerate(wording.to_fastest(comparisons), 1):
        if rule.outcome(c) == stats.SLOWER:
            return k, f"`{figures[k][0]}` {wording.comparison_figure(c)}"
    return None, "none found slower"


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


def why(first: Mechanism | None, second: Mechanism | None, slower: bool) -> str | None:
    """The mechanism of a lead at the fixed size, from the Mechanism of the fastest design and of the next one
    (None where no design was found slower): "`a` against `b`: Ir 3.3 vs 5.1, D1 0.38 vs 0.52, LL 0 vs 0.01, 112
    vs 118 B/entity"; where the instructions agree within SAME_WORK but the times differ (slower), "the same work
    (Ir ...): a memory or layout effect; D1 ...". None where the run simulated neither."""
    if first is None:
        return None
    if second is None:
        return (f"`{first.design}`: Ir {_figure(first.instructions)}, D1 {_figure(first.d1_misses)}, "
                f"{first.bytes_per_entity:.0f} B/entity")
    return against(first, second, slower)


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

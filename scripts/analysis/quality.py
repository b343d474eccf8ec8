"""What a run's figures say of the method itself, by entity count N and over the whole run: whether its intervals
are calibrated, whether it finds a difference it was given, whether its comparisons are decided, and whether a
second run would say the same.

Each figure is taken from the comparisons the report already judges, with the report's own decision rule
(stats.Rule over Results.family), so that it agrees with every other figure of the page:
  - calibration: of the A/A twins' intervals, the share that exclude 1 (a 95% interval should, by chance alone,
    about one time in twenty), and the A/A band, the 95th percentile of |log ratio| as a factor (stats.aa_summary,
    as metadata.csv's paired_aa_band);
  - power: of the planted control's blocks, the share the rule calls slower, how many it calls equivalent (a
    planted difference is never one), and the share whose interval holds the ratio the control realised (its
    truth, as pairs.csv gives it);
  - decisions: of the design comparisons (every pair of designs of a block), the share decided (faster, slower or
    equivalent), how many of the inconclusive ones lie beyond NEAR_ONE of 1 (an open comparison should be a near
    tie, not a difference left unresolved), and the share precise to max(PRECISION_FLOOR, |ratio - 1| / 3): an
    interval a third of the difference it measures still says how large it is;
  - reproducibility (verdict_agreement): of the design comparisons two runs both hold, the share with the same
    verdict, and every one that flips between faster and slower.
Each has the target a run is held to (TARGETS); a figure short of it is marked in the table and named by
shortfalls.
"""

import math
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, NamedTuple, Sequence

from . import paired, stats
from .stats import Comparison, Rule
from .wording import size_label

# The calibration a 95% interval should show: the share of A/A intervals that exclude 1 lies in this range.
AA_EXCLUDING = (0.025, 0.075)
# How far chance alone may move an A/A ratio (the band's half-width).
AA_BAND = 0.03
# The share of the planted control's blocks it must be called slower in, and whose interval must hold its truth.
PLANTED_SLOWER = 0.80
PLANTED_HOLDING = 0.90
# The share of design comparisons that must be decided.
DECIDED = 0.97
# How close to 1 an inconclusive comparison's estimate must lie: a tie the run could not settle.
NEAR_ONE = 0.05
# A comparison is precise where its interval's half-width is at most max(PRECISION_FLOOR, |ratio - 1| *
# PRECISION_OF_DIFFERENCE); this share of them must be.
PRECISION_FLOOR = 0.03
PRECISION_OF_DIFFERENCE = 1 / 3
PRECISE = 0.95
# The share of comparisons two runs of one machine type must give the same verdict.
SAME_VERDICT = 0.95


class DesignPair(NamedTuple):
    """What names a design comparison: the block (scenario, N, memory mode) and its two designs, first < second by
    name, the ratio being the first's time over the second's."""
    scenario: str
    n: int
    memory: str
    first: str
    second: str


def precise(c: Comparison) -> bool:
    """Whether the comparison's half-width is at most max(PRECISION_FLOOR, a third of its difference from 1)."""
    limit = max(PRECISION_FLOOR, abs(c.ratio - 1) * PRECISION_OF_DIFFERENCE)
    return stats.relative_half_width(c.ratio, c.low, c.high) <= limit


def near_one(c: Comparison) -> bool:
    """Whether the comparison's estimate lies within NEAR_ONE of 1 (either way, as a factor)."""
    return abs(math.log(c.ratio)) <= math.log1p(NEAR_ONE)


class Share(NamedTuple):
    """k of m."""
    k: int
    m: int

    def fraction(self) -> float:
        return self.k / self.m if self.m else math.nan

    def text(self) -> str:
        """"14 (4.1%)"; "-" of none."""
        return f"{self.k} ({100 * self.k / self.m:.1f}%)" if self.m else "-"


@dataclass
class Figures:
    """The comparisons of one size (or of the whole run) that the figures are counted over, each with the rule's
    outcome where a figure needs it."""
    aa: list[Comparison] = field(default_factory=list)
    planted: list[tuple[Comparison, str, float]] = field(default_factory=list)  # (comparison, outcome, truth)
    designs: list[tuple[Comparison, str]] = field(default_factory=list)  # (comparison, outcome)

    def extend(self, other: "Figures") -> None:
        self.aa += other.aa
        self.planted += other.planted
        self.designs += other.designs

    def aa_excluding(self) -> Share:
        return Share(sum(1 for c in self.aa if c.low > 1 or c.high < 1), len(self.aa))

    def aa_band(self) -> float | None:
        if not self.aa:
            return None
        return stats.aa_summary([(None, c.ratio, c.low, c.high) for c in self.aa]).band

    def planted_called(self, outcome: str) -> Share:
        return Share(sum(1 for _, o, _ in self.planted if o == outcome), len(self.planted))

    def planted_holding(self) -> Share:
        return Share(sum(1 for c, _, truth in self.planted if c.low <= truth <= c.high), len(self.planted))

    def decided(self) -> Share:
        return Share(sum(1 for _, o in self.designs if o != stats.INCONCLUSIVE), len(self.designs))

    def inconclusive_near_one(self) -> Share:
        """(how many inconclusive comparisons lie within NEAR_ONE of 1, how many are inconclusive)."""
        open_ = [c for c, o in self.designs if o == stats.INCONCLUSIVE]
        return Share(sum(1 for c in open_ if near_one(c)), len(open_))

    def precise(self) -> Share:
        return Share(sum(1 for c, _ in self.designs if precise(c)), len(self.designs))


def by_size(designs: Mapping[DesignPair, Comparison], controls: Iterable[paired.ControlEstimate],
            rule: Rule) -> tuple[dict[int, Figures], Figures]:
    """({N: the figures of the comparisons at N}, the figures of the whole run), every outcome the rule's."""
    sizes: dict[int, Figures] = {}
    for key, c in designs.items():
        sizes.setdefault(key.n, Figures()).designs.append((c, rule.outcome(c)))
    for control in controls:
        figures = sizes.setdefault(control.key.n, Figures())
        c = control.estimate.comparison()
        if control.planted:
            figures.planted.append((c, rule.outcome(c), control.truth))
        else:
            figures.aa.append(c)
    every = Figures()
    for n in sorted(sizes):
        every.extend(sizes[n])
    return dict(sorted(sizes.items())), every


class Target(NamedTuple):
    """One figure a run is held to: its name in a table's header and in a sentence, its target as the header
    says it, the figure's text, and whether it meets the target (None: nothing to judge)."""
    header: str
    name: str
    goal: str
    text: Callable[[Figures], str]
    meets: Callable[[Figures], bool | None]


def _share_meets(share: Callable[[Figures], Share], test: Callable[[float], bool]) -> Callable[[Figures], bool | None]:
    def meets(f: Figures) -> bool | None:
        s = share(f)
        return test(s.fraction()) if s.m else None
    return meets


def _band_text(f: Figures) -> str:
    band = f.aa_band()
    return "-" if band is None else f"±{100 * band:.2f}%"  # two decimals: a band of 3.03% is short of 3%


def _band_meets(f: Figures) -> bool | None:
    band = f.aa_band()
    return None if band is None else band <= AA_BAND


def _percent(x: float) -> str:
    return f"{100 * x:g}%"


TARGETS = (
    Target("A/A intervals excluding 1", "A/A intervals excluding 1",
           f"{_percent(AA_EXCLUDING[0])}-{_percent(AA_EXCLUDING[1])}", lambda f: f.aa_excluding().text(),
           _share_meets(Figures.aa_excluding, lambda x: AA_EXCLUDING[0] <= x <= AA_EXCLUDING[1])),
    Target("A/A band", "the A/A band", f"at most ±{_percent(AA_BAND)}", _band_text, _band_meets),
    Target("planted called slower", "the planted control called slower", f"at least {_percent(PLANTED_SLOWER)}",
           lambda f: f.planted_called(stats.SLOWER).text(),
           _share_meets(lambda f: f.planted_called(stats.SLOWER), lambda x: x >= PLANTED_SLOWER)),
    Target("planted called equivalent", "the planted control called equivalent", "none",
           lambda f: f.planted_called(stats.EQUIVALENT).text(),
           _share_meets(lambda f: f.planted_called(stats.EQUIVALENT), lambda x: x == 0)),
    Target("planted interval holding its truth", "the planted control's intervals holding its truth",
           f"at least {_percent(PLANTED_HOLDING)}", lambda f: f.planted_holding().text(),
           _share_meets(Figures.planted_holding, lambda x: x >= PLANTED_HOLDING)),
    Target("design comparisons decided", "design comparisons decided", f"at least {_percent(DECIDED)}",
           lambda f: f.decided().text(), _share_meets(Figures.decided, lambda x: x >= DECIDED)),
    Target(f"inconclusive within ±{_percent(NEAR_ONE)} of 1",
           f"inconclusive comparisons within ±{_percent(NEAR_ONE)} of 1", "all",
           lambda f: f.inconclusive_near_one().text(), _share_meets(Figures.inconclusive_near_one, lambda x: x == 1)),
    Target(f"precise to max(±{_percent(PRECISION_FLOOR)}, a third of the difference)",
           f"design comparisons precise to max(±{_percent(PRECISION_FLOOR)}, a third of the difference)",
           f"at least {_percent(PRECISE)}", lambda f: f.precise().text(),
           _share_meets(Figures.precise, lambda x: x >= PRECISE)),
)

# How a table marks a figure short of its target.
SHORT = " ✗"


def table(sizes: Mapping[int, Figures], every: Figures) -> list[str]:
    """A row per N and one for the whole run: the comparisons counted (A/A, planted, designs) and each TARGETS
    figure, marked SHORT where it misses its target (given in the header)."""
    header = ["N", "A/A ratios", *(f"{t.header} ({t.goal})" for t in TARGETS[:2]), "planted blocks",
              *(f"{t.header} ({t.goal})" for t in TARGETS[2:5]), "design comparisons",
              *(f"{t.header} ({t.goal})" for t in TARGETS[5:])]
    lines = ["| " + " | ".join(header) + " |", "|" + "---:|" * len(header)]
    rows: list[tuple[str, Figures]] = [(size_label(n), f) for n, f in sizes.items()] + [("all", every)]
    for name, f in rows:
        marked = [t.text(f) + (SHORT if t.meets(f) is False else "") for t in TARGETS]
        cells = [name, str(len(f.aa)), *marked[:2], str(len(f.planted)), *marked[2:5], str(len(f.designs)),
                 *marked[5:]]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _and(words: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c": every one named (a run has a handful of sizes)."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def shortfalls(sizes: Mapping[int, Figures], every: Figures) -> str:
    """The figures short of their targets, each with where it is (the sizes, "every size", and "over the run"),
    their values left to the table: "the figures short of their targets: the A/A band (at most ±3%) at 2^10 and
    over the run; ..."; or that every figure meets its target at every size."""
    parts = []
    for t in TARGETS:
        at = [size_label(n) for n, f in sizes.items() if t.meets(f) is False]
        over = t.meets(every) is False
        if len(at) == len(sizes):
            at = ["every size"]
        if at or over:
            where = "at " + (", ".join(at) + " and over the run" if over else _and(at)) if at else "over the run"
            parts.append(f"{t.name} ({t.goal}) {where}")
    if not parts:
        return "every figure meets its target at every size and over the run"
    return "the figures short of their targets: " + "; ".join(parts)


# ---- Reproducibility: the verdicts of two runs ----

@dataclass
class Agreement:
    """How two runs' verdicts on the design comparisons both hold agree: per N (same, compared), and every
    comparison one run calls faster and the other slower, with both verdicts."""
    by_size: dict[int, Share]
    flips: list[DesignPair]
    only_one: int  # comparisons one run holds and the other does not

    def overall(self) -> Share:
        return Share(sum(s.k for s in self.by_size.values()), sum(s.m for s in self.by_size.values()))


def verdict_agreement(first: Mapping[DesignPair, str], second: Mapping[DesignPair, str]) -> Agreement:
    """The agreement of two runs' verdicts ({comparison: the rule's outcome}, each run judged by its own rule)."""
    common = sorted(set(first) & set(second))
    same: dict[int, list[int]] = {}
    flips = []
    for key in common:
        counts = same.setdefault(key.n, [0, 0])
        counts[0] += first[key] == second[key]
        counts[1] += 1
        if {first[key], second[key]} == {stats.FASTER, stats.SLOWER}:
            flips.append(key)
    return Agreement({n: Share(*counts) for n, counts in sorted(same.items())}, flips,
                     len(set(first) ^ set(second)))


def agreement_lines(agreement: Agreement, first: Mapping[DesignPair, str],
                    second: Mapping[DesignPair, str]) -> list[str]:
    """The agreement as the reproduce command prints it: the share with the same verdict overall (against its
    target) and by N, then the flips between faster and slower, each with its two verdicts."""
    total = agreement.overall()
    lines = [f"verdicts: {total.k} of {total.m} design comparisons have the same verdict in both runs "
             f"({100 * total.fraction():.1f}%; target at least {_percent(SAME_VERDICT)}); {len(agreement.flips)} "
             f"{'flip' if len(agreement.flips) == 1 else 'flips'} between faster and slower (target none); "
             f"{agreement.only_one} in one run only"]
    lines += [f"  {size_label(n):>6}: {s.k} of {s.m} the same ({100 * s.fraction():.1f}%)"
              for n, s in agreement.by_size.items()]
    for key in agreement.flips:
        memory = "" if key.memory == "warm" else "@" + key.memory
        lines.append(f"  flip: {key.scenario}{memory} n={key.n} {key.first} / {key.second}: {first[key]} against "
                     f"{second[key]}")
    return lines


def verdicts(designs: Mapping[DesignPair, Comparison], rule: Rule) -> dict[DesignPair, str]:
    """{comparison: the rule's outcome} of a run's design comparisons."""
    return {key: rule.outcome(c) for key, c in designs.items()}


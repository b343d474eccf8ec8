"""The reference run set against the other committed runs: does another machine, or the code of another commit,
pick the same designs, and do its design ratios agree with this run's within their intervals?

A pick is compared as a set of designs (wording.leading, each run's own data under the current rule): the SAME
designs, OVERLAPPING sets (some design in both, not all), or DIFFERENT ones (no design in both). Two runs' ratios
of one design to the reference in one block agree where the interval of their quotient (quotient: the two runs'
processes independent) holds 1; the A/A twins' ratios, the same code measured twice in each run, show how often
two runs agree where nothing but chance moves them. The functions take figures already computed; report/agreement.py
fetches them.
"""

import math
import os
import subprocess
from dataclasses import dataclass
from typing import Collection, Iterable, Mapping

from . import paired, stats
from .stats import Comparison

SAME, OVERLAPPING, DIFFERENT = "same", "overlapping", "different"
KINDS = (SAME, OVERLAPPING, DIFFERENT)


def agreement(ours: Collection[str], theirs: Collection[str]) -> str:
    """SAME where two picks name the same designs, OVERLAPPING where they share some, DIFFERENT where none."""
    if set(ours) == set(theirs):
        return SAME
    return OVERLAPPING if set(ours) & set(theirs) else DIFFERENT


def agreement_text(ours: Collection[str], theirs: Collection[str]) -> str:
    """How another run's pick stands to this one's, in words: "same"; "overlapping: adds `x`; leaves out `y` and
    `z`"; "different: `a` and `b`" (the other pick, sorted)."""
    kind = agreement(ours, theirs)
    if kind == SAME:
        return SAME
    if kind == DIFFERENT:
        return f"{DIFFERENT}: " + _names(sorted(theirs))
    added, left = sorted(set(theirs) - set(ours)), sorted(set(ours) - set(theirs))
    parts = ([f"adds {_names(added)}"] if added else []) + ([f"leaves out {_names(left)}"] if left else [])
    return f"{OVERLAPPING}: " + "; ".join(parts)


def _names(names: list[str]) -> str:
    quoted = [f"`{s}`" for s in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def common_size(ours: Iterable[int], theirs: Iterable[int]) -> int | None:
    """The largest power of two both runs measured (None: none): the size at which their picks are set side by
    side, so that neither is read at a size the other did not reach."""
    both = {n for n in ours if n > 0 and n & (n - 1) == 0} & set(theirs)
    return max(both, default=None)


def quotient(a: Comparison, b: Comparison) -> Comparison | None:
    """The quotient of two runs' ratios with its 95% interval, their processes independent: the log ratios'
    difference -/+ t standard errors, the squared errors added, Welch's degrees of freedom (as
    stats.ratio_comparison); None where either has no interval."""
    sa, sb = stats.log_standard_error(a), stats.log_standard_error(b)
    if sa is None or sb is None:
        return None
    variance = sa * sa + sb * sb
    df = variance * variance / (sa ** 4 / a.df + sb ** 4 / b.df)
    half = stats.t_quantile(1 - (1 - stats.LEVEL) / 2, df) * math.sqrt(variance)
    log = math.log(a.ratio / b.ratio)
    return Comparison(math.exp(log), math.exp(log - half), math.exp(log + half), df)


def agree(a: Comparison, b: Comparison) -> bool:
    """Whether two runs' ratios agree within their intervals: the interval of their quotient holds 1."""
    q = quotient(a, b)
    return q is not None and q.low <= 1 <= q.high


@dataclass(frozen=True)
class Share:
    """How many of the ratios both runs measured agree (agree)."""
    agreeing: int
    total: int

    def text(self) -> str:
        """"959 of 2380 (40.3%)"."""
        return f"{self.agreeing} of {self.total} ({100 * self.agreeing / self.total:.1f}%)" if self.total else "none"


# A paired ratio's key: (scenario, n, memory, design, the design it is taken against).
RatioKey = tuple[str, int, str, str, str]


def share(ours: Mapping[RatioKey, Comparison], theirs: Mapping[RatioKey, Comparison]) -> Share:
    """The Share of the ratios of the keys both runs measured that agree."""
    both = sorted(set(ours) & set(theirs))
    return Share(sum(1 for k in both if agree(ours[k], theirs[k])), len(both))


def ratios(pairing: paired.Pairing, reference: str) -> tuple[dict[RatioKey, Comparison], dict[RatioKey, Comparison]]:
    """({key: ratio} of every design to the reference in every block, {key: ratio} of every A/A twin to its
    original), from a paired run's samples with the current analysis (paired.ratio), as pairs.csv holds them; the
    raw floors and the controls are not designs."""
    designs: dict[RatioKey, Comparison] = {}
    twins: dict[RatioKey, Comparison] = {}
    for key, block in pairing.items():
        names = block.strategies()
        wanted = [(s, reference, designs) for s in names
                  if s != reference and reference in names and not paired.is_control(s) and not s.startswith("raw")]
        wanted += [(a, b, twins) for a, b in paired.twins(names, paired.AA_SUFFIX)]
        for top, bottom, into in wanted:
            e = paired.ratio(block, top, bottom)
            if e is not None:
                into[(key.scenario, key.n, key.memory, top, bottom)] = e.comparison()
    return designs, twins


def committed(directory: str) -> bool:
    """Whether git tracks the results folder's metadata.csv: a committed run, not a reader's own. Where git cannot
    say (no git, or no repository around the folder), every published folder counts."""
    try:
        done = subprocess.run(["git", "-C", directory, "ls-files", "--error-unmatch", "metadata.csv"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    except OSError:
        return True
    return done.returncode != 1


def siblings(directory: str) -> list[str]:
    """The other published, committed results folders beside a run's (each with a manifest.csv), sorted."""
    parent = os.path.dirname(os.path.abspath(directory))
    own = os.path.realpath(directory)
    found = [os.path.join(parent, name) for name in sorted(os.listdir(parent))]
    return [d for d in found if os.path.realpath(d) != own and os.path.isfile(os.path.join(d, "manifest.csv"))
            and os.path.isfile(os.path.join(d, "results.csv")) and committed(d)]


def run_label(machine: str, commit: str) -> str:
    """"`amd-epyc-fam25m1-2c` (commit f6d5be5)": a run by its machine and the commit it measured."""
    return f"`{machine}` (commit {commit[:7]})"

"""Words a report chooses from its data: which design leads, whether one is faster than another, at which sizes a
claim holds. A sentence whose wording depends on the outcome is never typed; the report names the comparison and
this module says what the run shows, with the decision rule of every other figure (stats.Rule): *faster* or
*slower* where the ratio differs from 1 with the false discovery rate held over the report's comparisons,
*equivalent* where its interval lies within the practical margin, *inconclusive* otherwise. "Not told apart" is
never "equal": only an equivalence says that.

The functions here take comparisons already computed (stats.Comparison: ratio, low, high, df), per size as
[(n, comparison)] or per design with its time (strategy, time, low, high) and the comparison of any two designs
(Pairwise), so that they are tested on planted figures; report/ fetches the figures from a run.
"""

import math
from dataclasses import dataclass
from typing import Callable, NamedTuple, Sequence

from .stats import EQUIVALENT, FASTER, INCONCLUSIVE, SLOWER, Comparison, Rule, one_sided_ends

# A design's time with its interval: (strategy, time, low, high).
Figure = tuple[str, float, float, float]
# The comparison of design i's time to design j's, by their places in a standing (the fastest at 0): any two
# designs, so that a pick compares every design with every leader, not only with the fastest.
Pairwise = Callable[[int, int], Comparison]


class Standings(NamedTuple):
    """The designs measured at one size, from the fastest (Figure), and the comparison of any two of them."""
    figures: list[Figure]
    compare: Pairwise

OUTCOMES = (FASTER, EQUIVALENT, INCONCLUSIVE, SLOWER)

# The words of one comparison of A against B (a ratio A / B of times), by outcome: "A is faster than B".
RELATION = {FASTER: "faster than", EQUIVALENT: "equivalent to", INCONCLUSIVE: "not told apart from",
            SLOWER: "slower than"}
# The same outcomes where the sizes they hold at follow: "faster at 2^10 to 2^14".
COMPARE = {FASTER: "faster", EQUIVALENT: "equivalent", INCONCLUSIVE: "inconclusive", SLOWER: "slower"}
# The same outcomes for a claim that A is faster than B: an equivalence refutes it as surely as a reversal.
CLAIM = {FASTER: "confirmed", EQUIVALENT: "refuted (equivalent)", INCONCLUSIVE: "not resolved", SLOWER: "reversed"}
# And for a claim that A is as fast as B: only an equivalence (or A faster) confirms it.
PAR = {FASTER: "confirmed (faster)", EQUIVALENT: "confirmed", INCONCLUSIVE: "not resolved", SLOWER: "refuted"}


def size_label(n: int | str) -> str:
    n = int(n)
    return f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else str(n)


def frame_time(ns: float) -> str:
    """A frame's time from ns, to about three digits: "1.93 ms", "148 µs", "8.7 µs"."""
    return f"{ns / 1e6:.2f} ms" if ns >= 1e6 else f"{ns / 1e3:.0f} µs" if ns >= 1e4 else f"{ns / 1e3:.1f} µs"


def bytes_text(b: int) -> str:
    """"1.50 MiB", "2.0 KiB", "512 bytes"."""
    return f"{b / (1 << 20):.2f} MiB" if b >= 1 << 20 else f"{b / 1024:.1f} KiB" if b >= 1024 else f"{b} bytes"


def ratio_figure(value: float, low: float, high: float) -> str:
    """"1.93x [1.45, 2.27]": three or four significant digits ("11.4x", "1395x", "0.013x")."""
    d = 0 if value >= 100 else 1 if value >= 10 else 2 if value >= 0.1 else 3 if value >= 0.01 else 4
    return f"{value:.{d}f}x [{low:.{d}f}, {high:.{d}f}]"


def digits(v: float) -> int:
    """Decimals for a time: three significant digits or so ("0.203", "2.16", "25.1", "162")."""
    return 3 if v < 1 else 2 if v < 10 else 1 if v < 100 else 0


def time_figure(value: float, low: float, high: float) -> str:
    """"27.4 [26.9, 28.0]"."""
    d = digits(value)
    return f"{value:.{d}f} [{low:.{d}f}, {high:.{d}f}]"


def sizes_text(sizes: Sequence[int]) -> str:
    """"2^14", "2^10 to 2^14"."""
    return size_label(sizes[0]) if len(sizes) == 1 else f"{size_label(sizes[0])} to {size_label(sizes[-1])}"


def comparison_figure(c: Comparison) -> str:
    """ratio_figure of a stats.Comparison."""
    return ratio_figure(c.ratio, c.low, c.high)


def runs(points: Sequence[tuple[int, Comparison]], rule: Rule, words: dict[str, str]) -> list[tuple[str, list[int]]]:
    """[(word, [n, ...])]: the sizes of points [(n, comparison)] (in size order) grouped into runs that one word
    describes, words[outcome]."""
    return grouped(points, lambda c: words[rule.outcome(c)])


def grouped(points: Sequence[tuple[int, Comparison]],
            verdict: Callable[[Comparison], str]) -> list[tuple[str, list[int]]]:
    """[(word, [n, ...])]: the sizes of points [(n, comparison)] (in size order) grouped into runs of one word,
    verdict(comparison)."""
    out: list[tuple[str, list[int]]] = []
    for n, c in points:
        word = verdict(c)
        if out and out[-1][0] == word:
            out[-1][1].append(n)
        else:
            out.append((word, [n]))
    return out


def _last(points: Sequence[tuple[int, Comparison]]) -> str:
    n, c = points[-1]
    return f"{comparison_figure(c)} at {size_label(n)}"


def compare(c: Comparison, rule: Rule) -> str:
    """"faster than", "equivalent to", "not told apart from" or "slower than": A against B from the comparison of
    A's time to B's."""
    return RELATION[rule.outcome(c)]


def across(points: Sequence[tuple[int, Comparison]], rule: Rule) -> str:
    """How A compares with B over the sizes both were measured at, from the comparisons [(n, comparison)] in size
    order: "faster at every N measured (2^10 to 2^20; 0.094x [0.091, 0.097] at 2^20)", or the runs of each
    outcome: "faster at 2^10 to 2^14, inconclusive at 2^16 to 2^20 (1.02x [0.97, 1.08] at 2^20)"."""
    if not points:
        raise ValueError("no size at which both were measured")
    parts = runs(points, rule, COMPARE)
    if len(parts) == 1:
        return f"{parts[0][0]} at every N measured ({sizes_text(parts[0][1])}; {_last(points)})"
    return ", ".join(f"{word} at {sizes_text(ns)}" for word, ns in parts) + f" ({_last(points)})"


def _verdicts(parts: list[tuple[str, list[int]]], preference: Sequence[str], unresolved: str, tail: str) -> str:
    """The verdicts of runs of sizes [(word, [n, ...])] as claim words them: one verdict "**word** at every N
    measured (SIZES; TAIL)" ("at any N" where it is unresolved), or several, the one that holds at most sizes first
    (ties in the order of preference): "**word at SIZES**, other at SIZES (TAIL)"."""
    if len(parts) == 1:
        word, ns = parts[0]
        where = "at any N measured" if word == unresolved else "at every N measured"
        return f"**{word}** {where} ({sizes_text(ns)}; {tail})"
    counts: dict[str, int] = {}
    for word, ns in parts:
        counts[word] = counts.get(word, 0) + len(ns)
    order = sorted(counts, key=lambda w: (-counts[w], preference.index(w)))
    out = []
    for word in order:
        sizes = ", ".join(sizes_text(ns) for w, ns in parts if w == word)
        out.append(f"**{word} at {sizes}**" if word == order[0] else f"{word} at {sizes}")
    return ", ".join(out) + f" ({tail})"


def claim(points: Sequence[tuple[int, Comparison]], rule: Rule, words: dict[str, str] | None = None) -> str:
    """The verdict on a claim about A against B, from the comparisons of A's time to B's [(n, comparison)]: by
    default that A is faster (CLAIM), or with words=PAR that A is as fast as B. "**confirmed** at every N measured
    (2^10 to 2^20; ...)", "**reversed** ...", "**not resolved** at any N measured ...", or, where the sizes
    disagree, the verdict that holds at most sizes first: "**confirmed at 2^14 to 2^20**, not resolved at 2^10 to
    2^12 (...)"."""
    words = words or CLAIM
    if not points:
        raise ValueError("no size at which both were measured")
    # ties go to the verdict of the claim's own direction, then to the contrary ones
    preference = [words[o] for o in (FASTER, EQUIVALENT, SLOWER, INCONCLUSIVE)]
    return _verdicts(runs(points, rule, words), preference, words[INCONCLUSIVE], _last(points))


# The verdicts on a claim that names its size: that B is faster than A by a factor in [low, high], judged on the
# ratio of A's time to B's (size_verdict). Where the rule does not find B faster, its verdict on the direction.
WITHIN, BEYOND, SHORT = "within the claimed range", "beyond the claimed range", "short of the claimed range"
UNSIZED = "confirmed in direction, size not resolved"
SIZED = {FASTER: "reversed", EQUIVALENT: "refuted (equivalent)", INCONCLUSIVE: "not resolved"}


def size_verdict(c: Comparison, rule: Rule, low: float, high: float) -> str:
    """The verdict on the claim that A's time over B's lies in [low, high] (1 < low <= high), from that ratio c.
    Where the rule finds A slower (the claim's direction holds), from the ratio's 90% interval, each end a
    one-sided test at 5% (as the equivalence test's): WITHIN where the interval lies inside [low, high], BEYOND
    where it lies wholly above high, SHORT where wholly below low, UNSIZED where it reaches across low or high.
    Otherwise the rule's verdict on the direction (SIZED): "reversed" where A is faster, "refuted (equivalent)"
    where the two are equivalent, "not resolved" where the rule cannot tell."""
    if not 1 < low <= high:
        raise ValueError(f"a claimed range of speed-ups is 1 < low <= high, not {low:g} to {high:g}")
    kind = rule.outcome(c)
    if kind != SLOWER:
        return SIZED[kind]
    ends = one_sided_ends(c)
    if ends is None:
        return UNSIZED
    if math.log(low) <= ends[0] and ends[1] <= math.log(high):
        return WITHIN
    if ends[0] > math.log(high):
        return BEYOND
    if ends[1] < math.log(low):
        return SHORT
    return UNSIZED


def claim_range(points: Sequence[tuple[int, Comparison]], rule: Rule, low: float, high: float) -> str:
    """The verdict on a claim that B is faster than A by a factor in [low, high], at each size both were measured
    at, from the comparisons of A's time to B's [(n, comparison)] in size order (size_verdict), with the ratio at
    the largest size and the range claimed: "**beyond the claimed range** at every N measured (2^10 to 2^14; 9.56x
    [9.38, 9.73] at 2^14, claimed 1.35x to 1.5x)", or where the sizes disagree "**within the claimed range at
    2^10**, short of the claimed range at 2^12 (...)"."""
    if not points:
        raise ValueError("no size at which both were measured")
    parts = grouped(points, lambda c: size_verdict(c, rule, low, high))
    preference = [WITHIN, BEYOND, SHORT, UNSIZED, SIZED[EQUIVALENT], SIZED[FASTER], SIZED[INCONCLUSIVE]]
    return _verdicts(parts, preference, SIZED[INCONCLUSIVE], f"{_last(points)}, claimed {low:g}x to {high:g}x")


# How many designs a sentence names before it counts the rest: a tie of a dozen designs (a short run) is told as
# a count, not read out.
LISTED = 4


def listing(names: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c", up to LISTED names, then "a, b, c, d and 3 more"."""
    if len(names) > LISTED:
        return ", ".join(names[:LISTED]) + f" and {len(names) - LISTED} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def to_fastest(figures: Sequence[Figure], compare: Pairwise) -> list[Comparison]:
    """The comparisons of the designs after the fastest to it."""
    return [compare(k, 0) for k in range(1, len(figures))]


NOT_TOLD_APART = "not told apart"


@dataclass(frozen=True)
class Pick:
    """The designs picked at one size (pick): their places in the standing, from the fastest; how they stand (""
    for one design, EQUIVALENT or NOT_TOLD_APART); and the place of the fastest design outside them (None: none)."""
    leaders: list[int]
    how: str
    next: int | None


def _equivalence_closure(start: Sequence[int], count: int, compare: Pairwise, rule: Rule) -> list[int]:
    """The places of start and of every design the rule finds equivalent to one of them, repeated until none is
    added (so that equivalence chains are followed), in order."""
    found = set(start)
    grew = True
    while grew:
        grew = False
        for k in range(count):
            if k not in found and any(rule.outcome(compare(k, j)) == EQUIVALENT for j in found):
                found.add(k)
                grew = True
    return sorted(found)


def pick(figures: Sequence[Figure], compare: Pairwise, rule: Rule) -> Pick:
    """The designs to pick at one size, by practical equivalence. A design X is *found slower than the fastest F
    by more than the margin* where the rule calls X slower than F and a one-sided minimum-effect test at 5% shows
    X / F above 1 + margin (stats.Rule.slower_beyond_margin). The pick starts from F; adds every design not found
    slower than F by more than the margin; then, until none is added, every design the rule finds equivalent to
    one already picked. Every design is thus compared with every leader, so none outside the pick is equivalent to
    one in it, and next, the fastest design outside it, is found slower than F by more than the margin. F stands
    alone ("") only where every other design is found slower than it by more than the margin; the leaders are
    EQUIVALENT where each is reached from F by a chain of equivalences among them, NOT_TOLD_APART where some
    leader is there only because its difference from F was not shown to exceed the margin (a difference the rule
    finds but smaller than the margin shows, or one it cannot resolve)."""
    if not figures:
        raise ValueError("no design was measured")
    count = len(figures)
    near = [0] + [k for k in range(1, count) if not rule.slower_beyond_margin(compare(k, 0))]
    leaders = _equivalence_closure(near, count, compare, rule)
    chained = _equivalence_closure([0], count, compare, rule)
    how = "" if len(leaders) == 1 else EQUIVALENT if chained == leaders else NOT_TOLD_APART
    outside = [k for k in range(count) if k not in leaders]
    return Pick(leaders, how, outside[0] if outside else None)


def _joined(k: int, figures: Sequence[Figure], leaders: Sequence[int], chained: Sequence[int], compare: Pairwise,
            rule: Rule) -> str:
    """Why design k (a leader, not the fastest) is picked, in leader's words: "equivalent" (to the fastest), else
    "equivalent to `b`" where k is among the leaders chained to the fastest by equivalences (chained), else its
    outcome against the fastest where that alone picks it ("inconclusive", "slower, not shown beyond the
    margin"), else "equivalent to `b`" for the leader b that brought it in."""
    to_first = compare(k, 0)
    kind = rule.outcome(to_first)
    if kind == EQUIVALENT:
        return EQUIVALENT

    def through(group: Sequence[int]) -> int | None:
        return next((j for j in group if j not in (0, k) and rule.outcome(compare(k, j)) == EQUIVALENT), None)

    via = through(chained) if k in chained else None
    if via is None and not rule.slower_beyond_margin(to_first):
        return kind if kind == INCONCLUSIVE else f"{kind}, not shown beyond the margin"
    via = via if via is not None else through(leaders)
    if via is None:
        raise ValueError(f"`{figures[k][0]}` is not picked")
    return f"equivalent to `{figures[via][0]}`"


def leader(figures: Sequence[Figure], compare: Pairwise, rule: Rule) -> str:
    """The picked designs (pick), each after the fastest with its ratio to it, grouped by why it is picked (_joined):
    figures is [(strategy, time, low, high)] sorted by the comparisons to the first. "`bitmask` (4.30 [4.21,
    4.39]); equivalent: `tables` (1.01x [0.99, 1.02]); inconclusive: `sparse` (1.05x [0.98, 1.12]); slower, not
    shown beyond the margin: `bitset` (1.01x [1.00, 1.01]); equivalent to `tables`: `chunks` (1.04x [1.03,
    1.05])"."""
    chosen = pick(figures, compare, rule)
    chained = _equivalence_closure([0], len(figures), compare, rule)
    first = figures[0]
    text = f"`{first[0]}` ({time_figure(*first[1:])})"
    groups: dict[str, list[str]] = {}
    for k in chosen.leaders[1:]:
        groups.setdefault(_joined(k, figures, chosen.leaders, chained, compare, rule), []).append(
            f"`{figures[k][0]}` ({comparison_figure(compare(k, 0))})")
    for why, near in groups.items():
        text += f"; {why}: " + listing(near)
    return text


def ranking(figures: Sequence[Figure], compare: Pairwise, rule: Rule) -> str:
    """Every design from the fastest: "`bitmask` 4.30 [4.21, 4.39]; `tables` 1.45x [1.35, 1.53]; `sparse` 1.05x
    [0.98, 1.12] (inconclusive); ..." (comparisons to the first, as in leader)."""
    if not figures:
        raise ValueError("no design was measured")
    out = [f"`{figures[0][0]}` {time_figure(*figures[0][1:])}"]
    for f, c in zip(figures[1:], to_fastest(figures, compare)):
        kind = rule.outcome(c)
        out.append(f"`{f[0]}` {comparison_figure(c)}" + (f" ({kind})" if kind in (EQUIVALENT, INCONCLUSIVE) else ""))
    return "; ".join(out)


def leading(figures: Sequence[Figure], compare: Pairwise, rule: Rule) -> tuple[list[str], str]:
    """The names of the picked designs (pick) in alphabetical order (what picks them is the rule, not the order
    of their times), with how they stand: "" for one, EQUIVALENT or NOT_TOLD_APART."""
    chosen = pick(figures, compare, rule)
    return sorted(figures[k][0] for k in chosen.leaders), chosen.how


def leading_text(figures: Sequence[Figure], compare: Pairwise, rule: Rule) -> str:
    """The leading designs (leading) as a report names them: "`bitset`", "`a` and `b` (equivalent)", "`a`, `b` and
    `c` (not told apart)"."""
    names, how = leading(figures, compare, rule)
    return listing([f"`{s}`" for s in names]) + (f" ({how})" if how else "")


# Standings at each size: [(n, figures, compare)] in size order.
SizeStandings = tuple[int, list[Figure], Pairwise]
PerSize = Sequence[SizeStandings]


def leader_runs(per_size: PerSize, rule: Rule) -> list[tuple[str, list[int]]]:
    """[(leading_text, [n, ...])]: the sizes of per_size [(n, figures, compare)] (in size order) grouped into runs
    with the same leaders."""
    out: list[tuple[str, list[int]]] = []
    for n, figures, compare in per_size:
        names = leading_text(figures, compare, rule)
        if out and out[-1][0] == names:
            out[-1][1].append(n)
        else:
            out.append((names, [n]))
    return out


def leaders(per_size: PerSize, rule: Rule) -> str:
    """Which designs lead at each size (pick), in runs of sizes with the same leaders: per_size is [(n, figures,
    compare)] in size order: "`bitmask` at 2^10 to 2^16; `bitmask` and `tables` (equivalent) at 2^18 to 2^20"."""
    if not per_size:
        raise ValueError("no size was measured")
    out = leader_runs(per_size, rule)
    if len(out) == 1:
        return f"{out[0][0]} at every N measured ({sizes_text(out[0][1])})"
    return "; ".join(f"{names} at {sizes_text(ns)}" for names, ns in out)

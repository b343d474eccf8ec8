"""Words a report chooses from its data: which design leads, whether one is faster than another, at which sizes a
claim holds. A sentence whose wording depends on the outcome is never typed; the report names the comparison and
this module says what the run shows, with the decision rule of every other figure (stats.Rule): *faster* or
*slower* where the ratio differs from 1 with the false discovery rate held over the report's comparisons,
*equivalent* where its interval lies within the practical margin, *inconclusive* otherwise. "Not told apart" is
never "equal": only an equivalence says that.

The functions here take comparisons already computed (stats.Comparison: ratio, low, high, df), per size as
[(n, comparison)] or per design with its time (strategy, time, low, high), so that they are tested on planted
figures; report.py fetches the figures from a run.
"""

from typing import Sequence

from .stats import EQUIVALENT, FASTER, INCONCLUSIVE, SLOWER, Comparison, Rule

# A design's time with its interval: (strategy, time, low, high).
Figure = tuple[str, float, float, float]
# The designs measured at one size, from the fastest (Figure), and the comparison of each to the fastest (None for
# the fastest itself).
Standings = tuple[list[Figure], list[Comparison | None]]

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
    out: list[tuple[str, list[int]]] = []
    for n, c in points:
        word = words[rule.outcome(c)]
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


def claim(points: Sequence[tuple[int, Comparison]], rule: Rule, words: dict[str, str] | None = None) -> str:
    """The verdict on a claim about A against B, from the comparisons of A's time to B's [(n, comparison)]: by
    default that A is faster (CLAIM), or with words=PAR that A is as fast as B. "**confirmed** at every N measured
    (2^10 to 2^20; ...)", "**reversed** ...", "**not resolved** at any N measured ...", or, where the sizes
    disagree, the verdict that holds at most sizes first: "**confirmed at 2^14 to 2^20**, not resolved at 2^10 to
    2^12 (...)"."""
    words = words or CLAIM
    if not points:
        raise ValueError("no size at which both were measured")
    parts = runs(points, rule, words)
    if len(parts) == 1:
        word, ns = parts[0]
        where = "at any N measured" if word == words[INCONCLUSIVE] else "at every N measured"
        return f"**{word}** {where} ({sizes_text(ns)}; {_last(points)})"
    counts: dict[str, int] = {}
    for word, ns in parts:
        counts[word] = counts.get(word, 0) + len(ns)
    # ties go to the verdict of the claim's own direction, then to the contrary ones
    preference = [words[o] for o in (FASTER, EQUIVALENT, SLOWER, INCONCLUSIVE)]
    order = sorted(counts, key=lambda w: (-counts[w], preference.index(w)))
    out = []
    for word in order:
        sizes = ", ".join(sizes_text(ns) for w, ns in parts if w == word)
        out.append(f"**{word} at {sizes}**" if word == order[0] else f"{word} at {sizes}")
    return ", ".join(out) + f" ({_last(points)})"


# How many designs a sentence names before it counts the rest: a tie of a dozen designs (a short run) is told as
# a count, not read out.
LISTED = 4


def listing(names: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c", up to LISTED names, then "a, b, c, d and 3 more"."""
    if len(names) > LISTED:
        return ", ".join(names[:LISTED]) + f" and {len(names) - LISTED} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def to_fastest(comparisons: Sequence[Comparison | None]) -> list[Comparison]:
    """The comparisons of the designs after the fastest to it (Standings); ValueError where one lacks its own."""
    out = [c for c in comparisons[1:] if c is not None]
    if len(out) != len(comparisons[1:]):
        raise ValueError("a design after the fastest has no comparison to it")
    return out


def leader(figures: Sequence[Figure], comparisons: Sequence[Comparison | None], rule: Rule) -> str:
    """The design with the lowest time and those the run does not find slower than it: figures is [(strategy,
    time, low, high)] sorted by the comparisons, comparisons[k] the comparison of design k's time to the first's
    (k >= 1). "`bitmask` (4.30 [4.21, 4.39]); equivalent: `tables` (1.01x [0.99, 1.02]); inconclusive: `sparse`
    (1.05x [0.98, 1.12])"."""
    if not figures:
        raise ValueError("no design was measured")
    first = figures[0]
    text = f"`{first[0]}` ({time_figure(*first[1:])})"
    for kind in (EQUIVALENT, INCONCLUSIVE):
        near = [f"`{f[0]}` ({comparison_figure(c)})" for f, c in zip(figures[1:], to_fastest(comparisons))
                if rule.outcome(c) == kind]
        if near:
            text += f"; {kind}: " + listing(near)
    return text


def ranking(figures: Sequence[Figure], comparisons: Sequence[Comparison | None], rule: Rule) -> str:
    """Every design from the fastest: "`bitmask` 4.30 [4.21, 4.39]; `tables` 1.45x [1.35, 1.53]; `sparse` 1.05x
    [0.98, 1.12] (inconclusive); ..." (comparisons to the first, as in leader)."""
    if not figures:
        raise ValueError("no design was measured")
    out = [f"`{figures[0][0]}` {time_figure(*figures[0][1:])}"]
    for f, c in zip(figures[1:], to_fastest(comparisons)):
        kind = rule.outcome(c)
        out.append(f"`{f[0]}` {comparison_figure(c)}" + (f" ({kind})" if kind in (EQUIVALENT, INCONCLUSIVE) else ""))
    return "; ".join(out)


def leading(figures: Sequence[Figure], comparisons: Sequence[Comparison | None], rule: Rule) -> tuple[list[str], str]:
    """The names of the designs that lead: the fastest and every design the run does not find slower than it, in
    alphabetical order (which of them has the lowest time is chance), with how they stand: "" for one, else
    "equivalent" where every other one is equivalent to the fastest, "not told apart" where any is
    inconclusive."""
    near = [(f[0], rule.outcome(c)) for f, c in zip(figures[1:], to_fastest(comparisons))
            if rule.outcome(c) != SLOWER]
    names = sorted([figures[0][0]] + [name for name, _ in near])
    if not near:
        return names, ""
    return names, EQUIVALENT if all(kind == EQUIVALENT for _, kind in near) else "not told apart"


def leading_text(figures: Sequence[Figure], comparisons: Sequence[Comparison | None], rule: Rule) -> str:
    """The leading designs (leading) as a report names them: "`bitset`", "`a` and `b` (equivalent)", "`a`, `b` and
    `c` (not told apart)"."""
    names, how = leading(figures, comparisons, rule)
    return listing([f"`{s}`" for s in names]) + (f" ({how})" if how else "")


# Standings at each size: [(n, figures, comparisons)] in size order.
SizeStandings = tuple[int, list[Figure], list[Comparison | None]]
PerSize = Sequence[SizeStandings]


def leader_runs(per_size: PerSize, rule: Rule) -> list[tuple[str, list[int]]]:
    """[(leading_text, [n, ...])]: the sizes of per_size [(n, figures, comparisons)] (in size order) grouped into
    runs with the same leaders."""
    out: list[tuple[str, list[int]]] = []
    for n, figures, comparisons in per_size:
        names = leading_text(figures, comparisons, rule)
        if out and out[-1][0] == names:
            out[-1][1].append(n)
        else:
            out.append((names, [n]))
    return out


def leaders(per_size: PerSize, rule: Rule) -> str:
    """Which designs lead at each size, in runs of sizes with the same leaders: per_size is [(n, figures,
    comparisons)] in size order, each as for leader (leading): "`bitmask` at 2^10 to 2^16; `bitmask` and `tables`
    (equivalent) at 2^18 to 2^20"."""
    if not per_size:
        raise ValueError("no size was measured")
    out = leader_runs(per_size, rule)
    if len(out) == 1:
        return f"{out[0][0]} at every N measured ({sizes_text(out[0][1])})"
    return "; ".join(f"{names} at {sizes_text(ns)}" for names, ns in out)

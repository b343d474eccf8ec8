"""Words a report chooses from its data: which design leads, whether one is faster than another, at which sizes a
claim holds. A sentence whose wording depends on the outcome is never typed; the report names the comparison and
this module says what the run shows, with the significance rule of every other figure: a ratio counts as a
difference only when its 95% interval lies wholly outside the A/A band (stats.significant).

The functions here take figures already computed, (ratio, low, high) per size or (strategy, time, low, high) per
design, so that they are tested on planted figures; report.py fetches the figures from a run.
"""

import stats

LOWER, SAME, HIGHER = "lower", "same", "higher"

# The words of one comparison of A against B (a ratio A / B of times), by outcome: "A is faster than B".
RELATION = {LOWER: "faster than", SAME: "not separable from", HIGHER: "slower than"}
# The same outcomes where the sizes they hold at follow: "faster at 2^10 to 2^14".
COMPARE = {LOWER: "faster", SAME: "not separable", HIGHER: "slower"}
# The same outcomes for a claim that A is faster than B.
CLAIM = {LOWER: "confirmed", SAME: "not resolved", HIGHER: "reversed"}
# And for a claim that A is as fast as B (or faster): "as fast as can be".
PAR = {LOWER: "confirmed", SAME: "confirmed", HIGHER: "refuted"}


def outcome(low, high, band):
    """LOWER or HIGHER where the interval of a ratio lies wholly below or above the A/A band, SAME where it
    reaches into it."""
    if not stats.significant(low, high, band):
        return SAME
    return LOWER if high < 1 else HIGHER


def size_label(n):
    n = int(n)
    return f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else str(n)


def ratio_figure(value, low, high):
    """"1.93x [1.45, 2.27]": three or four significant digits ("11.4x", "1395x", "0.013x")."""
    d = 0 if value >= 100 else 1 if value >= 10 else 2 if value >= 0.1 else 3 if value >= 0.01 else 4
    return f"{value:.{d}f}x [{low:.{d}f}, {high:.{d}f}]"


def digits(v):
    """Decimals for a time: three significant digits or so ("0.203", "2.16", "25.1", "162")."""
    return 3 if v < 1 else 2 if v < 10 else 1 if v < 100 else 0


def time_figure(value, low, high):
    """"27.4 [26.9, 28.0]"."""
    d = digits(value)
    return f"{value:.{d}f} [{low:.{d}f}, {high:.{d}f}]"


def sizes_text(sizes):
    """"2^14", "2^10 to 2^14"."""
    return size_label(sizes[0]) if len(sizes) == 1 else f"{size_label(sizes[0])} to {size_label(sizes[-1])}"


def runs(points, band, words):
    """[(word, [n, ...])]: the sizes of points [(n, ratio, low, high)] (in size order) grouped into runs that one
    word describes, words[outcome] (two outcomes may share a word: PAR)."""
    out = []
    for n, _, low, high in points:
        word = words[outcome(low, high, band)]
        if out and out[-1][0] == word:
            out[-1][1].append(n)
        else:
            out.append((word, [n]))
    return out


def _last(points):
    n, value, low, high = points[-1]
    return f"{ratio_figure(value, low, high)} at {size_label(n)}"


def compare(value, low, high, band):
    """"faster than", "not separable from" or "slower than": A against B from the ratio of A's time to B's."""
    return RELATION[outcome(low, high, band)]


def across(points, band):
    """How A compares with B over the sizes both were measured at, from the ratios [(n, ratio, low, high)] in size
    order: "faster at every N measured (2^10 to 2^20; 0.094x [0.091, 0.097] at 2^20)", or the runs of each
    outcome: "faster at 2^10 to 2^14, not separable at 2^16 to 2^20 (1.02x [0.97, 1.08] at 2^20)"."""
    if not points:
        raise ValueError("no size at which both were measured")
    parts = runs(points, band, COMPARE)
    if len(parts) == 1:
        return f"{parts[0][0]} at every N measured ({sizes_text(parts[0][1])}; {_last(points)})"
    return ", ".join(f"{word} at {sizes_text(ns)}" for word, ns in parts) + f" ({_last(points)})"


def claim(points, band, words=None):
    """The verdict on a claim about A against B, from the ratios of A's time to B's [(n, ratio, low, high)]: by
    default that A is faster (CLAIM), or with words=PAR that A is as fast as B or faster. "**confirmed** at every N
    measured (2^10 to 2^20; ...)", "**reversed** ...", "**not resolved** at any N measured ...", or, where the sizes
    disagree, the verdict that holds at most sizes first: "**confirmed at 2^14 to 2^20**, not resolved at 2^10 to
    2^12 (...)"."""
    words = words or CLAIM
    if not points:
        raise ValueError("no size at which both were measured")
    parts = runs(points, band, words)
    if len(parts) == 1:
        word, ns = parts[0]
        where = "at any N measured" if word == CLAIM[SAME] else "at every N measured"
        return f"**{word}** {where} ({sizes_text(ns)}; {_last(points)})"
    counts = {}
    for word, ns in parts:
        counts[word] = counts.get(word, 0) + len(ns)
    # ties go to the verdict of the claim's own direction, then to the contrary one
    preference = [words[LOWER], words[HIGHER], words[SAME]]
    order = sorted(counts, key=lambda w: (-counts[w], preference.index(w)))
    out = []
    for word in order:
        sizes = ", ".join(sizes_text(ns) for w, ns in parts if w == word)
        out.append(f"**{word} at {sizes}**" if word == order[0] else f"{word} at {sizes}")
    return ", ".join(out) + f" ({_last(points)})"


def leader(figures, ratios, band):
    """The design with the lowest time and those the run cannot separate from it: figures is [(strategy, time,
    low, high)] sorted by time, ratios[k] the (ratio, low, high) of design k's time to the first's (k >= 1).
    "`bitmask` (4.30 [4.21, 4.39]), which the run cannot separate from `tables` (1.05x [0.98, 1.12])"."""
    if not figures:
        raise ValueError("no design was measured")
    first = figures[0]
    text = f"`{first[0]}` ({time_figure(*first[1:])})"
    ties = [(f[0], r) for f, r in zip(figures[1:], ratios[1:]) if outcome(*r[1:], band) == SAME]
    if ties:
        text += ", which the run cannot separate from " + listing([f"`{s}` ({ratio_figure(*r)})" for s, r in ties])
    return text


# How many designs a sentence names before it counts the rest: a tie of a dozen designs (a short run, a wide
# band) is told as a count, not read out.
LISTED = 4


def listing(names):
    """"a", "a and b", "a, b and c", up to LISTED names, then "a, b, c, d and 3 more"."""
    if len(names) > LISTED:
        return ", ".join(names[:LISTED]) + f" and {len(names) - LISTED} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def ranking(figures, ratios, band):
    """Every design from the fastest: "`bitmask` 4.30 [4.21, 4.39]; `tables` 1.45x [1.35, 1.53]; `sparse` 1.05x
    [0.98, 1.12] (not separable); ..." (ratios to the first, as in leader)."""
    if not figures:
        raise ValueError("no design was measured")
    out = [f"`{figures[0][0]}` {time_figure(*figures[0][1:])}"]
    for f, r in zip(figures[1:], ratios[1:]):
        out.append(f"`{f[0]}` {ratio_figure(*r)}" + (" (not separable)" if outcome(*r[1:], band) == SAME else ""))
    return "; ".join(out)


def leaders(per_size, band):
    """Which designs lead at each size, in runs of sizes with the same leaders: per_size is [(n, figures, ratios)]
    in size order, each as for leader. The leaders at a size are the fastest and every design the run cannot
    separate from it, named in alphabetical order (which of them has the lowest time is chance):
    "`bitmask` at 2^10 to 2^16; `bitmask` and `tables` (not separable) at 2^18 to 2^20"."""
    if not per_size:
        raise ValueError("no size was measured")
    out = []
    for n, figures, ratios in per_size:
        tied = sorted([figures[0][0]] + [f[0] for f, r in zip(figures[1:], ratios[1:]) if outcome(*r[1:], band) == SAME])
        names = listing([f"`{s}`" for s in tied]) + (" (not separable)" if len(tied) > 1 else "")
        if out and out[-1][0] == names:
            out[-1][1].append(n)
        else:
            out.append((names, [n]))
    if len(out) == 1:
        return f"{out[0][0]} at every N measured ({sizes_text(out[0][1])})"
    return "; ".join(f"{names} at {sizes_text(ns)}" for names, ns in out)

"""The numbers and verdicts a report's prose types by hand: every figure of REPORT.md must come from the run, through
a generated table (between "<!-- table: ... -->" and "<!-- end table -->") or an inline figure (after a
"<!-- v: ... -->" marker, up to its "<!-- /v -->"), and so must every verdict (VERDICTS: "confirmed",
"equivalent", "inconclusive", ...), so that the words can never disagree with the data they stand beside.

    python3 -m analysis prose REPORT_MD

prints each number the prose carries outside those spans, with its line, and exits 1 if any is not one of the
allowed constants (ALLOWED: sizes, the seeds' own figures, the settings the method names), which it prints too,
with how often each was used; and each verdict word outside them that is not named as a word, in quotes or
emphasis (the text that defines the verdicts: *equivalent* where ...). Code spans (scenario and variant names such
as `game_frame_10`), link targets and HTML comments are not prose; headings are.
"""

import re

from .command import Parser, fail

# The constants prose may state, each a pattern over the number with what surrounds it on its line, and why.
ALLOWED = (
    (r"2\^\d+", "an entity count or size, written as a power of two"),
    (r"\b\d+ (?:KiB|MiB|GiB)\b", "a size the design or the machine has (a chunk, a cache)"),
    (r"\b\d+-(?:byte|bit)\b", "the width of a field, a record or a word"),
    (r"\b(?:claim|Claim) \d\b", "the number of one of the seeds' claims"),
    (r"\b95%", "the confidence level of every interval"),
    (r"\b90% interval", "the interval of two one-sided tests at 5% each, the equivalence test"),
    (r"\b5% would by chance", "how many of the A/A intervals exclude 1 at the 95% level"),
    (r"\b(?:from|exclude|is) 1\b", "the ratio of two equal times"),
    (r"\b(?:26 × 20|520|1000)\b", "the reference suites' own sizes of frag_iter and random_tables_* (scenario descriptors)"),
    (r"between 35% to 50% faster|\b1\.35 and 1\.5\b", "the seed's own figure for claim 3, and its reading as speed"),
)

_TABLE = re.compile(r"^<!-- table: [^>]*-->$.*?^<!-- end table -->$", re.S | re.M)
_VALUE = re.compile(r"<!-- v: [^>]*?-->.*?<!-- /v -->", re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_FENCE = re.compile(r"^```.*?^```$", re.S | re.M)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\]\([^)]*\)")
_NUMBER = re.compile(r"(?<![\w.^])\d+(?:[.,]\d+)*(?:%|x\b)?")


def _blank(match: re.Match[str]) -> str:
    """The match's text with every character but newlines replaced, so that line numbers survive."""
    return re.sub(r"[^\n]", " ", match.group(0))


def prose(text: str) -> str:
    """The report's text with everything that is not hand-written prose blanked out, line for line."""
    for pattern in (_TABLE, _FENCE, _VALUE, _COMMENT, _CODE, _LINK):
        text = pattern.sub(_blank, text)
    return text


def numbers(text: str) -> list[tuple[int, str, int | None]]:
    """(line, number, allowed-or-None) for each number in the prose of text: the index into ALLOWED of the
    constant it is, or None for a figure typed by hand."""
    found = []
    for number, line in enumerate(prose(text).split("\n"), 1):
        allowed_spans: list[tuple[int, int, int]] = []
        for k, (pattern, _why) in enumerate(ALLOWED):
            allowed_spans += [(m.start(), m.end(), k) for m in re.finditer(pattern, line)]
        for m in _NUMBER.finditer(line):
            kind = next((k for start, end, k in allowed_spans if start <= m.start() and m.end() <= end), None)
            found.append((number, m.group(0), kind))
    return found


# The words of the decision rule's verdicts (wording.py): typed bare, one would state an outcome the data did not
# choose.
VERDICTS = re.compile(r"\b(?:confirmed|refuted|reversed|not resolved|inconclusive|equivalent|not told apart|"
                      r"not separable|cannot separate|(?:within|beyond|short of) the claimed range)\b", re.I)
_NAMED = re.compile(r'"[^"\n]*"|\*[^*\n]+\*')


def verdicts(text: str) -> list[tuple[int, str]]:
    """(line, word) for each verdict word in the prose of text that is not named as a word (in quotes or
    emphasis): a verdict typed by hand."""
    found = []
    for number, line in enumerate(prose(text).split("\n"), 1):
        named = [(m.start(), m.end()) for m in _NAMED.finditer(line)]
        for m in VERDICTS.finditer(line):
            if not any(start <= m.start() and m.end() <= end for start, end in named):
                found.append((number, m.group(0)))
    return found


def main(argv: list[str]) -> int:
    parser = Parser("prose", "REPORT_MD")
    parser.add_argument("report")
    return parser.run(argv, lambda a: _prose(a.report))


def _prose(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        return fail("prose", e)
    found = numbers(text)
    typed = [(line, n) for line, n, kind in found if kind is None]
    for k, (pattern, why) in enumerate(ALLOWED):
        used = sum(1 for _line, _n, kind in found if kind == k)
        print(f"allowed: {used:4d} x /{pattern}/: {why}")
    for line, n in typed:
        print(f"{path}:{line}: {n} typed by hand")
    bare = verdicts(text)
    for line, word in bare:
        print(f"{path}:{line}: the verdict \"{word}\" typed by hand")
    if typed or bare:
        return fail("prose", f"{path}: {len(typed)} numbers and {len(bare)} verdicts in the prose are typed by "
                             "hand, not generated")
    return 0

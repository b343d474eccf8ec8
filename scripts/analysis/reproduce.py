"""Whether a second run says what the first said.

    python3 -m analysis reproduce DIR_A DIR_B

Two published runs' folders (each with its results.csv and manifest): first how many paired ratios both hold agree
within their intervals (paired.reproduce_ratios), then how many design comparisons both hold get the same verdict,
each run judged by its own decision rule, by N and overall, and every comparison that flips between faster and
slower (quality.verdict_agreement). Exits 0, 1 (a folder that cannot be read, or two runs that share no ratio or
no comparison) or 2 (usage).
"""

import argparse
import os

from . import paired, quality
from .cells import MergeError
from .command import Parser, fail
from .files import CsvError
from .report import Results


def main(argv: list[str]) -> int:
    parser = Parser("reproduce", "DIR_A DIR_B")
    parser.add_argument("first")
    parser.add_argument("second")
    return parser.run(argv, _reproduce)


def _reproduce(args: argparse.Namespace) -> int:
    status = paired.reproduce_ratios(args.first, args.second)
    if status != 0:
        return status
    runs = []
    for directory in (args.first, args.second):
        try:
            res = Results(os.path.join(directory, "results.csv"))
            runs.append(quality.verdicts(res.comparisons, res.rule))
        except (CsvError, MergeError) as e:
            return fail("reproduce", e)
    agreement = quality.verdict_agreement(*runs)
    if not agreement.by_size:
        return fail("reproduce", "the two runs share no design comparison")
    print("\n".join(quality.agreement_lines(agreement, *runs)))
    return 0

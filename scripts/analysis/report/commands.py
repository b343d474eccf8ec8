"""The report's two commands: report, the generated tables and figures of a Markdown file refreshed from a results
folder, and explained, the cells the first page's why compares (what the simulation beyond the caches runs).

    python3 -m analysis report RESULTS_CSV REPORT_MD [OUT_MD] [--shown-as DIR]

Every block
    <!-- table: SPEC -->
    ...
    <!-- end table -->
of REPORT_MD is replaced by the table SPEC asks for; the prose around the blocks is left as it is. With OUT_MD
the refreshed report is written there and REPORT_MD is left alone; its relative links are rewritten to work
from OUT_MD's folder, and links to any results folder's plots point to the plots beside RESULTS_CSV (make
bench: results/MACHINE/report.md); --shown-as DIR names the results' folder so in what the text says of it (a
run's copy, made in its staging folder, names the folder it is published as). RESULTS_CSV must be a published
run's: listed in its folder's manifest.csv (manifest.py), as is every other file a table reads beside it
(metadata.csv, cachesim.csv, crosscheck.csv, runs.csv.gz), each whole as recorded there. Nothing is written if
any table fails: a table whose file is missing, empty or malformed, a marker line with blanks around it, and in
REPORT_MD itself a table that would come out with no rows (a scenario, strategy or N nothing was measured at, a
metadata key the run lacks, a run without the A/A pair). A run's copy (OUT_MD) says of such a table, in one line
in its place, that the run did not measure it: a run at other sizes than the reference run's still gets a report
of what it measured. REPORT_MD may have CRLF line ends (it is written back with LF). Exits 0, 1 (with "report:
WHAT" on stderr, REPORT_MD and OUT_MD untouched) or 2 (usage).
"""

import argparse
import os
import re
import sys
from typing import Callable

from .. import cells as cellmod, manifest
from ..command import Parser, fail
from ..files import CsvError
from .first_page import explained
from .model import Results, TableError
from .template import refresh

# The first line of a report made from a QUICK run, so that none of its figures is read as the reference run's.
# What a QUICK run's figures are worth, said at the top of its report's copy and of its summary (summary.py).
QUICK_WORTH = "(few processes, small sizes): its figures show that the pipeline works, not what the designs cost"
QUICK_NOTE = f"> **A QUICK run** {QUICK_WORTH}.\n\n"


def main(argv: list[str]) -> int:
    parser = Parser("report", "RESULTS_CSV REPORT_MD [OUT_MD] [--shown-as DIR]")
    parser.add_argument("results")
    parser.add_argument("report")
    parser.add_argument("out", nargs="?")
    parser.add_argument("--shown-as", default=None, help="the folder the text names for the results' own")
    return parser.run(argv, _report)


def _report(a: argparse.Namespace) -> int:
    csv_path: str = a.results
    report: str = a.report
    out: str = a.out if a.out is not None else report
    try:
        res = Results(csv_path, shown_directory=a.shown_as)
        if (out == report and os.path.basename(report) in ("REPORT.md", "results.md") and res.meta.get("quick") == "1"
                and os.environ.get("REPORT_ALLOW_QUICK") != "1"):
            raise TableError(f"{csv_path} is a QUICK run (few processes, small sizes): {report} is rewritten "
                             f"from a full run (REPORT_ALLOW_QUICK=1 allows it)")
        try:
            with open(report, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise TableError(f"{report}: cannot be read ({e})") from None
        relink: Callable[[str], str] | None = None
        if out != report:
            base = os.path.dirname(os.path.abspath(out))
            root = os.path.relpath(os.path.dirname(os.path.abspath(report)), base)
            plots = os.path.relpath(os.path.join(os.path.abspath(res.directory), "plots"), base)

            def relink(target: str) -> str:
                if re.match(r"^(\.\./)*results/[^/]+/plots/", target):
                    return plots + target[target.index("/plots/") + len("/plots"):]
                if re.match(r"^([a-z]+:|#|/)", target) or root == ".":
                    return target
                return root + "/" + target

        refreshed = refresh(res, text, relink, notes=out != report)
        if res.meta.get("quick") == "1" and not refreshed.startswith(QUICK_NOTE):
            refreshed = QUICK_NOTE + refreshed
    except (OSError, TableError, CsvError) as e:
        return fail("report", e)
    partial = f"{out}.tmp.{os.getpid()}"
    try:
        with open(partial, "w", encoding="utf-8") as f:
            f.write(refreshed)
        os.replace(partial, out)
    except OSError as e:
        return fail("report", f"cannot write {out} ({e}); it is left as it was")
    finally:
        if os.path.exists(partial):
            os.remove(partial)
    try:
        manifest.rerecord(out)
    except CsvError as e:
        return fail("report", e)
    print(f"report: tables in {out} refreshed from {csv_path}", file=sys.stderr)
    return 0


def explained_main(argv: list[str]) -> int:
    """The cells the first page's why compares at N (answers.explained), "STRATEGY:SCENARIO,...", from a results
    folder not yet recorded (the pipeline's staging folder): what the simulation beyond the caches runs."""
    p = Parser("explained", "RESULTS_CSV --n N")
    p.add_argument("results")
    p.add_argument("--n", type=int, required=True)
    return p.run(argv, lambda a: _explained(a.results, a.n))


def _explained(path: str, n: int) -> int:
    try:
        cells = explained(Results(path, recorded=False), n)
    except (OSError, CsvError, cellmod.MergeError) as e:
        return fail("explained", e)
    print(",".join(cells))
    return 0

"""The generated tables and inline figures of a report (REPORT.md, docs/results.md, a run's own copies), refreshed
from a results folder: `python3 -m analysis report` (commands.py).

A spec names what to make: a table, `<!-- table: SPEC -->` ... `<!-- end table -->`, or a figure in the prose,
`<!-- v: SPEC -->TEXT<!-- /v -->`; its first word is the kind, found in registry.TABLES or registry.FIGURES (a
cell is "STRATEGY SCENARIO N": SCENARIO@fresh for the fresh memory mode; N as 1048576 or 2^20, or "fixed" or
"max", the run's fixed size and its largest, in tables too). The modules, each documenting the tables and
figures it makes:
    model.py        the results folder (Results), the errors of a spec, the queries every family shares
    measures.py     times, bytes and simulated misses of cells: iter, ops, bytes, sweep, sim, layouts, meta
    verdicts.py     two designs judged by the decision rule: ratio, compare, across, claim, fastest, leaders
    controls.py     the method's own checks: aa, precision, pairs, quality, the rule and its controls
    change.py       change detection: change, change-winners, tracking
    queries.py      the query-count series: queries, queries-picks
    first_page.py   the first page's answers: answers, steady, why
    hitches.py      the framed scenarios' frames: hitches and the hitch figures
    agreement.py    this run beside other measurements: xcheck, other-runs
    registry.py     the spec's first word to its table or figure
    template.py     the Markdown blocks and markers regenerated
    commands.py     the report and explained commands
docs/pipeline.md ("Adding a table or figure") says where a new one goes.
"""

from ..stats import crossover
from .change import REFERENCE_SUFFIX, crossover_text
from .commands import QUICK_WORTH, explained_main, main
from .first_page import why_at, worlds
from .model import (MARKS, NotMeasured, Results, TableError, cell_key as _cell_key, designs, ratio_text, sizes_of,
                    standings)
from .registry import FIGURES, TABLES, table, value
from .template import refresh

# What other modules and the tests use of the report (mypy's strict mode exports no name imported without this).
__all__ = ["REFERENCE_SUFFIX", "FIGURES", "MARKS", "QUICK_WORTH", "NotMeasured", "Results", "TABLES", "TableError",
           "_cell_key", "crossover", "crossover_text", "designs", "explained_main", "main", "ratio_text", "refresh",
           "sizes_of", "standings", "table", "value", "why_at", "worlds"]

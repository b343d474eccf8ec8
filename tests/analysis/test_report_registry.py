"""The report's registries: every table and inline figure a spec can name is made in the module of its family and
documented there, and a spec that fits no figure is refused with every form a figure takes."""

import os
import re
import sys
import unittest

from support import TempDir, make_run
from analysis import report
from analysis.report import registry


def documented(module: str, section: str) -> set[str]:
    """The kinds a module's docstring lists in its "Tables" or "Figures" section: the first word of each line
    indented by four spaces."""
    text = sys.modules[module].__doc__ or ""
    tables, _, figures = text.partition("\nFigures")
    found = tables.partition("\nTables")[2] if section == "Tables" else figures
    return set(re.findall(r"^    ([a-z][a-z-]*)", found, re.MULTILINE))


class Registry(TempDir):
    def test_every_table_is_documented_in_its_familys_module(self) -> None:
        for kind, (_, make) in registry.TABLES.items():
            with self.subTest(table=kind):
                self.assertNotIn(make.__module__, (registry.__name__, report.__name__))
                self.assertIn(kind, documented(make.__module__, "Tables"))

    def test_every_figure_is_documented_in_its_familys_module(self) -> None:
        for kind, figure in registry.FIGURES.items():
            with self.subTest(figure=kind):
                self.assertNotIn(figure.make.__module__, (registry.__name__, report.__name__))
                self.assertIn(kind, documented(figure.make.__module__, "Figures"))
                self.assertLessEqual(figure.least, figure.most)

    def test_a_spec_that_fits_no_figure_names_every_form(self) -> None:
        res = report.Results(os.path.join(make_run(self.dir), "results.csv"))
        self.assertEqual(report.value(res, "size 2^10"), "2^10")
        for spec in ("size", "size 2^10 2^12", "trim 10", "hitch-margin 1", "nonsense 1"):
            with self.subTest(spec=spec), self.assertRaises(report.TableError) as e:
                report.value(res, spec)
            self.assertIn("claim-range LOW-HIGH STRATEGY SCENARIO / STRATEGY [SCENARIO]", str(e.exception))
            self.assertIn("hitch-margin", str(e.exception))


if __name__ == "__main__":
    unittest.main()

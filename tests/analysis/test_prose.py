"""The prose checker: a number typed into a report's words is found, one the generator wrote is not, and the allowed
constants are told apart and counted."""

import contextlib
import io
import unittest

import support
from analysis import prose

GENERATED = """# Report

<!-- table: meta machine_id -->
| machine_id | amd-epyc-fam26m2-2c |
<!-- end table -->

The archetype design costs <!-- v: ratio archetype simple_iter 2^16 / raw-soa -->1.07x [1.04, 1.09]<!-- /v --> raw
at 2^16 (`simple_iter`, `game_frame_10`), every interval at 95%, with 16 KiB chunks; see [the plot](plots/n-10.svg).
"""


class Prose(support.TempDir):
    def test_a_generated_report_types_nothing(self) -> None:
        found = prose.numbers(GENERATED)
        self.assertTrue(all(kind is not None for _line, _n, kind in found), found)
        self.assertEqual(sorted({prose.ALLOWED[support.present(kind)][0] for _l, _n, kind in found}),
                         sorted(p for p, _why in prose.ALLOWED if p in (r"2\^\d+", r"\b95%", r"\b\d+ (?:KiB|MiB|GiB)\b")))
        self.assertEqual(prose.main([self.write("R.md", GENERATED)]), 0)

    def test_a_typed_figure_is_found_with_its_line(self) -> None:
        planted = GENERATED.replace("with 16 KiB chunks", "about 0.6 us per pass, with 16 KiB chunks")
        typed = [(line, n) for line, n, kind in prose.numbers(planted) if kind is None]
        self.assertEqual(typed, [(8, "0.6")])
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.redirect_stderr(err):
            self.assertEqual(prose.main([self.write("R.md", planted)]), 1)
        self.assertIn("R.md:8: 0.6 typed by hand", out.getvalue())
        self.assertIn("1 numbers and 0 verdicts in the prose are typed by hand", err.getvalue())

    def test_a_verdict_typed_by_hand_is_found_but_a_word_named_is_not(self) -> None:
        planted = GENERATED + ("\nA claim is \"confirmed\" where the rule finds it, *equivalent* within the margin.\n"
                               "So the claim is confirmed: the two designs are equivalent.\n"
                               "<!-- v: claim a simple_iter / b -->**refuted** at every N<!-- /v -->\n")
        self.assertEqual(prose.verdicts(planted), [(11, "confirmed"), (11, "equivalent")])
        with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(prose.main([self.write("R.md", planted)]), 1)
        self.assertIn('R.md:11: the verdict "confirmed" typed by hand', out.getvalue())

    def test_a_verdict_on_a_claimed_range_typed_by_hand_is_found(self) -> None:
        planted = "The claim is beyond the claimed range; \"within the claimed range\" where its interval lies inside.\n"
        self.assertEqual(prose.verdicts(planted), [(1, "beyond the claimed range")])

    def test_a_figure_outside_its_marker_is_typed(self) -> None:
        # The marker's span ends at <!-- /v -->: a figure after it is the writer's, whatever precedes it.
        planted = GENERATED.replace("<!-- /v --> raw", "<!-- /v --> raw (1.3x at 2^20)")
        self.assertEqual([n for _l, n, kind in prose.numbers(planted) if kind is None], ["1.3x"])

    def test_a_measured_size_is_typed_but_a_field_width_is_not(self) -> None:
        found = prose.numbers("It stores 116 bytes per entity in a 16-byte record.\n")
        self.assertEqual([(n, kind is None) for _l, n, kind in found], [("116", True), ("16", False)])

    def test_percentages_ratios_and_thousands_are_numbers(self) -> None:
        text = "It moved 6,960 processes, 4.4-6.5x faster, by 12%.\n"
        self.assertEqual([n for _l, n, _k in prose.numbers(text)], ["6,960", "4.4", "6.5x", "12%"])

    def test_a_wrong_call(self) -> None:
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(prose.main([]), 2)
            self.assertEqual(prose.main([self.path("missing.md")]), 1)


if __name__ == "__main__":
    unittest.main()

"""The heatmap's layout: however few its designs and sizes, no two lines of its text share a place and none runs
off the canvas. The title, the panels' titles and the footer (the note and the caption) are placed by
plot_heatmap.heatmap_layout from the texts' estimated widths; these tests read that layout back, and show that the
check they make finds the placement the template once fixed (note and caption on one line at the foot, a title
centred over a narrow panel)."""

import re
import unittest

import support
from analysis import plot_heatmap, scenarios
from analysis.plot_heatmap import FOOTER_FONT, LINE_HEIGHT, NOTE, TITLE, HeatmapLayout, TextLine

CAPTION = "machine: amd-epyc-fam25m17-2c (AMD EPYC), 2026-12-07"
PANEL_TITLE = "at N = 16384 (2¹⁴), the fixed size and the largest: in cache"
ROWS = [w.label for w in scenarios.read_catalogue(support.SCENARIOS_CSV).workloads]
DESIGNS = ("archetype archetype-aos bitmask bitmask-cached bitmask-pools bitset chunks chunks-full hybrid sparse "
           "sparse-compact sparse-filter sparse-groups sparse-view tables").split()


def faults(layout: HeatmapLayout) -> list[str]:
    """Every line of text that runs off the canvas, and every two lines that overlap: closer in height than a line
    of the larger font while their estimated spans meet."""
    found = []
    for line in layout.lines:
        left, right = line.span()
        if left < 0 or right > layout.width or not 0 < line.y < layout.height:
            found.append(f"{line.text!r} spans {left:.0f}..{right:.0f} at {line.y:.0f} on {layout.width}x"
                         f"{layout.height}")
    for k, a in enumerate(layout.lines):
        for b in layout.lines[k + 1:]:
            close = abs(a.y - b.y) < max(a.font, b.font) * LINE_HEIGHT * 0.9
            (a0, a1), (b0, b1) = a.span(), b.span()
            if close and a0 < b1 and b0 < a1:
                found.append(f"{a.text!r} and {b.text!r} overlap")
    return found


def layout(designs: list[str], panels: int) -> HeatmapLayout:
    return plot_heatmap.heatmap_layout(TITLE, [PANEL_TITLE] * panels, [(CAPTION, "right"), (NOTE, "left")], ROWS,
                                       designs)


class HeatmapLayoutTest(unittest.TestCase):
    def test_a_heatmap_of_one_design_and_one_size_keeps_every_line_apart_and_on_the_canvas(self) -> None:
        narrow = layout(["sparse"], 1)
        self.assertEqual(faults(narrow), [])
        # the title and the panel's title are wrapped to the narrow canvas rather than cut
        self.assertGreater(len([line for line in narrow.lines if line.font != FOOTER_FONT]), 2)
        self.assertEqual(" ".join(line.text for line in narrow.lines[:2]), TITLE)

    def test_the_footers_lines_stand_one_above_the_other(self) -> None:
        for designs, panels in ((["sparse"], 1), (DESIGNS[:3], 1), (DESIGNS, 2)):
            footer = [line for line in layout(designs, panels).lines if line.font == FOOTER_FONT]
            heights = sorted(line.y for line in footer)
            self.assertGreaterEqual(len(footer), 2)
            self.assertTrue(all(b - a >= FOOTER_FONT * LINE_HEIGHT for a, b in zip(heights, heights[1:])), heights)
            # the caption, the last line of every figure, stands at the foot
            self.assertEqual(min(footer, key=lambda line: line.y).text, CAPTION)

    def test_the_full_runs_heatmap_keeps_every_line_apart_and_its_panels_side_by_side(self) -> None:
        wide = layout(DESIGNS, 2)
        self.assertEqual(faults(wide), [])
        first, second = wide.panels
        self.assertLess(first.right, second.left)
        self.assertLessEqual(second.right, wide.width)
        # the rows fit between the turned design names below and the titles above
        self.assertAlmostEqual(first.top - first.bottom, 24 * len(ROWS))
        self.assertGreater(first.bottom, max(line.y for line in wide.lines if line.font == FOOTER_FONT))
        self.assertLess(first.top, min(line.y for line in wide.lines if line.font != FOOTER_FONT))

    def test_the_check_finds_the_footer_and_title_placed_as_the_template_once_placed_them(self) -> None:
        # note and caption both at 1.5% of the height, one from the left edge and one from the right, and the
        # title unwrapped above a panel of three designs: on a canvas that narrow they overprint and run off
        width, height = 624, 644
        fixed = HeatmapLayout(width, height, [], [
            TextLine(NOTE, 0.01 * width, 0.015 * height, "left", FOOTER_FONT),
            TextLine(CAPTION, 0.995 * width, 0.015 * height, "right", FOOTER_FONT),
            TextLine(TITLE, 460, height - 14, "center", 11)])
        found = faults(fixed)
        self.assertTrue(any("overlap" in f and "machine:" in f for f in found), found)
        self.assertTrue(any(f.startswith(repr(TITLE)) for f in found), found)

    def test_the_commands_place_every_line_within_the_screen(self) -> None:
        narrow = layout(["sparse"], 1)
        text, frames = plot_heatmap.layout_commands(narrow)
        self.assertEqual(text.count("set label"), len(narrow.lines))
        self.assertEqual(len(frames), 1)
        for x, y in re.findall(r"at screen ([\d.e-]+), screen ([\d.e-]+)", text):
            self.assertTrue(0 <= float(x) <= 1 and 0 <= float(y) <= 1, (x, y))
        for margin in re.findall(r"margin at screen ([\d.e-]+)", frames[0]):
            self.assertTrue(0 < float(margin) < 1, margin)


if __name__ == "__main__":
    unittest.main()

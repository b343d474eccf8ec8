"""Writing the figures: each figure's data (NAME.dat) and the gnuplot script that sets its template's variables
(NAME.gp), and at the end main-svg.gp and main-png.gp, which draw them all, and "list", their names."""

import os
from typing import Mapping, Sequence

# A point of a series: its x, then its values (a figure, or a figure and its interval).
Point = tuple[float, ...]
# The series of a figure: [(name, [point])]; a point None (Canvas.new) breaks its series' line there.
Series = list[tuple[str, list[Point]]]
# What a figure marks beside its series: (gnuplot object, its settings), "label" or "arrow".
Marks = list[tuple[str, str]]
# A series' look: (colour, point type, dash type).
Style = tuple[str, str, str]
# The gnuplot label tags of the marks in the cluster figures ("n/m", "0"), clear of the templates' own.
MARK_TAG = 1000
# Every series' line width where a figure sets none of its own (axes.BOLD and axes.THIN).
LINE_WIDTH = 1.6
TERMINALS = (("svg size {w},{h} fixed noenhanced font \"sans-serif,10\" background rgb \"white\"", "svg"),
             ("pngcairo size {w},{h} noenhanced font \"sans-serif,10\" background rgb \"white\"", "png"))


def num(v: float) -> str:
    return f"{v:.6g}"


def gp_string(s: str) -> str:
    """A gnuplot double-quoted string; a newline in s starts a new line. Names here hold no quotes."""
    return '"' + s.replace('"', "'").replace("\\", "/").replace("\n", "\\n") + '"'


def gp_command(s: str) -> str:
    """A command string for eval: single-quoted, quotes doubled."""
    return "'" + s.replace("'", "''") + "'"


def marks_command(marks: Marks, previous: int = 0) -> str:
    """The gnuplot commands that set marks [(kind, settings)], after unsetting the previous panel's."""
    clear = [f"unset label {MARK_TAG + k}; unset arrow {MARK_TAG + k}" for k in range(previous)]
    sets = [f"set {kind} {MARK_TAG + k} {rest}" for k, (kind, rest) in enumerate(marks)]
    return gp_command("; ".join(clear + sets))


def mark_note(marks: Marks) -> str:
    """What a cluster figure's marks mean, where it has them (a line of its own, above the caption)."""
    texts = " ".join(rest for _, rest in marks)
    meaning = (["n/m: not measured"] if '"n/m"' in texts else []) + \
        (["0: a measured zero"] if '"0"' in texts else [])
    return "; ".join(meaning)


class Canvas:
    """The folder the figures are written into, the look of every series (style: {name: Style}) and the caption
    every figure carries; figures lists (name, width, height) of each figure written, in order."""

    def __init__(self, work: str, caption: str, style: dict[str, Style]) -> None:
        self.work, self.caption, self.style = work, caption, style
        self.figures: list[tuple[str, int, int]] = []

    def new(self, name: str, template: str, width: int, height: int, variables: dict[str, str],
            blocks: Sequence[tuple[str, Sequence[Point | None]]], series: list[str] | None = None,
            widths: dict[str, float] | None = None, style: Mapping[str, Style] | None = None) -> None:
        """A figure: blocks is [(series name, [row tuple])], one a series unless series names the series (the
        cachesim figure has two blocks per series, one per panel, the churn sweep one per panel); variables the
        template's settings; widths {series: line width} where some differ from LINE_WIDTH; style the series'
        looks where this figure's differ from the canvas's. A point None is a break in its series' line."""
        used = {f[0] for f in self.figures}
        if name in used:
            count = 2
            while f"{name}-{count}" in used:
                count += 1
            name = f"{name}-{count}"
        with open(os.path.join(self.work, name + ".dat"), "w", encoding="utf-8") as f:
            for _, points in blocks:
                for p in points:
                    # None: a blank line, which breaks the series' line there
                    f.write("\n" if p is None else " ".join(num(v) for v in p) + "\n")
                f.write("\n\n")
        names = series if series is not None else [s for s, _ in blocks]
        looks = style if style is not None else self.style
        settings = {
            "title_text": gp_string(variables.pop("title")), "caption": gp_string(self.caption),
            "datafile": gp_string(name + ".dat"), "nseries": str(len(names)),
            "names": gp_string(" ".join(names)),
            "colors": gp_string(" ".join(looks[s][0] for s in names)),
            "points": gp_string(" ".join(looks[s][1] for s in names)),
            "dashes": gp_string(" ".join(looks[s][2] for s in names)),
            "widths": gp_string(" ".join(num((widths or {}).get(s, LINE_WIDTH)) for s in names)),
            "note": gp_string(variables.pop("note", "")),
            "marks_note": gp_string(variables.pop("marks_note", "")),
        }
        settings.update(variables)
        with open(os.path.join(self.work, name + ".gp"), "w", encoding="utf-8") as f:
            for k, v in settings.items():
                f.write(f"{k} = {v}\n")
            f.write(f'load dir . "{template}"\n')
        self.figures.append((name, width, height))

    def finish(self, templates: str) -> None:
        """main-svg.gp and main-png.gp, which draw every figure from the templates in the folder templates, and
        "list"."""
        for terminal, ext in TERMINALS:
            with open(os.path.join(self.work, f"main-{ext}.gp"), "w", encoding="utf-8") as f:
                for name, w, h in self.figures:
                    f.write(f"dir = {gp_string(templates + '/')}\n")
                    f.write(f"set terminal {terminal.format(w=w, h=h)}\n")
                    f.write(f'set output "out/{name}.{ext}"\nload "{name}.gp"\nunset output\nreset\n')
        with open(os.path.join(self.work, "list"), "w", encoding="utf-8") as f:
            for name, _, _ in self.figures:
                f.write(name + "\n")

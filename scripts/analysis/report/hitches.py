"""The tables and figures of the framed scenarios' frames (hitches.csv, frames.py): each design's typical and worst
frame, its hitch against raw's same frame, and what its worst frames retired and ran.

Tables:
    hitches SCENARIO               from hitches.csv: a row per design of a framed scenario (raw's, the noise floor,
                                   first): its median, p99 and worst frame (wall time, the machine's noise in
                                   them), the frame that stands highest over its neighbours with that ratio, the
                                   same against raw's frame with the decision rule's verdict, the start-up frame
                                   against raw's, the worst steady frame (CPU time), the frame that retired the
                                   most memory, and the frame of the most simulated instructions (frames.py)

Figures:
    hitch STRATEGY SCENARIO        from hitches.csv: its hitch, "frame 128, 12.7x its neighbours [10.8, 15.0];
                                   14.0x `raw-soa`'s same frame [12.0, 16.1], a hitch" (or steady, inconclusive),
                                   with its start-up frame against raw's where that stands higher
    hitch-bytes STRATEGY SCENARIO  its frames' cost and its deterministic worst frames: "frames of 45 µs, the worst
                                   210 [190, 232] µs at frame 128; 1.50 MiB retired at frame 128, 14.6x the median
                                   frame's instructions at frame 128"
    hitch-floor SCENARIO           raw's frames, the machine's noise: its worst and p99 frame against its median,
                                   its steepest frame over its neighbours
    hitch-verdicts SCENARIO        "3 of 14 designs a hitch, 5 steady, 6 inconclusive"
    hitch-twins                    the A/A twins' verdicts, each against its original's frames, every framed
                                   scenario
    hitch-planted                  the planted hitch: in how many framed scenarios it is found at its frame, called
                                   a hitch, its interval reaching the stall planted (at least its share: the clock
                                   reads that end the stall add to it)
    hitch-margin                   the frames' margin: how far over raw's frame a frame is still steady, and over
                                   the lowest worst frame a design still shares a budget's pick, "10%"
"""

from .. import answers, frames, paired, wording
from ..csvfile import Row
from .model import NotMeasured, Results


def table_hitches(res: Results, scenario: str) -> list[str]:
    """A row per design (raw's, the noise floor, first): its frames' wall times, its hitch against raw's same
    frame, and what its most retiring frame retired."""
    rows = [r for r in _hitch_rows(res, scenario) if not paired.is_control(r["strategy"])]
    if not rows:
        raise NotMeasured(f"no frames of {scenario} in {res.shown('hitches.csv')}")
    rows.sort(key=lambda r: (r["strategy"] != frames.FLOOR_DESIGN, r["strategy"]))
    lines = ["| design | median frame | p99 frame | worst frame | worst / median | hitch: frame, its CPU time over "
             "its neighbours' | over raw's same frame | verdict | start-up frame over raw's | worst steady frame: "
             "frame, CPU time (µs) | most memory retired: frame, bytes (calls) | most instructions: frame, over the "
             "median frame's |",
             "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|"]
    for r in rows:
        over, start = (f"{float(r[c]):.2f}x [{float(r[c + '_lo']):.2f}, {float(r[c + '_hi']):.2f}]" if r[c] else "-"
                       for c in ("over_floor", "start_over_floor"))
        steady_worst = wording.time_figure(*(float(r[c]) / 1e3 for c in ("worst_steady_ns", "worst_steady_lo_ns",
                                                                          "worst_steady_hi_ns")))
        retired = (f"{r['bytes_worst_frame']}: {wording.bytes_text(int(r['bytes_worst']))} ({r['allocations_worst']})"
                   if int(r["bytes_worst"]) else "none")
        instructions = (f"{r['instructions_worst_frame']}: "
                        f"{int(r['instructions_worst']) / max(float(r['instructions_median']), 1.0):.1f}x"
                        if r.get("instructions_worst") else "-")
        median, p99, worst = (wording.frame_time(float(r[c])) for c in ("median_frame_ns", "p99_frame_ns",
                                                                         "worst_frame_ns"))
        lines.append(f"| {r['strategy']} | {median} | {p99} | {worst} | "
                     f"{float(r['worst_over_median']):.3g}x | {_frame_number(r['hitch_frame'])}: "
                     f"{float(r['hitch']):.2f}x [{float(r['hitch_lo']):.2f}, {float(r['hitch_hi']):.2f}] | {over} | "
                     f"{r['verdict']} | {start} | {r['worst_steady_frame']}: {steady_worst} | {retired} | "
                     f"{instructions} |")
    return lines


def frame_standings(res: Results, scenario: str) -> tuple[int, list[answers.FrameStanding]]:
    """(n, every design's answers.FrameStanding) of a framed scenario, from hitches.csv: the designs judged against
    raw's frame (neither the floor itself nor a control), or NotMeasured."""
    rows = [r for r in _hitch_rows(res, scenario) if not paired.is_control(r["strategy"]) and r["over_floor"]]
    if not rows:
        raise NotMeasured(f"no design of {scenario} judged against raw's frames in {res.shown('hitches.csv')}")
    return int(rows[0]["n"]), [answers.frame_standing(r) for r in rows]


def _hitch_rows(res: Results, scenario: str) -> list[Row]:
    """The rows of hitches.csv of a framed scenario at the largest size its frames were recorded at."""
    rows = [r for r in res.hitches if r["scenario"] == scenario]
    largest = max((int(r["n"]) for r in rows), default=0)
    return [r for r in rows if int(r["n"]) == largest]


def _hitch_row(res: Results, strategy: str, scenario: str) -> Row:
    """The row of hitches.csv of one design in one framed scenario (_hitch_rows), or NotMeasured."""
    found = [r for r in _hitch_rows(res, scenario) if r["strategy"] == strategy]
    if not found:
        raise NotMeasured(f"no frames of {strategy} {scenario} in {res.shown('hitches.csv')}")
    return found[0]


def _frame_number(frame: str) -> str:
    """A frame's number in a table, "0 (start-up)" for the start-up frame (answers.frame_label)."""
    return answers.frame_label(int(frame)).removeprefix("frame ")


def _hitch_text(r: Row) -> str:
    """"frame 128, 12.7x its neighbours [10.8, 15.0]; 14.0x `raw-soa`'s same frame [12.0, 16.1], a hitch" (against
    the row's floor: raw's, or a control's original), and "; its start-up frame stands higher: 1.90x `raw-soa`'s
    [1.83, 1.97]" where that frame stands higher over the floor's than the hitch does."""
    text = (f"{answers.frame_label(int(r['hitch_frame']))}, {float(r['hitch']):.2f}x its neighbours "
            f"[{float(r['hitch_lo']):.2f}, {float(r['hitch_hi']):.2f}]")
    if not r["over_floor"]:
        return text
    verdict = {"hitch": "a hitch", "steady": "steady"}.get(r["verdict"], r["verdict"])
    text += (f"; {float(r['over_floor']):.2f}x `{r['floor']}`'s same frame [{float(r['over_floor_lo']):.2f}, "
             f"{float(r['over_floor_hi']):.2f}], {verdict}")
    if float(r["start_over_floor"]) > float(r["over_floor"]):
        text += (f"; its start-up frame stands higher: {float(r['start_over_floor']):.2f}x `{r['floor']}`'s "
                 f"[{float(r['start_over_floor_lo']):.2f}, {float(r['start_over_floor_hi']):.2f}]")
    return text


def figure_hitch(res: Results, args: list[str]) -> str:
    return _hitch_text(_hitch_row(res, *args))


def figure_hitch_bytes(res: Results, args: list[str]) -> str:
    _, standings = frame_standings(res, args[1])
    found = [s for s in standings if s.design == args[0]]
    if not found:
        raise NotMeasured(f"no frames of {args[0]} {args[1]} judged against raw's in {res.shown('hitches.csv')}")
    return answers.frame_detail(found[0])


def figure_hitch_floor(res: Results, args: list[str]) -> str:
    r = _hitch_row(res, frames.FLOOR_DESIGN, args[0])
    median = float(r["median_frame_ns"])
    return (f"`{r['strategy']}`'s worst frame {float(r['worst_over_median']):.3g}x its median "
            f"({wording.frame_time(float(r['worst_frame_ns']))} against {wording.frame_time(median)}), its p99 "
            f"frame {float(r['p99_frame_ns']) / max(median, 1.0):.1f}x, its steepest frame over its neighbours "
            f"{float(r['hitch']):.2f}x [{float(r['hitch_lo']):.2f}, {float(r['hitch_hi']):.2f}] at "
            f"{answers.frame_label(int(r['hitch_frame']))}")


def figure_hitch_verdicts(res: Results, args: list[str]) -> str:
    _, standings = frame_standings(res, args[0])
    counts = {v: sum(1 for s in standings if s.verdict == v) for v in ("hitch", "steady", "inconclusive")}
    return (f"{counts['hitch']} of {len(standings)} designs a hitch, {counts['steady']} steady, "
            f"{counts['inconclusive']} inconclusive")


def _judged_rows(res: Results) -> list[Row]:
    """The rows of hitches.csv judged against a floor, every framed scenario's at its largest size."""
    return [r for scenario in sorted({r["scenario"] for r in res.hitches}) for r in _hitch_rows(res, scenario)
            if r["floor"]]


def figure_hitch_twins(res: Results, args: list[str]) -> str:
    twins = [r for r in _judged_rows(res) if r["strategy"].endswith(paired.AA_SUFFIX)]
    if not twins:
        raise NotMeasured(f"no A/A twin judged against its original's frames in {res.shown('hitches.csv')}")
    counts = {v: sum(1 for r in twins if r["verdict"] == v) for v in ("steady", "inconclusive", "hitch")}
    return (f"of {len(twins)} A/A twins, each against its original's frames, {counts['steady']} steady, "
            f"{counts['inconclusive']} inconclusive, {counts['hitch']} a hitch")


def figure_hitch_planted(res: Results, args: list[str]) -> str:
    planted = [r for r in _judged_rows(res) if r["planted_frame"]]
    if not planted:
        raise NotMeasured(f"no planted hitch in {res.shown('hitches.csv')}")
    stall = 1 + int(planted[0]["planted_percent"]) / 100
    at_frame = [r for r in planted if r["hitch_frame"] == r["planted_frame"]]
    called = sum(1 for r in at_frame if r["verdict"] == "hitch")
    reached = sum(1 for r in at_frame if float(r["over_floor_hi"]) >= stall)
    figures = ", ".join(f"`{r['scenario']}` {float(r['over_floor']):.2f}x [{float(r['over_floor_lo']):.2f}, "
                        f"{float(r['over_floor_hi']):.2f}]" for r in at_frame)
    return (f"found at its frame in {len(at_frame)} of {len(planted)} scenarios ({figures or 'none'}), called a "
            f"hitch in {called}, its interval reaching the stall planted ({stall:.2f}x at least) in {reached}")


def figure_hitch_margin(res: Results, args: list[str]) -> str:
    return f"{100 * frames.STEADY_MARGIN:g}%"

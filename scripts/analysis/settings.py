"""The settings of a make bench run, checked before its first process: every one a number in its range, every
size one the run measures, every name one the binaries know.

    python3 -m analysis settings [--cells CELLS_TSV]   (the settings in the environment)

Without --cells, the numbers alone (the bounds the cell list is made with among them); with it, also the sizes
and names against the cells the run measures: CELLS_TSV is the list scripts/cells.sh prints
("BINARY<TAB>SCENARIO<TAB>LABEL<TAB>N,N,...") with BENCH_SIZES left empty, so that a count BENCH_SIZES names
outside the bounds and the step is refused beside those inside. A setting
that is not what it must be stops the run with one line naming it and exit code 2, before anything is measured:
a run that would hang (HYPERFINE_RUNS=0), plan processes without end (a process count that is not a number),
measure every size (BENCH_STEP=0) or simulate and cross-check at a size it never timed (FIXED_N=5000) is refused
instead of discovered minutes later. Every setting must be set: the pipeline has no defaults of its own (make bench
passes each one, from scripts/defaults.mk), so a setting left out is refused as one that is wrong.
"""

import argparse
import os
import sys

from . import frames, stats
from . import plan as planmod
from .command import Parser
from .files import CsvError



class SettingError(Exception):
    """A setting that is not what the run needs; str() names it."""


def _text(name: str) -> str:
    text = os.environ.get(name)
    if text is None:
        raise SettingError(f"{name} is not set (make bench passes every setting; the defaults are in "
                           "scripts/defaults.mk)")
    return text


def _whole(name: str, low: int, high: int | None = None) -> int:
    text = _text(name)
    if not (text.isascii() and text.isdigit()):
        raise SettingError(f'{name} must be a whole number, not "{text}"')
    value = int(text)
    if value < low or (high is not None and value > high):
        bound = f"at least {low}" if high is None else f"between {low} and {high}"
        raise SettingError(f"{name} must be {bound}, not {value}")
    return value


def _fraction(name: str, low: float, high: float, low_open: bool = True) -> float:
    text = _text(name)
    try:
        value = float(text)
    except ValueError:
        raise SettingError(f'{name} must be a number, not "{text}"') from None
    if not (value > low if low_open else value >= low) or value > high or value != value:
        raise SettingError(f"{name} must be {'above' if low_open else 'at least'} {low:g} and at most {high:g}, "
                           f"not {text}")
    return value


def _names(text: str) -> list[str]:
    return [x for x in text.split(",") if x != ""]


def check(cells_path: str | None = None) -> None:
    """Raises SettingError at the first setting that is wrong."""
    # Entity counts are whole numbers here; which of them a build can run, and which sizes the bounds, the step and
    # BENCH_SIZES give, the bench binary decides (scripts/pipeline.sh asks it before the run; harness/main.c).
    min_n = _whole("BENCH_MIN_N", 1)
    max_n = _whole("BENCH_MAX_N", 1)
    if min_n > max_n:
        raise SettingError(f"BENCH_MIN_N ({min_n}) is above BENCH_MAX_N ({max_n})")
    step = _whole("BENCH_STEP", 1)
    min_procs = _whole("BENCH_MIN_PROCS", 1, 1000)
    if min_procs < stats.MIN_PROCESSES:
        raise SettingError(f"BENCH_MIN_PROCS must be at least {stats.MIN_PROCESSES}, not {min_procs}: an interval over "
                           f"fewer processes has one degree of freedom or none, and says nothing of where another "
                           f"process would fall")
    max_procs = _whole("BENCH_MAX_PROCS", 1, 1000)
    if max_procs < min_procs:
        raise SettingError(f"BENCH_MAX_PROCS ({max_procs}) is below BENCH_MIN_PROCS ({min_procs})")
    _fraction("BENCH_TARGET_CI", 0, 1)
    _whole("BENCH_BUDGET_S", 0, 7 * 24 * 3600)
    _whole("BENCH_JOB_TIMEOUT_S", 0, 7 * 24 * 3600)
    _whole("PROGRESS_EVERY", 0, 24 * 3600)
    _text("BENCH_OPTIONS")  # the bench binaries check it (scripts/pipeline.sh asks them before the run)
    _whole("HYPERFINE_RUNS", 1, 1000)
    _whole("HYPERFINE_EXTRA_MS", 1, 600000)
    _fraction("CACHESIM_SPREAD", 0, float("inf"), low_open=False)
    all_layouts = _text("CACHESIM_ALL_LAYOUTS")
    _whole("PAIRED_LAYOUTS", 1, 1000)
    _whole("PAIRED_ROUNDS", 1, 100000)
    _whole("PAIRED_TARGET_MS", 1, 60000)
    _whole("FRAMES_N", 1)
    _whole("FRAMES_PROCESSES", frames.MIN_PROCESSES, 1000)
    _whole("FRAMES_ROUNDS", frames.MIN_ROUNDS, 100000)
    reference = _text("PAIRED_REFERENCE")
    paired = _text("PAIRED")
    if paired not in ("0", "1"):
        raise SettingError(f'PAIRED is 0 or 1, not "{paired}"')
    clock = _text("PAIRED_CLOCK")
    if clock not in ("wall", "cpu"):
        raise SettingError(f'PAIRED_CLOCK is wall or cpu, not "{clock}"')
    quick = _text("QUICK")
    if quick not in ("0", "1"):
        raise SettingError(f'QUICK is 0 or 1, not "{quick}"')
    wanted = _names(_text("CROSSCHECK_SCENARIOS"))

    sizes_text = _text("BENCH_SIZES")
    for text in sizes_text.split(",") if sizes_text else []:
        if not (text.isascii() and text.isdigit()) or int(text) < 1:
            raise SettingError(f'BENCH_SIZES takes comma-separated entity counts, not "{sizes_text}"')
    only = {int(x) for x in _names(sizes_text)}
    fixed_n = _whole("FIXED_N", 1)
    large_n = _whole("CACHESIM_LARGE_N", 1) if _text("CACHESIM_LARGE_N") else None
    if large_n is not None and large_n <= fixed_n:
        raise SettingError(f"CACHESIM_LARGE_N={large_n} is not above FIXED_N={fixed_n}: the simulation at FIXED_N "
                           "already has every design; empty leaves the one beyond the caches out")
    if cells_path is None:
        return
    try:
        universe = planmod.read_universe(cells_path, set())
    except (OSError, ValueError, CsvError) as e:
        raise SettingError(f"the cell list {cells_path} cannot be read ({e})") from None
    # The cell list holds the scenarios BENCH_SCENARIOS names alone (scripts/cells.sh): a name it lacks is unknown.
    listed = {key[1] for key, _ in universe}
    for s in _names(os.environ.get("BENCH_SCENARIOS", "")):
        if s not in listed:
            raise SettingError(f"SCENARIOS names {s}, which no strategy of the run measures within BENCH_MIN_N .. "
                               f"BENCH_MAX_N ({min_n} .. {max_n})")
    declared = sorted({key[2] for key, _ in universe})
    if not declared:
        raise SettingError(f"no scenario declares an entity count within BENCH_MIN_N .. BENCH_MAX_N ({min_n} .. "
                           f"{max_n}) and BENCH_STEP {step}")
    for n in sorted(only):
        if n not in declared:
            raise SettingError(f"BENCH_SIZES names {n}, which the run does not measure (within {min_n} .. {max_n} "
                               f"and BENCH_STEP {step}: {','.join(map(str, declared))})")
    measured = [n for n in declared if not only or n in only]
    if fixed_n not in measured:
        raise SettingError(f"FIXED_N={fixed_n} is not a size the run measures ({','.join(map(str, measured))}): the "
                           "cache simulation and the cross-check join the timed figures at FIXED_N")
    if large_n is not None and large_n not in measured:
        raise SettingError(f"CACHESIM_LARGE_N={large_n} is not a size the run measures "
                           f"({','.join(map(str, measured))}): the simulation beyond the caches explains the picks "
                           "measured there")
    at_fixed = {(key[0], key[1]) for key, _ in universe if key[2] == fixed_n}
    strategies = sorted({key[0] for key, _ in universe})
    blocks = {(key[1], key[2]) for key, _ in universe}
    with_reference = {(key[1], key[2]) for key, _ in universe if key[0] == reference}
    if paired == "1" and blocks - with_reference:
        scenario, n = sorted(blocks - with_reference)[0]
        raise SettingError(f'PAIRED_REFERENCE names "{reference}", which does not measure {scenario} at n={n}: the '
                           f"reference design must take part in every block ({', '.join(strategies)})")
    scenarios = {scenario for _, scenario in at_fixed}
    if not wanted:
        raise SettingError("CROSSCHECK_SCENARIOS is empty: it names the scenarios the cross-check times")
    for s in wanted:
        if s not in scenarios:
            raise SettingError(f"CROSSCHECK_SCENARIOS names {s}, which no strategy measures at FIXED_N={fixed_n}")
    for item in _names(all_layouts):
        strategy, colon, scenario = item.partition(":")
        if not colon or (strategy, scenario) not in at_fixed:
            raise SettingError(f'CACHESIM_ALL_LAYOUTS names "{item}": expected STRATEGY:SCENARIO of a strategy '
                               f"({', '.join(strategies)}) and a scenario it measures at FIXED_N={fixed_n}")


def main(argv: list[str]) -> int:
    p = Parser("settings")
    p.add_argument("--cells")
    return p.run(argv, _settings)


def _settings(a: argparse.Namespace) -> int:
    try:
        check(a.cells)
    except SettingError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 2
    return 0

"""The defaults of make bench's settings have one home, scripts/defaults.mk: its reader refuses a malformed line by
number, Make and the package read the same values from it in every mode, and no other file of the pipeline (the
Makefile, the shell scripts, the analysis package) gives one of its settings a value of its own."""

import ast
import contextlib
import io
import os
import re
import shutil
import subprocess
import unittest
from typing import Iterator, List

import support
from support import TempDir
from analysis import defaults

ROOT = os.path.dirname(support.SCRIPTS)

# The analysis commands' options that carry a setting of make bench: their defaults must come from the file.
OPTIONS = {"--min-procs": "BENCH_MIN_PROCS", "--max-procs": "BENCH_MAX_PROCS", "--target": "BENCH_TARGET_CI",
           "--budget-s": "BENCH_BUDGET_S", "--job-timeout-s": "BENCH_JOB_TIMEOUT_S",
           "--layouts": "PAIRED_LAYOUTS", "--rounds": "PAIRED_ROUNDS", "--target-ms": "PAIRED_TARGET_MS",
           "--reference": "PAIRED_REFERENCE", "--clock": "PAIRED_CLOCK", "--spread": "CACHESIM_SPREAD",
           "--all-layouts": "CACHESIM_ALL_LAYOUTS"}
# The prefixes of the settings' names, without which a module constant would still name one (LAYOUTS, BUDGET_S).
PREFIXES = ("BENCH_", "PAIRED_", "CACHESIM_", "HYPERFINE_", "CROSSCHECK_", "FRAMES_")
# The forms the Makefile sets a defaulted setting in: its default, or (CROSSCHECK_SCENARIOS) another setting first.
MAKE_FORMS = (r"\$\(call default,{name}\)", r"\$\(if \$\((\w+)\),\$\(\1\),\$\(call default,{name}\)\)")
# What a run's metadata reads where a field is missing without naming a value of the setting: nothing, or "?".
ABSENT = ("", "?")


def files(root: str) -> Iterator[str]:
    """The pipeline's files that could hold a default: the Makefile, scripts/*.sh and the package but its reader."""
    yield "Makefile"
    for name in sorted(os.listdir(os.path.join(root, "scripts"))):
        if name.endswith(".sh"):
            yield os.path.join("scripts", name)
    for name in sorted(os.listdir(os.path.join(root, "scripts", "analysis"))):
        if name.endswith(".py") and name != "defaults.py":
            yield os.path.join("scripts", "analysis", name)


def in_makefile(path: str, text: str, names: List[str]) -> List[str]:
    found = []
    alternatives = "|".join(names)
    assignment = re.compile(rf"(?:override\s+)?({alternatives})\s*([:?+!]*=)\s*(.*?)\s*$")
    literal = re.compile(rf"(?<![\w$(])({alternatives})=(?![\"']?\$)(\S*)")
    for number, line in enumerate(text.split("\n"), 1):
        at = f"{path}:{number}"
        m = re.match(r"## (\w+) .*\(default\b", line)
        if m and m.group(1) in names:
            found.append(f"{at}: the help line of {m.group(1)} states its default; make help prints it from the file")
        if line.startswith("#"):
            continue
        m = re.match(r"(?:override\s+)?(DEFAULT_\w+)\S*\s*[:?+!]*=", line)
        if m:
            found.append(f"{at}: {m.group(1)} is set outside scripts/defaults.mk")
        m = assignment.match(line)
        if m:
            name, operator, value = m.groups()
            if not (operator == "?=" and any(re.fullmatch(form.format(name=name), value) for form in MAKE_FORMS)):
                found.append(f"{at}: {name} is given a value of its own ({value!r}), not $(call default,{name})")
        for m in literal.finditer(line):
            found.append(f"{at}: {m.group(1)} is given the literal value {m.group(2)!r}")
    return found


def in_shell(path: str, text: str, names: List[str]) -> List[str]:
    found = []
    alternatives = "|".join(names)
    fallback = re.compile(rf"\$\{{({alternatives}):?[-=]([^}}]*)\}}")
    literal = re.compile(rf"(?<![\w$])({alternatives})=(?![\"']?\$)(\S*)")
    for number, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("#"):
            continue
        for m in fallback.finditer(line):
            found.append(f"{path}:{number}: {m.group(1)} falls back to {m.group(2)!r} where it is not set")
        for m in literal.finditer(line):
            found.append(f"{path}:{number}: {m.group(1)} is given the literal value {m.group(2)!r}")
    return found


def _constant(node: ast.AST) -> bool:
    """A literal: a constant other than None, or one with a sign."""
    if isinstance(node, ast.UnaryOp):
        node = node.operand
    return isinstance(node, ast.Constant) and node.value is not None


def in_python(path: str, text: str, names: List[str]) -> List[str]:
    found = []
    keys = set(names) | {n.lower() for n in names}
    short = set(names) | {n[len(p):] for n in names for p in PREFIXES if n.startswith(p)}
    for node in ast.walk(ast.parse(text, path)):
        if isinstance(node, ast.Call):
            at = f"{path}:{node.lineno}"
            named = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            literal_default = any(k.arg == "default" and _constant(k.value) for k in node.keywords)
            method = node.func.attr if isinstance(node.func, ast.Attribute) else ""
            if method in ("get", "getenv", "pop", "setdefault") and len(node.args) > 1 and named \
                    and named[0] in keys and _constant(node.args[1]) \
                    and not (named[0].islower() and getattr(node.args[1], "value", None) in ABSENT):
                found.append(f"{at}: {named[0]} falls back to a literal default")
            elif literal_default and any(n in keys for n in named):
                found.append(f"{at}: {[n for n in named if n in keys][0]} is given a literal default")
            elif method == "add_argument" and literal_default and named and named[0] in OPTIONS:
                found.append(f"{at}: {named[0]} ({OPTIONS[named[0]]}) is given a literal default")
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _constant(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id in short:
                    found.append(f"{path}:{node.lineno}: {target.id} holds a literal value of a setting of "
                                 "scripts/defaults.mk")
    return found


def scan(root: str, path: str) -> List[str]:
    """What gives one of the settings of root's scripts/defaults.mk a value of its own in root's file path."""
    names = list(defaults.read(os.path.join(root, "scripts", "defaults.mk")).settings)
    with open(os.path.join(root, path), encoding="utf-8") as f:
        text = f.read()
    check = in_makefile if path == "Makefile" else in_shell if path.endswith(".sh") else in_python
    return check(path, text, names)


def second_definitions(root: str) -> List[str]:
    """Every place under root, outside scripts/defaults.mk, that gives one of its settings a value of its own."""
    return [line for path in files(root) for line in scan(root, path)]


class Reader(TempDir):
    GOOD = ("# a comment\n\nDEFAULT_QUICK := 0\nDEFAULT_PAIRED := 1\nDEFAULT_N := 16\nDEFAULT_N.separate := 64\n"
            "DEFAULT_N.quick := 4\nDEFAULT_N.quick-separate := 8\nDEFAULT_S := 0.5\nDEFAULT_S.separate := 0.1\n"
            "DEFAULT_T := 1\nDEFAULT_T.quick := 2\nDEFAULT_LIST := a b\nDEFAULT_EMPTY :=\nDEFAULT_EMPTY.quick := x\n")

    def test_values_by_mode(self) -> None:
        d = defaults.parse(self.GOOD.splitlines(True), "d.mk")
        quick, separate, both = defaults.Mode(quick=True), defaults.Mode(paired=False), defaults.Mode(True, False)
        self.assertEqual([d.whole("N", m) for m in (defaults.BENCH, separate, quick, both)], [16, 64, 4, 8])
        self.assertEqual([d.number("S", m) for m in (defaults.BENCH, separate, quick, both)], [0.5, 0.1, 0.5, 0.1])
        # a quick run without a .quick-separate value takes .quick before .separate
        self.assertEqual([d.whole("T", m) for m in (defaults.BENCH, separate, quick, both)], [1, 1, 2, 2])
        self.assertEqual(d.text("LIST"), "a b")
        self.assertEqual((d.text("EMPTY"), d.text("EMPTY", quick)), ("", "x"))
        self.assertEqual(list(d.settings), ["QUICK", "PAIRED", "N", "S", "T", "LIST", "EMPTY"])

    def test_a_malformed_line_is_refused_by_its_number(self) -> None:
        bad = {"DEFAULT_N = 16": "expected", "DEFAULT_N:=16": "expected", "N := 16": "expected",
               "  DEFAULT_N := 16": "expected", "DEFAULT_n := 16": "expected", "just words": "expected",
               "DEFAULT_N := 16 ": "blanks", "DEFAULT_N :=  16": "blanks", "DEFAULT_N := ": "blanks",
               "DEFAULT_N := $(X)": "holds $", "DEFAULT_N := a#b": "holds #", "DEFAULT_N := \"a\"": 'holds "',
               "DEFAULT_T.fast := 1": "a mode is one of", "DEFAULT_X.quick := 1": "before X's plain value",
               "DEFAULT_N := 17": "second time (first at line 5)", "DEFAULT_N.quick := 5": "second time",
               "DEFAULT_QUICK.quick := 1": "chooses the mode"}
        for line, words in bad.items():
            with self.subTest(line=line):
                text = self.GOOD + line + "\n"
                with self.assertRaises(defaults.DefaultsError) as caught:
                    defaults.parse(text.splitlines(True), "d.mk")
                number = len(self.GOOD.splitlines()) + 1
                self.assertTrue(str(caught.exception).startswith(f"d.mk:{number}: "), str(caught.exception))
                self.assertIn(words, str(caught.exception))

    def test_a_value_of_the_wrong_kind_or_a_missing_setting_is_named(self) -> None:
        d = defaults.parse(self.GOOD.splitlines(True), "d.mk")
        with self.assertRaisesRegex(defaults.DefaultsError, r"d\.mk:13: the default of LIST is not a whole number"):
            d.whole("LIST")
        with self.assertRaisesRegex(defaults.DefaultsError, r"d\.mk:13: the default of LIST is not a number"):
            d.number("LIST")
        with self.assertRaisesRegex(defaults.DefaultsError, "no default for NONE"):
            d.text("NONE")
        with self.assertRaisesRegex(defaults.DefaultsError, "cannot be read"):
            defaults.read(self.path("missing.mk"))

    def test_the_file_is_read_and_the_command_prints_it(self) -> None:
        table = defaults.table()
        self.assertIn("BENCH_BUDGET_S", table.settings)
        for name in table.settings:
            table.text(name, defaults.Mode(True, False))  # every one has a plain value
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(defaults.main(["--separate", "BENCH_BUDGET_S", "PAIRED"]), 0)
        self.assertEqual(out.getvalue(), f"BENCH_BUDGET_S={table.text('BENCH_BUDGET_S', defaults.Mode(paired=False))}"
                                         "\nPAIRED=1\n")


@unittest.skipUnless(shutil.which("make"), "make is not installed")
class MakeReadsTheSameFile(unittest.TestCase):
    # One make call (each parses the whole Makefile, seconds on a busy machine): make help, and a target evaluated
    # beside the Makefile that prints every default in every mode through the Makefile's own default function.
    EVERY_MODE = ('every-mode: ; @printf "%s\\n" $(foreach QUICK,0 1,$(foreach PAIRED,1 0,$(foreach d,$(DEFAULTED),'
                  '"$(QUICK)$(PAIRED) $(d)=$(call default,$(d))")))')

    def test_make_takes_the_readers_values_in_every_mode_and_help_prints_them(self) -> None:
        out = subprocess.run(["make", "-s", "--no-print-directory", "--eval", self.EVERY_MODE, "help", "every-mode",
                              "QUICK=1", "PAIRED=0"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        table = defaults.table()
        help_part, modes_part = out.split("Defaults (scripts/defaults.mk), with QUICK=1 PAIRED=0:\n")
        self.assertIn("\n  BENCH_BUDGET_S  ", help_part)
        want = [f"{int(q)}{int(p)} {name}={table.text(name, defaults.Mode(q, p))}" for q in (False, True)
                for p in (True, False) for name in table.settings if name not in defaults.MODE_SETTINGS]
        got = [line for line in modes_part.splitlines()[len(table.settings):]
               if line.split("=")[0].split(" ")[1] not in defaults.MODE_SETTINGS]
        self.assertEqual(got, want)
        listed = modes_part.splitlines()[:len(table.settings)]
        self.assertEqual(listed[2:], [f"  {name}={table.text(name, defaults.Mode(True, False))}"
                                      for name in list(table.settings)[2:]])

    def test_every_default_is_a_setting_of_the_makefile(self) -> None:
        with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
            text = f.read()
        set_by_make = set(re.findall(r"^([A-Z][A-Z0-9_]*) \?= .*\$\(call default,\1\)", text, re.M))
        self.assertEqual(set_by_make, set(defaults.table().settings))


class OneHome(TempDir):
    def test_no_default_is_defined_twice(self) -> None:
        found = second_definitions(ROOT)
        self.assertEqual(found, [], "defaults given outside scripts/defaults.mk:\n" + "\n".join(found))

    def plant(self, path: str, old: str, new: str) -> List[str]:
        """What scan finds in a copy of path with old replaced by new (old must be there), beside the real
        scripts/defaults.mk."""
        root = os.path.join(self.dir, "tree")
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(os.path.join(root, os.path.dirname(path) or "."), exist_ok=True)
        os.makedirs(os.path.join(root, "scripts"), exist_ok=True)
        shutil.copy(os.path.join(ROOT, "scripts", "defaults.mk"), os.path.join(root, "scripts"))
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read()
        self.assertIn(old, text)
        with open(os.path.join(root, path), "w", encoding="utf-8") as f:
            f.write(text.replace(old, new, 1))
        return scan(root, path)

    def test_a_planted_second_definition_is_named(self) -> None:
        budget = "BENCH_BUDGET_S ?= $(call default,BENCH_BUDGET_S)"
        planted = [
            ("Makefile", budget, "BENCH_BUDGET_S ?= $(call quick,60,$(call paired,2520,1740))",
             "Makefile:{}: BENCH_BUDGET_S is given a value of its own"),
            ("Makefile", budget, budget + "\nDEFAULT_BENCH_STEP := 1", "Makefile:{}: DEFAULT_BENCH_STEP is set outside"),
            ("Makefile", "## BENCH_MAX_PROCS       the most processes per block (or cell)",
             "## BENCH_MAX_PROCS       the most processes per block (default 21)",
             "Makefile:{}: the help line of BENCH_MAX_PROCS states its default"),
            ("Makefile", 'PAIRED_CLOCK="$(PAIRED_CLOCK)"', 'PAIRED_CLOCK="cpu"',
             "Makefile:{}: PAIRED_CLOCK is given the literal value"),
            ("scripts/bench.sh", "budget=$BENCH_BUDGET_S", "budget=${BENCH_BUDGET_S:-1800}",
             "scripts/bench.sh:{}: BENCH_BUDGET_S falls back to '1800'"),
            ("scripts/pipeline.sh", "scratch=$(mktemp -d)\n", "scratch=$(mktemp -d)\nPAIRED_LAYOUTS=3\n",
             "scripts/pipeline.sh:{}: PAIRED_LAYOUTS is given the literal value '3'"),
            ("scripts/cachesim.sh", '--spread "$CACHESIM_SPREAD"', '--spread "${CACHESIM_SPREAD:-0.1}"',
             "scripts/cachesim.sh:{}: CACHESIM_SPREAD falls back to '0.1'"),
            ("scripts/analysis/blocks.py", 'default=defaults.number("BENCH_BUDGET_S")', "default=1800",
             "scripts/analysis/blocks.py:{}: --budget-s (BENCH_BUDGET_S) is given a literal default"),
            ("scripts/analysis/paired.py", 'CLOCKS = ("wall", "cpu")\n', 'CLOCKS = ("wall", "cpu")\nLAYOUTS = 3\n',
             "scripts/analysis/paired.py:{}: LAYOUTS holds a literal value"),
            ("scripts/analysis/settings.py", 'clock = _text("PAIRED_CLOCK")',
             'clock = os.environ.get("PAIRED_CLOCK", "cpu")',
             "scripts/analysis/settings.py:{}: PAIRED_CLOCK falls back to a literal default"),
            ("scripts/analysis/results.py", 'metadata.get("bench_target_ci", defaults.text("BENCH_TARGET_CI"))',
             'metadata.get("bench_target_ci", "0.03")',
             "scripts/analysis/results.py:{}: bench_target_ci falls back to a literal default"),
        ]
        for path, old, new, message in planted:
            with self.subTest(path=path, new=new):
                with open(os.path.join(ROOT, path), encoding="utf-8") as f:
                    text = f.read()
                line = text[:text.index(old)].count("\n") + 1 + new.count("\n") - old.count("\n")
                found = self.plant(path, old, new)
                self.assertEqual(len(found), 1, found)
                self.assertTrue(found[0].startswith(message.format(line)), found[0])


if __name__ == "__main__":
    unittest.main()

"""The defaults of make bench's settings, read from scripts/defaults.mk: the one file that holds them, which the
Makefile includes too. Every default the package's commands give an option or a setting comes from here.

    python3 -m analysis defaults [--quick] [--separate] [NAME...]

prints NAME=VALUE for the settings named (default: every one), as a run in that mode takes them (QUICK=1,
PAIRED=0). The file's format is in its header: "DEFAULT_NAME := VALUE" lines, with ".separate", ".quick" and
".quick-separate" after the name for a mode's own value; a run takes the first its mode has of .quick-separate,
.quick, .separate, then the plain value, as the Makefile's default function does. Any other line is refused with
its number.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from .command import Parser

PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "defaults.mk")

# The modes' suffixes, each with the order in which a run in that mode looks them up (the plain value last).
SUFFIXES = ("separate", "quick", "quick-separate")
LINE = re.compile(r"DEFAULT_([A-Z][A-Z0-9_]*)(?:\.([a-z-]+))? :=(?: (.*))?")
# What a value may not hold: Make would expand $ and end the line at #, and the Makefile passes every setting on
# inside double quotes.
UNSAFE = set("$#'\"\\`")
# The settings that choose the mode have one value each.
MODE_SETTINGS = ("QUICK", "PAIRED")


class DefaultsError(ValueError):
    """A defaults file that cannot be read, or a setting it does not hold; the message names the file and line."""


@dataclass(frozen=True)
class Mode:
    """A run's mode: QUICK=1 and PAIRED=1 (make bench's default) or not."""
    quick: bool = False
    paired: bool = True

    def suffixes(self) -> tuple[str, ...]:
        """The suffixes a run in this mode looks up, the first given one winning; the plain value comes after them."""
        if self.quick:
            return ("quick",) if self.paired else ("quick-separate", "quick", "separate")
        return () if self.paired else ("separate",)


# make bench's own mode, which the commands' options default to.
BENCH = Mode()


@dataclass(frozen=True)
class Default:
    """One setting's default: its plain value and its modes' own, by suffix ("" the plain one), and where each is."""
    name: str
    values: Mapping[str, str] = field(default_factory=dict)
    lines: Mapping[str, int] = field(default_factory=dict)

    def value(self, mode: Mode = BENCH) -> str:
        for suffix in mode.suffixes():
            if suffix in self.values:
                return self.values[suffix]
        return self.values[""]


@dataclass(frozen=True)
class Defaults:
    """Every default of a defaults file, by setting name, in the file's order."""
    path: str
    settings: Mapping[str, Default]

    def get(self, name: str) -> Default:
        if name not in self.settings:
            raise DefaultsError(f"{self.path}: no default for {name}")
        return self.settings[name]

    def text(self, name: str, mode: Mode = BENCH) -> str:
        return self.get(name).value(mode)

    def whole(self, name: str, mode: Mode = BENCH) -> int:
        text = self.text(name, mode)
        if not (text.isascii() and text.isdigit()):
            raise DefaultsError(f"{self.where(name)}: the default of {name} is not a whole number: {text!r}")
        return int(text)

    def number(self, name: str, mode: Mode = BENCH) -> float:
        text = self.text(name, mode)
        try:
            return float(text)
        except ValueError:
            raise DefaultsError(f"{self.where(name)}: the default of {name} is not a number: {text!r}") from None

    def where(self, name: str) -> str:
        return f"{self.path}:{self.get(name).lines['']}"


def parse(lines: Iterable[str], path: str) -> Defaults:
    """The defaults of a file's lines, checked: each a comment, blank, or a default as the module's docstring says,
    every setting's plain value given once and before its modes' values, each of those once."""
    values: dict[str, dict[str, str]] = {}
    where: dict[str, dict[str, int]] = {}
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\n")
        at = f"{path}:{number}"
        if line == "" or line.startswith("#"):
            continue
        m = LINE.fullmatch(line)
        if m is None:
            raise DefaultsError(f'{at}: expected "DEFAULT_NAME := VALUE" (or DEFAULT_NAME.MODE), not {line!r}')
        name, suffix, value = m.group(1), m.group(2) or "", m.group(3) or ""
        if suffix and suffix not in SUFFIXES:
            raise DefaultsError(f"{at}: {name}.{suffix}: a mode is one of {', '.join(SUFFIXES)}")
        if suffix and name in MODE_SETTINGS:
            raise DefaultsError(f"{at}: {name} chooses the mode and has one value, not a .{suffix} one")
        if value != value.strip() or (m.group(3) is not None and value == ""):
            raise DefaultsError(f"{at}: {name}'s value has blanks at its start or end (Make would keep them)")
        bad = sorted(set(value) & UNSAFE)
        if bad:
            raise DefaultsError(f"{at}: {name}'s value holds {' '.join(bad)}, which Make or the quoted command lines "
                                "would read")
        if suffix and name not in values:
            raise DefaultsError(f"{at}: {name}.{suffix} comes before {name}'s plain value")
        if suffix in values.get(name, {}):
            first = where[name][suffix]
            raise DefaultsError(f"{at}: {name}{'.' + suffix if suffix else ''} is given a second time (first at "
                                f"line {first})")
        values.setdefault(name, {})[suffix] = value
        where.setdefault(name, {})[suffix] = number
    return Defaults(path, {name: Default(name, values[name], where[name]) for name in values})


def read(path: str = PATH) -> Defaults:
    """The defaults of a file (default: scripts/defaults.mk)."""
    try:
        with open(path, encoding="utf-8") as f:
            return parse(f, path)
    except OSError as e:
        raise DefaultsError(f"{path}: cannot be read ({e.strerror})") from None


@functools.cache
def table() -> Defaults:
    """scripts/defaults.mk, read once."""
    return read(PATH)


def text(name: str, mode: Mode = BENCH) -> str:
    """NAME's default as text, from scripts/defaults.mk."""
    return table().text(name, mode)


def whole(name: str, mode: Mode = BENCH) -> int:
    """NAME's default as a whole number, from scripts/defaults.mk."""
    return table().whole(name, mode)


def number(name: str, mode: Mode = BENCH) -> float:
    """NAME's default as a number, from scripts/defaults.mk."""
    return table().number(name, mode)


def main(argv: list[str]) -> int:
    p = Parser("defaults", "[--quick] [--separate] [NAME...]")
    p.add_argument("--quick", action="store_true", help="QUICK=1")
    p.add_argument("--separate", action="store_true", help="PAIRED=0")
    p.add_argument("names", nargs="*")
    return p.run(argv, _defaults)


def _defaults(a: argparse.Namespace) -> int:
    mode = Mode(quick=a.quick, paired=not a.separate)
    try:
        found = table()
        for name in a.names or list(found.settings):
            print(f"{name}={found.text(name, mode)}")
    except DefaultsError as e:
        print(f"defaults: {e}", file=sys.stderr)
        return 1
    return 0

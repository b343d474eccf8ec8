"""The tree's structure, checked from its sources: the rules of docs/structure.md that the compiler does not
enforce by itself.

    python3 tests/structure.py macros [ROOT]     no macro in the C folders (platform/, strategies/, scenarios/,
                                                  harness/) expands to a function definition
    python3 tests/structure.py includes [ROOT]   no top-level folder includes from one above it (platform/, then
                                                  strategies/, scenarios/, harness/), the data structures
                                                  (strategies/_common/) include nothing of the cores above them
                                                  (strategies/_core/), and no source names a path upwards
    python3 tests/structure.py variant-ifs [ROOT]
                                                  no #if, #ifdef, #ifndef or #elif in strategies/ reads a name
                                                  other than a header's guard, a build mode or the compiler's
                                                  identity: variants are source sets and each variant's constants
                                                  come from its variants file, never a default or a branch
    python3 tests/structure.py help [ROOT]       every target and setting of the Makefile has its "## " line (make
                                                  help), and every make target the README and docs name is one

Each prints what breaks its rule, one line each, and exits 1 if anything does (0 otherwise). ROOT is the
repository (default: the folder above this file), so that a test can run a check on a planted copy.
"""

import os
import re
import sys
from typing import Iterator, List, Tuple

# A function definition: a return type, a name (perhaps pasted together with ##), parameters, and the body's
# opening brace; a statement's keyword (if, for, while, switch) is not a name.
FUNCTION_DEFINITION = re.compile(r"\b[A-Za-z_][\w ]*[\s*]+(?!(?:if|for|while|switch|return|sizeof)\b)"
                                 r"(\w+(?:\s*##\s*\w+)*)\s*\([^;{}]*\)\s*\{")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)

# The top-level folders from the bottom layer up: each may include its own folder and those below it, never one
# above (docs/structure.md). The platform is the allocator hooks, layout sampling, scratch memory and the clock.
LAYERS = ("platform", "strategies", "scenarios", "harness")


def sources(root: str, top: str) -> Iterator[str]:
    for folder, _, files in os.walk(os.path.join(root, top)):
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                yield os.path.join(folder, name)


def macros(path: str) -> Iterator[Tuple[int, str, str]]:
    """(line, name, body) of each #define in a file, continuation lines joined."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"\s*#\s*define\s+(\w+)", lines[i])
        if not m:
            i += 1
            continue
        start, body = i, lines[i]
        while body.endswith("\\") and i + 1 < len(lines):
            i += 1
            body = body[:-1] + " " + lines[i]
        yield start + 1, m.group(1), body
        i += 1


def function_macros(root: str) -> List[str]:
    found = []
    for top in LAYERS:
        for path in sources(root, top):
            for line, name, body in macros(path):
                if FUNCTION_DEFINITION.search(body[body.index(name) + len(name):]):
                    found.append(f"{os.path.relpath(path, root)}:{line}: {name} expands to a function definition")
    return found


# The shared data structures, below the cores every design embeds (which the compiler's include path enforces too).
STRUCTURES = os.path.join("strategies", "_common")
CORES = os.path.join("strategies", "_core")


def layers_holding(root: str, target: str) -> List[str]:
    """The top-level folders with a file whose path ends in the included name (any folder of theirs may be on an
    include path)."""
    found = []
    for top in LAYERS:
        for folder, _, _ in os.walk(os.path.join(root, top)):
            if os.path.exists(os.path.join(folder, target)):
                found.append(top)
                break
    return found


def layer_includes(root: str) -> List[str]:
    found = []
    for rank, top in enumerate(LAYERS):
        for path in sources(root, top):
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for m in INCLUDE.finditer(text):
                target = m.group(1)
                line = text.count("\n", 0, m.start()) + 1
                where = f"{os.path.relpath(path, root)}:{line}"
                holders = layers_holding(root, target)
                if ".." in target.split("/"):
                    found.append(f'{where}: includes "{target}", a path upwards (the include paths name each layer)')
                elif holders and all(LAYERS.index(h) > rank for h in holders):
                    found.append(f'{where}: includes "{target}" of {holders[0]}/, a layer above {top}/')
                elif path.startswith(os.path.join(root, STRUCTURES) + os.sep) and \
                        os.path.exists(os.path.join(root, CORES, target)):
                    found.append(f'{where}: includes "{target}" of {CORES}/, above the data structures')
    return found


def makefile_help(root: str) -> List[str]:
    with open(os.path.join(root, "Makefile"), encoding="utf-8") as f:
        text = f.read()
    listed = set(re.findall(r"^## ([A-Za-z_][\w-]*) ", text, re.M))
    targets = set(re.findall(r"^([a-z][a-z-]*):", text, re.M))
    settings = set(re.findall(r"^([A-Z][A-Z0-9_]*) \?=", text, re.M))
    found = [f"Makefile: the target {t} has no '## {t}' line for make help" for t in sorted(targets - listed)]
    # A setting a recipe hands its script (NAME="$(NAME)") that no line of the Makefile defines for itself comes
    # from the command line alone, and is a setting as much as one with a default.
    internal = set(re.findall(r"^([A-Z][A-Z0-9_]*) :?=", text, re.M))
    settings |= set(re.findall(r'\b([A-Z][A-Z0-9_]*)="\$\(\1\)"', text)) - internal
    found += [f"Makefile: the setting {v} has no '## {v}' line for make help" for v in sorted(settings - listed)]
    docs = [os.path.join(root, "README.md")]
    for top in ("docs", "strategies", "results"):
        for folder, _, files in os.walk(os.path.join(root, top)):
            docs += [os.path.join(folder, name) for name in sorted(files) if name.endswith(".md")]
    for path in docs:
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            named = set(re.findall(r"`make ([a-z][a-z-]*)\b", f.read()))
        found += [f"{os.path.relpath(path, root)}: names `make {t}`, which make help does not list"
                  for t in sorted(named - (targets & listed))]
    return found


# The names an #if in strategies/ may read, none of which a variants line sets: ESB_CHECKED, the checked builds
# (tests, fuzz: esb_world_check and ESB_ASSERT's work) against the release one; NDEBUG, the C library's assert
# switch, a build mode of the same kind; __GNUC__ and __clang__, which compiler reads the code (its pragmas, its asm
# barrier). A header's guard is allowed: a header's first conditional, an #ifndef whose next line #defines its name
# to nothing (a default, #ifndef X then #define X VALUE, is a variant's flag).
BUILD_MODES = frozenset({"ESB_CHECKED", "NDEBUG", "__GNUC__", "__clang__"})
CONDITIONAL = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif)\b(.*)$")
NAME = re.compile(r"\b(?!defined\b)([A-Za-z_]\w*)")


def variant_ifs(root: str) -> List[str]:
    found = []
    for path in sources(root, "strategies"):
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        first = True
        for i, line in enumerate(lines):
            m = CONDITIONAL.match(line)
            if not m:
                continue
            condition = re.sub(r"/\*.*?\*/|//.*", "", m.group(2))
            names = list(dict.fromkeys(NAME.findall(condition)))
            guard = re.match(r"\s*#\s*define\s+(\w+)\s*(?:/\*.*\*/)?\s*$", lines[i + 1]) if i + 1 < len(lines) else None
            is_guard = first and path.endswith(".h") and m.group(1) == "ifndef" and guard is not None and \
                names == [guard.group(1)]
            first = False
            others = [n for n in names if n not in BUILD_MODES]
            if others and not is_guard:
                found.append(f"{os.path.relpath(path, root)}:{i + 1}: #{m.group(1)} on {', '.join(others)}: a "
                             "variant's flag (make it a source set, or give its value on every variant's line)")
    return found


def main(argv: List[str]) -> int:
    checks = {"macros": function_macros, "includes": layer_includes, "help": makefile_help,
              "variant-ifs": variant_ifs}
    if not argv or argv[0] not in checks or len(argv) > 2:
        print(f"usage: python3 tests/structure.py {{{'|'.join(checks)}}} [ROOT]", file=sys.stderr)
        return 2
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    found = checks[argv[0]](root)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The package's modules import each other without a cycle: every import, at module level or inside a function,
read from the source with ast, so that a cycle hidden in a function (which Python tolerates until the day it runs
first) is found too."""

import ast
import importlib
import os
import unittest

import support
from analysis import __main__ as commands

PACKAGE = os.path.join(support.SCRIPTS, "analysis")
NAME = "analysis"


def _module_of(parts: list[str], modules: set[str]) -> str | None:
    """The longest leading dotted name of parts that is one of the package's modules ("report.model" before
    "report")."""
    for k in range(len(parts), 0, -1):
        if ".".join(parts[:k]) in modules:
            return ".".join(parts[:k])
    return None


def imported(tree: ast.AST, modules: set[str], where: tuple[str, ...] = ()) -> set[str]:
    """The package's modules (dotted below the package: "stats", "report.model") a module's syntax tree imports,
    anywhere in it: "from . import a", "from .a import x", "from .. import b" (in a subpackage), "from analysis
    import a", "from analysis.a import x", "import analysis.a". where is the subpackage the module is in."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == NAME and len(parts) > 1:
                    found = _module_of(parts[1:], modules)
                    if found:
                        out.add(found)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and (node.module or "").split(".")[0] != NAME:
                continue  # another package's
            if node.level - 1 > len(where):
                continue  # above the package
            base = list(where[:len(where) - (node.level - 1)]) if node.level else []
            inner = [p for p in (node.module or "").split(".") if p]
            parts = base + (inner[1:] if node.level == 0 else inner)
            for alias in node.names:
                found = _module_of(parts + [alias.name], modules) or _module_of(parts, modules)
                if found:
                    out.add(found)
    return out


def graph(directory: str) -> dict[str, set[str]]:
    """{module: the package's modules it imports} of every module in the folder and its subpackages, a
    subpackage's modules named "sub.module" and its __init__ "sub"."""
    files: dict[str, tuple[str, tuple[str, ...]]] = {}
    for folder, _, names in os.walk(directory):
        where = tuple(p for p in os.path.relpath(folder, directory).split(os.sep) if p != ".")
        for name in names:
            if name.endswith(".py") and not (name == "__init__.py" and not where):
                module = ".".join(where) if name == "__init__.py" else ".".join(where + (name[:-3],))
                files[module] = (os.path.join(folder, name), where)
    out: dict[str, set[str]] = {}
    for module, (path, where) in sorted(files.items()):
        with open(path, encoding="utf-8") as f:
            out[module] = imported(ast.parse(f.read(), path), set(files), where) - {module}
    return out


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of the graph as [a, b, ..., a], or None where there is none (a depth-first search: a
    module met again while it is still being searched closes a cycle)."""
    state: dict[str, str] = {}  # module -> "open" while searched, "done" after
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = "open"
        path.append(module)
        for other in sorted(edges[module]):
            if state.get(other) == "open":
                return path[path.index(other):] + [other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        path.pop()
        state[module] = "done"
        return None

    for module in sorted(edges):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


class Imports(unittest.TestCase):
    def test_the_package_has_no_import_cycle(self) -> None:
        edges = graph(PACKAGE)
        self.assertIn("csvfile", edges["summary"])  # the graph is read, not empty
        found = cycle(edges)
        if found:
            self.fail("an import cycle: " + " -> ".join(found))

    def test_every_command_names_a_function_of_its_module(self) -> None:
        # The commands' modules are imported by name when one runs (__main__.COMMANDS), out of mypy's sight.
        for command, (module, function) in commands.COMMANDS.items():
            with self.subTest(command=command):
                self.assertTrue(callable(getattr(importlib.import_module("analysis." + module), function, None)))

    def test_every_kind_of_import_is_seen(self) -> None:
        tree = ast.parse("from . import a, b as c\nfrom .d import x\nfrom analysis import e\n"
                         "from analysis.f import y\nimport analysis.g\nimport os\nfrom .. import h\n"
                         "def late():\n    from . import i\n")
        self.assertEqual(imported(tree, set("abcdefghi")), set("abdefgi"))

    def test_a_subpackage_s_imports_are_named_by_their_place(self) -> None:
        tree = ast.parse("from . import model\nfrom .. import stats\nfrom .model import x\n"
                         "from analysis.sub import other\n")
        modules = {"sub", "sub.model", "sub.other", "stats"}
        self.assertEqual(imported(tree, modules, ("sub",)), {"sub.model", "stats", "sub.other"})

    def test_the_report_package_is_read(self) -> None:
        edges = graph(PACKAGE)
        self.assertIn("report.registry", edges)
        self.assertIn("report.model", edges["report.registry"] | edges["report.measures"])

    def test_a_cycle_is_found_even_through_a_function(self) -> None:
        edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
        self.assertEqual(cycle(edges), ["a", "b", "c", "a"])
        self.assertIsNone(cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}))


if __name__ == "__main__":
    unittest.main()

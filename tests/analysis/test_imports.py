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


def imported(tree: ast.AST, modules: set[str]) -> set[str]:
    """The package's modules a module's syntax tree imports, anywhere in it: "from . import a", "from .a import
    x", "from analysis import a", "from analysis.a import x", "import analysis.a"."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == NAME and len(parts) > 1:
                    out.add(parts[1])
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and (node.module or "").split(".")[0] != NAME:
                continue  # another package's
            if node.level > 1:
                continue  # above the package
            parts = (node.module or "").split(".")
            inner = parts[1:] if node.level == 0 else [p for p in parts if p]
            if inner:
                out.add(inner[0])
            else:
                out.update(alias.name for alias in node.names)
    return out & modules


def graph(directory: str) -> dict[str, set[str]]:
    """{module: the package's modules it imports} of every module in the folder."""
    modules = {name[:-3] for name in os.listdir(directory) if name.endswith(".py")}
    out: dict[str, set[str]] = {}
    for module in sorted(modules):
        with open(os.path.join(directory, module + ".py"), encoding="utf-8") as f:
            out[module] = imported(ast.parse(f.read(), module + ".py"), modules) - {module}
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

    def test_a_cycle_is_found_even_through_a_function(self) -> None:
        edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
        self.assertEqual(cycle(edges), ["a", "b", "c", "a"])
        self.assertIsNone(cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}))


if __name__ == "__main__":
    unittest.main()

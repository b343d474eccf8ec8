"""What the commands' main functions share: their argument parser, the usage line of a wrong call and the one line
of a failure, both on stderr, with the exit statuses the shell scripts tell apart (2: the call was wrong, 1: the
work failed)."""

import argparse
import sys
from typing import Callable, NoReturn

# How the commands are run (scripts/analysis.sh runs it so from any folder): their usage lines name it.
PROGRAM = "python3 -m analysis"


class _Stop(Exception):
    """A parse that ends the command: a wrong call (status 2, its usage already printed) or --help (0)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class Parser(argparse.ArgumentParser):
    """The argument parser of one command, "python3 -m analysis COMMAND": a wrong call prints the usage line and
    argparse's reason on stderr and makes run() return 2 instead of exiting, so that a main function called from
    Python (the tests) returns its status as one called from the shell does. arguments, where given, is the usage
    line's text after the command ("DIR FILE..."); else argparse writes it from the arguments added."""

    def __init__(self, command: str, arguments: str | None = None) -> None:
        super().__init__(prog=f"{PROGRAM} {command}",
                         usage=None if arguments is None else f"%(prog)s {arguments}")

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise _Stop(2)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            print(message, end="", file=sys.stderr)
        raise _Stop(status)

    def usage_error(self, problem: str | None = None) -> int:
        """Prints the problem's line (where there is one: "COMMAND: what") and the usage line, for a call argparse
        accepts but the command cannot take (a folder that is not there); returns 2."""
        if problem is not None:
            print(problem, file=sys.stderr)
        self.print_usage(sys.stderr)
        return 2

    def run(self, argv: list[str], work: Callable[[argparse.Namespace], int]) -> int:
        """work's exit status on the arguments argv holds; 2 where the call is wrong, 0 after --help."""
        try:
            arguments = self.parse_args(argv)
        except _Stop as stop:
            return stop.status
        return work(arguments)


def fail(command: str, problem: object) -> int:
    """Prints "COMMAND: PROBLEM"; returns 1."""
    print(f"{command}: {problem}", file=sys.stderr)
    return 1

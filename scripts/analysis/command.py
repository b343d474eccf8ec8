"""What the commands' main functions share: the usage line of a wrong call and the one line of a failure, both on
stderr, with the exit statuses the shell scripts tell apart (2: the call was wrong, 1: the work failed)."""

import sys


def usage(arguments):
    """Prints "usage: python3 scripts/analysis ARGUMENTS"; returns 2."""
    print(f"usage: python3 scripts/analysis {arguments}", file=sys.stderr)
    return 2


def fail(command, problem):
    """Prints "COMMAND: PROBLEM"; returns 1."""
    print(f"{command}: {problem}", file=sys.stderr)
    return 1

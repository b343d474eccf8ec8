"""A failed process of the paired program, told so that a reader can act on it: how it ended (a signal by its
name, not a negative exit status), which of its designs fails in a process of its own where a signal ended a
process of several, and its command as it can be run again (the binary of the build folder, not the run's copy,
which is gone when the run ends)."""

from __future__ import annotations

import os
import signal
import subprocess


def ending(code: int) -> str:
    """'exit 1', or for a process a signal ended, 'killed by signal SIGSEGV' (as the other steps say it)."""
    if code >= 0:
        return f"exit {code}"
    try:
        return f"killed by signal {signal.Signals(-code).name}"
    except ValueError:
        return f"killed by signal {-code}"


def with_designs(command: list[str], designs: list[str]) -> list[str]:
    """The command with its --designs replaced."""
    at = command.index("--designs")
    return command[:at + 1] + [",".join(designs)] + command[at + 2:]


def failing_alone(command: list[str], designs: list[str], timeout_s: float) -> list[str]:
    """The designs that fail (or hang) in a process of their own, each run once more from the failed process's
    seed, so in the memory layout it had there."""
    found = []
    for design in designs:
        try:
            done = subprocess.run(with_designs(command, [design]), capture_output=True, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            found.append(design)
            continue
        if done.returncode != 0:
            found.append(design)
    return found


def shown(command: list[str], build: str | None) -> str:
    """The command as one line, its program in the build folder where that is known."""
    program = os.path.join(build, os.path.basename(command[0])) if build else command[0]
    return " ".join([program] + command[1:])

"""A failed process of the paired program: its ending in words, the design that fails alone, a command that can be
run again."""

import os
import stat
import tempfile
import unittest

import support  # noqa: F401 (puts the package on the import path)
from analysis import failures

# A stand-in for bench-paired-L: a process whose --designs name "bad" dies of SIGSEGV; any other succeeds.
PROGRAM = """#!/bin/sh
while [ $# -gt 0 ]; do
    if [ "$1" = --designs ]; then case ",$2," in *,bad,*) kill -SEGV $$ ;; esac; fi
    shift
done
exit 0
"""


class Failures(unittest.TestCase):
    def test_a_signal_is_named_and_an_exit_status_stays_one(self) -> None:
        self.assertEqual(failures.ending(-11), "killed by signal SIGSEGV")
        self.assertEqual(failures.ending(-6), "killed by signal SIGABRT")
        self.assertEqual(failures.ending(1), "exit 1")

    def test_the_design_that_crashes_alone_is_found_among_those_of_the_process(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            program = os.path.join(d, "bench-paired-3")
            with open(program, "w", encoding="utf-8") as f:
                f.write(PROGRAM)
            os.chmod(program, os.stat(program).st_mode | stat.S_IXUSR)
            command = [program, "--scenario", "x", "--designs", "a,bad,c", "--seed", "1f"]
            self.assertEqual(failures.failing_alone(command, ["a", "bad", "c"], 10), ["bad"])
            self.assertEqual(failures.failing_alone(command, ["a", "c"], 10), [])

    def test_the_command_names_the_build_folder_not_the_runs_copy(self) -> None:
        command = ["/tmp/tmp.x/bin/bench-paired-3", "--scenario", "x", "--designs", "a,b"]
        self.assertEqual(failures.shown(command, "build"), "build/bench-paired-3 --scenario x --designs a,b")
        self.assertEqual(failures.shown(command, None), " ".join(command))
        self.assertEqual(failures.with_designs(command, ["b"])[-1], "b")


if __name__ == "__main__":
    unittest.main()

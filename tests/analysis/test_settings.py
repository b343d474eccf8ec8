"""The settings check of a make bench run: every wrong setting is named before anything runs."""

import os
import unittest
from unittest import mock

from support import TempDir
from analysis import settings

GOOD = {
    "BENCH_MIN_N": "1000", "BENCH_MAX_N": "4096", "BENCH_STEP": "2", "BENCH_SIZES": "", "BENCH_MIN_PROCS": "3",
    "BENCH_MAX_PROCS": "5", "BENCH_TARGET_CI": "0.03", "BENCH_BUDGET_S": "60", "HYPERFINE_RUNS": "2",
    "HYPERFINE_EXTRA_MS": "5", "CACHESIM_SPREAD": "0.1", "QUICK": "0", "FIXED_N": "1024",
    "CROSSCHECK_SCENARIOS": "x", "CACHESIM_ALL_LAYOUTS": "a:x", "BENCH_JOB_TIMEOUT_S": "60", "PROGRESS_EVERY": "30",
    "BENCH_OPTIONS": "--reps 1", "PAIRED": "0", "PAIRED_LAYOUTS": "3", "PAIRED_ROUNDS": "4", "PAIRED_TARGET_MS": "2",
    "PAIRED_REFERENCE": "a", "PAIRED_CLOCK": "cpu", "FRAMES_N": "4096", "FRAMES_PROCESSES": "2", "FRAMES_ROUNDS": "2",
    "CACHESIM_LARGE_N": "",
}


class Settings(TempDir):
    def setUp(self) -> None:
        super().setUp()
        # as the binaries list them at BENCH_STEP 2 (harness/main.c): x at 1000 (an own size) and the powers of two
        # 1024 and 4096 (2048 is off the step); y only at 4096
        self.cells = self.write("cells.tsv", "bin-a\tx\ta\t1024,4096,1000\nbin-a\ty\ta\t4096\nraw\tx\traw-soa\t1024\n")

    def check(self, cells: bool = True, **changes: str) -> None:
        env = dict(GOOD, **changes)
        with mock.patch.dict(os.environ, env, clear=True):
            settings.check(self.cells if cells else None)

    def refused(self, words: list[str], cells: bool = True, **changes: str) -> None:
        with self.assertRaises(settings.SettingError) as caught:
            self.check(cells, **changes)
        for w in words:
            self.assertIn(w, str(caught.exception))

    def test_good_settings_pass(self) -> None:
        self.check()
        self.check(cells=False)
        self.check(BENCH_SIZES="4096", FIXED_N="4096", CROSSCHECK_SCENARIOS="x,y", CACHESIM_ALL_LAYOUTS="a:y")

    def test_numbers(self) -> None:
        self.refused(["BENCH_MIN_PROCS", '"abc"'], BENCH_MIN_PROCS="abc")
        self.refused(["BENCH_MIN_PROCS", "between 1"], BENCH_MIN_PROCS="0")
        self.refused(["HYPERFINE_RUNS", "between 1"], HYPERFINE_RUNS="0")
        self.refused(["BENCH_STEP"], BENCH_STEP="0")
        self.refused(["BENCH_STEP", '"abc"'], BENCH_STEP="abc")
        self.refused(["BENCH_STEP"], BENCH_STEP="\u00b2")  # a digit to str.isdigit, not a number
        self.refused(["BENCH_MAX_PROCS (2) is below BENCH_MIN_PROCS (3)"], BENCH_MAX_PROCS="2")
        self.refused(["BENCH_MIN_N (8192) is above BENCH_MAX_N (4096)"], BENCH_MIN_N="8192")
        self.refused(["BENCH_TARGET_CI"], BENCH_TARGET_CI="0")
        self.refused(["BENCH_TARGET_CI"], BENCH_TARGET_CI="nan")
        self.refused(["CACHESIM_SPREAD"], CACHESIM_SPREAD="-1")
        self.refused(["QUICK"], QUICK="yes")
        self.refused(["FIXED_N", '"-1"'], FIXED_N="-1", cells=False)
        self.refused(["FRAMES_N", "at least 1"], FRAMES_N="0")
        # a hitch is chosen on the even rounds and measured on the odd ones, its interval over two processes at least
        self.refused(["FRAMES_PROCESSES must be between 2 and 1000, not 1"], FRAMES_PROCESSES="1", FRAMES_ROUNDS="8")
        self.refused(["FRAMES_ROUNDS must be between 2 and 100000, not 1"], FRAMES_ROUNDS="1")
        self.check(FRAMES_PROCESSES="2", FRAMES_ROUNDS="2")

    def test_sizes_are_those_measured(self) -> None:
        # the list has 1024 and 4096 of the powers (and the own size 1000): 2048 is not measured
        self.refused(["FIXED_N=2048 is not a size the run measures (1000,1024,4096)"], FIXED_N="2048")
        self.refused(["FIXED_N=5000"], FIXED_N="5000")
        self.refused(["BENCH_SIZES names 2048"], BENCH_SIZES="2048")
        self.refused(["FIXED_N=1024", "(4096)"], BENCH_SIZES="4096")
        self.refused(["BENCH_SIZES", '"4k"'], BENCH_SIZES="4k")

    def test_the_size_beyond_the_caches_is_measured_and_above_the_fixed_one(self) -> None:
        self.check(CACHESIM_LARGE_N="4096")
        self.refused(["CACHESIM_LARGE_N=2048 is not a size the run measures (1000,1024,4096)"], CACHESIM_LARGE_N="2048")
        self.refused(["CACHESIM_LARGE_N=1024 is not above FIXED_N=1024"], CACHESIM_LARGE_N="1024")
        self.refused(["CACHESIM_LARGE_N=1000 is not above FIXED_N=1024"], CACHESIM_LARGE_N="1000")
        self.refused(["CACHESIM_LARGE_N", '"2^20"'], CACHESIM_LARGE_N="2^20", cells=False)

    def test_names_are_those_measured(self) -> None:
        self.refused(["CROSSCHECK_SCENARIOS names y", "FIXED_N=1024"], CROSSCHECK_SCENARIOS="x,y")
        self.refused(["CROSSCHECK_SCENARIOS is empty"], CROSSCHECK_SCENARIOS="")
        self.refused(['CACHESIM_ALL_LAYOUTS names "b:x"'], CACHESIM_ALL_LAYOUTS="b:x")
        self.refused(['CACHESIM_ALL_LAYOUTS names "x"'], CACHESIM_ALL_LAYOUTS="x")

    def test_paired_settings(self) -> None:
        # a paired run compares every design of a block with the reference: it must take part in every block
        self.check(PAIRED="1", PAIRED_REFERENCE="a", BENCH_SIZES="4096", FIXED_N="4096", CACHESIM_ALL_LAYOUTS="a:y")
        self.refused(['PAIRED_REFERENCE names "raw-soa", which does not measure x at n=1000'], PAIRED="1",
                     PAIRED_REFERENCE="raw-soa")
        self.check(PAIRED="0", PAIRED_REFERENCE="raw-soa")
        self.refused(['PAIRED is 0 or 1, not "yes"'], PAIRED="yes")
        self.refused(['PAIRED_CLOCK is wall or cpu, not "cycles"'], PAIRED_CLOCK="cycles")
        self.refused(["PAIRED_ROUNDS", "between 1"], PAIRED_ROUNDS="0")
        self.refused(["PAIRED_LAYOUTS", '"two"'], PAIRED_LAYOUTS="two")

    def test_every_setting_must_be_set(self) -> None:
        # The pipeline has no defaults of its own: a setting its caller left out is named, before anything runs,
        # and one set empty where empty means "none" or "all" is taken.
        for name in GOOD:
            with self.subTest(name=name):
                env = {k: v for k, v in GOOD.items() if k != name}
                with mock.patch.dict(os.environ, env, clear=True):
                    with self.assertRaises(settings.SettingError) as caught:
                        settings.check(self.cells)
                self.assertEqual(str(caught.exception).split(" ")[:4], [name, "is", "not", "set"])
        self.check(BENCH_SIZES="", CACHESIM_ALL_LAYOUTS="")

    def test_no_cell_at_all(self) -> None:
        self.cells = self.write("cells.tsv", "")
        self.refused(["no scenario declares an entity count within BENCH_MIN_N .. BENCH_MAX_N (8192 .. 8192)"],
                     BENCH_MIN_N="8192", BENCH_MAX_N="8192", FIXED_N="8192")


if __name__ == "__main__":
    unittest.main()

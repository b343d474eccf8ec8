"""The side-by-side comparison of several machines' runs: a COMPARE_N that is not a count is refused before
anything is read or written, and the rows say which run was a QUICK one."""

import contextlib
import io
import os
import tempfile
import unittest
from unittest import mock

import support  # noqa: F401 (puts the package on the import path)
from analysis import compare


class CompareN(unittest.TestCase):
    def test_only_a_positive_whole_number_is_a_size(self) -> None:
        self.assertEqual(compare.compare_n("65536"), 65536)
        for text in ("abc", "", "-4", "0", "1e5", "4096.0"):
            self.assertIsNone(compare.compare_n(text), text)

    def test_a_size_that_is_not_one_is_a_usage_error_and_nothing_is_written(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "side.csv")
            err = io.StringIO()
            with mock.patch.dict(os.environ, {"COMPARE_N": "abc"}), contextlib.redirect_stderr(err):
                status = compare.main([out, d])
            self.assertEqual(status, 2)
            self.assertIn('COMPARE_N must be a whole number of entities, not "abc"', err.getvalue())
            self.assertFalse(os.path.exists(out))

    def test_the_help_names_the_setting(self) -> None:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = compare.main(["--help"])
        self.assertEqual(status, 0)
        self.assertIn("COMPARE_N (environment, default 65536)", out.getvalue())


class Columns(unittest.TestCase):
    def test_each_row_says_whether_its_run_was_quick(self) -> None:
        self.assertIn("quick", compare.COLUMNS)
        self.assertLess(compare.COLUMNS.index("machine_id"), compare.COLUMNS.index("quick"))


if __name__ == "__main__":
    unittest.main()

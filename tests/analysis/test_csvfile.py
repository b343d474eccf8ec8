"""Malformed, truncated or foreign CSV files are refused with their file and line."""

import unittest

from support import RUN_HEADER, TempDir, run_row
import csvfile


class Refusals(TempDir):
    def refused(self, text, where, what):
        path = self.write("runs.csv", text)
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(path, "runs")
        self.assertIn(f"{path}{where}", str(e.exception))
        self.assertIn(what, str(e.exception))

    def test_a_good_file_is_read(self):
        path = self.runs("runs.csv", [run_row("a", "x", 8, 1.5), run_row("b", "x", 8, 2.5)])
        rows = csvfile.read(path, "runs")
        self.assertEqual([r["strategy"] for r in rows], ["a", "b"])
        self.assertEqual(rows[1]["median_ns"], "2.5")

    def test_a_file_cut_short_mid_line(self):
        text = RUN_HEADER + "\n" + run_row("a", "x", 8, 1.5) + "\n" + run_row("b", "x", 8, 2.5)[:40]
        self.refused(text, ":3:", "cut short")

    def test_a_row_with_missing_fields(self):
        self.refused(RUN_HEADER + "\n" + run_row("a", "x", 8, 1.5) + "\n" + "a,x,8,entity\n", ":3:", "4 fields")

    def test_a_value_of_the_wrong_type(self):
        self.refused(RUN_HEADER + "\n" + run_row("a", "x", 8, 1.5).replace(",1.5,", ",fast,", 1) + "\n", ":2:",
                     "column median_ns")

    def test_a_negative_count(self):
        self.refused(RUN_HEADER + "\n" + run_row("a", "x", -8, 1.5) + "\n", ":2:", "column n")

    def test_a_missing_column(self):
        self.refused(RUN_HEADER.replace("layout_seed", "seed") + "\n" + run_row("a", "x", 8, 1.5) + "\n", ":1:",
                     'no column "layout_seed"')

    def test_a_header_without_rows(self):
        self.refused(RUN_HEADER + "\n", "", "a header and no rows")

    def test_an_empty_file(self):
        self.refused("", "", "empty file")

    def test_a_missing_file(self):
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(self.dir + "/nothing.csv", "runs")
        self.assertIn("no such file", str(e.exception))

    def test_quoted_fields_with_commas_are_fields(self):
        path = self.write("meta.csv", 'key,value\ncaches,"L1d 48K, L2 1M"\n')
        self.assertEqual(csvfile.read_metadata(path)["caches"], "L1d 48K, L2 1M")

    def test_compressed_files_read_back_and_are_reproducible(self):
        path = self.dir + "/runs.csv.gz"
        rows = csvfile.read(self.runs("runs.csv", [run_row("a", "x", 8, 1.5)]), "runs")
        csvfile.write(path, list(rows[0]), rows)
        with open(path, "rb") as f:
            first = f.read()
        csvfile.write(path, list(rows[0]), rows)
        with open(path, "rb") as f:
            self.assertEqual(f.read(), first)
        self.assertEqual(csvfile.read(path, "runs"), rows)
        self.assertEqual(csvfile.runs_path(self.dir), self.dir + "/runs.csv")
        import os
        os.remove(self.dir + "/runs.csv")
        self.assertEqual(csvfile.runs_path(self.dir), path)

    def test_a_damaged_compressed_file(self):
        path = self.write("runs.csv.gz", "not gzip at all\n")
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(path, "runs")
        self.assertIn("cannot be read", str(e.exception))

    def test_written_files_read_back(self):
        path = self.dir + "/out.csv"
        csvfile.write(path, ("key", "value"), [("a", "1, 2"), ("b", 'say "x"')])
        self.assertEqual(csvfile.read_metadata(path), {"a": "1, 2", "b": 'say "x"'})


if __name__ == "__main__":
    unittest.main()

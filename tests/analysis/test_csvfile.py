"""Malformed, truncated or foreign CSV files are refused with their file and line."""

import os
import unittest
from unittest import mock

from support import CACHESIM_HEADER, CROSSCHECK_HEADER, RUN_HEADER, TempDir, make_run, run_row
from analysis import csvfile, results


class Refusals(TempDir):
    def refused(self, text: str, where: str, what: str) -> None:
        path = self.write("runs.csv", text)
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(path, "runs")
        self.assertIn(f"{path}{where}", str(e.exception))
        self.assertIn(what, str(e.exception))

    def test_a_good_file_is_read(self) -> None:
        path = self.runs("runs.csv", [run_row("a", "x", 8, 1.5), run_row("b", "x", 8, 2.5)])
        rows = csvfile.read(path, "runs")
        self.assertEqual([r["strategy"] for r in rows], ["a", "b"])
        self.assertEqual(rows[1]["median_ns"], "2.5")

    def test_a_file_cut_short_mid_line(self) -> None:
        text = RUN_HEADER + "\n" + run_row("a", "x", 8, 1.5) + "\n" + run_row("b", "x", 8, 2.5)[:40]
        self.refused(text, ":3:", "cut short")

    def test_a_row_with_missing_fields(self) -> None:
        self.refused(RUN_HEADER + "\n" + run_row("a", "x", 8, 1.5) + "\n" + "a,x,8,entity\n", ":3:", "4 fields")

    def test_a_value_of_the_wrong_type(self) -> None:
        self.refused(RUN_HEADER + "\n" + run_row("a", "x", 8, 1.5).replace(",1.5,", ",fast,", 1) + "\n", ":2:",
                     "column median_ns")

    def test_a_time_of_zero_or_beyond_a_day(self) -> None:
        # a time of 0 has no logarithm; 1e308 ns is no measurement: both refused at the check, with line and column
        self.refused(RUN_HEADER + "\n" + run_row("a", "x", 8, 0) + "\n", ":2:", "column median_ns")
        self.refused(RUN_HEADER + "\n" + run_row("a", "x", 8, 1e308) + "\n", ":2:", "column median_ns")
        self.refused(RUN_HEADER + "\n" + run_row("a", "x", 8, 1.5).replace(",1.35,", ",0,", 1) + "\n", ":2:",
                     "column min_ns")

    def test_a_negative_count(self) -> None:
        self.refused(RUN_HEADER + "\n" + run_row("a", "x", -8, 1.5) + "\n", ":2:", "column n")

    def test_a_missing_column(self) -> None:
        self.refused(RUN_HEADER.replace("layout_seed", "seed") + "\n" + run_row("a", "x", 8, 1.5) + "\n", ":1:",
                     'no column "layout_seed"')

    def test_a_header_without_rows(self) -> None:
        self.refused(RUN_HEADER + "\n", "", "a header and no rows")

    def test_an_empty_file(self) -> None:
        self.refused("", "", "empty file")

    def test_a_missing_file(self) -> None:
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(self.dir + "/nothing.csv", "runs")
        self.assertIn("no such file", str(e.exception))

    def test_quoted_fields_with_commas_are_fields(self) -> None:
        path = self.write("meta.csv", 'key,value\ncaches,"L1d 48K, L2 1M"\n')
        self.assertEqual(csvfile.read_metadata(path)["caches"], "L1d 48K, L2 1M")

    def test_compressed_files_read_back_and_are_reproducible(self) -> None:
        path = self.dir + "/runs.csv.gz"
        rows = csvfile.read(self.runs("runs.csv", [run_row("a", "x", 8, 1.5)]), "runs")
        csvfile.write(path, tuple(rows[0]), rows)
        with open(path, "rb") as f:
            first = f.read()
        csvfile.write(path, tuple(rows[0]), rows)
        with open(path, "rb") as f:
            self.assertEqual(f.read(), first)
        self.assertEqual(csvfile.read(path, "runs"), rows)
        # runs.csv while a run is being made, runs.csv.gz once published
        self.assertEqual(csvfile.table_files(self.dir, "runs"), ["runs.csv"])
        os.remove(self.dir + "/runs.csv")
        self.assertEqual(csvfile.table_files(self.dir, "runs"), ["runs.csv.gz"])
        self.assertEqual(csvfile.read_table(self.dir, "runs", "runs"), rows)

    def test_a_damaged_compressed_file(self) -> None:
        path = self.write("runs.csv.gz", "not gzip at all\n")
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(path, "runs")
        self.assertIn("cannot be read", str(e.exception))

    def test_written_files_read_back(self) -> None:
        path = self.dir + "/out.csv"
        csvfile.write(path, ("key", "value"), [("a", "1, 2"), ("b", 'say "x"')])
        self.assertEqual(csvfile.read_metadata(path), {"a": "1, 2", "b": 'say "x"'})


class Duplicates(TempDir):
    """Two rows with the same key are one row written twice: refused, naming both lines."""

    def refused(self, name: str, kind: str, text: str, line: int, first: int, key: str) -> None:
        path = self.write(name, text)
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(path, kind)
        self.assertEqual(str(e.exception), f"{path}:{line}: a second row for {key}: line {first} has the same "
                                           f"{', '.join(csvfile.KEYS[kind])}")

    def test_a_results_row_twice(self) -> None:
        run = make_run(self.path("run"), record=False)
        with open(os.path.join(run, "results.csv"), encoding="utf-8") as f:
            lines = f.read().splitlines()
        # the row of b simple_iter (line 6 of 7) again at the end
        self.assertTrue(lines[5].startswith("b,simple_iter,1024,"))
        self.refused("results.csv", "results", "\n".join(lines + [lines[5]]) + "\n", 8, 6,
                     "strategy=b scenario=simple_iter n=1024 memory=warm")

    def test_the_same_cell_in_the_other_memory_mode_is_another_row(self) -> None:
        path = self.runs("runs.csv", [run_row("a", "create", 8, 1.0, seed="1"),
                                      run_row("a", "create", 8, 1.0, seed="1", memory="fresh")])
        self.assertEqual(len(csvfile.read(path, "runs")), 2)

    def test_a_process_row_twice(self) -> None:
        row = run_row("a", "x", 8, 1.5, seed="00000000000000aa")
        self.refused("runs.csv", "runs", RUN_HEADER + "\n" + row + "\n" + run_row("b", "x", 8, 1.5) + "\n" + row + "\n",
                     4, 2, "strategy=a scenario=x n=8 memory=warm layout_seed=00000000000000aa")

    def test_a_simulated_layout_twice(self) -> None:
        row = "a,x,8,entity,0000000000000001,10,0.25,0,00ab"
        self.refused("cachesim.csv", "cachesim", f"{CACHESIM_HEADER}\n{row}\n{row}\n", 3, 2,
                     "strategy=a scenario=x n=8 layout_seed=0000000000000001")

    def test_a_cross_checked_cell_twice(self) -> None:
        self.refused("crosscheck.csv", "crosscheck", f"{CROSSCHECK_HEADER}\n"
                     "a,x,8,entity,1000,50,2,2.1,1.05,5\nb,x,8,entity,1000,50,2,2.1,1.05,5\n"
                     "a,x,8,entity,1000,50,2,2.2,1.10,5\n", 4, 2, "strategy=a scenario=x n=8")

    def test_a_metadata_key_twice(self) -> None:
        self.refused("metadata.csv", "metadata", "key,value\nmachine_id,a\ncores,2\nmachine_id,b\n", 4, 2,
                     "key=machine_id")


class LineEnds(TempDir):
    def test_crlf_line_ends_read_as_lf_and_a_quoted_line_break_is_kept(self) -> None:
        text = 'key,value\nmachine_id,m\ncaches,"L1d 48K\nL2 1M"\ncores,2\n'
        lf = csvfile.read_metadata(self.write("lf.csv", text))
        crlf_path = self.path("crlf.csv")
        with open(crlf_path, "wb") as f:
            f.write(text.replace("\n", "\r\n").encode("utf-8"))
        crlf = csvfile.read_metadata(crlf_path)
        self.assertEqual(list(lf.items()), [("machine_id", "m"), ("caches", "L1d 48K\nL2 1M"), ("cores", "2")])
        self.assertEqual(list(crlf.items()), [("machine_id", "m"), ("caches", "L1d 48K\r\nL2 1M"), ("cores", "2")])

    def test_line_numbers_count_lines_whatever_their_ends(self) -> None:
        path = self.path("runs.csv")
        with open(path, "wb") as f:
            f.write((RUN_HEADER + "\r\n" + run_row("a", "x", 8, 1.5) + "\r\n" + "a,x\r\n").encode("utf-8"))
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(path, "runs")
        self.assertTrue(str(e.exception).startswith(f"{path}:3: 2 fields"), str(e.exception))

    def test_carriage_returns_alone_are_refused(self) -> None:
        path = self.path("meta.csv")
        with open(path, "wb") as f:
            f.write(b"key,value\rmachine_id,m\r")
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read_metadata(path)
        self.assertIn("carriage return alone", str(e.exception))


class Writing(TempDir):
    """A write that fails leaves neither half a file nor its .partial."""

    def test_a_failed_rename_removes_the_partial_file(self) -> None:
        os.mkdir(self.path("out.csv"))  # the name of a folder: the rename fails
        with self.assertRaises(OSError):
            csvfile.write(self.path("out.csv"), ("a", "b"), [(1, 2)])
        self.assertEqual(sorted(os.listdir(self.dir)), ["out.csv"])

    def test_a_failed_write_removes_the_partial_file_and_keeps_the_old_one(self) -> None:
        csvfile.write(self.path("out.csv"), ("a", "b"), [(1, 2)])
        with mock.patch("os.replace", side_effect=OSError(28, "No space left on device")):
            with self.assertRaises(OSError):
                csvfile.write(self.path("out.csv"), ("a", "b"), [(3, 4)])
        self.assertEqual(sorted(os.listdir(self.dir)), ["out.csv"])
        self.assertEqual(csvfile.read(self.path("out.csv"), None), [{"a": "1", "b": "2"}])

    def test_an_interrupted_write_removes_the_partial_file(self) -> None:
        with mock.patch("os.replace", side_effect=KeyboardInterrupt):
            with self.assertRaises(KeyboardInterrupt):
                results.write_json(self.path("results.json"), [], {"machine_id": "m"})
        self.assertEqual(os.listdir(self.dir), [])


if __name__ == "__main__":
    unittest.main()

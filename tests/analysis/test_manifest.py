"""manifest.csv: what each file held when it was written; a file cut short, edited or left over is refused, and so
is a manifest cut short itself."""

import os
import unittest
from typing import Callable

from support import TempDir, make_run, present, run_cli, snapshot
from analysis import csvfile, manifest


class Recording(TempDir):
    def setUp(self) -> None:
        super().setUp()
        self.run_dir = make_run(self.path("run"))

    def lines(self) -> list[str]:
        with open(os.path.join(self.run_dir, "manifest.csv"), encoding="utf-8") as f:
            return f.read().splitlines()

    def test_every_file_is_listed_with_its_size_rows_and_hash_and_a_closing_row(self) -> None:
        lines = self.lines()
        self.assertEqual(lines[0], "file,bytes,rows,sha256")
        listed = [line.split(",")[0] for line in lines[1:-1]]
        on_disk = sorted(n.replace(os.sep, "/") for n in present(snapshot(self.run_dir)) if n != "manifest.csv")
        self.assertEqual(listed, on_disk)
        self.assertEqual(lines[-1], f"manifest.csv,,{len(on_disk)},")
        entries = present(manifest.load(self.run_dir))
        # rows: data rows of a CSV file (a .columns.xz counted as its rows), empty for any other file
        self.assertEqual(entries["results.csv"].rows, 6)
        self.assertEqual(entries["runs.columns.xz"].rows, 30)
        self.assertEqual(len(csvfile.read_text(os.path.join(self.run_dir, "runs.columns.xz")).splitlines()) - 1, 30)
        self.assertEqual(entries["hyperfine/bench-a.csv"].rows, 1)
        self.assertIsNone(entries["plots/n-simple_iter.svg"].rows)
        self.assertEqual(entries["results.csv"].bytes, os.path.getsize(os.path.join(self.run_dir, "results.csv")))
        self.assertEqual(manifest.verify(self.run_dir), len(on_disk))

    def test_recording_again_updates_an_entry_and_keeps_the_others(self) -> None:
        path = os.path.join(self.run_dir, "crosscheck.csv")
        with open(path, "a", encoding="utf-8") as f:
            f.write("b,add_remove,1024,pair,1000,50,30,31,1.03,5\n")
        with self.assertRaises(csvfile.CsvError):
            manifest.verify(self.run_dir)
        before = present(manifest.load(self.run_dir))
        manifest.record(self.run_dir, ["crosscheck.csv"])
        after = present(manifest.load(self.run_dir))
        self.assertEqual(after["crosscheck.csv"].rows, 3)
        self.assertEqual({k: v for k, v in after.items() if k != "crosscheck.csv"},
                         {k: v for k, v in before.items() if k != "crosscheck.csv"})
        manifest.verify(self.run_dir)

    def test_a_file_cut_short_is_named_with_its_rows(self) -> None:
        path = os.path.join(self.run_dir, "results.csv")
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines(keepends=True)
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(lines[:-1])
        with self.assertRaises(csvfile.CsvError) as e:
            manifest.verify(self.run_dir)
        self.assertEqual(str(e.exception), f"{path}: 5 rows where manifest.csv recorded 6: the file was cut short or "
                                           "edited after it was written")
        # and every reader of the file says the same, whether or not it asks for a published run
        for recorded in (False, True):
            with self.assertRaises(csvfile.CsvError) as e:
                csvfile.read(path, "results", recorded=recorded)
            self.assertIn("5 rows where manifest.csv recorded 6", str(e.exception))

    def test_an_edited_value_is_named_by_its_checksum(self) -> None:
        path = os.path.join(self.run_dir, "metadata.csv")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace("test-machine", "test-mach1ne"))
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read_metadata(path)
        self.assertRegex(str(e.exception), rf"^{path}: its sha256 is [0-9a-f]{{64}} where manifest.csv recorded "
                                           r"[0-9a-f]{64}: the file was edited after it was written$")

    def test_a_changed_size_of_a_file_that_is_not_csv(self) -> None:
        path = os.path.join(self.run_dir, "plots", "n-simple_iter.svg")
        with open(path, "ab") as f:
            f.write(b"<!-- more -->\n")
        with self.assertRaises(csvfile.CsvError) as e:
            manifest.verify(self.run_dir)
        self.assertIn(f"{path}: {os.path.getsize(path)} bytes where manifest.csv recorded", str(e.exception))

    def test_a_listed_file_that_is_missing(self) -> None:
        os.remove(os.path.join(self.run_dir, "hyperfine", "bench-b.md"))
        with self.assertRaises(csvfile.CsvError) as e:
            manifest.verify(self.run_dir)
        self.assertEqual(str(e.exception), f"{self.run_dir}/hyperfine/bench-b.md: listed in manifest.csv but missing")

    def test_named_files_must_be_listed(self) -> None:
        self.write("run/notes.txt", "written after\n")
        manifest.verify(self.run_dir, ["results.csv", "plots"])
        with self.assertRaises(csvfile.CsvError) as e:
            manifest.verify(self.run_dir, ["results.csv", "notes.txt"])
        self.assertEqual(str(e.exception), f"{self.run_dir}/notes.txt: not listed in {self.run_dir}/manifest.csv")

    def cut(self, keep: Callable[[list[str]], list[str]]) -> str:
        """The manifest with its lines kept by keep(lines)."""
        path = os.path.join(self.run_dir, "manifest.csv")
        lines = self.lines()
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in keep(lines)))
        return path

    def test_a_manifest_cut_short_at_a_line_break_is_refused(self) -> None:
        path = self.cut(lambda lines: lines[:-1])
        with self.assertRaises(csvfile.CsvError) as e:
            manifest.verify(self.run_dir)
        self.assertIn(f"{path}: no closing row (manifest.csv,,N,) after its 17 rows: the manifest was cut short",
                      str(e.exception))
        # a reader of a listed file refuses too: the manifest cannot vouch for it
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(os.path.join(self.run_dir, "results.csv"), "results")
        self.assertIn("no closing row", str(e.exception))

    def test_a_manifest_that_lost_a_row_before_its_closing_row_is_refused(self) -> None:
        path = self.cut(lambda lines: lines[:3] + lines[4:])
        with self.assertRaises(csvfile.CsvError) as e:
            manifest.load(self.run_dir)
        self.assertEqual(str(e.exception), f"{path}:18: the closing row counts 17 files where the manifest lists 16: "
                                           "rows were lost or added after it was written")

    def test_a_manifest_cut_mid_line_or_malformed_is_refused(self) -> None:
        path = os.path.join(self.run_dir, "manifest.csv")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for bad, what in ((text[:-30], "the last line has no end"),
                          (text.replace("file,bytes", "name,bytes"), "the header is not"),
                          (text.replace("results.csv,", "results.csv,x", 1), "column bytes"),
                          (text.replace(",6,", ",,", 1), "column rows"),
                          (text.replace("\nmanifest.csv", "\nresults.csv,1,1," + "0" * 64 + "\nmanifest.csv"),
                           "listed twice"),
                          (text + "extra.csv,1,1," + "0" * 64 + "\n", "a row after the closing row"),
                          (text.replace("plots/", "../", 1), "not a path inside the folder"),
                          ("", "empty file")):
            with open(path, "w", encoding="utf-8") as f:
                f.write(bad)
            with self.assertRaises(csvfile.CsvError, msg=what) as e:
                manifest.load(self.run_dir)
            self.assertIn(what, str(e.exception))
            self.assertTrue(str(e.exception).startswith(path), str(e.exception))


class Refusals(TempDir):
    def test_what_record_refuses(self) -> None:
        self.write("a.csv", "x,y\n1,2\n")
        self.write("cut.csv", "x,y\n1,2")
        os.symlink("a.csv", self.path("link.csv"))
        for names, what in ((["../a.csv"], "is not a path inside"), (["/etc/passwd"], "is not a path inside"),
                            (["manifest.csv"], "does not list itself"), (["missing.csv"], "no such file"),
                            (["link.csv"], "not a regular file"), (["cut.csv"], "a file cut short is not recorded"),
                            (["a.csv", "missing.csv"], "no such file")):
            with self.assertRaises(csvfile.CsvError, msg=what) as e:
                manifest.record(self.dir, names)
            self.assertIn(what, str(e.exception))
            # nothing was recorded, not even the names before the bad one
            self.assertFalse(os.path.exists(self.path("manifest.csv")), what)

    def test_published_readers_refuse_a_folder_without_a_manifest_or_a_file_it_does_not_list(self) -> None:
        run = make_run(self.path("run"), record=False)
        path = os.path.join(run, "results.csv")
        self.assertEqual(len(csvfile.read(path, "results")), 6)  # the pipeline's own readers: no manifest needed
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(path, "results", recorded=True)
        self.assertEqual(str(e.exception), f"{path}: {run} has no manifest.csv: not a complete published run")
        # a folder that is not there at all is said to be missing, not to lack a manifest
        missing = self.path("never-published")
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(os.path.join(missing, "results.csv"), "results", recorded=True)
        self.assertIn(f"there is no folder {missing}", str(e.exception))
        with self.assertRaises(csvfile.CsvError) as e:
            manifest.verify(missing)
        self.assertIn(f"there is no folder {missing}", str(e.exception))
        manifest.record(run, ["metadata.csv"])
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read(path, "results", recorded=True)
        self.assertEqual(str(e.exception), f"{path}: not listed in {run}/manifest.csv: not part of the published run")
        manifest.record(run, ["results.csv"])
        self.assertEqual(len(csvfile.read(path, "results", recorded=True)), 6)

    def test_a_writer_records_anew_a_file_the_manifest_lists(self) -> None:
        run = make_run(self.path("run"))
        rows = csvfile.read(os.path.join(run, "crosscheck.csv"), "crosscheck")
        csvfile.write(os.path.join(run, "crosscheck.csv"), tuple(rows[0]), rows[:1])
        self.assertEqual(present(manifest.load(run))["crosscheck.csv"].rows, 1)
        manifest.verify(run)
        # a file the manifest does not list stays unlisted
        csvfile.write(os.path.join(run, "other.csv"), ("a", "b"), [(1, 2)])
        self.assertNotIn("other.csv", present(manifest.load(run)))

    def test_publish_tables_lists_the_compressed_runs_instead(self) -> None:
        run = make_run(self.path("run"), record=False)
        text = csvfile.read_text(os.path.join(run, "runs.columns.xz"))
        os.remove(os.path.join(run, "runs.columns.xz"))
        with open(os.path.join(run, "runs.csv"), "w", encoding="utf-8") as f:
            f.write(text)
        manifest.record(run, ["runs.csv", "results.csv"])
        self.assertEqual(run_cli("publish-tables", run)[0], 0)
        entries = present(manifest.load(run))
        self.assertEqual(sorted(entries), ["results.csv", "runs.columns.xz"])
        self.assertEqual(entries["runs.columns.xz"].rows, 30)
        manifest.verify(run)


class CommandLine(TempDir):
    def test_record_and_verify(self) -> None:
        run = make_run(self.path("run"), record=False)
        code, out, err = run_cli("record", run, "results.csv", "plots/")
        self.assertEqual((code, out, err), (0, "", f"record: {run}/manifest.csv: 5 files recorded\n"))
        code, _, err = run_cli("verify", run, "results.csv")
        self.assertEqual((code, err), (0, f"verify: {run}: 5 files as manifest.csv recorded them\n"))
        code, _, err = run_cli("verify", run, "metadata.csv")
        self.assertEqual((code, err), (1, f"verify: {run}/metadata.csv: not listed in {run}/manifest.csv\n"))
        with open(os.path.join(run, "results.csv"), "a", encoding="utf-8") as f:
            f.write("\n")
        code, _, err = run_cli("verify", run)
        self.assertEqual(code, 1)
        self.assertIn(f"verify: {run}/results.csv: ", err)
        code, _, err = run_cli("record", run, "nothing.csv")
        self.assertEqual((code, err), (1, f"record: {run}/nothing.csv: no such file\n"))
        self.assertEqual(run_cli("record", run)[0], 2)
        self.assertEqual(run_cli("verify")[0], 2)
        code, _, err = run_cli("verify", self.dir)
        self.assertEqual((code, err), (1, f"verify: {self.dir} has no manifest.csv: not a complete published run\n"))


if __name__ == "__main__":
    unittest.main()

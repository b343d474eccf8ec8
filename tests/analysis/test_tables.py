"""A run's large tables published in parts under csvfile.PART_BYTES: split into whole rows, read back as one table,
and refused where a part is missing, doubled or foreign."""

import gzip
import lzma
import os
import unittest
from unittest import mock

import support
from analysis import csvfile, files, manifest, paired, publish, tables
from test_paired import planted_file

# Small enough that a few dozen rows need several parts.
SMALL_PART = 600


def run_rows(count: int) -> list[str]:
    return [support.run_row("a", "simple_iter", 1024, 1.0 + k / 1000, seed=f"{k + 1:016x}") for k in range(count)]



def _bytes(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


class Published(support.TempDir):
    """A planted runs table published into the test's folder (no tests of its own)."""

    def publish_runs(self, count: int, limit: int = SMALL_PART) -> list[str]:
        self.runs("runs.csv", run_rows(count))
        self.expected = [{k: v for k, v in row.items() if k not in tables.BUILD_COLUMNS}
                         for row in csvfile.read(self.path("runs.csv"), "runs")]
        with mock.patch.object(csvfile, "PART_BYTES", limit):
            return tables.publish(self.dir, "runs")

    def published_rows(self) -> list[csvfile.Row]:
        return [{k: v for k, v in row.items() if v != "" or k in csvfile.required_columns("runs")}
                for row in csvfile.read_table(self.dir, "runs", "runs")]


class Splitting(Published):
    def test_a_small_table_stays_one_file(self) -> None:
        self.assertEqual(self.publish_runs(3, limit=10**6), ["runs.columns.xz"])
        self.assertFalse(os.path.exists(self.path("runs.csv")))

    def test_a_large_table_is_split_into_whole_rows_each_part_under_the_limit(self) -> None:
        names = self.publish_runs(200)
        self.assertGreater(len(names), 2)
        self.assertEqual(names, [f"runs-{k}.columns.xz" for k in range(1, len(names) + 1)])
        self.assertEqual(csvfile.table_files(self.dir, "runs"), names)
        for name in names:
            self.assertLessEqual(os.path.getsize(self.path(name)), SMALL_PART)
            # each part a CSV of its own, with the header
            self.assertTrue(csvfile.read(self.path(name), "runs"))
        rows = csvfile.read_table(self.dir, "runs", "runs")
        self.assertEqual([r["median_ns"] for r in rows], [r["median_ns"] for r in self.expected])
        self.assertEqual(csvfile.table_label(self.dir, "runs"), self.path(f"runs-1..{len(names)}.columns.xz"))

    def test_the_same_rows_give_the_same_parts(self) -> None:
        first = {name: _bytes(self.path(name)) for name in self.publish_runs(200)}
        os.remove(self.path("runs-1.columns.xz"))
        for name in first:
            if os.path.exists(self.path(name)):
                os.remove(self.path(name))
        self.assertEqual({name: _bytes(self.path(name)) for name in self.publish_runs(200)}, first)

    def test_a_table_published_whole_is_split_anew_when_over_the_limit(self) -> None:
        self.publish_runs(200, limit=10**6)
        self.record("runs.columns.xz")
        with mock.patch.object(csvfile, "PART_BYTES", SMALL_PART):
            names = tables.publish(self.dir, "runs")
            # within the limit already: nothing is written again
            self.assertEqual(tables.publish(self.dir, "runs"), names)
        self.assertGreater(len(names), 1)
        self.assertFalse(os.path.exists(self.path("runs.columns.xz")))
        # the manifest lists the parts instead of the whole file, each as it is
        entries = support.present(manifest.load(self.dir))
        self.assertEqual(sorted(entries), sorted(names))
        self.assertEqual(sum(entries[name].rows for name in names), 200)
        self.assertEqual(len(csvfile.read_table(self.dir, "runs", "runs", recorded=True)), 200)


class Forms(Published):
    def test_a_table_in_the_earlier_gzip_form_is_read_and_published_anew_column_by_column(self) -> None:
        names = self.publish_runs(30, limit=10**6)
        rows = csvfile.read_table(self.dir, "runs", "runs")
        text = csvfile.read_text(self.path(names[0]))
        with open(self.path("runs-1.csv.gz"), "wb") as f:
            f.write(gzip.compress(text.encode("utf-8")))
        os.remove(self.path(names[0]))
        self.assertEqual(csvfile.read_table(self.dir, "runs", "runs"), rows)
        self.assertEqual(tables.publish(self.dir, "runs"), ["runs.columns.xz"])
        self.assertFalse(os.path.exists(self.path("runs-1.csv.gz")))
        self.assertEqual(csvfile.read_table(self.dir, "runs", "runs"), rows)

    def test_a_table_stored_column_by_column_gives_back_its_rows_and_is_smaller(self) -> None:
        text = "a,b,c\n1,\"x,y\",\n2,z,3\n"
        data = files.encode_columns(text)
        self.assertEqual(lzma.decompress(data).decode("utf-8"), "a,1,2\nb,\"x,y\",z\nc,,3\n")
        self.assertEqual(files.decode("t.columns.xz", data), text)
        self.assertEqual(files.decode("t.columns.xz", files.encode_columns("a,b\n")), "a,b\n")
        table = "".join(csvfile.read_text(self.path(n)) for n in self.publish_runs(200, limit=10**6))
        self.assertLess(len(files.encode_columns(table)), len(gzip.compress(table.encode("utf-8"), 9)) * 0.9)

    def test_a_column_file_cut_short_or_uneven_is_refused(self) -> None:
        data = files.encode_columns("a,b\n1,2\n3,4\n")
        with self.assertRaises(csvfile.CsvError):
            files.decode("t.columns.xz", data[:-8])
        with self.assertRaises(csvfile.CsvError) as e:
            files.decode("t.columns.xz", lzma.compress(b"a,1,3\nb,2\n"))
        self.assertIn("different numbers of values", str(e.exception))
        with self.assertRaises(csvfile.CsvError):
            files.encode_columns("a,b\n1\n")


class Refusals(support.TempDir):
    def setUp(self) -> None:
        super().setUp()
        self.runs("runs.csv", run_rows(200))
        with mock.patch.object(csvfile, "PART_BYTES", SMALL_PART):
            self.names = tables.publish(self.dir, "runs")

    def refused(self, what: str, recorded: bool = False) -> None:
        with self.assertRaises(csvfile.CsvError) as e:
            csvfile.read_table(self.dir, "runs", "runs", recorded)
        self.assertIn(what, str(e.exception))

    def test_a_missing_part(self) -> None:
        os.remove(self.path("runs-2.columns.xz"))
        self.refused("runs-2.columns.xz is missing")

    def test_a_missing_part_the_manifest_lists(self) -> None:
        self.record(*self.names)
        os.remove(self.path(self.names[-1]))
        self.refused("listed in", recorded=True)

    def test_the_table_whole_beside_its_parts(self) -> None:
        self.runs("runs.csv", run_rows(2))
        os.rename(self.path("runs.csv"), self.path("runs.csv.gz"))
        self.refused("which is the run's is not known")

    def test_a_row_in_two_parts(self) -> None:
        with open(self.path("runs-1.columns.xz"), "rb") as f:
            first = f.read()
        with open(self.path(f"runs-{len(self.names) + 1}.columns.xz"), "wb") as f:
            f.write(first)
        self.refused("a second row for strategy=a")

    def test_a_part_left_over_beside_a_published_run(self) -> None:
        self.record(*self.names)
        with open(self.path(f"runs-{len(self.names) + 1}.columns.xz"), "wb") as f:
            f.write(open(self.path("runs-1.columns.xz"), "rb").read())
        self.refused("not listed in", recorded=True)


class Publication(support.TempDir):
    def test_a_stage_with_a_row_in_two_parts_is_not_a_whole_run(self) -> None:
        run = support.make_run(self.path("run"))
        with mock.patch.object(csvfile, "PART_BYTES", 400):
            names = tables.publish(run, "runs")
        self.assertGreater(len(names), 1)
        self.assertEqual(publish.check_stage(run), len(support.present(manifest.load(run))))
        with open(os.path.join(run, names[0]), "rb") as f:
            first = f.read()
        extra = f"runs-{len(names) + 1}.columns.xz"
        with open(os.path.join(run, extra), "wb") as f:
            f.write(first)
        manifest.record(run, [extra])
        with self.assertRaises(csvfile.CsvError) as e:
            publish.check_stage(run)
        self.assertIn("a second row for", str(e.exception))
        self.assertIn(names[0], str(e.exception))


class Samples(support.TempDir):
    def test_samples_in_parts_pair_as_in_one_file(self) -> None:
        planted_file(self, {"a": 1.0, "b": 1.5}, processes=6)
        whole = support.present(paired.load_pairing(self.dir, "wall"))
        with mock.patch.object(csvfile, "PART_BYTES", 300):
            names = tables.publish(self.dir, "samples")
        self.assertGreater(len(names), 2)
        self.assertFalse(os.path.exists(self.path("samples.csv")))
        split = support.present(paired.load_pairing(self.dir, "wall"))
        key = paired.BlockKey("simple_iter", 100, "warm")
        self.assertEqual(paired.process_log_ratios(split[key], "b", "a"),
                         paired.process_log_ratios(whole[key], "b", "a"))

    def test_table_files_prints_the_parts(self) -> None:
        planted_file(self, {"a": 1.0, "b": 1.5}, processes=6)
        with mock.patch.object(csvfile, "PART_BYTES", 400):
            names = tables.publish(self.dir, "samples")
        status, out, _ = support.run_cli("table-files", self.dir, "runs", "samples")
        self.assertEqual((status, out.split()), (0, names))
        self.assertEqual(support.run_cli("table-files", self.dir, "nothing")[0], 2)


if __name__ == "__main__":
    unittest.main()

"""publish STAGE OUT: only a whole run is published, in one step that a signal cannot cut in half."""

import contextlib
import errno
import io
import os
import signal
import unittest
from types import FrameType
from typing import Callable
from unittest import mock

from support import SVG, TempDir, make_run, png, run_cli, snapshot
from analysis import manifest, publish


def said(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = publish.main(argv)
    return code, err.getvalue()


class Publishing(TempDir):
    def setUp(self) -> None:
        super().setUp()
        self.results = self.path("results")
        self.stage = make_run(os.path.join(self.results, ".m.stage"), scale=2)
        self.out = os.path.join(self.results, "m")
        self.new = snapshot(self.stage)

    def old_run(self) -> dict[str, bytes] | None:
        make_run(self.out)
        with open(os.path.join(self.out, "only-in-the-old-run.txt"), "w", encoding="utf-8") as f:
            f.write("old\n")
        return snapshot(self.out)

    def published(self, code: int, err: str) -> None:
        self.assertEqual((code, err), (0, f"publish: {self.out} now holds the run (17 files)\n"))
        self.assertEqual(snapshot(self.out), self.new)
        self.assertEqual(sorted(os.listdir(self.results)), ["m"])  # no stage, no previous run left
        self.assertEqual(manifest.verify(self.out), 17)

    def test_a_whole_run_takes_the_place_of_none(self) -> None:
        self.published(*said([self.stage, self.out]))

    def test_a_whole_run_takes_the_place_of_the_previous_one(self) -> None:
        old = self.old_run()
        self.assertNotEqual(old, self.new)
        seen = []
        real = publish.exchange

        def exchange(a: str, b: str) -> None:
            real(a, b)  # renameat2(RENAME_EXCHANGE) itself: this filesystem has it
            seen.append((snapshot(b) == self.new, snapshot(a) == old))

        with mock.patch.object(publish, "exchange", exchange):
            self.published(*said([self.stage, self.out]))
        # one step: OUT held the new run and the stage's path the previous one, both whole
        self.assertEqual(seen, [(True, True)])
        self.assertFalse(os.path.exists(os.path.join(self.out, "only-in-the-old-run.txt")))

    def test_the_command_line(self) -> None:
        self.old_run()
        code, out, err = run_cli("publish", self.stage, self.out)
        self.assertEqual(out, "")
        self.published(code, err)

    def test_where_the_filesystem_cannot_exchange_two_renames_do_it(self) -> None:
        self.old_run()
        with mock.patch.object(publish, "_renameat2", side_effect=OSError(errno.ENOSYS, "not here")):
            self.published(*said([self.stage, self.out]))

    def test_a_failed_second_rename_puts_the_previous_run_back(self) -> None:
        old = self.old_run()
        real = os.rename

        def rename(src: str, dst: str) -> None:
            if src == self.stage:
                raise OSError(errno.EIO, "input/output error", src)
            return real(src, dst)

        with mock.patch.object(publish, "_renameat2", side_effect=OSError(errno.EINVAL, "not here")), \
                mock.patch("os.rename", side_effect=rename):
            code, err = said([self.stage, self.out])
        self.assertEqual(code, 1)
        self.assertIn(f"publish: cannot swap {self.stage} in for {self.out}", err)
        self.assertEqual(snapshot(self.out), old)
        self.assertEqual(snapshot(self.stage), self.new)
        self.assertFalse(os.path.exists(publish.previous_of(self.out)))

    def test_a_previous_run_left_by_a_crash_between_the_two_renames(self) -> None:
        """OUT missing, .NAME.previous there: the new run takes OUT and the superseded one goes."""
        make_run(publish.previous_of(self.out))
        self.published(*said([self.stage, self.out]))

    def test_a_previous_run_left_by_an_interrupted_removal_is_removed(self) -> None:
        self.old_run()
        make_run(publish.previous_of(self.out))
        self.published(*said([self.stage, self.out]))


class Refusals(TempDir):
    """A stage that is not a whole run is refused, naming the file and what is wrong; nothing changes."""

    def setUp(self) -> None:
        super().setUp()
        self.results = self.path("results")
        self.stage = make_run(os.path.join(self.results, ".m.stage"), scale=2)
        self.out = make_run(os.path.join(self.results, "m"))

    def put(self, name: str, data: str | bytes, record: bool = True) -> str:
        path = os.path.join(self.stage, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
        if record:
            manifest.record(self.stage, [name])
        return path

    def refused(self, *what: str, code: int = 1) -> None:
        before = snapshot(self.results)
        got, err = said([self.stage, self.out])
        self.assertEqual(got, code, err)
        self.assertTrue(err.startswith("publish: "), err)
        for w in what:
            self.assertIn(w, err)
        self.assertEqual(snapshot(self.results), before)

    def test_an_empty_png(self) -> None:
        path = self.put("plots/n-simple_iter.png", b"")
        self.refused(f"publish: {path}: empty file\n")

    def test_a_png_cut_short(self) -> None:
        path = self.put("plots/n-simple_iter.png", png()[:-12])
        self.refused(f"publish: {path}: no IEND chunk at the end: the image was cut short")

    def test_a_png_that_does_not_start_with_ihdr_or_has_a_bad_crc(self) -> None:
        data = png()
        path = self.put("plots/n-simple_iter.png", data[:8] + data[8 + 25:-12] + data[8:8 + 25] + data[-12:])
        self.refused(f"{path}: the first chunk is IDAT, not IHDR")
        self.put("plots/n-simple_iter.png", data[:20] + b"\xff" + data[21:])
        self.refused(f"{path}: the IHDR chunk at byte 8 fails its CRC")
        self.put("plots/n-simple_iter.png", b"GIF89a" + data[6:])
        self.refused(f"{path}: not a PNG image (no PNG signature)")

    def test_a_truncated_svg(self) -> None:
        path = self.put("plots/n-simple_iter.svg", SVG[:-20])
        self.refused(f"publish: {path}: not a whole SVG document (XML: ")

    def test_xml_that_is_not_svg(self) -> None:
        path = self.put("plots/n-simple_iter.svg", "<?xml version='1.0'?><html></html>\n")
        self.refused(f"{path}: the XML's root element is <html>, not <svg>")

    def test_an_unlisted_file(self) -> None:
        path = self.put("plots/extra.svg", SVG, record=False)
        self.refused(f"publish: {path}: not listed in {self.stage}/manifest.csv")

    def test_a_file_changed_after_recording(self) -> None:
        path = os.path.join(self.stage, "results.json")
        with open(path, "r+b") as f:
            f.seek(20)
            f.write(b"X")
        self.refused(f"publish: {path}: its sha256 is ")

    def test_a_results_file_cut_short_after_recording(self) -> None:
        path = os.path.join(self.stage, "results.csv")
        with open(path, "rb") as f:
            data = f.read()
        with open(path, "wb") as f:
            f.write(data[:data.rindex(b"\n", 0, -1) + 1])
        self.refused(f"publish: {path}: 5 rows where manifest.csv recorded 6")

    def test_an_unparsable_json(self) -> None:
        path = self.put("hyperfine/bench-a.json", '{"results": [\n')
        self.refused(f"publish: {path}: not valid JSON (")

    def test_a_csv_with_a_header_only_or_a_row_twice(self) -> None:
        for name in ("crosscheck.csv", "hyperfine/bench-b.csv", "results.csv"):
            with open(os.path.join(self.stage, name), "rb") as f:
                data = f.read()
            path = self.put(name, data[:data.index(b"\n") + 1])
            self.refused(f"publish: {path}: a header and no rows\n")
            if name == "results.csv":
                lines = data.splitlines(keepends=True)
                self.put(name, b"".join(lines + lines[2:3]))
                self.refused(f"publish: {path}:8: a second row for strategy=a~aa scenario=add_remove n=1024 "
                             "memory=warm: line 3 has the same")
            self.put(name, data)

    def test_a_listed_file_missing(self) -> None:
        os.remove(os.path.join(self.stage, "plots", "family-iteration.png"))
        self.refused(f"{self.stage}/plots/family-iteration.png: listed in manifest.csv but missing")

    def test_a_run_without_its_results(self) -> None:
        os.remove(os.path.join(self.stage, "results.csv"))
        manifest.forget(self.stage, ["results.csv"])
        self.refused(f"{self.stage}/results.csv: not in the run")

    def test_a_manifest_cut_short(self) -> None:
        path = os.path.join(self.stage, "manifest.csv")
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(lines[:-1])
        self.refused(f"{path}: no closing row")
        os.remove(path)
        self.refused(f"publish: {self.stage} has no manifest.csv: not a complete run")

    def test_a_symbolic_link(self) -> None:
        os.symlink("results.csv", os.path.join(self.stage, "link.csv"))
        self.refused(f"{self.stage}/link.csv: not a regular file")

    def test_arguments_that_cannot_be_swapped(self) -> None:
        elsewhere = make_run(self.path("elsewhere", "m"))
        for argv, what in (([self.stage, elsewhere], "are not siblings"),
                           ([self.stage, self.stage], "are the same folder"),
                           ([self.stage + "-missing", self.out], "is not a folder"),
                           ([self.stage, os.path.join(self.stage, "results.csv")], "exists and is not a folder")):
            before = snapshot(self.dir)
            code, err = said(argv)
            self.assertEqual(code, 2, argv)
            self.assertIn(what, err)
            self.assertIn("usage: python3 -m analysis publish STAGE OUT", err)
            self.assertEqual(snapshot(self.dir), before)
        self.assertEqual(run_cli("publish", self.stage)[0], 2)


class Signals(TempDir):
    """SIGINT, SIGTERM, SIGHUP and SIGQUIT wait for the swap: one that arrives during it is handled once OUT
    holds the new run, never between the two halves."""

    def setUp(self) -> None:
        super().setUp()
        self.results = self.path("results")
        self.stage = make_run(os.path.join(self.results, ".m.stage"), scale=2)
        self.out = make_run(os.path.join(self.results, "m"))
        self.new = snapshot(self.stage)
        self.events: list[tuple[str, str | None, bool]] = []
        self.handlers = {s: signal.getsignal(s) for s in publish.SIGNALS}
        for s in publish.SIGNALS:
            signal.signal(s, self.handler)

    def tearDown(self) -> None:
        for s, h in self.handlers.items():
            signal.signal(s, h)
        super().tearDown()

    def handler(self, signum: int, frame: FrameType | None) -> None:
        self.events.append(("handled", signal.Signals(signum).name, snapshot(self.out) == self.new))

    def interrupting(self, real: Callable[[str, str], None], signum: int) -> Callable[[str, str], None]:
        def swap(a: str, b: str) -> None:
            os.kill(os.getpid(), signum)
            self.events.append(("sent", signal.Signals(signum).name, signum in signal.sigpending()))
            real(a, b)
            self.events.append(("swapped", None, snapshot(self.out) == self.new))
        return swap

    def test_a_signal_sent_during_the_exchange_is_handled_after_it(self) -> None:
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT):
            with self.subTest(signal=signal.Signals(signum).name):
                self.events = []
                if not os.path.exists(self.stage):
                    make_run(self.stage, scale=2)
                with mock.patch.object(publish, "exchange", self.interrupting(publish.exchange, signum)):
                    code, err = said([self.stage, self.out])
                name = signal.Signals(signum).name
                self.assertEqual(code, 0, err)
                # pending (not delivered) while the exchange ran; handled once OUT held the new run
                self.assertEqual(self.events, [("sent", name, True), ("swapped", None, True), ("handled", name, True)])
                self.assertNotIn(signum, signal.sigpending())

    def test_a_signal_between_the_two_renames_of_the_fallback_waits_too(self) -> None:
        real = os.rename
        calls = []

        def rename(src: str, dst: str) -> None:
            real(src, dst)
            calls.append(src)
            if len(calls) == 1:  # OUT moved aside, the stage not yet in its place
                os.kill(os.getpid(), signal.SIGTERM)
                self.events.append(("gap", None, os.path.exists(self.out)))

        with mock.patch.object(publish, "_renameat2", side_effect=OSError(errno.ENOSYS, "not here")), \
                mock.patch("os.rename", side_effect=rename):
            code, err = said([self.stage, self.out])
        self.assertEqual(code, 0, err)
        self.assertEqual(self.events, [("gap", None, False), ("handled", "SIGTERM", True)])

    def test_without_the_block_the_same_signal_is_handled_at_once(self) -> None:
        """The control: the test above can tell a blocked signal from one that is not."""
        swap = self.interrupting(lambda a, b: None, signal.SIGTERM)
        swap(self.stage, self.out)
        self.assertEqual([e[0] for e in self.events], ["handled", "sent", "swapped"])


if __name__ == "__main__":
    unittest.main()

"""The scenarios' descriptors: the fresh set, the families in their order, and the documented table made from them."""

import os
import unittest

import support
from analysis import scenarios

HEADER = "scenario,family,unit,strategy,sizes,fresh,description\n"


def describe(*rows: tuple[str, str, str, int, str]) -> str:
    return HEADER + "".join(f'{s},{f},entity,{st},"1024,2048",{fresh},"{d}"\n' for s, f, st, fresh, d in rows)


class Descriptors(support.TempDir):
    def rows(self, text: str) -> list[dict[str, str]]:
        return scenarios.read(self.write("scenarios.csv", text))

    def test_families_follow_the_catalogue_not_the_raw_binary(self) -> None:
        # The raw binary comes first in a run and lists only its baselines, in another order.
        rows = self.rows(describe(("simple_iter", "iteration", "raw-soa", 0, "a pass"),
                                  ("simple_iter", "iteration", "raw-aos", 0, "a pass"),
                                  ("create", "structural", "bitmask", 1, "make, then add"),
                                  ("simple_iter", "iteration", "bitmask", 0, "a pass"),
                                  ("destroy", "structural", "bitmask", 0, "unmake")))
        self.assertEqual(scenarios.families(rows), [("structural", ["create", "destroy"]),
                                                    ("iteration", ["simple_iter"])])
        self.assertEqual(scenarios.fresh(rows), ["create"])

    def test_the_framed_scenarios_are_those_with_frames(self) -> None:
        text = ("scenario,family,unit,strategy,sizes,fresh,frames,description\n"
                'grow,hitch,entity,raw-soa,"65536",0,256,"grows"\n'
                'create,structural,entity,bitmask,"1024",1,0,"make"\n'
                'grow,hitch,entity,bitmask,"65536",0,256,"grows"\n'
                'game_frame_10,frame,entity,bitmask,"1024",0,256,"a frame"\n')
        rows = self.rows(text)
        self.assertEqual(scenarios.framed(rows), ["grow", "game_frame_10"])
        self.assertEqual(scenarios.framed(rows, ["create", "game_frame_10"]), ["game_frame_10"])
        # A run described before the column: no scenario is framed.
        self.assertEqual(scenarios.framed(self.rows(describe(("create", "structural", "bitmask", 1, "make")))), [])

    def test_the_table_has_a_row_per_scenario_with_its_raw_baselines(self) -> None:
        rows = self.rows(describe(("simple_iter", "iteration", "raw-soa", 0, "a pass"),
                                  ("simple_iter", "iteration", "raw-aos", 0, "a pass"),
                                  ("create", "structural", "bitmask", 1, "make, then add"),
                                  ("simple_iter", "iteration", "bitmask", 0, "a pass")))
        lines = scenarios.table_lines(rows)
        self.assertEqual(lines[2:], [
            "| `create` | structural | make, then add (also in fresh memory) | entity | - |",
            "| `simple_iter` | iteration | a pass | entity | raw-aos, raw-soa |",
        ])

    def test_the_table_replaces_only_what_stands_between_its_markers(self) -> None:
        text = "intro\n<!-- table: scenarios -->\nold\nrows\n<!-- end table -->\nafter\n"
        self.assertEqual(scenarios.replace_table(text, ["| a |", "|---|"]),
                         "intro\n<!-- table: scenarios -->\n| a |\n|---|\n<!-- end table -->\nafter\n")
        with self.assertRaises(ValueError):
            scenarios.replace_table("no markers\n", [])
        with self.assertRaises(ValueError):
            scenarios.replace_table("<!-- table: scenarios -->\nnever closed\n", [])

    def test_check_mode_says_whether_the_document_is_current(self) -> None:
        csv = self.write("scenarios.csv", describe(("create", "structural", "bitmask", 1, "make")))
        doc = self.write("scenarios.md", "<!-- table: scenarios -->\n<!-- end table -->\n")
        self.assertEqual(scenarios.main(["table", csv, doc, "--check"]), 1)
        self.assertEqual(scenarios.main(["table", csv, doc]), 0)
        self.assertEqual(scenarios.main(["table", csv, doc, "--check"]), 0)
        with open(doc, encoding="utf-8") as f:
            self.assertIn("| `create` | structural | make (also in fresh memory) | entity | - |", f.read())


if __name__ == "__main__":
    unittest.main()

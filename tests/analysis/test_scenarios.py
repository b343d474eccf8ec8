"""The scenarios' descriptors: the fresh set, the families in their order, where the report shows each scenario (the
first page's rows, the ops and memory figures, the change rates), and the documented table made from them."""

import contextlib
import io
import os
import unittest
from typing import Callable

import support
from analysis import manifest, report, scenarios
from analysis.files import CsvError

SHOWN = ("figures,headline_place,headline,frame_place,frame_answer,change_percent,tracking_reference,query_base,"
         "live_queries")
HEADER = f"scenario,family,unit,strategy,sizes,fresh,{SHOWN},description\n"
NOT_SHOWN = ',,0,"",0,"",0,,,0'


def describe(*rows: tuple[str, str, str, int, str]) -> str:
    return HEADER + "".join(f'{s},{f},entity,{st},"1024,2048",{fresh}{NOT_SHOWN},"{d}"\n'
                            for s, f, st, fresh, d in rows)


def said(function: Callable[[list[str]], int], args: list[str]) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of a command's main()."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = function(args)
    return code, out.getvalue(), err.getvalue()


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
        text = (f"scenario,family,unit,strategy,sizes,fresh,frames,{SHOWN},description\n"
                f'grow,hitch,entity,raw-soa,"65536",0,256{NOT_SHOWN},"grows"\n'
                f'create,structural,entity,bitmask,"1024",1,0{NOT_SHOWN},"make"\n'
                f'grow,hitch,entity,bitmask,"65536",0,256{NOT_SHOWN},"grows"\n'
                f'game_frame_10,frame,entity,bitmask,"1024",0,256{NOT_SHOWN},"a frame"\n')
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



class Shown(support.TempDir):
    """Where the report shows each scenario, read from planted descriptor rows: the first page's rows in their
    places (not in catalogue order), the framed rows, the figures' scenarios and the change rates, lowest first."""

    TEXT = (HEADER +
            'changed_10,change,entity,bitmask,"1024",0,,0,"",0,"",10,,,0,"ten"\n'
            'create,structural,entity,bitmask,"1024",1,ops,2,"Spawning",0,"",0,,,0,"make"\n'
            'simple_iter,iteration,entity,bitmask,"1024",0,memory,1,"Iterating",0,"",0,,,0,"a pass"\n'
            'changed_1,change,entity,bitmask,"1024",0,,3,"Change, 1%",0,"",1,,,0,"one"\n'
            'add_remove_large,structural,pair,bitmask,"1024",0,ops memory,0,"",0,"",0,,,0,"wide"\n'
            'simple_iter_tracked,change,entity,bitmask,"1024",0,,0,"",0,"",0,simple_iter,,0,"tracked"\n'
            'added_1,change,entity,bitmask,"1024",0,,0,"",0,"",0,added_1_scan,,0,"added"\n'
            'game_frame_10,frame,entity,bitmask,"1024",0,memory,0,"",2,"Heavy churn",0,,,0,"a frame"\n'
            'grow,hitch,entity,bitmask,"65536",0,,0,"",1,"Growing",0,,,0,"grows"\n'
            'pass_q10,queries,entity,bitmask,"1024",0,,0,"",0,"",0,,simple_iter,10,"ten queries"\n'
            'pass_q1,queries,entity,bitmask,"1024",0,,0,"",0,"",0,,simple_iter,1,"one query"\n'
            'simple_iter,iteration,entity,raw-soa,"1024",0,memory,1,"Iterating",0,"",0,,,0,"a pass"\n')

    def test_the_facts_are_read_from_the_rows(self) -> None:
        shown = scenarios.read_catalogue(self.write("scenarios.csv", self.TEXT))
        self.assertEqual(shown.workloads, (scenarios.Workload("Iterating", "simple_iter"),
                                           scenarios.Workload("Spawning", "create"),
                                           scenarios.Workload("Change, 1%", "changed_1")))
        self.assertEqual(shown.frame_workloads, (scenarios.Workload("Growing", "grow"),
                                                 scenarios.Workload("Heavy churn", "game_frame_10")))
        self.assertEqual(shown.ops, {"create", "add_remove_large"})
        self.assertEqual(shown.memory, {"simple_iter", "add_remove_large", "game_frame_10"})
        self.assertEqual(shown.change_rates, (("changed_1", 1.0), ("changed_10", 10.0)))
        # the tracking table's columns in catalogue order, each with the scenario it is compared with
        self.assertEqual(shown.tracking, (("simple_iter_tracked", "simple_iter"), ("added_1", "added_1_scan")))
        # a query-count series: its base at Q = 0, then its members by Q (not in catalogue order)
        self.assertEqual(shown.query_series, (("simple_iter", ((0, "simple_iter"), (1, "pass_q1"), (10, "pass_q10"))),))
        self.assertEqual(shown.headline_scenarios, {"simple_iter", "create", "changed_1"})

    def test_the_headline_command_names_the_first_page_s_workloads_in_their_places(self) -> None:
        path = self.write("scenarios.csv", self.TEXT)
        code, out, _ = said(scenarios.main, ["headline", path])
        self.assertEqual((code, out), (0, "simple_iter create changed_1\n"))

    def test_the_reference_run_s_catalogue_gives_the_first_page(self) -> None:
        shown = scenarios.read_catalogue(support.SCENARIOS_CSV)
        self.assertEqual(len(shown.workloads), 16)
        self.assertEqual(shown.workloads[0], scenarios.Workload("Iterating a stable world", "simple_iter"))
        self.assertEqual([w.scenario for w in shown.frame_workloads], ["grow", "new_sets", "game_frame_10"])
        self.assertEqual(shown.change_rates, (("changed_0_1", 0.1), ("changed_1", 1.0), ("changed_10", 10.0),
                                              ("changed_100", 100.0)))
        self.assertEqual(shown.tracking, (("added_1", "added_1_scan"), ("added_10", "added_10_scan"),
                                          ("simple_iter_tracked", "simple_iter"), ("add_remove_tracked", "add_remove")))
        self.assertEqual(shown.query_series, ())  # measured before the query-count scenarios existed

    def test_descriptors_of_older_code_are_refused_naming_the_file(self) -> None:
        path = self.write("scenarios.csv", "scenario,family,unit,strategy,sizes,fresh,frames,description\n"
                                           'create,structural,entity,bitmask,"1024",1,0,"make"\n')
        with self.assertRaises(CsvError) as e:
            scenarios.read(path)
        message = str(e.exception)
        self.assertTrue(message.startswith(f"{path}: no column figures, headline_place, headline, frame_place, "
                                           "frame_answer, change_percent, tracking_reference, query_base, live_queries: "
                                           "written by the --describe of older code"),
                        message)
        self.assertNotIn("\n", message)
        code, _, err = said(scenarios.main, ["headline", path])
        self.assertEqual(code, 1)
        self.assertIn(path, err)


    def test_a_published_run_of_older_code_is_refused_by_the_report(self) -> None:
        run = support.make_run(self.path("run"), record=False)
        path = self.write("run/scenarios.csv", "scenario,family,unit,strategy,sizes,fresh,frames,description\n"
                                               'simple_iter,iteration,entity,a,"1024",0,0,"a pass"\n')
        manifest.record(run, ["."])
        with self.assertRaises(CsvError) as e:
            report.table(report.Results(os.path.join(run, "results.csv")), "answers 1024")
        self.assertTrue(str(e.exception).startswith(f"{path}: no column figures"), str(e.exception))


if __name__ == "__main__":
    unittest.main()

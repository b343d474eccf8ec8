"""prune-runs: which run folders a later whole run of their machine type and kind supersedes, listed by default and
removed with --remove, on planted folders."""

import os
import unittest

import support
from analysis import prune

DESIGNS = "raw archetype sparse archetype~aa"


class Planted(support.TempDir):
    def plant(self, name: str, machine: str = "box-2c", date: str = "2026-12-01T00:00:00Z", quick: bool = False,
              scenarios: str = "", variants: str = DESIGNS, paired: str = "1") -> str:
        os.makedirs(self.path(name))
        self.write(f"{name}/metadata.csv", f"key,value\nmachine_id,{machine}\ndate,{date}\nvariants,{variants}\n"
                   f"quick,{1 if quick else 0}\nbench_scenarios,{scenarios}\nbench_sizes,\npaired,{paired}\n")
        return self.path(name)

    def listed(self) -> dict[str, str]:
        return {os.path.basename(old.path): os.path.basename(new.path) for old, new in prune.superseded(self.dir)}

    def test_each_machine_type_and_kind_keeps_its_latest_whole_run(self) -> None:
        self.plant("box-2c-old", date="2026-11-01T00:00:00Z")
        self.plant("box-2c")
        self.plant("box-2c-quick", quick=True, date="2026-12-09T00:00:00Z")
        self.plant("box-2c-subset", scenarios="simple_iter")
        self.plant("box-2c-fewer", variants="raw archetype archetype~aa", date="2026-11-09T00:00:00Z")
        self.plant("box-2c-fewer-later", variants="raw archetype archetype~aa", date="2026-12-09T00:00:00Z")
        self.plant("box-2c-separate", paired="0", date="2026-10-01T00:00:00Z")
        self.plant("other-4c", machine="other-4c", date="2026-01-01T00:00:00Z")
        self.plant("other-4c-quick", machine="other-4c", quick=True)
        self.assertEqual(self.listed(), {"box-2c-old": "box-2c", "box-2c-quick": "box-2c",
                                         "box-2c-subset": "box-2c", "box-2c-fewer": "box-2c-fewer-later",
                                         "other-4c-quick": "other-4c"})

    def test_a_run_with_a_design_no_later_run_holds_and_a_folder_without_metadata_are_kept(self) -> None:
        self.plant("box-2c-old", date="2026-11-01T00:00:00Z", variants=DESIGNS + " retired")
        self.plant("box-2c")
        os.makedirs(self.path("notes"))
        self.write("notes/README.md", "not a run\n")
        self.plant("only-quick", machine="only-quick", quick=True)
        self.assertEqual(self.listed(), {})

    def test_a_dry_run_removes_nothing_and_remove_removes_only_the_superseded(self) -> None:
        old = self.plant("box-2c-old", date="2026-11-01T00:00:00Z")
        self.plant("box-2c")
        status, out, err = support.run_cli("prune-runs", self.dir)
        self.assertEqual(status, 0)
        self.assertIn(f"superseded: {old} (measured 2026-11-01T00:00:00Z; ", out)
        self.assertIn("1 superseded run(s)", err)
        self.assertTrue(os.path.isdir(old))
        status, _, err = support.run_cli("prune-runs", self.dir, "--remove")
        self.assertEqual((status, os.path.exists(old), os.path.isdir(self.path("box-2c"))), (0, False, True))
        self.assertIn("removed 1 superseded run(s)", err)
        self.assertEqual(support.run_cli("prune-runs", self.path("no-such-folder"))[0], 1)


if __name__ == "__main__":
    unittest.main()

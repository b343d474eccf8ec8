"""What the analysis tests share: the package on the import path, and temporary files."""

import os
import shutil
import sys
import tempfile
import unittest

ANALYSIS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "analysis")
sys.path.insert(0, os.path.abspath(ANALYSIS))

RUN_HEADER = ("strategy,scenario,n,unit,query_kind,samples,inner,median_ns,min_ns,max_ns,mad_ns,bytes_per_entity,"
              "peak_bytes_per_entity,checksum,memory,layout_seed,warmup_ms,observed_ns,compiler,flags,instructions_per_unit,"
              "cycles_per_unit,l1d_misses_per_unit,llc_misses_per_unit,counter_events")


def run_row(strategy, scenario, n, median, checksum="00ab", memory="warm", seed="0001", unit="entity", observed=""):
    """One runs.csv row as the bench binaries print it."""
    return (f"{strategy},{scenario},{n},{unit},,5,10,{median},{median * 0.9:.6g},{median * 1.1:.6g},0.01,100.00,"
            f"100.00,{checksum},{memory},{seed},10.0,{observed},\"gcc\",\"-O3\",,,,,")


class TempDir(unittest.TestCase):
    """A test with a temporary folder of its own (self.dir) and a helper to write files into it."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def runs(self, name, rows):
        return self.write(name, RUN_HEADER + "\n" + "\n".join(rows) + "\n")

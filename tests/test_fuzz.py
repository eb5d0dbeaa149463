"""Fuzzing the loader and the VM with llvm-stress (a handful of fixed seeds;
tools/fuzz_stress.py runs hundreds).

Each seed's random function is wrapped in a module with a `main` and fed to
`divm run`, `divm run -o ignore:...` and `divm verify --max-states 50`: each
must run, refuse the input with one `divm: error:` line, or report a program
error; no traceback, no internal error, no hang, and `run` and `verify`
agree on the (deterministic, single-threaded) program's verdict.

The seeds were picked among those that finish quickly (random functions
often loop forever; those cost a timeout each): llvm-stress-22 -size 100
seeds 1, 2, 3, 9, 12, 13 (memory, undefined and integer errors, vector
stores, shuffles, selects on constants) and -size 300 seeds 1000, 1008."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import fuzz_stress  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which(fuzz_stress.STRESS) is None, reason="llvm-stress-22 not installed")

SEEDS = [(1, 100), (2, 100), (3, 100), (9, 100), (12, 100), (13, 100), (1000, 300), (1008, 300)]


@pytest.mark.parametrize("seed,size", SEEDS, ids=[f"{s}-size{n}" for s, n in SEEDS])
def test_stress_seed(seed, size):
    res = fuzz_stress.check_seed(seed, size=size, timeout=60.0)
    assert not res.skipped, res.skipped
    assert not res.findings, res.findings
    for name, o in res.outcomes():
        assert o.kind in ("ran", "refused", "error", "loops"), (name, o)


def test_script_runs_and_summarises():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "fuzz_stress.py"), "--seeds", "1",
                        "--start", "12"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "seed 12:" in r.stdout and "1 seeds, 0 skipped, 1 checked, 0 with findings" in r.stdout, r.stdout

"""DiVM/DiOS conformance: the programs of tests/conformance/ (the task API,
fault configuration, frames and jumps, memory metadata, return-value checks,
boot errors) run with tests/verify/'s in test_verify.py; here, what they
cannot say in their header."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def divm(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


def test_run_reports_boot_error(tmp_path):
    rep = str(tmp_path / "r.json")
    r = divm("run", "--report", rep, os.path.join(ROOT, "tests", "conformance", "bad_boot.c"))
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert json.load(open(rep))["result"] == "boot-error"


@pytest.mark.parametrize("opt", ["ncpus:x", "simfail:free", "force-ignore:nothing", "report"])
def test_bad_dios_options(opt, tmp_path):
    r = divm("verify", "-o", opt, os.path.join(ROOT, "tests", "conformance", "ncpus_ok.c"))
    assert r.returncode == 2 and "unknown option" in r.stderr, r.stderr

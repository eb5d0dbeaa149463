"""DiVM/DiOS conformance: the task API, fault configuration, frames and
jumps, memory metadata, return-value checks and boot errors, each in a
small program of tests/conformance/ written like tests/verify/ (`// expect:
valid | boot-error | error KIND`, `// options:`, `// ERROR` on the line of
the innermost frame)."""

import glob
import json
import os
import re
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = sorted(glob.glob(os.path.join(ROOT, "tests", "conformance", "*.c")))


def meta(path: str) -> tuple[str, str | None, list[str], list[int]]:
    text = open(path).read()
    m = re.search(r"//\s*expect:\s*(valid|boot-error|error\s+(\w+))", text)
    assert m, f"{path}: no // expect: line"
    opts = re.search(r"//\s*options:\s*(.*)", text)
    lines = [i + 1 for i, line in enumerate(text.splitlines()) if re.search(r"//\s*ERROR\b", line)]
    return m.group(1).split()[0], m.group(2), shlex.split(opts.group(1)) if opts else [], lines


def divm(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


@pytest.mark.parametrize("path", PROGRAMS, ids=[os.path.basename(p)[:-2] for p in PROGRAMS])
def test_conformance(path, tmp_path):
    verdict, kind, opts, lines = meta(path)
    rep, trace = str(tmp_path / "r.json"), str(tmp_path / "t.json")
    r = divm("verify", *opts, "--report", rep, "--trace-out", trace, path)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    report = json.load(open(rep))
    assert report["result"] == verdict, (report, r.stderr[-3000:])
    assert r.returncode == {"valid": 0, "error": 1, "boot-error": 1}[verdict]
    if verdict != "error":
        return
    err = report["error"]
    assert err["kind"] == kind, (err, r.stderr[-3000:])
    if lines:
        bt = err["backtrace"]
        assert bt and bt[0]["file"].endswith(os.path.basename(path)), err
        assert bt[0]["line"] in lines, err
    rp = divm("replay", path, trace)
    assert rp.returncode == 1, rp.stdout + rp.stderr
    assert f"error: {kind}" in rp.stderr, rp.stderr


def test_run_reports_boot_error(tmp_path):
    rep = str(tmp_path / "r.json")
    r = divm("run", "--report", rep, os.path.join(ROOT, "tests", "conformance", "bad_boot.c"))
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert json.load(open(rep))["result"] == "boot-error"


@pytest.mark.parametrize("opt", ["ncpus:x", "simfail:free", "force-ignore:nothing", "report"])
def test_bad_dios_options(opt, tmp_path):
    r = divm("verify", "-o", opt, os.path.join(ROOT, "tests", "conformance", "ncpus_ok.c"))
    assert r.returncode == 2 and "unknown option" in r.stderr, r.stderr

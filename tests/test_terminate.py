"""Termination proofs (divm/prove/terminate.py): a ranking function for
every loop, and above all no proof for a program with a run that never
ends.  tests/terminate/*.c say what the prover must answer
(`// termination: proved|not|unfit`; `not` marks programs that have such
a run, argued in their comments)."""

from __future__ import annotations

import glob
import json
import os
import re
import subprocess
import sys

import pytest

from divm.load.loader import load_program
from divm.prove.terminate import prove_termination
from divm.prove.encode import Options

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = sorted(glob.glob(os.path.join(ROOT, "tests", "terminate", "*.c")))


@pytest.mark.parametrize("path", CASES, ids=[os.path.basename(p)[:-2] for p in CASES])
def test_termination_proof(path):
    want = re.search(r"//\s*termination:\s*(\w+)", open(path).read()).group(1)
    res = prove_termination(load_program(path), Options(), 60)
    if want == "not":
        assert res.status != "proved", res
    elif want == "unfit":
        assert res.status == "unfit", res
    else:
        assert res.status == "proved", res
        assert res.rankings


UNBOUNDED = [p for p in CASES if re.search(r"//\s*unbounded:", open(p).read())]


@pytest.mark.parametrize("path", UNBOUNDED, ids=[os.path.basename(p)[:-2] for p in UNBOUNDED])
def test_termination_proof_without_wraps(path):
    """SV-COMP's termination counts with unbounded signed integers
    (wrap_undefined): `// unbounded: proved|not` says what the prover must
    answer there."""
    want = re.search(r"//\s*unbounded:\s*(\w+)", open(path).read()).group(1)
    res = prove_termination(load_program(path), Options(wrap_undefined=True), 60)
    assert (res.status == "proved") == (want == "proved"), res


def test_verify_termination_by_ranking(tmp_path):
    """divm verify --symbolic --termination: the search cannot end (the
    inputs are unbounded), the proof gives `valid`, with the ranking
    function over the C names in the report."""
    report = tmp_path / "r.json"
    r = subprocess.run([sys.executable, "-m", "divm", "verify", "--symbolic", "--termination", "--max-time", "120",
                        "--report", str(report), os.path.join(ROOT, "tests", "terminate", "rank_nested_ok.c")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "every loop and recursion has a ranking function" in r.stderr + r.stdout
    data = json.loads(report.read_text())
    assert data["result"] == "valid"
    assert [x["ranking"] for x in data["proof"]["rankings"]] == ["n - i", "i - j"]


def test_no_proof_of_a_run_that_never_ends():
    """tools/termfuzz.py on a few seeds: random loops over two 8-bit inputs
    whose truth a native program works out state by state."""
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "termfuzz.py"), "--seeds", "12", "--jobs", "1",
                        "--timeout", "20"], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr
    summary = r.stdout.strip().splitlines()[-1]
    assert "WRONG" not in summary and "proved" in summary, summary


def test_recursion_ranked_with_exact_integers():
    """Ackermann's function is ranked lexicographically by (m, n) when the
    clauses read signed arithmetic exactly (SV-COMP's reading), where the
    wrapping clauses cannot rule out that n + 1 wraps; over unbounded
    integers a term that shrinks must also be bounded below: f(n + 1)
    from n = 1 is not ranked by -n."""
    from divm.prove.terminate import exact_termination
    ack = load_program(os.path.join(ROOT, "tests", "svcomp", "term_rec_lex_true.c"))
    res = exact_termination(ack, Options(wrap_undefined=True), 60)
    assert res is not None and res.status == "proved" and res.rankings[0]["recursion"], res
    grows = load_program(os.path.join(ROOT, "tests", "svcomp", "term_rec_grows_unknown.c"))
    assert exact_termination(grows, Options(wrap_undefined=True), 30) is None

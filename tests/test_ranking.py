"""Termination proofs over unbounded integers (divm/prove/ranking.py, for
`divm svcomp`): never for a program with a run that never ends."""

from __future__ import annotations

import glob
import os
import re
import subprocess
import sys

import pytest

from divm.cli.proof import c_locals
from divm.load.loader import load_program
from divm.prove.ranking import terminates

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TERMINATE = sorted(glob.glob(os.path.join(ROOT, "tests", "terminate", "*.c")))
ENDLESS = [p for p in TERMINATE if re.search(r"//\s*(termination|unbounded):\s*not", open(p).read())]


@pytest.mark.parametrize("path", ENDLESS, ids=[os.path.basename(p)[:-2] for p in ENDLESS])
def test_no_proof_for_a_program_with_an_endless_run(path):
    assert terminates(load_program(path), 30) is None


def prove(tmp_path, body: str):
    src = tmp_path / "p.c"
    src.write_text("extern int __VERIFIER_nondet_int(void);\nextern unsigned __VERIFIER_nondet_uint(void);\n"
                   "int main(void)\n{\n" + body + "\n    return 0;\n}\n")
    prog = load_program(str(src))
    return terminates(prog, 30, c_locals(prog))


@pytest.mark.parametrize("body,ranking", [
    # 6 * n + 6 may leave int's range in C's arithmetic only after the loop has ended
    ("    int n = 0, k = __VERIFIER_nondet_int();\n    while (6 * n + 6 <= k)\n        n = n + 1;", "k + -6*n"),
    # lexicographic: y runs down, then x steps down once and y starts again
    ("    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
     "    while (x > 0 && y > 0) {\n        if (__VERIFIER_nondet_int())\n            x = x - 1;\n"
     "        else\n            y = y - 1;\n    }", None),
    # a loop inside a loop: each ends, the outer one by i
    ("    int i = __VERIFIER_nondet_int(), j;\n    while (i > 0) {\n        j = i;\n"
     "        while (j > 0)\n            j = j - 1;\n        i = i - 1;\n    }", None),
])
def test_loops_that_end(tmp_path, body, ranking):
    r = prove(tmp_path, body)
    assert r is not None and r.rankings
    if ranking:
        assert ranking in r.rankings[0]["ranking"]


@pytest.mark.parametrize("body", [
    # x stays put below 10
    "    int x = __VERIFIER_nondet_int();\n    while (x != 10)\n        if (x > 10)\n            x = x - 1;",
    # unbounded growth: no ranking can exist
    "    int i = 1;\n    while (i > 0)\n        i = i + 1;",
    # 8-bit conversion wraps (C defines it): c + 1 never leaves 0..255 in c, and c < 300 always holds
    "    unsigned char c = 0;\n    while (c < 300)\n        c = (unsigned char)(c + 1);",
    # an input keeps the loop going as long as it likes
    "    int x = 5;\n    while (x > 0)\n        if (__VERIFIER_nondet_int())\n            x = x - 1;",
])
def test_no_proof_where_a_run_never_ends(tmp_path, body):
    assert prove(tmp_path, body) is None


def test_no_proof_of_a_random_loop_with_an_endless_run():
    """tools/termfuzz.py --prover ranking: random loops over two 8-bit
    inputs whose truth a native program works out state by state."""
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "termfuzz.py"), "--prover", "ranking",
                        "--seeds", "16", "--jobs", "1", "--timeout", "10"], capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr
    summary = r.stdout.strip().splitlines()[-1]
    assert "WRONG" not in summary and "proved" in summary, summary


def test_a_reach_error_the_program_defines_returns(tmp_path):
    # SV-COMP's termination: reach_error() {} is a call like any other, the run goes on
    src = tmp_path / "p.c"
    src.write_text("void reach_error(void) {}\nint main(void)\n{\n    int x = 1;\n    while (x > 0) {\n"
                   "        if (x >= 5) {\n            reach_error();\n            x = 2;\n        }\n"
                   "        x = x + 1;\n    }\n    return 0;\n}\n")
    assert terminates(load_program(str(src)), 30) is None
    from divm.prove.recur import nonterminating
    assert nonterminating(load_program(str(src)), 30) is not None

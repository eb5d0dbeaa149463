"""Proofs that some run never ends (divm/prove/recur.py, SV-COMP's
termination read with unbounded integers): never for a program whose
runs all end, and with inputs that lead into the endless loop."""

from __future__ import annotations

import glob
import os
import re
import subprocess
import sys

import pytest

from divm.load.loader import load_program
from divm.prove.recur import nonterminating

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TERMINATE = sorted(glob.glob(os.path.join(ROOT, "tests", "terminate", "*.c")))
ENDING = [p for p in TERMINATE if re.search(r"//\s*termination:\s*proved", open(p).read())
          and not re.search(r"//\s*unbounded:\s*not", open(p).read())]


@pytest.mark.parametrize("path", ENDING, ids=[os.path.basename(p)[:-2] for p in ENDING])
def test_no_proof_for_a_program_whose_runs_end(path):
    assert nonterminating(load_program(path), 30) is None


def prove(tmp_path, body: str):
    src = tmp_path / "p.c"
    src.write_text("extern int __VERIFIER_nondet_int(void);\nextern unsigned __VERIFIER_nondet_uint(void);\n"
                   "extern void __VERIFIER_assume(int);\nint main(void)\n{\n" + body + "\n    return 0;\n}\n")
    return nonterminating(load_program(str(src)), 30)


def test_inputs_lead_into_the_endless_loop(tmp_path):
    # x below 10 stays put for ever; from 10 on it counts down to 10 and stops
    p = prove(tmp_path, "    int x = __VERIFIER_nondet_int();\n"
                        "    while (x != 10)\n        if (x > 10)\n            x = x - 1;")
    assert p is not None and p.function == "main" and p.line == 7
    (inp,) = p.inputs
    value = inp["value"] - (1 << 32) if inp["value"] >> 31 else inp["value"]
    assert inp["function"] == "__VERIFIER_nondet_int" and inp["line"] == 6 and value < 10
    assert p.cycle[0]["line"] == 7


def test_values_that_grow_for_ever(tmp_path):
    # signed values without bound: SV-COMP's integers never wrap
    p = prove(tmp_path, "    int i = 0, s = 0;\n    while (s >= i) {\n        i = i + 1;\n        s = s + i;\n    }")
    assert p is not None and not p.inputs


def test_inputs_of_the_body_fixed_each_round(tmp_path):
    """An input may leave the loop on any pass, but the run where it never
    does (the call returns 0 every time) goes on for ever: x grows without
    bound.  The cycle says the value."""
    p = prove(tmp_path, "    int x = 1;\n    while (x > 0) {\n        if (__VERIFIER_nondet_int())\n"
                        "            break;\n        x = x + 1;\n    }")
    assert p is not None and not p.inputs
    each = [c["input"] for c in p.cycle if "input" in c]
    assert each == [{"function": "__VERIFIER_nondet_int", "value": 0, "bits": 32}], p.cycle


@pytest.mark.parametrize("body", [
    # unsigned arithmetic wraps: x + 1 reaches 0
    "    unsigned x = __VERIFIER_nondet_uint();\n    while (x != 0)\n        x = x + 1;",
    # an assumption in the body may end a run (none is taken on)
    "    int x = 1;\n    while (x > 0) {\n        __VERIFIER_assume(__VERIFIER_nondet_int() > 0);\n"
    "        x = x + 1;\n    }",
    # a signed value that leaves the range in C: 8-bit conversions wrap (implementation-defined, not UB)
    "    signed char c = 1;\n    while (c != 0)\n        c = (signed char)(c + 1);",
    # an assumption that fails ends every run at i == 50
    "    int i = 0;\n    while (1) {\n        if (i >= 50)\n            __VERIFIER_assume(0);\n"
    "        i = i + 1;\n    }",
])
def test_no_proof_where_a_run_may_end(tmp_path, body):
    assert prove(tmp_path, body) is None


def test_no_endless_proof_of_a_random_loop_that_ends():
    """tools/termfuzz.py --prover recur: random loops over two 8-bit inputs
    whose truth a native program works out state by state."""
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "termfuzz.py"), "--prover", "recur",
                        "--seeds", "16", "--jobs", "1", "--timeout", "10"], capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr
    summary = r.stdout.strip().splitlines()[-1]
    assert "WRONG" not in summary and "proved" in summary, summary

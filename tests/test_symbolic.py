"""`--symbolic`: every input value at once.  The corpus is tests/symbolic/*.c
(verdicts and error lines are checked with the others in test_verify.py);
here the differential checks: a symbolic counterexample's inputs, run
concretely, reach the same error; enumerating a range agrees with the
symbolic verdict; a search that had to give up on values is never valid."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYM = os.path.join(ROOT, "tests", "symbolic")


def divm(*args, **kw):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600, **kw)


SEQUENTIAL_BUGS = [("arith_bug.c", "assert"), ("divzero_bug.c", "integer"), ("loop_bound_bug.c", "memory"),
                   ("array_index_bug.c", "memory"), ("switch_bug.c", "assert")]


@pytest.mark.parametrize("name,kind", SEQUENTIAL_BUGS, ids=[n for n, _ in SEQUENTIAL_BUGS])
def test_inputs_replay_concretely(name, kind, tmp_path):
    """The model of a symbolic error, given to a concrete run, reaches the same error."""
    prog = os.path.join(SYM, name)
    rep = tmp_path / "r.json"
    r = divm("verify", "--symbolic", "--tests-out", str(tmp_path / "tests"), "--report", str(rep),
             "--trace-out", str(tmp_path / "t.json"), prog)
    assert r.returncode == 1, r.stderr
    report = json.loads(rep.read_text())
    assert report["inputs"] and all(isinstance(i["value"], int) for i in report["inputs"])
    assert report["solver_queries"] > 0 and report["solver_seconds"] >= 0
    assert "__VERIFIER_nondet_" in r.stderr and "test case written" in r.stderr
    test = report["test"]
    assert json.load(open(test))["inputs"] == report["inputs"]
    run = divm("run", "--inputs", test, "--report", str(tmp_path / "run.json"), prog)
    got = json.loads((tmp_path / "run.json").read_text())
    assert got["result"] == "error", (got, run.stderr)
    assert got["error"]["kind"] == kind, got


def test_arith_bug_model_is_the_one_input():
    """Only x = 0x3f3ae117 hashes to 0x12345678: the model must find it."""
    r = divm("verify", "--symbolic", os.path.join(SYM, "arith_bug.c"))
    assert "= 1060822295" in r.stderr, r.stderr


@pytest.mark.parametrize("name,rng,verdict", [
    ("loop_bound_ok.c", "0:20", "valid"), ("array_index_ok.c", "-3:12", "valid"),
    ("loop_bound_bug.c", "6:9", "error"), ("array_index_bug.c", "-2:2", "error")])
def test_sampling_agrees(name, rng, verdict, tmp_path):
    """Enumerating a range of concrete values gives the symbolic verdict."""
    prog = os.path.join(SYM, name)
    for opts in (["--symbolic"], ["--nondet-range", rng]):
        rep = tmp_path / "r.json"
        divm("verify", *opts, "--report", str(rep), "--trace-out", str(tmp_path / "t.json"), prog)
        assert json.loads(rep.read_text())["result"] == verdict, opts


def test_too_many_values_is_inconclusive(tmp_path):
    """A symbolic allocation size has to be made concrete; with more values
    than are tried, the answer cannot be valid."""
    src = tmp_path / "p.c"
    src.write_text("#include <stdlib.h>\nextern unsigned __VERIFIER_nondet_uint(void);\n"
                   "int main(void) { unsigned n = __VERIFIER_nondet_uint();\n"
                   "  char *p = malloc(n % 1000 + 1); if (p) { p[0] = 1; free(p); } return 0; }\n")
    rep = tmp_path / "r.json"
    r = divm("verify", "--symbolic", "--report", str(rep), str(src))
    report = json.loads(rep.read_text())
    assert report["result"] == "inconclusive", (report, r.stderr)
    assert r.returncode == 3 and "feasible values" in report["reason"]


def test_small_domain_is_decided(tmp_path):
    """A value with few feasible values is enumerated completely: valid."""
    src = tmp_path / "p.c"
    src.write_text("#include <stdlib.h>\n#include <assert.h>\nextern unsigned __VERIFIER_nondet_uint(void);\n"
                   "int main(void) { unsigned n = __VERIFIER_nondet_uint() % 4 + 1;\n"
                   "  char *p = malloc(n); if (p) { p[n - 1] = 1; assert(p[n - 1] == 1); free(p); } return 0; }\n")
    r = divm("verify", "--symbolic", str(src))
    assert r.returncode == 0, r.stderr


def test_run_symbolic_follows_one_path(tmp_path):
    src = tmp_path / "p.c"
    src.write_text("#include <stdio.h>\nextern int __VERIFIER_nondet_int(void);\n"
                   "int main(void) { int x = __VERIFIER_nondet_int();\n"
                   "  if (x > 5) puts(\"big\"); else puts(\"small\"); return 0; }\n")
    r = divm("run", "--symbolic", str(src))
    assert r.returncode == 0 and r.stdout in ("big\n", "small\n"), r.stderr


def test_options_are_checked(tmp_path):
    prog = os.path.join(SYM, "arith_ok.c")
    r = divm("verify", "--symbolic", "--workers", "2", prog)
    assert r.returncode == 2 and "--symbolic" in r.stderr
    r = divm("verify", "--tests-out", str(tmp_path), prog)
    assert r.returncode == 2 and "--symbolic" in r.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"inputs": ["x"]}')
    r = divm("run", "--inputs", str(bad), prog)
    assert r.returncode == 2 and "number" in r.stderr and "Traceback" not in r.stderr


def test_replay_takes_decisions_from_the_inputs(tmp_path):
    """divm replay of a symbolic trace needs no solver: the recorded inputs
    decide every branch; inputs that lead elsewhere do not fit the trace."""
    prog = os.path.join(SYM, "arith_bug.c")
    trace = tmp_path / "t.json"
    assert divm("verify", "--symbolic", "--trace-out", str(trace), prog).returncode == 1
    t = json.loads(trace.read_text())
    assert t["inputs"][0]["value"] == 1060822295 and t["inputs"][0]["function"] == "__VERIFIER_nondet_uint"
    assert t["inputs"][0]["line"] == 8 and t["inputs"][0]["step"] == 1
    r = divm("replay", prog, str(trace))
    assert r.returncode == 1 and "error: assert" in r.stderr and "= 1060822295" in r.stderr, r.stderr
    t["inputs"][0]["value"] = 5
    (tmp_path / "bad.json").write_text(json.dumps(t))
    r = divm("replay", prog, str(tmp_path / "bad.json"))
    assert r.returncode == 2 and "does not fit" in r.stderr, r.stderr

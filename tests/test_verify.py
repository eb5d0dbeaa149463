"""`divm verify` on small programs whose verdict we can argue.

Each tests/verify/*.c (and tests/conformance/*.c, DiVM/DiOS interfaces as
DIVINE's programs use them, tests/symbolic/*.c, run with --symbolic, and
tests/prove/*.c) starts with `// expect: valid`, `// expect: boot-error`
or `// expect: error KIND`, may give `// options: ...`, and marks the lines where an error may strike
with `// ERROR`.  Every counterexample's trace must replay to the same error."""

import glob
import json
import os
import re
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = sorted(glob.glob(os.path.join(ROOT, "tests", "verify", "*.c"))
                  + glob.glob(os.path.join(ROOT, "tests", "conformance", "*.c"))
                  + glob.glob(os.path.join(ROOT, "tests", "symbolic", "*.c"))
                  + glob.glob(os.path.join(ROOT, "tests", "prove", "*.c")))


def meta(path):
    text = open(path).read()
    m = re.search(r"//\s*expect:\s*(valid|inconclusive|boot-error|error\s+(\w+))", text)
    assert m, f"{path}: no // expect: line"
    opts = re.search(r"//\s*options:\s*(.*)", text)
    lines = [i + 1 for i, line in enumerate(text.splitlines()) if re.search(r"//\s*ERROR\b", line)]
    return m.group(1).split()[0], m.group(2), shlex.split(opts.group(1)) if opts else [], lines


def divm(*args):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


@pytest.mark.parametrize("path", PROGRAMS, ids=[os.path.basename(p)[:-2] for p in PROGRAMS])
def test_verify(path, tmp_path):
    verdict, kind, opts, lines = meta(path)
    rep, trace = str(tmp_path / "r.json"), str(tmp_path / "t.json")
    r = divm("verify", *opts, "--report", rep, "--trace-out", trace, path)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    report = json.load(open(rep))
    assert report["result"] == verdict, (report, r.stderr[-3000:])
    assert r.returncode == {"valid": 0, "error": 1, "boot-error": 1, "inconclusive": 3}[verdict]
    if verdict != "error":
        return
    err = report["error"]
    assert err["kind"] == kind, (err, r.stderr[-3000:])
    if lines:
        bt = err["backtrace"]
        assert bt and bt[0]["file"].endswith(os.path.basename(path)), err
        assert bt[0]["line"] in lines, err
    # the counterexample replays to the same error
    rp = divm("replay", path, trace)
    assert rp.returncode == 1, rp.stdout + rp.stderr
    assert f"error: {kind}" in rp.stderr, rp.stderr


def test_undefined_value_origin(tmp_path):
    """A branch on a value an over-wide shift made: the counterexample
    names the shift too (the path re-run with shifts checked)."""
    path = os.path.join(ROOT, "tests", "verify", "shift_poison_bug.c")
    origin = next(i + 1 for i, line in enumerate(open(path)) if "// ORIGIN" in line)
    rep = str(tmp_path / "r.json")
    r = divm("verify", "--report", rep, "--trace-out", str(tmp_path / "t.json"), path)
    assert r.returncode == 1, r.stderr
    err = json.load(open(rep))["error"]
    assert err["kind"] == "undefined"
    assert err["origin"]["kind"] == "integer" and "shift amount out of range: 1 << 32" in err["origin"]["message"]
    assert err["origin"]["backtrace"][0]["line"] == origin
    assert f"shift_poison_bug.c:{origin} (main): shift amount out of range" in r.stderr + r.stdout


def test_replay_refuses_foreign_traces(tmp_path):
    race = os.path.join(ROOT, "tests", "verify", "race_counter.c")
    other = os.path.join(ROOT, "tests", "verify", "mutex_counter.c")
    trace = str(tmp_path / "t.json")
    assert divm("verify", "--trace-out", trace, race).returncode == 1
    r = divm("replay", other, trace)
    assert r.returncode == 2 and "different program" in r.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert divm("replay", race, str(bad)).returncode == 2
    t = json.load(open(trace))
    t["version"] = 99
    (tmp_path / "v.json").write_text(json.dumps(t))
    r = divm("replay", race, str(tmp_path / "v.json"))
    assert r.returncode == 2 and "version" in r.stderr
    t["version"] = 1
    t["steps"][-1]["choices"].append([5, 7])
    (tmp_path / "s.json").write_text(json.dumps(t))
    r = divm("replay", race, str(tmp_path / "s.json"))
    assert r.returncode == 2 and "does not fit" in r.stderr


def test_state_limit_is_inconclusive(tmp_path):
    rep = str(tmp_path / "r.json")
    r = divm("verify", "--max-states", "3", "--report", rep,
             os.path.join(ROOT, "tests", "verify", "mutex_counter.c"))
    assert r.returncode == 3
    data = json.load(open(rep))
    assert data["result"] == "inconclusive" and data["states"] >= 3


def test_wide_nondet_without_range_is_never_valid(tmp_path):
    src = tmp_path / "n.c"
    src.write_text("extern int __VERIFIER_nondet_int(void);\n"
                   "int main(void) { int x = __VERIFIER_nondet_int(); return x > 1000 ? 1 : 0; }\n")
    r = divm("verify", str(src))
    assert r.returncode == 3, r.stderr
    assert divm("verify", "--nondet-range", "0:5", str(src)).returncode == 0


def test_search_orders_agree():
    p = os.path.join(ROOT, "tests", "verify", "mutex_counter.c")
    counts = []
    for order in ("dfs", "bfs"):
        r = divm("verify", "--search", order, p)
        assert r.returncode == 0, r.stderr
        counts.append(re.search(r"(\d+) states", r.stderr).group(1))
    assert counts[0] == counts[1]


def test_reduction_saves_states():
    """Accesses to thread-private objects are not interrupt points."""
    p = os.path.join(ROOT, "tests", "verify", "private_work.c")
    counts = []
    for extra in ([], ["--no-reduce"]):
        r = divm("verify", "-o", "nofail:malloc", *extra, p)
        assert r.returncode == 0, r.stderr
        counts.append(int(re.search(r"(\d+) states", r.stderr).group(1)))
    assert counts[0] < counts[1], counts


@pytest.mark.parametrize("opt", ["-O1", "-O2"])
@pytest.mark.parametrize("name", ["scope_loop_ok", "scope_struct_ok", "scope_pass_ok"])
def test_block_variables_after_the_optimiser(name, opt, tmp_path):
    """An optimiser hoists a block variable's addresses out of its loop: the
    variable keeps its id when it is made again, as IR's semantics has it
    (with divm cc's own flags it gets a new one: tests/verify/scope_*)."""
    bc = str(tmp_path / "p.bc")
    r = divm("cc", opt, os.path.join(ROOT, "tests", "verify", name + ".c"), "-o", bc)
    assert r.returncode == 0, r.stderr
    r = divm("verify", bc)
    assert r.returncode == 0, r.stderr[-2000:]

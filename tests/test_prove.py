"""The Horn-clause prover (divm/prove): proofs of unbounded loops and
recursion for every input, and above all no proof of a program with an
error.  tests/prove/*.c say what the prover must answer (`// proof:`);
test_verify.py runs them through `divm verify` as well."""

from __future__ import annotations

import glob
import json
import os
import re
import shlex
import subprocess
import sys
from types import SimpleNamespace

import pytest

from divm.cli.proof import ProofAttempt, proof_options
from divm.load.loader import LLP64_TARGET, load_program
from divm.prove.chc import check, prove, solve
from divm.prove.encode import Encoder, Options
from divm.prove.scan import Scan

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROVE = sorted(glob.glob(os.path.join(ROOT, "tests", "prove", "*.c")))


def options_of(text: str) -> Options:
    m = re.search(r"//\s*options:\s*(.*)", text)
    argv = shlex.split(m.group(1)) if m else []
    opts = [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "-o"]
    return proof_options(SimpleNamespace(opts=opts))


@pytest.mark.parametrize("path", PROVE, ids=[os.path.basename(p)[:-2] for p in PROVE])
def test_proof(path):
    text = open(path).read()
    want = re.search(r"//\s*proof:\s*(\w+)", text).group(1)
    res = ProofAttempt(load_program(path), options_of(text), 120).wait(180)
    if want == "refuted":  # (or unknown: z3 may not find the derivation, the search does)
        assert res["status"] in ("refuted", "unknown"), res
    else:
        assert res["status"] == want, res
    if want == "proved":
        assert re.search(r"//\s*expect:\s*valid", text)


def expected_errors():
    """Every test program whose annotation says it has an error."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "*", "*.c"))):
        text = open(path, errors="replace").read()
        # (SV-COMP's termination is not a safety property: the prover does not run for it)
        if re.search(r"//\s*expect:\s*(error|boot-error)", text) or re.search(
                r"//\s*svcomp:\s*(unreach-call|no-overflow|valid-memsafety)\s+false", text):
            out.append(path)
    return out


ERRORS = expected_errors()


@pytest.mark.parametrize("path", ERRORS, ids=[os.path.relpath(p, ROOT)[6:-2] for p in ERRORS])
def test_no_proof_of_an_error(path):
    """The prover must never prove a program the tests know an error of
    (under the program's options; SV-COMP tasks under SV-COMP's)."""
    text = open(path, errors="replace").read()
    opts = options_of(text)
    if "// svcomp:" in text:
        prop = re.search(r"//\s*svcomp:\s*(\S+)", text).group(1)
        opts = Options(abort_error=False, exit_error=False, uninit_nondet=True, void_main=True,
                       overflow=prop == "no-overflow")
    flags = []
    task = re.search(r"//\s*svcomp:.*\btask=(\S+)", text)
    if task and "data_model: ILP32" in open(os.path.join(os.path.dirname(path), task.group(1))).read():
        flags = [LLP64_TARGET]  # (as divm svcomp compiles an ILP32 task)
    try:
        prog = load_program(path, flags)
    except Exception:  # noqa: BLE001 (programs that test load errors)
        return
    # (in a child process that is killed if z3 overruns its time)
    assert ProofAttempt(prog, opts, 3).wait(60)["status"] != "proved"


def test_invariants_are_checked():
    """A solution is trusted only when every clause holds with it: True for
    every predicate (which admits the error) fails the check."""
    prog = load_program(os.path.join(ROOT, "tests", "prove", "parity_loop_bug.c"))
    clauses = Encoder(Scan(prog), Options()).encode()
    preds = {a.decl().name(): a.decl() for c in clauses for a in [*c.body, *([c.head] if c.head is not None else [])]}
    import z3
    everything = {n: ([z3.Const(f"{n}@{i}", p.domain(i)) for i in range(p.arity())], z3.BoolVal(True))
                  for n, p in preds.items()}
    assert check(clauses, everything).startswith("a clause into an error")
    ok = load_program(os.path.join(ROOT, "tests", "prove", "parity_loop_ok.c"))
    res = solve(Encoder(Scan(ok), Options()).encode(), 60, inline=False)
    assert res.status == "proved" and res.invariants


UNFIT = {
    "pointer": ("int a[2]; int main(void) { return a[1]; }", "memory through a pointer"),
    "array": ("extern int __VERIFIER_nondet_int(void);\n"
              "int main(void) { int a[4]; a[__VERIFIER_nondet_int() & 3] = 1; return 0; }", "not a scalar"),
    "libc": ('#include <stdio.h>\nint main(void) { putchar(120); return 0; }', "calls putchar"),
    "runtime": ("void __dios_trace_f(const char *f, ...) {}\nint main(void) { return 0; }", "runtime's"),
    "cast": ("void f(void) {}\nint main(void) { return ((int (*)(void)) f)(); }", "function type"),
    "float": ("extern double __VERIFIER_nondet_double(void);\n"
              "int main(void) { return __VERIFIER_nondet_double() > 1.0; }", "__VERIFIER_nondet_double"),
}


@pytest.mark.parametrize("name", sorted(UNFIT))
def test_unfit_programs_go_to_the_search(name, tmp_path):
    src, why = UNFIT[name]
    path = tmp_path / f"{name}.c"
    path.write_text(src)
    res = prove(load_program(str(path)), Options(), 10)  # (unfit: decided before z3 runs)
    assert res.status == "unfit" and why in res.reason, res


def divm(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=timeout)


def test_verify_reports_the_proof(tmp_path):
    path = os.path.join(ROOT, "tests", "prove", "recursion_ok.c")
    rep = tmp_path / "r.json"
    r = divm("verify", "--symbolic", "--report", str(rep), path)
    assert r.returncode == 0, r.stderr
    report = json.loads(rep.read_text())
    assert report["result"] == "valid" and report["proof"]["status"] == "proved", report
    assert "proved for every input by inductive invariants" in r.stderr
    # without the proof the search cannot finish: at its limit it is inconclusive, never valid
    r = divm("verify", "--symbolic", "--prove-time", "0", "--max-time", "3", "--report", str(rep), path)
    assert r.returncode == 3 and json.loads(rep.read_text())["result"] == "inconclusive", r.stderr


def random_formulas(seed: int, count: int):
    """Random z3 formulas over a (8 bits), b (16), c (32), d (64): every
    operation the C translation knows."""
    import random

    import z3
    rnd = random.Random(seed)
    var = {w: z3.BitVec(n, w) for n, w in (("a", 8), ("b", 16), ("c", 32), ("d", 64))}

    def term(w: int, depth: int):
        if depth == 0 or rnd.random() < 0.25:
            if w in var and rnd.random() < 0.7:
                return var[w]
            return z3.BitVecVal(rnd.choice([0, 1, 2, (1 << w) - 1, 1 << (w - 1), rnd.getrandbits(w)]), w)
        k = rnd.randrange(12)
        x, y = term(w, depth - 1), term(w, depth - 1)
        if k < 6:
            return [x + y, x - y, x * y, x & y, x | y, x ^ y][k]
        if k == 6:
            return rnd.choice([~x, -x, z3.UDiv(x, y), z3.URem(x, y)])
        if k == 7:
            n = z3.BitVecVal(rnd.randrange(w + 2), w)
            return rnd.choice([x << n, z3.LShR(x, n), x >> n])
        if k == 8 and w < 64:
            wide = rnd.choice([v for v in (16, 32, 64) if v > w])
            lo = rnd.randrange(wide - w + 1)
            return z3.Extract(lo + w - 1, lo, term(wide, depth - 1))
        if k == 9 and w > 8:
            narrow = rnd.choice([v for v in (8, 16, 32) if v < w])
            return (z3.ZeroExt if rnd.random() < 0.5 else z3.SignExt)(w - narrow, term(narrow, depth - 1))
        if k == 10 and w >= 16:
            return z3.Concat(term(w // 2, depth - 1), term(w // 2, depth - 1))
        return z3.If(formula(depth - 1), x, y)

    def formula(depth: int):
        w = rnd.choice([8, 16, 32, 64])
        x, y = term(w, min(depth, 3)), term(w, min(depth, 3))
        k = rnd.randrange(13)
        if k < 10 or depth == 0:
            return [x == y, x != y, z3.ULT(x, y), z3.ULE(x, y), z3.UGT(x, y), z3.UGE(x, y), x < y, x <= y, x > y,
                    x >= y][k % 10]
        p, q = formula(depth - 1), formula(depth - 1)
        return [z3.And(p, q), z3.Or(p, q), z3.Implies(p, q)][k - 10]

    return var, [formula(3) for _ in range(count)]


def test_c_expressions_agree_with_z3(tmp_path):
    """The C form of a formula (correctness witnesses' invariants) has z3's
    value, compiled natively, for values at the edges and random ones."""
    import random

    import z3

    from divm.prove.cexpr import ToC
    var, formulas = random_formulas(5, 150)
    ctype = {8: "signed char", 16: "short", 32: "int", 64: "long long"}
    tc = ToC({v.decl().name(): (v.decl().name(), w) for w, v in var.items()})
    pairs = [(f, tc.formula(f)) for f in formulas]
    pairs = [(f, c) for f, c in pairs if c is not None]
    assert len(pairs) > 100
    rnd = random.Random(9)
    points = [{w: rnd.choice([0, 1, (1 << w) - 1, 1 << (w - 1), rnd.getrandbits(w)]) for w in var} for _ in range(12)]
    lines = ["#include <stdio.h>", "int main(void) {"]
    lines += [f"    {ctype[w]} {v.decl().name()};" for w, v in var.items()]
    for pt in points:
        lines += [f"    {v.decl().name()} = ({ctype[w]})({pt[w]}ULL);" for w, v in var.items()]
        lines += [f'    printf("%d\\n", ({c}) ? 1 : 0);' for _, c in pairs]
    lines.append("    return 0;\n}")
    src = tmp_path / "e.c"
    src.write_text("\n".join(lines))
    exe = tmp_path / "e"
    subprocess.run(["cc", "-O0", "-w", "-o", str(exe), str(src)], check=True)
    got = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split()
    want = []
    for pt in points:
        sub = [(v, z3.BitVecVal(pt[w], w)) for w, v in var.items()]
        want += ["1" if z3.is_true(z3.simplify(z3.substitute(f, *sub))) else "0" for f, _ in pairs]
    bad = [(str(pairs[i % len(pairs)][0]), pairs[i % len(pairs)][1]) for i, (g, w) in enumerate(zip(got, want))
           if g != w]
    assert not bad, bad[:3]


def test_svcomp_correctness_witness_has_the_loop_invariant(tmp_path):
    """A `true` proved by invariants puts the loop's in the witness, at the
    loop statement (here `while (...)`)."""
    from divm.cli.witness import validate_yaml
    import yaml
    path = os.path.join(ROOT, "tests", "prove", "parity_loop_ok.c")
    r = divm("svcomp", "--prop", os.path.join(ROOT, "tests", "svcomp", "properties", "unreach-call.prp"),
             "--witness-dir", str(tmp_path), path)
    assert r.stdout.strip().splitlines()[-1] == "true", r.stdout + r.stderr
    text = (tmp_path / "witness.yml").read_text()
    validate_yaml(text)
    [inv] = yaml.safe_load(text)[0]["content"]
    loc = inv["invariant"]["location"]
    assert open(path).read().splitlines()[loc["line"] - 1].strip().startswith("while")
    assert "y" in inv["invariant"]["value"] and "& 1ULL" in inv["invariant"]["value"]


def test_a_model_without_an_else_value_proves_nothing():
    """Spacer out of time may answer sat with an interpretation whose else
    value is null (tools/termfuzz.py seed 3065 under load): the invariant is
    then False, which chc.check rejects unless nothing derives the predicate."""
    import z3

    from divm.prove.chc import invariant

    class NoElse(z3.FuncInterp):
        def __init__(self):
            pass

        def __del__(self):
            pass

        def else_value(self):
            raise z3.Z3Exception("ast is null")

    p = z3.Function("p", z3.BitVecSort(8), z3.BoolSort())
    params, f = invariant(p, NoElse())
    assert len(params) == 1 and z3.is_false(f)

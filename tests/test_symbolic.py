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
                   ("array_index_bug.c", "memory"), ("switch_bug.c", "assert"), ("malloc_size_bug.c", "memory"),
                   ("vla_size_bug.c", "memory"), ("realloc_size_bug.c", "memory")]


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
    """A symbolic length of memset has to be made concrete; with more values
    than are tried, the answer cannot be valid."""
    src = tmp_path / "p.c"
    src.write_text("#include <string.h>\nextern unsigned __VERIFIER_nondet_uint(void);\n"
                   "int main(void) { unsigned n = __VERIFIER_nondet_uint(); char b[1000];\n"
                   "  memset(b, 0, n % 1000 + 1); return b[0]; }\n")
    rep = tmp_path / "r.json"
    r = divm("verify", "--symbolic", "--report", str(rep), str(src))
    report = json.loads(rep.read_text())
    assert report["result"] == "inconclusive", (report, r.stderr)
    assert r.returncode == 3 and "feasible values" in report["reason"]


def test_unbounded_allocation_size_is_one_block(tmp_path):
    """An unbounded size makes one block of that symbolic size (not one
    block per size): decided at once, in little memory."""
    src = tmp_path / "p.c"
    src.write_text("#include <stdlib.h>\nextern unsigned __VERIFIER_nondet_uint(void);\n"
                   "int main(void) { unsigned n = __VERIFIER_nondet_uint();\n"
                   "  char *p = malloc(n); if (p && n > 10) p[10] = 1; free(p); return 0; }\n")
    rep = tmp_path / "r.json"
    r = divm("verify", "--symbolic", "-o", "nofail:malloc", "--max-time", "60", "--report", str(rep), str(src))
    report = json.loads(rep.read_text())
    assert r.returncode == 0 and report["result"] == "valid", (report, r.stderr)
    assert report["peak_memory_bytes"] < 1 << 30, report


def test_unbounded_length_tries_small_values(tmp_path):
    """An unbounded memset length: the values tried are small ones (z3's
    first models are gigabytes), so the search ends inconclusive at once,
    in little memory."""
    src = tmp_path / "p.c"
    src.write_text("#include <stdlib.h>\n#include <string.h>\nextern unsigned __VERIFIER_nondet_uint(void);\n"
                   "int main(void) { unsigned n = __VERIFIER_nondet_uint();\n"
                   "  char *p = malloc(n); if (p) memset(p, 0, n); free(p); return 0; }\n")
    rep = tmp_path / "r.json"
    r = divm("verify", "--symbolic", "-o", "nofail:malloc", "--max-time", "60", "--report", str(rep), str(src))
    report = json.loads(rep.read_text())
    assert r.returncode == 3 and report["result"] == "inconclusive", (report, r.stderr)
    assert "time limit" not in report["reason"] and report["peak_memory_bytes"] < 1 << 30, report


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


def reaches_error_concretely(src, tmp_path) -> None:
    """verify --symbolic finds reach_error, and its inputs, run concretely
    with run --inputs, reach it too."""
    rep = tmp_path / "r.json"
    r = divm("verify", "--symbolic", "--tests-out", str(tmp_path / "t"), "--report", str(rep),
             "--trace-out", str(tmp_path / "t.json"), str(src))
    report = json.loads(rep.read_text())
    assert report["result"] == "error", (report, r.stderr[-2000:])
    divm("run", "--inputs", report["test"], "--report", str(tmp_path / "run.json"), str(src))
    got = json.loads((tmp_path / "run.json").read_text())
    assert got["result"] == "error" and "reach_error" in got["error"]["message"], (got, report["inputs"])


INT_TYPES = [("signed char", 8, True), ("unsigned char", 8, False), ("short", 16, True),
             ("unsigned short", 16, False), ("int", 32, True), ("unsigned", 32, False),
             ("long", 64, True), ("unsigned long", 64, False)]


def _wrap(v, bits, signed):
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def _c_int_ops(x, y, bits, signed):
    """What C computes for x OP y in the type (operands promoted to int
    when narrower, the result converted back), by the C rules."""
    def t(v):
        return _wrap(v, bits, signed)
    div = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
    sh = y % bits
    return {"x + y": t(x + y), "x - y": t(x - y), "x * y": t(x * y), "x / y": t(div),
            "x % y": t(x - div * y), "x & y": t(x & y), "x | y": t(x | y), "x ^ y": t(x ^ y),
            f"x << ((unsigned long)y % {bits})": t(x << sh), f"x >> ((unsigned long)y % {bits})": t(x >> sh),
            "x < y": int(x < y), "x <= y": int(x <= y), "x == y": int(x == y), "~x": t(~x), "-x": t(-x),
            "(signed char)x": _wrap(x, 8, True), "(unsigned short)x": _wrap(x, 16, False),
            "(long)x": _wrap(x, 64, True), "(unsigned)x": _wrap(x, 32, False)}


@pytest.mark.parametrize("ctype,bits,signed", INT_TYPES, ids=[t[0].replace(" ", "_") for t in INT_TYPES])
def test_operators_agree_with_concrete(ctype, bits, signed, tmp_path):
    """Every operator in every width, symbolically and concretely alike: a
    program reaches an error only when x OP y takes, for each OP at once,
    the value C gives for one random (x, y).  The symbolic search must find
    inputs, and those inputs, run concretely, must reach the error — any
    difference between the engine's terms and the VM's arithmetic breaks one
    or the other."""
    import random
    rnd = random.Random(bits * 2 + signed)
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    x0 = rnd.randint(lo, hi)
    y0 = rnd.choice([v for v in (rnd.randint(lo, hi) for _ in range(20)) if v not in (0, -1)] or [3])
    if signed and x0 < 0 and bits >= 32:
        x0 = -x0 // 3 * -1  # (x >> y of a negative value is implementation-defined: still arithmetic)
    ops_ = _c_int_ops(x0, y0, bits, signed)
    fn = {8: "char", 16: "short", 32: "int", 64: "long"}[bits]
    fn = ("u" + fn) if not signed else fn
    plain = ("x < y", "x <= y", "x == y")  # (an int, as are the casts' results)
    conds = " && ".join(f"({e}) == {v}LL" if e in plain or e.startswith("(") else
                        f"({ctype})({e}) == ({ctype})({v}LL)" for e, v in ops_.items())
    src = tmp_path / "ops.c"
    src.write_text(f"extern {ctype} __VERIFIER_nondet_{fn}(void);\nextern void reach_error(void);\n"
                   f"int main(void) {{\n  {ctype} x = __VERIFIER_nondet_{fn}(), y = __VERIFIER_nondet_{fn}();\n"
                   f"  if (y == 0 || y == -1) return 0;\n"
                   f"  if ({conds}) reach_error();\n  return 0;\n}}\n")
    reaches_error_concretely(src, tmp_path)


@pytest.mark.parametrize("ctype", ["float", "double"])
def test_float_operators_agree_with_concrete(ctype, tmp_path):
    """The same for IEEE arithmetic, comparisons and conversions."""
    import math
    import random
    import struct
    rnd = random.Random(7)
    r32 = (lambda v: struct.unpack("<f", struct.pack("<f", v))[0]) if ctype == "float" else (lambda v: v)
    x0, y0 = r32(rnd.uniform(-1000, 1000)), r32(rnd.uniform(1, 50))
    # (products and quotients of two inputs make z3's floating-point solver
    # slow: by constants here, which checks the same encoding)
    ops_ = {"x + y": r32(x0 + y0), "x - y": r32(x0 - y0), "x * 3": r32(x0 * 3), "y / 4": r32(y0 / 4),
            "-x": -x0}
    conds = [f"({e}) == {v.hex()}" for e, v in ops_.items()]
    conds += [f"(x < y) == {int(x0 < y0)}", f"(int)x == {math.trunc(x0)}",
              f"(long)(y * 2) == {math.trunc(r32(y0 * 2))}", f"(double)x == {x0.hex()}",
              f"(unsigned char)(int)y == {math.trunc(y0) & 255}"]
    fn = "float" if ctype == "float" else "double"
    src = tmp_path / "f.c"
    src.write_text(f"extern {ctype} __VERIFIER_nondet_{fn}(void);\nextern void reach_error(void);\n"
                   f"int main(void) {{\n  {ctype} x = __VERIFIER_nondet_{fn}(), y = __VERIFIER_nondet_{fn}();\n"
                   f"  if (!(y >= 1 && y <= 50 && x > -1000 && x < 1000)) return 0;\n"
                   f"  if ({' && '.join(conds)}) reach_error();\n  return 0;\n}}\n")
    reaches_error_concretely(src, tmp_path)


def _ld_literal(v) -> str:
    """A long double (float or X80) as an exact C literal."""
    from divm.load.layout import _x_parts
    f, sign = _x_parts(v)
    if f == 0:
        return "-0.0L" if sign else "0.0L"
    e = 0
    while f.denominator != 1:
        f *= 2
        e -= 1
    return f"{'-' if f < 0 else ''}0x{abs(f.numerator):x}p{e}L"


def test_long_double_operators_agree_with_concrete(tmp_path):
    """The same for long double (x87: a 64-bit significand), against the
    VM's exact arithmetic (layout.x80_from_fraction): sums rounded to 64
    bits, rounded again to double, conversions."""
    import math
    import random
    from fractions import Fraction as F

    from divm.load.layout import x80_from_fraction as r80
    from divm.vm.ops import xtod
    rnd = random.Random(11)
    x0, y0 = rnd.uniform(-1000, 1000), rnd.uniform(1, 50)
    fx, fy = F(x0), F(y0)
    # (quotients and products of two inputs make z3's x87 solver slow: by
    # constants, and sums rounded to 64 bits by scaling one operand down)
    tiny = fy * F(1, 1 << 40)
    ops_ = {"x + y": r80(fx + fy), "x - y": r80(fx - fy), "x * 3": r80(fx * 3), "y / 4": r80(fy / 4),
            "x + y * 0x1p-40L": r80(fx + tiny), "-x": -x0}
    conds = [f"({e}) == {_ld_literal(v)}" for e, v in ops_.items()]
    conds += [f"(x < y) == {int(x0 < y0)}", f"(int)x == {math.trunc(x0)}",
              f"(long)(y * 1000) == {math.trunc(fy * 1000)}", f"(double)(x + y) == {xtod(r80(fx + fy)).hex()}",
              f"(double)(x + y * 0x1p-40L) == {xtod(r80(fx + tiny)).hex()}",
              f"(unsigned char)(int)y == {math.trunc(y0) & 255}"]
    src = tmp_path / "ld.c"
    src.write_text("extern double __VERIFIER_nondet_double(void);\nextern void reach_error(void);\n"
                   "int main(void) {\n  long double x = __VERIFIER_nondet_double(), y = __VERIFIER_nondet_double();\n"
                   "  if (!(y >= 1 && y <= 50 && x > -1000 && x < 1000)) return 0;\n"
                   f"  if ({' && '.join(conds)}) reach_error();\n  return 0;\n}}\n")
    reaches_error_concretely(src, tmp_path)


def test_long_double_bytes_agree_with_concrete(tmp_path):
    """Symbolic bytes read as a long double: any encoding, here an unnormal
    (integer bit clear under a normal exponent), has the value the VM's
    arithmetic gives it."""
    src = tmp_path / "b.c"
    src.write_text("extern void __VERIFIER_nondet_memory(void *, unsigned long);\nextern void reach_error(void);\n"
                   "int main(void) {\n  long double z = 0;\n  __VERIFIER_nondet_memory(&z, 10);\n"
                   "  unsigned char *p = (unsigned char *)&z;\n"
                   "  if (!(p[7] & 0x80) && p[9] == 0x3f && p[8] == 0xff && z == 0.75L) reach_error();\n"
                   "  return 0;\n}\n")
    reaches_error_concretely(src, tmp_path)


@pytest.mark.parametrize("ctype,scale", [("double", "0x1p-60"), ("long double", "0x1p-16000L")])
def test_float_division_by_zero_faults(ctype, scale, tmp_path):
    """A divisor that can be zero faults as the VM's division does (a
    product that underflows to zero, here), and the inputs reach it
    concretely."""
    src = tmp_path / "d.c"
    src.write_text("extern double __VERIFIER_nondet_double(void);\n"
                   f"int main(void) {{\n  {ctype} b = __VERIFIER_nondet_double();\n"
                   "  if (b == 0 || b != b) return 0;\n"
                   f"  volatile {ctype} q = 1 / (b * {scale});\n  return 0;\n}}\n")
    error_replays(tmp_path, src, "float", "division by zero")


@pytest.mark.parametrize("ctype", ["double", "long double"])
def test_float_conversion_beyond_range_is_undefined(ctype, tmp_path):
    """A finite value beyond float's range converts to an undefined float,
    as in the VM (ops.fptrunc), not to infinity."""
    src = tmp_path / "c.c"
    src.write_text("extern double __VERIFIER_nondet_double(void);\n"
                   f"int main(void) {{\n  {ctype} d = __VERIFIER_nondet_double();\n"
                   "  float f = d;\n  if (f > 0) return 0;\n  return 0;\n}\n")
    error_replays(tmp_path, src, "undefined", "undefined")


def error_replays(tmp_path, src, kind: str, text: str) -> None:
    """verify --symbolic finds an error of kind in src, and its test case,
    run concretely, reaches it (text in the message)."""
    rep = tmp_path / "r.json"
    divm("verify", "--symbolic", "--tests-out", str(tmp_path / "t"), "--report", str(rep), str(src))
    report = json.loads(rep.read_text())
    assert report["result"] == "error" and report["error"]["kind"] == kind, report
    run = divm("run", "--inputs", report["test"], str(src))
    assert run.returncode == 1 and text in run.stderr, run.stderr


def test_liveness_with_symbolic_inputs(tmp_path):
    """A liveness violation that needs a particular input: the lasso comes
    with the input, and replays from it."""
    src = tmp_path / "p.c"
    src.write_text("extern int __VERIFIER_nondet_int(void);\nint x;\n"
                   "int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 10) return 0;\n"
                   "  x = 1; while (n > 0) { if (n == 7) while (1) {} n--; }\n  x = 2; return 0; }\n")
    ltl = tmp_path / "p.ltl"
    ltl.write_text("#define running (x == 1)\n#define done (x == 2)\n#property ends G (running -> F done)\n")
    rep, trace = tmp_path / "r.json", tmp_path / "t.json"
    r = divm("verify", "--symbolic", "--liveness", str(ltl), "--report", str(rep), "--trace-out", str(trace), str(src))
    assert r.returncode == 1, r.stderr
    prop = json.loads(rep.read_text())["properties"][0]
    assert prop["result"] == "error" and 7 <= prop["inputs"][0]["value"] <= 10, prop  # (n counts down to 7)
    rp = divm("replay", str(src), str(trace))
    assert rp.returncode == 1 and "repeats forever" in rp.stderr, rp.stderr


def test_vectorised_code(tmp_path):
    """-O2 code computes on vectors of symbolic lanes (and reduces them)."""
    src = tmp_path / "v.c"
    src.write_text("#include <assert.h>\nextern void __VERIFIER_nondet_memory(void *, unsigned long);\n"
                   "unsigned a[16], b[16];\nint main(void) {\n  __VERIFIER_nondet_memory(a, sizeof a);\n"
                   "  for (int i = 0; i < 16; i++) b[i] = a[i] ^ 0x55;\n  unsigned s = 0, t = 0;\n"
                   "  for (int i = 0; i < 16; i++) s += b[i] ^ 0x55;\n"
                   "  for (int i = 0; i < 16; i++) t += a[i];\n  assert(s == t && t != 12345);\n  return 0;\n}\n")
    bc = tmp_path / "v.bc"
    assert divm("cc", "-O2", "-o", str(bc), str(src)).returncode == 0
    rep = tmp_path / "r.json"
    r = divm("verify", "--symbolic", "--tests-out", str(tmp_path / "t"), "--report", str(rep),
             "--trace-out", str(tmp_path / "t.json"), str(bc))
    report = json.loads(rep.read_text())
    assert report["result"] == "error" and "12345" in report["error"]["message"], (report, r.stderr[-2000:])
    assert len(report["inputs"]) == 64  # a byte each
    run = divm("run", "--inputs", report["test"], str(bc))
    assert run.returncode == 1 and "12345" in run.stderr, run.stderr


def test_equivalent_path_conditions_are_one_state(tmp_path):
    """Paths whose conditions differ in form (x > 5 && x > 10 against x > 10)
    but admit the same inputs meet in one state; the verdict stays."""
    src, rep = tmp_path / "p.c", tmp_path / "r.json"
    for bad, result, states in (("0", "valid", 7), ("1", "error", None)):
        src.write_text("#include <assert.h>\nunsigned g;\nint main(void) {\n"
                       "  unsigned x = __VERIFIER_nondet_uint();\n  for (int r = 0; r < 3; r++) {\n"
                       "    int k = __VERIFIER_nondet_int();\n"
                       "    if (k) { if (x > 5) { if (x > 10) g = 1; else g = 2; } else g = 2; }\n"
                       f"    else {{ if (x > 10) g = 1; else g = 2; }}\n  }}\n  assert(g != {bad});\n"
                       "  return 0;\n}\n")
        r = divm("verify", "--symbolic", "--report", str(rep), str(src))
        report = json.loads(rep.read_text())
        assert report["result"] == result, r.stderr
        if states is not None:
            assert report["states"] == states  # the forms kept apart would make 9


def test_uninit_inputs_replay_concretely(tmp_path):
    """-o nondet:uninit: a read of uninitialised memory is an input of the
    model, and the test case replays with the same option (without it, it
    is refused: the run would not read those values)."""
    prog = os.path.join(SYM, "uninit_bug.c")
    rep = tmp_path / "r.json"
    r = divm("verify", "--symbolic", "-o", "nondet:uninit", "--tests-out", str(tmp_path / "t"), "--report",
             str(rep), "--trace-out", str(tmp_path / "t.json"), prog)
    assert r.returncode == 1, r.stderr
    report = json.loads(rep.read_text())
    assert {i["function"] for i in report["inputs"]} == {"(uninitialised)"}
    assert "a read of uninitialised memory at" in r.stderr
    run = divm("run", "-o", "nondet:uninit", "--inputs", report["test"], prog)
    assert run.returncode == 1 and "assert" in run.stderr and ":18" in run.stderr, run.stderr
    refused = divm("run", "--inputs", report["test"], prog)
    assert refused.returncode == 2 and "-o nondet:uninit" in refused.stderr
    assert divm("replay", prog, str(tmp_path / "t.json")).returncode == 1


def test_uninit_default_and_option_checks(tmp_path):
    """Without the option a read of uninitialised memory stays undefined
    behaviour; the option needs values to come from somewhere."""
    prog = os.path.join(SYM, "uninit_bug.c")
    r = divm("verify", "--symbolic", prog)
    assert r.returncode == 1 and "error: undefined" in r.stderr, r.stderr
    bad = divm("verify", "-o", "nondet:uninit", prog)
    assert bad.returncode == 2 and "needs --symbolic" in bad.stderr


def test_a_value_stored_comes_back_as_its_term():
    """A symbolic value written to memory byte by byte and read back whole is
    the term that was stored, not a Concat of its Extracts: those do not
    always simplify (the low byte of x - 1 folds on its own), and a recursion
    passing x - 1 down made terms and queries grow with the depth
    (SV-COMP's recursion/id_o1000 ran out of time)."""
    import z3

    from divm.load.types import make_int
    from divm.load.values import Sym
    from divm.vm.memory import Obj
    from divm.vm.symmem import SymMemory
    from divm.vm.symterms import install_syms

    x = z3.BitVec("x", 32)
    t = x - 1
    for _ in range(50):  # (as the recursion: each level stores what the one above loaded, minus one)
        o = Obj(8, 2, defined=True)
        install_syms(o, [(0, Sym(t, 32), 4)])
        back = SymMemory.decode(SymMemory.__new__(SymMemory), make_int(32), o, 0)
        assert back.t.eq(z3.simplify(t))  # (mk simplifies)
        t = back.t - 1
    assert z3.simplify(t).eq(z3.simplify(x - 51))
    o = Obj(8, 2, defined=True)  # bytes of different values: the Concat, which still means them
    install_syms(o, [(0, Sym(x, 32), 4)])
    o.sym[0] = z3.BitVecVal(7, 8)
    back = SymMemory.decode(SymMemory.__new__(SymMemory), make_int(32), o, 0)
    s = z3.Solver()
    s.add(back.t != z3.Concat(z3.Extract(31, 8, x), z3.BitVecVal(7, 8)))
    assert s.check() == z3.unsat


def _c_math(ctype: str, x, y) -> dict:
    """What C's <math.h> gives for x and y in ctype, from the host's libm
    (long double: its 80-bit functions)."""
    import ctypes
    import math

    from divm.load.layout import _x_parts
    from divm.vm.builtins import _libm, _wrap
    ct = {"float": ctypes.c_float, "double": ctypes.c_double, "long double": ctypes.c_longdouble}[ctype]
    sfx = {"float": "f", "double": "", "long double": "l"}[ctype]

    def f(name, *a):
        return _wrap(getattr(_libm, name + sfx), len(a), ct)(*a)
    return {"sqrt(y)": f("sqrt", y), "floor(x)": f("floor", x), "ceil(x)": f("ceil", x), "trunc(x)": f("trunc", x),
            "round(x)": f("round", x), "rint(x)": f("rint", x), "nearbyint(-x)": f("nearbyint", -x),
            "fabs(x)": f("fabs", x), "copysign(y, x)": f("copysign", y, x), "fmin(x, y)": f("fmin", x, y),
            "fmax(x, y)": f("fmax", x, y), "fmod(x, 7.25)": f("fmod", x, 7.25), "fmod(y, 0.5)": f("fmod", y, 0.5),
            "fmod(x, y)": f("fmod", x, y), "(long)x": math.trunc(_x_parts(x)[0])}


@pytest.mark.parametrize("flags", [[], ["-fno-math-errno"]], ids=["calls", "no-errno"])
@pytest.mark.parametrize("ctype", ["float", "double", "long double"])
def test_float_functions_agree_with_concrete(ctype, flags, tmp_path):
    """<math.h>'s exactly rounded functions (and fmod, or the frem
    instruction that -fno-math-errno makes of it), symbolically and
    concretely alike: an error only where each takes the value the host's
    libm gives for one random (x, y)."""
    import random
    import struct
    from fractions import Fraction

    from divm.load.layout import x80_from_fraction
    rnd = random.Random(13)
    x0, y0 = rnd.uniform(-1000, 1000), rnd.uniform(1, 50)
    if ctype == "float":
        x0, y0 = (struct.unpack("<f", struct.pack("<f", v))[0] for v in (x0, y0))
    elif ctype == "long double":  # (beyond a double's 53 bits)
        x0 = x80_from_fraction(Fraction(x0) + Fraction(rnd.randint(1, 1023), 1 << 60))
    sfx = {"float": "f", "double": "", "long double": "l"}[ctype]
    lit = _ld_literal if ctype == "long double" else (lambda v: v.hex() + ("f" if ctype == "float" else ""))
    conds = " && ".join(f"{e.replace('(', sfx + '(', 1) if not e.startswith('(') else e} == "
                        f"{lit(v) if not isinstance(v, int) else v}" for e, v in _c_math(ctype, x0, y0).items())
    fn = "float" if ctype == "float" else "double"
    src = tmp_path / "m.c"
    src.write_text(f"#include <math.h>\nextern {fn} __VERIFIER_nondet_{fn}(void);\nextern void reach_error(void);\n"
                   f"int main(void) {{\n  {ctype} y = __VERIFIER_nondet_{fn}();\n"
                   f"  {ctype} x = __VERIFIER_nondet_{fn}()"
                   f"{' + __VERIFIER_nondet_double() * 0x1p-50L' if ctype == 'long double' else ''};\n"
                   f"  if (!(y >= 1 && y <= 50 && x > -1000 && x < 1000)) return 0;\n"
                   f"  if ({conds}) reach_error();\n  return 0;\n}}\n")
    prog = src
    if flags:
        prog = tmp_path / "m.bc"
        assert divm("cc", *flags, "-o", str(prog), str(src)).returncode == 0
    reaches_error_concretely(prog, tmp_path)


FLOAT_BUGS = [("fmod_bug.c", 0, 17), ("fmod_bug.c", 1, 21), ("fmod_bug.c", 2, 25), ("float_math_bug.c", 0, 17),
              ("float_math_bug.c", 1, 21), ("float_math_bug.c", 2, 24)]


@pytest.mark.parametrize("flags", [[], ["-fno-math-errno"]], ids=["calls", "no-errno"])
@pytest.mark.parametrize("name,part,line", FLOAT_BUGS, ids=[f"{n[:-2]}-{p}" for n, p, _ in FLOAT_BUGS])
def test_float_bugs_replay_concretely(name, part, line, flags, tmp_path):
    """Each part of the programs with a floating-point error (fmod, frem,
    sqrt, roundings, min and max): the error at its line, and the model's
    inputs reach it in a concrete run."""
    text = open(os.path.join(SYM, name)).read()
    src = tmp_path / name
    src.write_text(text.replace("int part = __VERIFIER_nondet_int();", f"int part = {part};"))
    prog = tmp_path / "p.bc"
    assert divm("cc", *flags, "-o", str(prog), str(src)).returncode == 0
    rep = tmp_path / "r.json"
    divm("verify", "--symbolic", "--tests-out", str(tmp_path / "t"), "--report", str(rep), str(prog))
    report = json.loads(rep.read_text())
    assert report["result"] == "error" and report["error"]["backtrace"][0]["line"] == line, report
    run = divm("run", "--inputs", report["test"], str(prog))
    assert run.returncode == 1 and f"{name}:{line}" in run.stderr.replace(f"{src}:", f"{name}:"), run.stderr


def test_frem_instruction_is_symbolic(tmp_path):
    """fmod_ok.c with -fno-math-errno: frem instructions, not calls; valid
    all the same (the instruction and the call are one model)."""
    prog = tmp_path / "p.bc"
    assert divm("cc", "-fno-math-errno", "-o", str(prog), os.path.join(SYM, "fmod_ok.c")).returncode == 0
    assert divm("cc", "-fno-math-errno", "-S", "-emit-llvm", "-o", str(tmp_path / "p.ll"),
                os.path.join(SYM, "fmod_ok.c")).returncode == 0
    ll = (tmp_path / "p.ll").read_text()
    assert " frem " in ll and "@fmod" not in ll
    rep = tmp_path / "r.json"
    r = divm("verify", "--symbolic", "--report", str(rep), str(prog))
    assert json.loads(rep.read_text())["result"] == "valid", r.stderr[-2000:]


@pytest.mark.parametrize("c", [7.25, -0.5, 1.5e-40])
def test_frem_by_a_constant_is_the_subtraction_ladder(c):
    """fmod by a concrete divisor (integer arithmetic, symfp._frem_const)
    equals the exact floating-point ladder (_frem_core) for every float
    dividend with a quotient below 2^4, negative ones and subnormals
    included (the sign was once lost: a wrong valid)."""
    import struct

    import z3

    from divm.vm.symfp import SymFloat, _frem_const
    c = struct.unpack("<f", struct.pack("<f", c))[0]
    srt = z3.Float32()
    a, cv = z3.FP("a", srt), z3.FPVal(c, srt)
    s = z3.Solver()
    s.add(z3.Not(z3.fpIsNaN(a)), z3.Not(z3.fpIsInf(a)),
          z3.fpLT(z3.fpAbs(a), z3.fpMul(z3.RNE(), z3.FPVal(16.0, srt), z3.fpAbs(cv))),
          z3.Not(z3.fpEQ(_frem_const(a, c, 4, 32), SymFloat._frem_core(SymFloat, a, cv, 4))))
    assert s.check() == z3.unsat, s.model()


def test_symfuzz_seeds():
    """tools/symfuzz.py on fixed seeds (integer and floating-point
    expressions, loops): a program reaches reach_error for the native
    run's inputs, so verify --symbolic must find it and its model must
    replay; an identity's reach_error is unreachable, so it must be valid."""
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "symfuzz.py"), "--seeds", "8", "--start", "1000",
                        "--timeout", "60"], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "summary: ok" in r.stdout and "WRONG" not in r.stdout and "NO-REPLAY" not in r.stdout, r.stdout


# an overflow check z3 takes minutes to refute (a 128-bit product against a
# 64-bit quotient): the first query outlasts any limit a test sets
HARD_QUERY = r"""
#include <limits.h>
extern long __VERIFIER_nondet_long(void);
volatile long sink;
int main(void) {
    long a = __VERIFIER_nondet_long(), b = __VERIFIER_nondet_long();
    if (a <= 0 || b <= 0 || a > LONG_MAX / b)
        return 0;
    sink = a * b;
    return 0;
}
"""


def test_time_limit_ends_a_solver_query(tmp_path):
    """--max-time ends the solver query that runs when the time is up (z3's
    interrupt): the query went on for minutes after "stopping".  Its
    unknown answer is neither infeasible (a wrong valid) nor feasible (a
    spurious overflow): the search ends inconclusive, exit status 3."""
    import time
    prog = tmp_path / "hard.c"
    prog.write_text(HARD_QUERY)
    rep = tmp_path / "r.json"
    t0 = time.time()
    try:
        r = subprocess.run([sys.executable, "-m", "divm", "verify", "--symbolic", "-o", "check:overflow",
                            "--prove-time", "0", "--max-time", "5", "--report", str(rep), str(prog)],
                           capture_output=True, text=True, cwd=ROOT, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("divm did not stop within 120 s of a 5 s time limit")
    assert time.time() - t0 < 60, r.stderr[-2000:]
    report = json.loads(rep.read_text())
    assert r.returncode == 3 and report["result"] == "inconclusive", (report, r.stderr[-2000:])
    assert report["reason"] == "time limit 5 s reached" and report["solver_queries"] > 0, report


def test_values_the_solver_cannot_decide_are_incomplete(tmp_path, monkeypatch):
    """A value enumeration the solver answers unknown (not stopped) may
    miss feasible values: the path may be cut, so the search is never
    valid (an unknown once ended the enumeration as unsat would)."""
    import z3

    from divm.cli import main as cli
    from divm.vm import symbolic
    src = tmp_path / "p.c"
    src.write_text("#include <string.h>\nextern unsigned __VERIFIER_nondet_uint(void);\n"
                   "int main(void) { unsigned n = __VERIFIER_nondet_uint(); char b[4];\n"
                   "  memset(b, 1, n % 4 + 1); return b[0] - 1; }\n")
    scratch = symbolic.Engine._scratch
    monkeypatch.setattr(symbolic.Engine, "_scratch",
                        lambda self, conds: z3.unknown if conds == () else scratch(self, conds))  # (values' queries)
    rep = tmp_path / "r.json"
    assert cli.main(["verify", "--symbolic", "--prove-time", "0", "--report", str(rep), str(src)]) == 3
    report = json.loads(rep.read_text())
    assert report["result"] == "inconclusive" and "could not decide" in report["reason"], report


def test_time_limit_with_many_inputs_held(tmp_path):
    """A state holding tens of thousands of inputs (SV-COMP's array tasks):
    the key renamed every byte with every input's pair, for minutes, and
    --max-time waited for it."""
    import time
    prog = tmp_path / "arrays.c"
    prog.write_text("extern int __VERIFIER_nondet_int(void);\nextern void abort(void);\n#define N 20000\n"
                    "int main(void) { int a1[N], a2[N];\n"
                    "  for (int a = 0; a < N; a++) {\n"
                    "    a1[a] = __VERIFIER_nondet_int(); a2[a] = __VERIFIER_nondet_int(); }\n"
                    "  for (int x = 0; x < N; x++) if (a1[x] != a2[x]) abort();\n  return 0; }\n")
    rep = tmp_path / "r.json"
    t0 = time.time()
    try:
        r = subprocess.run([sys.executable, "-m", "divm", "verify", "--symbolic", "--prove-time", "0",
                            "--max-time", "5", "--report", str(rep), str(prog)],
                           capture_output=True, text=True, cwd=ROOT, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.fail("divm did not stop within 300 s of a 5 s time limit")
    assert time.time() - t0 < 90, r.stderr[-2000:]
    report = json.loads(rep.read_text())
    assert report["result"] in ("inconclusive", "error"), (report, r.stderr[-2000:])

"""The clauses over unbounded integers (divm/prove/intencode.py) against
the truth: random C expressions over every integer type (casts, the
usual conversions, arithmetic, division and shifts by constants, masks,
signed and unsigned comparisons), each computed natively and checked by
a program `if (EXPR != VALUE) reach_error();` whose inputs are fixed by
__VERIFIER_assume.  With the native value the clauses must have a
solution; with a wrong one, or where UBSan reports signed overflow, they
must have none (an overflow is an error there)."""

from __future__ import annotations

import os
import random
import shutil
import subprocess

import pytest

from divm.load.loader import load_program
from divm.prove.chc import encode, solve
from divm.prove.encode import Options
from divm.prove.intencode import IntEncoder

CLANG = shutil.which("clang-22") or shutil.which("clang")
pytestmark = pytest.mark.skipif(CLANG is None, reason="no clang")

TYPES = [("signed char", 8, True, "char"), ("unsigned char", 8, False, "uchar"), ("short", 16, True, "short"),
         ("unsigned short", 16, False, "ushort"), ("int", 32, True, "int"), ("unsigned", 32, False, "uint"),
         ("long long", 64, True, "longlong"), ("unsigned long long", 64, False, "ulonglong")]


def promoted(t):
    return TYPES[4] if t[1] < 32 else t


def common(a, b):
    a, b = promoted(a), promoted(b)
    if a[1] != b[1]:
        return a if a[1] > b[1] else b
    return a if not a[2] else b


class Gen:
    def __init__(self, rnd: random.Random, variables: list):
        self.rnd, self.vars = rnd, variables

    def value(self, t) -> int:
        bits, sign = t[1], t[2]
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if sign else (0, (1 << bits) - 1)
        return self.rnd.choice([lo, hi, 0, 1, -1 if sign else 2, self.rnd.randint(lo, hi), self.rnd.randint(-50, 50)
                                if sign else self.rnd.randint(0, 100)])

    def expr(self, depth: int):
        r = self.rnd
        if depth == 0 or r.random() < 0.2:
            if r.random() < 0.7:
                name, t = r.choice(self.vars)
                return name, t
            t = r.choice(TYPES)
            v = self.value(t) if r.random() < 0.3 else r.randint(0, 9)
            return f"(({t[0]}){v}{'ULL' if not t[2] else 'LL'})", t
        kind = r.choice(["cast", "arith", "arith", "div", "shift", "mask", "cmp", "ite"])
        a, ta = self.expr(depth - 1)
        if kind == "cast":
            t = r.choice(TYPES)
            return f"(({t[0]}){a})", t
        if kind == "arith":
            b, tb = self.expr(depth - 1)
            return f"({a} {r.choice('+-*')} {b})", common(ta, tb)
        if kind == "div":
            t = promoted(ta)
            d = r.choice([1, 2, 3, 7, 8, 10, -1, -3]) if t[2] else r.choice([1, 2, 3, 8, 10])
            return f"({a} {r.choice('/%')} ({t[0]}){d})", t
        if kind == "shift":
            t = promoted(ta)
            return f"({a} {r.choice(['<<', '>>'])} {r.randint(0, t[1] - 1)})", t
        if kind == "mask":
            t = promoted(ta)
            return f"({a} & ({t[0]}){(1 << r.randint(1, t[1] - 1)) - 1}{'ULL' if not t[2] else 'LL'})", t
        b, tb = self.expr(depth - 1)
        cmp = f"({a} {r.choice(['<', '<=', '>', '>=', '==', '!='])} {b})"
        if kind == "cmp":
            return cmp, TYPES[4]
        c, tc = self.expr(depth - 1)
        return f"({cmp} ? {b} : {c})", common(tb, tc)


def case(seed: int):
    """(program text with VALUE to fill in, the native program)."""
    rnd = random.Random(seed)
    variables = [(f"x{i}", rnd.choice(TYPES)) for i in range(3)]
    g = Gen(rnd, variables)
    values = [g.value(t) for _, t in variables]
    e, t = g.expr(3)
    decls = "".join(f"    {t[0]} {n} = __VERIFIER_nondet_{t[3]}();\n    __VERIFIER_assume({n} == ({t[0]}){v}LL);\n"
                    for (n, t), v in zip(variables, values))
    kinds = sorted({t[3] for _, t in variables})
    head = "extern void reach_error(void);\nextern void __VERIFIER_assume(int);\n" + "".join(
        f"extern {dict((k, n) for n, _, _, k in TYPES)[k]} __VERIFIER_nondet_{k}(void);\n" for k in kinds)
    checked = head + f"int main(void)\n{{\n{decls}    {t[0]} r = {e};\n" \
                     f"    if (r != ({t[0]})VALUE) reach_error();\n    return 0;\n}}\n"
    fixed = "".join(f"    {t[0]} {n} = ({t[0]}){v}LL;\n" for (n, t), v in zip(variables, values))
    fmt, wide = ("lld", "long long") if t[2] else ("llu", "unsigned long long")
    native = "#include <stdio.h>\nint main(void)\n{\n" + fixed + \
        f"    {t[0]} r = {e};\n    printf(\"%{fmt}\\n\", ({wide})r);\n    return 0;\n}}\n"
    return checked, native, t


def solution(path: str) -> bool | None:
    """Whether the clauses have a solution (None: z3 cannot say, as on
    products of variables)."""
    _, clauses = encode(load_program(path), Options(abort_error=False), IntEncoder)
    res = solve(clauses, 20, inline=True)
    return {"proved": True, "refuted": False}.get(res.status)


def literal(v: int, t) -> str:
    bits, sign = t[1], t[2]
    v &= (1 << bits) - 1
    if sign and v >> (bits - 1):
        v -= 1 << bits
    return f"({v + 1}LL - 1)" if v == -(1 << 63) else f"{v}{'LL' if v < 0 else 'ULL'}"


SEEDS = int(os.environ.get("DIVM_INTFUZZ", "40"))


@pytest.mark.parametrize("seed", range(SEEDS))
def test_operations(seed, tmp_path):
    checked, native, t = case(seed)
    src, exe = tmp_path / "n.c", tmp_path / "n"
    src.write_text(native)
    # (UBSan: a signed overflow must make the clauses unsolvable; a shift
    # the compiler did not mark nsw wraps, in the VM as here)
    subprocess.run([CLANG, "-w", "-O0", "-fsanitize=signed-integer-overflow,shift,integer-divide-by-zero",
                    "-fno-sanitize-recover=all", str(src), "-o", str(exe)], check=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    prog = tmp_path / "p.c"
    if run.returncode != 0:
        assert "runtime error" in run.stderr, run.stderr
        if "shift" not in run.stderr:
            prog.write_text(checked.replace("VALUE", "0"))
            assert solution(str(prog)) is not True, native
        return
    value = int(run.stdout)
    prog.write_text(checked.replace("VALUE", literal(value, t)))
    assert solution(str(prog)) is not False, checked.replace("VALUE", str(value))
    prog.write_text(checked.replace("VALUE", literal(value + 1, t)))
    assert solution(str(prog)) is not True, checked.replace("VALUE", str(value + 1))


def test_unfit_bit_operations(tmp_path):
    """An xor of two integers has no exact linear form: the encoding refuses it."""
    from divm.prove.scan import Unfit
    prog = tmp_path / "x.c"
    prog.write_text("extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n"
                    "int main(void) { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();\n"
                    "  if ((a ^ b) == 1 && a == b) reach_error();\n  return 0; }\n")
    with pytest.raises(Unfit):
        encode(load_program(str(prog)), Options(), IntEncoder)


TRUNC = """declare i32 @__VERIFIER_nondet_int()
declare void @__VERIFIER_assume(i32)
declare void @reach_error()
define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %c = icmp eq i32 %x, VALUE
  %z = zext i1 %c to i32
  call void @__VERIFIER_assume(i32 %z)
  %t = trunc i32 %x to i1
  br i1 %t, label %err, label %ok
err:
  call void @reach_error()
  ret i32 0
ok:
  ret i32 0
}
"""


@pytest.mark.parametrize("value", [0, 1, 2, 3, 6, 7, -1, -2])
def test_trunc_to_i1_is_the_low_bit(tmp_path, value):
    """trunc to i1 keeps bit 0 (3 and -1 are true, 2 and -2 false): the
    error is reachable exactly for the odd values."""
    prog = tmp_path / "t.ll"
    prog.write_text(TRUNC.replace("VALUE", str(value)))
    assert solution(str(prog)) is (value % 2 == 0)


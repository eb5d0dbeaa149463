#!/usr/bin/env python3
"""Look for wrong `valid` answers of `divm verify --symbolic`.

Each seed makes a C program that reads a few nondet values of random
integer and floating-point types, computes a random expression over them
(arithmetic, bit operations, shifts, comparisons, casts, conditionals,
<math.h> functions) and calls reach_error() when the result equals what
the same program computes natively for one random sample of the inputs.
So an error is reachable by construction: `valid` is a soundness bug.  An
error must also replay: its model's inputs, run concretely with `divm run
--inputs`, reach reach_error.  The expressions avoid undefined behaviour
(unsigned arithmetic where it could overflow, divisors and shift amounts
made safe, float-to-int conversions of values in range only); a float
division by zero is IEEE's infinity, as natively (`-o ignore:float`).

    python3 tools/symfuzz.py --seeds 50 [--start 1] [--jobs 2] [--keep DIR] [--timeout 60]

Every third seed instead compares two expressions equal for every input
(an identity such as `(a ^ b) ^ b` and `a`, or `trunc(f)` and `f < 0 ?
ceil(f) : floor(f)`): its reach_error is unreachable and `error` is wrong.

Prints one line per seed (ok, WRONG-VALID, NO-REPLAY, inconclusive, skip)
and a summary; exit status 1 if any seed gave a wrong answer.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INTS = [("signed char", "char", 8, True), ("unsigned char", "uchar", 8, False), ("short", "short", 16, True),
        ("unsigned short", "ushort", 16, False), ("int", "int", 32, True), ("unsigned int", "uint", 32, False),
        ("long", "long", 64, True), ("unsigned long", "ulong", 64, False)]
FLOATS = [("float", "float"), ("double", "double")]


class Gen:
    """A random expression over the inputs, as C text, of type unsigned
    long (integers: computed modulo 2^64, no overflow) or double."""

    def __init__(self, rnd: random.Random, ints: list[str], floats: list[str]):
        self.rnd = rnd
        self.ints = ints
        self.floats = floats

    def int_expr(self, depth: int) -> str:
        r = self.rnd
        if depth <= 0 or r.random() < 0.25:
            if r.random() < 0.8 and self.ints:
                return f"(unsigned long) {r.choice(self.ints)}"
            return f"{r.choice([0, 1, 2, 3, 7, 255, 65535, 0x80000000, 0xFFFFFFFF])}UL"
        k = r.randrange(10)
        a, b = self.int_expr(depth - 1), self.int_expr(depth - 1)
        if k < 4:
            return f"({a} {r.choice(['+', '-', '*', '&', '|', '^'])} {b})"
        if k == 4:
            return f"({b} ? {a} {r.choice(['/', '%'])} {b} : {a})"
        if k == 5:
            return f"({a} {r.choice(['<<', '>>'])} ({b} & 63))"
        if k == 6:
            t = r.choice(INTS)
            return f"(unsigned long) ({t[0]}) {a}"
        if k == 7:
            return f"(unsigned long) ({a} {r.choice(['<', '<=', '==', '!=', '>', '>='])} {b})"
        if k == 8:  # signed comparison and arithmetic shift on a narrower signed value
            return f"(unsigned long) ((int) {a} {r.choice(['<', '>', '>>'])} ((int) {b} & 31))"
        if self.floats:
            f = self.float_expr(depth - 1)
            if r.random() < 0.5:  # (a conversion of a value in range only: anything else is undefined)
                return f"(unsigned long) (isfinite({f}) ? (long) fmod({f}, 1000.0) : 7)"
            return f"(unsigned long) ({f} < 0 ? 1 : ({f} > 1e6 ? 2 : 3))"
        return a

    def float_expr(self, depth: int) -> str:
        r = self.rnd
        if depth <= 0 or r.random() < 0.3:
            if r.random() < 0.7 and self.floats:
                return f"(double) {r.choice(self.floats)}"
            if self.ints and r.random() < 0.5:
                return f"(double) ({r.choice(['int', 'unsigned', 'long', 'short'])}) {r.choice(self.ints)}"
            return r.choice(["0.5", "1.0", "-2.25", "3.0", "1e3"])
        k = r.randrange(6)
        a, b = self.float_expr(depth - 1), self.float_expr(depth - 1)
        if k < 3:
            return f"({a} {r.choice(['+', '-', '*', '/'])} {b})"
        if k == 3:
            fn = r.choice(["fabs", "floor", "ceil", "trunc", "round", "sqrt"])
            return f"{fn}({a})"
        if k == 4:
            return f"fmod({a}, {r.choice(['2.5', '7.0', '0.75', '-3.0'])})"
        return f"({a} {r.choice(['<', '>'])} {b} ? {a} : {b})"


    def identity(self) -> tuple[str, str, str]:
        """Two expressions equal for every input (C's unsigned arithmetic
        is modulo 2^64; float ones where neither is NaN), and a guard."""
        r = self.rnd
        if self.floats and r.random() < 0.3:
            f, g = self.float_expr(2), self.float_expr(2)
            lhs, rhs = r.choice([(f"fabs({f})", f"({f} < 0 ? -({f}) : ({f}))"), (f"floor({f})", f"-ceil(-({f}))"),
                                 (f"trunc({f})", f"({f} < 0 ? ceil({f}) : floor({f}))"),
                                 (f"({f} + {g})", f"({g} + {f})"), (f"({f} * {g})", f"({g} * {f})")])
            return lhs, rhs, f"!isnan({lhs}) && !isnan({rhs})"
        a, b = self.int_expr(r.randint(1, 3)), self.int_expr(r.randint(1, 3))
        k = r.randrange(64)
        return r.choice([
            (f"({a} + {b})", f"({b} + {a})"), (f"({a} * {b})", f"({b} * {a})"), (f"(({a} ^ {b}) ^ {b})", a),
            (f"({a} - {b})", f"({a} + (~{b} + 1))"), (f"({a} | {b})", f"(({a} ^ {b}) + ({a} & {b}))"),
            (f"({b} ? ({a} / {b}) * {b} + {a} % {b} : {a})", a), (f"({a} << {k})", f"({a} * (1UL << {k}))"),
            (f"(unsigned long) (signed char) {a}", f"((({a}) & 0xff) ^ 0x80) - 0x80"),
            (f"(unsigned long) (unsigned short) {a}", f"(({a}) & 0xffff)"),
            (f"(({a} >> {k}) << {k})", f"({a} & ~((1UL << {k}) - 1))"),
            (f"(unsigned long) ((long) {a} >> 63)", f"(({a} >> 63) ? ~0UL : 0UL)"),
            (f"(unsigned long) ((long) {a} < (long) {b})",
             f"(unsigned long) (({a} ^ 0x8000000000000000UL) < ({b} ^ 0x8000000000000000UL))"),
        ]) + ("1",)


def program(seed: int) -> str:
    """C text with a NATIVE switch: natively the nondet calls return the
    sample values and main prints the result; under divm they are inputs."""
    rnd = random.Random(seed)
    inputs = []
    for i in range(rnd.randint(1, 4)):
        if rnd.random() < 0.25:
            ctype, kind = rnd.choice(FLOATS)
            v = repr(rnd.choice([rnd.uniform(-100, 100), float(rnd.randint(-50, 50)), rnd.uniform(0, 1)]))
        else:
            ctype, kind, bits, signed = rnd.choice(INTS)
            lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
            v = str(rnd.choice([rnd.randint(lo, hi), rnd.randint(-3, 3) if signed else rnd.randint(0, 3),
                                hi, lo]))
            if not signed:
                v += "U" if bits < 64 else "UL"
            elif bits == 64:
                v = f"({v}L)" if v != str(lo) else "(-9223372036854775807L - 1)"
        inputs.append((ctype, kind, f"x{i}", v))
    g = Gen(rnd, [n for c, k, n, _ in inputs if k not in ("float", "double")],
            [n for c, k, n, _ in inputs if k in ("float", "double")])
    floaty = g.floats and rnd.random() < 0.4
    expr = g.float_expr(rnd.randint(1, 4)) if floaty else g.int_expr(rnd.randint(2, 6))
    rtype = "double" if floaty else "unsigned long"
    lines = ["#include <math.h>", "#include <stdio.h>", "extern void reach_error(void);"]
    for ctype, kind in [(c, k) for c, k, _, _ in INTS] + FLOATS:  # (a loop may read any integer kind)
        lines.append(f"extern {ctype} __VERIFIER_nondet_{kind}(void);")
    lines += ["#ifdef NATIVE", "void reach_error(void) {}", "#endif", "int main(void)", "{"]
    for ctype, kind, name, v in inputs:
        lines.append(f"#ifdef NATIVE\n    {ctype} {name} = ({ctype}) {v};\n#else\n"
                     f"    {ctype} {name} = __VERIFIER_nondet_{kind}();\n#endif")
    if seed % 3 == 0:  # equal for every input: valid
        lhs, rhs, guard = g.identity()
        lines.append(f"    if (({guard}) && !(({lhs}) == ({rhs}))) reach_error(); /* IDENTITY */")
        return "\n".join(lines + ["    return 0;", "}"]) + "\n"
    lines.append(f"    {rtype} r = {expr};")
    if not floaty and rnd.random() < 0.4:
        lines += loop(rnd, g)
    lines.append("#ifdef NATIVE")
    lines.append('    printf("%a\\n", r);' if floaty else '    printf("%lu\\n", r);')
    lines.append("#else")
    lines.append("    if (r == K) reach_error();")
    lines.append("#endif")
    lines += ["    return 0;", "}"]
    return "\n".join(lines) + "\n"


def _lit(v: int, signed: bool) -> str:
    """v as a C constant of its value (LLONG_MIN has none: an expression)."""
    if not signed:
        return f"{v}ULL"
    return "(-9223372036854775807LL - 1)" if v == -(1 << 63) else f"({v}LL)"


def loop(rnd: random.Random, g: Gen) -> list[str]:
    """A loop over a nondet count (0-3) reading a nondet value per pass
    and folding it into r: paths fork in every pass and meet again (the
    symbolic states' equality).  Natively: a sample count and values."""
    ctype, kind, bits, signed = rnd.choice(INTS)
    n = rnd.randint(0, 3)
    ys = [rnd.randint(-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else rnd.randint(0, (1 << bits) - 1)
          for _ in range(3)]
    body = Gen(rnd, g.ints + ["y", "r"], []).int_expr(rnd.randint(1, 3))
    return ["#ifdef NATIVE",
            f"    unsigned char n = {n};",
            f"    static const {ctype} ys[] = {{{', '.join(f'({ctype}) {_lit(y, signed)}' for y in ys)}}};",
            "#else",
            "    unsigned char n = __VERIFIER_nondet_uchar() % 4;",
            "#endif",
            "    for (unsigned char i = 0; i < n; i++) {",
            "#ifdef NATIVE",
            f"        {ctype} y = ys[i];",
            "#else",
            f"        {ctype} y = __VERIFIER_nondet_{kind}();",
            "#endif",
            f"        if ((unsigned long) y & {rnd.choice([1, 2, 4])}) r = {body};",
            "        else r = (r >> 1) ^ (unsigned long) y;",
            "    }"]


def divm(command: str, *args: str, timeout: float) -> subprocess.CompletedProcess:
    """divm COMMAND -o ignore:float ARGS (a float division by zero is
    infinity, as in the native run)."""
    return subprocess.run([sys.executable, "-m", "divm", command, "-o", "ignore:float", *args],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


PROVE = ("import sys\nfrom divm.load.loader import load_program\nfrom divm.prove.chc import prove\n"
         "from divm.prove.encode import Options\n"
         "print(prove(load_program(sys.argv[1]), Options(), float(sys.argv[2])).status)")


def prover_run(c: str, timeout: float, bug: bool) -> tuple[str, str]:
    """--prover: the Horn-clause prover alone must not prove a program with
    a reachable reach_error, nor refute an identity (a wrong encoding)."""
    try:
        r = subprocess.run([sys.executable, "-c", PROVE, c, str(timeout)], capture_output=True, text=True,
                           timeout=timeout + 60, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return "inconclusive", "prover overran its time"
    lines = r.stdout.strip().splitlines()
    if r.returncode or not lines:
        return "WRONG-CRASH", (r.stderr.strip().splitlines() or ["?"])[-1]
    st = lines[-1]
    if st == ("proved" if bug else "refuted"):
        return "WRONG-" + st.upper(), ""
    return ("ok" if st in ("proved", "refuted") else st), st


def keep_program(keep: str | None, seed: int, src: str) -> None:
    if keep:
        os.makedirs(keep, exist_ok=True)
        with open(os.path.join(keep, f"s{seed}.c"), "w") as f:
            f.write(src)


def one(seed: int, timeout: float, keep: str | None, prover: bool = False) -> tuple[int, str, str]:
    src = program(seed)
    if "IDENTITY" in src:
        if prover:
            with tempfile.TemporaryDirectory() as tmp:
                c = os.path.join(tmp, f"s{seed}.c")
                with open(c, "w") as f:
                    f.write(src)
                status, detail = prover_run(c, timeout, bug=False)
            if status.startswith("WRONG"):
                keep_program(keep, seed, src)
            return seed, status, detail
        return identity_run(seed, src, timeout, keep)
    with tempfile.TemporaryDirectory() as tmp:
        c = os.path.join(tmp, f"s{seed}.c")
        with open(c, "w") as f:
            f.write(src)
        exe = os.path.join(tmp, "native")
        b = subprocess.run(["gcc", "-O0", "-DNATIVE", "-o", exe, c, "-lm"], capture_output=True, text=True)
        if b.returncode:
            return seed, "skip", "native build: " + b.stderr.strip().splitlines()[-1]
        out = subprocess.run([exe], capture_output=True, text=True, timeout=30).stdout.strip()
        if "nan" in out or "inf" in out:
            return seed, "skip", f"native result {out}"
        k = out + ("" if "0x" in out else "UL")
        with open(c, "w") as f:
            f.write(src.replace("r == K", f"r == {k}"))
        if prover:
            status, detail = prover_run(c, timeout, bug=True)
            if status.startswith("WRONG"):
                keep_program(keep, seed, open(c).read())
            return seed, status, detail
        rep = os.path.join(tmp, "r.json")
        try:
            v = divm("verify", "--symbolic", "--report", rep, "--tests-out", os.path.join(tmp, "t"),
                     "--max-time", str(timeout), c, timeout=timeout + 60)
        except subprocess.TimeoutExpired:
            return seed, "inconclusive", "timeout"
        if not os.path.exists(rep):
            return seed, "skip", "no report: " + (v.stderr.strip().splitlines() or ["?"])[-1]
        r = json.load(open(rep))
        status, detail = "ok", ""
        if r["result"] == "valid":
            status = "WRONG-VALID"
        elif r["result"] != "error":
            status, detail = "inconclusive", r.get("reason", r["result"])
        elif "reach_error" not in r["error"]["message"]:
            status, detail = "WRONG-ERROR", r["error"]["message"]
        else:
            run_rep = os.path.join(tmp, "run.json")
            divm("run", "--inputs", r["test"], "--report", run_rep, c, timeout=120)
            got = json.load(open(run_rep)) if os.path.exists(run_rep) else {}
            if got.get("result") != "error" or "reach_error" not in got["error"]["message"]:
                status, detail = "NO-REPLAY", json.dumps(r.get("inputs"))[:200]
        if status != "ok" and keep:
            os.makedirs(keep, exist_ok=True)
            with open(os.path.join(keep, f"s{seed}.c"), "w") as f:
                f.write(open(c).read())
        return seed, status, detail


def identity_run(seed: int, src: str, timeout: float, keep: str | None) -> tuple[int, str, str]:
    """A program whose reach_error no input reaches: error is wrong."""
    with tempfile.TemporaryDirectory() as tmp:
        c = os.path.join(tmp, f"s{seed}.c")
        with open(c, "w") as f:
            f.write(src)
        rep = os.path.join(tmp, "r.json")
        try:
            v = divm("verify", "--symbolic", "--report", rep, "--max-time", str(timeout), c, timeout=timeout + 60)
        except subprocess.TimeoutExpired:
            return seed, "inconclusive", "timeout"
        if not os.path.exists(rep):
            return seed, "skip", "no report: " + (v.stderr.strip().splitlines() or ["?"])[-1]
        r = json.load(open(rep))
        status, detail = {"valid": ("ok", ""), "error": ("WRONG-ERROR", (r.get("error") or {}).get("message", ""))}.get(
            r["result"], ("inconclusive", r.get("reason", r["result"])))
        if status != "ok" and keep:
            os.makedirs(keep, exist_ok=True)
            with open(os.path.join(keep, f"s{seed}.c"), "w") as f:
                f.write(src)
        return seed, status, detail


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", type=int, default=20)
    p.add_argument("--start", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--keep", metavar="DIR", help="copy the programs of failing seeds here")
    p.add_argument("--prover", action="store_true",
                   help="check the Horn-clause prover alone (divm/prove): never `proved` with a reachable "
                        "reach_error, never `refuted` for an identity (float programs are beyond it: unfit)")
    a = p.parse_args()
    counts: dict[str, int] = {}
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        for seed, status, detail in ex.map(lambda s: one(s, a.timeout, a.keep, a.prover),
                                           range(a.start, a.start + a.seeds)):
            counts[status] = counts.get(status, 0) + 1
            print(f"seed {seed}: {status} {detail}".rstrip(), flush=True)
    print("summary:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 1 if any(k.startswith(("WRONG", "NO-")) for k in counts) else 0


if __name__ == "__main__":
    sys.exit(main())

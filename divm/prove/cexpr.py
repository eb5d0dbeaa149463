"""z3 bit-vector formulas as C expressions: the invariants of a proof, for
SV-COMP's correctness witnesses (and linear integer formulas, in long long).

Every bit-vector term of width w becomes a C expression of type
`unsigned long long` whose value is the term's value (0 <= v < 2^w):
arithmetic wraps modulo 2^64 and is masked to w bits, a signed comparison
converts both sides by subtraction of the sign bit (no implementation-
defined shifts of negative numbers), division by zero gives z3's answer.
A C variable of w bits enters through its unsigned type, which is C's
conversion modulo 2^w.  What has no such form (widths above 64, shifts by
a variable amount, terms with no C variable) gives None."""

from __future__ import annotations

import z3

UNSIGNED = {8: "unsigned char", 16: "unsigned short", 32: "unsigned int", 64: "unsigned long long"}


def mask(w: int) -> int:
    return (1 << w) - 1


def lit(v: int) -> str:
    return f"{v}ULL"


def masked(e: str, w: int) -> str:
    return e if w == 64 else f"({e} & {lit(mask(w))})"


def signed(e: str, w: int) -> str:
    if w == 64:
        return f"((long long){e})"
    sb = 1 << (w - 1)
    return f"((long long)({e} ^ {lit(sb)}) - {sb}LL)"


class ToC:
    def __init__(self, names: dict[str, tuple[str, int]]):
        self.names = names  # z3 constant name -> (C variable, its width in bits[, whether C's type is signed])

    def formula(self, e: z3.ExprRef) -> str | None:
        k = e.decl().kind()
        args = e.children()
        if k == z3.Z3_OP_TRUE:
            return "1"
        if k == z3.Z3_OP_FALSE:
            return "0"
        if k in (z3.Z3_OP_AND, z3.Z3_OP_OR, z3.Z3_OP_NOT, z3.Z3_OP_IMPLIES):
            parts = [self.formula(a) for a in args]
            if None in parts:
                return None
            if k == z3.Z3_OP_NOT:
                return f"!{parts[0]}"
            if k == z3.Z3_OP_IMPLIES:
                return f"(!{parts[0]} || {parts[1]})"
            return "(" + (" && " if k == z3.Z3_OP_AND else " || ").join(parts) + ")"
        if k == z3.Z3_OP_ITE:
            c, a, b = self.formula(args[0]), self.formula(args[1]), self.formula(args[2])
            return None if None in (c, a, b) else f"({c} ? {a} : {b})"
        if k in (z3.Z3_OP_EQ, z3.Z3_OP_DISTINCT) and z3.is_bool(args[0]):
            a, b = self.formula(args[0]), self.formula(args[1])
            return None if None in (a, b) else f"(!{a} {'==' if k == z3.Z3_OP_EQ else '!='} !{b})"
        if len(args) == 2 and z3.is_bv(args[0]):
            return self.compare(k, args)
        if len(args) == 2 and z3.is_int(args[0]):
            a, b = self.integer(args[0]), self.integer(args[1])
            ops = {z3.Z3_OP_EQ: "==", z3.Z3_OP_DISTINCT: "!=", z3.Z3_OP_LT: "<", z3.Z3_OP_LE: "<=",
                   z3.Z3_OP_GT: ">", z3.Z3_OP_GE: ">="}
            return None if a is None or b is None or k not in ops else f"({a} {ops[k]} {b})"
        return None

    def integer(self, e: z3.ExprRef) -> str | None:
        """An unbounded integer term (intencode.py: a variable is its bits
        read as signed) in long long, where C computes it exactly: variables
        of at most 32 bits, constants below 2^40, factors below 2^20."""
        if z3.is_int_value(e):
            v = e.as_long()
            return f"{v}LL" if abs(v) < 1 << 40 else None
        k = e.decl().kind()
        args = e.children()
        if k == z3.Z3_OP_UNINTERPRETED and not args:
            var = self.names.get(e.decl().name())
            if var is None or var[1] not in UNSIGNED or var[1] > 32:
                return None
            if len(var) > 2 and var[2]:  # (a signed C variable: its value is the reading)
                return f"((long long){var[0]})"
            return signed(f"((unsigned long long)({UNSIGNED[var[1]]}){var[0]})", var[1])
        if k == z3.Z3_OP_ITE:
            c, a, b = self.formula(args[0]), self.integer(args[1]), self.integer(args[2])
            return None if None in (c, a, b) else f"({c} ? {a} : {b})"
        parts = [self.integer(a) for a in args]
        if None in parts:
            return None
        if k == z3.Z3_OP_MUL and not all(z3.is_int_value(a) and abs(a.as_long()) < 1 << 20 for a in args[:-1]):
            return None
        if k in (z3.Z3_OP_ADD, z3.Z3_OP_MUL):
            return "(" + (" + " if k == z3.Z3_OP_ADD else " * ").join(parts) + ")"
        if k == z3.Z3_OP_SUB:
            return "(" + " - ".join(parts) + ")"
        if k == z3.Z3_OP_UMINUS:
            return f"(-({parts[0]}))"
        if k == z3.Z3_OP_MOD and z3.is_int_value(args[1]) and args[1].as_long() > 0:
            return f"((({parts[0]} % {parts[1]}) + {parts[1]}) % {parts[1]})"  # (z3's is never negative)
        return None

    def compare(self, k: int, args: list) -> str | None:
        w = args[0].size()
        a, b = self.term(args[0]), self.term(args[1])
        if a is None or b is None:
            return None
        ops = {z3.Z3_OP_EQ: "==", z3.Z3_OP_DISTINCT: "!=", z3.Z3_OP_ULT: "<", z3.Z3_OP_ULEQ: "<=",
               z3.Z3_OP_UGT: ">", z3.Z3_OP_UGEQ: ">="}
        if k in ops:
            return f"({a} {ops[k]} {b})"
        sops = {z3.Z3_OP_SLT: "<", z3.Z3_OP_SLEQ: "<=", z3.Z3_OP_SGT: ">", z3.Z3_OP_SGEQ: ">="}
        if k in sops:
            return f"({signed(a, w)} {sops[k]} {signed(b, w)})"
        return None

    def term(self, e: z3.ExprRef) -> str | None:
        w = e.size()
        if w > 64:
            return None
        if z3.is_bv_value(e):
            return lit(e.as_long())
        k = e.decl().kind()
        if k == z3.Z3_OP_UNINTERPRETED and not e.children():
            var = self.names.get(e.decl().name())
            if var is None or var[1] != w or w not in UNSIGNED:
                return None
            return f"((unsigned long long)({UNSIGNED[w]}){var[0]})"
        args = e.children()
        if k == z3.Z3_OP_ITE:
            c, a, b = self.formula(args[0]), self.term(args[1]), self.term(args[2])
            return None if None in (c, a, b) else f"({c} ? {a} : {b})"
        if k == z3.Z3_OP_EXTRACT:
            hi, lo = e.params()
            a = self.term(args[0])
            return None if a is None else masked(f"({a} >> {lo})", hi - lo + 1)
        if k in (z3.Z3_OP_ZERO_EXT, z3.Z3_OP_SIGN_EXT):
            a = self.term(args[0])
            if a is None:
                return None
            return a if k == z3.Z3_OP_ZERO_EXT else masked(f"((unsigned long long){signed(a, args[0].size())})", w)
        parts = [self.term(a) for a in args]
        if None in parts:
            return None
        return self.operation(k, e, parts, w)

    def operation(self, k: int, e, parts: list[str], w: int) -> str | None:
        if k in (z3.Z3_OP_BADD, z3.Z3_OP_BMUL, z3.Z3_OP_BAND, z3.Z3_OP_BOR, z3.Z3_OP_BXOR):
            op = {z3.Z3_OP_BADD: "+", z3.Z3_OP_BMUL: "*", z3.Z3_OP_BAND: "&", z3.Z3_OP_BOR: "|",
                  z3.Z3_OP_BXOR: "^"}[k]
            out = "(" + f" {op} ".join(parts) + ")"
            return masked(out, w) if op in "+*" else out
        if k == z3.Z3_OP_BSUB:
            return masked(f"({parts[0]} - {parts[1]})", w)
        if k == z3.Z3_OP_BNEG:
            return masked(f"(0ULL - {parts[0]})", w)
        if k == z3.Z3_OP_BNOT:
            return masked(f"(~{parts[0]})", w)
        if k == z3.Z3_OP_CONCAT:
            out, width = parts[0], e.arg(0).size()
            for a, p in zip(e.children()[1:], parts[1:]):
                out, width = f"(({out} << {a.size()}) | {p})", width + a.size()
            return out
        if k in (z3.Z3_OP_BUDIV, z3.Z3_OP_BUDIV_I, z3.Z3_OP_BUREM, z3.Z3_OP_BUREM_I):
            a, b = parts
            div = k in (z3.Z3_OP_BUDIV, z3.Z3_OP_BUDIV_I)
            return f"({b} ? {a} {'/' if div else '%'} {b} : {lit(mask(w)) if div else a})"
        if k in (z3.Z3_OP_BSHL, z3.Z3_OP_BLSHR, z3.Z3_OP_BASHR) and z3.is_bv_value(e.arg(1)):
            a, n = parts[0], e.arg(1).as_long()
            if n >= w:
                return lit(0) if k != z3.Z3_OP_BASHR else f"(({a} >> {w - 1}) ? {lit(mask(w))} : 0ULL)"
            if k == z3.Z3_OP_BSHL:
                return masked(f"({a} << {n})", w)
            if k == z3.Z3_OP_BLSHR:
                return f"({a} >> {n})"
            high = mask(w) & ~(mask(w) >> n)
            return f"(({a} >> {n}) | (({a} >> {w - 1}) ? {lit(high)} : 0ULL))"
        return None


def conjuncts(e: z3.ExprRef) -> list:
    if z3.is_and(e):
        return [c for a in e.children() for c in conjuncts(a)]
    return [e]


def invariant_c(f: z3.ExprRef, names: dict[str, tuple[str, int]]) -> str | None:
    """The C form of f's top-level conjuncts that have one (dropping a
    conjunct weakens an invariant: it stays an invariant); None if none
    has, or if f is True."""
    tc = ToC(names)
    out = [c for c in (tc.formula(x) for x in conjuncts(z3.simplify(f))) if c is not None and c != "1"]
    return " && ".join(out) if out else None

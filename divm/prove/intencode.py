"""The clauses of encode.py over unbounded integers, which Spacer solves
far better than bit-vectors (linear arithmetic instead of bit-blasting).

Each value of n > 1 bits is the integer its bits read as signed; i1
values are booleans.  That reading is exact for every operation but the
signed (nsw) ones, which are exact only where they do not overflow: so
every nsw operation gets a clause into False where its exact result is
out of range, and goes on only where it is not.  Other arithmetic wraps
(modulo 2^n), unsigned compares and divisions read the value modulo 2^n,
casts convert.  Hence a solution means what it means over bit-vectors,
and more: no run of the VM reaches an error, and no run overflows (every
run's values are the integers here).  Whatever has no exact linear form
(bit operations but masks, division by a variable, shifts by a variable)
is Unfit.

The clauses may be unsatisfiable by an overflow the VM would wrap
silently, so only a proof counts (chc.prove)."""

from __future__ import annotations

import z3

from divm.load.ir import Ins
from divm.prove.encode import Encoder, Frame
from divm.prove.intexec import by_constant, compare, convert, signed, unsigned, wrap
from divm.prove.scan import Unfit, where


class IntEncoder(Encoder):
    """exact=True reads the program as SV-COMP's termination does: signed
    operations are exact and never an error (a run that overflows is no
    run of C), the rest as above.  Only for termination proofs, where
    that is the question asked; no safety proof of the VM's runs may rest
    on it."""

    def __init__(self, scan, opts, exact: bool = False):
        super().__init__(scan, opts)
        self.math = exact

    def unsigned(self, v, bits: int):
        return unsigned(v, bits) if self.math else unsigned_of(v, bits)

    def sort(self, ty) -> z3.SortRef:
        return z3.BoolSort() if ty.bits == 1 else z3.IntSort()

    def const(self, val: int, ty) -> z3.ExprRef:
        return z3.BoolVal(val & 1 == 1) if ty.bits == 1 else z3.IntVal(signed(val, ty.bits))

    def truth(self, v) -> z3.BoolRef:
        return v

    def icmp(self, pred: str, a, b, ty) -> z3.BoolRef:
        return compare(pred, a, b, ty.bits, self.unsigned)

    def convert(self, op: str, v, frm: int, to: int) -> z3.ExprRef:
        return convert(op, v, frm, to, self.unsigned)

    def nondet(self, f: Frame, ins: Ins, name: str) -> z3.ExprRef:
        v = self.new(name, ins.ty)
        if ins.ty.bits > 1:  # (any bit pattern of the register)
            f.cond += in_range(v, ins.ty.bits)
        return v

    def binop(self, f: Frame, ins: Ins) -> z3.ExprRef:
        op, a, b = ins.op, f.val(ins.a[0]), f.val(ins.a[1])
        bits, here = ins.ty.bits, where(f.fn, ins)
        if bits == 1:
            if op in ("and", "or", "xor"):
                return z3.And(a, b) if op == "and" else z3.Or(a, b) if op == "or" else z3.Xor(a, b)
            raise Unfit(f"i1 arithmetic ({here})")
        if op in ("add", "sub", "mul"):
            r = a + b if op == "add" else a - b if op == "sub" else a * b
            return self.exact(f, r, bits, here) if ins.x == "nsw" else wrap(r, bits)
        d = ins.a[1]
        if not d.const:
            raise Unfit(f"{op} by a variable ({here})")
        k = d.val & ((1 << bits) - 1)
        if op == "and":
            if k & (k + 1) or k == 0:  # (a mask of the low bits: a remainder)
                raise Unfit(f"a bit operation ({here})")
            return wrap(self.unsigned(a, bits) % (k + 1), bits)
        if op in ("or", "xor"):
            raise Unfit(f"a bit operation ({here})")
        if op in ("shl", "lshr", "ashr") and k >= bits:
            f.error(True, f"shift by the width or more ({here})")
            f.cond.append(z3.BoolVal(False))
            return z3.IntVal(0)
        if op not in ("shl", "lshr", "ashr") and k == 0:
            f.error(True, f"division by zero ({here})")
            f.cond.append(z3.BoolVal(False))
            return z3.IntVal(0)
        if op in ("sdiv", "srem") and signed(k, bits) == -1:
            f.error(a == -(1 << (bits - 1)), f"INT_MIN / -1 ({here})")
            f.cond.append(a != -(1 << (bits - 1)))
        return by_constant(op, a, k, bits, ins.x == "nsw", self.unsigned, lambda r: self.exact(f, r, bits, here))

    def exact(self, f: Frame, r, bits: int, here: str) -> z3.ExprRef:
        """An nsw result: an error where it is out of range (the run
        leaves the integers here), else the value (exact: the value)."""
        if self.math:
            return r
        f.error(z3.Not(z3.And(*in_range(r, bits))), f"signed overflow ({here})")
        f.cond += in_range(r, bits)
        return r


def in_range(v, bits: int) -> list:
    return [v >= -(1 << (bits - 1)), v < (1 << (bits - 1))]


def unsigned_of(v, bits: int):
    """The unsigned reading of a value in the signed range."""
    return z3.If(v >= 0, v, v + (1 << bits))

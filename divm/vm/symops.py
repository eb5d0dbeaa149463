"""Operations on symbolic values (a mixin of the symbolic engine): integer
and floating-point arithmetic, comparisons, conversions, address arithmetic
and switches as z3 terms; a fault where a feasible input makes one."""

from __future__ import annotations

import operator
from fractions import Fraction

import z3

from divm.load.layout import POISON_ID, x80_from_fraction
from divm.load.values import Sym, U
from divm.vm import ops
from divm.vm.defs import F_FLOAT, F_INTEGER
from divm.vm.symterms import FSORT, RNE, RTZ, bv, fp, fp80_bits, fp80_term, mk, mkf


# z3's operators on bit-vectors are LLVM's (modulo 2^bits)
PLAIN = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "and": operator.and_,
         "or": operator.or_, "xor": operator.xor}


def fint(v: int, bits: int):
    """The integer v (exactly representable) as a floating-point constant
    (a double's in the form fp gives it: z3 solves faster so than with
    numerals)."""
    return fp(float(v) if bits == 64 else x80_from_fraction(Fraction(v)), bits)


class SymOps:
    def binop(self, op: str, x, y, bits: int, check: bool = False):
        if x.__class__ is U or y.__class__ is U:
            return ops.full(bits)
        a, b = bv(x, bits), bv(y, bits)
        f = PLAIN.get(op)
        if f is not None:
            r = f(a, b)
        elif op in ("udiv", "urem", "sdiv", "srem"):
            if self.decide(b == 0):
                self.vm.fault(F_INTEGER, ("division" if op[1:] == "div" else "remainder") + " by zero")
                return ops.full(bits)
            if op[0] == "s" and bits > 1 and self.decide(
                    z3.And(a == z3.BitVecVal(1 << (bits - 1), bits), b == z3.BitVecVal(-1, bits))):
                self.vm.fault(F_INTEGER, "signed division overflow (INT_MIN / -1)")
                return ops.full(bits)
            r = {"udiv": z3.UDiv, "urem": z3.URem, "srem": z3.SRem}[op](a, b) if op != "sdiv" else a / b
        elif op in ("shl", "lshr", "ashr"):
            if self.decide(z3.UGE(b, bits)):
                if check:
                    self.vm.fault(F_INTEGER, f"shift by a symbolic amount of at least {bits}")
                return ops.full(bits)
            r = a << b if op == "shl" else z3.LShR(a, b) if op == "lshr" else a >> b
            if check == 2 and self.decide((r >> b) != a):  # a signed C shift (load/srcfacts.py)
                self.vm.fault(F_INTEGER, "signed overflow in shl (symbolic operands)")
        else:
            raise TypeError(f"symbolic {op}")
        if check and op in ("add", "sub", "mul") and bits > 1:
            w = 2 * bits if op == "mul" else bits + 1
            sa, sb = z3.SignExt(w - bits, a), z3.SignExt(w - bits, b)
            wide = sa + sb if op == "add" else sa - sb if op == "sub" else sa * sb
            if self.decide(wide != z3.SignExt(w - bits, r)):
                self.vm.fault(F_INTEGER, f"signed overflow in {op} (symbolic operands)")
        return mk(r, bits)

    def icmp(self, pred: str, x, y, bits: int):
        if x.__class__ is U or y.__class__ is U:
            return U(0, 1)
        a, b = bv(x, bits), bv(y, bits)
        c = {"eq": lambda: a == b, "ne": lambda: a != b, "ult": lambda: z3.ULT(a, b),
             "ule": lambda: z3.ULE(a, b), "ugt": lambda: z3.UGT(a, b), "uge": lambda: z3.UGE(a, b),
             "slt": lambda: a < b, "sle": lambda: a <= b, "sgt": lambda: a > b, "sge": lambda: a >= b}[pred]()
        return mk(z3.If(c, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)), 1)

    def cast(self, op: str, x, sbits: int, dbits: int):
        if x.__class__ is U:
            return ops.full(dbits)
        a = bv(x, sbits)
        if dbits == sbits:
            return x
        if dbits < sbits:
            return mk(z3.Extract(dbits - 1, 0, a), dbits)
        if op == "sext":
            return mk(z3.SignExt(dbits - sbits, a), dbits)
        return mk(z3.ZeroExt(dbits - sbits, a), dbits)

    def gep(self, base, parts: tuple, const: int, check: bool = False):
        """base + the sign-extended indices times their sizes + const."""
        if base.__class__ is U or any(i.__class__ is U for i, _, _ in parts):
            return ops.full(64)
        oid = base >> 32 if base.__class__ is int else mk(z3.Extract(63, 32, base.t), 32)
        r = z3.ZeroExt(32, z3.Extract(31, 0, bv(base, 64))) if oid.__class__ is int else bv(base, 64)
        r = r + z3.BitVecVal(const & ((1 << 64) - 1), 64)
        for i, bits, size in parts:
            t = bv(i, bits)
            if bits < 64:
                t = z3.SignExt(64 - bits, t)
            r = r + t * z3.BitVecVal(size, 64)
        if oid.__class__ is not int:
            return mk(r, 64)
        # the offset stays within the object's 32 bits, or the pointer is
        # poisoned (as _gep does for concrete ones)
        low = z3.Extract(31, 0, r)
        if self.decide(z3.ULT(r, 1 << 32)):
            return mk(z3.Concat(z3.BitVecVal(oid, 32), low), 64)
        if check:
            self.vm.fault(F_INTEGER, "pointer arithmetic wraps: a symbolic offset outside the object's address range")
        return mk(z3.Concat(z3.BitVecVal(POISON_ID, 32), low), 64)

    def switch(self, sw: Sym, cases: tuple):
        """The case a symbolic switch value takes (forking over the feasible
        ones), or a value outside all cases for the default."""
        t = sw.t
        for v in cases:
            if self.decide(t == v):
                return v
        v = 0
        while v in cases:
            v += 1
        return v

    def fbin(self, op: str, x, y, bits: int):
        """Arithmetic of floats, doubles and long doubles (bits 80: in z3's
        x87 format, rounded to nearest even as ops.xop rounds)."""
        if x.__class__ is U or y.__class__ is U:
            return ops.full(bits)
        if op == "frem":
            return self.frem(x, y, bits)
        a, b = fp(x, bits), fp(y, bits)
        f = {"fadd": z3.fpAdd, "fsub": z3.fpSub, "fmul": z3.fpMul, "fdiv": z3.fpDiv}[op]
        if op == "fdiv":  # a fault where the VM's is (ops.fdiv; ops.xop: for a finite dividend only)
            zero = z3.fpIsZero(b)
            if bits == 80:
                zero = z3.And(zero, z3.Not(z3.fpIsNaN(a)), z3.Not(z3.fpIsInf(a)))
            if self.decide(zero):
                self.vm.fault(F_FLOAT, "floating-point division by zero")
        return mkf(f(RNE, a, b), bits)

    def fneg(self, x, bits: int):
        return mkf(z3.fpNeg(fp(x, bits)), bits)

    def fcmp(self, pred: str, x, y, bits: int):
        if x.__class__ is U or y.__class__ is U:
            return U(0, 1)
        a, b = fp(x, bits), fp(y, bits)
        if pred in ("true", "false"):
            return int(pred == "true")
        uno = z3.Or(z3.fpIsNaN(a), z3.fpIsNaN(b))
        rel = {"eq": z3.fpEQ, "gt": z3.fpGT, "ge": z3.fpGEQ, "lt": z3.fpLT, "le": z3.fpLEQ,
               "ne": lambda p, q: z3.Not(z3.fpEQ(p, q))}
        if pred == "ord":
            c = z3.Not(uno)
        elif pred == "uno":
            c = uno
        elif pred[0] == "o":
            c = z3.And(z3.Not(uno), rel[pred[1:]](a, b))
        else:
            c = z3.Or(uno, rel[pred[1:]](a, b))
        return mk(z3.If(c, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)), 1)

    def fcast(self, op: str, x, sk: str, sbits: int, dk: str, dbits: int, check: bool = False):
        """Conversions with a floating-point side (float, double, long double)."""
        if x.__class__ is U:
            return ops.full(dbits) if dk == "i" else x
        if dbits == 80:
            self.x87 = True
        if op in ("sitofp", "uitofp"):
            f = z3.fpSignedToFP if op == "sitofp" else z3.fpUnsignedToFP
            return mkf(f(RNE, bv(x, sbits), FSORT[dbits]), dbits)
        if op in ("fpext", "fptrunc"):
            a = fp(x, sbits)
            if op == "fptrunc" and z3.is_app_of(a, z3.Z3_OP_FPA_TO_FP) and a.num_args() == 2 and z3.is_fp(a.arg(1)):
                v = a.arg(1)  # (a value widened exactly, narrowed again: exact, no solver needed)
                if v.ebits() + v.sbits() <= dbits:
                    return mkf(v if v.sort() == FSORT[dbits] else z3.fpFPToFP(RNE, v, FSORT[dbits]), dbits)
            if sbits == 80 and dbits == 32:  # (as the VM: to double, then to float)
                a = z3.fpFPToFP(RNE, a, FSORT[64])
            r = z3.fpFPToFP(RNE, a, FSORT[dbits])
            if dbits == 32 and self.decide(z3.And(z3.fpIsInf(r), z3.Not(z3.fpIsInf(a)), z3.Not(z3.fpIsNaN(a)))):
                return ops.full(32)  # (a finite value beyond float's range: undefined, as ops.fptrunc makes it)
            return mkf(r, dbits)
        if op == "bitcast":
            if sbits == 80:  # (a long double's 80 bits as memory holds them, and back)
                return mk(fp80_bits(fp(x, 80)), 80)
            if dbits == 80:
                return mkf(fp80_term(bv(x, 80)), 80)
            if dk == "i":
                return mk(z3.fpToIEEEBV(fp(x, sbits)), dbits)
            return mkf(z3.fpBVToFP(bv(x, sbits), FSORT[dbits]), dbits)
        # fptosi / fptoui: out of range (or NaN) is poison, a fault when checked
        a = fp(x, sbits)
        signed = op == "fptosi"
        ws, prec = (80, 64) if sbits == 80 else (64, 53)
        w = a if sbits == ws else z3.fpFPToFP(RNE, a, FSORT[64])  # (exact)
        if signed and dbits > prec:  # no value of w's sort lies between -2^(dbits-1) - 1 and -2^(dbits-1)
            low = z3.fpGEQ(w, fint(-(1 << (dbits - 1)), ws))
        else:
            low = z3.fpGT(w, fint(-(1 << (dbits - 1)) - 1 if signed else -1, ws))
        inr = z3.And(z3.Not(z3.fpIsNaN(w)), low, z3.fpLT(w, fint(1 << (dbits - (1 if signed else 0)), ws)))
        if not self.decide(inr):
            if check:
                self.vm.fault(F_INTEGER, f"{op} of a symbolic value out of the range of i{dbits}")
            return ops.full(dbits)
        f = z3.fpToSBV if signed else z3.fpToUBV
        return mk(f(RTZ, a, z3.BitVecSort(dbits)), dbits)

    def iabs(self, x, bits: int):
        """llvm.abs (abs(INT_MIN) is INT_MIN, as the wrapping intrinsic)."""
        if x.__class__ is not Sym:
            return ops.iabs(x, bits)
        a = x.t
        return mk(z3.If(a < 0, -a, a), bits)

    def minmax(self, op: str, x, y, bits: int):
        """llvm.smax/smin/umax/umin."""
        if x.__class__ is not Sym and y.__class__ is not Sym or x.__class__ is U or y.__class__ is U:
            return ops.minmax(op, x, y, bits)
        a, b = bv(x, bits), bv(y, bits)
        lt = (a < b) if op[0] == "s" else z3.ULT(a, b)
        return mk(z3.If(lt, b, a) if op[1:] == "max" else z3.If(lt, a, b), bits)

    def reduce(self, op: str, v, bits: int):
        """llvm.vector.reduce.* over lanes some of which are symbolic."""
        if not any(x.__class__ is Sym for x in v) or op not in PLAIN:
            return ops.reduce(op, tuple(self.conc(x) for x in v), bits)
        r = v[0]
        for x in v[1:]:
            r = self.binop(op, r, x, bits)
        return r

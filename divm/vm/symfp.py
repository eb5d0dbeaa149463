"""Floating-point functions on symbolic values (a mixin of the symbolic
engine): frem and fmod, sqrt, fabs, the roundings to an integral value,
copysign, min and max, classification, each as z3 terms that give what the
VM's own functions (vm/ops.py, the host's libm) give for every input.

fmod is exact but a long division: z3 needs minutes for a chain of double
subtractions, or for fpRem on two doubles.  So the dividend stays symbolic
over a bounded quotient: |x| < 2^k |y| with k at most FREM_STEPS (one
subtraction each, exact by Sterbenz's lemma) for a concrete divisor, at
most 1 for a symbolic one; beyond that the path forks and the large side
takes concrete values (the divisor first), as any concretisation does."""

from __future__ import annotations

from fractions import Fraction

import z3

from divm.load.layout import _x_parts
from divm.load.values import Sym, U
from divm.vm import ops
from divm.vm.symterms import RNE, fp, mk, mkf

FREM_STEPS = 32  # subtractions of a multiple of a concrete divisor
ROUNDING = {"floor": z3.RTN(), "ceil": z3.RTP(), "trunc": z3.RTZ(), "round": z3.RNA(), "rint": RNE}
# the VM's functions on float and double (ops) and on long double (ops.x*)
CONCRETE = {
    "sqrt": (ops.fsqrt, ops.xsqrt), "fabs": (ops.fabs_, ops.xfabs), "floor": (ops.ffloor, ops.xfloor),
    "ceil": (ops.fceil, ops.xceil), "trunc": (ops.ftrunc, ops.xtrunc), "round": (ops.fround, ops.xround),
    "rint": (ops.frint, ops.xrint), "copysign": (ops.fcopysign, ops.xcopysign),
    "minnum": (ops.fminnum, ops.xminnum), "maxnum": (ops.fmaxnum, ops.xmaxnum),
    "minimum": (ops.fminimum, ops.xminimum), "maximum": (ops.fmaximum, ops.xmaximum),
}


def _bool(c):
    return mk(z3.If(c, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)), 1)


def _is_sym(args) -> bool:
    return any(a.__class__ is Sym for a in args)


# (significand bits with the integer bit, exponent bits, the least subnormal's exponent)
FORMATS = {32: (24, 8, -149), 64: (53, 11, -1074), 80: (64, 15, -16445)}
INF = float("inf")


def _frem_const(a, c, k: int, bits: int):
    """fmod of finite a by a finite nonzero constant c with |a| < 2^k |c|,
    in integers: where |a| >= |c| both are whole multiples of ulp(c), so
    the remainder is that of two integers of at most p + k bits (p: the
    significand's), by k subtractions of a shifted constant (z3 decides
    these in a fraction of the time of floating-point ones)."""
    p, eb, least = FORMATS[bits]
    fc, _ = _x_parts(c) if bits == 80 else (Fraction(abs(c)), None)
    fc = abs(fc)
    e = fc.numerator.bit_length() - fc.denominator.bit_length()
    e -= Fraction(2) ** e > fc  # 2^e <= |c| < 2^(e+1)
    uc = max(e - (p - 1), least)  # the exponent of ulp(c)
    C = int(fc / Fraction(2) ** uc)
    w = p + k
    ieee = z3.fpToIEEEBV(a)  # sign, exponent, fraction (the integer bit implicit)
    E, F = z3.Extract(p - 1 + eb - 1, p - 1, ieee), z3.Extract(p - 2, 0, ieee)
    m = z3.Concat(z3.If(E == 0, z3.BitVecVal(0, 1), z3.BitVecVal(1, 1)), F)
    # ulp(a) = 2^(max(E, 1) - bias - (p - 1)): a = m ulp(a) = (m << (log ulp(a) - uc)) ulp(c)
    shift = z3.ZeroExt(w - eb, z3.If(E == 0, z3.BitVecVal(1, eb), E)) - ((1 << (eb - 1)) - 1 + p - 1 + uc)
    r = z3.ZeroExt(w - p, m) << shift
    for i in range(k - 1, -1, -1):
        r = z3.If(z3.UGE(r, C << i), r - (C << i), r)
    srt = a.sort()
    rf = z3.fpMul(RNE, z3.fpUnsignedToFP(RNE, r, srt), z3.simplify(z3.fpToFP(RNE, z3.RealVal(Fraction(2) ** uc), srt)))
    aa = z3.fpAbs(a)
    r = z3.If(z3.fpLT(aa, fp(abs(c) if bits != 80 else ops.xfabs(c), bits)), aa, rf)  # (exact: below 2^p ulp(c))
    return z3.If(z3.fpIsNegative(a), z3.fpNeg(r), r)  # (the dividend's sign, a zero's too)


class SymFloat:
    # -- frem (fmod) ---------------------------------------------------------------------
    def frem(self, x, y, bits: int):
        """LLVM's frem, C's fmod: x - n*y with n = trunc(x/y), exact; NaN for
        a NaN, an infinite dividend or a zero divisor (no fault, as in the
        VM); an infinite divisor leaves a finite dividend as it is."""
        if x.__class__ is U or y.__class__ is U:
            return ops.full(bits)
        k = 0
        if y.__class__ is Sym:
            big, k = self._frem_ladder(fp(x, bits), y.t, 1)
            if big:  # (|x| >= 2|y|: fmod by a symbolic divisor takes z3 minutes)
                y = self.conc(y)
        if x.__class__ is Sym and y.__class__ is not Sym:
            big, k = self._frem_ladder(x.t, fp(y, bits), FREM_STEPS)
            if big:
                x = self.conc(x)
        if x.__class__ is not Sym and y.__class__ is not Sym:
            return ops.xop("%", x, y) if bits == 80 else ops.frem(x, y)
        a, b = fp(x, bits), fp(y, bits)
        core = self._frem_core(a, b, k) if y.__class__ is Sym or y != y or y in (0, INF, -INF) else \
            _frem_const(a, y, k, bits)
        r = mkf(z3.If(z3.Or(z3.fpIsNaN(a), z3.fpIsInf(a), z3.fpIsNaN(b), z3.fpIsZero(b)), z3.fpNaN(a.sort()),
                      z3.If(z3.fpIsInf(b), a, core)), bits)
        return self._heavy(r) if k else r

    def _heavy(self, r):
        """r, its queries sent to a solver of their own, as x87 ones are
        (Engine.fp_heavy: z3's incremental mode takes minutes over a long
        division, a square root or a rounding of doubles)."""
        if r.__class__ is Sym:
            self.fpcache[self.tid(r.t)] = self.x87 = True
        return r

    def _frem_ladder(self, a, b, limit: int) -> tuple[bool, int]:
        """Whether the quotient of finite a by finite nonzero b reaches
        2^limit (a fork when it can and need not), and if not, how many
        subtractions _frem_core needs: the fewest the path condition allows
        (limit in a replay, which asks no solver)."""
        fin = z3.And(z3.Not(z3.fpIsNaN(a)), z3.Not(z3.fpIsInf(a)), z3.Not(z3.fpIsNaN(b)), z3.Not(z3.fpIsInf(b)),
                     z3.Not(z3.fpIsZero(b)))
        aa, ab = z3.fpAbs(a), z3.fpAbs(b)

        def beyond(k):
            return z3.simplify(z3.And(fin, z3.fpGEQ(aa, self._scaled(ab, k))))
        lo, hi = 0, limit
        if self.model_pairs is not None:
            lo = limit
        while lo < hi:
            mid = (lo + hi) // 2
            c = beyond(mid)
            if not z3.is_false(c) and (z3.is_true(c) or self.feasible(c)):
                lo = mid + 1
            else:
                hi = mid
        return self.decide(beyond(limit)), lo  # (the same decision in a replay, whatever k)

    @staticmethod
    def _scaled(ab, k: int):
        """2^k * ab, exactly (or infinity)."""
        return ab if k == 0 else z3.simplify(z3.fpMul(RNE, z3.FPVal(2.0 ** k, ab.sort()), ab))

    def _frem_core(self, a, b, k: int):
        """fmod of finite a by finite nonzero b with |a| < 2^k |b|: from the
        largest multiple down, each 2^i |b| that fits is subtracted (exactly:
        2^i |b| <= r < 2^(i+1) |b|); the sign is a's, a zero's too.  (A
        symbolic divisor: k is at most 1.)"""
        r, ab = z3.fpAbs(a), z3.fpAbs(b)
        for i in range(k - 1, -1, -1):
            m = self._scaled(ab, i)
            r = z3.If(z3.fpGEQ(r, m), z3.fpSub(RNE, r, m), r)
        return z3.If(z3.fpIsNegative(a), z3.fpNeg(r), r)

    # -- one-operand functions and copysign, min, max --------------------------------------
    def fun(self, name: str, bits: int, *args):
        """sqrt, fabs, floor, ceil, trunc, round, rint, copysign, minnum,
        maxnum, minimum, maximum of float (32), double (64) or long double
        (80) operands, some symbolic."""
        if not _is_sym(args) or any(a.__class__ is U for a in args):  # (an undefined operand: undefined)
            return CONCRETE[name][bits == 80](*(0.0 if a.__class__ is Sym else a for a in args))
        t = [fp(a, bits) for a in args]
        a = t[0]
        if name == "sqrt":
            return self._heavy(mkf(z3.fpSqrt(RNE, a), bits))
        if name == "fabs":
            return mkf(z3.fpAbs(a), bits)
        if name in ROUNDING:
            return self._heavy(mkf(z3.fpRoundToIntegral(ROUNDING[name], a), bits))
        b = t[1]
        if name == "copysign":
            if self.decide(z3.fpIsNaN(b)):  # (a NaN's sign bit: not in z3's terms)
                self.incomplete = "the sign of a symbolic NaN was needed (copysign); it was taken as positive"
                return CONCRETE[name][bits == 80](*(self.conc(v) for v in args))
            return mkf(z3.If(z3.fpIsNegative(b), z3.fpNeg(z3.fpAbs(a)), z3.fpAbs(a)), bits)
        big = name.startswith("max")
        # as ops._minnum, _maxnum: a NaN gives the other operand, -0 is below +0
        r = z3.If(z3.And(z3.fpIsZero(a), z3.fpIsZero(b)), z3.If(z3.fpIsNegative(a) == big, b, a),
                  z3.If(z3.fpGT(b, a) if big else z3.fpLT(b, a), b, a))
        r = z3.If(z3.fpIsNaN(a), b, z3.If(z3.fpIsNaN(b), a, r))
        if name in ("minimum", "maximum"):
            r = z3.If(z3.Or(z3.fpIsNaN(a), z3.fpIsNaN(b)), z3.fpNaN(a.sort()), r)
        return mkf(r, bits)

    def is_fpclass(self, x, test: int, bits: int):
        """llvm.is.fpclass as ops.is_fpclass: a NaN is both kinds of NaN."""
        if x.__class__ is not Sym:
            return ops.is_fpclass(x, test, bits)
        a = x.t
        neg, pos = z3.fpIsNegative(a), z3.fpIsPositive(a)
        classes = ((0x3, z3.fpIsNaN(a)), (0x4, z3.And(z3.fpIsInf(a), neg)), (0x8, z3.And(z3.fpIsNormal(a), neg)),
                   (0x10, z3.And(z3.fpIsSubnormal(a), neg)), (0x20, z3.And(z3.fpIsZero(a), neg)),
                   (0x40, z3.And(z3.fpIsZero(a), pos)), (0x80, z3.And(z3.fpIsSubnormal(a), pos)),
                   (0x100, z3.And(z3.fpIsNormal(a), pos)), (0x200, z3.And(z3.fpIsInf(a), pos)))
        return _bool(z3.Or([c for m, c in classes if m & test] or [z3.BoolVal(False)]))

    def install_float(self, G: dict, b: dict) -> None:
        """The generated code's functions (G: _fsqrt, _xsqrt, ...) and the
        library's (b: sqrt, sqrtf, sqrtl, fmod, ...) that have a symbolic
        form; the concrete VM's for values without a symbol."""
        def fun(name, x80):
            def f(*a):
                s = next((v for v in a if v.__class__ is Sym), None)
                return self.fun(name, 80 if x80 else s.bits if s is not None else 64, *a)
            return f
        for name in CONCRETE:
            G["_fabs" if name == "fabs" else "_f" + name] = fun(name, False)
            G["_x" + name] = fun(name, True)
        for suffix, bits in (("", 64), ("f", 32), ("l", 80)):
            for name in ("sqrt", "fabs", "floor", "ceil", "trunc", "round", "rint", "nearbyint", "copysign"):
                conc = b.get(name + suffix)
                if conc is None:
                    continue
                b[name + suffix] = (lambda *a, name=name, bits=bits, conc=conc:
                                    self.fun("rint" if name == "nearbyint" else name, bits, *a) if _is_sym(a)
                                    else conc(*a))
            conc = b["fmod" + suffix]
            b["fmod" + suffix] = (lambda x, y, bits=bits, conc=conc:
                                  self.frem(x, y, bits) if _is_sym((x, y)) else conc(x, y))
        G["_is_fpclass"] = self.is_fpclass
        # (lround, lrint: an fptosi of the rounded value, as the instruction)
        G["_fptosi"] = lambda x, bits: self.fcast("fptosi", x, "f", x.bits, "i", bits) if x.__class__ is Sym \
            else ops.fptosi(x, bits)
        G["_xtoint"] = lambda x, bits, signed: self.fcast("fptosi" if signed else "fptoui", x, "x", 80, "i", bits) \
            if x.__class__ is Sym else ops.xtoint(x, bits, signed)

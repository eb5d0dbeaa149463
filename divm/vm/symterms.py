"""Terms of symbolic runs (vm/symbolic.py): values as z3 bit-vector and
floating-point terms and back, symbolic bytes in objects.

A long double (x86_fp80) is a term of sort FPSort(15, 64), the x87 format
with z3's implicit integer bit; in memory its 80 bits carry that bit
explicitly (fp80_term, fp80_bits).  Its Sym has 80 bits."""

from __future__ import annotations

import struct

import z3

from divm.load.layout import X80, _x_parts, fp80_bytes, fp80_value, x80_from_fraction
from divm.load.values import Sym

def bv(x, bits: int):
    """x (int or Sym) as a bit-vector term of `bits` bits."""
    if x.__class__ is Sym:
        t = x.t
        w = t.size()
        if w == bits:
            return t
        return z3.ZeroExt(bits - w, t) if w < bits else z3.Extract(bits - 1, 0, t)
    return z3.BitVecVal(int(x) & ((1 << bits) - 1), bits)


def mk(t, bits: int):
    """A simplified term: a Python int when it is a constant."""
    t = z3.simplify(t)
    if z3.is_bv_value(t):
        return t.as_long()
    return Sym(t, bits)


class _Sorts(dict):
    def __missing__(self, bits: int):
        # (the x87 sort made on first use: a new z3 term shifts the ids of
        # all later ones, and with them the solver's speed on other queries)
        if bits != 80:
            raise KeyError(bits)
        srt = self[80] = z3.FPSort(15, 64)
        return srt


FSORT = _Sorts({32: z3.Float32(), 64: z3.Float64()})
FSTRUCT = {32: struct.Struct("<f"), 64: struct.Struct("<d")}
ISTRUCT = {32: struct.Struct("<I"), 64: struct.Struct("<Q")}
RNE, RTZ = z3.RNE(), z3.RTZ()


def fp(x, bits: int):
    """x (a float or a symbolic float) as a floating-point term."""
    if x.__class__ is Sym:
        return x.t
    if bits == 80:
        return fp80_const(x)
    raw = ISTRUCT[bits].unpack(FSTRUCT[bits].pack(x))[0]  # exact, NaNs and -0.0 included
    return z3.fpBVToFP(z3.BitVecVal(raw, bits), FSORT[bits])


NAN_BITS = {32: 0x7FC00000, 64: 0x7FF8000000000000, 79: (0x7FFF << 63) | (1 << 62)}


def fp_bits(v, bits: int) -> int:
    """The IEEE bits of a floating-point constant (a NaN has no unique
    encoding in z3: the quiet NaN's)."""
    b = z3.simplify(z3.fpToIEEEBV(v))
    return b.as_long() if z3.is_bv_value(b) else NAN_BITS[bits]


def mkf(t, bits: int):
    """A simplified floating-point term: a Python float when constant."""
    t = z3.simplify(t)
    if z3.is_fp_value(t):
        return fp_value(t)
    return Sym(t, bits)


def fp_value(v):
    """A floating-point constant term as the VM's value: a float (an X80
    for a long double a double cannot hold)."""
    w = v.ebits() + v.sbits()
    if w == 79:
        return x80_value(fp_bits(v, 79))
    return FSTRUCT[w].unpack(ISTRUCT[w].pack(fp_bits(v, w)))[0]


# -- long double -------------------------------------------------------------
_X80_NAN = 0x7FFFC000000000000000  # (layout.fp80_bytes's NaN: x87's default quiet NaN)
_M63 = (1 << 63) - 1


def x80_value(b: int):
    """The long double of IEEE-style bits sign|exp15|frac63, as layout.decode
    reads its 80 bits (any NaN is the float NaN)."""
    e = (b >> 63) & 0x7FFF
    raw = ((b >> 63) << 64) | (int(e != 0) << 63) | (b & _M63)
    rb = raw.to_bytes(10, "little")
    v = fp80_value(rb)
    if fp80_bytes(v) != rb and v == v:
        return X80(v, raw)
    return v


def fp80_const(x):
    """A concrete long double as a term.  An encoding whose integer bit
    disagrees with its exponent (pseudo-denormal, unnormal) is taken at the
    value the concrete arithmetic (layout._x_parts) gives it."""
    if x != x:
        return z3.fpNaN(FSORT[80])
    raw = x.bits if x.__class__ is X80 else int.from_bytes(fp80_bytes(x), "little")
    e = (raw >> 64) & 0x7FFF
    if e != 0x7FFF and (e != 0) != bool(raw >> 63 & 1):
        f, sign = _x_parts(x)
        return fp80_const(x80_from_fraction(f, bool(sign)))
    return z3.fpBVToFP(z3.BitVecVal(((raw >> 64) << 63) | (raw & _M63), 79), FSORT[80])


def fp80_bits(t):
    """The 80 bits a long double term has in memory: the integer bit
    explicit, a NaN as layout.fp80_bytes writes every NaN."""
    b = z3.fpToIEEEBV(t)
    one = z3.If(z3.Extract(78, 63, b) == 0, z3.BitVecVal(0, 1), z3.BitVecVal(1, 1))
    return z3.If(z3.fpIsNaN(t), z3.BitVecVal(_X80_NAN, 80), z3.Concat(z3.Extract(78, 63, b), one, z3.Extract(62, 0, b)))


def fp80_term(b):
    """The long double of 80 bits in memory, as the concrete arithmetic
    reads any encoding: a pseudo-denormal (exponent 0, integer bit 1) is
    the normal of exponent 1; an unnormal (integer bit 0 under a normal
    exponent) is 0.frac times its power of two, normal(exp, frac) -
    normal(exp, 0) (Sterbenz: exact), signed zero for frac 0; the integer
    bit under exponent 0x7FFF is ignored (infinity, NaN)."""
    s, e, i, f = z3.Extract(79, 79, b), z3.Extract(78, 64, b), z3.Extract(63, 63, b), z3.Extract(62, 0, b)
    srt = FSORT[80]
    one = z3.BitVecVal(1, 1)
    n = z3.fpBVToFP(z3.Concat(s, z3.If(z3.And(e == 0, i == one), z3.BitVecVal(1, 15), e), f), srt)
    unnormal = z3.And(e != 0, e != 0x7FFF, i != one)
    zero = z3.fpBVToFP(z3.Concat(s, z3.BitVecVal(0, 78)), srt)
    frac = z3.fpSub(RNE, n, z3.fpBVToFP(z3.Concat(s, e, z3.BitVecVal(0, 63)), srt))
    return z3.If(unnormal, z3.If(f == 0, zero, frac), n)


# byte terms of long doubles stored -> the term: a load of all ten bytes as
# they were stored gets the term back, not fp80_term of its bits
FP80_TERMS: dict[tuple, tuple] = {}
# the same for other values: byte terms -> (the stored bit-vector, the byte
# terms, kept alive so that their ids stay unique).  Without it a value that
# goes through memory comes back as a Concat of Extracts, which z3.simplify
# cannot always fold (the low byte of x - 1 simplifies on its own): a
# recursion passing x - 1 down built terms, and queries, growing with depth.
BV_TERMS: dict[tuple, tuple] = {}
BV_TERMS_LIMIT = 1 << 18


def byte_terms(v: Sym, n: int) -> list:
    t = v.t
    if v.bits == 80:
        r = [z3.simplify(z3.Extract(8 * i + 7, 8 * i, fp80_bits(t))) for i in range(10)]
        FP80_TERMS[tuple(x.get_id() for x in r)] = (t, r)  # (r kept: its ids stay unique)
        return r
    if z3.is_fp(t):
        t = z3.fpToIEEEBV(t)
    if t.size() < 8 * n:
        t = z3.ZeroExt(8 * n - t.size(), t)
    r = [z3.simplify(z3.Extract(8 * i + 7, 8 * i, t)) for i in range(n)]
    if n > 1:
        if len(BV_TERMS) > BV_TERMS_LIMIT:
            BV_TERMS.clear()  # (a miss only costs the Concat)
        BV_TERMS[tuple(x.get_id() for x in r)] = (t, r)
    return r


def install_syms(o, syms: list, base: int = 0) -> None:
    """Record the symbolic values encode listed as o's symbolic bytes (at
    base + their offsets)."""
    if o.sym is None:
        o.sym = {}
    for off, v, n in syms:
        for i, t in enumerate(byte_terms(v, n)):
            o.sym[base + off + i] = t
    o.resync()


FLOAT_CALLS = ("__VERIFIER_nondet_float", "__VERIFIER_nondet_double", "__lamp_any_float32", "__lamp_any_float64",
               "__lamp_any_f32", "__lamp_any_f64")


def value_order(v):
    return (v != v, v)  # (NaN last: it compares with nothing)

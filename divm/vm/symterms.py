"""Terms of symbolic runs (vm/symbolic.py): values as z3 bit-vector and
floating-point terms and back, symbolic bytes in objects."""

from __future__ import annotations

import struct

import z3

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


FSORT = {32: z3.Float32(), 64: z3.Float64()}
FSTRUCT = {32: struct.Struct("<f"), 64: struct.Struct("<d")}
ISTRUCT = {32: struct.Struct("<I"), 64: struct.Struct("<Q")}
RNE, RTZ = z3.RNE(), z3.RTZ()


def fp(x, bits: int):
    """x (a float or a symbolic float) as a floating-point term."""
    if x.__class__ is Sym:
        return x.t
    raw = ISTRUCT[bits].unpack(FSTRUCT[bits].pack(x))[0]  # exact, NaNs and -0.0 included
    return z3.fpBVToFP(z3.BitVecVal(raw, bits), FSORT[bits])


NAN_BITS = {32: 0x7FC00000, 64: 0x7FF8000000000000}


def fp_bits(v, bits: int) -> int:
    """The IEEE bits of a floating-point constant (a NaN has no unique
    encoding in z3: the quiet NaN's)."""
    b = z3.simplify(z3.fpToIEEEBV(v))
    return b.as_long() if z3.is_bv_value(b) else NAN_BITS[bits]


def mkf(t, bits: int):
    """A simplified floating-point term: a Python float when constant."""
    t = z3.simplify(t)
    if z3.is_fp_value(t):
        return FSTRUCT[bits].unpack(ISTRUCT[bits].pack(fp_bits(t, bits)))[0]
    return Sym(t, bits)


def byte_terms(v: Sym, n: int) -> list:
    t = v.t
    if z3.is_fp(t):
        t = z3.fpToIEEEBV(t)
    if t.size() < 8 * n:
        t = z3.ZeroExt(8 * n - t.size(), t)
    return [z3.simplify(z3.Extract(8 * i + 7, 8 * i, t)) for i in range(n)]


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

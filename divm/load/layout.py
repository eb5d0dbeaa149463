"""The data layout: how IR values become bytes (little endian, 64-bit
pointers of a 32-bit object id and a 32-bit offset), the object id ranges
of <sys/divm.h>, and float formats (f32 rounding, x86 long double)."""

from __future__ import annotations

import math
import struct

from divm.load.values import Sym, U

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF

# object id ranges, as in <sys/divm.h>
PL_GLOBAL, PL_CODE, PL_ALLOCA, PL_HEAP = 0x00080000, 0x00100000, 0x10000000, 0xF0000000
CODE_BASE = PL_GLOBAL  # a pointer to function number i has object id CODE_BASE + i
POISON_ID = 0xFFFFFFFF  # the id a pointer gets when its offset overflows


_PACK = {1: struct.Struct("<B"), 2: struct.Struct("<H"), 4: struct.Struct("<I"), 8: struct.Struct("<Q")}
F32 = struct.Struct("<f")
F64 = struct.Struct("<d")


def f32_round(x: float) -> float:
    try:
        return F32.unpack(F32.pack(x))[0]
    except OverflowError:
        return float("inf") if x > 0 else float("-inf")


# -- x86 80-bit long double: kept as a Python float in registers -------------
# Values that a double cannot hold exactly travel as X80, a float (the value
# rounded to a double) that remembers its 80 bits; arithmetic reads the exact
# value (_x_parts) and rounds to 64 bits as the x87 unit does (vm/ops.py).

class X80(float):
    __slots__ = ("bits",)

    def __new__(cls, value: float, bits: int):
        x = float.__new__(cls, value)
        x.bits = bits
        return x


def fp80_bytes(x: float) -> bytes:
    if x != x:
        return (0xC000000000000000).to_bytes(8, "little") + (0x7FFF).to_bytes(2, "little")
    bits = struct.unpack("<Q", F64.pack(x))[0]
    sign = bits >> 63
    exp = (bits >> 52) & 0x7FF
    frac = bits & ((1 << 52) - 1)
    if exp == 0x7FF:
        e80, m80 = 0x7FFF, 1 << 63
    elif exp == 0 and frac == 0:
        e80, m80 = 0, 0
    elif exp == 0:
        shift = frac.bit_length()
        m80 = frac << (64 - shift)
        e80 = 1 - 1023 + 16383 - (53 - shift)
    else:
        e80 = exp - 1023 + 16383
        m80 = (1 << 63) | (frac << 11)
    return m80.to_bytes(8, "little") + ((sign << 15) | e80).to_bytes(2, "little")


def fp80_value(b: bytes) -> float:
    m = int.from_bytes(b[:8], "little")
    se = int.from_bytes(b[8:10], "little")
    sign = -1.0 if se >> 15 else 1.0
    e = se & 0x7FFF
    if e == 0x7FFF:
        if m & ((1 << 63) - 1):
            return float("nan")
        return sign * float("inf")
    if m == 0:
        return sign * 0.0
    try:
        return sign * math.ldexp(float(m), e - 16383 - 63)
    except OverflowError:
        return sign * float("inf")


# -- encoding typed values to bytes and back ---------------------------------
# Types are divm.types.Ty; scalars are encoded here, aggregates recurse.

def sym_bytes(val, out: bytearray, off: int, n: int, umask: bytearray, syms) -> None:
    """A symbolic value's n bytes: undefined in memory, their terms listed in syms."""
    if syms is None:
        raise TypeError("a symbolic value where memory takes only concrete ones")
    out[off:off + n] = bytes(n)
    umask[off:off + n] = b"\xff" * n
    syms.append((off, val, n))


def encode(ty, val, out: bytearray, off: int, umask: bytearray, ptrs: list, syms: list | None = None) -> None:
    """Write val of type ty at out[off:], its undefined bits into umask and
    pointer offsets into ptrs; a symbolic value's bytes are marked undefined
    and listed in syms as (offset, value, bytes) (without syms it is a
    TypeError)."""
    k = ty.k
    if k == "i" or k == "p":
        n = ty.store
        if val.__class__ is Sym:
            sym_bytes(val, out, off, n, umask, syms)
        elif val.__class__ is U:
            v, m = val.v, val.m
            out[off:off + n] = (v & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
            umask[off:off + n] = (m & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
            if ty.bits % 8:
                # padding bits of an odd-width integer stay as they are: defined 0
                pass
        else:
            out[off:off + n] = (int(val) & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
            if k == "p":
                ptrs.append(off)
    elif k == "d" or k == "f":
        if val.__class__ is Sym:  # (--symbolic: a float in memory, --no-reduce keeps locals there)
            sym_bytes(val, out, off, ty.store, umask, syms)
        elif val.__class__ is U:
            n = ty.store
            out[off:off + n] = (val.v & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
            umask[off:off + n] = (val.m & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
        elif k == "d":
            F64.pack_into(out, off, val)
        else:
            F32.pack_into(out, off, val)
    elif k == "x":
        if val.__class__ is Sym:
            sym_bytes(val, out, off, 10, umask, syms)
        elif val.__class__ is U:
            out[off:off + 10] = (val.v & ((1 << 80) - 1)).to_bytes(10, "little")
            umask[off:off + 10] = (val.m & ((1 << 80) - 1)).to_bytes(10, "little")
        elif val.__class__ is X80:
            out[off:off + 10] = val.bits.to_bytes(10, "little")
        else:
            out[off:off + 10] = fp80_bytes(val)
    elif k == "s":
        if val.__class__ is U:
            umask[off:off + ty.size] = b"\xff" * ty.size
            return
        for e, o, v in zip(ty.elems, ty.offsets, val):
            encode(e, v, out, off + o, umask, ptrs, syms)
        # padding is undefined
        for a, b in ty.padding:
            umask[off + a:off + b] = b"\xff" * (b - a)
    elif k == "a" or k == "vec":
        if val.__class__ is U:
            umask[off:off + ty.size] = b"\xff" * ty.size
            return
        e = ty.elem
        st = e.size
        if k == "vec" and e.k == "i" and e.bits % 8:
            # vectors of odd-width integers are bit-packed (LangRef: as if bitcast to iN)
            bits = 0
            bm = 0
            eb = e.bits
            em = (1 << eb) - 1
            for i, v in enumerate(val):
                if v.__class__ is U:
                    bm |= (v.m & em) << (i * eb)
                    bits |= (v.v & em) << (i * eb)
                else:
                    bits |= (v & em) << (i * eb)
            n = ty.store
            out[off:off + n] = bits.to_bytes(n, "little")
            umask[off:off + n] = bm.to_bytes(n, "little")
            return
        for i, v in enumerate(val):
            encode(e, v, out, off + i * st, umask, ptrs, syms)
    else:
        raise TypeError(f"cannot store a value of type {ty}")


SYM_DECODE = [None]  # vm/symbolic.py's reader of objects holding symbolic bytes


def decode_obj(ty, o, off: int) -> object:
    """decode from an object, whose bytes may be symbolic (`o.sym`)."""
    if o.sym is None:
        return decode(ty, o.b, off, o.ud)
    return SYM_DECODE[0](ty, o, off)


def decode(ty, b, off: int, ud) -> object:
    """Read a value of type ty from bytes b at off; ud is the undef mask
    (bytes-like, same indexing) or None."""
    k = ty.k
    if k == "i" or k == "p":
        n = ty.store
        v = int.from_bytes(b[off:off + n], "little")
        if ty.bits != 8 * n:
            v &= (1 << ty.bits) - 1
        if ud is not None:
            m = int.from_bytes(ud[off:off + n], "little")
            if ty.bits != 8 * n:
                m &= (1 << ty.bits) - 1
            if m:
                return U(v, m)
        return v
    if k == "d" or k == "f":
        n = ty.store
        if ud is not None:
            m = int.from_bytes(ud[off:off + n], "little")
            if m:
                return U(int.from_bytes(b[off:off + n], "little"), m)
        return (F64 if k == "d" else F32).unpack_from(b, off)[0]
    if k == "x":
        raw = bytes(b[off:off + 10])
        if ud is not None and any(ud[off:off + 10]):
            return U(int.from_bytes(raw, "little"), int.from_bytes(ud[off:off + 10], "little"))
        v = fp80_value(raw)
        if fp80_bytes(v) != raw and v == v:
            return X80(v, int.from_bytes(raw, "little"))
        return v
    if k == "s":
        return tuple(decode(e, b, off + o, ud) for e, o in zip(ty.elems, ty.offsets))
    if k == "a" or k == "vec":
        e = ty.elem
        if k == "vec" and e.k == "i" and e.bits % 8:  # bit-packed, see encode
            n = ty.store
            v = int.from_bytes(b[off:off + n], "little")
            m = int.from_bytes(ud[off:off + n], "little") if ud is not None else 0
            eb = e.bits
            em = (1 << eb) - 1
            return tuple(U((v >> (i * eb)) & em, (m >> (i * eb)) & em) if (m >> (i * eb)) & em
                         else (v >> (i * eb)) & em for i in range(ty.n))
        st = e.size
        return tuple(decode(e, b, off + i * st, ud) for i in range(ty.n))
    raise TypeError(f"cannot load a value of type {ty}")


# -- x86 80-bit long double values ----------------------------------------------------

def _x_parts(x):
    """(exact Fraction or special float, sign) of a long double register value."""
    from fractions import Fraction

    if x.__class__ is X80:
        b = x.bits
        m = b & ((1 << 64) - 1)
        se = b >> 64
        sign = se >> 15
        e = se & 0x7FFF
        if e == 0x7FFF:
            return (math.nan if x != x else math.copysign(math.inf, -1.0 if sign else 1.0)), sign
        f = Fraction(m) * (Fraction(2) ** (max(e, 1) - 16383 - 63))
        return (-f if sign else f), sign
    if not math.isfinite(x):
        return x, math.copysign(1.0, x) < 0
    return Fraction(x), math.copysign(1.0, x) < 0


def x80_from_fraction(f, neg_zero: bool = False):
    """Round an exact value to the nearest long double."""
    if f == 0:
        return -0.0 if neg_zero else 0.0
    sign = 1 if f < 0 else 0
    a = -f if sign else f
    num, den = a.numerator, a.denominator
    e = num.bit_length() - den.bit_length()
    if (num << max(0, -e)) < (den << max(0, e)):
        e -= 1
    # a in [2^e, 2^(e+1)); significand has 64 bits: scale by 2^(63-e)
    exp = max(e, -16382)
    shift = 63 - exp
    n, d = (num << shift, den) if shift >= 0 else (num, den << -shift)
    q, r = divmod(n, d)
    if 2 * r > d or (2 * r == d and q & 1):
        q += 1
    if q >> 64:
        q >>= 1
        exp += 1
    if exp > 16383:
        return math.copysign(math.inf, -1.0 if sign else 1.0)
    biased = exp + 16383 if q >> 63 else 0
    bits = (((sign << 15) | biased) << 64) | q
    v = fp80_value(bits.to_bytes(10, "little"))
    if float(v) == f and v != 0:
        return v
    return X80(v, bits)

"""Graph memory: objects, their shadow bits, and the checked slow paths.

Every object is a byte array with two shadow layers: `ud`, a per-byte mask
of undefined bits (None once every bit is defined, which is what the fast
path in generated code tests), and `ptrs`, the offsets at which a pointer
was stored (the edges of the memory graph).  A pointer is
(object id << 32) | offset; ids come from per-class ranges and are never
reused along a run."""

from __future__ import annotations

import math
import struct

from .values import U

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF

# object id ranges, as in <sys/divm.h>
PL_GLOBAL, PL_CODE, PL_ALLOCA, PL_HEAP = 0x00080000, 0x00100000, 0x10000000, 0xF0000000
CODE_BASE = PL_GLOBAL  # a pointer to function number i has object id CODE_BASE + i
POISON_ID = 0xFFFFFFFF  # the id a pointer gets when its offset overflows

K_GLOBAL, K_CODE, K_ALLOCA, K_HEAP, K_FRAME, K_KERNEL = 0, 1, 2, 3, 4, 5  # kernel: DiOS's own


_ZEROS = [bytes(n) for n in range(17)]


class Obj:
    __slots__ = ("b", "ud", "nud", "ptrs", "slow", "ro", "kind", "name", "shared", "frozen", "h", "serial",
                 "meta")

    def __init__(self, size: int, kind: int, defined: bool = False, name: str = ""):
        self.b = bytearray(size)
        if defined or not size:
            self.ud = None
            self.nud = 0
        else:
            self.ud = bytearray(b"\xff") * size
            self.nud = size
        self.ptrs: set[int] = set()
        self.ro = False
        self.kind = kind
        self.name = name
        # may another thread reach it?  Globals and kernel data always can
        self.shared = kind == K_GLOBAL or kind == K_KERNEL
        # frozen: shared with a stored state, so copied before any write
        self.frozen = False
        self.h = None  # cached content hash while frozen
        self.serial = 0  # names the frozen contents: equal serials, equal objects
        # slow: generated code must not store inline (frozen or read-only);
        # undefined bytes and pointers are handled inline (see define_bytes)
        self.slow = False
        # user metadata (__vm_poke, layers from _VM_ML_User): None, or bytes
        # packing sorted (layer, from, to, value) uint32 quadruples; part of the state
        self.meta: bytes | None = None

    def resync(self) -> None:
        self.slow = self.frozen or self.ro

    def __len__(self) -> int:
        return len(self.b)

    # -- shadow maintenance -------------------------------------------------
    def define(self, off: int, n: int) -> None:
        ud = self.ud
        if ud is not None:
            before = n - ud.count(0, off, off + n)
            if before:
                ud[off:off + n] = bytes(n)
                self.nud -= before
                if self.nud <= 0:
                    self.ud = None
                    self.nud = 0

    def undefine(self, off: int, mask: bytes) -> None:
        n = len(mask)
        ud = self.ud
        if ud is None:
            ud = self.ud = bytearray(len(self.b))
            self.nud = 0
        before = n - ud.count(0, off, off + n)
        ud[off:off + n] = mask
        after = n - mask.count(0)
        self.nud += after - before
        if self.nud <= 0:
            self.ud = None
            self.nud = 0

    def clear_ptrs(self, off: int, n: int) -> None:
        ptrs = self.ptrs
        if ptrs:
            if len(ptrs) > n + 7:
                for p in range(off - 7, off + n):
                    ptrs.discard(p)
            else:
                for p in [p for p in ptrs if p < off + n and p + 8 > off]:
                    ptrs.discard(p)

    def define_bytes(self, off: int, n: int) -> None:
        """After an inline store of n defined bytes without pointers (define
        is inlined: fresh heap objects take this path for every field)."""
        ud = self.ud
        if ud is not None:
            end = off + n
            c = ud.count(0, off, end)
            if c != n:
                ud[off:end] = _ZEROS[n] if n < 17 else bytes(n)
                nud = self.nud - n + c
                if nud > 0:
                    self.nud = nud
                else:
                    self.ud = None
                    self.nud = 0
        if self.ptrs:
            self.clear_ptrs(off, n)

    def undef_mask(self, off: int, n: int) -> bytes:
        ud = self.ud
        if ud is None:
            return bytes(n)
        return bytes(ud[off:off + n])


_PACK = {1: struct.Struct("<B"), 2: struct.Struct("<H"), 4: struct.Struct("<I"), 8: struct.Struct("<Q")}
F32 = struct.Struct("<f")
F64 = struct.Struct("<d")


def f32_round(x: float) -> float:
    try:
        return F32.unpack(F32.pack(x))[0]
    except OverflowError:
        return float("inf") if x > 0 else float("-inf")


# -- x86 80-bit long double: kept as a Python float in registers -------------
# Arithmetic is done in double precision (documented); values that a double
# cannot hold exactly (bit patterns moved through a long double, as a union
# returned in x87 registers is) travel as X80, a float that remembers its bits.

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

def encode(ty, val, out: bytearray, off: int, umask: bytearray, ptrs: list) -> None:
    """Write val of type ty at out[off:], its undefined bits into umask and
    pointer offsets into ptrs."""
    k = ty.k
    if k == "i" or k == "p":
        n = ty.store
        if val.__class__ is U:
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
        if val.__class__ is U:
            n = ty.store
            out[off:off + n] = (val.v & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
            umask[off:off + n] = (val.m & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
        elif k == "d":
            F64.pack_into(out, off, val)
        else:
            F32.pack_into(out, off, val)
    elif k == "x":
        if val.__class__ is U:
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
            encode(e, v, out, off + o, umask, ptrs)
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
            encode(e, v, out, off + i * st, umask, ptrs)
    else:
        raise TypeError(f"cannot store a value of type {ty}")


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

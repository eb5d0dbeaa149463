"""Pure helpers the generated code calls for operations too awkward to
inline: signed division, wide shifts, float conversions, overflow
intrinsics, vector reductions.  Faults are raised through `hooks`, which the
VM fills in."""

from __future__ import annotations

import math
import struct
from fractions import Fraction

from divm.load.layout import F32, F64, f32_round
from divm.load.layout import _x_parts, x80_from_fraction
from divm.load.values import U


class Hooks:
    """Set by the VM: fault(kind, msg) returns when the fault handler lets
    execution continue."""
    fault = None


hooks = Hooks()

F_INTEGER, F_FLOAT, F_CONTROL, F_UNDEFINED = 2, 3, 6, 11


def full(bits: int) -> U:
    return U(0, (1 << bits) - 1)


def sx(v, bits: int):
    s = 1 << (bits - 1)
    return (v ^ s) - s


def udiv(a, b, bits):
    if a.__class__ is U or b.__class__ is U:
        return full(bits)
    if not b:
        hooks.fault(F_INTEGER, "division by zero")
        return full(bits)
    return a // b


def urem(a, b, bits):
    if a.__class__ is U or b.__class__ is U:
        return full(bits)
    if not b:
        hooks.fault(F_INTEGER, "remainder by zero")
        return full(bits)
    return a % b


def sdiv(a, b, bits):
    if a.__class__ is U or b.__class__ is U:
        return full(bits)
    if not b:
        hooks.fault(F_INTEGER, "division by zero")
        return full(bits)
    x, y = sx(a, bits), sx(b, bits)
    if y == -1 and x == -(1 << (bits - 1)):
        hooks.fault(F_INTEGER, "signed division overflow (INT_MIN / -1)")
        return full(bits)
    q = abs(x) // abs(y)
    if (x < 0) != (y < 0):
        q = -q
    return q & ((1 << bits) - 1)


def srem(a, b, bits):
    if a.__class__ is U or b.__class__ is U:
        return full(bits)
    if not b:
        hooks.fault(F_INTEGER, "remainder by zero")
        return full(bits)
    x, y = sx(a, bits), sx(b, bits)
    if y == -1 and x == -(1 << (bits - 1)):
        hooks.fault(F_INTEGER, "signed remainder overflow (INT_MIN % -1)")
        return full(bits)
    r = abs(x) % abs(y)
    if x < 0:
        r = -r
    return r & ((1 << bits) - 1)


def shl(a, b, bits):
    if b.__class__ is U or b >= bits:
        return full(bits)
    return (a << b) & ((1 << bits) - 1)


def lshr(a, b, bits):
    if b.__class__ is U or b >= bits:
        return full(bits)
    return a >> b


def ashr(a, b, bits):
    if b.__class__ is U or b >= bits:
        return full(bits)
    m = (1 << bits) - 1
    if a.__class__ is U:
        v = sx(a.v & m, bits) >> b
        um = a.m & m
        top = (um >> (bits - 1)) & 1
        um >>= b
        if top:
            um |= m ^ (m >> b)
        return U(v & m, um)
    return (sx(a, bits) >> b) & m


# -- -o check:overflow: the checked forms the code generator emits instead ---------
# (only with the option, and only in the program's own functions)

_OVOPS = {"add": "+", "sub": "-", "mul": "*"}


def _nsw(op, a, b, bits):
    m = (1 << bits) - 1
    if a.__class__ is U or b.__class__ is U:
        return (a + b if op == "add" else a - b if op == "sub" else a * b) & m
    x, y = sx(a, bits), sx(b, bits)
    r = x + y if op == "add" else x - y if op == "sub" else x * y
    if not -(1 << (bits - 1)) <= r < (1 << (bits - 1)):
        hooks.fault(F_INTEGER, f"signed overflow: {x} {_OVOPS[op]} {y} (i{bits})")
    return r & m


def add_nsw(a, b, bits):
    return _nsw("add", a, b, bits)


def sub_nsw(a, b, bits):
    return _nsw("sub", a, b, bits)


def mul_nsw(a, b, bits):
    return _nsw("mul", a, b, bits)


def shl_nsw(a, b, bits):
    """A signed C `a << b`: the amount in range, and a * 2^b in range."""
    _shift_check("<<", a, b, bits)
    r = shl(a, b, bits)
    if a.__class__ is int and b.__class__ is int and r.__class__ is int and sx(r, bits) >> b != sx(a, bits):
        hooks.fault(F_INTEGER, f"signed overflow: {sx(a, bits)} << {b} (i{bits})")
    return r


def _shift_check(op, a, b, bits):
    if b.__class__ is int and b >= bits:
        what = f"{sx(a, bits)}" if a.__class__ is int else "x"
        amt = sx(b, bits) if b >> (bits - 1) else b
        hooks.fault(F_INTEGER, f"shift amount out of range: {what} {op} {amt} (i{bits}: "
                               f"the amount must be 0..{bits - 1})")


def abs_chk(a, bits):
    if a.__class__ is int and a == 1 << (bits - 1):
        hooks.fault(F_INTEGER, f"signed overflow: abs({sx(a, bits)}) (i{bits})")


def shl_chk(a, b, bits):
    _shift_check("<<", a, b, bits)
    return shl(a, b, bits)


def lshr_chk(a, b, bits):
    _shift_check(">>", a, b, bits)
    return lshr(a, b, bits)


def ashr_chk(a, b, bits):
    _shift_check(">>", a, b, bits)
    return ashr(a, b, bits)


def _conv_check(x, v, bits, signed):
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if v is None or not lo <= v <= hi:
        hooks.fault(F_INTEGER, f"conversion out of range: {x!r} to {'signed' if signed else 'unsigned'} "
                               f"i{bits} ({lo}..{hi})")


def fptosi_chk(x, bits):
    if x.__class__ is not U:
        _conv_check(x, int(x) if math.isfinite(x) else None, bits, True)
    return fptosi(x, bits)


def fptoui_chk(x, bits):
    if x.__class__ is not U:
        _conv_check(x, int(x) if math.isfinite(x) else None, bits, False)
    return fptoui(x, bits)


def xtoint_chk(x, bits: int, signed: bool):
    if x.__class__ is not U:
        f, _ = _x_parts(x)
        if f.__class__ is float:  # infinity or NaN
            _conv_check(f, None, bits, signed)
        else:
            _conv_check(float(f) if abs(f) < 1e300 else f, int(f), bits, signed)
    return xtoint(x, bits, signed)


def sext(a, frm, to):
    m = (1 << to) - 1
    if a.__class__ is U:
        fm = (1 << frm) - 1
        v = sx(a.v & fm, frm) & m
        um = a.m & fm
        if (um >> (frm - 1)) & 1:
            um |= m ^ fm
        return U(v, um)
    return sx(a, frm) & m


def select(c, t, f):
    if c.__class__ is U:
        return undef_like(t)
    return t if c else f


def uselect(c: U, t, f):
    """A scalar select on an undefined condition: a fault where the choice
    decides something (as DiVM's), then the choice its defined-looking bits
    make, if the fault is ignored (as a branch takes)."""
    if (t.__class__ is int or t.__class__ is float) and t.__class__ is f.__class__ and t == f:
        return t
    hooks.fault(F_UNDEFINED, "select on an undefined value")
    return t if c.v & 1 else f


def undef_like(x):
    if x.__class__ is tuple:
        return tuple(undef_like(e) for e in x)
    if x.__class__ is float:
        return U(0, (1 << 64) - 1)
    if x.__class__ is U:
        return U(x.v, -1 if x.m < 0 else (1 << max(x.m.bit_length(), 1)) - 1)
    return U(0, (1 << max(int(x).bit_length(), 64)) - 1)


# -- floating point ---------------------------------------------------------

def fdiv(a, b):
    if a.__class__ is U or b.__class__ is U:
        return U(0, (1 << 64) - 1)
    try:
        return a / b
    except ZeroDivisionError:
        hooks.fault(F_FLOAT, "floating-point division by zero")
        if a != a or a == 0:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)


def frem(a, b):
    if a.__class__ is U or b.__class__ is U:
        return U(0, (1 << 64) - 1)
    try:
        return math.fmod(a, b)
    except ValueError:
        return math.nan


def f32(x):
    if x.__class__ is U:
        return x
    return f32_round(x)


def fptrunc(x):
    """double to float; a finite value beyond float's range is undefined
    (C leaves the conversion undefined; DiVM makes the result undefined)."""
    if x.__class__ is U:
        return x
    r = f32_round(x)
    if r in (math.inf, -math.inf) and x == x and x not in (math.inf, -math.inf):
        return full(32)
    return r


def fptosi(x, bits):
    if x.__class__ is U:
        return full(bits)
    if x != x or x in (math.inf, -math.inf):
        return full(bits)
    v = int(x)
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    if v < lo or v > hi:
        return full(bits)  # poison in LLVM
    return v & ((1 << bits) - 1)


def fptoui(x, bits):
    if x.__class__ is U:
        return full(bits)
    if x != x or x in (math.inf, -math.inf):
        return full(bits)
    v = int(x)
    if v < 0 or v >> bits:
        return full(bits)
    return v


def fptoi_sat(x, bits, signed):
    if x.__class__ is U:
        return full(bits)
    if x != x:
        return 0
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if x == math.inf:
        v = hi
    elif x == -math.inf:
        v = lo
    else:
        v = max(lo, min(hi, int(x)))
    return v & ((1 << bits) - 1)


_Q = struct.Struct("<Q")
_I = struct.Struct("<I")


def bits_to_double(v):
    if v.__class__ is U:
        return v
    return F64.unpack(_Q.pack(v))[0]


def double_to_bits(x):
    if x.__class__ is U:
        return x
    return _Q.unpack(F64.pack(x))[0]


def bits_to_float(v):
    if v.__class__ is U:
        return v
    return F32.unpack(_I.pack(v))[0]


def float_to_bits(x):
    if x.__class__ is U:
        return x
    return _I.unpack(F32.pack(x))[0]


def bits_to_fp80(v):
    """80 bits as a long double register value (an X80 where a double
    cannot hold it, as layout.decode reads memory)."""
    if v.__class__ is U:
        return v
    from divm.load.layout import X80, fp80_bytes, fp80_value
    raw = v.to_bytes(10, "little")
    x = fp80_value(raw)
    return X80(x, v) if x == x and fp80_bytes(x) != raw else x


def fp80_to_bits(x):
    if x.__class__ is U:
        return x
    from divm.load.layout import X80, fp80_bytes
    return x.bits if x.__class__ is X80 else int.from_bytes(fp80_bytes(x), "little")


def fcmp(pred, a, b):
    if a.__class__ is U or b.__class__ is U:
        return U(0, 1)
    if pred == "false":
        return False
    if pred == "true":
        return True
    uno = a != a or b != b
    if pred == "ord":
        return not uno
    if pred == "uno":
        return uno
    r = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b, "ne": a != b}[pred[1:]]
    if pred[0] == "o":
        return r and not uno
    return r or uno


# -- integer intrinsics -------------------------------------------------------

def add_ov(a, b, bits, signed):
    if a.__class__ is U or b.__class__ is U:
        return (full(bits), U(0, 1))
    m = (1 << bits) - 1
    if signed:
        r = sx(a, bits) + sx(b, bits)
        return (r & m, not (-(1 << (bits - 1)) <= r < (1 << (bits - 1))))
    r = a + b
    return (r & m, r > m)


def sub_ov(a, b, bits, signed):
    if a.__class__ is U or b.__class__ is U:
        return (full(bits), U(0, 1))
    m = (1 << bits) - 1
    if signed:
        r = sx(a, bits) - sx(b, bits)
        return (r & m, not (-(1 << (bits - 1)) <= r < (1 << (bits - 1))))
    r = a - b
    return (r & m, r < 0)


def mul_ov(a, b, bits, signed):
    if a.__class__ is U or b.__class__ is U:
        return (full(bits), U(0, 1))
    m = (1 << bits) - 1
    if signed:
        r = sx(a, bits) * sx(b, bits)
        return (r & m, not (-(1 << (bits - 1)) <= r < (1 << (bits - 1))))
    r = a * b
    return (r & m, r > m)


def sat(op, a, b, bits, signed):
    if a.__class__ is U or b.__class__ is U:
        return full(bits)
    if signed:
        x, y = sx(a, bits), sx(b, bits)
        lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    else:
        x, y = a, b
        lo, hi = 0, (1 << bits) - 1
    if op == "add":
        r = x + y
    elif op == "sub":
        r = x - y
    elif b >= bits:  # shl: the shift amount is unsigned; too wide is poison
        return full(bits)
    else:
        r = x << b
    return max(lo, min(hi, r)) & ((1 << bits) - 1)


def minmax(op, a, b, bits):
    if a.__class__ is U or b.__class__ is U:
        return full(bits)
    if op[0] == "s":
        x, y = sx(a, bits), sx(b, bits)
    else:
        x, y = a, b
    if op[1:] == "max":
        return a if x >= y else b
    return a if x <= y else b


def cmp3(a, b, bits, signed, rbits):
    if a.__class__ is U or b.__class__ is U:
        return full(rbits)
    if signed:
        a, b = sx(a, bits), sx(b, bits)
    return (1 if a > b else (0 if a == b else -1)) & ((1 << rbits) - 1)


def iabs(a, bits):
    if a.__class__ is U:
        return full(bits)
    return abs(sx(a, bits)) & ((1 << bits) - 1)


def ctpop(a, bits):
    if a.__class__ is U:
        return full(bits)
    return a.bit_count()


def ctlz(a, bits):
    if a.__class__ is U:
        return full(bits)
    return bits - a.bit_length()


def cttz(a, bits):
    if a.__class__ is U:
        return full(bits)
    if not a:
        return bits
    return (a & -a).bit_length() - 1


def bswap(a, bits):
    if a.__class__ is U:
        n = bits // 8
        return U(int.from_bytes(a.v.to_bytes(n, "little"), "big"),
                 int.from_bytes((a.m & ((1 << bits) - 1)).to_bytes(n, "little"), "big"))
    n = bits // 8
    return int.from_bytes(a.to_bytes(n, "little"), "big")


def bitreverse(a, bits):
    if a.__class__ is U:
        return full(bits)
    return int(format(a, f"0{bits}b")[::-1], 2)


def fshl(a, b, c, bits):
    if a.__class__ is U or b.__class__ is U or c.__class__ is U:
        return full(bits)
    c %= bits
    m = (1 << bits) - 1
    return (((a << bits) | b) << c >> bits) & m


def fshr(a, b, c, bits):
    if a.__class__ is U or b.__class__ is U or c.__class__ is U:
        return full(bits)
    c %= bits
    m = (1 << bits) - 1
    return (((a << bits) | b) >> c) & m


# -- float intrinsics -----------------------------------------------------------

def _fl(f):
    def g(*xs):
        for x in xs:
            if x.__class__ is U:
                return U(0, (1 << 64) - 1)
        try:
            return f(*xs)
        except (ValueError, OverflowError):
            return math.nan
    return g


def _round_half_away(x):
    if x != x or x in (math.inf, -math.inf):
        return x
    r = math.floor(abs(x) + 0.5)
    if abs(x) + 0.5 == r and (abs(x) - math.floor(abs(x))) != 0.5:
        r = math.floor(abs(x)) if abs(x) - math.floor(abs(x)) < 0.5 else r
    return math.copysign(float(r), x)


def _ffloor(x):
    return math.copysign(float(math.floor(x)), x) if math.isfinite(x) else x


def _fceil(x):
    return math.copysign(float(math.ceil(x)), x) if math.isfinite(x) else x


def _ftrunc(x):
    return math.copysign(float(math.trunc(x)), x) if math.isfinite(x) else x


def _frint(x):
    return math.copysign(float(round(x)), x) if math.isfinite(x) else x


def _fround(x):
    if not math.isfinite(x):
        return x
    a = abs(x)
    f = math.floor(a)
    r = f + 1 if a - f >= 0.5 else f
    return math.copysign(float(r), x)


def _sqrt(x):
    if x < 0:
        return math.nan
    return math.sqrt(x)


def _minnum(a, b):
    if a != a:
        return b
    if b != b:
        return a
    if a == b == 0:
        return a if math.copysign(1, a) < 0 else b
    return min(a, b)


def _maxnum(a, b):
    if a != a:
        return b
    if b != b:
        return a
    if a == b == 0:
        return b if math.copysign(1, a) < 0 else a
    return max(a, b)


def _minimum(a, b):
    if a != a or b != b:
        return math.nan
    return _minnum(a, b)


def _maximum(a, b):
    if a != a or b != b:
        return math.nan
    return _maxnum(a, b)


def _fma(a, b, c):
    if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(c)):
        return a * b + c
    r = Fraction(a) * Fraction(b) + Fraction(c)
    if r == 0:
        return a * b + c
    return float(r)


ffloor = _fl(_ffloor)
fceil = _fl(_fceil)
ftrunc = _fl(_ftrunc)
frint = _fl(_frint)
fround = _fl(_fround)
fsqrt = _fl(_sqrt)
fabs_ = _fl(abs)
fcopysign = _fl(math.copysign)
fminnum = _fl(_minnum)
fmaxnum = _fl(_maxnum)
fminimum = _fl(_minimum)
fmaximum = _fl(_maximum)
ffma = _fl(_fma)
fmuladd = _fl(lambda a, b, c: a * b + c)
fexp = _fl(math.exp)
fexp2 = _fl(lambda x: 2.0 ** x)
flog = _fl(math.log)
flog2 = _fl(math.log2)
flog10 = _fl(math.log10)
fsin = _fl(math.sin)
fcos = _fl(math.cos)
fpow = _fl(math.pow)
fldexp = _fl(lambda x, e: math.ldexp(x, sx(e, 32)))


# the smallest normal float, double, long double (exact)
NORMAL_MIN = {32: 2.0 ** -126, 64: 2.0 ** -1022, 80: Fraction(1, 1 << 16382)}


def is_fpclass(x, test, bits: int = 64):
    if x.__class__ is U:
        return U(0, 1)
    v, neg = _x_parts(x) if bits == 80 else (x, math.copysign(1.0, x) < 0)
    if v != v:
        c = 0x3  # treat every NaN as matching both snan and qnan tests
    elif v in (math.inf, -math.inf):
        c = 0x4 if neg else 0x200
    elif v == 0:
        c = 0x20 if neg else 0x40
    elif abs(v) < NORMAL_MIN[bits]:
        c = 0x10 if neg else 0x80
    else:
        c = 0x8 if neg else 0x100
    return bool(c & test)


def reduce(op, v, bits):
    if any(x.__class__ is U for x in v):
        return full(bits)
    m = (1 << bits) - 1
    if op == "add":
        return sum(v) & m
    if op == "mul":
        r = 1
        for x in v:
            r = (r * x) & m
        return r
    if op == "and":
        r = m
        for x in v:
            r &= x
        return r
    if op == "or":
        r = 0
        for x in v:
            r |= x
        return r
    if op == "xor":
        r = 0
        for x in v:
            r ^= x
        return r
    if op in ("smax", "smin"):
        s = [sx(x, bits) for x in v]
        return (max(s) if op == "smax" else min(s)) & m
    if op == "umax":
        return max(v)
    if op == "umin":
        return min(v)
    raise ValueError(op)


def freduce(op, start, v):
    if op == "fadd":
        r = start
        for x in v:
            r = r + x
        return r
    if op == "fmul":
        r = start
        for x in v:
            r = r * x
        return r
    if op == "fmax":
        return max(v)
    if op == "fmin":
        return min(v)
    raise ValueError(op)


# -- x86 80-bit long double arithmetic ------------------------------------------------
# Registers hold a float when the value is a double, an X80 (a float carrying
# its exact 80 bits) otherwise; the operations below are exact and round to
# the 64-bit significand like the x87 unit does (round to nearest even).

def xop(op: str, a, b):
    if a.__class__ is U or b.__class__ is U:
        return U(0, (1 << 80) - 1)
    x, sa = _x_parts(a)
    y, sb = _x_parts(b)
    if x.__class__ is float or y.__class__ is float:  # inf or nan involved
        if op == "%":  # fmod: a finite dividend by an infinite divisor is the dividend, exactly
            return math.nan if x.__class__ is float or y != y else x80_from_fraction(x, sa)
        # a finite operand only counts by its sign and whether it is zero
        fx, fy = _x_proxy(x, sa), _x_proxy(y, sb)
        try:
            return {"+": fx + fy, "-": fx - fy, "*": fx * fy, "/": fx / fy if fy else
                    (math.nan if fx == 0 or fx != fx else math.copysign(math.inf, fx) * math.copysign(1, fy))}[op]
        except (ValueError, ZeroDivisionError):
            return math.nan
    if op == "+":
        r = x + y
        return x80_from_fraction(r, r == 0 and sa and sb)
    if op == "-":
        r = x - y
        return x80_from_fraction(r, r == 0 and sa and not sb)
    if op == "*":
        return x80_from_fraction(x * y, (sa != sb))
    if op == "/":
        if y == 0:
            hooks.fault(F_FLOAT, "floating-point division by zero")
            if x == 0:
                return math.nan
            return math.copysign(math.inf, 1.0 if (x > 0) == (not sb) else -1.0)
        return x80_from_fraction(x / y, sa != sb)
    if op == "%":
        if y == 0:
            return math.nan
        q = abs(x / y).__floor__()
        r = abs(x) - q * abs(y)
        return x80_from_fraction(r if x >= 0 else -r, sa)
    raise ValueError(op)


def _x_proxy(v, sign) -> float:
    """A long double's value where the other operand is infinite or NaN: a
    finite one counts only by its sign and whether it is zero (its own
    value may lie beyond a double's range)."""
    if v.__class__ is float:
        return v
    return math.copysign(0.0 if v == 0 else 1.0, -1.0 if sign else 1.0)


def xneg(a):
    from divm.load.layout import X80
    if a.__class__ is X80:
        return X80(-float(a), a.bits ^ (1 << 79))
    return -a


def xcmp(pred: str, a, b):
    if a.__class__ is U or b.__class__ is U:
        return U(0, 1)
    x, _ = _x_parts(a)
    y, _ = _x_parts(b)
    return fcmp(pred, x, y)  # (a Fraction compares with an infinity or NaN as any finite value does)


def xfromint(v, bits: int, signed: bool):
    if v.__class__ is U:
        return U(0, (1 << 80) - 1)
    if signed:
        v = sx(v, bits)
    return x80_from_fraction(Fraction(v))


def xtoint(x, bits: int, signed: bool):
    if x.__class__ is U:
        return full(bits)
    f, _ = _x_parts(x)
    if f.__class__ is float:
        return full(bits)
    v = int(f)
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if v < lo or v > hi:
        return full(bits)
    return v & ((1 << bits) - 1)


def xtod(x):
    if x.__class__ is U:
        return U(0, (1 << 64) - 1)
    f, _ = _x_parts(x)
    if f.__class__ is float:
        return f
    try:
        r = float(f)
    except OverflowError:
        return math.inf if f > 0 else -math.inf
    if r == 0 and f < 0:
        return -0.0
    return r


# -- long double intrinsics (llvm.*.f80): exact, as the x87 unit and libm compute them --

U80 = U(0, (1 << 80) - 1)


def xfabs(x):
    from divm.load.layout import X80
    if x.__class__ is X80:
        return X80(abs(float(x)), x.bits & ~(1 << 79))
    return x if x.__class__ is U else abs(x)


def _x_negative(x) -> bool:
    """The sign bit of a long double register value (a NaN's too)."""
    from divm.load.layout import X80
    return bool(x.bits >> 79) if x.__class__ is X80 else math.copysign(1.0, x) < 0


def xcopysign(x, y):
    from divm.load.layout import X80
    if x.__class__ is U or y.__class__ is U:
        return U80
    neg = _x_negative(y)
    if x.__class__ is X80:
        return X80(math.copysign(float(x), -1.0 if neg else 1.0), x.bits & ~(1 << 79) | neg << 79)
    return math.copysign(x, -1.0 if neg else 1.0)


def _xint(mode: str):
    """Rounding to an integral long double: floor, ceil, trunc, round (half
    away from zero), rint (half to even); a zero keeps the operand's sign."""
    def f(x):
        if x.__class__ is U:
            return U80
        v, s = _x_parts(x)
        if v.__class__ is float:  # inf or nan
            return v
        n = v.__floor__() if mode == "floor" else v.__ceil__() if mode == "ceil" else v.__trunc__()
        if mode == "round" and abs(v - v.__trunc__()) * 2 >= 1:
            n = v.__trunc__() + (1 if v > 0 else -1)
        elif mode == "rint":
            n = round(v)  # (Fraction rounds half to even)
        return x80_from_fraction(Fraction(n), s)
    return f


xfloor, xceil, xtrunc, xround, xrint = (_xint(m) for m in ("floor", "ceil", "trunc", "round", "rint"))


def xsqrt(x):
    """The square root rounded to 64 bits, to nearest even."""
    if x.__class__ is U:
        return U80
    v, s = _x_parts(x)
    if v.__class__ is float:
        return v if v > 0 else math.nan
    if v == 0:
        return x80_from_fraction(v, s)
    if v < 0:
        return math.nan
    k = 63 - (v.numerator.bit_length() - v.denominator.bit_length()) // 2
    while True:  # k: sqrt(v) * 2^k in [2^63, 2^64)
        sv = v * Fraction(4) ** k
        q = math.isqrt(sv.numerator // sv.denominator)
        if q >> 64:
            k -= 1
        elif not q >> 63:
            k += 1
        else:
            break
    t = 4 * sv - (2 * q + 1) ** 2  # sqrt(sv) against q + 1/2
    if t > 0 or t == 0 and q & 1:
        q += 1
    return x80_from_fraction(Fraction(q, 1 << k) if k >= 0 else Fraction(q << -k))


def _xminmax(big: bool, nan_wins: bool):
    """minnum, maxnum (a NaN operand gives the other), minimum, maximum (a
    NaN gives NaN); -0 is below +0, as _minnum and _maxnum order them."""
    def f(a, b):
        if a.__class__ is U or b.__class__ is U:
            return U80
        x, sa = _x_parts(a)
        y, sb = _x_parts(b)
        if x != x or y != y:
            return math.nan if nan_wins or x != x and y != y else b if x != x else a
        if x == y == 0:
            return b if sa == big else a
        return b if (y > x if big else y < x) else a
    return f


xminnum, xmaxnum, xminimum, xmaximum = (_xminmax(b, n) for n in (False, True) for b in (False, True))


def xfma(a, b, c):
    """a * b + c rounded once."""
    if a.__class__ is U or b.__class__ is U or c.__class__ is U:
        return U80
    x, sa = _x_parts(a)
    y, sb = _x_parts(b)
    z, sc = _x_parts(c)
    if x.__class__ is float or y.__class__ is float or z.__class__ is float:
        return _x_proxy(x, sa) * _x_proxy(y, sb) + _x_proxy(z, sc)
    r = x * y + z
    return x80_from_fraction(r, r == 0 and x * y == 0 and z == 0 and sa != sb and sc)


def xmuladd(a, b, c):
    """llvm.fmuladd: the product rounded, then the sum (x87 has no fused
    multiply-add)."""
    return xop("+", xop("*", a, b), c)

"""Register values that are partly undefined.

A fully defined value is a plain Python int (or float); the generated code
computes on those directly.  A value with undefined bits is a `U`: the
as-if-defined bits `v` and a mask `m` with a 1 for every undefined bit.  `U`
implements Python's operators so that the same generated expression works
for both, keeping shadow-bit work off the fast path.  Using a `U` where
control flow or an address depends on it calls back into the VM (see
`set_undef_hook`), which raises an `undefined` fault."""

from __future__ import annotations

from divm.load.types import Ty


def _lowbits_from(m: int) -> int:
    """Every bit at or above the lowest set bit of m (carries spread upwards)."""
    if not m:
        return 0
    return -(m & -m)


def _split(x):
    if x.__class__ is U:
        return x.v, x.m
    if x.__class__ is float:
        return 0, -1
    return int(x), 0


class U:
    __slots__ = ("v", "m")

    def __init__(self, v: int, m: int):
        self.v = v
        self.m = m

    def __repr__(self) -> str:
        return f"U({self.v:#x}, {self.m:#x})"

    __hash__ = None  # type: ignore[assignment]

    def __bool__(self) -> bool:
        return _hook(self)

    def __index__(self) -> int:
        return self.v

    # arithmetic: carries make everything above the lowest undefined bit undefined
    def _arith(self, o, f):
        a, am = self.v, self.m
        b, bm = _split(o)
        m = _lowbits_from(am | bm)
        try:
            v = f(a, b)
        except (ZeroDivisionError, ValueError, OverflowError):
            v = 0
        return U(v, m)

    def __add__(self, o):
        return self._arith(o, lambda a, b: a + b)

    __radd__ = __add__

    def __sub__(self, o):
        return self._arith(o, lambda a, b: a - b)

    def __rsub__(self, o):
        return self._arith(o, lambda a, b: b - a)

    def __mul__(self, o):
        return self._arith(o, lambda a, b: a * b)

    __rmul__ = __mul__

    def _full(self, o=None):
        return U(0, -1)

    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = __truediv__ = __rtruediv__ = _full
    __pow__ = __rpow__ = _full

    def __neg__(self):
        return U(-self.v, _lowbits_from(self.m))

    def __invert__(self):
        return U(~self.v, self.m)

    def __and__(self, o):
        a, am = self.v, self.m
        b, bm = _split(o)
        m = (am & (b | bm)) | (bm & (a | am))
        if not m:
            return a & b
        return U(a & b, m)

    __rand__ = __and__

    def __or__(self, o):
        a, am = self.v, self.m
        b, bm = _split(o)
        m = (am & (bm | ~b)) | (bm & (am | ~a))
        if not m:
            return a | b
        return U(a | b, m)

    __ror__ = __or__

    def __xor__(self, o):
        b, bm = _split(o)
        return U(self.v ^ b, self.m | bm)

    __rxor__ = __xor__

    def __lshift__(self, o):
        if o.__class__ is U:
            return U(0, -1)
        return U(self.v << o, self.m << o)

    def __rlshift__(self, o):
        return U(0, -1)

    def __rshift__(self, o):
        if o.__class__ is U:
            return U(0, -1)
        m = self.m >> o
        if not m:
            return self.v >> o
        return U(self.v >> o, m)

    def __rrshift__(self, o):
        return U(0, -1)

    # a comparison that reads an undefined bit is undefined, even where the
    # defined bits alone would decide it (DiVM's rule: the operands' bits
    # are compared as a whole, and reading uninitialised data is the bug);
    # its as-if bit is the comparison of the as-if values, which is what a
    # branch takes when the fault is ignored
    def __eq__(self, o):
        return U(int(self.v == _split(o)[0]), 1)

    def __ne__(self, o):
        return U(int(self.v != _split(o)[0]), 1)

    def __lt__(self, o):
        return U(int(self.v < _split(o)[0]), 1)

    def __le__(self, o):
        return U(int(self.v <= _split(o)[0]), 1)

    def __gt__(self, o):
        return U(int(self.v > _split(o)[0]), 1)

    def __ge__(self, o):
        return U(int(self.v >= _split(o)[0]), 1)

    def __float__(self) -> float:
        return 0.0

    def __int__(self) -> int:
        return self.v


class Sym:
    """A symbolic value (`--symbolic`): a z3 bit-vector term of `bits` bits.
    It has no arithmetic of its own: code generated for symbolic runs sends
    operations on a Sym to the VM's symbolic engine (vm/symbolic.py), and a
    Sym reaching anything else fails (struct packing raises, so an inline
    store falls to the checked slow path).  Branching on it forks the state
    through the engine's hook."""
    __slots__ = ("t", "bits")

    def __init__(self, t, bits: int):
        self.t = t
        self.bits = bits

    def __repr__(self) -> str:
        return f"Sym({self.t})"

    __hash__ = None  # type: ignore[assignment]

    def __bool__(self) -> bool:
        return _sym_hook(self)


def _no_sym_hook(s: Sym) -> bool:
    raise RuntimeError("branch on a symbolic value outside a symbolic run")


_sym_hook = _no_sym_hook


def set_sym_hook(f) -> None:
    """f(s) decides a branch on the symbolic value s (forking the state)."""
    global _sym_hook
    _sym_hook = f


def _default_hook(u: U) -> bool:
    raise RuntimeError("branch on an undefined value outside the VM")


_hook = _default_hook


def set_undef_hook(f) -> None:
    """f(u) is called when control flow depends on u; it returns the as-if truth."""
    global _hook
    _hook = f


def defined(x) -> bool:
    return x.__class__ is not U


def as_int(x) -> int:
    return x.v if x.__class__ is U else int(x)


def mask_of(x) -> int:
    return x.m if x.__class__ is U else 0


def zero_of(t: Ty):
    """A zeroinitializer's value of type t."""
    if t.k in ("i", "p"):
        return 0
    if t.k in ("f", "d", "x"):
        return 0.0
    if t.k == "s":
        return tuple(zero_of(e) for e in t.elems)
    if t.k in ("a", "vec"):
        return tuple(zero_of(t.elem) for _ in range(t.n))
    return None


def undef_of(t: Ty):
    """An undefined value of type t (every bit undefined)."""
    if t.k in ("i", "p"):
        return U(0, t.mask)
    if t.k in ("f", "d"):
        return U(0, (1 << (8 * t.store)) - 1)
    if t.k == "x":
        return U(0, (1 << 80) - 1)
    if t.k == "s":
        return tuple(undef_of(e) for e in t.elems)
    if t.k in ("a", "vec"):
        return tuple(undef_of(t.elem) for _ in range(t.n))
    return None

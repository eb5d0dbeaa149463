"""External functions the VM implements natively: the math library (called
in the host's libm, so results match a native build bit for bit) and
longjmp.  Each takes and returns register values."""

from __future__ import annotations

import ctypes
import ctypes.util
import math

from divm.load.layout import M32, X80, fp80_bytes, fp80_value
from divm.load.nondet import NONDET
from divm.load.types import I8, I32
from divm.load.values import U
from divm.vm.defs import CF_CANCEL, Suspend

try:  # find_library runs ldconfig or gcc: only when the usual name fails
    _libm = ctypes.CDLL("libm.so.6")
except OSError:
    _libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so")

D1 = ["sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
      "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "cbrt", "erf", "erfc",
      "tgamma", "lgamma", "ceil", "floor", "trunc", "round", "rint", "nearbyint", "fabs", "logb",
      "exp10", "significand"]
D2 = ["pow", "atan2", "hypot", "fmod", "remainder", "fmin", "fmax", "fdim", "copysign", "nextafter"]
UNDEF_D = U(0, (1 << 64) - 1)


def _wrap(cfn, nargs: int, rtype):
    cfn.restype = rtype
    cfn.argtypes = [rtype] * nargs
    if rtype is ctypes.c_longdouble:
        return _wrap_ld(cfn)

    def f(*a):
        for x in a:
            if x.__class__ is U:
                return UNDEF_D
        return cfn(*a)
    return f


def to_ld(x) -> ctypes.c_longdouble:
    """A long double register value as an exact C long double."""
    if x.__class__ is X80:
        return ctypes.c_longdouble.from_buffer_copy(x.bits.to_bytes(16, "little"))
    return ctypes.c_longdouble(x)


def from_ld(c) -> float:
    raw = bytes(c)[:10]
    v = fp80_value(raw)
    if fp80_bytes(v) != raw and v == v:
        return X80(v, int.from_bytes(raw, "little"))
    return v


def _wrap_ld(cfn):
    class Raw(ctypes.c_longdouble):  # keeps ctypes from turning the result into a float
        pass
    cfn.restype = Raw

    def f(*a):
        for x in a:
            if x.__class__ is U:
                return U(0, (1 << 80) - 1)
        return from_ld(cfn(*[to_ld(x) for x in a]))
    return f


class Builtins(dict):
    """name -> the VM's function.  "__VERIFIER_nondet_K:bits" (codegen asks
    for it) is K's input at the width the program declares it with, where
    that is narrower than K's own: `size_t` typedef'd `unsigned int` in an
    ILP32 task, `long` in a 32-bit-long model."""

    def __init__(self, vm):
        super().__init__()
        self.vm = vm

    def __missing__(self, key: str):
        name, sep, bits = key.partition(":")
        kind = name[len("__VERIFIER_nondet_"):]
        if not sep or not name.startswith("__VERIFIER_nondet_") or kind not in NONDET:
            raise KeyError(key)
        w = int(bits)
        eng = self.vm.engine
        f = (lambda: eng.fresh(w, name)) if eng is not None else make_nondet(self.vm, w, NONDET[kind][1], name)
        self[key] = f
        return f


def builtins(vm) -> Builtins:
    b = Builtins(vm)
    for suffix, ct in (("", ctypes.c_double), ("f", ctypes.c_float), ("l", ctypes.c_longdouble)):
        for n in D1:
            try:
                b[n + suffix] = _wrap(getattr(_libm, n + suffix), 1, ct)
            except AttributeError:
                pass
        for n in D2:
            try:
                b[n + suffix] = _wrap(getattr(_libm, n + suffix), 2, ct)
            except AttributeError:
                pass
        try:
            b["fma" + suffix] = _wrap(getattr(_libm, "fma" + suffix), 3, ct)
        except AttributeError:
            pass

        def ldexp(x, e, _c=getattr(_libm, "ldexp" + suffix), _t=ct):
            _c.restype, _c.argtypes = _t, [_t, ctypes.c_int]
            if x.__class__ is U or e.__class__ is U:
                return UNDEF_D
            return _c(x, ctypes.c_int(e & M32).value)
        b["ldexp" + suffix] = b["scalbn" + suffix] = ldexp

        def ilogb(x, _c=getattr(_libm, "ilogb" + suffix), _t=ct):
            _c.restype, _c.argtypes = ctypes.c_int, [_t]
            return _c(x) & M32
        b["ilogb" + suffix] = ilogb

        _rounding(vm, b, suffix, ct)

        def frexp(x, ep, _c=getattr(_libm, "frexp" + suffix), _t=ct):
            _c.restype, _c.argtypes = _t, [_t, ctypes.POINTER(ctypes.c_int)]
            e = ctypes.c_int()
            r = _c(x, ctypes.byref(e))
            vm.st(ep, e.value & M32, I32)
            return r
        b["frexp" + suffix] = frexp

        def modf(x, ip, _c=getattr(_libm, "modf" + suffix), _t=ct, _s=suffix):
            _c.restype, _c.argtypes = _t, [_t, ctypes.POINTER(_t)]
            i = _t()
            r = _c(x, ctypes.byref(i))
            from divm.load.types import DOUBLE, X86FP80
            from divm.load.types import Ty
            if _s == "f":
                ft = Ty("f", "float")
                ft.size = ft.store = 4
                ft.bits = 32
                vm.st(ip, i.value, ft)
            else:
                vm.st(ip, i.value, X86FP80 if _s == "l" else DOUBLE)
            return r
        b["modf" + suffix] = modf

        def nan(tag, _s=suffix):
            return math.nan
        b["nan" + suffix] = nan

    if vm.prog.llp64:
        by_reference(vm, b)
    nondet_builtins(vm, b)

    def longjmp(buf, val):
        vm.longjmp(buf, val)
    for n in ("longjmp", "_longjmp", "siglongjmp", "__longjmp_chk"):
        b[n] = longjmp
    b["__divm_too_big"] = lambda n: too_big(vm, n)
    b["__divm_big_block"] = lambda n: too_big(vm, n)  # (--symbolic replaces both: a block of symbolic size)
    return b


def _rounding(vm, b: dict, suffix: str, ct) -> None:
    """lround, llround, lrint and llrint (suffix: of double, float, long double)."""
    for base in ("round", "rint"):
        # (l...: a long, 32 bits in an LLP64 program; the host's long long
        # result is what C's conversion gives where it fits)
        for n, bits in (("l" + base, 32 if vm.prog.llp64 else 64), ("ll" + base, 64)):
            def rounded(x, _c=getattr(_libm, "ll" + base + suffix), _t=ct, _b=bits):
                _c.restype, _c.argtypes = ctypes.c_longlong, [_t]
                v = _c(x)
                if not -(1 << (_b - 1)) <= v < 1 << (_b - 1):
                    v = -(1 << (_b - 1))  # (out of range: what x86's conversion gives, LONG_MIN)
                return v & ((1 << _b) - 1)
            b[n + suffix] = rounded


def by_reference(vm, b: dict) -> None:
    """The long double functions as an LLP64 (Windows x64) program calls
    them: each long double argument by reference, a long double result
    through a hidden first pointer."""
    from divm.load.types import X86FP80
    sigs = {n: (True, (True,)) for n in D1} | {n: (True, (True, True)) for n in D2} | {
        "fma": (True, (True,) * 3), "ldexp": (True, (True, False)), "scalbn": (True, (True, False)),
        "frexp": (True, (True, False)), "modf": (True, (True, False)), "nan": (True, (False,)),
        "ilogb": (False, (True,)), "lround": (False, (True,)), "llround": (False, (True,)),
        "lrint": (False, (True,)), "llrint": (False, (True,))}
    for base, (ret, lds) in sigs.items():
        f = b.get(base + "l")
        if f is None:
            continue

        def adapted(*a, _f=f, _ret=ret, _lds=lds):
            i = 1 if _ret else 0
            r = _f(*(vm.ld(a[i + k], X86FP80) if ld else a[i + k] for k, ld in enumerate(_lds)))
            if not _ret:
                return r
            vm.st(a[0], r, X86FP80)
        b[base + "l"] = adapted


def too_big(vm, n: int) -> int:
    """malloc.c: an allocation larger than a VM object can be.  Its
    failure is explored; the runs where it succeeds are not, so a search
    that finds no error is incomplete.  With nofail:malloc there is no run
    to explore (a search cancels it; a plain run still sees NULL).  0: no
    such block is made."""
    if vm.size32 and n >= 1 << 32:
        vm.size32_fault(n)
    vm.incomplete = vm.incomplete or (f"an allocation of {n} bytes is larger than divm's objects (2 GiB): "
                                      "the runs where it succeeds were not explored")
    if ("divm.opt", b"nofail:malloc") in vm.env and vm.explore_mode:
        vm.flags |= CF_CANCEL
        raise Suspend()
    return 0


def nondet_builtins(vm, b: dict) -> None:
    """The __VERIFIER_nondet_* family and DIVINE's __lamp_any_* names."""
    for name, (bits, signed) in NONDET.items():
        b["__VERIFIER_nondet_" + name] = make_nondet(vm, bits, signed, "__VERIFIER_nondet_" + name)
    for name in ("float", "double"):
        b["__VERIFIER_nondet_" + name] = make_nondet_float(vm, "__VERIFIER_nondet_" + name)
    for bits in (8, 16, 32, 64):
        b[f"__lamp_any_i{bits}"] = make_nondet(vm, bits, True, f"__lamp_any_i{bits}")
    for name in ("__lamp_any_float32", "__lamp_any_float64", "__lamp_any_f32", "__lamp_any_f64"):
        b[name] = make_nondet_float(vm, name)

    def nondet_memory(p, n):
        if vm.inputs:  # run --inputs: a byte each, as --symbolic makes them
            for i in range(n):
                vm.st(vm.gep(p, i), vm.inputs.popleft() & 255 if vm.inputs else 0, I8)
            return
        # concretely the bytes are zero, which is never the whole story
        vm.nondet_limited = True
        vm.memset(p, 0, n)
    b["__VERIFIER_nondet_memory"] = nondet_memory



def uninit_inputs(vm) -> None:
    """-o nondet:uninit in a run from --inputs: the program's reads of
    uninitialised memory take the test case's next values, in the order
    --symbolic made them (missing ones are 0)."""
    import struct

    def value(v, ty):
        if v.__class__ is not U or ty.k not in ("i", "f", "d", "x"):
            return v
        x = vm.inputs.popleft() if vm.inputs else 0
        if ty.k == "x":  # (--symbolic made an input of a long double's 80 bits)
            return fp80_value((int(x) & ((1 << 80) - 1)).to_bytes(10, "little"))
        m = (1 << ty.bits) - 1
        if ty.k != "i":  # (--symbolic made a float input of its bits)
            fmt = "<f" if ty.bits == 32 else "<d"
            return struct.unpack(fmt, (int(x) & m).to_bytes(ty.bits // 8, "little"))[0]
        return (int(x) & v.m | v.v & ~v.m) & m

    def load(p, ty):
        v = vm.ld(p, ty)
        o = vm.objs.get(p >> 32) if p.__class__ is int else None
        if v.__class__ is not U or o is None or o.ro:
            return v
        r = value(v, ty)
        vm.st(p, r, ty)
        return r
    vm.G["_uninit"], vm.G["_ldu"] = value, load


# without --nondet-range, wide types range over this small domain, and the
# answer can then only be "inconclusive", never "valid"
DEFAULT_SIGNED = (0, 1, -1, 2)
DEFAULT_UNSIGNED = (0, 1, 2, -1)


def make_nondet(vm, bits: int, signed: bool, name: str):
    m = (1 << bits) - 1
    lo_t, hi_t = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, m)

    def value():
        if vm.inputs:  # run --inputs: a test case's values
            return vm.inputs.popleft() & m
        if bits <= 8:
            n = 1 << bits
            v = vm.hc_choose(n)
            return (v + lo_t) & m
        rng = vm.nondet_range
        if rng is not None:
            lo, hi = max(rng[0], lo_t), min(rng[1], hi_t)
            if lo > hi:
                lo = hi = max(lo_t, min(hi_t, 0))
            return (lo + vm.hc_choose(hi - lo + 1)) & m
        vm.nondet_limited = True
        dom = DEFAULT_SIGNED if signed else DEFAULT_UNSIGNED
        return dom[vm.hc_choose(len(dom))] & m

    def nondet():
        v = value()
        if vm.watch is not None:  # a counterexample being explained
            vm.watch.nondet(name, v - (1 << bits) if signed and bits > 1 and v >> (bits - 1) else v)
        return v
    return nondet


def make_nondet_float(vm, name: str):
    dom = (0.0, 1.0, -1.0, 0.5)

    def nondet():
        if vm.inputs:  # run --inputs: a test case's values
            v = float(vm.inputs.popleft())
        else:
            vm.nondet_limited = True
            v = dom[vm.hc_choose(len(dom))]
        if vm.watch is not None:
            vm.watch.nondet(name, v)
        return v
    return nondet

"""External functions the VM implements natively: the math library (called
in the host's libm, so results match a native build bit for bit) and
longjmp.  Each takes and returns register values."""

from __future__ import annotations

import ctypes
import ctypes.util
import math

from .memory import M32
from .types import I32, I64
from .values import U

_libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")

D1 = ["sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
      "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "cbrt", "erf", "erfc",
      "tgamma", "lgamma", "ceil", "floor", "trunc", "round", "rint", "nearbyint", "fabs", "logb",
      "exp10", "significand"]
D2 = ["pow", "atan2", "hypot", "fmod", "remainder", "fmin", "fmax", "fdim", "copysign", "nextafter"]
UNDEF_D = U(0, (1 << 64) - 1)


def _wrap(cfn, nargs: int, rtype):
    cfn.restype = rtype
    cfn.argtypes = [rtype] * nargs

    def f(*a):
        for x in a:
            if x.__class__ is U:
                return UNDEF_D
        return cfn(*a)
    return f


def builtins(vm) -> dict:
    b: dict = {}
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

        def lround(x, _c=getattr(_libm, "llround" + suffix), _t=ct):
            _c.restype, _c.argtypes = ctypes.c_longlong, [_t]
            return _c(x) & ((1 << 64) - 1)
        for n in ("lround", "llround"):
            b[n + suffix] = lround

        def lrint(x, _c=getattr(_libm, "llrint" + suffix), _t=ct):
            _c.restype, _c.argtypes = ctypes.c_longlong, [_t]
            return _c(x) & ((1 << 64) - 1)
        for n in ("lrint", "llrint"):
            b[n + suffix] = lrint

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
            from .vm import DOUBLE, X86FP80
            from .types import Ty
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

    def longjmp(buf, val):
        vm.longjmp(buf, val)
    for n in ("longjmp", "_longjmp", "siglongjmp", "__longjmp_chk"):
        b[n] = longjmp
    b["__divm_unused"] = lambda: 0
    _ = I64
    return b

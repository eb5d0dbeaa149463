"""Which LLVM intrinsics divm executes (see divm/codegen/intrinsics.py)."""

from __future__ import annotations

import re

BASES = {
    "memcpy", "memmove", "memset", "memcpy.inline", "memset.inline",
    "sadd.with.overflow", "uadd.with.overflow", "ssub.with.overflow", "usub.with.overflow",
    "smul.with.overflow", "umul.with.overflow",
    "smax", "smin", "umax", "umin", "abs", "ctpop", "ctlz", "cttz", "bswap", "bitreverse",
    "fshl", "fshr", "fabs", "fmuladd", "fma", "sqrt", "floor", "ceil", "trunc", "round",
    "rint", "nearbyint", "roundeven", "copysign", "minnum", "maxnum", "minimum", "maximum",
    "minimumnum", "maximumnum",
    "scmp", "ucmp", "sadd.sat", "uadd.sat", "ssub.sat", "usub.sat", "sshl.sat", "ushl.sat",
    "is.fpclass", "threadlocal.address", "stacksave", "stackrestore", "expect",
    "expect.with.probability", "va_start", "va_end", "va_copy", "trap", "debugtrap", "ubsantrap",
    "objectsize", "ptrmask", "exp", "exp2", "log", "log2", "log10", "sin", "cos", "pow",
    "ldexp", "lround", "llround", "lrint", "llrint", "fptosi.sat", "fptoui.sat",
    "is.constant", "annotation", "ptr.annotation", "launder.invariant.group",
    "strip.invariant.group", "canonicalize", "powi", "frexp", "get.rounding",
    "allow.runtime.check", "allow.ubsan.check", "modf", "sincos", "tan", "asin", "acos", "atan",
    "atan2", "sinh", "cosh", "tanh", "exp10", "frameaddress", "returnaddress", "sponentry",
}

_REDUCE = re.compile(r"^vector\.reduce\.(add|mul|and|or|xor|smax|smin|umax|umin|fadd|fmul|fmax|fmin)$")
_SUFFIX = re.compile(r"\.(i\d+|f\d+|f80|p\d+|v\d+[if]\d+|v\d+p\d+|p0i8|s_\w+|sl_\w+)$")


def base_name(name: str) -> str:
    """llvm.umax.i32 -> umax; llvm.memcpy.p0.p0.i64 -> memcpy."""
    b = name[5:]
    while True:
        m = _SUFFIX.search(b)
        if not m:
            return b
        b = b[:m.start()]


def known_intrinsic(name: str) -> bool:
    b = base_name(name)
    return b in BASES or bool(_REDUCE.match(b))

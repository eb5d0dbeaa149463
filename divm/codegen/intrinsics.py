"""LLVM intrinsics: a handler or an expression template per intrinsic
(see divm.load.intrinsics for which are known); the element-wise ones
apply their scalar form lane by lane to vectors."""

from __future__ import annotations

from divm.codegen.emit import CodegenError
from divm.codegen.resume import MEM_INTRINSICS
from divm.load.ir import Ins, Op
from divm.load.types import Ty

# intrinsics applied lane by lane to vectors (others handle vectors themselves)
ELEMENTWISE = {
    "fshl", "fshr", "scmp", "ucmp", "sadd.sat", "uadd.sat", "ssub.sat", "usub.sat", "sshl.sat", "ushl.sat",
    "lround", "llround", "lrint", "llrint", "fptosi.sat", "fptoui.sat", "is.fpclass", "powi", "ptrmask",
    "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp10", "frexp", "modf", "sincos",
    "sadd.with.overflow", "uadd.with.overflow", "ssub.with.overflow", "usub.with.overflow",
    "smul.with.overflow", "umul.with.overflow",
}
FLOAT_INTRINSICS = {
    "fabs": "_fabs", "sqrt": "_fsqrt", "floor": "_ffloor", "ceil": "_fceil", "trunc": "_ftrunc",
    "round": "_fround", "rint": "_frint", "nearbyint": "_frint", "roundeven": "_frint",
    "copysign": "_fcopysign", "minnum": "_fminnum", "maxnum": "_fmaxnum", "minimum": "_fminimum",
    "maximum": "_fmaximum", "minimumnum": "_fminnum", "maximumnum": "_fmaxnum",
    "fma": "_ffma", "fmuladd": "_fmuladd", "exp": "_fexp", "exp2": "_fexp2", "log": "_flog",
    "log2": "_flog2", "log10": "_flog10", "sin": "_fsin", "cos": "_fcos", "pow": "_fpow",
    "ldexp": "_fldexp",
}
# on long doubles: exact (vm/ops.py), or the host's libm's long double function
X_INTRINSICS = {
    "fabs": "_xfabs", "sqrt": "_xsqrt", "floor": "_xfloor", "ceil": "_xceil", "trunc": "_xtrunc",
    "round": "_xround", "rint": "_xrint", "nearbyint": "_xrint", "roundeven": "_xrint",
    "copysign": "_xcopysign", "minnum": "_xminnum", "maxnum": "_xmaxnum", "minimum": "_xminimum",
    "maximum": "_xmaximum", "minimumnum": "_xminnum", "maximumnum": "_xmaxnum", "fma": "_xfma",
    "fmuladd": "_xmuladd",
    **{b: f"_libm('{b}l')" for b in ("exp", "exp2", "log", "log2", "log10", "sin", "cos", "pow")},
}
# one line each: r is the result, v the operands, bits the result's width (0
# if not an integer), lhs "r = " or nothing; None emits nothing
TEMPLATES = {
    "memset": "_memset({v[0]}, {v[1]}, {v[2]})",
    "fshl": "{r} = _fshl({v[0]}, {v[1]}, {v[2]}, {bits})",
    "fshr": "{r} = _fshr({v[0]}, {v[1]}, {v[2]}, {bits})",
    "lround": "{r} = _fptosi(_fround({v[0]}), {bits})",
    "lrint": "{r} = _fptosi(_frint({v[0]}), {bits})",
    "fptosi.sat": "{r} = _fptoi_sat({v[0]}, {bits}, True)",
    "fptoui.sat": "{r} = _fptoi_sat({v[0]}, {bits}, False)",
    "is.fpclass": "{r} = _is_fpclass({v[0]}, {v[1]}, {w})",
    "threadlocal.address": "{r} = _tls({v[0]}) if THR else {v[0]}",
    "ptrmask": "{r} = {v[0]} & {v[1]}",
    "stacksave": "{r} = len(AST)",
    "stackrestore": "_freeto({v[0]})",
    "va_copy": "_memcpy({v[0]}, {v[1]}, _VA_SIZE, True)",
    "va_end": None,
    # divm's frames have no address: a null pointer, as GCC documents for a
    # frame it cannot name (clang passes one to a Windows target's _setjmp)
    "frameaddress": "{r} = 0",
    "returnaddress": "{r} = 0",
    "sponentry": "{r} = 0",
    "trap": "_fault(1, 'trap instruction reached')",
    "objectsize": "{r} = _objectsize({v[0]}, {v[1]}, {bits})",
    "is.constant": "{r} = 0",
    "allow.runtime.check": "{r} = 1",
    "get.rounding": "{r} = 1",
    "powi": "{r} = _fpow({v[0]}, float(_sx({v[1]}, 32)))",
    "frexp": "{r} = _frexp({v[0]})",
    "modf": "{r} = _modf({v[0]})",
    "sincos": "{r} = (_libm('sin')({v[0]}), _libm('cos')({v[0]}))",
    "expect": "{lhs}{v[0]}",
}
# the same on a long double operand
X_TEMPLATES = {
    "lround": "{r} = _xtoint(_xround({v[0]}), {bits}, True)",
    "lrint": "{r} = _xtoint(_xrint({v[0]}), {bits}, True)",
}
X_TEMPLATES["llround"], X_TEMPLATES["llrint"] = X_TEMPLATES["lround"], X_TEMPLATES["lrint"]
for _b in ("sadd.sat", "uadd.sat", "ssub.sat", "usub.sat", "sshl.sat", "ushl.sat"):
    TEMPLATES[_b] = f"{{r}} = _sat({_b[1:4]!r}, {{v[0]}}, {{v[1]}}, {{bits}}, {_b[0] == 's'})"
for _b, _same in (("memset.inline", "memset"), ("llround", "lround"), ("llrint", "lrint"),
                  ("debugtrap", "trap"), ("ubsantrap", "trap"), ("allow.ubsan.check", "allow.runtime.check"),
                  ("launder.invariant.group", "expect"), ("strip.invariant.group", "expect"),
                  ("expect.with.probability", "expect"), ("annotation", "expect"),
                  ("ptr.annotation", "expect"), ("canonicalize", "expect")):
    TEMPLATES[_b] = TEMPLATES[_same]


class Intrinsics:
    def intrinsic(self, ins: Ins, ind: int, b: str) -> None:
        if b in MEM_INTRINSICS:
            self.crit_mem(ins, ind)
        v = [self.val(x) for x in ins.a]
        ty = ins.ty
        if b in ELEMENTWISE and (ty.k == "vec" or ty.k == "s" and ty.elems and ty.elems[0].k == "vec"):
            self.vector_intrinsic(ins, ind, b)
            return
        bits = ty.bits if ty.k == "i" else 0
        t = TEMPLATES.get(b, "")
        if t and ins.a and ins.a[0].ty.k == "x":
            t = X_TEMPLATES.get(b, t)
        if t:
            self.emit(ind, t.format(r=ins.res, v=v, bits=bits, lhs=f"{ins.res} = " if ins.res else "",
                                    w=8 * ins.a[0].ty.store if ins.a else 0), ins.loc)
            return
        if t is None:
            return
        h = INTRINSICS.get(b)
        if h is None:
            if b.endswith(".with.overflow"):
                h = Intrinsics.x_overflow
            elif b in FLOAT_INTRINSICS:
                h = Intrinsics.x_float
            elif b.startswith("vector.reduce."):
                h = Intrinsics.x_reduce
            else:
                raise CodegenError(f"intrinsic llvm.{b}")
        h(self, ins, ind, b, v, bits)

    def x_memcpy(self, ins: Ins, ind: int, b: str, v: list[str], bits: int) -> None:
        if ins.a[2].const and not (ins.a[2].val.__class__ is int and ins.a[2].val > 0):
            self.emit(ind, f"_memcpy({v[0]}, {v[1]}, {v[2]}, {b != 'memmove'})", ins.loc)
        else:
            self.copy(v[0], v[1], v[2], b != "memmove", ind, ins.loc)

    def x_overflow(self, ins: Ins, ind: int, b: str, v: list[str], bits: int) -> None:
        kind = b.split(".")[0]
        ebits = ins.a[0].ty.bits
        fn = {"add": "_add_ov", "sub": "_sub_ov", "mul": "_mul_ov"}[kind[1:]]
        self.emit(ind, f"{ins.res} = {fn}({v[0]}, {v[1]}, {ebits}, {kind[0] == 's'})", ins.loc)

    def x_minmax(self, ins: Ins, ind: int, b: str, v: list[str], bits: int) -> None:
        r, ty = ins.res, ins.ty
        if ty.k == "vec":
            self.emit(ind, f"{r} = tuple(_minmax({b!r}, _x, _y, {ty.elem.bits}) for _x, _y in zip({v[0]}, {v[1]}))",
                      ins.loc)
            return
        # defined operands inline: signed order is unsigned order
        # with the sign bit flipped
        x, y = self.ordered(v[0], v[1], bits, b[0] == "s")
        rel = ">" if b[1:] == "max" else "<"
        self.emit(ind, f"{r} = ({v[0]} if {x} {rel} {y} else {v[1]}) if {self.defined(v[0], v[1])} "
                       f"else _minmax({b!r}, {v[0]}, {v[1]}, {bits})", ins.loc)

    def x_cmp(self, ins: Ins, ind: int, b: str, v: list[str], bits: int) -> None:
        x, y = self.ordered(v[0], v[1], ins.a[0].ty.bits, b == "scmp")
        self.emit(ind, f"{ins.res} = (1 if {x} > {y} else 0 if {v[0]} == {v[1]} else {(1 << bits) - 1}) "
                       f"if {self.defined(v[0], v[1])} "
                       f"else _cmp3({v[0]}, {v[1]}, {ins.a[0].ty.bits}, {b == 'scmp'}, {bits})", ins.loc)

    def x_abs(self, ins: Ins, ind: int, b: str, v: list[str], bits: int) -> None:
        r, ty = ins.res, ins.ty
        if self.ovf and ty.k == "i" and ins.a[1].const and ins.a[1].val:
            # clang's abs(x): INT_MIN has no absolute value (the flag makes it poison)
            self.emit(ind, self.symwrap(f"_abs_chk({v[0]}, {bits})", f"_sy_bin('sub', 0, {v[0]}, {bits}, True)",
                                        ins.a[0]), ins.loc)
        if ty.k == "vec":
            self.emit(ind, f"{r} = tuple(_iabs(_x, {ty.elem.bits}) for _x in {v[0]})", ins.loc)
        else:
            self.emit(ind, f"{r} = ({v[0]} if {v[0]} < {1 << (bits - 1)} else -{v[0]} & {(1 << bits) - 1}) "
                           f"if {self.defined(v[0])} else _iabs({v[0]}, {bits})", ins.loc)

    def x_bits(self, ins: Ins, ind: int, b: str, v: list[str], bits: int) -> None:
        r, ty = ins.res, ins.ty
        if ty.k == "vec":
            self.emit(ind, f"{r} = tuple(_{b}(_x, {ty.elem.bits}) for _x in {v[0]})", ins.loc)
        elif b in ("ctpop", "ctlz", "cttz"):  # (DiOS's scheduler counts its task mask)
            x = f"({v[0]})"
            fast = {"ctpop": f"{x}.bit_count()", "ctlz": f"{bits} - {x}.bit_length()",
                    "cttz": f"(({x} & -{x}).bit_length() - 1 if {x} else {bits})"}[b]
            self.emit(ind, f"{r} = {fast} if {self.defined(v[0])} else _{b}({v[0]}, {bits})", ins.loc)
        else:
            self.emit(ind, f"{r} = _{b}({v[0]}, {bits})", ins.loc)

    def x_float(self, ins: Ins, ind: int, b: str, v: list[str], bits: int) -> None:
        r, ty = ins.res, ins.ty
        fn = X_INTRINSICS.get(b, FLOAT_INTRINSICS[b]) if (ty.elem if ty.k == "vec" else ty).k == "x" \
            else FLOAT_INTRINSICS[b]
        if ty.k == "vec":
            zs = ", ".join(f"_z{i}" for i in range(len(v)))
            x = f"{fn}({zs})"
            if ty.elem.k == "f":
                x = f"_f32({x})"
            self.emit(ind, f"{r} = tuple({x} for {zs}, in zip({', '.join(v)}))", ins.loc)
        else:
            x = f"{fn}({', '.join(v)})"
            self.emit(ind, f"{r} = {'_f32(' + x + ')' if ty.k == 'f' else x}", ins.loc)

    def x_libm(self, ins: Ins, ind: int, b: str, v: list[str], bits: int) -> None:
        x = f"_libm({b + 'l' if ins.ty.k == 'x' else b!r})({', '.join(v)})"
        self.emit(ind, f"{ins.res} = {'_f32(' + x + ')' if ins.ty.k == 'f' else x}", ins.loc)

    def x_va_start(self, ins: Ins, ind: int, b: str, v: list[str], bits: int) -> None:
        self.emit(ind, f"_va_start({v[0]}, _sp)" if self.fn.ty.vararg
                  else "_fault(6, 'va_start in a function that is not variadic')", ins.loc)

    def x_reduce(self, ins: Ins, ind: int, b: str, v: list[str], bits: int) -> None:
        r = ins.res
        op = b[len("vector.reduce."):]
        if op in ("fadd", "fmul"):
            self.emit(ind, f"{r} = _freduce({op!r}, {v[0]}, {v[1]})", ins.loc)
        elif op in ("fmax", "fmin"):
            self.emit(ind, f"{r} = _freduce({op!r}, 0.0, {v[0]})", ins.loc)
        else:
            self.emit(ind, f"{r} = _reduce({op!r}, {v[0]}, {bits})", ins.loc)

    @staticmethod
    def ordered(x: str, y: str, bits: int, signed: bool) -> tuple[str, str]:
        """Operands whose unsigned order is the wanted (signed) order."""
        if not signed:
            return x, y
        return f"({x} ^ {1 << (bits - 1)})", f"({y} ^ {1 << (bits - 1)})"

    def vector_intrinsic(self, ins: Ins, ind: int, b: str) -> None:
        """An element-wise intrinsic on vectors: its scalar form applied to
        each lane (scalar operands, such as is.fpclass's test mask, are the
        same for every lane).  A struct result ({<N x T>, <N x i1>} of
        with.overflow, frexp, modf) is a struct of vectors."""
        ty = ins.ty
        n = ty.n if ty.k == "vec" else ty.elems[0].n
        if ty.k == "vec":
            sty = ty.elem
        else:
            sty = Ty("s", "")
            sty.elems = [t.elem for t in ty.elems]
        names, iters, sops = [], [], []
        for i, op in enumerate(ins.a):
            z = f"_z{i}"
            names.append(z)
            if op.ty.k == "vec":
                iters.append(self.val(op))
                sops.append(Op(z, op.ty.elem))
            else:
                iters.append(f"({self.val(op)},) * {n}")
                sops.append(Op(z, op.ty))
        fake = Ins("call", "_w", sty)
        fake.a, fake.x = sops, ins.x
        saved, self.lines = self.lines, []
        try:
            self.intrinsic(fake, 0, b)
            body = self.lines
        finally:
            self.lines = saved
        if len(body) != 1 or not body[0].startswith("_w = "):
            raise CodegenError(f"vector form of intrinsic llvm.{b}")
        lanes = f"tuple({body[0][5:]} for {', '.join(names)}, in zip({', '.join(iters)}))"
        self.emit(ind, f"{ins.res} = {lanes if ty.k == 'vec' else f'tuple(zip(*{lanes}))'}", ins.loc)


INTRINSICS = {
    **dict.fromkeys(("memcpy", "memcpy.inline", "memmove"), Intrinsics.x_memcpy),
    **dict.fromkeys(("smax", "smin", "umax", "umin"), Intrinsics.x_minmax),
    **dict.fromkeys(("scmp", "ucmp"), Intrinsics.x_cmp),
    "abs": Intrinsics.x_abs,
    **dict.fromkeys(("ctpop", "ctlz", "cttz", "bswap", "bitreverse"), Intrinsics.x_bits),
    **dict.fromkeys(("tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp10"), Intrinsics.x_libm),
    "va_start": Intrinsics.x_va_start,
}

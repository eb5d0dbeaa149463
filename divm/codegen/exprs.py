"""Instructions that compute a value from their operands: arithmetic,
comparisons, casts, select, aggregates and vectors, each an expression
over Python ints and floats (U, a partly undefined value, implements the
same operators)."""

from __future__ import annotations

from divm.codegen.emit import CodegenError, mask
from divm.load.ir import Ins
from divm.load.layout import PL_ALLOCA as HEAP_BASE, PL_CODE
from divm.load.types import Ty

BINOPS = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor",
          "fadd", "fsub", "fmul", "fdiv", "frem"}
FOPS = {"fadd": "+", "fsub": "-", "fmul": "*"}
XOPS = {"fadd": "+", "fsub": "-", "fmul": "*", "fdiv": "/", "frem": "%"}
ILOGIC = {"and": "&", "or": "|", "xor": "^"}
CASTS = {"trunc", "zext", "sext", "fptoui", "fptosi", "uitofp", "sitofp", "fptrunc", "fpext",
         "ptrtoint", "inttoptr", "bitcast"}
NUMERIC = ("i", "f", "d", "x")  # (casts between these: the symbolic engine's fcast)
USER_LO = hex(PL_CODE << 32)  # pointers into the objects the canonical key may renumber (vm/order.py)


def pointer_ints(fn) -> tuple[set, set]:
    """The ptrtoint results that need no test of their own, and the subs
    that take the difference of two ptrtoints (tested there: pointers into
    one object).  A ptrtoint used only by such subs, by truncations to 32
    bits, by ands with a 32-bit mask (the offset) or by tests against null
    shows no object's number."""
    p2i = {ins.res for b in fn.blocks for ins in b.ins if ins.op == "ptrtoint" and ins.a[0].ty.k == "p"}
    if not p2i:
        return set(), set()
    escape, diffs = set(), set()
    for b in fn.blocks:
        escape.update(op.name for p in b.phis for _, op in p.x if not op.const and op.name in p2i)
        for ins in b.ins:
            names = [op.name for op in ins.a if not op.const and op.name in p2i]
            if not names:
                continue
            consts = [op.val for op in ins.a if op.const]
            if ins.op == "sub" and len(names) == 2:
                diffs.add(ins.res)
            elif not (ins.op == "trunc" and ins.ty.bits <= 32
                      or ins.op == "and" and any(c.__class__ is int and 0 <= c < 1 << 32 for c in consts)
                      or ins.op == "icmp" and ins.x in ("eq", "ne") and consts == [0]):
                escape.update(names)
    return p2i - escape, diffs


class Expressions:
    ovf = False  # -o check:overflow in this function: checked nsw arithmetic, shifts, conversions
    # shifts and conversions that would make a poison value fault instead:
    # with -o check:overflow, and with -o nondet:uninit (which takes every
    # undefined value a local holds for one never initialised)
    poison = False
    p2i_free: set | frozenset = frozenset()  # ptrtoints and subs the heap symmetry guard leaves (pointer_ints)
    p2i_diffs: set | frozenset = frozenset()
    sym = False  # --symbolic: an operation with a symbolic operand goes to the engine (vm/symbolic.py)

    def symwrap(self, e: str, alt: str, *operands) -> str:
        """e, or alt when an operand register holds a symbolic value."""
        names = [op.name for op in operands if not op.const]
        if not self.sym or not names:
            return e
        cond = " or ".join(f"{n}.__class__ is Sym" for n in dict.fromkeys(names))
        return f"({alt} if {cond} else {e})"

    def instr(self, ins: Ins, ind: int) -> None:
        h = self.INSTR.get(ins.op)  # the handlers of every part (see gen.Gen)
        if h is None:
            raise CodegenError(f"instruction {ins.op}")
        h(self, ins, ind)

    def i_binop(self, ins: Ins, ind: int) -> None:
        a, r, ty = ins.a, ins.res, ins.ty
        if ty.k == "vec":
            x = self.binop(ins.op, "_x", "_y", ty.elem, ins)
            if self.sym and ty.elem.k == "i":  # (lane by lane: a lane may be symbolic)
                sy = f"_sy_bin({ins.op!r}, _x, _y, {ty.elem.bits})"
                x = f"({sy} if _x.__class__ is Sym or _y.__class__ is Sym else {x})"
            self.emit(ind, f"{r} = tuple({x} for _x, _y in zip({self.val(a[0])}, {self.val(a[1])}))", ins.loc)
        else:
            x, y = self.val(a[0]), self.val(a[1])
            e = self.binop(ins.op, x, y, ty, ins)
            if r in self.p2i_diffs:  # two pointers' integers: into one object, or the numbers show
                e = f"({e} if {x}.__class__ is not int or {y}.__class__ is not int or not ({x} ^ {y}) >> 32 " \
                    f"else _psub({x}, {y}, {e}))"
            if ty.k in ("f", "d", "x"):
                e = self.symwrap(e, f"_sy_fbin({ins.op!r}, {x}, {y}, {8 * ty.store})", a[0], a[1])
            if ty.k == "i":
                nsw = self.ovf and ins.x == "nsw"
                # (2: a signed C shift, load/srcfacts.py)
                chk = 2 if nsw and ins.op == "shl" else (nsw and ins.op in ("add", "sub", "mul")
                                                         or self.poison and ins.op in ("shl", "lshr", "ashr"))
                e = self.symwrap(e, f"_sy_bin({ins.op!r}, {x}, {y}, {ty.bits}, {chk})", a[0], a[1])
            self.emit(ind, f"{r} = {e}", ins.loc)

    def i_fneg(self, ins: Ins, ind: int) -> None:
        r, ty = ins.res, ins.ty
        v = self.val(ins.a[0])
        if ty.k == "x":
            self.emit(ind, f"{r} = {self.symwrap(f'_xneg({v})', f'_sy_fneg({v}, 80)', ins.a[0])}", ins.loc)
        elif ty.k == "vec":
            self.emit(ind, f"{r} = tuple(-_x for _x in {v})", ins.loc)
        else:
            e = self.symwrap(f"-{v}", f"_sy_fneg({v}, {8 * ty.store})", ins.a[0])
            self.emit(ind, f"{r} = {e}", ins.loc)

    def i_icmp(self, ins: Ins, ind: int) -> None:
        a, r = ins.a, ins.res
        at = a[0].ty
        ordered = ins.x not in ("eq", "ne")
        if at.k == "vec":
            x = self.icmp(ins.x, "_x", "_y", at.elem)
            if self.sym:
                bits = at.elem.bits if at.elem.k == "i" else 64
                x = f"(_sy_icmp({ins.x!r}, _x, _y, {bits}) if _x.__class__ is Sym or _y.__class__ is Sym else {x})"
            e = f"tuple({x} for _x, _y in zip({self.val(a[0])}, {self.val(a[1])}))"
            self.emit(ind, f"{r} = {'_ordered(' + e + ')' if ordered and at.elem.k == 'p' else e}", ins.loc)
        else:
            x, y = self.val(a[0]), self.val(a[1])
            bits = at.bits if at.k == "i" else 64
            e = self.icmp(ins.x, x, y, at)
            if ordered and at.k == "p" and not a[0].const and not a[1].const:  # pointers into two objects?
                e = f"({e} if {x}.__class__ is not int or {y}.__class__ is not int or not ({x} ^ {y}) >> 32 " \
                    f"else _ocmp({x}, {y}, {e}))"
            elif at.k == "p" and not a[0].const and not a[1].const and not self.fn.system:
                # two heap ids, one offset: a freed block's address may be the live one's (VM.peq)
                eq = f"{'' if ins.x == 'eq' else 'not '}_peq({x}, {y})"
                e = f"({eq} if {x}.__class__ is int and {y}.__class__ is int and {x} != {y} " \
                    f"and not ({x} ^ {y}) & 0xFFFFFFFF and {x} >> 32 >= {HEAP_BASE} and {y} >> 32 >= {HEAP_BASE} " \
                    f"else {e})"
            e = self.symwrap(e, f"_sy_icmp({ins.x!r}, {x}, {y}, {bits})", a[0], a[1])
            self.emit(ind, f"{r} = {e}", ins.loc)

    def i_fcmp(self, ins: Ins, ind: int) -> None:
        a, r, loc = ins.a, ins.res, ins.loc
        if a[0].ty.k == "vec":
            pair = f"zip({self.val(a[0])}, {self.val(a[1])})"
            self.emit(ind, f"{r} = tuple(_fcmp({ins.x!r}, _x, _y) for _x, _y in {pair})", loc)
        else:
            x, y = self.val(a[0]), self.val(a[1])
            e = f"_xcmp({ins.x!r}, {x}, {y})" if a[0].ty.k == "x" else self.fcmp(ins.x, x, y)
            e = self.symwrap(e, f"_sy_fcmp({ins.x!r}, {x}, {y}, {8 * a[0].ty.store})", a[0], a[1])
            self.emit(ind, f"{r} = {e}", loc)

    def i_cast(self, ins: Ins, ind: int) -> None:
        op, a, r = ins.op, ins.a, ins.res
        st, dt = a[0].ty, ins.ty
        if st.k == "vec" and dt.k == "vec" and op != "bitcast":
            if op == "ptrtoint":
                self.emit(ind, "_ordered(())", ins.loc)  # (rare: not looked into)
            x = self.cast(op, "_x", st.elem, dt.elem)
            if self.sym and st.elem.k in ("i", "p") and dt.elem.k in ("i", "p"):
                sb, db = (t.bits if t.k == "i" else 64 for t in (st.elem, dt.elem))
                x = f"(_sy_cast({op!r}, _x, {sb}, {db}) if _x.__class__ is Sym else {x})"
            elif self.sym:
                x = "(_sy_conc(_x) if _x.__class__ is Sym else _x)"
                x = self.cast(op, x, st.elem, dt.elem)
            self.emit(ind, f"{r} = tuple({x} for _x in {self.val(a[0])})", ins.loc)
        else:
            x = self.val(a[0])
            e = self.cast(op, x, st, dt)
            if op == "ptrtoint" and st.k == "p" and dt.bits > 32 and not a[0].const and r not in self.p2i_free:
                e = f"({e} if {x}.__class__ is not int or {x} < {USER_LO} else _p2i({e}))"
            if st.k in ("i", "p") and dt.k in ("i", "p"):
                sb, db = (t.bits if t.k == "i" else 64 for t in (st, dt))
                e = self.symwrap(e, f"_sy_cast({op!r}, {x}, {sb}, {db})", a[0])
            elif st.k in NUMERIC and dt.k in NUMERIC:
                sb, db = (t.bits if t.k == "i" else 8 * t.store for t in (st, dt))
                chk = self.poison and op in ("fptosi", "fptoui")
                e = self.symwrap(e, f"_sy_fcast({op!r}, {x}, {st.k!r}, {sb}, {dt.k!r}, {db}, {chk})", a[0])
            else:
                e = self.symwrap(e, self.cast(op, f"_sy_conc({x})", st, dt), a[0])
            self.emit(ind, f"{r} = {e}", ins.loc)

    def i_select(self, ins: Ins, ind: int) -> None:
        a, r, loc = ins.a, ins.res, ins.loc
        c, t, f = (self.val(x) for x in a)
        if a[0].ty.k == "vec":
            self.emit(ind, f"{r} = tuple(_select(_c, _t, _f) for _c, _t, _f in zip({c}, {t}, {f}))", loc)
        elif ins.ty.k == "vec":
            self.emit(ind, f"{r} = _select({c}, {t}, {f})", loc)
        elif a[0].const and a[0].val.__class__ is int:  # `1.__class__` is not Python
            self.emit(ind, f"{r} = {t if a[0].val else f}", loc)
        else:
            self.emit(ind, f"{r} = ({t} if {c} else {f}) if {c}.__class__ is not U else _uselect({c}, {t}, {f})", loc)

    def i_extractvalue(self, ins: Ins, ind: int) -> None:
        idx = "".join(f"[{i}]" for i in ins.x)
        self.emit(ind, f"{ins.res} = {self.val(ins.a[0])}{idx}", ins.loc)

    def i_insertvalue(self, ins: Ins, ind: int) -> None:
        a = ins.a
        self.emit(ind, f"{ins.res} = _insertvalue({self.val(a[0])}, {self.val(a[1])}, {ins.x!r})", ins.loc)

    def i_extractelement(self, ins: Ins, ind: int) -> None:
        a = ins.a
        self.emit(ind, f"{ins.res} = _extractelement({self.val(a[0])}, {self.val(a[1])}, {self.tname(ins.ty)})",
                  ins.loc)

    def i_insertelement(self, ins: Ins, ind: int) -> None:
        a = ins.a
        self.emit(ind, f"{ins.res} = _insertelement({self.val(a[0])}, {self.val(a[1])}, {self.val(a[2])})", ins.loc)

    def i_shufflevector(self, ins: Ins, ind: int) -> None:
        a = ins.a
        self.emit(ind, f"{ins.res} = _shuffle({self.val(a[0])}, {self.val(a[1])}, {ins.x!r}, "
                       f"{self.tname(ins.ty.elem)})", ins.loc)

    def i_freeze(self, ins: Ins, ind: int) -> None:
        self.emit(ind, f"{ins.res} = {self.val(ins.a[0])}", ins.loc)

    def i_fence(self, ins: Ins, ind: int) -> None:
        pass

    HANDLES = {**dict.fromkeys(BINOPS, i_binop), **dict.fromkeys(CASTS, i_cast),
               "fneg": i_fneg, "icmp": i_icmp, "fcmp": i_fcmp, "select": i_select,
               "extractvalue": i_extractvalue, "insertvalue": i_insertvalue,
               "extractelement": i_extractelement, "insertelement": i_insertelement,
               "shufflevector": i_shufflevector, "freeze": i_freeze, "fence": i_fence}

    def binop(self, op: str, x: str, y: str, ty: Ty, ins: Ins) -> str:
        k = ty.k
        if k == "x":
            return f"_xop({XOPS[op]!r}, {x}, {y})"
        if k in ("f", "d"):
            if op == "fdiv":
                # inline when both are floats and the divisor is not zero
                r = f"({x} / {y} if ({x}).__class__ is float and ({y}).__class__ is float and {y} else _fdiv({x}, {y}))"
            elif op == "frem":
                r = f"_frem({x}, {y})"
            else:
                r = f"({x} {FOPS[op]} {y})"
            return f"_f32({r})" if k == "f" else r
        bits = ty.bits
        m = mask(bits)
        if self.ovf and op in ("add", "sub", "mul", "shl") and ins.x == "nsw":
            return f"_{op}_nsw({x}, {y}, {bits})"
        if self.poison and op in ("shl", "lshr", "ashr"):
            return f"_{op}_chk({x}, {y}, {bits})"
        if op == "add":
            return f"({x} + {y}) & {m}"
        if op == "sub":
            return f"({x} - {y}) & {m}"
        if op == "mul":
            return f"({x} * {y}) & {m}"
        if op in ("and", "or", "xor"):
            return f"{x} {ILOGIC[op]} {y}"
        yop = ins.a[1]
        if op in ("udiv", "urem") and yop.const and yop.val.__class__ is int and yop.val:
            # a constant divisor cannot fault: inline unless x is undefined
            pyop = "//" if op == "udiv" else "%"
            return f"({x} {pyop} {y} if ({x}).__class__ is not U else _{op}({x}, {y}, {bits}))"
        sb = hex(1 << (bits - 1))
        cy = yop.val - (yop.val >> (bits - 1) << bits) if yop.const and yop.val.__class__ is int else 0
        if op in ("sdiv", "srem") and cy not in (0, -1):
            # a constant divisor other than 0 and -1 cannot fault: C
            # truncates towards zero, Python floors, so divide magnitudes
            # (a remainder has the dividend's sign, a quotient the product's)
            a = abs(cy)
            pos, neg = (f"_t // {a}", f"(-_t // {a})") if op == "sdiv" else (f"_t % {a}", f"(-_t % {a})")
            if op == "srem" or cy > 0:
                pos, neg = pos, f"-{neg}"
            else:
                pos, neg = f"-({pos})", neg
            return (f"(({pos} if (_t := ({x} ^ {sb}) - {sb}) >= 0 else {neg}) & {m} "
                    f"if ({x}).__class__ is not U else _{op}({x}, {y}, {bits}))")
        if op in ("udiv", "urem", "sdiv", "srem") and not yop.const and ty.k != "vec":
            # the common case inline: defined operands, a divisor that is
            # not zero, and (signed) both non-negative, where C and Python agree
            pyop = "//" if op in ("udiv", "sdiv") else "%"
            cond = f"0 < {y} < {sb} and {x} < {sb}" if op[0] == "s" else f"{y}"
            return (f"({x} {pyop} {y} if {y}.__class__ is int and ({x}).__class__ is int and {cond} "
                    f"else _{op}({x}, {y}, {bits}))")
        if op in ("udiv", "urem", "sdiv", "srem"):
            return f"_{op}({x}, {y}, {bits})"
        if op == "shl":
            if yop.const and isinstance(yop.val, int) and yop.val < bits and ty.k != "vec":
                return f"({x} << {yop.val}) & {m}"
            if not yop.const and ty.k != "vec":  # an in-range amount needs no call
                return f"(({x} << {y}) & {m} if {y}.__class__ is int and {y} < {bits} else _shl({x}, {y}, {bits}))"
            return f"_shl({x}, {y}, {bits})"
        if op == "lshr":
            if yop.const and isinstance(yop.val, int) and yop.val < bits:
                return f"{x} >> {yop.val}"
            if not yop.const and ty.k != "vec":
                return f"({x} >> {y} if {y}.__class__ is int and {y} < {bits} else _lshr({x}, {y}, {bits}))"
            return f"_lshr({x}, {y}, {bits})"
        if op == "ashr":
            if yop.const and yop.val.__class__ is int and yop.val < bits:
                sb = hex(1 << (bits - 1))
                return (f"((({x} ^ {sb}) - {sb}) >> {yop.val} & {m} if ({x}).__class__ is not U "
                        f"else _ashr({x}, {y}, {bits}))")
            return f"_ashr({x}, {y}, {bits})"
        raise CodegenError(op)

    def icmp(self, pred: str, x: str, y: str, ty: Ty) -> str:
        if pred in ("eq", "ne"):
            return f"({x} {'==' if pred == 'eq' else '!='} {y})"
        o = {"gt": ">", "ge": ">=", "lt": "<", "le": "<="}[pred[1:]]
        if pred[0] == "u":
            return f"({x} {o} {y})"
        s = hex(1 << (ty.bits - 1))
        return f"(({x} ^ {s}) {o} ({y} ^ {s}))"

    def fcmp(self, pred: str, x: str, y: str) -> str:
        simple = {"oeq": "==", "ogt": ">", "oge": ">=", "olt": "<", "ole": "<=", "une": "!="}
        if pred in simple:
            return f"({x} {simple[pred]} {y})"
        return f"_fcmp({pred!r}, {x}, {y})"

    def cast(self, op: str, x: str, st: Ty, dt: Ty) -> str:
        if op == "trunc":
            return f"({x} & {mask(dt.bits)})"
        if op == "zext":
            return x
        if op == "sext":
            if st.bits == 1:
                return f"(-{x} & {mask(dt.bits)})"
            sb = hex(1 << (st.bits - 1))
            return f"((({x} ^ {sb}) - {sb}) & {mask(dt.bits)})"
        if op == "ptrtoint":
            return x if dt.bits >= 64 else f"({x} & {mask(dt.bits)})"
        if op == "inttoptr":
            return x if st.bits <= 64 else f"({x} & {mask(64)})"
        if op in ("fptosi", "fptoui") and self.poison:
            if st.k == "x":
                return f"_xtoint_chk({x}, {dt.bits}, {op == 'fptosi'})"
            return f"_{op}_chk({x}, {dt.bits})"
        if op in ("fptosi", "fptoui") and st.k == "x":
            return f"_xtoint({x}, {dt.bits}, {op == 'fptosi'})"
        if op in ("sitofp", "uitofp") and dt.k == "x":
            return f"_xfromint({x}, {st.bits}, {op == 'sitofp'})"
        if op == "fptrunc" and st.k == "x":
            return f"_fptrunc(_xtod({x}))" if dt.k == "f" else f"_xtod({x})"
        if op == "fptosi":
            return f"_fptosi({x}, {dt.bits})"
        if op == "fptoui":
            return f"_fptoui({x}, {dt.bits})"
        if op == "sitofp":
            r = f"(_sx({x}, {st.bits}) + 0.0)"
            return f"_f32({r})" if dt.k == "f" else r
        if op == "uitofp":
            r = f"({x} + 0.0)"
            return f"_f32({r})" if dt.k == "f" else r
        if op == "fptrunc":
            return f"_fptrunc({x})" if dt.k == "f" else x
        if op == "fpext":
            return x
        if op == "bitcast":
            if st.k == dt.k and st.k in ("p", "i"):
                return x
            if st.k == "i" and dt.k == "d":
                return f"_b2d({x})"
            if st.k == "d" and dt.k == "i":
                return f"_d2b({x})"
            if st.k == "i" and dt.k == "f":
                return f"_b2f({x})"
            if st.k == "f" and dt.k == "i":
                return f"_f2b({x})"
            if st.k == "i" and dt.k == "x":
                return f"_b2x({x})"
            if st.k == "x" and dt.k == "i":
                return f"_x2b({x})"
            return f"_bitcast({x}, {self.tname(st)}, {self.tname(dt)})"
        raise CodegenError(op)

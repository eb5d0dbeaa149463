"""Translate a decoded function into Python source, once, at first call.

Each LLVM function becomes one Python function whose SSA registers are
Python locals.  Blocks with a single predecessor are emitted inline where
control reaches them; blocks where paths join (loop headers, merges) become
entries of a `while True` dispatch on `bb`.  Phi nodes are parallel
assignments on the edges.  Loads and stores of scalars are inlined with a
fast path for objects whose bytes are all defined; everything unusual goes
to the VM's checked slow paths (`_ld`, `_st`), which raise faults.

Every emitted line that executes an instruction is recorded in a line map,
so a Python traceback or frame walk yields LLVM source locations: frames
need no bookkeeping on the fast path."""

from __future__ import annotations

import math

from divm.load.intrinsics import base_name
from divm.load.ir import Fn, Ins, Op
from divm.load.layout import CODE_BASE
from divm.load.types import Ty

M64 = 0xFFFFFFFFFFFFFFFF
MAX_INLINE_DEPTH = 40
SWITCH_TREE = 6  # a switch with more destinations than this searches them

_UNPACK = {("i", 8): "L8", ("i", 16): "L16", ("i", 32): "L32", ("i", 64): "L64",
           ("p", 64): "L64", ("d", 64): "LD", ("f", 32): "LF"}
# the undefined-bits test of the bytes a load reads (an int unpack of `ud`)
_UDMASK = {1: "_o.ud[{0}]", 2: "L16(_o.ud, {0})[0]", 4: "L32(_o.ud, {0})[0]", 8: "L64(_o.ud, {0})[0]"}
_PACK = {("i", 8): "S8", ("i", 16): "S16", ("i", 32): "S32", ("i", 64): "S64",
         ("d", 64): "SD", ("f", 32): "SF"}

HYPERCALLS = {"__vm_ctl_set", "__vm_ctl_get", "__vm_ctl_flag", "__vm_test_crit", "__vm_test_loop",
              "__vm_choose", "__vm_trace", "__vm_obj_make", "__vm_obj_resize", "__vm_obj_free",
              "__vm_obj_size", "__vm_obj_clone", "__vm_obj_shared", "__vm_peek", "__vm_poke"}
ALWAYS_ERROR = {"reach_error": "reach_error() called", "__VERIFIER_error": "__VERIFIER_error() called"}
SETJMP = {"setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp"}


class CodegenError(Exception):
    pass


def mask(bits: int) -> str:
    return hex((1 << bits) - 1)


class Gen:
    def __init__(self, vm, fn: Fn):
        self.vm = vm
        self.fn = fn
        self.lines: list[str] = []
        self.linemap: dict[int, tuple[str, int]] = {}
        self.interrupts = not fn.system  # DiOS and libc-shim run with interrupts masked

    # -- plumbing ---------------------------------------------------------------
    def emit(self, ind: int, text: str, loc=None) -> None:
        self.lines.append("    " * ind + text)
        if loc is not None:
            self.linemap[len(self.lines)] = loc

    def const(self, v) -> str:
        if v.__class__ is bool:
            return "1" if v else "0"
        if v.__class__ is int:
            return str(v) if v < 4096 else hex(v)
        if v.__class__ is float and math.isfinite(v):
            return repr(v)
        return self.vm.pool(v)

    def val(self, op: Op) -> str:
        if op.const:
            return self.const(op.val)
        return op.name

    def tname(self, ty: Ty) -> str:
        return self.vm.pool(ty)

    # -- structure ----------------------------------------------------------------
    def block(self, b, ind: int, depth: int, start: int = 0, skip_crit: bool = False) -> None:
        """Emit b's instructions from `start`.  In a tail (a resume entry),
        stop after the next suspension point and chain to the next tail, so
        each instruction is emitted at most twice."""
        if start == 0:
            self.emitted.add(b.idx)
        ins_list = b.ins
        for n in range(start, len(ins_list) - 1):
            ins = ins_list[n]
            if ins.op == "call" and self.is_setjmp(ins):
                # the rest of the block is where a longjmp lands: its own entry
                nb = self.tail(b, n + 1, "sj")
                lhs = f"{ins.res} = " if ins.res else ""
                self.emit(ind, f"{lhs}_setjmp({self.val(ins.a[0])}, _jf, {nb}, _sp)", ins.loc)
                self.goto(ind, nb)
                return
            self.cur = (b, n, skip_crit and n == start)
            if self.in_tail and self.interrupts and not self.cur[2] and self.visible(ins):
                # a tail also ends at its next interrupt point: the check, then
                # that point's own tail (a tail that ran on to the end of the
                # block would make straight-line code quadratic in size)
                if ins.op == "store":
                    self.crit(self.val(ins.a[1]), ins.a[0].ty.store, 2, ind, ins.loc)
                elif ins.op == "load":
                    self.crit(self.val(ins.a[0]), ins.ty.store, 1, ind, ins.loc)
                else:
                    self.crit(self.val(ins.a[0]), ins.a[1].ty.store, 3, ind, ins.loc)
                self.emit(ind, f"bb = {self.tail(b, n, 'crit')}; continue")
                return
            self.instr(ins, ind)
            if self.suspending(ins):
                rid = self.tail(b, n + 1, "call")
                self.resume_lines[len(self.lines)] = rid
                if self.in_tail:
                    self.emit(ind, f"bb = {rid}; continue")
                    return
        self.terminator(b, ins_list[-1], ind, depth)

    def tail(self, b, start: int, kind: str) -> int:
        key = (b.idx, start, kind)
        if key not in self.splits:
            nid = 100000 + len(self.splits) if kind != "copy" else 200000 + b.idx
            self.splits[key] = nid
            self.pending.append((nid, b, start, kind))
            if kind == "call" and b.ins[start - 1].res:
                self.results[nid] = b.ins[start - 1].res
            at = b.ins[start - 1] if kind in ("call", "sj") else b.ins[min(start, len(b.ins) - 1)]
            self.resume_loc[nid] = at.loc
        return self.splits[key]

    def suspending(self, ins: Ins) -> bool:
        """Calls after which a thread may have been suspended and resumed."""
        if ins.op != "call":
            return False
        if ins.x.get("indirect"):
            return True
        c = ins.x["callee"]
        return not c.decl or c.name in ("__vm_ctl_set", "__vm_test_crit", "__vm_test_loop")

    def visible(self, ins: Ins) -> bool:
        if ins.op == "load":
            return ins.a[0].name not in self.promoted
        if ins.op == "store":
            return ins.a[1].name not in self.promoted
        return ins.op in ("cmpxchg", "atomicrmw")

    def crit(self, p: str, n: int, access: int, ind: int, loc) -> None:
        """An interrupt point before a memory access another thread may see."""
        b, pos, skip = self.cur
        if not self.interrupts or skip:
            return
        self.emit(ind, f"if THR: _crit({p}, {n}, {access})", loc)
        self.resume_lines[len(self.lines)] = self.tail(b, pos, "crit")

    def edge(self, src: int, dst: int, ind: int, depth: int) -> None:
        phis = self.fn.blocks[dst].phis
        lhs: list = []
        if phis:
            lhs, rhs = [], []
            for p in phis:
                for pred, op in p.x:
                    if pred == src:
                        lhs.append(p.res)
                        rhs.append(self.val(op))
                        break
            if lhs:
                self.emit(ind, f"{', '.join(lhs)} = {', '.join(rhs)}")
        if self.in_tail and dst not in self.entries:
            # resume code never inlines: it jumps to a copy of the block
            self.emit(ind, f"bb = {self.tail(self.fn.blocks[dst], 0, 'copy')}; continue")
            return
        if self.ft and dst == self.ft[-1]:
            # the join point emitted right after this if statement: fall through
            if not lhs:
                self.emit(ind, "pass")
            return
        if dst in self.merge_of:
            # a join reached from elsewhere than the arms of its branch
            # (say, a loop exit inside them): it needs a dispatch entry
            self.entries.add(dst)
            raise _Restart()
        if dst in self.entries or depth > MAX_INLINE_DEPTH or dst in self.emitted:
            if dst not in self.entries:
                self.entries.add(dst)
                raise _Restart()
            if dst <= src and self.interrupts:
                # every cycle has an edge that goes backwards in block order
                self.emit(ind, f"if LOOPS: _loop({self.fn.idx}, {dst})")
                self.resume_lines[len(self.lines)] = dst
                self.resume_loc[dst] = self.fn.blocks[dst].ins[0].loc
            self.goto(ind, dst)
        else:
            self.block(self.fn.blocks[dst], ind, depth + 1)

    def open_join(self, src: int):
        """The join point to emit after src's branch, if it has one: the arms'
        jumps to it fall through instead of going round the dispatch."""
        j = self.join_at.get(src)
        if j is None or self.in_tail:
            return None
        self.ft.append(j)
        return j

    def close_join(self, j, ind: int, depth: int) -> None:
        if j is not None:
            self.ft.pop()
            self.block(self.fn.blocks[j], ind, depth + 1)

    def goto(self, ind: int, dst: int) -> None:
        """A jump to a dispatch entry.  Inside a loop header's own `while`
        (see _entry), a jump back to the header stays in that loop; any
        other jump leaves it for the dispatch."""
        lb = self.loop_blk
        if lb is None or self.in_tail:
            self.emit(ind, f"bb = {dst}; continue")
        elif dst == lb:
            self.emit(ind, "continue")
        else:
            self.emit(ind, f"bb = {dst}; break")

    def terminator(self, b, t: Ins, ind: int, depth: int) -> None:
        op = t.op
        src = b.idx
        if op == "ret":
            self.ret(t, ind)
        elif op == "br":
            if len(t.x) == 1:
                self.edge(src, t.x[0], ind, depth)
            else:
                c = self.val(t.a[0])
                if t.x[0] == t.x[1]:
                    self.emit(ind, f"if {c}: pass", t.loc)
                    self.edge(src, t.x[0], ind, depth)
                    return
                join = self.open_join(src)
                self.emit(ind, f"if {c}:", t.loc)
                self.edge(src, t.x[0], ind + 1, depth)
                self.emit(ind, "else:")
                self.edge(src, t.x[1], ind + 1, depth)
                self.close_join(join, ind, depth)
        elif op == "switch":
            default, cases = t.x
            v = self.val(t.a[0])
            join = self.open_join(src)
            self.emit(ind, f"_sw = {v}", t.loc)
            self.emit(ind, "if _sw.__class__ is U: _sw = _ubranch(_sw)", t.loc)
            groups: dict[int, list] = {}
            for cv, dest in cases:
                groups.setdefault(dest, []).append(cv)
            if len(groups) > SWITCH_TREE:
                # many destinations (an interpreter's dispatch): a dict gives
                # the destination's number, 0 for the default, then a binary
                # search over the numbers: log(n) tests instead of n / 2
                dests = [default] + list(groups)
                num = {cv: k for k, vals in enumerate(groups.values(), 1) for cv in vals}
                self.emit(ind, f"_sw = {self.vm.pool(num)}.get(_sw, 0)", t.loc)
                self.switch_tree(src, dests, 0, len(dests) - 1, ind, depth)
                self.close_join(join, ind, depth)
                return
            first = True
            for dest, vals in groups.items():
                cond = f"_sw == {self.const(vals[0])}" if len(vals) == 1 else \
                    f"_sw in ({', '.join(self.const(x) for x in vals)},)"
                self.emit(ind, ("if " if first else "elif ") + cond + ":")
                self.edge(src, dest, ind + 1, depth)
                first = False
            if first:
                self.edge(src, default, ind, depth)
            else:
                self.emit(ind, "else:")
                self.edge(src, default, ind + 1, depth)
            self.close_join(join, ind, depth)
        elif op == "indirectbr":
            a = self.val(t.a[0])
            self.emit(ind, f"_ib = _blockaddr({a}, {self.fn.idx})", t.loc)
            for n, dest in enumerate(t.x):
                self.emit(ind, ("if" if n == 0 else "elif") + f" _ib == {dest}:")
                self.edge(src, dest, ind + 1, depth)
            self.emit(ind, "else: _bad_target()")
            self.emit(ind, "return")
        elif op == "unreachable":
            self.emit(ind, "_fault(6, 'unreachable instruction reached')", t.loc)
            self.emit(ind, "return")
        else:
            raise CodegenError(f"terminator {op}")

    def switch_tree(self, src: int, dests: list, lo: int, hi: int, ind: int, depth: int) -> None:
        if lo == hi:
            self.edge(src, dests[lo], ind, depth)
            return
        mid = (lo + hi + 1) // 2
        self.emit(ind, f"if _sw < {mid}:" if hi > lo + 1 else f"if _sw == {lo}:")
        self.switch_tree(src, dests, lo, mid - 1, ind + 1, depth)
        self.emit(ind, "else:")
        self.switch_tree(src, dests, mid, hi, ind + 1, depth)

    def ret(self, t: Ins, ind: int) -> None:
        if self.interrupts:
            self.emit(ind, f"if LEAKRET: _leak_return({self.val(t.a[0]) if t.a else 'None'})", t.loc)
        if self.uses_alloca or self.has_setjmp:
            self.emit(ind, "if len(AST) > _sp: _freeto(_sp)")
        if t.a:
            self.emit(ind, f"return {self.val(t.a[0])}", t.loc)
        else:
            self.emit(ind, "return", t.loc)

    # -- instructions ----------------------------------------------------------------
    def instr(self, ins: Ins, ind: int) -> None:
        op = ins.op
        r = ins.res
        a = ins.a
        loc = ins.loc
        ty = ins.ty
        e = self.emit
        if op in BINOPS:
            if ty.k == "vec":
                x = self.binop(op, "_x", "_y", ty.elem, ins)
                e(ind, f"{r} = tuple({x} for _x, _y in zip({self.val(a[0])}, {self.val(a[1])}))", loc)
            else:
                e(ind, f"{r} = {self.binop(op, self.val(a[0]), self.val(a[1]), ty, ins)}", loc)
        elif op == "fneg":
            v = self.val(a[0])
            if ty.k == "x":
                e(ind, f"{r} = _xneg({v})", loc)
            elif ty.k == "vec":
                e(ind, f"{r} = tuple(-_x for _x in {v})", loc)
            else:
                e(ind, f"{r} = -{v}", loc)
        elif op == "icmp":
            at = a[0].ty
            if at.k == "vec":
                x = self.icmp(ins.x, "_x", "_y", at.elem)
                e(ind, f"{r} = tuple({x} for _x, _y in zip({self.val(a[0])}, {self.val(a[1])}))", loc)
            else:
                e(ind, f"{r} = {self.icmp(ins.x, self.val(a[0]), self.val(a[1]), at)}", loc)
        elif op == "fcmp":
            if a[0].ty.k == "vec":
                pair = f"zip({self.val(a[0])}, {self.val(a[1])})"
                e(ind, f"{r} = tuple(_fcmp({ins.x!r}, _x, _y) for _x, _y in {pair})", loc)
            elif a[0].ty.k == "x":
                e(ind, f"{r} = _xcmp({ins.x!r}, {self.val(a[0])}, {self.val(a[1])})", loc)
            else:
                e(ind, f"{r} = {self.fcmp(ins.x, self.val(a[0]), self.val(a[1]))}", loc)
        elif op in CASTS:
            st, dt = a[0].ty, ty
            if st.k == "vec" and dt.k == "vec" and op != "bitcast":
                x = self.cast(op, "_x", st.elem, dt.elem)
                e(ind, f"{r} = tuple({x} for _x in {self.val(a[0])})", loc)
            else:
                e(ind, f"{r} = {self.cast(op, self.val(a[0]), st, dt)}", loc)
        elif op == "select":
            c, t, f = (self.val(x) for x in a)
            if a[0].ty.k == "vec":
                e(ind, f"{r} = tuple(_select(_c, _t, _f) for _c, _t, _f in zip({c}, {t}, {f}))", loc)
            elif ty.k == "vec":
                e(ind, f"{r} = _select({c}, {t}, {f})", loc)
            elif a[0].const and a[0].val.__class__ is int:  # `1.__class__` is not Python
                e(ind, f"{r} = {t if a[0].val else f}", loc)
            else:
                e(ind, f"{r} = ({t} if {c} else {f}) if {c}.__class__ is not U else _select({c}, {t}, {f})", loc)
        elif op == "load":
            if a[0].name in self.promoted:
                e(ind, f"{r} = m{a[0].name}", loc)
            else:
                self.crit(self.val(a[0]), ty.store, 1, ind, loc)
                self.load(r, self.val(a[0]), ty, ind, loc)
        elif op == "store":
            if a[1].name in self.promoted:
                e(ind, f"m{a[1].name} = {self.val(a[0])}", loc)
            else:
                self.crit(self.val(a[1]), a[0].ty.store, 2, ind, loc)
                self.store(self.val(a[1]), self.val(a[0]), a[0].ty, ind, loc)
        elif op == "alloca" and r in self.promoted:
            from divm.load.loader import undef_of
            e(ind, f"m{r} = {self.const(undef_of(ins.x))}", loc)
        elif op == "alloca":
            at: Ty = ins.x
            cnt = self.val(a[0])
            e(ind, f"{r} = _alloca({at.size}, {cnt}, {at.align})", loc)
        elif op == "gep":
            self.gep(ins, ind)
        elif op == "call":
            self.call(ins, ind)
        elif op == "extractvalue":
            idx = "".join(f"[{i}]" for i in ins.x)
            e(ind, f"{r} = {self.val(a[0])}{idx}", loc)
        elif op == "insertvalue":
            e(ind, f"{r} = _insertvalue({self.val(a[0])}, {self.val(a[1])}, {ins.x!r})", loc)
        elif op == "extractelement":
            e(ind, f"{r} = _extractelement({self.val(a[0])}, {self.val(a[1])}, {self.tname(ty)})", loc)
        elif op == "insertelement":
            e(ind, f"{r} = _insertelement({self.val(a[0])}, {self.val(a[1])}, {self.val(a[2])})", loc)
        elif op == "shufflevector":
            e(ind, f"{r} = _shuffle({self.val(a[0])}, {self.val(a[1])}, {ins.x!r}, {self.tname(ty.elem)})", loc)
        elif op == "freeze":
            e(ind, f"{r} = {self.val(a[0])}", loc)
        elif op == "fence":
            pass
        elif op == "cmpxchg":
            self.crit(self.val(a[0]), a[1].ty.store, 3, ind, loc)
            e(ind, f"{r} = _cmpxchg({self.val(a[0])}, {self.val(a[1])}, {self.val(a[2])}, {self.tname(a[1].ty)})", loc)
        elif op == "atomicrmw":
            self.crit(self.val(a[0]), a[1].ty.store, 3, ind, loc)
            e(ind, f"{r} = _atomicrmw({ins.x!r}, {self.val(a[0])}, {self.val(a[1])}, {self.tname(a[1].ty)})", loc)
        else:
            raise CodegenError(f"instruction {op}")

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

    # -- memory -------------------------------------------------------------------
    @staticmethod
    def addr(p: str) -> tuple[str, str]:
        """Object id and offset expressions, folded for constant pointers."""
        if p[:2] == "0x" or p.isdigit():
            v = int(p, 0)
            return str(v >> 32), str(v & 0xFFFFFFFF)
        return f"{p} >> 32", f"{p} & 0xFFFFFFFF"

    def load(self, r: str, p: str, ty: Ty, ind: int, loc) -> None:
        """Inline fast path: the object exists, the bytes read are in bounds
        and defined (only the bytes read are checked: an object with
        undefined padding elsewhere stays fast)."""
        e = self.emit
        key = (ty.k, ty.bits)
        t = self.tname(ty)
        oid, off = self.addr(p)
        if key in _UNPACK:
            um = _UDMASK[ty.store]
            e(ind, "try:", loc)
            e(ind + 1, f"_o = OBJS[{oid}]", loc)
            # (a byte is read by indexing, half the cost of an unpack)
            rd = f"_o.b[{off}]" if key == ("i", 8) else f"{_UNPACK[key]}(_o.b, {off})[0]"
            e(ind + 1, f"{r} = {rd} if _o.ud is None or not {um.format(off)} else _ld({p}, {t})", loc)
            e(ind, f"except Exception: {r} = _ld({p}, {t})", loc)
        elif ty.k == "i" and ty.bits == 1:
            e(ind, "try:", loc)
            e(ind + 1, f"_o = OBJS[{oid}]", loc)
            e(ind + 1, f"{r} = _o.b[{off}] & 1 if _o.ud is None or not _o.ud[{off}] else _ld({p}, {t})", loc)
            e(ind, f"except Exception: {r} = _ld({p}, {t})", loc)
        else:
            e(ind, f"{r} = _ld({p}, {t})", loc)

    def store(self, p: str, v: str, ty: Ty, ind: int, loc) -> None:
        """Inline fast path for writable objects (`slow` marks frozen and
        read-only ones); the shadow bits of the bytes written are brought up
        to date by _def only when the object has any undefined bytes or
        pointers.  A packing error (out of bounds, an undefined value) goes
        to the checked slow path before anything is written; so does an
        undefined value."""
        e = self.emit
        key = (ty.k, ty.bits)
        t = self.tname(ty)
        oid, off = self.addr(p)
        if key in _PACK:
            e(ind, "try:", loc)
            e(ind + 1, f"_o = OBJS[{oid}]", loc)
            # (U has __index__ and __float__: struct would pack its as-if bits)
            uv = "" if v[0].isdigit() or v[0] == "-" else f" or {v}.__class__ is U"
            e(ind + 1, f"if _o.slow{uv}: _st({p}, {v}, {t})", loc)
            e(ind + 1, "else:", loc)
            # (a byte by item assignment: values are kept in range, and one
            # out of range raises as pack_into would)
            e(ind + 2, f"_o.b[{off}] = {v}" if key == ("i", 8) else f"{_PACK[key]}(_o.b, {off}, {v})", loc)
            self.define_stored(off, ty.store, ind + 2, loc)
            e(ind, f"except Exception: _st({p}, {v}, {t})", loc)
        elif ty.k == "p":
            e(ind, "try:", loc)
            e(ind + 1, f"_o = OBJS[{oid}]", loc)
            uv = "" if v[0].isdigit() else f" or {v}.__class__ is U"
            e(ind + 1, f"if _o.slow or {p} & 7{uv}: _st({p}, {v}, {t})", loc)
            e(ind + 1, "else:", loc)
            e(ind + 2, f"S64(_o.b, {off}, {v})", loc)
            # (a pointer replacing the object's only pointer needs no clearing)
            self.define_stored(off, 8, ind + 2, loc, f"_o.ptrs and (len(_o.ptrs) > 1 or {off} not in _o.ptrs)")
            e(ind + 2, f"_o.ptrs.add({off})", loc)
            e(ind + 2, f"if _o.shared: _share({v})", loc)
            e(ind, f"except Exception: _st({p}, {v}, {t})", loc)
        else:
            e(ind, f"_st({p}, {v}, {t})", loc)

    def define_stored(self, off: str, n: int, ind: int, loc, ptrs: str = "_o.ptrs") -> None:
        """The shadow update after an inline store of n defined bytes: none
        in a defined object without pointers; bytes that were all undefined
        (a fresh heap block's field) cleared inline, as no pointer can
        overlap undefined bytes; anything else by Obj.define_bytes."""
        e = self.emit
        um = _UDMASK[n].format(off)
        clear = f"_o.ud[{off}] = 0" if n == 1 else f"S{8 * n}(_o.ud, {off}, 0)"
        e(ind, "if _o.ud is not None:", loc)
        e(ind + 1, f"_m = {um}", loc)
        e(ind + 1, f"if _m == {(1 << 8 * n) - 1} and _o.nud > {n}: {clear}; _o.nud -= {n}", loc)
        e(ind + 1, f"elif _m or {ptrs}: _def(_o, {off}, {n})", loc)
        e(ind, f"elif {ptrs}: _def(_o, {off}, {n})", loc)

    def gep(self, ins: Ins, ind: int) -> None:
        a = ins.a
        base = self.val(a[0])
        if a[0].ty.k == "vec" or ins.ty.k == "vec":
            self.vector_gep(ins, ind)
            return
        src: Ty = ins.x
        const = 0
        terms = []  # the offset, indices sign-extended (what _gep is given)
        fast = []  # the same with i64 indices left unsigned (see below)
        t = src
        for n, op in enumerate(a[1:]):
            if n == 0:
                size = src.size
            elif t.k == "s":
                if not op.const:
                    raise CodegenError("non-constant struct index")
                const += t.offsets[op.val]
                t = t.elems[op.val]
                continue
            else:
                t = t.elem
                size = t.size
            if op.const:
                v = op.val
                if v.__class__ is not int:
                    terms.append(f"_sx({self.const(v)}, {op.ty.bits}) * {size}")
                    fast.append(terms[-1])
                else:
                    bits = op.ty.bits
                    if v >> (bits - 1):
                        v -= 1 << bits
                    const += v * size
            else:
                bits = op.ty.bits
                sb = hex(1 << (bits - 1))
                x = f"(({op.name} ^ {sb}) - {sb})" if bits > 1 else op.name
                terms.append(f"{x} * {size}" if size != 1 else x)
                # a negative i64 index read as unsigned (2**64 - k) moves the
                # pointer by at least 2**32, which the test below sends to
                # _gep with the signed offset: the fast sum needs no sign
                # extension
                x = op.name if bits == 64 else x
                fast.append(f"{x} * {size}" if size != 1 else x)
        r = ins.res
        if not terms and const >= 0:
            if const == 0:
                self.emit(ind, f"{r} = {base}", ins.loc)
            else:
                self.emit(ind, f"{r} = ({base} + {const}) & {mask(64)}", ins.loc)
        else:
            off = " + ".join(terms + ([str(const)] if const else []))
            fsum = "".join(f" + {x}" for x in fast) + (f" + {const}" if const > 0 else f" - {-const}" if const else "")
            self.emit(ind, f"{r} = {base}{fsum}", ins.loc)
            # leaving the 32-bit offset range poisons the pointer (in _gep)
            self.emit(ind, f"if {r}.__class__ is not int or ({r} ^ {base}) >> 32: {r} = _gep({base}, {off})", ins.loc)

    def vector_gep(self, ins: Ins, ind: int) -> None:
        """getelementptr with a vector of bases or indices: a vector of
        pointers, lane by lane (scalar operands are the same in every lane)."""
        a = ins.a
        n = ins.ty.n
        names, iters, terms = ["_b"], [], []
        iters.append(self.val(a[0]) if a[0].ty.k == "vec" else f"({self.val(a[0])},) * {n}")
        t: Ty = ins.x
        const = 0
        for k, op in enumerate(a[1:]):
            if k == 0:
                size = t.size
            elif t.k == "s":  # struct indices are constants (splat if a vector)
                i = op.val[0] if isinstance(op.val, tuple) else op.val
                const += t.offsets[i]
                t = t.elems[i]
                continue
            else:
                t = t.elem
                size = t.size
            z = f"_i{k}"
            names.append(z)
            iters.append(self.val(op) if op.ty.k == "vec" else f"({self.val(op)},) * {n}")
            bits = op.ty.elem.bits if op.ty.k == "vec" else op.ty.bits
            terms.append(f"_sx({z}, {bits}) * {size}")
        off = " + ".join(terms + [str(const)])
        self.emit(ind, f"{ins.res} = tuple(_gep(_b, {off}) for {', '.join(names)}, in zip({', '.join(iters)}))",
                  ins.loc)

    # -- calls ----------------------------------------------------------------------
    def callee_name(self, ins: Ins) -> str:
        c = ins.x.get("callee")
        return c.name if c is not None else ""

    def is_setjmp(self, ins: Ins) -> bool:
        return self.callee_name(ins) in SETJMP

    def args(self, ins: Ins, nfixed: int, plain: bool = False) -> tuple[list[str], str | None]:
        """The fixed arguments and the variadic tags (None: not variadic);
        plain: every argument as a fixed one."""
        a = ins.a[:len(ins.a) - (1 if ins.x.get("indirect") else 0)]
        byval = dict(ins.x.get("byval", ()))
        vals = []
        for i, op in enumerate(a):
            v = self.val(op)
            if i in byval:
                v = f"_byval({v}, {byval[i].size})"
            vals.append(v)
        fnty: Ty = ins.x["fnty"]
        if not fnty.vararg or plain:
            return vals, None
        tags = []
        for i, op in enumerate(a[nfixed:], nfixed):
            if i in byval:
                tags.append(f"('b', {vals[i]}, {byval[i].size}, {max(byval[i].align, 8)})")
            else:
                tags.append(f"({va_tag(op.ty)!r}, {vals[i]})")
        return vals[:nfixed], "(" + "".join(t + ", " for t in tags) + ")"

    def call(self, ins: Ins, ind: int) -> None:
        e = self.emit
        loc = ins.loc
        r = ins.res
        lhs = f"{r} = " if r else ""
        fnty: Ty = ins.x["fnty"]
        nfixed = len(fnty.params)
        if ins.x.get("indirect"):
            fixed, va = self.args(ins, nfixed)
            ptr = self.val(ins.a[-1])
            call = f"_icall({ptr}, ({''.join(x + ', ' for x in fixed)}), {va or 'None'})"
            if va is None:  # a function pointer VM.icall checked before: called directly
                call = (f"FT[({ptr} >> 32) - {CODE_BASE}]({', '.join(fixed)}) "
                        f"if ({ptr}).__class__ is int and PLAIN.get({ptr}) == {len(fixed)} else {call}")
            e(ind, f"{lhs}{call}", loc)
            return
        callee: Fn = ins.x["callee"]
        name = callee.name
        if name in ALWAYS_ERROR:
            e(ind, f"_fault(1, {ALWAYS_ERROR[name]!r})", loc)
        if name.startswith("llvm."):
            self.intrinsic(ins, ind, base_name(name))
            return
        if getattr(callee, "debugfn", False):
            # a "divine.debugfn" function serves printing a counterexample
            # in DiVM; verification skips it (a value, if any, is 0)
            e(ind, f"{r} = 0" if r else "pass", loc)
            return
        fixed, va = self.args(ins, nfixed)
        if not callee.decl:
            target = callee.ty
            if fnty.vararg and not target.vararg and len(ins.a) == len(target.params):
                # an unprototyped (K&R) call, variadic at the call site, of a
                # function taking exactly the arguments passed
                fixed, va = self.args(ins, nfixed, plain=True)
            elif len(target.params) != nfixed or target.vararg != fnty.vararg:
                if not (target.vararg and fnty.vararg is False and len(fixed) >= len(target.params)):
                    e(ind, f"{lhs}_bad_call({callee.idx}, {len(fixed)})", loc)
                    return
            args = fixed + ([va] if va is not None else [])
            want, got = fnty.ret, target.ret
            if (want.k == "v") != (got.k == "v") or want.k != "v" and want.size != got.size:
                # called with another return type (a cast or an implicit
                # declaration): a control fault at the call, as DiVM's ret
                c = f"F{callee.idx}({', '.join(args)})"
                e(ind, f"{lhs}_bad_ret({c}, {callee.idx}, {want.bits if want.k != 'v' else -1})", loc)
                return
            e(ind, f"{lhs}F{callee.idx}({', '.join(args)})", loc)
            return
        if name in HYPERCALLS:
            if name == "__vm_ctl_get" and r and ins.a[0].const and ins.a[0].val.__class__ is int \
                    and 0 <= ins.a[0].val < len(self.vm.regs) and ins.a[0].val not in (2, 7):
                e(ind, f"{r} = REGS[{ins.a[0].val}]", loc)  # a plain register: no call
                return
            if name == "__vm_ctl_get" and r and ins.a[0].const and ins.a[0].val == 2 and (
                    len(ins.a) == 1 or len(ins.a) == 2 and ins.a[1].const and ins.a[1].val.__class__ is int):
                e(ind, f"{r} = _hc_frame({'1, ' + str(ins.a[1].val) if len(ins.a) == 2 else ''})", loc)
                return
            rest = [f"*{va}"] if va and va != "()" else []
            if name == "__vm_peek" and ins.ty is not None:  # how the caller takes the struct
                rest = [repr(tuple(t.bits for t in ins.ty.elems) if ins.ty.k == "s" else (ins.ty.bits,))]
            e(ind, f"{lhs}_hc_{name[5:]}({', '.join(fixed + rest)})", loc)
            return
        if name in self.vm.builtins:
            # no builtin is variadic: a call through an unprototyped (implicit)
            # declaration passes its arguments as they are
            if va is not None:
                fixed = [self.val(op) for op in ins.a]
            e(ind, f"{lhs}_bi({name!r})({', '.join(fixed)})", loc)
            return
        e(ind, f"{lhs}_undefined_fn({name!r})", loc)

    @staticmethod
    def defined(*vals: str) -> str:
        """The test that operand expressions hold plain (defined) ints."""
        tests = [f"({x}).__class__ is int" for x in vals if not (x[0].isdigit() or x[0] == "-")]
        return " and ".join(tests) or "True"

    @staticmethod
    def ordered(x: str, y: str, bits: int, signed: bool) -> tuple[str, str]:
        """Operands whose unsigned order is the wanted (signed) order."""
        if not signed:
            return x, y
        return f"({x} ^ {1 << (bits - 1)})", f"({y} ^ {1 << (bits - 1)})"

    def copy(self, d: str, s: str, n: str, nooverlap: bool, ind: int, loc) -> None:
        """memcpy/memmove inline (a struct assignment, an array element a
        library routine moves) when both pointers and the length are defined,
        in bounds, no pointer is stored in either object and the source bytes
        are defined; else VM.memcpy checks all."""
        e = self.emit
        e(ind, "try:", loc)
        e(ind + 1, f"_o = OBJS[{d} >> 32]; _q = OBJS[{s} >> 32]; _a = {d} & 0xFFFFFFFF; _c = {s} & 0xFFFFFFFF",
          loc)
        cond = [f"not ({self.defined(d, s, n)})"]
        if not n[0].isdigit():
            cond.append(f"{n} <= 0")
        cond += ["_o.slow", "_o.ptrs", "_q.ptrs", f"_a + {n} > len(_o.b)",
                f"_c + {n} > len(_q.b)", "UNW",
                f"_q.ud is not None and _q.ud.count(0, _c, _c + {n}) != {n}"]
        if nooverlap:
            cond.append(f"_o is _q and _a < _c + {n} and _c < _a + {n}")  # (VM.memcpy faults)
        e(ind + 1, f"if {' or '.join(cond)}: _o = None", loc)
        e(ind + 1, "else:", loc)
        e(ind + 2, f"_o.b[_a:_a + {n}] = _q.b[_c:_c + {n}]", loc)
        e(ind + 2, f"if _o.ud is not None: _o.define(_a, {n})", loc)
        e(ind, "except Exception: _o = None", loc)
        e(ind, f"if _o is None: _memcpy({d}, {s}, {n}, {nooverlap})", loc)

    def intrinsic(self, ins: Ins, ind: int, b: str) -> None:
        e = self.emit
        loc = ins.loc
        r = ins.res
        v = [self.val(x) for x in ins.a]
        ty = ins.ty
        if b in ELEMENTWISE and (ty.k == "vec" or ty.k == "s" and ty.elems and ty.elems[0].k == "vec"):
            self.vector_intrinsic(ins, ind, b)
            return
        lhs = f"{r} = " if r else ""
        bits = ty.bits if ty.k == "i" else 0
        if b in ("memcpy", "memcpy.inline", "memmove"):
            if ins.a[2].const and not (ins.a[2].val.__class__ is int and ins.a[2].val > 0):
                e(ind, f"_memcpy({v[0]}, {v[1]}, {v[2]}, {b != 'memmove'})", loc)
            else:
                self.copy(v[0], v[1], v[2], b != "memmove", ind, loc)
        elif b in ("memset", "memset.inline"):
            e(ind, f"_memset({v[0]}, {v[1]}, {v[2]})", loc)
        elif b.endswith(".with.overflow"):
            kind = b.split(".")[0]
            ebits = ins.a[0].ty.bits
            fn = {"add": "_add_ov", "sub": "_sub_ov", "mul": "_mul_ov"}[kind[1:]]
            e(ind, f"{r} = {fn}({v[0]}, {v[1]}, {ebits}, {kind[0] == 's'})", loc)
        elif b in ("smax", "smin", "umax", "umin"):
            if ty.k == "vec":
                e(ind, f"{r} = tuple(_minmax({b!r}, _x, _y, {ty.elem.bits}) for _x, _y in zip({v[0]}, {v[1]}))", loc)
            else:
                # defined operands inline: signed order is unsigned order
                # with the sign bit flipped
                x, y = self.ordered(v[0], v[1], bits, b[0] == "s")
                rel = ">" if b[1:] == "max" else "<"
                e(ind, f"{r} = ({v[0]} if {x} {rel} {y} else {v[1]}) if {self.defined(v[0], v[1])} "
                       f"else _minmax({b!r}, {v[0]}, {v[1]}, {bits})", loc)
        elif b in ("scmp", "ucmp"):
            x, y = self.ordered(v[0], v[1], ins.a[0].ty.bits, b == "scmp")
            e(ind, f"{r} = (1 if {x} > {y} else 0 if {v[0]} == {v[1]} else {(1 << bits) - 1}) "
                   f"if {self.defined(v[0], v[1])} "
                   f"else _cmp3({v[0]}, {v[1]}, {ins.a[0].ty.bits}, {b == 'scmp'}, {bits})", loc)
        elif b in ("sadd.sat", "uadd.sat", "ssub.sat", "usub.sat", "sshl.sat", "ushl.sat"):
            e(ind, f"{r} = _sat({b[1:4]!r}, {v[0]}, {v[1]}, {bits}, {b[0] == 's'})", loc)
        elif b == "abs":
            if ty.k == "vec":
                e(ind, f"{r} = tuple(_iabs(_x, {ty.elem.bits}) for _x in {v[0]})", loc)
            else:
                e(ind, f"{r} = ({v[0]} if {v[0]} < {1 << (bits - 1)} else -{v[0]} & {(1 << bits) - 1}) "
                       f"if {self.defined(v[0])} else _iabs({v[0]}, {bits})", loc)
        elif b in ("ctpop", "ctlz", "cttz", "bswap", "bitreverse"):
            if ty.k == "vec":
                e(ind, f"{r} = tuple(_{b}(_x, {ty.elem.bits}) for _x in {v[0]})", loc)
            elif b in ("ctpop", "ctlz", "cttz"):  # (DiOS's scheduler counts its task mask)
                x = f"({v[0]})"
                fast = {"ctpop": f"{x}.bit_count()", "ctlz": f"{bits} - {x}.bit_length()",
                        "cttz": f"(({x} & -{x}).bit_length() - 1 if {x} else {bits})"}[b]
                e(ind, f"{r} = {fast} if {self.defined(v[0])} else _{b}({v[0]}, {bits})", loc)
            else:
                e(ind, f"{r} = _{b}({v[0]}, {bits})", loc)
        elif b in ("fshl", "fshr"):
            e(ind, f"{r} = _{b}({v[0]}, {v[1]}, {v[2]}, {bits})", loc)
        elif b in FLOAT_INTRINSICS:
            fn = FLOAT_INTRINSICS[b]
            if ty.k == "vec":
                zs = ", ".join(f"_z{i}" for i in range(len(v)))
                x = f"{fn}({zs})"
                if ty.elem.k == "f":
                    x = f"_f32({x})"
                e(ind, f"{r} = tuple({x} for {zs}, in zip({', '.join(v)}))", loc)
            else:
                x = f"{fn}({', '.join(v)})"
                e(ind, f"{r} = {'_f32(' + x + ')' if ty.k == 'f' else x}", loc)
        elif b in ("lround", "llround", "lrint", "llrint"):
            fn = "fround" if "round" in b else "frint"
            e(ind, f"{r} = _fptosi(_{fn}({v[0]}), {bits})", loc)
        elif b in ("fptosi.sat", "fptoui.sat"):
            e(ind, f"{r} = _fptoi_sat({v[0]}, {bits}, {b == 'fptosi.sat'})", loc)
        elif b == "is.fpclass":
            e(ind, f"{r} = _is_fpclass({v[0]}, {v[1]})", loc)
        elif b == "threadlocal.address":
            e(ind, f"{r} = _tls({v[0]}) if THR else {v[0]}", loc)
        elif b in ("launder.invariant.group", "strip.invariant.group",
                   "expect", "expect.with.probability", "annotation", "ptr.annotation", "canonicalize"):
            e(ind, f"{lhs}{v[0]}", loc)
        elif b == "ptrmask":
            e(ind, f"{r} = {v[0]} & {v[1]}", loc)
        elif b == "stacksave":
            e(ind, f"{r} = len(AST)", loc)
        elif b == "stackrestore":
            e(ind, f"_freeto({v[0]})", loc)
        elif b == "va_start":
            e(ind, f"_va_start({v[0]}, _va)" if self.fn.ty.vararg
              else "_fault(6, 'va_start in a function that is not variadic')", loc)
        elif b == "va_copy":
            e(ind, f"_memcpy({v[0]}, {v[1]}, 24, True)", loc)
        elif b == "va_end":
            pass
        elif b in ("trap", "debugtrap", "ubsantrap"):
            e(ind, "_fault(1, 'trap instruction reached')", loc)
        elif b == "objectsize":
            e(ind, f"{r} = _objectsize({v[0]}, {v[1]}, {bits})", loc)
        elif b == "is.constant":
            e(ind, f"{r} = 0", loc)
        elif b in ("allow.runtime.check", "allow.ubsan.check"):
            e(ind, f"{r} = 1", loc)
        elif b == "get.rounding":
            e(ind, f"{r} = 1", loc)
        elif b == "powi":
            e(ind, f"{r} = _fpow({v[0]}, float(_sx({v[1]}, 32)))", loc)
        elif b == "frexp":
            e(ind, f"{r} = _frexp({v[0]})", loc)
        elif b == "modf":
            e(ind, f"{r} = _modf({v[0]})", loc)
        elif b == "sincos":
            e(ind, f"{r} = (_libm('sin')({v[0]}), _libm('cos')({v[0]}))", loc)
        elif b in ("tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp10"):
            x = f"_libm({b!r})({', '.join(v)})"
            e(ind, f"{r} = {'_f32(' + x + ')' if ty.k == 'f' else x}", loc)
        elif b.startswith("vector.reduce."):
            op = b[len("vector.reduce."):]
            if op in ("fadd", "fmul"):
                e(ind, f"{r} = _freduce({op!r}, {v[0]}, {v[1]})", loc)
            elif op in ("fmax", "fmin"):
                e(ind, f"{r} = _freduce({op!r}, 0.0, {v[0]})", loc)
            else:
                e(ind, f"{r} = _reduce({op!r}, {v[0]}, {bits})", loc)
        else:
            raise CodegenError(f"intrinsic llvm.{b}")


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


def promotable_allocas(fn: Fn) -> set[str]:
    """Entry-block allocas of one scalar whose address never escapes: only
    loaded and stored whole.  They live in Python locals (an undefined value
    until the first store), which is what -O0 code spends most time on."""
    cands = {}
    for ins in fn.blocks[0].ins:
        if ins.op == "alloca" and ins.x.k in ("i", "p", "f", "d", "x") and ins.a[0].const \
                and ins.a[0].val == 1:
            cands[ins.res] = ins.x
    if not cands:
        return set()

    def same(t: Ty, u: Ty) -> bool:
        return t is u or (t.k == u.k and t.bits == u.bits and t.size == u.size)

    for b in fn.blocks:
        for ins in b.phis:
            for _, op in ins.x:
                cands.pop(op.name, None)
        for ins in b.ins:
            for n, op in enumerate(ins.a):
                if op.const or op.name not in cands:
                    continue
                if ins.op == "load" and n == 0 and same(ins.ty, cands[op.name]):
                    continue
                if ins.op == "store" and n == 1 and same(ins.a[0].ty, cands[op.name]):
                    continue
                cands.pop(op.name)
    return set(cands)


def join_points(fn: Fn, cands: set[int]) -> dict[int, int]:
    """Join blocks that can follow their branch as plain code (the end of
    an if/else or a switch), each with that branch's block: J's immediate
    dominator B ends in a conditional branch or a switch, so every path to
    J runs through B's arms.  Only joins whose predecessors all come before
    them in block order: no edge into one is a loop edge (which would carry
    an interrupt point), and none is a loop header.  A join that turns out
    to be reached from outside the arms' inline code gets a dispatch entry
    after all (see Gen.edge)."""
    blocks = fn.blocks
    n = len(blocks)
    succ = [successors(b.ins[-1]) for b in blocks]
    pred: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for t in succ[i]:
            if i not in pred[t]:
                pred[t].append(i)
    # reverse postorder from the entry, then Cooper-Harvey-Kennedy
    order: list[int] = []
    seen = [False] * n
    stack = [(0, iter(succ[0]))]
    seen[0] = True
    while stack:
        b, it = stack[-1]
        for t in it:
            if not seen[t]:
                seen[t] = True
                stack.append((t, iter(succ[t])))
                break
        else:
            order.append(b)
            stack.pop()
    order.reverse()
    rpo = {b: k for k, b in enumerate(order)}
    idom: dict[int, int] = {0: 0}
    changed = True
    while changed:
        changed = False
        for b in order[1:]:
            new = None
            for p in pred[b]:
                if p not in idom:
                    continue
                if new is None:
                    new = p
                    continue
                x, y = p, new
                while x != y:
                    while rpo[x] > rpo[y]:
                        x = idom[x]
                    while rpo[y] > rpo[x]:
                        y = idom[y]
                new = x
            if new is not None and idom.get(b) != new:
                idom[b] = new
                changed = True
    out: dict[int, int] = {}
    for j in sorted(cands):
        if j == 0 or j not in idom or len(pred[j]) < 2 or any(p >= j for p in pred[j]):
            continue
        b = idom[j]
        t = blocks[b].ins[-1]
        if not (t.op == "switch" or t.op == "br" and len(t.x) == 2 and t.x[0] != t.x[1]):
            continue
        out[j] = b  # a later join of the same branch replaces an earlier one
    last: dict[int, int] = {}
    for j, b in out.items():
        last[b] = j
    return {j: b for b, j in last.items()}


class _Restart(Exception):
    """A block turned out to need a dispatch entry; generate again."""


def successors(t: Ins) -> list[int]:
    if t.op == "br":
        return list(t.x)
    if t.op == "switch":
        return [t.x[0]] + [d for _, d in t.x[1]]
    if t.op == "indirectbr":
        return list(t.x)
    return []


def va_tag(ty: Ty) -> str:
    if ty.k == "p":
        return "p"
    if ty.k == "i":
        return "i" if ty.bits <= 64 else "I"
    if ty.k in ("d", "f"):
        return "d"
    if ty.k == "x":
        return "x"
    raise CodegenError(f"variadic argument of type {ty}")


BINOPS = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor",
          "fadd", "fsub", "fmul", "fdiv", "frem"}
FOPS = {"fadd": "+", "fsub": "-", "fmul": "*"}
XOPS = {"fadd": "+", "fsub": "-", "fmul": "*", "fdiv": "/", "frem": "%"}
ILOGIC = {"and": "&", "or": "|", "xor": "^"}
CASTS = {"trunc", "zext", "sext", "fptoui", "fptosi", "uitofp", "sitofp", "fptrunc", "fpext",
         "ptrtoint", "inttoptr", "bitcast"}
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


def generate(vm, fn: Fn) -> tuple[str, dict, dict]:
    """Python source for fn, its line map (line -> LLVM location) and its
    resume map (line of a suspension point -> entry to resume at)."""
    extra: set[int] = set()
    while True:
        g = Gen(vm, fn)
        try:
            return _source(g, extra), g.linemap, g.resume_lines
        except _Restart:
            extra = set(g.entries)


def _source(g: Gen, extra: set[int]) -> str:
    fn = g.fn
    blocks = fn.blocks
    preds = [0] * len(blocks)
    for b in blocks:
        for t in successors(b.ins[-1]):
            preds[t] += 1
    # indirectbr targets are entries: a label's address may also be a
    # __vm_ctl_set(_VM_CR_Frame, f, pc) target (__dios_jump)
    labels = {t for b in blocks if b.ins[-1].op == "indirectbr" for t in b.ins[-1].x}
    g.entries = {0} | {i for i, n in enumerate(preds) if n > 1} | extra | labels
    g.merge_of = join_points(fn, g.entries - extra)
    g.join_at = {b: j for j, b in g.merge_of.items()}
    g.entries -= set(g.merge_of)
    g.ft = []
    # without reductions every memory access is an interrupt point, a
    # local variable's too: the program's own locals stay in memory
    g.promoted = promotable_allocas(fn) if g.vm.reduce or fn.system else set()
    g.has_setjmp = any(ins.op == "call" and g.is_setjmp(ins) for b in blocks for ins in b.ins)
    g.uses_alloca = g.has_setjmp or any(
        (ins.op == "alloca" and ins.res not in g.promoted) or (ins.op == "call" and (
            ins.x.get("byval") or g.callee_name(ins) == "llvm.va_start"))
        for b in blocks for ins in b.ins)
    g.emitted = set()
    g.pending = []
    g.splits = {}
    g.results = {}
    g.resume_lines = {}
    g.resume_loc = {}
    g.in_tail = False
    params = list(fn.params)
    if fn.ty.vararg:
        params.append("_va")
    g.emit(0, f"def F{fn.idx}({', '.join(params + ['_rs=None'])}):")
    ind = 1
    prologue = len(g.lines)
    g.emit(ind, "if _rs is None:")
    if g.uses_alloca:
        g.emit(ind + 1, "_sp = len(AST)")
    g.emit(ind + 1, "bb = 0")
    if g.has_setjmp:
        g.emit(ind, "_jf = _newjf()")
    g.emit(ind, "while True:")
    ind += 1
    if g.has_setjmp:
        g.emit(ind, "try:")
        ind += 1
    ents = sorted(g.entries)
    g.loop_blk = None
    g.headers = {t for b in blocks for t in successors(b.ins[-1]) if t <= b.idx}
    if len(ents) <= 4:
        for n, ent in enumerate(ents):
            g.emit(ind, ("if" if n == 0 else "elif") + f" bb == {ent}:")
            _entry(g, ent, ind + 1)
    else:
        # a binary search over the entries: a jump costs log(n) tests, not n
        g.emit(ind, "if bb < 100000:")
        _dispatch_tree(g, ents, ind + 1)
    g.in_tail = True
    while g.pending:
        nid, b, start, kind = g.pending.pop(0)
        g.emit(ind, f"elif bb == {nid}:")
        sj = b.ins[start - 1]
        if kind == "sj" and sj.res:
            g.emit(ind + 1, f"{sj.res} = _sjres()")
        g.block(b, ind + 1, 0, start, skip_crit=kind == "crit")
    if g.has_setjmp:
        g.emit(ind - 1, "except LongJmp as _e:")
        g.emit(ind, "if _e.jf is not _jf: raise")
        g.emit(ind, "_freeto(_e.sp)")
        g.emit(ind, "bb = _e.bb")
        g.emit(ind, "_set_sjres(_e.val)")
    # resuming from a frame in memory: registers come from _rs
    regs = frame_registers(fn, g.promoted)
    res = ["    else:", "        bb, _R = _rs[0], _rs[2]"]
    if g.uses_alloca:
        res.append("        _sp = _rs[3]")
    # a parked frame keeps only the registers live where it resumes
    live = resume_live(fn, g, regs)
    first = True
    if regs:  # a jump to a block (__vm_ctl_set(_VM_CR_Frame, f, pc)) brings every register
        res.append(f"        if len(_rs) > 4: {', '.join(regs)}, = _R")
        first = False
    for rid in sorted(set(live) | set(g.results)):
        names = live.get(rid, ())
        stmts = []
        if names:
            stmts.append(f"{', '.join(names)}, = _R")
        if rid in g.results:
            stmts.append(f"{g.results[rid]} = _rs[1]")
        if stmts:
            res.append(f"        {'if' if first else 'elif'} bb == {rid}: {'; '.join(stmts)}")
            first = False
    # lines after the prologue shift; keep the maps in step
    shift = len(res)
    g.lines[prologue + (3 if g.uses_alloca else 2):prologue + (3 if g.uses_alloca else 2)] = res
    cut = prologue + (3 if g.uses_alloca else 2)
    g.linemap = {(k + shift if k > cut else k): v for k, v in g.linemap.items()}
    g.resume_lines = {(k + shift if k > cut else k): v for k, v in g.resume_lines.items()}
    _keep_registers(g, live)
    fn.regs = regs
    fn.jump_entries = frozenset(labels)
    fn.resume_loc = g.resume_loc
    fn.live = live
    return "\n".join(g.lines) + "\n"


def _keep_registers(g: Gen, live: dict) -> None:
    """Wrap each suspension point in a handler that hands the registers
    live at its resume entry to the Suspend passing by (innermost frame
    first): the VM writes parked frames from these, not from f_locals."""
    sp = "_sp" if g.uses_alloca else "None"
    lines: list[str] = []
    linemap: dict = {}
    resume: dict = {}
    for n, text in enumerate(g.lines, 1):
        rid = g.resume_lines.get(n)
        if rid is not None:
            stmt = text.lstrip()
            ind = text[:len(text) - len(stmt)]
            if stmt.startswith(("if THR: ", "if LOOPS: ")):
                cond, stmt = stmt.split(": ", 1)
                lines.append(f"{ind}{cond}:")
                ind += "    "
            regs = "".join(r + ", " for r in live.get(rid, ()))
            lines.append(f"{ind}try: {stmt}")
            resume[len(lines)] = rid
            if n in g.linemap:
                linemap[len(lines)] = g.linemap[n]
            lines.append(f"{ind}except Suspend as _e: _e.fr.append(({rid}, ({regs}), {sp}, _gf())); raise")
            continue
        lines.append(text)
        if n in g.linemap:
            linemap[len(lines)] = g.linemap[n]
    g.lines, g.linemap, g.resume_lines = lines, linemap, resume


def _entry(g: Gen, ent: int, ind: int) -> None:
    """One dispatch entry.  A loop header gets a `while` of its own, so
    the iterations of a loop whose body is emitted inline in it skip the
    dispatch."""
    if ent not in g.headers:
        g.block(g.fn.blocks[ent], ind, 0)
        return
    g.emit(ind, "while True:")
    g.loop_blk = ent
    g.block(g.fn.blocks[ent], ind + 1, 0)
    g.loop_blk = None
    g.emit(ind, "continue")


def _dispatch_tree(g: Gen, ents: list[int], ind: int) -> None:
    if len(ents) <= 3:
        for n, ent in enumerate(ents):
            g.emit(ind, ("if" if n == 0 else "elif") + f" bb == {ent}:")
            _entry(g, ent, ind + 1)
        return
    mid = len(ents) // 2
    g.emit(ind, f"if bb < {ents[mid]}:")
    _dispatch_tree(g, ents[:mid], ind + 1)
    g.emit(ind, "else:")
    _dispatch_tree(g, ents[mid:], ind + 1)


def frame_registers(fn: Fn, promoted: set[str]) -> dict[str, Ty]:
    """Every local a frame must keep: parameters, results, promoted allocas."""
    regs: dict[str, Ty] = {}
    for name, t in zip(fn.params, fn.ty.params):
        regs[name] = t
    for b in fn.blocks:
        for ins in b.phis + b.ins:
            if ins.res is not None:
                if ins.res in promoted:
                    regs["m" + ins.res] = ins.x
                else:
                    regs[ins.res] = ins.ty
    return regs


def _reads(ins: Ins, promoted: set[str]) -> list[str]:
    """The locals an instruction reads (a promoted alloca is read by a load)."""
    out = []
    for n, op in enumerate(ins.a):
        if op.const or op.name is None:
            continue
        if op.name in promoted:
            if ins.op == "load" and n == 0:
                out.append("m" + op.name)
            continue  # the store's address: it writes the local instead
        out.append(op.name)
    return out


def _writes(ins: Ins, promoted: set[str]) -> str | None:
    if ins.op == "store" and not ins.a[1].const and ins.a[1].name in promoted:
        return "m" + ins.a[1].name
    if ins.res is None:
        return None
    return "m" + ins.res if ins.res in promoted else ins.res


def live_before(fn: Fn, promoted: set[str]) -> list[list[frozenset]]:
    """For each block, the locals live just before each instruction (after
    the block's phis).  Standard backward dataflow; a phi operand is a use at
    the end of its predecessor."""
    blocks = fn.blocks
    succ = [successors(b.ins[-1]) for b in blocks]
    phi_uses: list[set[str]] = [set() for _ in blocks]  # used on the edges out of a block
    for b in blocks:
        for p in b.phis:
            for pred, op in p.x:
                if not op.const and op.name is not None:
                    phi_uses[pred].add(op.name)
    gen: list[set[str]] = []
    kill: list[set[str]] = []
    for b in blocks:
        g: set[str] = set()
        k: set[str] = set()
        for ins in b.ins:
            for r in _reads(ins, promoted):
                if r not in k:
                    g.add(r)
            w = _writes(ins, promoted)
            if w is not None:
                k.add(w)
        gen.append(g)
        kill.append(k)
    phi_defs = [{p.res for p in b.phis} for b in blocks]
    live_in: list[set[str]] = [set() for _ in blocks]
    changed = True
    while changed:
        changed = False
        for i in range(len(blocks) - 1, -1, -1):
            out = set(phi_uses[i])
            for t in succ[i]:
                out |= live_in[t] - phi_defs[t]
            new = gen[i] | (out - kill[i])
            if new != live_in[i]:
                live_in[i] = new
                changed = True
    result = []
    for i, b in enumerate(blocks):
        cur = set(phi_uses[i])
        for t in succ[i]:
            cur |= live_in[t] - phi_defs[t]
        per = [frozenset()] * len(b.ins)
        for n in range(len(b.ins) - 1, -1, -1):
            ins = b.ins[n]
            w = _writes(ins, promoted)
            if w is not None:
                cur.discard(w)
            cur.update(_reads(ins, promoted))
            per[n] = frozenset(cur)
        result.append(per)
    return result


def resume_live(fn: Fn, g: Gen, regs: dict) -> dict[int, tuple[str, ...]]:
    """Resume entry -> the locals its frame must keep, in frame order.  The
    result of the call a frame resumes after is not kept: the callee's
    return value supplies it."""
    lb = live_before(fn, g.promoted)
    order = {name: i for i, name in enumerate(regs)}
    out: dict[int, tuple[str, ...]] = {}
    # a parked frame may be continued at a label (__dios_jump): what the
    # labels need is kept at every call too
    at_labels = {n for b in fn.blocks if b.ins[-1].op == "indirectbr" for t in b.ins[-1].x for n in lb[t][0]}
    for (bidx, start, kind), rid in g.splits.items():
        if kind not in ("call", "crit"):
            continue
        names = set(lb[bidx][start]) if start < len(lb[bidx]) else set()
        if kind == "call":
            names |= at_labels
        if kind == "call":
            names.discard(g.results.get(rid))
        out[rid] = tuple(sorted(names, key=order.__getitem__))
    for rid in g.resume_lines.values():
        if rid < 100000:  # a loop point: the block's start, its phis assigned
            out[rid] = tuple(sorted(lb[rid][0], key=order.__getitem__))
    return out

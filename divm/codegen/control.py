"""Control flow: blocks emitted where control reaches them, edges (phi
assignments, fall-through into a join point, jumps to dispatch entries,
interrupt points on backward edges) and terminators."""

from __future__ import annotations

from divm.codegen.cfg import recursive_fns
from divm.codegen.emit import CodegenError
from divm.load.ir import Ins

MAX_INLINE_DEPTH = 40
SWITCH_TREE = 6  # a switch with more destinations than this searches them


class Restart(Exception):
    """A block turned out to need a dispatch entry; generate again."""


class ControlFlow:
    folded: dict = {}  # id(instruction) -> message: an overflow clang folded happens just before it

    def block(self, b, ind: int, depth: int, start: int = 0, skip_crit: bool = False) -> None:
        """Emit b's instructions from `start`.  In a tail (a resume entry),
        stop after the next suspension point and chain to the next tail, so
        each instruction is emitted at most twice."""
        if start == 0:
            self.emitted.add(b.idx)
            if b.idx == 0 and self.interrupts and self.fn.idx in recursive_fns(self.vm.prog):
                # a recursive function's entry: a loop point (resumes here)
                self.emit(ind, f"if LOOPS: _loop({self.fn.idx}, 0)")
                # (resume id 0 would mean a frame never started: a tail of its own)
                self.resume_lines[len(self.lines)] = self.tail(b, 0, "entry")
        ins_list = b.ins
        folded = self.folded
        for n in range(start, len(ins_list) - 1):
            ins = ins_list[n]
            if folded and id(ins) in folded:
                self.emit(ind, f"_fault(2, {folded[id(ins)]!r})", ins.loc)
            if ins.op == "call" and self.is_setjmp(ins):
                # the rest of the block is where a longjmp lands: its own entry
                nb = self.tail(b, n + 1, "sj")
                self.emit(ind, f"_jf = _setjmp({self.val(ins.a[0])}, _jf, {nb}, _sp, _gf())", ins.loc)
                if ins.res:
                    self.emit(ind, f"{ins.res} = 0")
                self.goto(ind, nb)
                return
            self.cur = (b, n, skip_crit and n == start)
            if self.in_tail and self.interrupts and not self.cur[2] and self.visible(ins):
                # a tail also ends at its next interrupt point: the check, then
                # that point's own tail (a tail that ran on to the end of the
                # block would make straight-line code quadratic in size)
                self.crit_for(ins, ind)
                self.emit(ind, f"bb = {self.tail(b, n, 'crit')}; continue")
                return
            self.instr(ins, ind)
            if self.suspending(ins):
                rid = self.tail(b, n + 1, "call")
                self.resume_lines[len(self.lines)] = rid
                if self.in_tail:
                    self.emit(ind, f"bb = {rid}; continue")
                    return
        if folded and id(ins_list[-1]) in folded:  # (`ret i32 poison`)
            self.emit(ind, f"_fault(2, {folded[id(ins_list[-1])]!r})", ins_list[-1].loc)
        self.terminator(b, ins_list[-1], ind, depth)

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
            raise Restart()
        if dst in self.entries or depth > MAX_INLINE_DEPTH or dst in self.emitted:
            if dst not in self.entries:
                self.entries.add(dst)
                raise Restart()
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
        h = TERMINATORS.get(t.op)
        if h is None:
            raise CodegenError(f"terminator {t.op}")
        h(self, b.idx, t, ind, depth)

    def t_ret(self, src: int, t: Ins, ind: int, depth: int) -> None:
        if self.interrupts:
            self.emit(ind, f"if LEAKRET: _leak_return({self.val(t.a[0]) if t.a else 'None'})", t.loc)
        if self.uses_alloca or self.has_setjmp:
            self.emit(ind, "if len(AST) > _sp: _freeto(_sp)")
        if self.atomic:
            self.emit(ind, "_hc_ctl_flag(3, 0)")  # (_VM_CF_IgnoreLoop | _VM_CF_IgnoreCrit)
        if t.a:
            self.emit(ind, f"return {self.val(t.a[0])}", t.loc)
        else:
            self.emit(ind, "return", t.loc)

    def t_br(self, src: int, t: Ins, ind: int, depth: int) -> None:
        if len(t.x) == 1:
            self.edge(src, t.x[0], ind, depth)
            return
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

    def t_switch(self, src: int, t: Ins, ind: int, depth: int) -> None:
        default, cases = t.x
        v = self.val(t.a[0])
        join = self.open_join(src)
        self.emit(ind, f"_sw = {v}", t.loc)
        self.emit(ind, "if _sw.__class__ is U: _sw = _ubranch(_sw)", t.loc)
        if self.sym:
            vals = tuple(cv for cv, _ in cases)
            self.emit(ind, f"elif _sw.__class__ is Sym: _sw = _sy_switch(_sw, {vals!r})", t.loc)
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

    def t_indirectbr(self, src: int, t: Ins, ind: int, depth: int) -> None:
        a = self.val(t.a[0])
        self.emit(ind, f"_ib = _blockaddr({a}, {self.fn.idx})", t.loc)
        for n, dest in enumerate(t.x):
            self.emit(ind, ("if" if n == 0 else "elif") + f" _ib == {dest}:")
            self.edge(src, dest, ind + 1, depth)
        self.emit(ind, "else: _bad_target()")
        self.emit(ind, "return")

    def t_unreachable(self, src: int, t: Ins, ind: int, depth: int) -> None:
        self.emit(ind, "_fault(6, 'unreachable instruction reached')", t.loc)
        self.emit(ind, "return")

    def switch_tree(self, src: int, dests: list, lo: int, hi: int, ind: int, depth: int) -> None:
        if lo == hi:
            self.edge(src, dests[lo], ind, depth)
            return
        mid = (lo + hi + 1) // 2
        self.emit(ind, f"if _sw < {mid}:" if hi > lo + 1 else f"if _sw == {lo}:")
        self.switch_tree(src, dests, lo, mid - 1, ind + 1, depth)
        self.emit(ind, "else:")
        self.switch_tree(src, dests, mid, hi, ind + 1, depth)


TERMINATORS = {"ret": ControlFlow.t_ret, "br": ControlFlow.t_br, "switch": ControlFlow.t_switch,
               "indirectbr": ControlFlow.t_indirectbr, "unreachable": ControlFlow.t_unreachable}

"""Suspension points: calls after which a thread may have been parked, and
interrupt points before visible memory accesses and on backward edges.
Each has a resume entry, a "tail" of its block emitted once more to jump
into; a parked frame keeps only the registers live at its entry."""

from __future__ import annotations

from divm.codegen.calls import atomic_entry, bad_ret
from divm.load.intrinsics import base_name
from divm.load.ir import Ins
from divm.load.libcaccess import LIBC_ACCESSES, LIBC_FORMATS

# -o check:race: the memory intrinsics that are interrupt points (True: with a source)
MEM_INTRINSICS = {"memcpy": True, "memcpy.inline": True, "memmove": True, "memset": False, "memset.inline": False}


class Suspension:
    race = False  # -o check:race in this function: memcpy/memset are interrupt points too
    rec = False  # -o check:race in a runtime function: its accesses are remembered
    fp = False  # (sleep sets, without the race check: only where, _fpt)

    def tail(self, b, start: int, kind: str) -> int:
        key = (b.idx, start, kind)
        if key not in self.splits:
            nid = 100000 + len(self.splits) if kind != "copy" else 200000 + b.idx
            self.splits[key] = nid
            self.pending.append((nid, b, start, kind))
            if kind == "call" and b.ins[start - 1].res:
                self.results[nid] = b.ins[start - 1].res
                # (the value the callee's frame returns: checked as at the call)
                self.result_checks[nid] = bad_ret(b.ins[start - 1]) or "{}"
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
        if ins.op == "call":
            if mem_intrinsic(ins) is not None or atomic_entry(ins):
                return True
            spec = libc_access(ins)
            return spec is not None and (self.race or spec != "format")
        return ins.op in ("cmpxchg", "atomicrmw")

    def crit(self, p: str, n: int, access: int, ind: int, loc, src: str | None = None, atomic: bool = False) -> None:
        """An interrupt point before a memory access another thread may see
        (a copy from src: visible if either side is)."""
        b, pos, skip = self.cur
        if self.rec:
            # the runtime has no interrupt points; race mode remembers what
            # it does to the program's memory (vm/race.py: remember), sleep
            # sets what it touches (vm/footprint.py)
            if n and self.fp:
                self.emit(ind, f"if THR: _fpt(({p}, {n}))", loc)
            elif n:
                self.emit(ind, f"if THR: _crec({p}, {n}, {access}, {atomic or access == 3})", loc)
            return
        if self.atomic and self.race and src is None:
            # a __VERIFIER_atomic_* function never parks, but race mode
            # remembers its accesses (vm/race.py: section_access)
            self.emit(ind, f"if THR: _crit({p}, {n}, {access})", loc)
            return
        if not self.interrupts or skip:
            return
        self.emit(ind, f"if THR: _crit({p}, {n}, {access})" if src is None else f"if THR: _critcp({p}, {src})", loc)
        self.resume_lines[len(self.lines)] = self.tail(b, pos, "crit")

    def crit_for(self, ins: Ins, ind: int) -> None:
        """The interrupt point before a visible instruction."""
        a = ins.a
        if ins.op == "store":
            self.crit(self.val(a[1]), a[0].ty.store, 2, ind, ins.loc)
        elif ins.op == "load":
            self.crit(self.val(a[0]), ins.ty.store, 1, ind, ins.loc)
        elif ins.op == "call":
            self.crit_mem(ins, ind)
        else:
            self.crit(self.val(a[0]), a[1].ty.store, 3, ind, ins.loc)

    def crit_mem(self, ins: Ins, ind: int) -> None:
        """memcpy, memmove and memset (a struct copy too), and calls of the
        C library functions that read or write the program's memory
        (LIBC_ACCESSES), are interrupt points, so that a thread parks before
        them like before a load or store: two of them in one transition
        would hide the state between them.  With -o check:race the
        formatting functions are too (what they touch is found when the
        thread is parked)."""
        if atomic_entry(ins):
            # an atomic section is one visible step (DiOS's mask in DiVM defers the interrupts
            # of its accesses to its end): a transition that made a visible access ends before it
            self.crit("None", 0, 3, ind, ins.loc)
            return
        base = mem_intrinsic(ins)
        if self.rec and base is not None:
            n = self.val(ins.a[2])
            for k, kind in ((0, 2), (1, 1)) if MEM_INTRINSICS[base] else ((0, 2),):
                p = self.val(ins.a[k])
                self.emit(ind, f"if THR: _fpt(({p}, {n}))" if self.fp else f"if THR: _crec({p}, {n}, {kind}, False)",
                          ins.loc)
            return
        if base is not None:
            self.crit(self.val(ins.a[0]), 0, 2, ind, ins.loc, self.val(ins.a[1]) if MEM_INTRINSICS[base] else None)
            return
        spec = libc_access(ins)
        if spec == "format":  # (what it touches depends on the format: always an interrupt point)
            if self.race:
                self.crit("None", 0, 2, ind, ins.loc)
            return
        ptrs = [self.val(ins.a[k]) for k, _, _ in spec if k < len(ins.a)]
        if ptrs:
            self.crit(ptrs[0], 0, 2, ind, ins.loc, ptrs[1] if len(ptrs) > 1 else None)


def mem_intrinsic(ins: Ins) -> str | None:
    """The base name of a memcpy/memmove/memset intrinsic call, else None."""
    c = ins.x.get("callee")
    if c is None or not c.name.startswith("llvm.mem"):
        return None
    b = base_name(c.name)
    return b if b in MEM_INTRINSICS else None


def libc_access(ins: Ins) -> tuple | str | None:
    """The memory a call of a C library function accesses (LIBC_ACCESSES),
    "format" for the printf and scanf families, or None."""
    c = ins.x.get("callee")
    if c is None or ins.x.get("indirect"):
        return None
    return "format" if c.name in LIBC_FORMATS else LIBC_ACCESSES.get(c.name)


def resume_prologue(g, regs: dict, live: dict) -> list[str]:
    """The code that continues a frame from memory: registers come from _rs."""
    res = ["    else:", "        bb, _R = _rs[0], _rs[2]"]
    if g.uses_alloca:
        res.append("        _sp = _rs[3]")
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
            stmts.append(f"{g.results[rid]} = " + g.result_checks[rid].format("_rs[1]"))
        if stmts:
            res.append(f"        {'if' if first else 'elif'} bb == {rid}: {'; '.join(stmts)}")
            first = False
    return res


def keep_registers(g, live: dict) -> None:
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

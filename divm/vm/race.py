"""-o check:race: data races between the accesses threads are parked before.

A thread parks just before its next visible access (`crit`), so a state
shows what every thread is about to do: two runnable threads parked before
accesses to overlapping bytes, at least one a write and not both atomic, can
do them one right after the other (a race).  Nothing is recorded while
running: a parked frame's pc names the instruction (`fn.crit_at`: resume
entry -> block and position) and its saved registers hold the address, so
the pending accesses are a function of the state (no table to snapshot,
key or send to other workers).  DiOS's task table (`__dios_task_layout`
says where its fields are) tells which frames are parked and runnable.

In race mode every visible access parks the thread first (`crit_race`):
a resumed thread does so anyway (it resumes with `visible` set, and the
access it resumes at has no interrupt point), but a thread that starts
would run its first one in the same transition, unseen.  memcpy, memmove
and memset of the program's own code are interrupt points too (codegen).
So every access of a thread is seen parked before it happens.

Accesses in an atomic section (__VERIFIER_atomic_*, DiOS's masked code)
never park: the section runs in one transition.  Its loads and stores are
remembered during that transition and checked against the other threads'
parked accesses after it: such an access could have run just before the
section, with nothing ordering the two (the section is atomic, the other
access is not).  The same holds for what the runtime (libc-shim, DiOS)
does to the program's memory within a call: a library function has no
interrupt points, and its plain accesses are remembered the same way (two
library calls that both write are only seen when one of them is in
LIBC_ACCESSES, which parks the thread before the call)."""

from __future__ import annotations

import struct

from divm.load.layout import CODE_BASE, M32, PL_GLOBAL, decode_obj
from divm.codegen.calls import atomic_entry
from divm.load.libcaccess import LIBC_ACCESSES, LIBC_FORMATS
from divm.load.values import Sym, U
from divm.vm.defs import (CF_CANCEL, CF_ERROR, CF_IGNORECRIT, CF_KERNEL, CF_STOP, CR_STATE, CR_TASK, ErrorInfo,
                          StopRequest)
from divm.vm.frames import FRAME_HDR, FRAME_HEAD
from divm.vm.memory import K_ALLOCA, K_FRAME, K_GLOBAL, K_HEAP
from divm.vm.racelibc import Access, LibcRaces

_Q = struct.Struct("<Q").unpack_from
_I = struct.Struct("<i").unpack_from


def _no_access(p, n, access: int, atomic: bool) -> None:
    """_crec with the check off."""


def _other_process(procs: dict, ta: int, tb: int, p) -> bool:
    """Threads of two processes: the same global id is two variables."""
    return procs.get(ta) != procs.get(tb) and p.__class__ is int and p >> 32 < PL_GLOBAL


class Races(LibcRaces):
    """A mixin of VM: the interrupt point before memcpy/memmove in race
    mode, and the check of each state a transition ends in."""

    _check_race = False
    _race_layout: tuple | None = None  # DiOS's task table offsets, () if there is none
    _section: list | None = None  # this transition's accesses in an atomic section: (Access, backtrace)
    _section_tid = -1  # whose they are
    _runtime_globals: frozenset | None = None  # the runtime's own globals (never the program's memory)
    SECTION_BACKTRACES = 64  # (later accesses of a long section reuse the last backtrace)

    @property
    def check_race(self) -> bool:
        """-o check:race: set before any code is generated (codegen makes
        memcpy and memset interrupt points); interrupt points park at every
        visible access."""
        return self._check_race

    @check_race.setter
    def check_race(self, on: bool) -> None:
        self._check_race = on
        self.G["_crit"] = self.crit_race if on else self.crit
        self.G["_crec"] = self.runtime_access if on else _no_access

    def crit_race(self, p, n: int, access: int) -> None:
        """crit in race mode: a visible access always parks the thread
        before it, the first of a transition too."""
        if self.stop_request is not None:
            raise StopRequest(self.stop_request)
        if self.flags & (CF_IGNORECRIT | CF_KERNEL):
            if self.flags & CF_KERNEL or not n:
                return  # (n 0: a call's accesses, known only when parked before it)
            self.section_access(p, n, access)
            return
        if self.reduce and p.__class__ is int:
            o = self.objs.get(p >> 32)
            if o is not None and not o.shared:
                return
        self.interrupt()
        self.visible = True

    def section_access(self, p, n: int, access: int) -> None:
        """A load (access 1) or store in an atomic section: remembered for
        the check after the transition."""
        if p.__class__ is int:
            o = self.objs.get(p >> 32)
            if o is None or self.reduce and not o.shared:
                return
        self.remember(p, n, access != 1, True)

    def runtime_access(self, p, n, access: int, atomic: bool) -> None:
        """_crec: a load (access 1), store or read-modify-write of the
        runtime; remembered when it touches the program's own memory."""
        if p.__class__ is not int or n.__class__ is not int or n <= 0:
            return  # (an undefined or symbolic address or length: the access faults or is not tracked)
        o = self.objs.get(p >> 32)
        if o is None or o.kind not in (K_GLOBAL, K_HEAP, K_ALLOCA) or self.reduce and not o.shared:
            return
        if o.kind == K_GLOBAL:
            rg = self._runtime_globals
            if rg is None:
                rg = self._runtime_globals = frozenset(g.idx for g in self.prog.globals if g.system)
            if p >> 32 in rg:
                return
        self.remember(p, n, access != 1, atomic)

    def remember(self, p, n: int, write: bool, atomic: bool) -> None:
        sec = self._section
        if sec is None:
            sec = self._section = []
            tasks, i = self.tasks(), self.regs[CR_TASK]
            self._section_tid = tasks[i][0] if i.__class__ is int and 0 <= i < len(tasks) else -1
        bt = self.backtrace() if len(sec) < self.SECTION_BACKTRACES else sec[-1][1]
        sec.append((Access(p, n, write, atomic), bt))

    def crit_copy(self, d, s) -> None:
        """_crit for a copy: visible if either object is (a
        private destination leaves the decision to the source)."""
        o = self.objs.get(d >> 32) if d.__class__ is int else None
        if self.touch_log is not None and not self.visible:  # (both are touched: vm/footprint.py)
            self.touch_log += ((d, 1 << 32), (s, 1 << 32))
        self.G["_crit"](s if o is not None and not o.shared else d, 0, 2)

    # -- the check --------------------------------------------------------------------
    def check_races(self) -> None:
        """After a transition: a race among the runnable threads' pending
        accesses is an error (kind "race") of this state."""
        section, self._section = self._section, None
        if self.flags & (CF_ERROR | CF_STOP | CF_CANCEL):
            return
        pending = [p for p in self.parked_accesses() if p[3]]
        procs = self.task_procs() if len(pending) > 1 or section else {}
        for i, a in enumerate(pending):
            for b in pending[i + 1:]:
                hit = self.conflict(a[3], b[3])
                if hit is not None and not _other_process(procs, a[0], b[0], hit[0].p):
                    self.report_race(a, b, *hit)
                    return
        tid = self._section_tid
        for b in pending if section else ():
            if b[0] == tid:
                continue
            for x, bt in section:
                hit = self.conflict([x], b[3])
                if hit is not None and not _other_process(procs, tid, b[0], x.p):
                    self.report_race((tid, None, bt, [x]), b, *hit)
                    return

    def task_procs(self) -> dict:
        """Task id -> its process record (0 where DiOS's layout has none)."""
        lay = self.race_layout()
        gl = self.prog.glob_by_name.get("__dios_task_layout") if lay else None
        raw = self.objs[gl.idx].b if gl is not None else b""
        if len(raw) < 88:
            return {}
        t_proc = struct.unpack_from("<q", raw, 80)[0]
        return {t[0]: _Q(to.b, o + t_proc)[0] if o + t_proc + 8 <= len(to.b) else 0
                for t, to, o, _ in self.task_objs()}

    def tasks(self) -> list[tuple]:
        """(id, task state, wait kind, wait object, frame) of each of DiOS's
        tasks (TASK_RUNNING is 0, WAIT_NONE is 0)."""
        return [t for t, _, _, _ in self.task_objs()]

    def task_objs(self) -> list[tuple]:
        """tasks(), each with the task's object, offset and address."""
        lay = self.race_layout()
        if lay is None:
            return []
        st_tasks, st_ntasks, t_frame, t_id, t_state, t_wait = lay[:6]
        t_obj = lay[6] if len(lay) > 6 else None
        objs = self.objs
        sp = self.regs[CR_STATE]
        so = objs.get(sp >> 32) if sp.__class__ is int else None
        if so is None or so.ud is not None and any(so.ud[:16]):
            return []
        base = (sp & M32)
        tp, n = _Q(so.b, base + st_tasks)[0], _I(so.b, base + st_ntasks)[0]
        arr = objs.get(tp >> 32)
        out = []
        for i in range(n if arr is not None else 0):
            q = (tp & M32) + 8 * i
            if q + 8 > len(arr.b):
                break
            t = _Q(arr.b, q)[0]
            to = objs.get(t >> 32)
            if to is None:
                continue
            o = t & M32
            wobj = _Q(to.b, o + t_obj)[0] if t_obj is not None else 0
            out.append(((_I(to.b, o + t_id)[0], _I(to.b, o + t_state)[0], _I(to.b, o + t_wait)[0], wobj,
                         _Q(to.b, o + t_frame)[0]), to, o, t))
        return out

    def parked_accesses(self) -> list[tuple]:
        """(thread id, frame, (fn, instruction), [Access]) of each runnable
        thread parked before a visible access of the program's code."""
        out = []
        for tid, state, wait, _, frame in self.tasks():
            if state != 0 or wait != 0:
                continue  # not TASK_RUNNING, or blocked
            got = self.pending_access(frame)
            if got is not None:
                out.append((tid, frame, got[0], got[1]))
        return out

    def race_layout(self) -> tuple | None:
        """Where DiOS keeps the tasks; None if DiOS is not the OS (a program
        that boots itself has its own scheduler: nothing to check)."""
        lay = self._race_layout
        if lay is None:
            gl = self.prog.glob_by_name.get("__dios_task_layout")
            boots = [self.prog.fn_by_name.get(n) for n in ("__boot", "__dios_boot")]
            if gl is None or gl.decl or not all(b is not None and b.system for b in boots):
                lay = ()
            else:
                raw = self.objs[gl.idx].b
                lay = struct.unpack_from(f"<{min(len(raw) // 8, 7)}q", raw, 0)
            self._race_layout = lay
        return lay or None

    def pending_access(self, frame) -> tuple | None:
        """((fn, instruction), [Access]) if frame is parked before a visible
        access (its pc is a crit resume entry), else None."""
        o = self.objs.get(frame >> 32) if frame.__class__ is int else None
        if o is None or o.kind != K_FRAME or len(o.b) < FRAME_HDR or o.ud is not None and any(o.ud[:8]):
            return None
        pc = _Q(o.b, 0)[0]
        fidx = (pc >> 32) - CODE_BASE
        if not 0 <= fidx < len(self.prog.functions):
            return None
        fn = self.prog.functions[fidx]
        at = getattr(fn, "crit_at", None)
        where = at.get(pc & M32) if at else None
        if where is None:
            return None
        ins = fn.blocks[where[0]].ins[where[1]]
        lay = self.frame_layout(fn, pc & M32)
        regs = FRAME_HDR + 8 * FRAME_HEAD.unpack_from(o.b, 0)[2]

        def val(op):
            if op.const:
                return op.val
            try:
                k = lay.names.index(op.name)
            except ValueError:
                return U(0, M32)  # (not kept: cannot happen for an operand of the resume entry)
            return decode_obj(lay.types[k], o, regs + lay.offsets[k])
        a = ins.a
        if ins.op == "load":
            acc = [Access(val(a[0]), ins.ty.store, False, ins.x == "atomic")]
        elif ins.op == "store":
            acc = [Access(val(a[1]), a[0].ty.store, True, ins.x == "atomic")]
        elif ins.op in ("cmpxchg", "atomicrmw"):
            acc = [Access(val(a[0]), a[1].ty.store, True, True)]
        elif ins.op == "call" and ins.x["callee"].name in LIBC_ACCESSES:
            acc = self.libc_accesses(LIBC_ACCESSES[ins.x["callee"].name], [val(x) for x in a])
        elif ins.op == "call" and ins.x["callee"].name in LIBC_FORMATS:
            acc = self.format_call(LIBC_FORMATS[ins.x["callee"].name], [val(x) for x in a],
                                   [x.ty.k == "p" for x in a])
        elif ins.op == "call" and atomic_entry(ins):  # (an atomic section: its accesses are atomic)
            acc = []
        elif ins.op == "call":  # memcpy, memmove, memset
            n = val(a[2])
            n = n if n.__class__ is int else None
            acc = [Access(val(a[0]), n, True, False)]
            if ins.x["callee"].name.startswith(("llvm.memcpy", "llvm.memmove")):
                acc.append(Access(val(a[1]), n, False, False))
        else:
            return None
        return (fn, ins), acc

    def conflict(self, xs: list, ys: list) -> tuple | None:
        """The first pair of accesses of xs and ys that race: (x, y)."""
        for x in xs:
            for y in ys:
                if (x.write or y.write) and not (x.atomic and y.atomic) and self.overlap(x, y):
                    return x, y
        return None

    def overlap(self, x: Access, y: Access) -> bool:
        """Can x and y touch a common byte of one object?"""
        p, q = x.p, y.p
        if p.__class__ is U or q.__class__ is U:
            return False  # the access faults: an error of its own
        if x.n == 0 or y.n == 0:
            return False
        if p.__class__ is int and q.__class__ is int:
            if p >> 32 != q >> 32:
                return False
            o = self.objs.get(p >> 32)
            if o is None or o.ro:
                return False  # a freed or constant object: the access faults, or nothing writes it
            a, b = p & M32, q & M32
            return (x.n is None or b < a + x.n) and (y.n is None or a < b + y.n)
        return self.sym_overlap(x, y)

    def sym_overlap(self, x: Access, y: Access) -> bool:
        """A symbolic address: a race if the path condition lets the ranges
        meet (assumed then, so the counterexample's inputs make them meet)."""
        import z3
        eng = self.engine
        if eng is None:
            return False

        def term(v):
            return v.t if v.__class__ is Sym else z3.BitVecVal(v, 64)
        s, t = term(x.p), term(y.p)
        a, b = z3.ZeroExt(32, z3.Extract(31, 0, s)), z3.ZeroExt(32, z3.Extract(31, 0, t))
        c = [z3.Extract(63, 32, s) == z3.Extract(63, 32, t)]
        if y.n is not None:
            c.append(z3.ULT(a, b + y.n))
        if x.n is not None:
            c.append(z3.ULT(b, a + x.n))
        cond = z3.simplify(z3.And(*c))
        oid = sym_object(x.p) if x.p.__class__ is Sym else x.p >> 32
        o = self.objs.get(oid) if oid is not None else None
        if z3.is_false(cond) or o is not None and o.ro:
            return False
        if not z3.is_true(cond):
            if eng.model_pairs is not None:  # a replay from recorded inputs: what they give
                return eng.evaluate(cond)
            if not eng.feasible(cond):
                return False
            eng.assume(cond)
        return True

    # -- the report -------------------------------------------------------------------
    def report_race(self, a: tuple, b: tuple, x: Access, y: Access) -> None:
        """The error: both accesses named; the backtrace is the first's (a
        write's, if only one writes)."""
        if not x.write and y.write:
            a, b, x, y = b, a, y, x
        first, second = self.describe(a, x), self.describe(b, y)
        where = self.object_words(*self.shared_bytes(x, y))
        msg = f"data race on {where}: " + ", ".join(
            f"thread {d['thread']} {d['access']}s {nbytes(d['size'])} at {d['function']} ({d['file']}:{d['line']})"
            for d in (first, second))
        p = x.p if x.p.__class__ is int else y.p
        objs = (p >> 32,) if p.__class__ is int and p >> 32 in self.objs else ()
        if objs and self.watch is not None:  # a counterexample being explained: a local is named
            self.watch.fault(objs)
        self.error = ErrorInfo("race", msg, first["backtrace"], [first, second], objects=objs)
        self.flags |= CF_ERROR

    def describe(self, parked: tuple, x: Access) -> dict:
        """One access as the report's error.accesses lists it (parked: a
        thread parked before it, or (thread, None, backtrace, _) for one
        that happened in an atomic section)."""
        tid, frame, at, _ = parked
        if frame is None:
            bt = at or [{"function": "?", "file": "?", "line": 0}]
        else:
            fn = at[0]
            bt = self.parked_backtrace(frame) or [{"function": fn.name, "file": fn.file, "line": fn.line}]
        p = x.p
        return {"thread": tid, "access": "write" if x.write else "read", "size": x.n,
                "function": bt[0]["function"], "file": bt[0]["file"], "line": bt[0]["line"],
                "object": self.object_words(p, x.n), "offset": p & M32 if p.__class__ is int else None,
                "backtrace": bt}

    def shared_bytes(self, x: Access, y: Access) -> tuple:
        """(pointer, bytes) of what two conflicting accesses share (x's
        own where an address or an extent is not a number)."""
        if x.p.__class__ is not int:
            return (y.p, y.n) if y.p.__class__ is int else (x.p, x.n)
        o = self.objs.get(x.p >> 32)
        if y.p.__class__ is not int or o is None or y.p >> 32 != x.p >> 32:
            return x.p, x.n
        lo, hi = max(x.p & M32, y.p & M32), min(
            *((a.p & M32) + a.n if a.n is not None else len(o.b) for a in (x, y)))
        return ((x.p >> 32 << 32) | lo, hi - lo) if hi > lo else (x.p, x.n)

    def object_words(self, p, n: int | None = None) -> str:
        """How a message names the object p points into (and the n bytes
        from p, when they are not all of it)."""
        oid = p >> 32 if p.__class__ is int else sym_object(p)
        o = self.objs.get(oid) if oid is not None else None
        if o is None:
            return "an object at a symbolic address" if oid is None else "a freed object"
        if o.kind == K_GLOBAL and o.name:
            what = o.name
        else:
            what = f"{'a heap block' if o.kind == K_HEAP else 'a local variable'} of {len(o.b)} bytes"
        if p.__class__ is not int:
            return f"{what} (at a symbolic offset)"
        off = p & M32
        end = len(o.b) if n is None else off + n
        if n is None and off == 0 or off == 0 and end == len(o.b) or end <= off:
            return what
        return f"bytes {off}-{end - 1} of {what}" if end - off > 1 else f"byte {off} of {what}"

    def parked_backtrace(self, frame: int) -> list[dict]:
        """A parked thread's user frames, innermost (at its resume entry) first."""
        return [{k: fr[k] for k in ("function", "file", "line")} for fr in self.frame_chain(frame)
                if not fr["system"]]


def nbytes(n: int | None) -> str:
    return "some bytes" if n is None else f"{n} byte{'s' if n != 1 else ''}"


def sym_object(p: Sym) -> int | None:
    """The object a symbolic pointer points into, if its id is concrete."""
    import z3
    oid = z3.simplify(z3.Extract(63, 32, p.t))
    return oid.as_long() if z3.is_bv_value(oid) else None

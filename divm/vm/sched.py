"""DiOS's scheduler's common case, done by the VM.

Every transition starts with DiOS's scheduler (`__dios_scheduler` in
dios/src/dios.c): the runnable tasks (`__dios_runnable`, through
__vm_memo), a choice among them, `_VM_CR_Task`, a SchedInfo trace and a
jump to the task's frame.  All of it but the choice is the same for every
successor of a state, and running it as generated code cost a sixth of a
transition.  So per state the VM reads the runnable tasks' ids and frames
once (a dispatch table, kept with the __vm_memo results for that memory),
and per successor only chooses.  Anything out of the ordinary (the
program exited, round-robin runs, no runnable task, more than 64 tasks,
several processes, undefined bytes, an invalid frame) is left to the
scheduler itself, whose
code stays the definition: this must do exactly what it does."""

from __future__ import annotations

import struct

from divm.load.layout import CODE_BASE, M32
from divm.vm.defs import CR_SCHEDULER, CR_STATE, CR_TASK

_I32 = struct.Struct("<I").unpack_from
_Q = struct.Struct("<Q").unpack_from
_NONE = ()  # no dispatch table for this state: the scheduler runs


def defined(o, off: int, n: int) -> bool:
    """Are bytes [off, off + n) of o there and defined?"""
    return 0 <= off and off + n <= len(o.b) and (o.ud is None or not any(o.ud[off:off + n]))


class Schedule:
    """A mixin of VM: uses memo, hc_memo, hc_choose, valid_frame."""

    def dios_scheduler(self) -> tuple | None:
        """(__dios_scheduler's pointer, __dios_runnable's, the layout
        offsets) when DiOS is the OS, else None."""
        s = self._dios_sched
        if s is None:
            fns = [self.prog.fn_by_name.get(n) for n in ("__dios_scheduler", "__dios_runnable")]
            gl = self.prog.glob_by_name.get("__dios_task_layout")
            raw = self.objs[gl.idx].b if gl is not None and not gl.decl and gl.idx in self.objs else b""
            if any(f is None or f.decl or not f.system for f in fns) or len(raw) < 72:
                s = ()
            else:
                s = tuple((CODE_BASE + f.idx) << 32 for f in fns) + (
                    struct.unpack_from(f"<{min(len(raw) // 8, 10)}q", raw, 0),)
            self._dios_sched = s
        return s or None

    def dios_schedule(self) -> int | None:
        """The frame of the task DiOS's scheduler would continue (after
        the choice among the runnable ones), or None: run the scheduler."""
        table = self.runnable()
        if table is None:
            return None
        c = self.hc_choose(len(table)) if len(table) > 1 else 0
        idx, tid, frame, _ = table[c]
        self.regs[CR_TASK] = idx
        self.trace.append(("sched", 1, tid))
        return frame

    def runnable(self) -> tuple | None:
        """(task index, DiOS id, frame, task) of each task the scheduler's
        choice would pick from, in the choice's order (the state just
        restored), or None where the scheduler must run itself
        (dios_schedule would not decide)."""
        ds = self._dios_sched if self._dios_sched is not None else self.dios_scheduler()
        memo = self.memo
        if not ds or memo is None or self.dirty or self.touched or self.regs[CR_SCHEDULER] != ds[0]:
            return None
        s = self.regs[CR_STATE]
        table = memo.get(("dispatch", s))
        if table is None:
            table = memo[("dispatch", s)] = self.dispatch_table(s)
        return table or None

    def dispatch_table(self, s) -> tuple:
        """(task index, id, frame, task) of each runnable task in index
        order, as the scheduler would read them; _NONE if it must run itself."""
        _, runnable, lay = self._dios_sched
        o = self.objs.get(s >> 32) if s.__class__ is int else None
        off = s & M32 if o is not None else 0
        procs = lay[9:10]  # live processes (DiOS's scheduler switches their globals)
        if o is None or not all(defined(o, off + at, n) for at, n in ((lay[0], 8), (lay[1], 4), (lay[7], 4),
                                                                       (lay[8], 4), *((p, 4) for p in procs))):
            return _NONE
        tasks, n = _Q(o.b, off + lay[0])[0], _I32(o.b, off + lay[1])[0]
        if _I32(o.b, off + lay[7])[0] or _I32(o.b, off + lay[8])[0] or not 0 < n <= 64 or \
                procs and _I32(o.b, off + procs[0])[0] > 1:
            return _NONE  # exited, round-robin, no tasks or many, or several processes
        mask = self.hc_memo(runnable, s)
        to = self.objs.get(tasks >> 32) if mask.__class__ is int and mask else None
        if to is None or not defined(to, tasks & M32, 8 * n):
            return _NONE
        table = []
        while mask:
            i = (mask & -mask).bit_length() - 1
            mask &= mask - 1
            t = _Q(to.b, (tasks & M32) + 8 * i)[0]
            tt = self.objs.get(t >> 32)
            at = t & M32
            if tt is None or not defined(tt, at + lay[2], 8) or not defined(tt, at + lay[3], 4):
                return _NONE
            frame = _Q(tt.b, at + lay[2])[0]
            if not frame or not self.is_frame(frame):
                return _NONE
            table.append((i, _I32(tt.b, at + lay[3])[0], frame, t))
        return tuple(table)

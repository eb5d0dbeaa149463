"""What a transition touches, for sleep sets (explore/sleep.py).

Two threads' next transitions are independent when neither writes an
object the other reads or writes: in either order they reach the same
state.  A thread's own code touches shared memory only at its visible
access, the first action of its transition (it parks before the next
one), which its parked frame shows (vm/race.py, pending_access); every
access of the runtime's code (DiOS, libc-shim: pthread operations, the C
library) is logged by `_fpt`, which codegen puts before each of its
loads and stores (where -o check:race puts `_crec`) when `footprints` is
on.  What a
transition wrote is what it copied, made or freed (`dirty`).  The
scheduler's reading of every task is left out: whether a thread may run
depends on its own task and on what it waits for, which are part of its
footprint instead."""

from __future__ import annotations

from divm.load.layout import CODE_BASE
from divm.vm.defs import CR_TASK

ANY = -1  # an access at an address not known (undefined, symbolic): dependent on everything
# Which bytes of an object are touched: a mask with bit 8 * i for byte i
# (so that a difference of two objects' contents, folded, is one), -1 for all
WHOLE = -1
BIG = 4096  # (bytes past this: the whole object)
# DiOS's wait kinds (dios_internal.h) whose end depends on the task and its
# wait object alone: WAIT_JOIN (of one thread) to WAIT_TIMED; WAIT_CHILD
# and a join of every thread (no object) read other tasks or processes
WAIT_ON_OBJECT = range(1, 12)
_REP = [((1 << (8 * n)) - 1) // 255 for n in range(65)]


def span(off: int, n: int) -> int:
    """The mask of bytes [off, off + n)."""
    if off + n > BIG or off < 0 or n < 0:
        return WHOLE
    return (_REP[n] if n <= 64 else ((1 << (8 * n)) - 1) // 255) << (8 * off)


def changed(old, new) -> int:
    """The mask of an object's bytes that a transition changed (its
    contents, undefined bits or pointer marks); 0 if none (the reference
    for _speedups.written)."""
    a, b = old.b, new.b
    if len(a) != len(b) or (old.ud is None) != (new.ud is None) or old.meta != new.meta or \
            old.sym is not None or new.sym is not None:
        return WHOLE
    m = differ_py(a, b)
    if old.ud is not None and old.ud != new.ud:
        m |= differ_py(old.ud, new.ud)
    if old.ptrs != new.ptrs:
        for off in old.ptrs ^ new.ptrs:
            m |= span(off, 8)
    return m


def differ_py(a, b) -> int:
    """The mask of the bytes where a and b differ (all if their lengths do)."""
    if a == b:
        return 0
    if len(a) != len(b) or len(a) > BIG:
        return WHOLE
    x = int.from_bytes(a, "little") ^ int.from_bytes(b, "little")
    x |= x >> 4
    x |= x >> 2
    x |= x >> 1
    return x & _REP[len(a)] if len(a) <= 64 else x & (((1 << (8 * len(a))) - 1) // 255)


class Footprints:
    """A mixin of VM: touched (the objects the runtime's code accessed in
    this transition, while footprints is on)."""

    _footprints = False
    _current = None  # the VM's __dios_current, once installed
    touch_log: list | None = None  # (pointer, size) of each access of the runtime's code, this transition
    _sources: dict | None = None  # (task, frame) -> thread_source, for frozen objects

    @property
    def footprints(self) -> bool:
        """Record what each transition touches: set before any code is
        generated (the runtime's code logs its accesses, _fpt)."""
        return self._footprints

    @footprints.setter
    def footprints(self, on: bool) -> None:
        self._footprints = on
        self.touch_log = [] if on else None
        self._sources = {} if on else None
        self.G["_fpt"] = self.touch_log.append if on else None
        if on:
            self.install_native_current()

    def touched_masks(self) -> dict:
        """{object id: mask of bytes} of the accesses logged in this transition."""
        out: dict = {}
        get = out.get
        for p, n in self.touch_log:
            if p.__class__ is int and n.__class__ is int:
                off = p & 0xFFFFFFFF
                m = _REP[n] << (8 * off) if 0 <= n <= 64 and off + n <= BIG else span(off, n)
                oid = p >> 32
                out[oid] = get(oid, 0) | m
            else:
                out[ANY] = WHOLE
        return out

    def thread_sources(self, table: tuple) -> dict[int, dict] | None:
        """For each runnable thread (by DiOS id; table is the scheduler's:
        Schedule.runnable), what its next transition depends on before it
        runs any code ({object id: mask of bytes}): its task, the bytes of
        the visible access it is parked before, and what it waits for.
        None if DiOS's tasks cannot be read (then no reduction)."""
        lay = self.race_layout()
        if lay is None or len(lay) < 7:
            return None
        t_wait, t_obj = lay[5], lay[6]
        out = {}
        cache = self._sources
        if len(cache) > 100000:
            cache.clear()
        objs = self.objs
        for _, tid, frame, addr in table:
            to = objs.get(addr >> 32)
            fo = objs.get(frame >> 32)
            if to is None or fo is None:
                return None
            key = (addr, to.serial, frame, fo.serial)
            got = cache.get(key) if key[1] and key[3] else None
            if got is None:
                o = addr & 0xFFFFFFFF
                if o + t_obj + 8 > len(to.b) or to.ud is not None and any(to.ud[o:o + t_obj + 8]):
                    return None
                wait = int.from_bytes(to.b[o + t_wait:o + t_wait + 4], "little")
                wobj = int.from_bytes(to.b[o + t_obj:o + t_obj + 8], "little")
                got, still = self.thread_source(addr, wait, wobj, frame)
                if still and key[1] and key[3]:
                    cache[key] = got
            out[tid] = got
        return out

    def thread_source(self, addr: int, wait: int, wobj, frame) -> tuple[dict, bool]:
        """thread_sources' part for one thread, and whether it is a function
        of its task's and frame's contents alone (not of a C library call's
        arguments, whose extents are read from other objects)."""
        objs = {addr >> 32: WHOLE}
        if wait:  # (what DiOS's can_run reads of a waiting task: its wait object, or every task, a process)
            objs[wobj >> 32 if wait in WAIT_ON_OBJECT and wobj.__class__ is int and wobj else ANY] = WHOLE
        pend, still = self.pending_objs(frame)
        if pend is None:
            objs[ANY] = WHOLE
        else:
            for oid, off, n in pend:
                objs[oid] = objs.get(oid, 0) | span(off, n)
        return objs, still

    def pending_objs(self, frame) -> tuple[list | None, bool]:
        """The bytes of the visible access a frame is parked before, as
        (object id, offset, size) (none if it is parked elsewhere), None
        if they are not known; and whether the frame alone says so."""
        o = self.objs.get(frame >> 32) if frame.__class__ is int else None
        if o is None:
            return None, False
        got = self.pending_access(frame)
        if got is None:
            return (None if self.crit_entry(o) else []), True
        (fn, ins), acc = got
        if not acc:  # (an atomic section: its accesses are not interrupt points)
            return None, True
        out = []
        for a in acc:
            if a.p.__class__ is not int:
                return None, False
            out.append((a.p >> 32, a.p & 0xFFFFFFFF, a.n if a.n.__class__ is int else BIG))
        return out, ins.op != "call"

    def crit_entry(self, o) -> bool:
        """Is a frame object parked at an interrupt point before a visible
        access (whatever the access)?"""
        if len(o.b) < 8:
            return False
        pc = int.from_bytes(o.b[:8], "little")
        fidx = (pc >> 32) - CODE_BASE
        if not 0 <= fidx < len(self.prog.functions):
            return True
        at = getattr(self.prog.functions[fidx], "crit_at", None)
        return bool(at) and (pc & 0xFFFFFFFF) in at

    def registers_changed(self, regs: list) -> bool:
        """Did the transition change a control register (other than the
        transient _VM_CR_Task)?"""
        return self.regs[:CR_TASK] != regs[:CR_TASK]

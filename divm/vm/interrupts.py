"""Interrupt points: where a transition may end (visible accesses, loops,
explorer stop requests), and the scheduling hypercalls."""

from __future__ import annotations

import struct
import sys

from divm.load.layout import CODE_BASE, M32
from divm.load.values import U
from divm.vm import ops
from divm.vm.defs import (CF_BOOTING, CF_IGNORECRIT, CF_IGNORELOOP, CF_KERNEL, CF_THREADS, CR_STATE, CR_TASK,
                          F_HYPERCALL, F_UNDEFINED, Park,
                          STACK_DEPTH, StopRequest, Suspend)
from divm.vm.frames import ENTER_CODE


_Q = struct.Struct("<Q").unpack_from
_I32 = struct.Struct("<I").unpack_from
_S64 = struct.Struct("<Q").pack_into


class Interrupts:
    """A mixin of VM: keeps visible, loops_seen, chosen,
    choice_log and stop_request; ends a transition by calling DiOS's
    __dios_interrupt, or doing what it does (park); uses Frames'
    materialise."""

    def crit(self, p, n: int, access: int) -> None:
        """interrupt_mem: the second visible access of a transition ends it
        (before the access happens).  Accesses to objects no other thread can
        reach are invisible."""
        if self.stop_request is not None:
            raise StopRequest(self.stop_request)
        if self.flags & (CF_IGNORECRIT | CF_KERNEL):
            if self.touch_log is not None:  # (masked: the access is this transition's, unseen: vm/footprint.py)
                self.touch_log.append((p, n or 1 << 32))
            return
        if self.reduce and p.__class__ is int:
            o = self.objs.get(p >> 32)
            if o is not None and not o.shared:
                return
        if self.visible:
            self.interrupt()
        self.visible = True
        if self.touch_log is not None:  # (a fresh thread's first access: no parked frame shows it)
            self.touch_log.append((p, n or 1 << 32))

    def loop(self, fidx: int, block: int) -> None:
        """interrupt_cfl: a transition that keeps passing the same loop point
        may never end; give the others a chance, and let the explorer see
        the states a loop goes round (in a single-threaded program too, or
        the search of a finite-state endless loop would never end).  Without
        reductions that happens at the second pass (every iteration is a
        transition); with them, a loop whose iterations touch nothing shared
        runs LOOP_LIMIT times before it is interrupted: invisible steps
        commute with the other threads, so only termination needs the
        interrupt.  A pass that made a choice ends the transition at once:
        a transition must not collect choices without bound."""
        if self.stop_request is not None:
            raise StopRequest(self.stop_request)
        if self.flags & (CF_IGNORELOOP | CF_KERNEL):
            return
        key = fidx << 32 | block
        seen = self.loops_seen
        # passes so far in the low 20 bits, self.chosen at the last pass above them
        v = seen.get(key, 0)
        n = (v & 0xFFFFF) + 1
        chosen = self.chosen
        if n > self.loop_limit or n > 1 and v >> 20 != chosen:
            if not block and self.call_depth() > STACK_DEPTH:  # (block 0: a recursive function's entry)
                self.stack_overflow(bt=self.backtrace(limit=STACK_DEPTH + 1))
                raise Suspend()
            self.interrupt()
        seen[key] = n | chosen << 20

    def call_depth(self) -> int:
        """The running thread's activations: the generated code's and the
        parked ones below them (a parked frame object never changes, so its
        depth is remembered while the same object is there)."""
        n = len(self.generated_frames(sys._getframe(1)))
        frame = self.resume_base[1] if self.resume_base is not None else 0
        objs, memo = self.objs, self.depth_memo
        path = []
        d = 0
        while frame.__class__ is int and frame:
            o = objs.get(frame >> 32)
            if o is None or len(o.b) < 16:
                break
            hit = memo.get(frame >> 32)
            if hit is not None and hit[0] is o:
                d = hit[1]
                break
            path.append((frame >> 32, o))
            frame = _Q(o.b, 8)[0]
        if len(memo) > 1 << 20:
            memo.clear()
        for fid, o in reversed(path):
            d += 1
            memo[fid] = (o, d)
        return n + d

    def install_native_interrupt(self) -> None:
        """DiOS's own __dios_interrupt is done by the VM: its C code asks
        for its caller's frame (a walk of the Python stack that hands out
        frame ids), stores it into the running task and suspends; the VM
        instead raises Park with the task's frame field and writes the
        frames from what the suspension collects (Frames.park).  A
        program's own __dios_interrupt runs as it is."""
        fn = self.prog.fn_by_name.get("__dios_interrupt")
        self._interrupt = None
        if fn is None or fn.decl or not fn.system or fn.ty.params:
            return
        self._interrupt = (fn, self.native_interrupt, None)
        self.FT[fn.idx] = self.G[f"F{fn.idx}"] = self._interrupt[1]

    def native_interrupt(self, _rs=None):
        """__dios_interrupt: t = __dios_current(); t->frame = the caller's
        frame; suspend.  Anything out of the ordinary (booting, no task, a
        pointer that is not plainly valid) runs the C code."""
        if _rs is None:
            t = self.running_task()
            if t:
                tt = self.objs.get(t >> 32)
                if tt is not None and not tt.ro and not t & 7 and (t & M32) + 8 <= len(tt.b):
                    raise Park(t)
        return self.interrupt_code(_rs)

    def running_task(self) -> int | None:
        """What DiOS's __dios_current() gives (s->ntasks ? s->tasks[i] : 0,
        i the _VM_CR_Task register), read as its C code reads it; None if
        anything is out of the ordinary (booting, bytes not plainly there)."""
        regs, objs = self.regs, self.objs
        s, i = regs[CR_STATE], regs[CR_TASK]
        if s.__class__ is not int or i.__class__ is not int or self.flags & CF_BOOTING:
            return None
        o = objs.get(s >> 32)
        off = s & M32
        if o is None or off + 12 > len(o.b) or o.ud is not None and any(o.ud[off:off + 12]):
            return None
        if not _I32(o.b, off + 8)[0]:
            return 0
        tasks = _Q(o.b, off)[0]
        to = objs.get(tasks >> 32)
        at = (tasks & M32) + 8 * ops.sx(i & M32, 32)
        if to is None or not 0 <= at <= len(to.b) - 8 or to.ud is not None and any(to.ud[at:at + 8]):
            return None
        return _Q(to.b, at)[0]

    def install_native_current(self) -> None:
        """With footprints (vm/footprint.py), __dios_current is done by the
        VM too: every transition asks for its task, and what that reads of
        the task array is no dependence on the threads that grow or shrink
        it (the thread's own entry moves, it stays the thread's)."""
        fn = self.prog.fn_by_name.get("__dios_current")
        if fn is None or fn.decl or not fn.system or fn.ty.params or self._current is not None:
            return
        fallback = []

        def current():
            t = self.running_task()
            if t is not None:
                return t
            if not fallback:  # (the C code, compiled when first needed: compile installs it, this goes back)
                fallback.append(self.compile(fn))
                self.FT[fn.idx] = self.G[f"F{fn.idx}"] = current
            return fallback[0]()
        self._current = current
        self.FT[fn.idx] = self.G[f"F{fn.idx}"] = current

    def interrupt_code(self, _rs):
        """DiOS's __dios_interrupt as generated code (compiled when first
        needed; compile installs it, the VM's version goes back)."""
        fn, native, code = self._interrupt
        if code is None:
            code = self.compile(fn)
            self.FT[fn.idx] = self.G[f"F{fn.idx}"] = native
            self._interrupt = (fn, native, code)
        return code() if _rs is None else code(_rs=_rs)

    def park(self, s: Park) -> None:
        """The VM's __dios_interrupt (Interrupts.native_interrupt): every
        activation down to the one the VM entered is parked, and the
        innermost one's frame goes into the task, as DiOS's C code would
        store what __vm_ctl_get(_VM_CR_Frame, 1) gave before suspending."""
        out = self.chain(s.fr)
        if out is None:
            frames, tbs = self.suspended_frames(s)
            out = self.records(s, frames, tbs)
        ptr = self.materialise(out, only_changed=True) if out else 0
        self.forget_unwritten()
        # Access.st of an aligned pointer field (native_interrupt checked it); frames are never shared
        oid, at = s.slot >> 32, s.slot & M32
        o = self.objs[oid]
        if o.frozen:
            o = self.writable(oid)
        _S64(o.b, at, ptr)
        if o.ud is not None or o.sym is not None:
            o.define(at, 8)
        ptrs = o.ptrs
        if at not in ptrs:  # (a pointer there already: nothing else overlaps it)
            if ptrs:
                o.clear_ptrs(at, 8)
            ptrs.add(at)
        o.slow = o.ro or o.sym is not None

    def chain(self, recs: list) -> list | None:
        """materialise's records straight from a suspension's, when they
        are every generated activation from the innermost to the one the VM
        entered (None if one in between handed over none: its locals and
        the traceback are needed)."""
        if not recs:
            return None
        code_info = self.code_info
        out = []
        last = len(recs) - 1
        for i, (rid, regs, sp, f) in enumerate(recs):
            info = code_info.get(id(f.f_code))
            if info is None:
                return None
            out.append((f, info[0], rid, regs, sp))
            nxt = recs[i + 1][3] if i < last else None
            g = f.f_back
            while g is not nxt:  # (the frames in between must be the VM's)
                if g is None:
                    return None
                code = g.f_code
                if code is ENTER_CODE:
                    if nxt is None:
                        break
                    return None
                if id(code) in code_info:
                    return None
                g = g.f_back
            else:
                if nxt is None:  # (no entered activation below the outermost)
                    return None
        return out

    def interrupt(self) -> None:
        fn = self.prog.fn_by_name.get("__dios_interrupt")
        if fn is None or fn.decl:
            return
        self.FT[fn.idx]()

    def request_stop(self, reason: str) -> None:
        """Stop at the next interrupt point (callable from another thread):
        interrupt points become live, even in a single-threaded program stuck
        in one endless transition, and raise StopRequest.  A symbolic
        run's solver query in progress is interrupted (vm/symbolic.py).
        Not while a found error's path is re-run (explore/search.py)."""
        if self.replaying:
            return
        self.stop_request = reason
        self.G["THR"] = self.G["LOOPS"] = True
        if self.engine is not None:
            self.engine.interrupt()

    def set_live(self) -> None:
        """Which interrupt points are live: memory ones once a second thread
        exists (or liveness wants every state), loop ones also whenever the
        state space is explored."""
        thr = bool(self.flags & CF_THREADS) or self.all_visible or self.stop_request is not None
        self.G["THR"] = thr
        self.G["LOOPS"] = thr or self.explore_mode
        # pointer bytes read as data (vm/order.py): they count where a search merges states and skips
        # private accesses (a single run may leave them: they only move its interrupts)
        self.G["OW"] = self.order_watch = self.explore_mode and self._reduce

    def hc_test_crit(self, addr, size, access, yes):
        if self.flags & CF_IGNORECRIT:
            return
        if self.visible:
            self.call_fn(yes, ())
        self.visible = True

    def hc_test_loop(self, counter, yes):
        if self.flags & CF_IGNORELOOP:
            return
        key = ("loop", counter)
        if key in self.loops_seen:
            self.call_fn(yes, ())
        self.loops_seen[key] = 1

    def hc_memo(self, fn, arg):
        """__vm_memo(fn, arg): fn(arg), for a fn whose result depends only
        on arg and memory and which writes nothing.  Between a restore and
        the first change to memory it is computed once: DiOS's scheduler
        finds the runnable tasks once per state, not once per successor."""
        idx = (fn >> 32) - CODE_BASE if fn.__class__ is int and not fn & M32 else -1
        if not 0 <= idx < len(self.FT) or self.prog.functions[idx].decl:
            self.fault(F_HYPERCALL, "__vm_memo of something that is not a function")
            return 0
        memo = self.memo
        if memo is None or self.dirty or self.touched:
            return self.call_fn(fn, (arg,))
        k = (fn, arg)
        v = memo.get(k)
        if v is None:
            flags, error = self.flags, self.error
            v = self.call_fn(fn, (arg,))
            if not (self.dirty or self.touched) and self.flags == flags and self.error is error:
                memo[k] = v  # (a fault would have changed the flags, or its handler memory)
        return v

    def hc_choose(self, n, *weights):
        if not (n.__class__ is int and 1 < n < 0x80000000):  # else a plain count: nothing to check
            if n.__class__ is U:
                self.fault(F_UNDEFINED, "__vm_choose with an undefined argument")
                n = n.v
            n = ops.sx(n, 32)
            if n <= 0:
                self.fault(F_HYPERCALL, f"__vm_choose({n}): the number of choices must be positive")
                return 0
            if n == 1:
                return 0
        c = self.chooser(n, weights)
        self.chosen += 1
        self.choice_log.append((c, n))
        if self.watch is not None:  # a counterexample being explained
            self.watch.choice(c, n)
        return c

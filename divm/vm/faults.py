"""Faults (to DiOS's fault handler), backtraces, the hooks generated code
calls on undefined behaviour, and leak checks."""

from __future__ import annotations

import struct
import sys

from divm.load.layout import CODE_BASE, M32, M64
from divm.load.values import U
from divm.vm.defs import (CF_CANCEL, CF_ERROR, CONT_FRAME, CR_FAULTHANDLER, F_ASSERT, F_CONTROL, F_UNDEFINED,
                          KIND_NAMES, ContinueFault, ErrorInfo, Suspend)
from divm.vm.frames import ENTER_CODE, FRAME_HDR
from divm.vm.memory import K_HEAP, reachable, roots


class Faults:
    """A mixin of VM: keeps error, pending_fault, in_fault, bt_frame and
    bt_extra; calls DiOS's fault handler through call_fn."""

    def fault(self, kind: int, msg: str) -> None:
        """Hand a fault to DiOS's fault handler; returns if it continues."""
        if self.in_fault:
            self.error = self.error or ErrorInfo(KIND_NAMES.get(kind, "control"), "double fault: " + msg,
                                                 self.backtrace())
            self.flags |= CF_ERROR
            raise Suspend()
        objs, self.fault_objs = self.fault_objs, ()
        if objs and self.watch is not None:  # a counterexample being explained: name the locals involved
            self.watch.fault(objs)
        self.pending_fault = (kind, msg, self.backtrace(), objs)
        self.bt_frame = 0
        handler = self.regs[CR_FAULTHANDLER]
        if not handler:
            self.error = ErrorInfo(KIND_NAMES.get(kind, "control"), msg, self.pending_fault[2], objects=objs)
            self.flags |= CF_ERROR
            raise Suspend()
        self.in_fault = True
        try:
            self.call_fn(handler, (kind, CONT_FRAME, CODE_BASE << 32))
        except ContinueFault:
            pass
        finally:
            self.in_fault = False
            self.pending_fault = None

    def backtrace(self, skip_system: bool = True, limit: int = 10000) -> list[dict]:
        """The running thread's activations, innermost first (at most limit
        parked ones)."""
        frames = []
        f = sys._getframe(1)
        while f is not None:
            info = self.code_info.get(id(f.f_code))
            if info is not None:
                fn, lm = info[0], info[1]
                loc = lm.get(f.f_lineno)
                if loc is None:
                    for d in range(1, 8):
                        loc = lm.get(f.f_lineno - d)
                        if loc:
                            break
                file, line = loc if loc else (fn.file, fn.line)
                frames.append({"function": fn.name, "file": file, "line": line, "system": fn.system})
            if f.f_code is ENTER_CODE:
                break
            f = f.f_back
        # below the activation the VM resumed, the stack is in frame objects
        frame = self.resume_base[1] if self.resume_base is not None else 0
        if self.bt_frame and not any(not fr["system"] for fr in frames):
            frames, frame = [], self.bt_frame  # the OS names a parked thread as the culprit
        frames += self.frame_chain(frame, limit)
        if self.bt_extra is not None:
            frames.insert(0, self.bt_extra)
        if skip_system:
            user = [fr for fr in frames if not fr["system"]]
            if user:
                # innermost user frame first; keep the calling user frames
                i = frames.index(user[0])
                frames = [fr for fr in frames[i:] if not fr["system"]]
        for fr in frames:
            del fr["system"]
        return frames

    def frame_chain(self, frame, limit: int = 10000) -> list[dict]:
        """The activations of a chain of frame objects, innermost first
        (each with "system": whether it is the OS's or libc's)."""
        out = []
        for _ in range(limit):
            o = self.objs.get(frame >> 32) if frame.__class__ is int else None
            if not frame or o is None or len(o.b) < FRAME_HDR:
                break
            pc, parent = struct.unpack_from("<QQ", o.b, 0)
            fidx = (pc >> 32) - CODE_BASE
            if not 0 <= fidx < len(self.prog.functions):
                break
            fn = self.prog.functions[fidx]
            loc = getattr(fn, "resume_loc", {}).get(pc & M32) or (fn.file, fn.line)
            out.append({"function": fn.name, "file": loc[0], "line": loc[1], "system": fn.system})
            frame = parent
        return out

    def traceback_frames(self, tb) -> list[dict]:
        """Where a transition stopped: the user frames of the suspended thread."""
        chain = []
        while tb is not None:
            chain.append((tb.tb_frame, tb.tb_lineno))
            tb = tb.tb_next
        out = []
        for f, line in reversed(chain):
            info = self.code_info.get(id(f.f_code))
            if info is not None and not info[0].system:
                fn, lm = info[0], info[1]
                loc = lm.get(line)
                if loc is None:
                    for d in range(1, 8):
                        loc = lm.get(line - d)
                        if loc:
                            break
                file, ln = loc if loc else (fn.file, fn.line)
                out.append({"function": fn.name, "file": file, "line": ln})
        return out

    def reach(self, msg: str, body: bool) -> None:
        """A call of reach_error() or __VERIFIER_error(): SV-COMP's target,
        an assertion fault.  Under -o cancel:assert (the other properties)
        a plain call when the program defines it, else abort(): the path
        ends; under -o exit:abort the program does (SV-COMP's
        valid-memcleanup)."""
        if self.abort_exits:
            if not body:
                self.end_program(134, sys._getframe(1))
        elif not self.assert_cancels:
            self.fault(F_ASSERT, msg)
        elif not body:
            self.flags |= CF_CANCEL
            raise Suspend()

    def undef_branch(self, u: U) -> bool:
        self.fault(F_UNDEFINED, "branch on an undefined value")
        return bool(u.v)

    def ubranch(self, u: U) -> int:
        self.fault(F_UNDEFINED, "switch on an undefined value")
        return u.v

    def bad_call(self, fidx: int, nargs: int):
        fn = self.prog.functions[fidx]
        self.fault(F_CONTROL, f"call of {fn.name} with {nargs} arguments, it takes {len(fn.ty.params)}")
        return U(0, M64)

    def bad_ret(self, v, fidx: int, bits: int):
        """A call returned v from function fidx where the caller expects a
        bits-wide value (-1: none); the fault continues with a defined value."""
        fn = self.prog.functions[fidx]
        if v is None and bits > 0 and self.void_main_ok and fn.name == "main":
            return 0  # (SV-COMP's `void main()`: the status is unspecified; it is 0)
        if self.prog.llp64 and fn.system and v.__class__ is int and 0 < bits < fn.ty.ret.bits \
                and fn.ty.ret.k == "i":
            # an ILP32 task's size_t (unsigned int) of a libc function's
            # 64-bit one: the same number wherever ILP32 could compute it
            return v & ((1 << bits) - 1)
        # the callee's return is the innermost frame, as at DiVM's ret
        rets = [i.loc for b in fn.blocks for i in b.ins if i.op == "ret" and i.loc]
        file, line = rets[-1] if rets else (fn.file, fn.line)
        self.bt_extra = {"function": fn.name, "file": file, "line": line, "system": fn.system}
        try:
            if bits < 0:
                self.fault(F_CONTROL, f"{fn.name} was called as void and returned a value")
                return None
            if v is None:
                self.fault(F_CONTROL, f"{fn.name} was called as non-void and did not return a value")
                return 0
            self.fault(F_CONTROL, f"{fn.name} returned a value of another size than its caller expects")
        finally:
            self.bt_extra = None
        m = (1 << bits) - 1
        if v.__class__ is U:
            return U(v.v & m, v.m & m) if v.m & m else v.v & m
        return v & m if v.__class__ is int else 0

    def bad_target(self):
        self.fault(F_CONTROL, "indirect branch to an invalid address")

    def size32_fault(self, n) -> None:
        """-o check:size32: an allocation whose size needs more than 32 bits,
        which a program written for ILP32 computes modulo 2^32 (datamodel.py
        counts on this test to let such sizes be computed with 64)."""
        self.fault(F_CONTROL, f"an allocation of {n} bytes, more than a 32-bit size_t holds "
                              "(under ILP32 the program computes another size)")

    def undefined_fn(self, name: str):
        self.fault(F_CONTROL, f"call of undefined function {name}")
        return U(0, M64)

    def check_leaks(self, extra_roots: list[int], where=None) -> None:
        """Heap blocks the program allocated that nothing points to any more."""
        cleanup = self.leakcheck == "cleanup"
        live = () if cleanup else set(reachable(self.objs, roots(self.objs, self.regs) + extra_roots))
        lost = [(oid, o) for oid, o in self.objs.items() if o.kind == K_HEAP and oid not in live]
        if lost:
            size = sum(len(o.b) for _, o in lost)
            what = "still allocated at exit" if cleanup else "unreachable and never freed"
            self.error = ErrorInfo("leak", f"{size} bytes in {len(lost)} block{'s' if len(lost) > 1 else ''} "
                                           + what, where or [], objects=tuple(oid for oid, _ in lost))
            self.flags |= CF_ERROR

    def leak_return(self, value) -> None:
        """--leakcheck return: before a function returns, nothing it
        allocated may become unreachable (its return value still counts)."""
        f = sys._getframe(1)
        extra = []
        if value.__class__ is int:
            extra.append(value >> 32)
        sp = f.f_locals.get("_sp", len(self.AST))
        extra += self.AST[:sp] + self.stack_roots(f.f_back)
        before = self.error
        self.check_leaks([x for x in extra if x in self.objs])
        if self.error is not before and self.flags & CF_ERROR:
            self.error.backtrace = self.backtrace()
            raise Suspend()

    def stack_roots(self, f) -> list[int]:
        """Objects the running thread's activations (Python frames from f
        outwards) point to: from their live pointer registers, and from
        their local variables (promoted allocas, "m..."), live or not, as
        the variables of a native stack frame stay until it returns; a dead
        temporary (a malloc result since overwritten) keeps nothing."""
        frames = self.generated_frames(f)
        out = []
        for pf, fn, rid, vals, _ in self.from_locals(frames, [pf.f_lineno for pf, _, _ in frames]):
            for v, ty in zip(vals, self.frame_layout(fn, rid).types):
                if ty.k == "p" and v.__class__ is int:
                    out.append(v >> 32)
            out += [v >> 32 for name, v in pf.f_locals.items() if name[0] == "m" and v.__class__ is int]
        return out

    def stack_overflow(self, tb=None, bt: list | None = None) -> None:
        """The error of a RecursionError (its traceback gives the stack) or
        of a parked stack too deep (bt), cut to its innermost and outermost
        calls."""
        if bt is None:
            bt = self.traceback_frames(tb) if tb is not None else []
        if len(bt) > 20:
            bt = bt[:10] + [{"function": f"... {len(bt) - 20} calls ...", "file": "", "line": 0}] + bt[-10:]
        self.error = ErrorInfo("memory", "stack overflow (call depth limit reached)", bt)
        self.flags |= CF_ERROR

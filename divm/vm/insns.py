"""Instructions generated code leaves to the VM besides memory access:
calls through pointers, variadic arguments (va_start), indirect branches,
setjmp/longjmp, thread-local addresses, aggregates and vectors, bitcasts."""

from __future__ import annotations

import sys

from divm.codegen.calls import ret_differs
from divm.load.errors import VMError
from divm.load.layout import CODE_BASE, M32, M64, decode, encode
from divm.load.types import DOUBLE, I64, I128, PTR, VA_LIST, X86FP80, Ty
from divm.load.values import U
from divm.vm.defs import F_CONTROL, F_UNDEFINED, LongJmp, Suspend
from divm.vm.frames import ENTER_CODE


class Insns:
    """A mixin of VM: uses ld/st, fault, FT and the program."""

    def icall(self, p, fixed: tuple, va, want: tuple = (-1, -1)):
        """A call through a pointer, expecting want back ((-1, -1):
        nothing, else (bytes, bits)); generated code calls a pointer found
        plain here before for the same arguments and type, in plain_fns,
        directly."""
        if p.__class__ is U:
            self.fault(F_UNDEFINED, "call through an undefined function pointer")
            return U(0, M64)
        fidx = (p >> 32) - CODE_BASE
        if p & M32 or not (0 <= fidx < len(self.FT)):
            what = "a null pointer" if p == 0 else "a pointer that is not a function"
            self.fault(F_CONTROL, f"call through {what}")
            return U(0, M64)
        fn = self.prog.functions[fidx]
        fty = fn.ty
        if fn.decl and fn.name in self.builtins or fn.name.startswith("__vm_"):
            args = fixed + (() if va is None else ((va,) if fn.name in self.builtins else tuple(x[1] for x in va)))
            return self.FT[fidx](*args)
        if va is not None and not fty.vararg and len(fixed) + len(va) == len(fty.params) \
                and all(x[0] != "b" for x in va):
            # an unprototyped (K&R) call of a function taking exactly these arguments
            fixed = fixed + tuple(x[1] for x in va)
            va = None
        if len(fixed) != len(fty.params) or (va is not None) != fty.vararg:
            if not (fty.vararg and va is None and len(fixed) >= len(fty.params)):
                self.fault(F_CONTROL, f"call of {fn.name} with {len(fixed) + len(va or ())} arguments, "
                                      f"it takes {len(fty.params)}{' or more' if fty.vararg else ''}")
                return U(0, M64)
            extra = fixed[len(fty.params):]
            fixed = fixed[:len(fty.params)]
            va = tuple(("i", x) for x in extra)
        if not fn.decl and ret_differs(want, fty.ret):
            # (a cast function pointer: as a direct call of a cast function, a control fault at its return)
            return self.bad_ret(self.FT[fidx](*fixed, va) if va is not None else self.FT[fidx](*fixed), fidx, want[1])
        if va is not None:
            return self.FT[fidx](*fixed, va)
        if not fty.vararg:
            self.plain_fns[p] = (len(fixed), want)
        return self.FT[fidx](*fixed)

    def ret_chk(self, v, bits: int):
        """The value a frame resumed after a suspension (the VM entered it:
        returned_fn) returned to a call through a pointer that expects a
        bits-wide value."""
        if v is None:
            return self.bad_ret(v, self.returned_fn, bits)
        return v

    def blockaddr(self, p, fidx: int) -> int:
        if p.__class__ is U:
            self.fault(F_UNDEFINED, "indirect branch to an undefined address")
            return -1
        if (p >> 32) - CODE_BASE != fidx or not (p & M32):
            self.fault(F_CONTROL, "indirect branch to an address outside the function")
            return -1
        return (p & M32) - 1

    def jfid(self, rs) -> int:
        """A setjmp-calling activation's frame id: the frame it resumes from
        (enter_frame sets resume_base just before), 0 for a fresh call."""
        return self.resume_base[0] if rs is not None and self.resume_base is not None else 0

    def setjmp(self, buf, jf: int, bb: int, sp: int, pyf) -> int:
        """jmp_buf: [the activation's frame, the block after the call, its
        allocas so far].  The frame is a pointer (the key renumbers it, as
        DiVM's jmp_buf holds frame and pc): an activation that has none yet
        gets its id now, as __vm_ctl_get(_VM_CR_Frame) would, and keeps it
        when it is parked (live_frames).  Returns the frame id."""
        if not jf:
            fn = self.code_info[id(pyf.f_code)][0]
            jf = self.frame_ptr(pyf, fn, pyf.f_back is not None and pyf.f_back.f_code is ENTER_CODE) >> 32
        self.st(buf, jf << 32, PTR)
        self.st(buf + 8, bb, I64)
        self.st(buf + 16, len(self.AST) - sp, I64)
        self.sjres = 0
        return jf

    def longjmp(self, buf, val) -> None:
        f, bb, rel = self.ld(buf, PTR), self.ld(buf + 8, I64), self.ld(buf + 16, I64)
        if not all(v.__class__ is int for v in (f, bb, rel)) or f & M32 or not f or rel >> 32:
            self.fault(F_CONTROL, "longjmp to a jmp_buf that setjmp did not fill")
            raise Suspend()
        fid = f >> 32
        running = {self.live_frames.get(g[0]) for g in self.generated_frames(sys._getframe(1))}
        if fid not in running and self.longjmp_target(fid) is None:
            self.fault(F_CONTROL, "longjmp to a jmp_buf whose function has returned")
            raise Suspend()
        raise LongJmp(fid, bb, rel, (val & M32) or 1)

    def longjmp_target(self, fid: int) -> int | None:
        """fid if it is the running resumed activation's frame or a parked
        caller's (pointer), else None."""
        rb = self.resume_base
        frame = rb[0] << 32 if rb is not None else 0
        for _ in range(1 << 16):
            if not frame:
                return None
            if frame >> 32 == fid:
                return frame
            o = self.objs.get(frame >> 32)
            if o is None or len(o.b) < 16:
                return None
            frame = int.from_bytes(o.b[8:16], "little")
        return None

    def tls(self, p):
        """The calling thread's copy of a thread-local variable (DiOS keeps
        the copies; the main thread uses the variable itself)."""
        fn = self.prog.fn_by_name.get("__dios_tls_address")
        if fn is None or fn.decl or p.__class__ is not int:
            return p
        return self.FT[fn.idx](p, self.tls_templates.get(p >> 32, p))

    def insertvalue(self, agg, v, idx):
        if agg.__class__ is U:
            raise VMError("insertvalue into an undefined scalar")
        lst = list(agg)
        if len(idx) == 1:
            lst[idx[0]] = v
        else:
            lst[idx[0]] = self.insertvalue(lst[idx[0]], v, idx[1:])
        return tuple(lst)

    def extractelement(self, vec, i, ty):
        if i.__class__ is U or i >= len(vec):
            from divm.load.values import undef_of
            return undef_of(ty)
        return vec[i]

    def insertelement(self, vec, v, i):
        if i.__class__ is U or i >= len(vec):
            return vec
        lst = list(vec)
        lst[i] = v
        return tuple(lst)

    def shuffle(self, a, b, maskv, ety):
        both = tuple(a) + tuple(b)
        from divm.load.values import undef_of
        return tuple(undef_of(ety) if m is None else both[m] for m in maskv)

    def bitcast(self, x, st: Ty, dt: Ty):
        n = st.store
        buf = bytearray(max(n, dt.size, st.size))
        um = bytearray(len(buf))
        encode(st, x, buf, 0, um, [])
        return decode(dt, buf, 0, um if any(um) else None)

    def va_area(self, va) -> None:
        """At the entry of a variadic function that calls va_start: its
        variadic arguments (va: (kind, value) tags) in an overflow area, 8
        bytes each (16, 16-aligned, for long double and i128; a struct by
        value in its size), and a register save area, its first two allocas
        (AST[_sp] and AST[_sp + 1]).  A frame parked before its va_start
        keeps them as it keeps its allocas (its variadic arguments are not
        registers: a resumed frame has none)."""
        size = 0
        layout = []
        for tag in va:
            k = tag[0]
            if k in ("x", "I"):
                size = (size + 15) & ~15
                layout.append((size, tag))
                size += 16
            elif k == "b":
                al = 16 if tag[3] > 8 else 8
                size = (size + al - 1) & ~(al - 1)
                layout.append((size, tag))
                size += (tag[2] + 7) & ~7
            else:
                layout.append((size, tag))
                size += 8
        area = self.alloca(max(size, 8), 1, 16)
        o = self.objs[area >> 32]
        for off, tag in layout:
            k = tag[0]
            if k == "b":
                self.memcpy(area + off, tag[1], tag[2], True)
            else:
                ty = {"i": I64, "p": PTR, "d": DOUBLE, "x": X86FP80, "I": I128}[k]
                v = tag[1]
                if k == "i" and v.__class__ is not U:
                    v &= M64
                self.st(area + off, v, ty)
        self.alloca(176, 1, 16)
        o.resync()

    def va_start(self, ap, sp: int) -> None:
        """va_start(ap) in the function whose allocas start at AST[sp]
        (va_area made the first two): gp_offset and fp_offset past the
        register save area, so va_arg takes every argument from the
        overflow area.  LLP64's va_list is a pointer into the overflow area
        (its calls pass what is wider than 8 bytes by reference)."""
        if self.prog.llp64:
            self.st(ap, self.AST[sp] << 32, PTR)
            return
        self.st(ap, (48, 176, self.AST[sp] << 32, self.AST[sp + 1] << 32), VA_LIST)

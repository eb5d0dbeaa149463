"""Frames in graph memory.  A frame object: pc (code pointer; the offset
is the resume entry, 0 for a fresh call), parent, the number of allocas the
activation owns, a pointer to each, then the registers live at the resume
entry (8-byte slots for scalars).  Frames are written only when the OS asks
for one (to park a thread); while running, activations are Python frames."""

from __future__ import annotations

import struct
import sys

from divm.load.ir import Fn
from divm.load.layout import CODE_BASE, M32, decode_obj, encode
from divm.load.values import U
from divm.vm.defs import F_CONTROL, F_HYPERCALL, F_MEMORY, F_UNDEFINED, Jump, LongJmp, Suspend
from divm.vm.memory import K_FRAME, Obj

_PC = struct.Struct("<Q").unpack_from
_PC2 = struct.Struct("<QQ").unpack_from  # a frame's first field: its program counter

FRAME_HDR = 24
FRAME_HEAD = struct.Struct("<QQQ")  # pc, parent, number of allocas


class FrameLayout:
    """Where a frame parked at one resume entry keeps its live registers.
    `fast` packs them all at once when every one is a plain scalar."""
    __slots__ = ("names", "types", "offsets", "size", "fast", "ptr_offs", "ptrsets")

    def __init__(self, names: tuple, types: list):
        self.names = names
        self.types = types
        self.offsets = []
        off = 0
        codes = []
        for t in types:
            self.offsets.append(off)
            if t.k in ("i", "p") and t.bits <= 64:
                codes.append("Q")
            elif t.k == "d":
                codes.append("d")
            elif t.k == "f":
                codes.append("f4x")
            else:
                codes = None
                off += (max(t.size, 1) + 7) & ~7
                break
            off += 8
        for t in types[len(self.offsets):]:
            self.offsets.append(off)
            off += (max(t.size, 1) + 7) & ~7
        self.size = off
        self.fast = struct.Struct("<" + "".join(codes)) if codes is not None else None
        self.ptr_offs = [o for o, t in zip(self.offsets, types) if t.k == "p"]
        self.ptrsets: dict[int, frozenset] = {}  # allocas -> a frame's pointer slots (parent, allocas, registers)

    def pointer_slots(self, na: int) -> frozenset:
        """Where a frame at this entry owning na allocas holds pointers."""
        ps = self.ptrsets.get(na)
        if ps is None:
            base = FRAME_HDR + 8 * na
            ps = self.ptrsets[na] = frozenset({8, *range(FRAME_HDR, base, 8), *(base + o for o in self.ptr_offs)})
        return ps


def encode_regs(o: Obj, head: bytes, base: int, lay: FrameLayout, vals: tuple, ptrset: set) -> None:
    """Write a frame's registers with the general encoder: undefined bits,
    aggregates, long doubles (materialise packs plain scalars at once)."""
    size = base + lay.size
    buf = bytearray(size)
    buf[:base] = head
    um = bytearray(size)
    pl: list[int] = []
    syms: list = []
    for v, ty, off in zip(vals, lay.types, lay.offsets):
        if v is None:
            um[base + off:base + off + max(ty.size, 1)] = b"\xff" * max(ty.size, 1)
        else:
            encode(ty, v, buf, base + off, um, pl, syms)
    o.b = buf
    o.ud = None
    o.nud = 0
    o.sym = None
    if any(um):
        o.undefine(0, bytes(um))
    if syms:
        from divm.vm.symterms import install_syms
        install_syms(o, syms)
    ptrset.update(pl)


def pack_regs(o: Obj, head: bytes, na: int, lay: FrameLayout, vals: tuple) -> bool:
    """Write a frame's registers with its layout's struct (encode_regs'
    result, quicker), undefined integers and pointers included (an
    uninitialised local); False where only encode_regs can."""
    us = ()
    if U in map(type, vals):
        us = [i for i, v in enumerate(vals) if v.__class__ is U]
        if any(lay.types[i].k not in ("i", "p") for i in us):
            return False
    try:
        if us:  # (struct would pack a U by its __index__)
            vs = list(vals)
            for i in us:
                vs[i] = vals[i].v & ((1 << 8 * lay.types[i].store) - 1)
            o.b = bytearray(head + lay.fast.pack(*vs))
        else:
            o.b = bytearray(head + lay.fast.pack(*vals))
    except (struct.error, TypeError, OverflowError):
        return False
    o.ud = None
    o.sym = None
    o.nud = 0
    o.ptrs = set(lay.pointer_slots(na))
    o.slow = False
    base = FRAME_HDR + 8 * na
    for i in us:
        n = lay.types[i].store
        o.undefine(base + lay.offsets[i], (vals[i].m & ((1 << 8 * n) - 1)).to_bytes(n, "little"))
        o.ptrs.discard(base + lay.offsets[i])  # (an undefined pointer is no edge)
    return True


def undefined_regs(o: Obj, lay: FrameLayout, base: int, vals: tuple) -> tuple:
    """A frame's registers unpacked at once (vals), with those holding
    undefined bits decoded again with them."""
    ud = o.ud
    out = None
    for i, off in enumerate(lay.offsets):
        at = base + off
        if ud.count(0, at, at + 8) != 8:  # (every fast slot is 8 bytes)
            if out is None:
                out = list(vals)
            out[i] = decode_obj(lay.types[i], o, at)
    return vals if out is None else tuple(out)


_new = Obj.__new__


def frame_obj() -> Obj:
    """A new, empty frame object (Obj(0, K_FRAME, defined=True), quicker)."""
    o = _new(Obj)
    o.b = bytearray()
    o.ud = o.h = o.meta = o.sym = None
    o.nud = o.serial = 0
    o.ptrs = set()
    o.ro = o.shared = o.frozen = o.slow = False
    o.kind = K_FRAME
    o.name = ""
    return o


class Frames:
    """Activations written into frame objects, frame objects continued (a
    mixin of VM).  Keeps live_frames, frame_lines, unwritten, resume_base;
    uses new_obj, was_freed, compile and fault."""

    def frame_layout(self, fn: Fn, rid: int) -> FrameLayout:
        try:
            return fn.layouts[rid]
        except (AttributeError, KeyError):
            pass
        lays = fn.__dict__.setdefault("layouts", {})
        lay = lays.get(rid)
        if lay is None:
            if not hasattr(fn, "regs"):
                self.compile(fn)
            names = fn.live.get(rid)
            if names is None:  # not a resume entry: keep everything
                names = tuple(fn.regs)
            lay = lays[rid] = FrameLayout(names, [fn.regs[n] for n in names])
        return lay

    def generated_frames(self, f) -> list:
        """(python frame, fn, resume map) of generated code, innermost first,
        down to the activation the VM resumed or entered."""
        out = []
        while f is not None:
            info = self.code_info.get(id(f.f_code))
            if info is not None:
                out.append((f, info[0], info[2]))
            if f.f_code is ENTER_CODE:
                break
            f = f.f_back
        return out

    def frame_ptr(self, pyf, fn: Fn, outermost: bool) -> int:
        fid = self.live_frames.get(pyf)
        if fid is None:
            if outermost and self.resume_base is not None:
                fid = self.resume_base[0]
            else:
                fid = self.new_obj(0, K_FRAME, defined=True)
            self.live_frames[pyf] = fid
        return fid << 32

    def materialise(self, frames: list, only_changed: bool = False) -> int:
        """Write the given activations, innermost first, each (python frame,
        fn, resume entry, live registers in layout order, alloca mark), into
        frame objects; only_changed skips frames written alike before."""
        live = self.live_frames
        last = len(frames) - 1
        fids = []
        for i, fr in enumerate(frames):
            fid = live.get(fr[0])
            if fid is None:
                if i == last and self.resume_base is not None:
                    fid = self.resume_base[0]
                else:
                    fid = self.new_obj(0, K_FRAME, defined=True)
                live[fr[0]] = fid
            fids.append(fid)
        parent = self.resume_base[1] if self.resume_base is not None else 0
        AST = self.AST
        sp_end = len(AST)
        written = self.frame_lines
        owned = []
        for fr in frames:  # allocas: each activation owns AST[_sp:next inner _sp]
            sp = fr[4]
            if sp is not None:
                owned.append(AST[sp:sp_end])
                sp_end = sp
            else:
                owned.append(())
        for i in range(last, -1, -1):
            _, fn, rid, vals, _ = frames[i]
            fid = fids[i]
            al = owned[i]
            stamp = (rid, parent, tuple(al), vals)  # (a block's variable can change its id)
            if not only_changed or written.get(fid) != stamp:
                written[fid] = stamp
                self.write_frame(fid, fn, rid, parent, al, vals)
            parent = fid << 32
        return fids[0] << 32

    def write_frame(self, fid: int, fn: Fn, rid: int, parent: int, al: list, vals: tuple) -> None:
        """Frame object fid: fn parked at resume entry rid, its parent, its
        allocas al and the registers live there (vals, in layout order)."""
        try:
            lay = fn.layouts[rid]
        except (AttributeError, KeyError):
            lay = self.frame_layout(fn, rid)
        na = len(al)
        head = FRAME_HEAD.pack(((CODE_BASE + fn.idx) << 32) | rid, parent, na)
        if na:
            head += struct.pack(f"<{na}Q", *[a << 32 for a in al])
        o = self.objs[fid]
        if o.frozen:  # every field is rewritten below: a new object, not a copy
            o = self.objs[fid] = frame_obj()
            if self.dirty is not None:
                self.dirty.add(fid)
        if lay.fast is not None and pack_regs(o, head, na, lay, vals):
            return
        ptrset = {8, *range(FRAME_HDR, FRAME_HDR + 8 * na, 8)}
        encode_regs(o, head, FRAME_HDR + 8 * na, lay, vals, ptrset)
        o.ptrs = ptrset
        o.resync()

    def from_locals(self, frames: list, lines: list) -> list:
        """The materialise records of python frames read through f_locals (a
        dict of every local, built per call): for frames that did not pass
        their registers to a Suspend."""
        out = []
        for (f, fn, resume), line in zip(frames, lines):
            rid = resume.get(line, 0)
            loc = f.f_locals
            out.append((f, fn, rid, tuple(loc.get(n) for n in self.frame_layout(fn, rid).names), loc.get("_sp")))
        return out

    def refresh_frames(self, s: Suspend) -> None:
        """At a suspension: bring the parked activations' frames up to date."""
        parked = self.parked
        if parked is not None:  # the usual case: hc_frame named them, and each passed its registers to s
            self.parked = None
            recs = {r[3]: r for r in s.fr}
            out = []
            for f, fn, _ in parked:
                r = recs.get(f)
                if r is None:
                    break
                out.append((f, fn, r[0], r[1], r[2]))
            else:
                self.materialise(out, only_changed=True)
                return self.forget_unwritten()
        frames, tbs = self.suspended_frames(s)
        # only activations the OS holds (and everything outside them) matter
        live = self.live_frames
        first = next((i for i, fr in enumerate(frames) if fr[0] in live), None)
        if first is not None:
            self.materialise(self.records(s, frames[first:], tbs[first:]), only_changed=True)
        self.forget_unwritten()

    def suspended_frames(self, s: Suspend) -> tuple[list, list]:
        """The generated activations a suspension passed, from the innermost
        to the one the VM entered, and their traceback entries."""
        frames, tbs = [], []
        code_info = self.code_info
        tb = s.__traceback__
        while tb is not None:  # outermost first
            f = tb.tb_frame
            code = f.f_code
            if code is ENTER_CODE:  # activations outside the one the VM entered do not count
                frames, tbs = [], []
            else:
                info = code_info.get(id(code))
                if info is not None:
                    frames.append((f, info[0], info[2]))
                    tbs.append(tb)
            tb = tb.tb_next
        frames.reverse()  # innermost first
        tbs.reverse()
        return frames, tbs

    def records(self, s: Suspend, frames: list, tbs: list) -> list:
        """materialise's records of these activations: from the registers
        each handed to s, or (suspended elsewhere than at a resume point, a
        fault, say) from their locals."""
        recs = {r[3]: r for r in s.fr}
        out = []
        for fr in frames:
            r = recs.get(fr[0])
            if r is None:
                return self.from_locals(frames, [self.line_at(t.tb_frame.f_code, t.tb_lasti) for t in tbs])
            out.append((fr[0], fr[1], r[0], r[1], r[2]))
        return out

    def forget_unwritten(self) -> None:
        """Frames handed out and written since are no longer pending."""
        unwritten = self.unwritten
        if unwritten:
            for fid in [fid for fid in unwritten if fid in self.frame_lines]:
                del unwritten[fid]
            if unwritten:  # handed out by activations that have returned since
                self.write_pending_frames()

    def line_at(self, code, lasti: int) -> int:
        """The line of an instruction offset: tb_lineno scans the line table
        each time, which is costly in large generated functions."""
        lines = self.lasti_lines.get(id(code))
        if lines is None:
            lines = self.lasti_lines[id(code)] = {}
        ln = lines.get(lasti)
        if ln is None:
            ln = lines[lasti] = next((ln for start, end, ln in code.co_lines() if start <= lasti < end), 0)
        return ln

    def hc_frame(self, up: int = 1, out: int = 0) -> int:
        """__vm_ctl_get(_VM_CR_Frame[, out]): the frame of the generated code
        `up` python frames out (the caller of the hypercall), or of the
        activation `out` calls outside it (DiOS parks the caller of
        __dios_interrupt: its own frame would be one more object to write,
        resume and free in every transition, only to return)."""
        frames = self.generated_frames(sys._getframe(up))
        if 0 < out < len(frames):
            del frames[:out]
        if not frames:
            return 0
        # the OS only keeps the pointer and suspends: the frames are written
        # at the suspension (refresh_frames), or when something reads them
        ptrs = [self.frame_ptr(f, fn, i == len(frames) - 1) for i, (f, fn, _) in enumerate(frames)]
        unwritten = self.unwritten
        for p in ptrs:
            unwritten[p >> 32] = frames
        self.parked = frames  # (refresh_frames writes them at the suspension that usually follows)
        return ptrs[0]

    def write_pending_frames(self) -> None:
        """Something reads a frame hc_frame handed out: write it now."""
        for frames in {id(f): f for f in self.unwritten.values()}.values():
            self.materialise(self.from_locals(frames, [f.f_lineno for f, _, _ in frames]), only_changed=True)
        self.unwritten.clear()

    def free_frame(self, fid: int) -> None:
        if self.objs.pop(fid, None) is not None:
            if self.dirty is not None:
                self.dirty.add(fid)

    def enter_frame(self, frame: int, bb: int = -1, regs: tuple = ()) -> None:
        """Continue a thread whose frame the OS holds: a fresh frame
        {pc, parent, args...} calls the function; a parked one resumes it
        (at block bb >= 0 with every register in regs, after a jump)."""
        value = None
        objs, FT, AST = self.objs, self.FT, self.AST
        entries = self.frame_entries
        jrel = None  # a longjmp to a parked caller: its allocas past this many are freed
        while frame:
            o = objs.get(frame >> 32)
            if o is None or len(o.b) < FRAME_HDR or frame & M32:
                if o is not None and len(o.b) >= 16 and not frame & M32:  # (a fresh frame without arguments)
                    pc, parent = _PC2(o.b, 0)
                    na = 0
                else:
                    self.fault(F_HYPERCALL, "jump to an invalid frame")
                    raise Suspend()
            else:
                pc, parent, na = FRAME_HEAD.unpack_from(o.b, 0)
            fidx = (pc >> 32) - CODE_BASE
            ent = entries.get(fidx)
            if ent is None:
                if not (0 <= fidx < len(FT)) or self.prog.functions[fidx].decl:
                    self.fault(F_CONTROL, "frame with an invalid program counter")
                    raise Suspend()
                fn = self.prog.functions[fidx]
                # (a resumed activation's parameters come from its registers)
                ent = entries[fidx] = (fn, (None,) * len(fn.params) + (((),) if fn.ty.vararg else ()))
            fn, args = ent
            rid = pc & M32
            self.resume_base = (frame >> 32, parent)
            if bb < 0 and rid == 0:
                value = FT[fidx](*[decode_obj(t, o, 16 + 8 * i) for i, t in enumerate(fn.ty.params)])
            else:
                # a parked thread resumes at its interrupt point (or where a
                # jump sends it): the action there is this transition's visible
                # action; the activation takes its allocas back
                self.visible = True
                sp = len(AST)
                if na:
                    AST.extend(q >> 32 for q in struct.unpack_from(f"<{na}Q", o.b, FRAME_HDR))
                if jrel is not None:
                    if len(AST) > sp + jrel:
                        self.freeto(sp + jrel)
                    jrel = None
                if bb >= 0:
                    try:
                        value = FT[fidx](*args, _rs=(bb, None, regs, sp, "jump"))
                    except LongJmp as e:
                        frame, bb, regs, jrel = self.longjmp_out(frame, e)
                        continue
                    bb = -1
                else:
                    try:
                        lay = fn.layouts[rid]
                    except (AttributeError, KeyError):
                        lay = self.frame_layout(fn, rid)
                    base = FRAME_HDR + 8 * na
                    if lay.fast is not None and len(o.b) == base + lay.size and o.sym is None:
                        vals = lay.fast.unpack_from(o.b, base)
                        if o.ud is not None:
                            vals = undefined_regs(o, lay, base, vals)
                    else:
                        vals = tuple(decode_obj(t, o, base + off) for t, off in zip(lay.types, lay.offsets))
                    try:
                        value = FT[fidx](*args, _rs=(rid, value, vals, sp))
                    except LongJmp as e:
                        frame, bb, regs, jrel = self.longjmp_out(frame, e)
                        continue
            self.returned_fn = fidx  # (the value goes to the parent's call: vm.ret_chk names this callee)
            # (live_frames may keep the returned activation: no new one can match it)
            if objs.pop(frame >> 32, None) is not None and self.dirty is not None:
                self.dirty.add(frame >> 32)
            frame = parent
        raise Suspend()

    def longjmp_out(self, frame: int, e: LongJmp) -> tuple:
        """A longjmp left the activations resumed from frame for a parked
        caller's setjmp: the frames in between go, and the caller goes on
        at the block after its setjmp with the registers its frame holds
        (as a jump does).  (frame, block, registers, allocas kept)."""
        target = self.longjmp_target(e.jf)
        if target is None:
            raise e
        while frame and frame >> 32 != e.jf:
            o = self.objs.get(frame >> 32)
            parent = int.from_bytes(o.b[8:16], "little") if o is not None and len(o.b) >= 16 else 0
            self.free_frame(frame >> 32)
            frame = parent
        self.sjres = e.val
        fn, regs = self.frame_registers(frame)
        return frame, e.bb, regs, e.sp

    def frame_registers(self, frame: int) -> tuple:
        """(function, every register of it, in fn.regs order) of a parked
        frame: those it holds, None for the others."""
        o = self.objs[frame >> 32]
        fpc = struct.unpack_from("<Q", o.b, 0)[0]
        fn = self.prog.functions[(fpc >> 32) - CODE_BASE]
        rid = fpc & M32
        vals: dict = {}
        if rid:
            lay = self.frame_layout(fn, rid)
            na = FRAME_HEAD.unpack_from(o.b, 0)[2]
            base = FRAME_HDR + 8 * na
            vals = {n: decode_obj(t, o, base + off) for n, t, off in zip(lay.names, lay.types, lay.offsets)}
        if not hasattr(fn, "regs"):
            self.compile(fn)
        return fn, tuple(vals.get(n) for n in fn.regs)

    def jump_to_block(self, frame: int, pc) -> Jump:
        """__vm_ctl_set(_VM_CR_Frame, frame, pc): continue frame's function
        at the block pc (a block address) with the registers the frame holds."""
        fpc = _PC(self.objs[frame >> 32].b)[0]
        if pc.__class__ is not int or pc >> 32 != fpc >> 32 or not pc & M32:
            self.fault(F_CONTROL, "__vm_ctl_set(_VM_CR_Frame) to a pc outside the frame's function")
            raise Suspend()
        fn, regs = self.frame_registers(frame)
        if (pc & M32) - 1 not in getattr(fn, "jump_entries", ()):
            self.fault(F_CONTROL, "__vm_ctl_set(_VM_CR_Frame) to a pc that is no label of the frame's function")
            raise Suspend()
        return Jump(frame, (pc & M32) - 1, regs)

    def is_frame(self, val: int) -> bool:
        """Can control go to frame val (a frame the VM wrote, or one the OS
        made for a new thread)?  No fault if not."""
        o = self.objs.get(val >> 32)
        if o is not None and not val & M32 and len(o.b) >= 16 and (o.ud is None or not any(o.ud[:8])):
            fidx = (_PC(o.b)[0] >> 32) - CODE_BASE
            return 0 <= fidx < len(self.FT) and not self.prog.functions[fidx].decl
        return False

    def valid_frame(self, val) -> bool:
        """Can control go to frame val?  A fault (at the caller) if not."""
        if val.__class__ is int and self.is_frame(val):
            return True
        if val.__class__ is U:
            self.fault(F_UNDEFINED, "jump to an undefined frame pointer")
            return False
        oid = val >> 32
        if oid in self.unwritten:
            self.write_pending_frames()
        o = self.objs.get(oid)
        if o is None or val & M32 or len(o.b) < 16:
            what = "a freed object" if o is None and self.was_freed(oid) else "an invalid frame"
            self.fault(F_MEMORY, f"__vm_ctl_set(_VM_CR_Frame) to {what}")
            return False
        fidx = (_PC(o.b)[0] >> 32) - CODE_BASE
        if o.ud is not None and any(o.ud[:8]) or not (0 <= fidx < len(self.FT)) \
                or self.prog.functions[fidx].decl:
            self.fault(F_CONTROL, "__vm_ctl_set(_VM_CR_Frame) to a frame with an invalid program counter")
            return False
        return True


ENTER_CODE = Frames.enter_frame.__code__  # where the activations the VM entered begin

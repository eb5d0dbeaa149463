"""What `divm sim` shows of a state: the threads (DiOS's task table), their
frames (parked ones are frame objects in memory; while a transition is
stopped in the middle, the running thread's innermost activations are
Python frames of the generated code) and the local variables of a frame."""

from __future__ import annotations

import struct

from divm.cli.draw import stack, tasks
from divm.cli.simexpr import V
from divm.cli.simtypes import DebugInfo
from divm.load.layout import M32, decode_obj
from divm.vm.frames import ENTER_CODE, FRAME_HDR, FRAME_HEAD


class Frame:
    """One activation: its function and where it is; py is the Python
    frame of a running one, else fid and rid are its frame object and
    resume entry (rid 0: the function has not started)."""
    __slots__ = ("fn", "file", "line", "py", "fid", "rid", "owned")

    def __init__(self, fn, loc: tuple, py=None, fid: int = 0, rid: int = 0):
        self.fn, self.file, self.line = fn, loc[0], loc[1]
        self.py, self.fid, self.rid = py, fid, rid
        self.owned: list[int] = []  # a running activation's allocas (a parked one's are in its frame)

    def where(self) -> str:
        return f"{self.fn.name} ({self.file}:{self.line})"


def py_loc(fn, linemap: dict, lineno: int) -> tuple:
    """The C location of a line of generated code (as vm.backtrace finds it)."""
    for d in range(8):
        loc = linemap.get(lineno - d)
        if loc:
            return loc
    return (fn.file, fn.line)


def parked_frames(vm, ptr: int, limit: int = 10000) -> list[Frame]:
    return [Frame(fn, loc, fid=fid, rid=rid) for fn, loc, rid, fid in stack(vm.prog, vm.objs, ptr, limit)]


def live_frames(vm, f) -> list[Frame]:
    """The running thread's activations from Python frame f outwards: the
    generated code's Python frames, then the parked frames they resume."""
    out = []
    end = len(vm.AST)
    while f is not None:
        info = vm.code_info.get(id(f.f_code))
        if info is not None:
            fr = Frame(info[0], py_loc(info[0], info[1], f.f_lineno), py=f)
            sp = f.f_locals.get("_sp")
            if sp.__class__ is int:  # each activation owns the allocas from its mark to the next one's
                fr.owned, end = vm.AST[sp:end], sp
            out.append(fr)
        if f.f_code is ENTER_CODE:
            break
        f = f.f_back
    parent = vm.resume_base[1] if vm.resume_base is not None else 0
    return out + parked_frames(vm, parent)


def user_depth(vm, f) -> int:
    """How many of the program's own functions are active in the running
    thread, Python frame f the innermost."""
    return sum(1 for fr in live_frames(vm, f) if not fr.fn.system)


def threads(vm) -> list[tuple[int, int, int | None, int]]:
    """(id, state (0: alive), wait kind (None: not known), frame) of each of
    DiOS's tasks."""
    get = getattr(vm, "tasks", None)  # (id, state, wait kind, wait object, frame) where the VM has it
    if get is not None:
        try:
            return [(t[0], t[1], t[2], t[-1]) for t in get()]
        except (TypeError, IndexError, struct.error):
            pass
    return [(t[1], t[2], None, t[0]) for t in tasks(vm.prog, vm.objs, vm.regs)]


def parked_registers(vm, fr: Frame) -> tuple[dict, list[int]]:
    """A parked frame's saved registers by name and the allocas it owns."""
    o = vm.objs.get(fr.fid)
    if o is None or len(o.b) < FRAME_HDR:
        return {}, []
    na = FRAME_HEAD.unpack_from(o.b, 0)[2]
    owned = [q >> 32 for q in struct.unpack_from(f"<{na}Q", o.b, FRAME_HDR)] if len(o.b) >= FRAME_HDR + 8 * na \
        else []
    lay = vm.frame_layout(fr.fn, fr.rid)
    base = FRAME_HDR + 8 * na
    regs = {}
    for name, t, off in zip(lay.names, lay.types, lay.offsets):
        if base + off + max(t.size, 1) <= len(o.b):
            regs[name] = decode_obj(t, o, base + off)
    return regs, owned


def frame_scope(info: DebugInfo, vm, fr: Frame) -> dict:
    """The local variables of a frame: name -> V (in memory, or the value
    of a register for a local the VM keeps in one), or a sentence saying
    why it cannot be read here.  Only variables whose block holds the
    frame's line; of two with one name, the one declared last before it."""
    fn = fr.fn
    chosen: dict = {}
    for var in info.locals.get(fn.name, ()):
        if var.span is not None and not var.span[0] <= fr.line <= var.span[1]:
            continue  # its block is elsewhere
        best = chosen.get(var.name)
        if best is None or (var.line <= fr.line, var.line if var.line <= fr.line else -var.line) > (
                best.line <= fr.line, best.line if best.line <= fr.line else -best.line):
            chosen[var.name] = var
    if not chosen:
        return {}
    if fr.py is None and not fr.rid:
        return {n: f"{n}: {fn.name} has not started yet" for n in chosen}
    regs, owned = (dict(fr.py.f_locals), fr.owned) if fr.py is not None else parked_registers(vm, fr)
    fregs = getattr(fn, "regs", {})
    memory = [i.res for i in fn.blocks[0].ins if i.op == "alloca" and "m" + i.res not in fregs] if fn.blocks \
        else []
    out: dict = {}
    for name, var in chosen.items():
        t = info.types.get(var.type)
        if "m" + var.reg in fregs:  # a promoted alloca: a Python local of the generated code
            if "m" + var.reg in regs:
                out[name] = V(t, val=regs["m" + var.reg], reg=True)
            else:
                out[name] = (f"{name} is not available here: the VM keeps it in a register (its address is never "
                             "taken), and nothing reads it after this point")
            continue
        p = regs.get(var.reg)
        if p.__class__ is int and p >> 32 in vm.objs:
            out[name] = V(t, p >> 32, p & M32)
        elif var.reg in memory and memory.index(var.reg) < len(owned) and owned[memory.index(var.reg)] in vm.objs:
            out[name] = V(t, owned[memory.index(var.reg)], 0)
        else:
            out[name] = f"{name} is not available here (not allocated yet, or no longer)"
    return out

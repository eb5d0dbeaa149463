"""Hypercalls (__vm_*): control registers, traces, heap objects, metadata."""

from __future__ import annotations

import struct
import sys

from divm.load.layout import M32
from divm.load.types import PTR
from divm.load.values import Sym, U
from divm.vm import ops
from divm.vm.access import kind_word
from divm.vm.defs import (CF_ACCEPTING, CF_BOOTING, CF_ERROR, CF_STOP, CONT_FRAME, CR_CONSTANTS, CR_FAULTHANDLER,
                          CR_FLAGS, CR_FRAME, CR_SCHEDULER, CR_STATE, F_ACCESS, F_HYPERCALL, F_MEMORY, F_UNDEFINED,
                          KIND_NAMES, T_BACKTRACE, T_EXIT, T_FAULT, T_OUTPUT, T_SCHEDINFO, T_TEXT, ContinueFault,
                          ErrorInfo, Jump, SYM_SIZE, Suspend)
from divm.vm.memory import K_ALLOCA, K_HEAP, K_KERNEL, Obj, clone

ML_POINTERS, ML_DEFINEDNESS, ML_USER = 0, 1, 3


class Hypercalls:
    """__vm_* over the other parts' operations (a mixin of VM)."""

    def hc_ctl_set(self, reg, val=0, *rest):
        if reg == CR_FRAME:
            if val == 0:
                raise Suspend()
            if val == CONT_FRAME:
                raise ContinueFault()
            if not self.valid_frame(val):
                return
            if self.unwritten:  # the target may be an activation on the python stack
                self.write_pending_frames()
            if rest:
                raise self.jump_to_block(val, rest[0][1])
            raise Jump(val)
        if reg == CR_FLAGS:
            self.flags = val
        elif reg in (CR_SCHEDULER, CR_STATE, CR_FAULTHANDLER):
            if not self.flags & CF_BOOTING:
                self.fault(F_HYPERCALL, "this register can only be set during boot")
                return
            self.regs[reg] = val
        elif reg == CR_CONSTANTS:
            self.fault(F_ACCESS, "the constants register is read-only")
        elif 0 <= reg < len(self.regs):
            self.regs[reg] = val
        else:
            self.fault(F_HYPERCALL, f"__vm_ctl_set of unknown register {reg}")

    def hc_ctl_get(self, reg, *rest):
        if reg == CR_FRAME:
            return self.hc_frame(2, rest[0][1] if rest and rest[0][1].__class__ is int else 0)
        if reg == CR_FLAGS:
            return self.flags
        if 0 <= reg < len(self.regs):
            return self.regs[reg]
        self.fault(F_HYPERCALL, f"__vm_ctl_get of unknown register {reg}")
        return 0

    def hc_ctl_flag(self, clear, set_):
        old = self.flags
        self.flags = (old & ~clear) | set_
        self.set_live()
        if set_ & CF_ACCEPTING and self.want_stop_bt and self.accept_bt is None:
            self.accept_bt = self.backtrace()
        if set_ & CF_ERROR and not old & CF_ERROR and self.error is None:
            if self.pending_fault is not None:
                kind, msg, bt, objs = self.pending_fault
                self.error = ErrorInfo(KIND_NAMES.get(kind, "control"), msg, bt, objects=objs)
            else:
                self.error = ErrorInfo("assert", "error flag set", self.backtrace())
        return old

    def hc_trace(self, kind, *args):
        if kind == T_OUTPUT:
            fd, buf, n = args[0][1], args[1][1], args[2][1]
            n &= M32
            if n:
                o = self.check(buf, n, False)
                if o is None:
                    return
                off = buf & M32
                data = bytes(o.b[off:off + n])
                sym = o.sym
                if sym is not None and any(off <= k < off + n for k in sym):
                    # symbolic bytes print as one value they may have on this path
                    data = bytearray(data)
                    for k, t in sym.items():
                        if off <= k < off + n:
                            data[k - off] = self.engine.example(Sym(t, 8))
                    data = bytes(data)
                if o.ud is not None and any(o.ud[off:off + n]) and \
                        (sym is None or any(o.ud[k] and k not in sym for k in range(off, off + n))):
                    self.fault(F_UNDEFINED, "output of uninitialised bytes")
                self.trace.append(("out", fd, data))
                if self.out is not None:
                    self.out(fd, data)
        elif kind == T_BACKTRACE:
            self.bt_frame = args[0][1]
        elif kind == T_SCHEDINFO:
            self.trace.append(("sched", args[0][1], args[1][1]))
        elif kind == T_EXIT:
            self.exit_status = ops.sx(args[0][1] & M32, 32) & 0xFF
            self.exit_at(sys._getframe(1))
        elif kind == T_FAULT:
            fk = args[0][1]
            msg = self.cstring(args[1][1]).decode("utf-8", "replace") if len(args) > 1 and args[1][1] else ""
            self.fault(fk, msg or KIND_NAMES.get(fk, "fault"))
        elif kind == T_TEXT:
            self.trace.append(("text", self.cstring(args[0][1]).decode("utf-8", "replace")))

    def exit_at(self, frame) -> None:
        """The program ends in the generated code's frame: what its live
        activations hold is not lost (leak checks), and a leak found then is
        reported where the program called exit() or abort()."""
        if self.leakcheck:
            self.exit_roots = [x for x in self.AST + self.stack_roots(frame) if x in self.objs]
            bt = self.backtrace()  # (only the OS's activations, past main's return: no place in the program)
            first = self.prog.fn_by_name.get(bt[0]["function"]) if bt else None
            self.exit_bt = bt if first is not None and not first.system else []

    def end_program(self, status: int, frame) -> None:
        """The program ends here as DiOS's exit ends it (one process: no
        destructor runs, as after abort())."""
        self.exit_status = status & 0xFF
        self.exit_at(frame)
        self.flags |= CF_STOP
        raise Suspend()

    def cstring(self, p, limit: int = 1 << 20) -> bytes:
        o = self.check(p, 1, False)
        if o is None:
            return b""
        off = p & M32
        if o.sym is not None and self.engine is not None:  # (--symbolic: a message with symbolic characters)
            return self.engine.example_string(o, off, limit)
        end = o.b.find(0, off)
        if end < 0:
            self.fault(F_MEMORY, "string is not terminated within its object")
            return bytes(o.b[off:])
        return bytes(o.b[off:min(end, off + limit)])

    def hc_obj_make(self, size, typ=3):
        if size.__class__ is U:
            self.fault(F_UNDEFINED, "__vm_obj_make with an undefined size")
            return 0
        size = ops.sx(size, 32)
        if size < 0:
            self.fault(F_HYPERCALL, f"__vm_obj_make with a negative size {size}")
            return 0
        oid = self.new_obj(size, K_KERNEL if typ == 4 else K_HEAP)
        if self.watch is not None:  # a counterexample being explained: where blocks come from
            self.watch.alloc(oid)
        return oid << 32

    def heap_obj(self, p, what: str) -> Obj | None:
        if p.__class__ is U:
            self.fault(F_UNDEFINED, f"{what} of an undefined pointer")
            return None
        oid = p >> 32
        o = self.objs.get(oid)
        self.fault_objs = (oid,)
        if o is None:
            if self.was_freed(oid):
                self.fault(F_MEMORY, f"{what} of an object that was already freed (double free)")
            else:
                self.fault(F_MEMORY, f"{what} of an invalid pointer")
            return None
        if o.kind not in (K_HEAP, K_KERNEL):
            self.fault(F_MEMORY, f"{what} of a pointer to a {kind_word(o)} object, not to the heap")
            return None
        if p & M32:
            self.fault(F_MEMORY, f"{what} of a pointer into the middle of an object (offset {p & M32})")
            return None
        self.fault_objs = ()
        return o

    def hc_obj_free(self, p):
        o = self.objs.get(p >> 32) if p.__class__ is int and not p & M32 else None
        if o is not None and (o.kind == K_HEAP or o.kind == K_KERNEL) or self.heap_obj(p, "free") is not None:
            if self.watch is not None:
                self.watch.free(p >> 32)
            del self.objs[p >> 32]
            if self.dirty is not None:
                self.dirty.add(p >> 32)

    def hc_obj_size(self, p):
        if self.touch_log is not None:  # (a size is the whole object's: vm/footprint.py)
            self.touch_log.append((p, 1 << 32))
        o = self.objs.get(p >> 32) if p.__class__ is not U else None
        if o is None:
            if p.__class__ is int and self.was_freed(p >> 32):
                self.fault(F_MEMORY, "use of a freed object")
            else:
                self.fault(F_MEMORY, "size of an invalid pointer")
            return 0
        return len(o.b)

    def hc_obj_resize(self, p, size):
        o = self.heap_obj(p, "resize")
        if o is None:
            return
        o = self.writable(p >> 32)
        size = ops.sx(size, 32)
        if o.sym is not None and o.sym.pop(SYM_SIZE, None) is not None and not o.sym:  # (a concrete size now)
            o.sym = None
        old = len(o.b)
        if size < old:
            if o.sym is not None:
                o.drop_sym(size, old - size)
            del o.b[size:]
            if o.ud is not None:
                del o.ud[size:]
                o.nud = size - o.ud.count(0)
                if not o.nud:
                    o.ud = None
            o.ptrs = {q for q in o.ptrs if q + 8 <= size}
        else:
            o.b.extend(bytes(size - old))
            o.undefine(old, b"\xff" * (size - old))
        o.resync()

    def listed_objects(self, block) -> set[int]:
        """The objects a null-terminated array of pointers at block points
        into (none if block is null)."""
        out: set[int] = set()
        for i in range(1 << 16 if block else 0):
            q = self.ld(block + 8 * i, PTR)
            if not q or q.__class__ is not int:
                break
            out.add(q >> 32)
        return out

    def hc_obj_clone(self, root, block=0):
        """Deep copy of the heap graph reachable from root; objects listed in
        the null-terminated array `block` (and non-heap objects) are shared,
        not copied."""
        if self.touch_log is not None:  # (it reads a whole graph: dependent on everything, vm/footprint.py)
            self.touch_log.append((None, None))
        if root.__class__ is not int or (root >> 32) not in self.objs:
            self.fault(F_HYPERCALL, "__vm_obj_clone of an invalid pointer")
            return 0
        stop = self.listed_objects(block)
        order, copy = [root >> 32], {}
        while order:
            oid = order.pop()
            o = self.objs.get(oid)
            if oid in copy or oid in stop or o is None or o.kind not in (K_HEAP, K_ALLOCA):
                continue
            copy[oid] = self.new_obj(0, K_HEAP)
            for off in o.ptrs:
                order.append(struct.unpack_from("<Q", o.b, off)[0] >> 32)
        for oid, nid in copy.items():
            c = clone(self.objs[oid])
            c.kind, c.ro, c.shared = K_HEAP, False, False
            for off in c.ptrs:
                v = struct.unpack_from("<Q", c.b, off)[0]
                if (v >> 32) in copy:
                    struct.pack_into("<Q", c.b, off, (copy[v >> 32] << 32) | (v & M32))
            self.objs[nid] = c
        return (copy.get(root >> 32, root >> 32) << 32) | (root & M32)

    def hc_obj_shared(self, p) -> None:
        self.share(p)

    def meta_range(self, what: str, key, obj, off, n, write: bool) -> Obj | None:
        """The object a __vm_peek/__vm_poke names by id and offset, checked
        for the n bytes it covers (a fault and None if it is no object)."""
        if any(x.__class__ is U for x in (key, obj, off, n)):
            self.fault(F_UNDEFINED, f"{what} with an undefined argument")
            return None
        if n < 0 or not 0 <= off <= M32:
            self.fault(F_HYPERCALL, f"{what} of a negative range")
            return None
        o = self.check(((obj & M32) << 32) | off, n, False)
        if o is None:
            return None
        if write and (key >= ML_USER or key == ML_DEFINEDNESS):
            o = self.writable(obj & M32)
        return o

    def hc_peek(self, key, obj, off, n, shape=()):
        """__vm_peek: the metadata interval {offset, length, value} of layer
        key meeting [off, off + n) (the first one), {0, 0, 0} if none."""
        r = (0, 0, 0)
        if self.touch_log is not None:  # (vm/footprint.py)
            self.touch_log.append((((obj & M32) << 32) | (off & M32) if obj.__class__ is int and off.__class__ is int
                                   else None, max(n, 1) if n.__class__ is int else None))
        o = self.meta_range("__vm_peek", key, obj, off, n, False)
        if o is not None:
            if key >= ML_USER:
                for layer, lo, hi, v in meta_items(o.meta):
                    if layer == key and lo < off + max(n, 1) and hi > off:
                        r = (lo, hi - lo, v)
                        break
            elif key == ML_POINTERS:
                q = next((q for q in sorted(o.ptrs) if q < off + max(n, 1) and q + 8 > off), None)
                if q is not None:
                    r = (q, 8, 1)
            elif key == ML_DEFINEDNESS and off < len(o.b):
                r = (off, 1, (~o.ud[off] & 0xFF) if o.ud is not None else 0xFF)
        if shape == (64, 32):  # {offset, length, value} as the x86-64 ABI returns it
            return (r[0] | r[1] << 32, r[2])
        if len(shape) == 3:
            return r
        return r[0] | r[1] << 32

    def hc_poke(self, key, obj, off, n, val=0):
        """__vm_poke: attach val to [off, off + n) in layer key (user layers
        keep intervals, a new one replacing what it overlaps); the
        definedness layer takes a mask of defined bits for every byte."""
        o = self.meta_range("__vm_poke", key, obj, off, n, True)
        if o is None or not n:
            return
        if val.__class__ is U:
            self.fault(F_UNDEFINED, "__vm_poke of an undefined value")
            return
        if key >= ML_USER:
            items = []
            for it in meta_items(o.meta):
                layer, lo, hi, v = it
                if layer != key or hi <= off or lo >= off + n:
                    items.append(it)
                    continue
                if lo < off:
                    items.append((layer, lo, off, v))
                if hi > off + n:
                    items.append((layer, off + n, hi, v))
            items.append((key & M32, off, off + n, val & M32))
            items.sort()
            o.meta = struct.pack(f"<{4 * len(items)}I", *[x for it in items for x in it])
        elif key == ML_DEFINEDNESS:
            m = ~val & 0xFF
            if m:
                o.undefine(off, bytes([m]) * n)
            else:
                o.define(off, n)
            o.resync()


def meta_items(meta: bytes | None) -> list[tuple[int, int, int, int]]:
    """The (layer, from, to, value) intervals of an object's user metadata."""
    if not meta:
        return []
    v = struct.unpack(f"<{len(meta) // 4}I", meta)
    return [v[i:i + 4] for i in range(0, len(v), 4)]

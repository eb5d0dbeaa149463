"""Processes (fork): the VM's side of DiOS's dios/src/proc.c.

Global variables are per process.  Generated code embeds their object ids,
so they are not moved behind a pointer: the running process's globals are
the global objects themselves, and each other process keeps a bundle (an
array of pointers to hidden copies, DiOS's kernel objects).  DiOS's
scheduler exchanges the two when it switches processes
(`__divm_proc_swap`); a program with one process never pays for it.
DiOS's kernel data hangs off the state register, not off globals, so it
is shared by all processes.

`__divm_fork` is DiVM's __vm_obj_clone for fork: a deep copy of what the
forking thread's frames and its process's globals reach, except the
kernel's data (what DiOS's state reaches through its own objects: the task
table, other threads' stacks) and what the caller blocks (libc-shim's file
system).  Pointers to globals stay: they mean the running process's."""

from __future__ import annotations

import struct
import sys

from divm.load.errors import VMError
from divm.load.layout import M32, PL_GLOBAL
from divm.load.types import PTR
from divm.vm.defs import CR_STATE
from divm.vm.frames import FRAME_HDR, FRAME_HEAD
from divm.vm.memory import K_ALLOCA, K_FRAME, K_GLOBAL, K_HEAP, K_KERNEL, Obj, clone, reachable, roots

_Q = struct.Struct("<Q")
_OWN = (K_HEAP, K_ALLOCA, K_FRAME, K_KERNEL)  # kinds a process's memory is made of


def _targets(o: Obj):
    b = o.b
    for off in o.ptrs:
        if off + 8 <= len(b):
            t = _Q.unpack_from(b, off)[0] >> 32
            if t:
                yield t


class Processes:
    """A mixin of VM: uses objs, regs, new_obj, ld, st, write_pending_frames."""

    def proc_globals(self) -> list[int]:
        """The per-process globals: every writable global object."""
        g = self.__dict__.get("_proc_globals")
        if g is None:
            g = self._proc_globals = sorted(k for k, o in self.objs.items() if k < PL_GLOBAL and not o.ro)
        return g

    def proc_builtins(self) -> dict:
        return {"__divm_fork": self.divm_fork, "__divm_proc_swap": self.divm_proc_swap,
                "__divm_proc_drop": self.divm_proc_drop}

    def _closure(self, start, kinds, stop: set) -> set:
        """Objects of the given kinds reachable from start through such objects."""
        objs, seen, todo = self.objs, set(), list(start)
        while todo:
            oid = todo.pop()
            o = objs.get(oid)
            if oid in seen or oid in stop or o is None or o.kind not in kinds:
                continue
            seen.add(oid)
            todo.extend(_targets(o))
        return seen

    def _chain(self, frame: int) -> list[int]:
        """The forking thread's frames, innermost first, and their allocas."""
        out, objs = [], self.objs
        while frame.__class__ is int and frame:
            o = objs.get(frame >> 32)
            if o is None or (frame >> 32) in out or len(o.b) < 16:
                break
            out.append(frame >> 32)
            if o.kind == K_FRAME and len(o.b) >= FRAME_HDR:
                na = FRAME_HEAD.unpack_from(o.b, 0)[2]
                out += [q >> 32 for q in struct.unpack_from(f"<{na}Q", o.b, FRAME_HDR)]
            frame = _Q.unpack_from(o.b, 8)[0]
        return out

    def divm_fork(self, frame, block, out) -> int:
        """Copy the forking thread's frame chain (from frame) and its process's
        memory; the child's frame goes to *out, its globals' bundle is returned."""
        if self.touch_log is not None:  # (processes: dependent on everything, vm/footprint.py)
            self.touch_log.append((None, None))
        if self.symbolic:
            raise VMError("fork is not supported with --symbolic")
        if self.unwritten:
            self.write_pending_frames()
        self.parked = None
        objs = self.objs
        chain = self._chain(frame)
        forced = set(chain)
        stop = self.listed_objects(block)
        kernel = self._closure([self.regs[CR_STATE] >> 32], (K_KERNEL, K_FRAME, K_ALLOCA), forced)
        kernel |= self._closure(list(stop), (K_KERNEL,), forced)
        gl = self.proc_globals()
        copy: dict[int, int] = {}
        todo = list(chain) + [t for g in gl for t in _targets(objs[g])]
        while todo:
            oid = todo.pop()
            o = objs.get(oid)
            if oid in copy or o is None or o.ro or o.kind not in _OWN or oid in kernel:
                continue
            copy[oid] = self.new_obj(0, K_ALLOCA if o.kind == K_ALLOCA else K_HEAP)
            todo.extend(_targets(o))
        for oid, nid in copy.items():
            objs[nid] = self._remapped(objs[oid], copy, None)
        bundle = self.new_obj(8 * len(gl), K_KERNEL, defined=True)
        bo = objs[bundle]
        for i, g in enumerate(gl):
            h = self.new_obj(0, K_KERNEL)
            objs[h] = self._remapped(objs[g], copy, K_KERNEL)
            _Q.pack_into(bo.b, 8 * i, h << 32)
            bo.ptrs.add(8 * i)
        bo.resync()
        self.st(out, (copy.get(frame >> 32, 0) << 32), PTR)
        return bundle << 32

    @staticmethod
    def _remapped(o: Obj, copy: dict, kind) -> Obj:
        c = clone(o)
        if kind is not None:
            c.kind = kind
        for off in c.ptrs:
            if off + 8 <= len(c.b):
                v = _Q.unpack_from(c.b, off)[0]
                n = copy.get(v >> 32)
                if n is not None:
                    _Q.pack_into(c.b, off, (n << 32) | (v & M32))
        return c

    def divm_proc_swap(self, bundle) -> None:
        """Exchange the installed globals with those bundle holds."""
        if self.touch_log is not None:  # (processes: dependent on everything, vm/footprint.py)
            self.touch_log.append((None, None))
        objs, dirty = self.objs, self.dirty
        bo = objs.get(bundle >> 32) if bundle.__class__ is int else None
        gl = self.proc_globals()
        if bo is None or len(bo.b) < 8 * len(gl) or (bundle & M32):
            raise VMError("DiOS switched to a process without saved globals")
        for i, g in enumerate(gl):
            h = _Q.unpack_from(bo.b, 8 * i)[0] >> 32
            a, b = objs[g], objs[h]
            objs[g], objs[h] = self._relabel(b, K_GLOBAL), self._relabel(a, K_KERNEL)
            if dirty is not None:
                dirty.add(g)
                dirty.add(h)

    @staticmethod
    def _relabel(o: Obj, kind: int) -> Obj:
        if o.frozen:
            o = clone(o)
        o.kind = kind
        o.shared = True
        return o

    def divm_proc_drop(self, dead, own) -> None:
        """Free what only the null-terminated array dead (and, if own, the
        running activations) reaches: an ended process's memory."""
        if self.touch_log is not None:  # (processes: dependent on everything, vm/footprint.py)
            self.touch_log.append((None, None))
        objs = self.objs
        extra = [x for x in self.AST + self.stack_roots(sys._getframe(1)) if x in objs]
        start = [dead >> 32] if dead.__class__ is int else []
        live = set(reachable(objs, roots(objs, self.regs) + ([] if own else extra)))
        gone = [oid for oid in reachable(objs, start + (extra if own else []))
                if oid not in live and objs[oid].kind in _OWN]
        for oid in gone:
            del objs[oid]
            if self.dirty is not None:
                self.dirty.add(oid)
        if own:  # the running thread is gone: nothing of its activations is written at the suspension
            self.live_frames.clear()
            self.unwritten.clear()
            self.parked = None

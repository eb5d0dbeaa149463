"""Graph memory: objects, their shadow bits, and the checked slow paths.

Every object is a byte array with two shadow layers: `ud`, a per-byte mask
of undefined bits (None once every bit is defined, which is what the fast
path in generated code tests), and `ptrs`, the offsets at which a pointer
was stored (the edges of the memory graph).  A pointer is
(object id << 32) | offset; ids come from per-class ranges and are never
reused along a run."""

from __future__ import annotations

import struct

from divm.load.layout import PL_GLOBAL

K_GLOBAL, K_CODE, K_ALLOCA, K_HEAP, K_FRAME, K_KERNEL = 0, 1, 2, 3, 4, 5  # kernel: DiOS's own


_ZEROS = [bytes(n) for n in range(17)]


class Obj:
    __slots__ = ("b", "ud", "nud", "ptrs", "slow", "ro", "kind", "name", "shared", "frozen", "h", "serial",
                 "meta", "sym")

    def __init__(self, size: int, kind: int, defined: bool = False, name: str = ""):
        self.b = bytearray(size)
        if defined or not size:
            self.ud = None
            self.nud = 0
        else:
            self.ud = bytearray(b"\xff") * size
            self.nud = size
        self.ptrs: set[int] = set()
        self.ro = False
        self.kind = kind
        self.name = name
        # may another thread reach it?  Globals and kernel data always can
        self.shared = kind == K_GLOBAL or kind == K_KERNEL
        # frozen: shared with a stored state, so copied before any write
        self.frozen = False
        self.h = None  # cached content hash while frozen
        self.serial = 0  # names the frozen contents: equal serials, equal objects
        # slow: generated code must not store inline (frozen or read-only);
        # undefined bytes and pointers are handled inline (see define_bytes)
        self.slow = False
        # user metadata (__vm_poke, layers from _VM_ML_User): None, or bytes
        # packing sorted (layer, from, to, value) uint32 quadruples; part of the state
        self.meta: bytes | None = None
        # symbolic bytes (--symbolic): None, or offset -> 8-bit z3 term; such
        # bytes are marked undefined in ud, so every fast path leaves them to
        # the slow ones, and the object stays slow (no inline stores)
        self.sym: dict | None = None

    def resync(self) -> None:
        self.slow = self.frozen or self.ro or self.sym is not None

    def drop_sym(self, off: int, n: int) -> None:
        """Bytes [off, off + n) were overwritten: no longer symbolic."""
        sym = self.sym
        for k in [k for k in sym if off <= k < off + n] if len(sym) < n else range(off, off + n):
            sym.pop(k, None)
        if not sym:
            self.sym = None

    def __len__(self) -> int:
        return len(self.b)

    # -- shadow maintenance -------------------------------------------------
    def define(self, off: int, n: int) -> None:
        if self.sym is not None:
            self.drop_sym(off, n)
        ud = self.ud
        if ud is not None:
            before = n - ud.count(0, off, off + n)
            if before:
                ud[off:off + n] = bytes(n)
                self.nud -= before
                if self.nud <= 0:
                    self.ud = None
                    self.nud = 0

    def undefine(self, off: int, mask: bytes) -> None:
        n = len(mask)
        if self.sym is not None:
            self.drop_sym(off, n)
        ud = self.ud
        if ud is None:
            ud = self.ud = bytearray(len(self.b))
            self.nud = 0
        before = n - ud.count(0, off, off + n)
        ud[off:off + n] = mask
        after = n - mask.count(0)
        self.nud += after - before
        if self.nud <= 0:
            self.ud = None
            self.nud = 0

    def clear_ptrs(self, off: int, n: int) -> None:
        ptrs = self.ptrs
        if ptrs:
            if len(ptrs) > n + 7:
                for p in range(off - 7, off + n):
                    ptrs.discard(p)
            else:
                for p in [p for p in ptrs if p < off + n and p + 8 > off]:
                    ptrs.discard(p)

    def define_bytes(self, off: int, n: int) -> None:
        """After an inline store of n defined bytes without pointers (define
        is inlined: fresh heap objects take this path for every field; an
        object holding symbolic bytes is slow, so never comes here)."""
        ud = self.ud
        if ud is not None:
            end = off + n
            c = ud.count(0, off, end)
            if c != n:
                ud[off:end] = _ZEROS[n] if n < 17 else bytes(n)
                nud = self.nud - n + c
                if nud > 0:
                    self.nud = nud
                else:
                    self.ud = None
                    self.nud = 0
        if self.ptrs:
            self.clear_ptrs(off, n)

    def undef_mask(self, off: int, n: int) -> bytes:
        ud = self.ud
        if ud is None:
            return bytes(n)
        return bytes(ud[off:off + n])


def clone(o: Obj) -> Obj:
    """A private, writable copy."""
    c = Obj.__new__(Obj)
    c.b = bytearray(o.b)
    c.ud = bytearray(o.ud) if o.ud is not None else None
    c.nud = o.nud
    c.ptrs = set(o.ptrs)
    c.ro = o.ro
    c.kind = o.kind
    c.name = o.name
    c.shared = o.shared
    c.meta = o.meta
    c.sym = dict(o.sym) if o.sym is not None else None
    c.frozen = False
    c.h = None
    c.serial = 0
    c.slow = c.ro or c.ud is not None or bool(c.ptrs) or c.sym is not None
    return c


_serials = iter(range(1, 1 << 62))


def freeze(o: Obj) -> Obj:
    if not o.frozen:
        o.frozen = True
        o.slow = True
        o.serial = next(_serials)
    return o


_Q = struct.Struct("<Q")


def reachable(objs: dict, roots: list[int]) -> list[int]:
    """Object ids reachable from roots, in breadth-first order."""
    order = []
    seen = set()
    for r in roots:
        if r in objs and r not in seen:
            seen.add(r)
            order.append(r)
    i = 0
    while i < len(order):
        o = objs[order[i]]
        i += 1
        b = o.b
        for off in o.ptrs:
            t = _Q.unpack_from(b, off)[0] >> 32 if off + 8 <= len(b) else 0
            if t and t not in seen:
                seen.add(t)
                c = objs.get(t)
                if c is not None and not c.ro:
                    order.append(t)
    return order


_global_ids: dict[int, list[int]] = {}


def roots(vm_objs: dict, regs: list) -> list[int]:
    """Mutable global objects and the OS registers.  Constant data never
    changes and holds no pointer to anything that does: it is left out."""
    key = id(vm_objs)
    rs = _global_ids.get(key)
    if rs is None:
        rs = _global_ids[key] = sorted(k for k, o in vm_objs.items() if k < PL_GLOBAL and not o.ro)
    rs = list(rs)
    for r in regs[3:7] + [regs[11]]:  # user registers and the OS state
        if r and (r >> 32) not in rs:
            rs.append(r >> 32)
    return rs

"""Can the program tell heap and stack objects' numbers apart?  The guard
of heap symmetry.

The canonical key may number heap and stack objects by traversal alone
(`state.snapshot.Canon`, keep_order off): states that differ only in which
object got which id are then one state.  That is exact as long as nothing
the program does depends on the ids.  They show through a pointer turned
into an integer (ptrtoint, unless only its offset is used, or it is
subtracted from a pointer into the same object), a relational comparison
of pointers into two objects of one class (stack or heap: the classes
have fixed, ordered id ranges), or the difference of pointers into two
objects, and the bytes of a stored pointer read as anything but a
pointer (memcpy into an integer, a union, a byte-wise hash or memcmp).
Generated code tests for these (codegen/exprs.py, codegen/memory.py: a
load from an object holding pointers leaves the fast path while the key
renumbers) and calls here when one happens; order_seen then stays set,
and the explorer starts over with the key that keeps the raw order
(`explore.explorer.run`): states merged before may differ in what such
an operation gives."""

from __future__ import annotations

import struct

from divm.load.layout import PL_ALLOCA, PL_CODE, POISON_ID
from divm.vm.memory import K_HEAP

_I32 = struct.Struct("<I").unpack_from
_Q = struct.Struct("<Q").unpack_from

USER_LO = PL_CODE << 32  # the first pointer into an object the key renumbers (stack, then heap ids)


class Order:
    """A mixin of VM: keeps order_seen, and order_watch (loads check the
    pointer bytes they read: set while a search explores with the
    reductions, for heap symmetry and for the shared objects); uses share."""

    def id_bytes_read(self, o, off: int, n: int, ty=None, moved: bool = False) -> None:
        """A load of n bytes at off in o (which holds pointers), of type ty
        (None: data of no type): does it read the object-id half of a
        pointer into the stack or the heap other than as that pointer?  Its
        number shows then (unless the value is only moved, as codegen saw),
        and the pointer may leave as data (shared, as p2i)."""
        end = off + n
        leaves = None
        b = o.b
        for q in o.ptrs:
            if q + 4 < end and q + 8 > off and q + 8 <= len(b):
                if leaves is None:
                    leaves = pointer_leaves(ty) if ty is not None else frozenset()
                if q - off in leaves:
                    continue
                t = _I32(b, q + 4)[0]
                if PL_CODE <= t and t != POISON_ID:
                    if not moved:
                        self.order_seen = True
                    self.share(_Q(b, q)[0])

    def p2i(self, x: int) -> int:
        """ptrtoint of x, a pointer into the stack or the heap: its number
        shows, and as an integer it may reach another thread (it is shared
        from now on: the interrupt reductions must see its accesses)."""
        self.order_seen = True
        self.share(x)
        return x

    def ocmp(self, x: int, y: int, r: bool) -> bool:
        """A relational comparison r of pointers into two objects."""
        a, b = x >> 32, y >> 32
        if a >= PL_CODE and b >= PL_CODE and (a >= PL_ALLOCA) == (b >= PL_ALLOCA):
            self.order_seen = True
        return r

    def peq(self, x: int, y: int) -> bool:
        """x == y in the program's code, for pointers at one offset into two
        heap ids of which one was freed: the allocator may have handed the
        freed block's address to the live one (the freed pointer's value is
        indeterminate), so both answers are explored (a plain run: unequal).
        SV-COMP's memsafety tasks count on it (cmp-freed-ptr)."""
        objs = self.objs
        a, b = objs.get(x >> 32), objs.get(y >> 32)
        if (a is None) == (b is None):
            return False
        live, dead = (a, y >> 32) if a is not None else (b, x >> 32)
        if live.kind != K_HEAP or not self.was_freed(dead):
            return False
        return self.hc_choose(2) == 1

    def psub(self, x: int, y: int, r: int) -> int:
        """r, the difference of the integers of pointers into two objects."""
        if x >= USER_LO or y >= USER_LO:
            self.order_seen = True
        return r

    def ordered(self, v):
        """A vector operation that may show numbers (rare: not looked into)."""
        self.order_seen = True
        return v


_LEAVES: dict = {}


def pointer_leaves(ty) -> frozenset:
    """The offsets of the pointers a value of type ty holds (where a load
    of ty reads pointer bytes as pointers)."""
    r = _LEAVES.get(id(ty))
    if r is None:
        k = ty.k
        if k == "p":
            r = frozenset((0,))
        elif k == "s":
            r = frozenset(o + x for e, o in zip(ty.elems, ty.offsets) for x in pointer_leaves(e))
        elif k in ("a", "vec") and ty.elem is not None:
            inner = pointer_leaves(ty.elem)
            r = frozenset(i * ty.elem.size + x for i in range(ty.n) for x in inner) if inner else frozenset()
        else:
            r = frozenset()
        _LEAVES[id(ty)] = (r, ty)  # (the type kept alive: ids stay unique)
        return r
    return r[0]

"""Memory with symbolic data (a mixin of the symbolic engine): accesses
through symbolic pointers, loads at symbolic offsets as if-then-else terms,
objects holding symbolic bytes."""

from __future__ import annotations

import z3

from divm.load import layout
from divm.load.layout import M32
from divm.load.values import Sym, U
from divm.vm.defs import F_MEMORY, SYM_SIZE, UNINIT_INPUT
from divm.vm.memory import K_HEAP, K_KERNEL
from divm.vm.symterms import BV_TERMS, FP80_TERMS, FSORT, bv, fp80_term, mk, mkf

ITE_LIMIT = 1024  # offsets a load or store at a symbolic offset folds into if-then-else terms
ARRAY_LIMIT = 1 << 16  # bigger objects than ITE_LIMIT, up to this, become z3 arrays for such accesses
_OFF = z3.BitVecSort(32)
CONC_LIMIT = 64  # (as vm/symbolic.py: more feasible offsets than this are not enumerated)
SIZED_LIMIT = 1 << 16  # the bytes of a block of symbolic size its accesses may reach (past them: not explored)


class SymMemory:
    # -- blocks of symbolic size ---------------------------------------------------------
    # A symbolic size (malloc(n) for an input n) makes a block of that
    # size: Obj.sym[SYM_SIZE] holds it, its bytes are made as accesses
    # reach them (so on every path the size is at least as big as the
    # bytes there: the fast paths need no test), and an access past them
    # forks into out of bounds and within.

    def make_object(self, vm, size, typ=3):
        """__vm_obj_make, its size symbolic."""
        if size.__class__ is not Sym:
            return vm.hc_obj_make(size, typ)
        t = size.t
        if self.decide(t < 0):
            return vm.hc_obj_make(-1, typ)  # (its fault: a negative size)
        return self.sized_block(vm, z3.ZeroExt(64 - t.size(), t), K_KERNEL if typ == 4 else K_HEAP)

    def big_block(self, vm, n: Sym) -> int:
        """malloc of more than an object's 2 GiB (n, symbolic, is on this path)."""
        if vm.size32 and self.decide(z3.UGE(z3.ZeroExt(64 - n.t.size(), n.t), 1 << 32)):
            vm.size32_fault("2^32 or more")
        return self.sized_block(vm, n.t, K_HEAP)

    def sized_block(self, vm, t, kind: int) -> int:
        oid = vm.new_obj(0, kind)
        o = vm.objs[oid]
        o.sym = {SYM_SIZE: t}
        o.resync()
        if vm.watch is not None:
            vm.watch.alloc(oid)
        return oid << 32

    def sized_alloca(self, vm, size: int, count, align: int) -> int:
        """alloca of a variable-length array, its length symbolic."""
        if count.__class__ is not Sym:
            return vm.alloca(size, count, align)
        t = count.t
        if vm.size32 and size and self.decide(z3.UGE(z3.ZeroExt(64 - t.size(), t), -(-(1 << 32) // size))):
            vm.size32_fault("2^32 or more")
        p = vm.alloca(size, 0, align)
        o = vm.objs[p >> 32]
        o.sym = {SYM_SIZE: z3.ZeroExt(64 - t.size(), t) * size}
        o.resync()
        return p

    def object_size(self, vm, p):
        """__vm_obj_size: a block of symbolic size gives its size (32 bits, as __vm_obj_size)."""
        o = vm.objs.get(p >> 32) if p.__class__ is int else None
        if o is not None and o.sym is not None and SYM_SIZE in o.sym:
            return mk(z3.Extract(31, 0, o.sym[SYM_SIZE]), 32)
        return vm.hc_obj_size(self.conc(p))

    def sized_access(self, vm, oid: int, off: int, n: int, what: str):
        """An access (a load or store) of bytes [off, off + n) of a block of
        symbolic size past the bytes it has: a fault and None where that is
        out of bounds, else the object, its bytes made (undefined) up to
        off + n."""
        from divm.vm.access import kind_word
        o = vm.objs[oid]
        if self.decide(z3.ULT(o.sym[SYM_SIZE], z3.BitVecVal(off + n, 64))):
            vm.fault_objs = (oid,)
            vm.fault(F_MEMORY, f"out-of-bounds {what} of {n} bytes at offset {off} in a {kind_word(o)} "
                               f"object of symbolic size (smaller than {off + n} bytes here)")
            return None
        if off + n > SIZED_LIMIT:
            vm.incomplete = vm.incomplete or (f"an access past the first {SIZED_LIMIT} bytes of a block of "
                                              "symbolic size: the runs that make it were not explored")
            self.cancel()
        o = vm.writable(oid)
        old = len(o.b)
        o.b.extend(bytes(off + n - old))
        o.undefine(old, b"\xff" * (off + n - old))
        o.resync()
        return o

    @staticmethod
    def sized(o) -> bool:
        """Is o a block of symbolic size?  An access at a symbolic offset
        into one gets a concrete offset (enumerated), whose bounds
        sized_access decides."""
        return o is not None and o.sym is not None and SYM_SIZE in o.sym

    def address(self, p: Sym, n: int, write: bool):
        """A concrete pointer for an access of n bytes through p: the object
        (enumerated if p's base is symbolic), an out-of-bounds fault where
        that is feasible, then the offset enumerated."""
        t = p.t
        b = self.conc(mk(z3.Extract(63, 32, t), 32))
        off = z3.simplify(z3.Extract(31, 0, t))
        o = self.vm.objs.get(b)
        if o is None:
            return b << 32
        if self.sized(o):
            return (b << 32) | self.conc(mk(off, 32))
        size = len(o.b)
        inb = z3.ULE(off, size - n) if size >= n else z3.BoolVal(False)
        if not self.decide(inb):
            return (b << 32) | size  # the checked path faults: out of bounds
        return (b << 32) | self.conc(mk(off, 32))

    def load(self, vm, p, ty, uninit: bool = False):
        """A load whose pointer or bytes are symbolic (else vm.ld); with
        uninit, one of the program's own under -o nondet:uninit."""
        if p.__class__ is Sym:
            if ty.k == "i" and ty.store <= 8:
                v = self.ite_load(p, ty)
                if v is not None:
                    return v
            p = self.address(p, ty.store, False)
        v = None
        if p.__class__ is int:
            o = vm.objs.get(p >> 32)
            if o is not None and o.sym is not None:
                off = p & M32
                if any(k in o.sym for k in range(off, off + ty.store)) and vm.check(p, ty.store, False) is not None:
                    v = self.decode(ty, o, off)
        if v is None:
            v = vm.ld(p, ty)
        if uninit and v.__class__ is U and ty.k in ("i", "f", "d", "x") and p.__class__ is int:
            return self.uninit_input(vm, p, v, ty)
        return v

    def uninit_input(self, vm, p: int, v: U, ty):
        """-o nondet:uninit: the undefined bits a load reads are a new input
        (as if the object had been initialised with arbitrary data), written
        back so that every later read sees the same value."""
        o = vm.objs.get(p >> 32)
        if o is None or o.ro:
            return v
        r = self.uninit_value(v, ty)
        vm.st(p, r, ty)
        if r.__class__ is Sym:  # (the bytes' inputs, known now: keys of big arrays of them walk no terms)
            vs, sym, off = self.vars_of(r.t), vm.objs[p >> 32].sym, p & M32
            for j in range(off, off + ty.store):
                if j in sym:
                    self.varcache.setdefault(self.tid(sym[j]), vs)
        return r

    def uninit_value(self, v, ty):
        """v's undefined bits as a new input (v itself if not a number)."""
        if v.__class__ is not U or ty.k not in ("i", "f", "d", "x"):
            return v
        x = self.fresh(80 if ty.k == "x" else ty.bits, UNINIT_INPUT)
        if ty.k == "x":  # (a partly defined float becomes wholly arbitrary: more runs, never fewer)
            self.x87 = True
            return mkf(fp80_term(x.t), 80)
        if ty.k != "i":
            return Sym(z3.fpBVToFP(x.t, FSORT[ty.bits]), ty.bits)
        full = (1 << ty.bits) - 1
        m = v.m & full
        return mk(x.t if m == full else (x.t & m) | (v.v & ~m & full), ty.bits)

    def ite_load(self, p: Sym, ty):
        """A load at a symbolic offset into one object as an if-then-else
        over the offsets it may have (None: not possible here)."""
        t = p.t
        base = mk(z3.Extract(63, 32, t), 32)
        if base.__class__ is not int:
            return None
        o = self.vm.objs.get(base)
        n = ty.store
        if o is None or len(o.b) < n or len(o.b) > ARRAY_LIMIT or self.sized(o):
            return None
        if o.ptrs and self.vm.order_watch:  # (any offset may read a pointer's bytes: vm/order.py)
            self.vm.id_bytes_read(o, 0, len(o.b))
        off = z3.simplify(z3.Extract(31, 0, t))
        size = len(o.b)
        arr = self.array_term(o) if size - n + 1 > ITE_LIMIT else None
        if size - n + 1 > ITE_LIMIT and arr is None or not self.decide(z3.ULE(off, size - n)):
            return None  # (address() then faults, or enumerates)
        if arr is not None:
            parts = [z3.Select(arr, off + i) for i in range(n - 1, -1, -1)]
            r = z3.Concat(*parts) if n > 1 else parts[0]
            return mk(z3.Extract(ty.bits - 1, 0, r) if ty.bits < 8 * n else r, ty.bits)
        cands = []
        for k in range(size - n + 1):
            if o.ud is not None and o.sym is None and any(o.ud[k:k + n]):
                v = layout.decode(ty, o.b, k, o.ud)
            else:
                v = self.decode(ty, o, k) if o.sym is not None else layout.decode(ty, o.b, k, o.ud)
            if v.__class__ is U:
                return None
            cands.append(v)
        r = bv(cands[-1], ty.bits)
        for k in range(size - n - 1, -1, -1):
            r = z3.If(off == k, bv(cands[k], ty.bits), r)
        return mk(r, ty.bits)

    def decode(self, ty, o, off: int):
        """A value from an object holding symbolic bytes."""
        k = ty.k
        if k == "s":
            return tuple(self.decode(e, o, off + eo) for e, eo in zip(ty.elems, ty.offsets))
        if k == "a" or k == "vec" and not (ty.elem.k == "i" and ty.elem.bits % 8):
            return tuple(self.decode(ty.elem, o, off + i * ty.elem.size) for i in range(ty.n))
        n = ty.store
        sym = o.sym
        if not any(j in sym for j in range(off, off + n)):
            return layout.decode(ty, o.b, off, o.ud)
        if k not in ("i", "p", "f", "d", "x"):
            return U(0, (1 << (8 * n)) - 1)  # (bit-packed vectors: not modelled)
        parts = []
        for j in range(off + n - 1, off - 1, -1):
            t = sym.get(j)
            if t is None:
                if o.ud is not None and o.ud[j]:
                    return U(0, (1 << ty.bits) - 1)
                t = z3.BitVecVal(o.b[j], 8)
            parts.append(t)
        if k == "x":
            self.x87 = True
            hit = FP80_TERMS.get(tuple(x.get_id() for x in reversed(parts)))
            return mkf(hit[0] if hit is not None else fp80_term(z3.Concat(*parts)), 80)
        if len(parts) > 1:
            hit = BV_TERMS.get(tuple(x.get_id() for x in reversed(parts)))
            t = hit[0] if hit is not None else z3.Concat(*parts)
        else:
            t = parts[0]
        if k in ("f", "d"):
            return mkf(z3.fpBVToFP(t, FSORT[8 * n]), 8 * n)
        if ty.bits < 8 * n:
            t = z3.Extract(ty.bits - 1, 0, t)
        return mk(t, ty.bits)

    def store(self, vm, p, v, ty) -> None:
        if p.__class__ is Sym:
            # few offsets: one state each (fast); many: if-then-else bytes
            # (slow for the solver, but complete where enumerating is not)
            # (a replay from inputs stores where the inputs say: the choices
            # recorded are the same two either way, see ite_store)
            if ty.k == "i" and v.__class__ is not U and self.model_pairs is None \
                    and len(self.values(z3.Extract(31, 0, p.t))) > CONC_LIMIT and self.ite_store(vm, p, v, ty):
                return
            p = self.address(p, ty.store, True)
        if ty.k == "p" and v.__class__ is Sym:
            v = self.conc(v)  # a pointer keeps a concrete target: the memory graph's edge
        vm.st(p, v, ty)

    def ite_store(self, vm, p: Sym, v, ty) -> bool:
        """A store at a symbolic offset into one object: every byte it may
        hit becomes an if-then-else of the stored and the old byte.  Only
        where each byte is defined or symbolic and no pointer is stored
        (False: not done here, the caller makes the offset concrete)."""
        t = p.t
        base = mk(z3.Extract(63, 32, t), 32)
        if base.__class__ is not int:
            return False
        o = vm.objs.get(base)
        n = ty.store
        if o is None or o.ro or o.ptrs or len(o.b) < n or len(o.b) > ARRAY_LIMIT or self.sized(o):
            return False
        sym = o.sym or {}
        if o.ud is not None and any(o.ud[j] and j not in sym for j in range(len(o.b))):
            return False
        off = z3.simplify(z3.Extract(31, 0, t))
        size = len(o.b)
        arr = self.array_term(o) if size - n + 1 > ITE_LIMIT else None
        if not self.decide(z3.ULE(off, size - n)):
            vm.check((base << 32) | size, n, True)  # (faults: out of bounds, as address() leads to)
            return True
        self.forced()  # (where address() records the offset's choice)
        o = vm.check(base << 32, n, True)  # (a writable copy)
        if o is None:
            return True
        val = bv(v, ty.bits)
        if ty.bits < 8 * n:
            val = z3.ZeroExt(8 * n - ty.bits, val)
        vb = [z3.Extract(8 * i + 7, 8 * i, val) for i in range(n)]
        sym = o.sym or {}
        new = {}
        if arr is not None:  # a big object: its bytes become selections from the array with the store
            for i in range(n):
                arr = z3.Store(arr, off + i, vb[i])
            new = selections(arr, size)
        for j in range(size if arr is None else 0):
            cur = sym.get(j)
            b = cur if cur is not None else z3.BitVecVal(o.b[j], 8)
            for i in range(n):
                if 0 <= j - i <= size - n:
                    b = z3.If(off == j - i, vb[i], b)
            new[j] = z3.simplify(b)
        if o.ud is None:
            o.ud = bytearray(size)
        o.ud[:] = b"\xff" * size
        o.nud = size
        o.b[:] = bytes(size)
        o.sym = new
        o.resync()
        return True

    def array_term(self, o):
        """o's bytes (each defined or symbolic) as a z3 array over 32-bit
        offsets: the array an earlier store at a symbolic offset made of
        it, or zeros with its other bytes stored."""
        sym = o.sym or {}
        first = sym.get(0)
        if len(sym) == len(o.b) and first is not None and z3.is_select(first):
            arr = first.arg(0)
            if all_select(sym.values(), arr):
                return arr
        arr = z3.K(_OFF, z3.BitVecVal(0, 8))
        ud = o.ud
        for j, byte in enumerate(o.b):
            t = sym.get(j)
            if t is None:
                if ud is not None and ud[j]:
                    return None
                if not byte:
                    continue
                t = z3.BitVecVal(byte, 8)
            arr = z3.Store(arr, z3.BitVecVal(j, 32), t)
        return arr


def selections(arr, size: int) -> dict:
    """{j: arr[j]} for the offsets of an object of size bytes (z3's C API:
    the Python wrappers' checks cost more than the terms)."""
    ctx = arr.ctx
    ref, a, sort = ctx.ref(), arr.as_ast(), _OFF.ast
    return {j: z3.BitVecRef(z3.Z3_mk_select(ref, a, z3.Z3_mk_unsigned_int64(ref, j, sort)), ctx)
            for j in range(size)}


def all_select(terms, arr) -> bool:
    """Is every term a selection from arr?"""
    ref = arr.ctx.ref()
    aid = arr.get_id()
    for t in terms:
        a = t.as_ast()
        if z3.Z3_get_ast_kind(ref, a) != z3.Z3_APP_AST \
                or z3.Z3_get_decl_kind(ref, z3.Z3_get_app_decl(ref, a)) != z3.Z3_OP_SELECT \
                or z3.Z3_get_ast_id(ref, z3.Z3_get_app_arg(ref, a, 0)) != aid:
            return False
    return True

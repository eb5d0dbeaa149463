"""Memory access: the checked slow paths of loads, stores, memcpy and
memset (generated code inlines the fast ones), objects and their ids,
allocas, pointer arithmetic, variadic areas, atomics, and sharing."""

from __future__ import annotations

import struct

from divm.load.errors import VMError
from divm.load.layout import M32, M64, PL_ALLOCA, PL_CODE, PL_GLOBAL, POISON_ID, decode, encode
from divm.load.types import PTR, Ty
from divm.load.values import Sym, U
from divm.vm import ops
from divm.vm.defs import F_INTEGER, F_MEMORY, F_UNDEFINED, HEAP_BASE, SYM_SIZE
from divm.vm.memory import K_ALLOCA, K_FRAME, K_GLOBAL, K_HEAP, Obj, clone

SCALAR = {(k, bits): (st.unpack_from, st.pack_into) for (k, bits), st in (
    (("i", 8), struct.Struct("<B")), (("i", 16), struct.Struct("<H")), (("i", 32), struct.Struct("<I")),
    (("i", 64), struct.Struct("<Q")), (("p", 64), struct.Struct("<Q")), (("d", 64), struct.Struct("<d")),
    (("f", 32), struct.Struct("<f")))}


class Access:
    """Objects, loads, stores and their checks (a mixin of VM).  Uses the
    VM's objs, AST, id counters and dirty set; faults through self.fault,
    and writes frames handed out but not written before touching them."""

    def writable(self, oid: int) -> Obj:
        """The object with this id, copied first if a stored state shares it."""
        o = self.objs[oid]
        if o.frozen:
            o = self.objs[oid] = clone(o)
            if self.dirty is not None:
                self.dirty.add(oid)
        return o

    def check(self, p, n: int, write: bool) -> Obj | None:
        """Validate an access of n bytes at p; fault and return None if bad."""
        what = "store" if write else "load"
        if p.__class__ is U:
            self.fault(F_UNDEFINED, f"{what} through an undefined pointer")
            return None
        oid = p >> 32
        off = p & M32
        if oid in self.unwritten:
            self.write_pending_frames()
        o = self.objs.get(oid)
        if o is None:
            if oid == 0:
                self.fault(F_MEMORY, f"null pointer dereference ({what} of {n} bytes)")
            elif self.was_freed(oid):
                self.fault_objs = (oid,)
                gone = "a local variable whose block or function has ended" if PL_CODE <= oid < HEAP_BASE \
                    else "a freed object"
                self.fault(F_MEMORY, f"{what} of {n} bytes into {gone}")
            elif oid == POISON_ID:
                self.fault(F_MEMORY, f"{what} through a pointer whose offset overflowed")
            elif PL_GLOBAL <= oid < PL_CODE:
                self.fault(F_MEMORY, f"{what} through a function pointer")
            else:
                self.fault(F_MEMORY, f"{what} through an invalid pointer")
            return None
        if off + n > len(o.b):
            if o.sym is not None and SYM_SIZE in o.sym and self.engine is not None:  # (a symbolic size)
                return self.engine.sized_access(self, oid, off, n, what)
            self.fault_objs = (oid,)
            where = f" {o.name!r}" if o.name else ""
            self.fault(F_MEMORY, f"out-of-bounds {what} of {n} bytes at offset {off} "
                                 f"in a {len(o.b)}-byte {kind_word(o)} object{where}")
            return None
        if write:
            if o.ro:
                self.fault(F_MEMORY, f"store into constant data{' ' + repr(o.name) if o.name else ''}")
                return None
            if o.frozen:
                o = self.writable(oid)
        return o

    def ld(self, p, ty: Ty, moved: bool = False):
        if self.order_watch and ty.k != "p" and p.__class__ is int:  # (pointer bytes read as data: vm/order.py)
            o = self.objs.get(p >> 32)
            if o is not None and o.ptrs:
                self.id_bytes_read(o, p & M32, ty.store, ty, moved)
        # a scalar whose own bytes are defined, in an object that has some
        # undefined bytes elsewhere: the common slow-path case, kept short
        un = SCALAR.get((ty.k, ty.bits))
        if un is not None and p.__class__ is int:
            o = self.objs.get(p >> 32)
            if o is not None:
                off = p & M32
                n = ty.store
                if off + n <= len(o.b) and (o.ud is None or o.ud.count(0, off, off + n) == n):
                    return un[0](o.b, off)[0]
        o = self.check(p, ty.store, False)
        if o is None:
            from divm.load.values import undef_of
            return undef_of(ty)
        return decode(ty, o.b, p & M32, o.ud)

    def st(self, p, v, ty: Ty) -> None:
        n = ty.store
        un = SCALAR.get((ty.k, ty.bits))
        if un is not None and p.__class__ is int and v.__class__ is not U and v.__class__ is not Sym:
            # a defined scalar or aligned pointer: mostly stores into frozen
            # objects (copy on write), which generated code leaves to us
            oid = p >> 32
            o = self.objs.get(oid)
            off = p & M32
            if o is not None and not o.ro and off + n <= len(o.b) and oid not in self.unwritten \
                    and (ty.k != "p" or not off & 7):
                if o.frozen:
                    o = self.writable(oid)
                un[1](o.b, off, v)
                if o.ud is not None:
                    o.define(off, n)
                if o.ptrs:
                    o.clear_ptrs(off, n)
                if ty.k == "p":
                    o.ptrs.add(off)
                    if o.shared:
                        self.share(v)
                o.resync()
                return
        o = self.check(p, n, True)
        if o is None:
            return
        off = p & M32
        buf = bytearray(n)
        um = bytearray(n)
        ptrs: list[int] = []
        syms: list = []
        encode(ty, v, buf, 0, um, ptrs, syms)
        o.b[off:off + n] = buf
        if any(um):
            o.undefine(off, bytes(um))
        else:
            o.define(off, n)
        if o.ptrs:
            o.clear_ptrs(off, n)
        for q in ptrs:
            o.ptrs.add(off + q)
            if o.shared:
                self.share(struct.unpack_from("<Q", o.b, off + q)[0])
        if syms:  # (--symbolic: the bytes of symbolic values)
            from divm.vm.symterms import install_syms
            install_syms(o, syms, off)
        o.resync()

    def was_freed(self, oid: int) -> bool:
        """Ids are handed out in increasing order and never reused, and
        globals are never freed: an id below its range's counter that names
        no object was freed (no set of freed ids to copy with every state)."""
        if oid in self.objs:
            return False
        if PL_CODE <= oid < HEAP_BASE:
            return oid < self.next_alloca
        return HEAP_BASE <= oid < self.next_heap

    def new_obj(self, size: int, kind: int, defined: bool = False) -> int:
        if kind == K_ALLOCA:
            oid = self.next_alloca
            self.next_alloca += 1
            if oid >= PL_ALLOCA:
                raise VMError("out of object ids for local variables")
        else:
            oid = self.next_heap
            self.next_heap += 1
        self.objs[oid] = Obj(size, kind, defined)
        if self.dirty is not None:
            self.dirty.add(oid)
        return oid

    def alloca(self, size: int, count, align: int) -> int:
        if count.__class__ is U:
            self.fault(F_UNDEFINED, "alloca with an undefined size")
            count = count.v
        n = size * count
        if n > 1 << 31:  # (-o check:size32's test only here: every alloca passes this line)
            if self.size32 and n >= 1 << 32:
                self.size32_fault(n)
            self.fault(F_MEMORY, f"alloca of {n} bytes is too large")
            n = 0
        oid = self.new_obj(n, K_ALLOCA)
        self.AST.append(oid)
        return oid << 32

    def lifetime(self, p, size: int, start: int):
        """A local variable's lifetime (codegen: llvm.lifetime.*; start 0 for
        the end): its object is gone at the end of its block, so a pointer
        kept from inside is dangling.  Entering the block again makes it anew,
        undefined; with start 2 under a fresh id (a pointer kept from the
        previous pass stays dangling), which replaces the old one in the
        frame's list of allocas.  The result is the variable's address."""
        if p.__class__ is not int:
            return p
        oid = p >> 32
        o = self.objs.get(oid)
        if start:
            if o is not None:
                return p
            if start == 1:
                self.objs[oid] = Obj(size, K_ALLOCA)
                if self.dirty is not None:
                    self.dirty.add(oid)
                return p
            new = self.new_obj(size, K_ALLOCA)
            ast = self.AST
            for i in range(len(ast) - 1, -1, -1):
                if ast[i] == oid:
                    ast[i] = new
                    break
            return (new << 32) | (p & M32)
        if o is not None and o.kind == K_ALLOCA:
            if self.watch is not None:
                self.watch.frame_ends((oid,))
            del self.objs[oid]
            if self.dirty is not None:
                self.dirty.add(oid)
        return p

    def freeto(self, sp: int) -> None:
        ast = self.AST
        if self.watch is not None:  # a counterexample being explained: the names of locals going away
            self.watch.frame_ends(tuple(ast[sp:]))
        objs = self.objs
        for oid in ast[sp:]:
            if objs.pop(oid, None) is not None:
                if self.dirty is not None:
                    self.dirty.add(oid)
        del ast[sp:]

    def gep(self, p, off):
        if p.__class__ is U or off.__class__ is U:
            return (p + off) & M64
        r = p + off
        if r < 0 or (r ^ p) >> 32:
            return (POISON_ID << 32) | (r & M32)
        return r

    def gep_chk(self, p, off):
        """gep under -o check:overflow: leaving the object's offset range is
        pointer arithmetic that wraps, an integer error."""
        r = self.gep(p, off)
        if r.__class__ is int and r >> 32 == POISON_ID and p.__class__ is int and p >> 32 != POISON_ID:
            self.fault(F_INTEGER, f"pointer arithmetic wraps: offset {(p & M32) + off} "
                                  "is outside the object's address range")
        return r

    def memcpy(self, d, s, n, nooverlap: bool) -> None:
        # the common case needs no checks: defined pointers into live
        # objects, in bounds, the destination writable in place, no memcpy
        # between overlapping ranges
        so = do = None
        if n.__class__ is int and s.__class__ is int and d.__class__ is int and n > 0:
            objs = self.objs
            sid, did = s >> 32, d >> 32
            so, do = objs.get(sid), objs.get(did)
            soff, doff = s & M32, d & M32
            if not (so is not None and do is not None and not do.slow and soff + n <= len(so.b)
                    and doff + n <= len(do.b) and sid not in self.unwritten and did not in self.unwritten
                    and (so is not do or not nooverlap or soff + n <= doff or doff + n <= soff)):
                so = do = None
        if do is None:
            if n.__class__ is U:
                self.fault(F_UNDEFINED, "memcpy with an undefined length")
                return
            if n == 0:
                return
            so = self.check(s, n, False)
            if so is None:
                return
            do = self.check(d, n, True)
            if do is None:
                return
            soff, doff = s & M32, d & M32
            if nooverlap and so is do and soff < doff + n and doff < soff + n and soff != doff:
                self.fault(F_MEMORY, f"memcpy of {n} bytes between overlapping ranges")
        # the source is read whole before anything is written
        sp = [q - soff for q in so.ptrs if soff <= q and q + 8 <= soff + n] if so.ptrs else ()
        # (--symbolic: symbolic bytes go along, as their undefined marks do)
        sm = [(k - soff, t) for k, t in so.sym.items() if soff <= k < soff + n] if so.sym is not None else ()
        ud = so.ud
        um = bytes(ud[soff:soff + n]) if ud is not None and ud.count(0, soff, soff + n) != n else None
        do.b[doff:doff + n] = so.b[soff:soff + n]
        if um is not None:
            do.undefine(doff, um)
        elif do.ud is not None:
            do.define(doff, n)
        if do.ptrs:
            do.clear_ptrs(doff, n)
        for q in sp:
            do.ptrs.add(doff + q)
            if do.shared:
                self.share(struct.unpack_from("<Q", do.b, doff + q)[0])
        if sm:
            if do.sym is None:
                do.sym = {}
            for k, t in sm:
                do.sym[doff + k] = t
        do.resync()

    def memset(self, d, v, n) -> None:
        o = None
        if n.__class__ is int and d.__class__ is int and n > 0:  # the common case needs no checks
            o = self.objs.get(d >> 32)
            if o is not None and (o.slow or (d & M32) + n > len(o.b) or (d >> 32) in self.unwritten):
                o = None
        if o is None:
            if n.__class__ is U:
                self.fault(F_UNDEFINED, "memset with an undefined length")
                return
            if n == 0:
                return
            o = self.check(d, n, True)
            if o is None:
                return
        off = d & M32
        if v.__class__ is U:
            o.b[off:off + n] = bytes([v.v & 255]) * n
            o.undefine(off, bytes([v.m & 255]) * n)
        else:
            o.b[off:off + n] = bytes(n) if not v else bytes((v & 255,)) * n
            if o.ud is not None:
                o.define(off, n)
        if o.ptrs:
            o.clear_ptrs(off, n)
        o.resync()

    def byval(self, p, size: int) -> int:
        oid = self.alloca(size, 1, 8) >> 32
        self.memcpy(oid << 32, p, size, True)
        return oid << 32

    def word_type(self, v, ty: Ty) -> Ty:
        """The type to store a 64-bit integer v as: a pointer if it points
        into an object.  Clang moves pointers through atomics as i64
        (__atomic_store_n, compare-exchange, exchange on a pointer): stored
        as plain integers they would be no edge of the memory graph (what
        they point to missing from state keys) and would share nothing."""
        if ty.k == "i" and ty.bits == 64 and v.__class__ is int and v >> 32 in self.objs:
            return PTR
        return ty

    def cmpxchg(self, p, cmp, new, ty, moved: bool = False):
        old = self.ld(p, ty, moved)
        ok = old == cmp
        if ok.__class__ is U:
            self.fault(F_UNDEFINED, "compare-and-swap on an undefined value")
            ok = False
        if ok:
            self.st(p, new, self.word_type(new, ty))
        return (old, bool(ok))

    def atomicrmw(self, op: str, p, v, ty, moved: bool = False):
        old = self.ld(p, ty, moved and op == "xchg")
        bits = ty.bits
        m = (1 << bits) - 1
        if op == "xchg":
            new = v
        elif op == "add":
            new = (old + v) & m
        elif op == "sub":
            new = (old - v) & m
        elif op == "and":
            new = old & v
        elif op == "or":
            new = old | v
        elif op == "xor":
            new = old ^ v
        elif op == "nand":
            new = ~(old & v) & m
        elif op in ("max", "min", "umax", "umin"):
            new = ops.minmax(("s" + op) if op in ("max", "min") else op, old, v, bits)
        elif op == "fadd":
            new = old + v
        elif op == "fsub":
            new = old - v
        elif op in ("fmax", "fmin", "fmaximum", "fminimum"):
            new = {"fmax": ops.fmaxnum, "fmin": ops.fminnum, "fmaximum": ops.fmaximum,
                   "fminimum": ops.fminimum}[op](old, v)
        elif op == "uinc_wrap":
            new = 0 if old >= v else old + 1
        elif op == "udec_wrap":
            new = v if old == 0 or old > v else old - 1
        elif op == "usub_cond":
            new = old - v if old >= v else old
        elif op == "usub_sat":
            new = old - v if old >= v else 0
        else:
            raise VMError(f"atomicrmw {op}")
        self.st(p, new, self.word_type(new, ty) if op == "xchg" else ty)
        return old

    def objectsize(self, p, minimum, bits):
        if p.__class__ is U:
            return (1 << bits) - 1
        o = self.objs.get(p >> 32)
        if o is None or (p & M32) > len(o.b):
            return 0 if minimum else (1 << bits) - 1
        return len(o.b) - (p & M32)

    def share(self, p) -> None:
        """p becomes reachable by other threads: so does everything it reaches.
        The shared set stays closed under reachability, except through
        activation frames: the OS keeps each thread's frames, but no other
        thread's code can follow a pointer into them (whether a parked frame
        has been written yet must not matter either)."""
        if p.__class__ is not int:
            return
        todo = [p >> 32]
        objs = self.objs
        while todo:
            oid = todo.pop()
            o = objs.get(oid)
            if o is None or o.shared or o.kind == K_FRAME:
                continue
            o = self.writable(oid)
            o.shared = True
            b = o.b
            for off in o.ptrs:
                if off + 8 <= len(b):
                    todo.append(struct.unpack_from("<Q", b, off)[0] >> 32)


def kind_word(o: Obj) -> str:
    return {K_GLOBAL: "global", K_ALLOCA: "local", K_HEAP: "heap"}.get(o.kind, "")

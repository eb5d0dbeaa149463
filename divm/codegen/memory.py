"""Memory access: loads and stores inline with a fast path for objects
whose bytes are all defined (everything unusual goes to the VM's checked
slow paths `_ld`, `_st`, which raise faults), allocas, address arithmetic
and memcpy."""

from __future__ import annotations

from divm.codegen.emit import CodegenError, mask
from divm.codegen.liveness import renamed_lifetimes
from divm.load.ir import Ins
from divm.load.types import PTR, Ty
from divm.load.values import undef_of

_UNPACK = {("i", 8): "L8", ("i", 16): "L16", ("i", 32): "L32", ("i", 64): "L64",
           ("p", 64): "L64", ("d", 64): "LD", ("f", 32): "LF"}
# the undefined-bits test of the bytes a load reads (an int unpack of `ud`)
_UDMASK = {1: "_o.ud[{0}]", 2: "L16(_o.ud, {0})[0]", 4: "L32(_o.ud, {0})[0]", 8: "L64(_o.ud, {0})[0]"}
_PACK = {("i", 8): "S8", ("i", 16): "S16", ("i", 32): "S32", ("i", 64): "S64",
         ("d", 64): "SD", ("f", 32): "SF"}


class Memory:
    uninit = False  # -o nondet:uninit in this function (see gen.py)

    def i_load(self, ins: Ins, ind: int) -> None:
        a, r, loc = ins.a, ins.res, ins.loc
        if a[0].name in self.promoted:
            m = "m" + a[0].name
            if self.uninit:  # (written back: later reads see the same input)
                self.emit(ind, f"{r} = {m} = _uninit({m}, {self.tname(ins.ty)}) if {m}.__class__ is U else {m}", loc)
            else:
                self.emit(ind, f"{r} = {m}", loc)
        else:
            self.crit(self.val(a[0]), ins.ty.store, 1, ind, loc, atomic=ins.x == "atomic")
            self.load(r, self.val(a[0]), ins.ty, ind, loc)

    def i_store(self, ins: Ins, ind: int) -> None:
        a, loc = ins.a, ins.loc
        if a[1].name in self.promoted:
            self.emit(ind, f"m{a[1].name} = {self.val(a[0])}", loc)
        else:
            self.crit(self.val(a[1]), a[0].ty.store, 2, ind, loc, atomic=ins.x == "atomic")
            ty = a[0].ty
            if ins.x == "atomic" and ty.k == "i" and ty.bits == 64:
                # (a pointer clang moves as i64 stays a pointer: VM.word_type)
                p, v = self.val(a[1]), self.val(a[0])
                self.emit(ind, f"_st({p}, {v}, {self.tname(PTR)} if ({v}).__class__ is int and ({v}) >> 32 in OBJS "
                               f"else {self.tname(ty)})", loc)
            else:
                self.store(self.val(a[1]), self.val(a[0]), ty, ind, loc)

    def i_alloca(self, ins: Ins, ind: int) -> None:
        r = ins.res
        if r in self.promoted:
            self.emit(ind, f"m{r} = {self.const(undef_of(ins.x))}", ins.loc)
            return
        at: Ty = ins.x
        cnt = self.val(ins.a[0])
        self.emit(ind, f"{r} = _alloca({at.size}, {cnt}, {at.align})", ins.loc)

    def i_lifetime(self, ins: Ins, ind: int) -> None:
        """llvm.lifetime.start/end of a block's variable (load/instructions.py):
        the VM removes its object at the end and makes it again, undefined, at
        the start, under a new id where no address computed before is used
        after (liveness.renamed_lifetimes); a promoted one lives in a
        register, untouched."""
        p = ins.a[0]
        if p.const or p.name in self.promoted:
            return
        sizes = getattr(self, "alloca_sizes", None)
        if sizes is None:
            sizes = self.alloca_sizes = {i.res: i.x.size for b in self.fn.blocks for i in b.ins
                                         if i.op == "alloca" and i.a[0].const and i.a[0].val == 1}
            self.renamed = renamed_lifetimes(self.fn, self.promoted, self.live)
        if p.name in sizes:  # (no line of its own: a debugger does not stop at a declaration)
            v = self.val(p)
            mode = 2 if id(ins) in self.renamed else int(ins.x)
            self.emit(ind, f"{v} = _lifetime({v}, {sizes[p.name]}, {mode})")

    def i_cmpxchg(self, ins: Ins, ind: int) -> None:
        a = ins.a
        self.crit(self.val(a[0]), a[1].ty.store, 3, ind, ins.loc)
        moved = ", True" if self.moved_only(ins.res) else ""
        self.emit(ind, f"{ins.res} = _cmpxchg({self.val(a[0])}, {self.val(a[1])}, {self.val(a[2])}, "
                       f"{self.tname(a[1].ty)}{moved})", ins.loc)

    def i_atomicrmw(self, ins: Ins, ind: int) -> None:
        a = ins.a
        self.crit(self.val(a[0]), a[1].ty.store, 3, ind, ins.loc)
        moved = ", True" if self.moved_only(ins.res) else ""
        self.emit(ind, f"{ins.res} = _atomicrmw({ins.x!r}, {self.val(a[0])}, {self.val(a[1])}, "
                       f"{self.tname(a[1].ty)}{moved})", ins.loc)

    @staticmethod
    def addr(p: str) -> tuple[str, str]:
        """Object id and offset expressions, folded for constant pointers."""
        if p[:2] == "0x" or p.isdigit():
            v = int(p, 0)
            return str(v >> 32), str(v & 0xFFFFFFFF)
        return f"{p} >> 32", f"{p} & 0xFFFFFFFF"

    def load(self, r: str, p: str, ty: Ty, ind: int, loc) -> None:
        """Inline fast path: the object exists, the bytes read are in bounds
        and defined (only the bytes read are checked: an object with
        undefined padding elsewhere stays fast)."""
        e = self.emit
        ld = "_ldu" if self.uninit else "_ld"  # (-o nondet:uninit: the program's own loads only)
        key = (ty.k, ty.bits)
        t = self.tname(ty)
        oid, off = self.addr(p)
        if key in _UNPACK:
            um = _UDMASK[ty.store]
            e(ind, "try:", loc)
            e(ind + 1, f"_o = OBJS[{oid}]", loc)
            # (a byte is read by indexing, half the cost of an unpack)
            rd = f"_o.b[{off}]" if key == ("i", 8) else f"{_UNPACK[key]}(_o.b, {off})[0]"
            ow = ""
            if ty.k != "p" and self.data_ptrs:  # (data read from an object with pointers: their bytes? vm/order.py)
                ow = " and not (_o.ptrs and OW)"
                if not self.uninit and self.moved_only(r):
                    ld = "_ldm"
            e(ind + 1, f"{r} = {rd} if (_o.ud is None or not {um.format(off)}){ow} else {ld}({p}, {t})", loc)
            e(ind, f"except Exception: {r} = {ld}({p}, {t})", loc)
        elif ty.k == "i" and ty.bits == 1:
            e(ind, "try:", loc)
            e(ind + 1, f"_o = OBJS[{oid}]", loc)
            ow = " and not (_o.ptrs and OW)" if self.data_ptrs else ""
            e(ind + 1, f"{r} = _o.b[{off}] & 1 if (_o.ud is None or not _o.ud[{off}]){ow} else {ld}({p}, {t})", loc)
            e(ind, f"except Exception: {r} = {ld}({p}, {t})", loc)
        else:
            e(ind, f"{r} = {ld}({p}, {t})", loc)

    def moved_only(self, r: str) -> bool:
        """Is the value of r only moved (stored, exchanged, made a pointer
        again, compared for equality), never computed with?  Clang moves
        pointers through atomics and unions as integers: such a load of a
        pointer's bytes shows no number (vm/order.py); the pointer may
        still leave (its object is shared)."""
        users = self.__dict__.get("_users")
        if users is None:
            users = self._users = {}
            for b in self.fn.blocks:
                for ins in b.phis + b.ins:
                    for k, op in enumerate(ins.a):
                        if not op.const:
                            users.setdefault(op.name, []).append((ins, k))
        todo, seen = [r], {r}
        while todo:
            for ins, k in users.get(todo.pop(), ()):
                op = ins.op
                if op == "store" and k == 0 or op == "cmpxchg" and k > 0 or op == "inttoptr" \
                        or op == "atomicrmw" and ins.x == "xchg" and k == 1 \
                        or op == "icmp" and ins.x in ("eq", "ne") or op == "trunc" and ins.ty.bits <= 32:
                    continue
                if op == "extractvalue" and tuple(ins.x) == (1,):  # (cmpxchg's success flag: an equality)
                    continue
                if op == "phi" or op == "select" and k > 0 or op == "extractvalue":
                    if ins.res not in seen:
                        seen.add(ins.res)
                        todo.append(ins.res)
                    continue
                return False
        return True

    def store(self, p: str, v: str, ty: Ty, ind: int, loc) -> None:
        """Inline fast path for writable objects (`slow` marks frozen and
        read-only ones); the shadow bits of the bytes written are brought up
        to date by _def only when the object has any undefined bytes or
        pointers.  A packing error (out of bounds, an undefined value) goes
        to the checked slow path before anything is written; so does an
        undefined value."""
        e = self.emit
        key = (ty.k, ty.bits)
        t = self.tname(ty)
        oid, off = self.addr(p)
        if key in _PACK:
            e(ind, "try:", loc)
            e(ind + 1, f"_o = OBJS[{oid}]", loc)
            # (U has __index__ and __float__: struct would pack its as-if bits)
            uv = "" if v[0].isdigit() or v[0] == "-" else f" or {v}.__class__ is U"
            e(ind + 1, f"if _o.slow{uv}: _st({p}, {v}, {t})", loc)
            e(ind + 1, "else:", loc)
            # (a byte by item assignment: values are kept in range, and one
            # out of range raises as pack_into would)
            e(ind + 2, f"_o.b[{off}] = {v}" if key == ("i", 8) else f"{_PACK[key]}(_o.b, {off}, {v})", loc)
            self.define_stored(off, ty.store, ind + 2, loc)
            e(ind, f"except Exception: _st({p}, {v}, {t})", loc)
        elif ty.k == "p":
            e(ind, "try:", loc)
            e(ind + 1, f"_o = OBJS[{oid}]", loc)
            uv = "" if v[0].isdigit() else f" or {v}.__class__ is U"
            e(ind + 1, f"if _o.slow or {p} & 7{uv}: _st({p}, {v}, {t})", loc)
            e(ind + 1, "else:", loc)
            e(ind + 2, f"S64(_o.b, {off}, {v})", loc)
            # (a pointer replacing the object's only pointer needs no clearing)
            self.define_stored(off, 8, ind + 2, loc, f"_o.ptrs and (len(_o.ptrs) > 1 or {off} not in _o.ptrs)")
            e(ind + 2, f"_o.ptrs.add({off})", loc)
            e(ind + 2, f"if _o.shared: _share({v})", loc)
            e(ind, f"except Exception: _st({p}, {v}, {t})", loc)
        else:
            e(ind, f"_st({p}, {v}, {t})", loc)

    def define_stored(self, off: str, n: int, ind: int, loc, ptrs: str = "_o.ptrs") -> None:
        """The shadow update after an inline store of n defined bytes: none
        in a defined object without pointers; bytes that were all undefined
        (a fresh heap block's field) cleared inline, as no pointer can
        overlap undefined bytes; anything else by Obj.define_bytes."""
        e = self.emit
        um = _UDMASK[n].format(off)
        clear = f"_o.ud[{off}] = 0" if n == 1 else f"S{8 * n}(_o.ud, {off}, 0)"
        e(ind, "if _o.ud is not None:", loc)
        e(ind + 1, f"_m = {um}", loc)
        e(ind + 1, f"if _m == {(1 << 8 * n) - 1} and _o.nud > {n}: {clear}; _o.nud -= {n}", loc)
        e(ind + 1, f"elif _m or {ptrs}: _def(_o, {off}, {n})", loc)
        e(ind, f"elif {ptrs}: _def(_o, {off}, {n})", loc)

    def gep(self, ins: Ins, ind: int) -> None:
        a = ins.a
        base = self.val(a[0])
        if a[0].ty.k == "vec" or ins.ty.k == "vec":
            self.vector_gep(ins, ind)
            return
        src: Ty = ins.x
        const = 0
        terms = []  # the offset, indices sign-extended (what _gep is given)
        fast = []  # the same with i64 indices left unsigned (see below)
        symparts = []  # (index, bits, size) for the engine, when something is symbolic
        t = src
        for n, op in enumerate(a[1:]):
            if n == 0:
                size = src.size
            elif t.k == "s":
                if not op.const:
                    raise CodegenError("non-constant struct index")
                const += t.offsets[op.val]
                t = t.elems[op.val]
                continue
            else:
                t = t.elem
                size = t.size
            if op.const:
                v = op.val
                if v.__class__ is not int:
                    terms.append(f"_sx({self.const(v)}, {op.ty.bits}) * {size}")
                    fast.append(terms[-1])
                else:
                    bits = op.ty.bits
                    if v >> (bits - 1):
                        v -= 1 << bits
                    const += v * size
            else:
                bits = op.ty.bits
                symparts.append(f"({op.name}, {bits}, {size})")
                sb = hex(1 << (bits - 1))
                x = f"(({op.name} ^ {sb}) - {sb})" if bits > 1 else op.name
                terms.append(f"{x} * {size}" if size != 1 else x)
                # a negative i64 index read as unsigned (2**64 - k) moves the
                # pointer by at least 2**32, which the test below sends to
                # _gep with the signed offset: the fast sum needs no sign
                # extension
                x = op.name if bits == 64 else x
                fast.append(f"{x} * {size}" if size != 1 else x)
        r = ins.res
        ops_ = [op for op in a if not op.const]
        if self.sym and ops_:
            cond = " or ".join(f"{op.name}.__class__ is Sym" for op in ops_)
            self.emit(ind, f"if {cond}: {r} = _sy_gep({base}, ({''.join(x + ', ' for x in symparts)}), {const}, "
                           f"{self.ovf})", ins.loc)
            self.emit(ind, "else:", ins.loc)
            ind += 1
        if not terms and const >= 0:
            if const == 0:
                self.emit(ind, f"{r} = {base}", ins.loc)
            else:
                self.emit(ind, f"{r} = ({base} + {const}) & {mask(64)}", ins.loc)
        else:
            off = " + ".join(terms + ([str(const)] if const else []))
            fsum = "".join(f" + {x}" for x in fast) + (f" + {const}" if const > 0 else f" - {-const}" if const else "")
            self.emit(ind, f"{r} = {base}{fsum}", ins.loc)
            # leaving the 32-bit offset range poisons the pointer (in _gep)
            # (-o check:overflow: that is pointer arithmetic wrapping, an integer error)
            gep = "_gep_chk" if self.ovf else "_gep"
            self.emit(ind, f"if {r}.__class__ is not int or ({r} ^ {base}) >> 32: {r} = {gep}({base}, {off})", ins.loc)

    def vector_gep(self, ins: Ins, ind: int) -> None:
        """getelementptr with a vector of bases or indices: a vector of
        pointers, lane by lane (scalar operands are the same in every lane)."""
        a = ins.a
        n = ins.ty.n
        names, iters, terms = ["_b"], [], []
        iters.append(self.val(a[0]) if a[0].ty.k == "vec" else f"({self.val(a[0])},) * {n}")
        t: Ty = ins.x
        const = 0
        for k, op in enumerate(a[1:]):
            if k == 0:
                size = t.size
            elif t.k == "s":  # struct indices are constants (splat if a vector)
                i = op.val[0] if isinstance(op.val, tuple) else op.val
                const += t.offsets[i]
                t = t.elems[i]
                continue
            else:
                t = t.elem
                size = t.size
            z = f"_i{k}"
            names.append(z)
            iters.append(self.val(op) if op.ty.k == "vec" else f"({self.val(op)},) * {n}")
            bits = op.ty.elem.bits if op.ty.k == "vec" else op.ty.bits
            terms.append(f"_sx({z}, {bits}) * {size}")
        off = " + ".join(terms + [str(const)])
        self.emit(ind, f"{ins.res} = tuple(_gep(_b, {off}) for {', '.join(names)}, in zip({', '.join(iters)}))",
                  ins.loc)

    def copy(self, d: str, s: str, n: str, nooverlap: bool, ind: int, loc) -> None:
        """memcpy/memmove inline (a struct assignment, an array element a
        library routine moves) when both pointers and the length are defined,
        in bounds, no pointer is stored in either object and the source bytes
        are defined; else VM.memcpy checks all."""
        e = self.emit
        e(ind, "try:", loc)
        e(ind + 1, f"_o = OBJS[{d} >> 32]; _q = OBJS[{s} >> 32]; _a = {d} & 0xFFFFFFFF; _c = {s} & 0xFFFFFFFF",
          loc)
        cond = [f"not ({self.defined(d, s, n)})"]
        if not n[0].isdigit():
            cond.append(f"{n} <= 0")
        cond += ["_o.slow", "_o.ptrs", "_q.ptrs", f"_a + {n} > len(_o.b)",
                f"_c + {n} > len(_q.b)", "UNW",
                f"_q.ud is not None and _q.ud.count(0, _c, _c + {n}) != {n}"]
        if nooverlap:
            cond.append(f"_o is _q and _a < _c + {n} and _c < _a + {n}")  # (VM.memcpy faults)
        e(ind + 1, f"if {' or '.join(cond)}: _o = None", loc)
        e(ind + 1, "else:", loc)
        e(ind + 2, f"_o.b[_a:_a + {n}] = _q.b[_c:_c + {n}]", loc)
        e(ind + 2, f"if _o.ud is not None: _o.define(_a, {n})", loc)
        e(ind, "except Exception: _o = None", loc)
        e(ind, f"if _o is None: _memcpy({d}, {s}, {n}, {nooverlap})", loc)

    HANDLES = {"load": i_load, "store": i_store, "alloca": i_alloca, "gep": gep, "lifetime": i_lifetime,
               "cmpxchg": i_cmpxchg, "atomicrmw": i_atomicrmw}

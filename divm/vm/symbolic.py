"""Symbolic data (`--symbolic`): inputs that are z3 bit-vector terms.

Each `__VERIFIER_nondet_*` call makes a fresh variable.  A value built from
one is a `Sym` (load/values.py); code generated for a symbolic run sends
operations with a Sym operand here, concrete ones run as always.  Memory
keeps a symbolic byte as an 8-bit term in `Obj.sym`, the byte marked
undefined so that every fast path leaves it to the slow ones.

The state carries `vm.sym_state = (path condition, inputs)`: the
conjuncts assumed so far and, per variable, (name, bits, call, location).
A branch on a Sym asks the solver which sides are feasible under the path
condition; when both are, it forks with `__vm_choose`, so traces and replay
work unchanged.  Where a concrete number is unavoidable (an address, a
length, an argument to the VM's own code) the value is enumerated: up to
CONC_LIMIT feasible values, each a choice; beyond that the search is
incomplete and cannot answer `valid`.

Soundness: an `unknown` from the solver counts as feasible; states are
equal only when their terms are structurally equal (z3 hash-conses
simplified terms; every term whose id went into a key is kept alive, so
ids are never reused)."""

from __future__ import annotations

import time

import z3

from divm.load import layout
from divm.load.layout import M32, POISON_ID
from divm.load.types import I8
from divm.load.values import Sym, U, set_sym_hook
from divm.vm import ops
from divm.vm.defs import F_INTEGER

CONC_LIMIT = 64  # feasible values a concretisation enumerates
ITE_LIMIT = 256  # offsets a load at a symbolic offset folds into one term


def bv(x, bits: int):
    """x (int or Sym) as a bit-vector term of `bits` bits."""
    if x.__class__ is Sym:
        t = x.t
        w = t.size()
        if w == bits:
            return t
        return z3.ZeroExt(bits - w, t) if w < bits else z3.Extract(bits - 1, 0, t)
    return z3.BitVecVal(int(x) & ((1 << bits) - 1), bits)


def mk(t, bits: int):
    """A simplified term: a Python int when it is a constant."""
    t = z3.simplify(t)
    if z3.is_bv_value(t):
        return t.as_long()
    return Sym(t, bits)


def byte_terms(v: Sym, n: int) -> list:
    t = v.t
    if t.size() < 8 * n:
        t = z3.ZeroExt(8 * n - t.size(), t)
    return [z3.simplify(z3.Extract(8 * i + 7, 8 * i, t)) for i in range(n)]


def install_syms(o, syms: list, base: int = 0) -> None:
    """Record the symbolic values encode listed as o's symbolic bytes (at
    base + their offsets)."""
    if o.sym is None:
        o.sym = {}
    for off, v, n in syms:
        for i, t in enumerate(byte_terms(v, n)):
            o.sym[base + off + i] = t
    o.resync()


class Engine:
    def __init__(self, vm):
        self.vm = vm
        self.solver = z3.Solver()
        self.asserted: list = []  # the conjuncts on the solver, one push each
        self.cache: dict = {}
        self.keep: dict = {}  # ast id -> term (ids in keys and caches stay unique)
        self.queries = 0
        self.seconds = 0.0
        self.incomplete: str | None = None
        self.varcache: dict = {}  # term id -> the inputs it mentions
        self.width: dict[str, int] = {}  # input -> bits
        vm.sym_state = ((), ())
        set_sym_hook(self.branch)
        layout.SYM_DECODE[0] = self.decode

    # -- terms and the path condition ----------------------------------------------
    def tid(self, t) -> int:
        i = t.get_id()
        self.keep.setdefault(i, t)
        return i

    def fresh(self, bits: int, what: str):
        vm = self.vm
        pc, inputs = vm.sym_state
        name = f"in{len(inputs)}"
        bt = vm.backtrace()
        where = f"{bt[0]['file']}:{bt[0]['line']}" if bt else "?"
        vm.sym_state = (pc, inputs + ((name, bits, what, where),))
        self.width[name] = bits
        return Sym(z3.BitVec(name, bits), bits)

    def assume(self, c) -> None:
        pc, inputs = self.vm.sym_state
        self.vm.sym_state = (pc + (z3.simplify(c),), inputs)

    def _sync(self, pc: tuple) -> None:
        a = self.asserted
        k = 0
        while k < len(a) and k < len(pc) and (a[k] is pc[k] or a[k].get_id() == pc[k].get_id()):
            k += 1
        if k < len(a):
            self.solver.pop(len(a) - k)
            del a[k:]
        for c in pc[k:]:
            self.solver.push()
            self.solver.add(c)
            a.append(c)

    def _check(self, extra=None):
        t0 = time.perf_counter()
        self.queries += 1
        try:
            if extra is None:
                return self.solver.check()
            self.solver.push()
            self.solver.add(extra)
            try:
                return self.solver.check()
            finally:
                self.solver.pop()
        finally:
            self.seconds += time.perf_counter() - t0

    def feasible(self, c) -> bool:
        pc = self.vm.sym_state[0]
        key = (tuple(self.tid(x) for x in pc), self.tid(c))
        r = self.cache.get(key)
        if r is None:
            self._sync(pc)
            r = self.cache[key] = self._check(c) != z3.unsat  # unknown counts as feasible
        return r

    def decide(self, c) -> bool:
        """Which way a condition goes: forks (a choice) when both can."""
        c = z3.simplify(c)
        if z3.is_true(c):
            return True
        if z3.is_false(c):
            return False
        t = self.feasible(c)
        nc = z3.simplify(z3.Not(c))
        f = self.feasible(nc)
        if t and f:
            side = self.vm.hc_choose(2) == 1
            self.assume(c if side else nc)
            return side
        if not t and not f:  # (an infeasible path condition: nothing continues)
            self.vm.hc_cancel()
        return t

    def branch(self, s: Sym) -> bool:
        return self.decide(s.t != 0)

    def values(self, t) -> list[int]:
        """The feasible values of t, sorted (at most CONC_LIMIT + 1)."""
        pc = self.vm.sym_state[0]
        key = ("vals", tuple(self.tid(x) for x in pc), self.tid(t))
        r = self.cache.get(key)
        if r is None:
            self._sync(pc)
            r = []
            self.solver.push()
            try:
                while len(r) <= CONC_LIMIT:
                    if self._check() != z3.sat:
                        break
                    v = self.solver.model().eval(t, model_completion=True).as_long()
                    r.append(v)
                    self.solver.add(t != v)
            finally:
                self.solver.pop()
            r = self.cache[key] = sorted(r)
        return r

    def conc(self, x):
        """x with a concrete number for a Sym (a choice among its values)."""
        if x.__class__ is not Sym:
            if x.__class__ is tuple:
                return tuple(self.conc(e) for e in x)
            return x
        t = x.t
        vals = self.values(t)
        if not vals:
            self.vm.hc_cancel()
            return 0
        if len(vals) > CONC_LIMIT:
            self.incomplete = (f"a symbolic value had more than {CONC_LIMIT} feasible values where a concrete "
                               "one was needed; only some were tried")
            vals = vals[:CONC_LIMIT]
        v = vals[self.vm.hc_choose(len(vals))] if len(vals) > 1 else vals[0]
        if len(vals) > 1 or self.incomplete:
            self.assume(t == v)
        return v

    def model(self) -> list[dict]:
        """A concrete value for each input of the current path."""
        pc, inputs = self.vm.sym_state
        if not inputs:
            return []
        self._sync(pc)
        if self._check() != z3.sat:
            return []
        m = self.solver.model()
        out = []
        for name, bits, what, where in inputs:
            v = m.eval(z3.BitVec(name, bits), model_completion=True).as_long()
            out.append({"input": name, "call": what, "location": where, "bits": bits, "value": v})
        return out

    # -- operations -------------------------------------------------------------------
    def binop(self, op: str, x, y, bits: int, check: bool = False):
        if x.__class__ is U or y.__class__ is U:
            return ops.full(bits)
        a, b = bv(x, bits), bv(y, bits)
        if op == "add":
            r = a + b
        elif op == "sub":
            r = a - b
        elif op == "mul":
            r = a * b
        elif op == "and":
            r = a & b
        elif op == "or":
            r = a | b
        elif op == "xor":
            r = a ^ b
        elif op in ("udiv", "urem", "sdiv", "srem"):
            if self.decide(b == 0):
                self.vm.fault(F_INTEGER, ("division" if op[1:] == "div" else "remainder") + " by zero")
                return ops.full(bits)
            if op[0] == "s" and bits > 1 and self.decide(
                    z3.And(a == z3.BitVecVal(1 << (bits - 1), bits), b == z3.BitVecVal(-1, bits))):
                self.vm.fault(F_INTEGER, "signed division overflow (INT_MIN / -1)")
                return ops.full(bits)
            r = {"udiv": z3.UDiv, "urem": z3.URem, "srem": z3.SRem}[op](a, b) if op != "sdiv" else a / b
        elif op in ("shl", "lshr", "ashr"):
            if self.decide(z3.UGE(b, bits)):
                if check:
                    self.vm.fault(F_INTEGER, f"shift by a symbolic amount of at least {bits}")
                return ops.full(bits)
            r = a << b if op == "shl" else z3.LShR(a, b) if op == "lshr" else a >> b
        else:
            raise TypeError(f"symbolic {op}")
        if check and op in ("add", "sub", "mul") and bits > 1:
            w = 2 * bits if op == "mul" else bits + 1
            sa, sb = z3.SignExt(w - bits, a), z3.SignExt(w - bits, b)
            wide = sa + sb if op == "add" else sa - sb if op == "sub" else sa * sb
            if self.decide(wide != z3.SignExt(w - bits, r)):
                self.vm.fault(F_INTEGER, f"signed overflow in {op} (symbolic operands)")
        return mk(r, bits)

    def icmp(self, pred: str, x, y, bits: int):
        if x.__class__ is U or y.__class__ is U:
            return U(0, 1)
        a, b = bv(x, bits), bv(y, bits)
        c = {"eq": lambda: a == b, "ne": lambda: a != b, "ult": lambda: z3.ULT(a, b),
             "ule": lambda: z3.ULE(a, b), "ugt": lambda: z3.UGT(a, b), "uge": lambda: z3.UGE(a, b),
             "slt": lambda: a < b, "sle": lambda: a <= b, "sgt": lambda: a > b, "sge": lambda: a >= b}[pred]()
        return mk(z3.If(c, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)), 1)

    def cast(self, op: str, x, sbits: int, dbits: int):
        if x.__class__ is U:
            return ops.full(dbits)
        a = bv(x, sbits)
        if dbits == sbits:
            return x
        if dbits < sbits:
            return mk(z3.Extract(dbits - 1, 0, a), dbits)
        if op == "sext":
            return mk(z3.SignExt(dbits - sbits, a), dbits)
        return mk(z3.ZeroExt(dbits - sbits, a), dbits)

    def gep(self, base, parts: tuple, const: int):
        """base + the sign-extended indices times their sizes + const."""
        if base.__class__ is U or any(i.__class__ is U for i, _, _ in parts):
            return ops.full(64)
        oid = base >> 32 if base.__class__ is int else mk(z3.Extract(63, 32, base.t), 32)
        r = z3.ZeroExt(32, z3.Extract(31, 0, bv(base, 64))) if oid.__class__ is int else bv(base, 64)
        r = r + z3.BitVecVal(const & ((1 << 64) - 1), 64)
        for i, bits, size in parts:
            t = bv(i, bits)
            if bits < 64:
                t = z3.SignExt(64 - bits, t)
            r = r + t * z3.BitVecVal(size, 64)
        if oid.__class__ is not int:
            return mk(r, 64)
        # the offset stays within the object's 32 bits, or the pointer is
        # poisoned (as _gep does for concrete ones)
        low = z3.Extract(31, 0, r)
        if self.decide(z3.ULT(r, 1 << 32)):
            return mk(z3.Concat(z3.BitVecVal(oid, 32), low), 64)
        return mk(z3.Concat(z3.BitVecVal(POISON_ID, 32), low), 64)

    def switch(self, sw: Sym, cases: tuple):
        """The case a symbolic switch value takes (forking over the feasible
        ones), or a value outside all cases for the default."""
        t = sw.t
        for v in cases:
            if self.decide(t == v):
                return v
        v = 0
        while v in cases:
            v += 1
        return v

    # -- memory -------------------------------------------------------------------------
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
        size = len(o.b)
        inb = z3.ULE(off, size - n) if size >= n else z3.BoolVal(False)
        if not self.decide(inb):
            return (b << 32) | size  # the checked path faults: out of bounds
        return (b << 32) | self.conc(mk(off, 32))

    def load(self, vm, p, ty):
        """A load whose pointer or bytes are symbolic (else vm.ld)."""
        if p.__class__ is Sym:
            if ty.k == "i" and ty.store <= 8:
                v = self.ite_load(p, ty)
                if v is not None:
                    return v
            p = self.address(p, ty.store, False)
        if p.__class__ is int:
            o = vm.objs.get(p >> 32)
            if o is not None and o.sym is not None:
                off = p & M32
                if any(k in o.sym for k in range(off, off + ty.store)) and vm.check(p, ty.store, False) is not None:
                    return self.decode(ty, o, off)
        return vm.ld(p, ty)

    def ite_load(self, p: Sym, ty):
        """A load at a symbolic offset into one object as an if-then-else
        over the offsets it may have (None: not possible here)."""
        t = p.t
        base = mk(z3.Extract(63, 32, t), 32)
        if base.__class__ is not int:
            return None
        o = self.vm.objs.get(base)
        n = ty.store
        if o is None or len(o.b) < n or len(o.b) - n + 1 > ITE_LIMIT:
            return None
        off = z3.simplify(z3.Extract(31, 0, t))
        size = len(o.b)
        if not self.decide(z3.ULE(off, size - n)):
            return None  # (address() then faults)
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
        if k in ("s", "a", "vec") and k != "vec":
            if k == "s":
                return tuple(self.decode(e, o, off + eo) for e, eo in zip(ty.elems, ty.offsets))
            return tuple(self.decode(ty.elem, o, off + i * ty.elem.size) for i in range(ty.n))
        n = ty.store
        sym = o.sym
        if not any(j in sym for j in range(off, off + n)):
            return layout.decode(ty, o.b, off, o.ud)
        if k not in ("i", "p"):
            return U(0, (1 << (8 * n)) - 1)  # symbolic bytes read as a float: not modelled
        parts = []
        for j in range(off + n - 1, off - 1, -1):
            t = sym.get(j)
            if t is None:
                if o.ud is not None and o.ud[j]:
                    return U(0, (1 << ty.bits) - 1)
                t = z3.BitVecVal(o.b[j], 8)
            parts.append(t)
        t = z3.Concat(*parts) if len(parts) > 1 else parts[0]
        if ty.bits < 8 * n:
            t = z3.Extract(ty.bits - 1, 0, t)
        return mk(t, ty.bits)

    def store(self, vm, p, v, ty) -> None:
        if p.__class__ is Sym:
            p = self.address(p, ty.store, True)
        if ty.k == "p" and v.__class__ is Sym:
            v = self.conc(v)  # a pointer keeps a concrete target: the memory graph's edge
        if not has_sym(v):
            vm.st(p, v, ty)
            return
        n = ty.store
        o = vm.check(p, n, True)
        if o is None:
            return
        off = p & M32
        buf = bytearray(n)
        um = bytearray(n)
        ptrs: list[int] = []
        syms: list = []
        layout.encode(ty, v, buf, 0, um, ptrs, syms)
        o.b[off:off + n] = buf
        o.undefine(off, bytes(um))
        if o.ptrs:
            o.clear_ptrs(off, n)
        for q in ptrs:
            o.ptrs.add(off + q)
        install_syms(o, syms, off)

    def memcpy(self, vm, d, s, n, nooverlap: bool) -> None:
        d, s, n = self.conc(d), self.conc(s), self.conc(n)
        so = vm.objs.get(s >> 32) if s.__class__ is int else None
        moved = None
        if so is not None and so.sym is not None and n.__class__ is int and n > 0:
            soff = s & M32
            moved = {k - soff: t for k, t in so.sym.items() if soff <= k < soff + n}
        vm.memcpy(d, s, n, nooverlap)
        if moved and not vm.flags & 8:  # (CF_ERROR: the copy faulted)
            do = vm.objs.get(d >> 32)
            if do is not None:
                doff = d & M32
                if do.sym is None:
                    do.sym = {}
                for k, t in moved.items():
                    do.sym[doff + k] = t
                do.resync()

    # -- the state -------------------------------------------------------------------------
    def vars_of(self, t) -> frozenset:
        """The input variables a term mentions."""
        i = t.get_id()
        r = self.varcache.get(i)
        if r is None:
            names = set()
            stack, seen = [t], set()
            while stack:
                e = stack.pop()
                j = e.get_id()
                if j in seen:
                    continue
                seen.add(j)
                if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
                    names.add(e.decl().name())
                else:
                    stack.extend(e.children())
            r = self.varcache[i] = frozenset(names)
            self.keep.setdefault(i, t)
        return r


def has_sym(v) -> bool:
    if v.__class__ is Sym:
        return True
    return v.__class__ is tuple and any(has_sym(e) for e in v)


# namespace entries that take symbolic values as they are (or are not values)
_AS_IS = {"_gf", "_hc_frame", "_sjres", "_set_sjres", "_def", "_insertvalue", "_libm"}


def install(vm) -> Engine:
    """Make vm's runs symbolic: nondet calls give fresh variables, and the
    VM's own functions get concrete numbers for symbolic arguments."""
    from divm.vm.builtins import NONDET
    eng = vm.engine = Engine(vm)
    conc = eng.conc

    def wrap(f):
        def g(*a):
            for x in a:
                if x.__class__ is Sym or x.__class__ is tuple:
                    return f(*conc(a))
            return f(*a)
        return g
    G = vm.G
    for name, f in list(G.items()):
        if name.startswith("_") and name not in _AS_IS and callable(f) and not isinstance(f, type):
            G[name] = wrap(f)
    G["_ld"] = lambda p, ty: eng.load(vm, p, ty)
    G["_st"] = lambda p, v, ty: eng.store(vm, p, v, ty)
    G["_memcpy"] = lambda d, s, n, nooverlap: eng.memcpy(vm, d, s, n, nooverlap)
    G["_icall"] = lambda ptr, args, va: vm.icall(conc(ptr), args, va)
    G["Sym"] = Sym
    G["_sy_bin"] = eng.binop
    G["_sy_icmp"] = eng.icmp
    G["_sy_cast"] = eng.cast
    G["_sy_gep"] = eng.gep
    G["_sy_conc"] = conc
    G["_sy_switch"] = eng.switch
    b = vm.builtins
    for name, f in list(b.items()):
        b[name] = wrap(f)
    for name, (bits, _) in NONDET.items():
        b["__VERIFIER_nondet_" + name] = (lambda bits=bits, name=name: eng.fresh(bits, f"__VERIFIER_nondet_{name}()"))
    for bits in (8, 16, 32, 64):
        b[f"__lamp_any_i{bits}"] = (lambda bits=bits: eng.fresh(bits, f"__lamp_any_i{bits}()"))

    def nondet_memory(p, n):
        n = conc(n)
        for i in range(n):
            eng.store(vm, vm.gep(conc(p), i), eng.fresh(8, "__VERIFIER_nondet_memory()"), I8)
    b["__VERIFIER_nondet_memory"] = nondet_memory
    for fn in vm.prog.functions:  # calls through pointers reach the wrapped ones too
        if fn.decl:
            vm.FT[fn.idx] = vm.stub(fn)
    return eng


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

Soundness: an `unknown` from the solver counts as feasible (a value
enumeration it cuts short makes the search incomplete); states are
equal only when their terms are structurally equal (z3 hash-conses
simplified terms; every term whose id went into a key is kept alive, so
ids are never reused).

Stopping: `vm.request_stop` (a signal, a time or memory limit, from the
CLI's watcher thread) calls `Engine.interrupt`, z3's own interrupt, so a
query in progress ends at once with `unknown` (and none starts while the
request stands).  Such an answer is neither sat nor unsat: `stopped`
turns it into the StopRequest an interrupt point would raise, the
transition is abandoned and the search ends `inconclusive` with the
request's reason."""
from __future__ import annotations

import threading
import time

import z3

from divm.load import layout
from divm.load.types import I8
from divm.load.values import Sym, set_sym_hook
from divm.vm import ops
from divm.vm.defs import CF_CANCEL, T_EXIT, ModelMismatch, StopRequest, Suspend
from divm.vm.symfp import SymFloat
from divm.vm.symmem import SymMemory
from divm.vm.symmodel import SymModels
from divm.vm.symops import SymOps
from divm.vm.symterms import (BV_TERMS, FP80_TERMS, FSORT, NAN_BITS, fp, fp_bits,
                                fp_value, value_order)

CONC_LIMIT = 64  # feasible values a concretisation enumerates
SMALL_VALUE = 4096  # values up to this are enumerated first
# x87 queries: floats to bits, then bits to SAT (z3's default strategy takes
# about three times longer on 64-bit significands)
X87_TACTIC = z3.Then("simplify", "fpa2bv", "propagate-values", "simplify", "solve-eqs", "bit-blast", "sat")


class Inputs:
    """A path's inputs, oldest first: a persistent list, so that a path
    reading many (an array of uninitialised ints) does not copy them all
    for each new one; states share their prefixes."""
    __slots__ = ("prev", "entry", "n")

    def __init__(self, prev, entry: tuple):
        self.prev, self.entry, self.n = prev, entry, len(prev) + 1

    def __len__(self) -> int:
        return self.n

    def __iter__(self):
        out, x = [], self
        while x.__class__ is Inputs:
            out.append(x.entry)
            x = x.prev
        return reversed(out)


def no_ctrl_c(s):
    """s, told to leave SIGINT alone: by default z3 takes it over while a
    query runs and answers unknown, so divm's handler (cli/execution.py's
    Stopper) never saw the signal and the unknown counted as feasible (a
    search interrupted by ^C could go on and report a spurious error).
    The handler interrupts the query itself (Engine.interrupt)."""
    s.set("ctrl_c", False)
    return s


def incremental() -> z3.Solver:
    """A solver for push/pop use.  After a push z3 answers with its
    incremental core, which on some bit-vector queries (a popcount loop's) is
    ten or a hundred times slower than its one-shot tactics; past
    SOLVER2_MS it answers the same query with those (an exact answer
    either way)."""
    s = no_ctrl_c(z3.Solver())
    s.set("solver2_timeout", SOLVER2_MS)
    return s


SOLVER2_MS = 200


class Engine(SymOps, SymMemory, SymModels, SymFloat):
    def __init__(self, vm):
        self.vm = vm
        self.solver = incremental()
        self.asserted: list = []  # the conjuncts on the solver, one push each
        self.cache: dict = {}
        self.keep: dict = {}  # ast id -> term (ids in keys and caches stay unique)
        self.queries = 0
        self.seconds = 0.0
        self.incomplete: str | None = None
        self.model_pairs: list | None = None  # replay: (input, value) of a counterexample
        self.varcache: dict = {}  # term id -> the inputs it mentions
        self.objvars: dict = {}  # frozen object contents (serial) -> the inputs they mention, in order
        self.pyids: dict[int, int] = {}  # id() of a term object -> its ast id
        self.keep_py: list = []
        self.scratch = incremental()  # queries over a slice of the path condition
        self.width: dict[str, int] = {}  # input -> bits
        self.fpcache: dict[int, bool] = {}  # ast id -> fp_heavy (ids kept alive by tid)
        self.x87 = False  # has a long double (or another heavy: symfp.frem) term been made?
        self.lock = threading.RLock()  # (interrupt() may come from a signal handler of a thread inside it)
        self.busy = False  # is a query running?
        self.interrupts = 0
        vm.sym_state = ((), ())
        FP80_TERMS.clear()
        BV_TERMS.clear()
        set_sym_hook(self.branch)
        layout.SYM_DECODE[0] = self.decode

    # -- terms and the path condition ----------------------------------------------
    def tid(self, t) -> int:
        """t's ast id (by the Python object: z3's get_id is a slow call;
        every object asked about is kept, so neither id is reused)."""
        k = id(t)
        i = self.pyids.get(k)
        if i is None:
            i = self.pyids[k] = t.get_id()
            self.keep.setdefault(i, t)
            self.keep_py.append(t)
        return i

    def slice(self, pc: tuple, vs: frozenset) -> tuple:
        """The conjuncts of pc that share inputs with vs, transitively: the
        rest are satisfiable on their own (pc is) and cannot change whether
        something over vs is (KLEE's constraint independence)."""
        if not pc or not vs:
            return ()
        live = set(vs)
        cvars = [self.vars_of(c) for c in pc]
        kept = [False] * len(pc)
        grew = True
        while grew:
            grew = False
            for i, cv in enumerate(cvars):
                if not kept[i] and not live.isdisjoint(cv):
                    kept[i] = grew = True
                    live |= cv
        return tuple(c for c, k in zip(pc, kept) if k)

    def fresh_float(self, bits: int, what: str):
        v = self.fresh(bits, what)
        return Sym(z3.FP(v.t.decl().name(), FSORT[bits]), bits)

    def fresh(self, bits: int, fn: str):
        """A new input: what fn (the nondet function) returns here."""
        vm = self.vm
        pc, inputs = vm.sym_state
        name = f"in{len(inputs)}"
        bt = vm.backtrace()
        where = (bt[0]["file"], bt[0]["line"], vm.step_index, bt[0]["function"]) if bt else ("?", 0, vm.step_index, "?")
        vm.sym_state = (pc, Inputs(inputs, (name, bits, fn, where)))
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

    def interrupt(self) -> None:
        """End the query in progress, if any (vm.request_stop calls it, from
        any thread or a signal handler): it answers unknown, which stopped()
        turns into StopRequest.  Only while one runs: z3's interrupt of an
        idle context lasts until the next query and makes push, model
        evaluation and simplification fail or stop short meanwhile.  (The
        CLI's watcher repeats it while the stop is pending.)"""
        with self.lock:
            self.interrupts += 1
            if self.busy:
                try:
                    z3.main_ctx().interrupt()
                except z3.Z3Exception:  # (z3py reports the context's last error, maybe the other thread's)
                    pass

    def solve(self, s):
        """s.check(), unless a stop is requested (unknown then); interrupt()
        ends it early."""
        if self.vm.stop_request is not None:
            return z3.unknown
        with self.lock:
            self.busy, n = True, self.interrupts
        try:
            return s.check()
        finally:
            with self.lock:
                self.busy = False
                late = self.interrupts != n
            if late:  # (one that came as the query ended would cancel the next push: a query clears it)
                no_ctrl_c(z3.Solver()).check()

    def stopped(self, r):
        """r, a query's answer; unknown while a stop is requested (the
        query was interrupted, or would have been) is no answer at all:
        the transition ends as at an interrupt point, never taking it for
        sat or unsat."""
        if r == z3.unknown and self.vm.stop_request is not None:
            raise StopRequest(self.vm.stop_request)
        return r

    def _check(self, extra=None):
        if self.model_pairs is not None:  # (a replay decides from the inputs alone)
            raise ModelMismatch("a replay from recorded inputs asked the solver")
        t0 = time.perf_counter()
        self.queries += 1
        try:
            if extra is None:
                return self.solve(self.solver)
            self.solver.push()
            self.solver.add(extra)
            try:
                return self.solve(self.solver)
            finally:
                self.solver.pop()
        finally:
            self.seconds += time.perf_counter() - t0

    def feasible(self, c) -> bool:
        pc = self.vm.sym_state[0]
        sl = self.slice(pc, self.vars_of(c))
        key = (tuple(self.tid(x) for x in sl), self.tid(c))
        r = self.cache.get(key)
        if r is None:
            if self.heavy(sl + (c,)):
                r = self._oneshot(sl + (c,))
            elif len(sl) == len(pc):  # the whole path condition: incrementally along the path
                self._sync(pc)
                r = self._check(c)
            else:
                r = self._scratch(sl + (c,))
            r = self.cache[key] = self.stopped(r) != z3.unsat  # unknown counts as feasible
        return r

    def heavy(self, conds: tuple) -> bool:
        return self.x87 and any(self.fp_heavy(c) for c in conds)

    def fp_heavy(self, t) -> bool:
        """Does t compute in the long double sort (or hold a term fpcache
        says is heavy from the start, an fmod's subtractions)?  Such queries
        go to a fresh solver: z3's incremental mode bit-blasts x87
        arithmetic ten times slower."""
        i = self.tid(t)
        r = self.fpcache.get(i)
        if r is None:
            r = False
            todo, seen = [t], set()
            while todo and not r:
                e = todo.pop()
                j = e.get_id()
                if j in seen:
                    continue
                seen.add(j)
                known = self.fpcache.get(j)
                if known is not None:
                    r = known
                elif z3.is_fp(e) and e.sort() == FSORT[80]:
                    r = True
                else:
                    todo.extend(e.children())
            self.fpcache[i] = r
        return r

    def _oneshot(self, conds: tuple, model: bool = False):
        """A query on a solver of its own (not incremental); with model, the
        model too (None unless sat)."""
        if self.model_pairs is not None:
            raise ModelMismatch("a replay from recorded inputs asked the solver")
        t0 = time.perf_counter()
        self.queries += 1
        try:
            for s in (X87_TACTIC.solver(), z3.Solver()):  # (the tactic is for bit-vectors and floats only)
                no_ctrl_c(s).add(*conds)
                r = self.solve(s)
                if r != z3.unknown or self.vm.stop_request is not None:  # (interrupted: no second try)
                    break
            return (r, s.model() if r == z3.sat else None) if model else r
        finally:
            self.seconds += time.perf_counter() - t0

    def _scratch(self, conds: tuple):
        if self.model_pairs is not None:
            raise ModelMismatch("a replay from recorded inputs asked the solver")
        t0 = time.perf_counter()
        self.queries += 1
        s = self.scratch
        if not conds:  # (values: a model is read after)
            try:
                return self.solve(s)
            finally:
                self.seconds += time.perf_counter() - t0
        s.push()
        try:
            s.add(*conds)
            return self.solve(s)
        finally:
            s.pop()
            self.seconds += time.perf_counter() - t0

    def forced(self) -> None:
        """A decision the path condition forces: recorded as a choice of one
        outcome, so that a replay from the model meets every decision in
        the same place (and needs no solver to tell which ones forked)."""
        self.vm.chooser(1, None)

    def take(self) -> tuple[int, int]:
        """Model mode: the recorded (choice, outcomes) of the next decision;
        a fork counts as a choice (loop points end transitions at it)."""
        v, n = self.vm.chooser(-1, None)
        if n > 1:
            self.vm.chosen += 1
            self.vm.choice_log.append((v, n))
        return v, n

    def evaluate(self, t):
        """Model mode: t's value under the recorded inputs."""
        r = z3.simplify(z3.substitute(t, *self.model_pairs))
        if z3.is_bool(r):
            if not (z3.is_true(r) or z3.is_false(r)):
                raise ModelMismatch("a decision does not follow from the recorded inputs")
            return z3.is_true(r)
        if z3.is_fp(r):
            if not z3.is_fp_value(r):
                raise ModelMismatch("a value does not follow from the recorded inputs")
            return fp_value(r)
        if not z3.is_bv_value(r):
            raise ModelMismatch("a value does not follow from the recorded inputs")
        return r.as_long()

    def decide(self, c) -> bool:
        """Which way a condition goes: forks (a choice) when both can."""
        c = z3.simplify(c)
        if z3.is_true(c):
            return True
        if z3.is_false(c):
            return False
        if self.model_pairs is not None:
            side = self.evaluate(c)
            v, n = self.take()
            if n == 2 and v != side:
                raise ModelMismatch("the recorded inputs take the other side of a branch")
            self.assume(c if side else z3.Not(c))
            return side
        t = self.feasible(c)
        nc = z3.simplify(z3.Not(c))
        f = self.feasible(nc)
        if t and f:
            side = self.vm.hc_choose(2) == 1
            self.assume(c if side else nc)
            return side
        if not t and not f:  # (an infeasible path condition: nothing continues)
            self.cancel()
        self.forced()
        return t

    def cancel(self) -> None:
        """An infeasible path: the transition is cancelled (as __vm_cancel)."""
        self.vm.flags |= CF_CANCEL
        raise Suspend()

    def branch(self, s: Sym) -> bool:
        return self.decide(s.t != 0)

    def values(self, t) -> list[int]:
        """The feasible values of t, sorted (at most CONC_LIMIT + 1)."""
        pc = self.vm.sym_state[0]
        sl = self.slice(pc, self.vars_of(t))
        key = ("vals", tuple(self.tid(x) for x in sl), self.tid(t))
        r = self.cache.get(key)
        if r is None:
            r = []
            s = None if self.heavy(sl + (t,)) else self.scratch  # (None: each query one-shot)
            blocks: list = []
            # small numbers first (a symbolic malloc size: not gigabytes), then the rest
            phases = ((z3.ULE(t, SMALL_VALUE),), ()) if z3.is_bv(t) and t.size() > 16 else ((),)
            for extra in phases:
                if len(r) > CONC_LIMIT:
                    break
                if s is not None:
                    s.push()
                    s.add(*sl, *extra, *blocks)
                try:
                    while len(r) <= CONC_LIMIT:
                        res, m = (self._oneshot(sl + extra + tuple(blocks), True) if s is None
                                  else (self._scratch(()), None))
                        if self.stopped(res) == z3.unknown:  # (values beyond this one may be missing)
                            self.incomplete = ("the solver could not decide which values a symbolic value may "
                                               "have where a concrete one was needed; only some were tried")
                        if res != z3.sat:
                            break
                        v = (m or s.model()).eval(t, model_completion=True)
                        if z3.is_fp(t):  # told apart by class: NaN, or the value's bits
                            w = t.ebits() + t.sbits()
                            b = fp_bits(v, w)
                            r.append(fp_value(v))
                            blocks.append(z3.Not(z3.fpIsNaN(t)) if b == NAN_BITS[w] else z3.fpToIEEEBV(t) != b)
                        else:
                            v = v.as_long()
                            r.append(v)
                            blocks.append(t != v)
                        if s is not None:
                            s.add(blocks[-1])
                finally:
                    if s is not None:
                        s.pop()
            r = self.cache[key] = sorted(r, key=value_order)
        return r

    def conc(self, x):
        """x with a concrete number for a Sym (a choice among its values)."""
        if x.__class__ is not Sym:
            if x.__class__ is tuple:
                return tuple(self.conc(e) for e in x)
            return x
        t = x.t
        if self.model_pairs is not None:
            self.take()
            return self.evaluate(t)
        vals = self.values(t)
        if not vals:
            self.cancel()
            return 0
        if len(vals) > CONC_LIMIT:
            self.incomplete = (f"a symbolic value had more than {CONC_LIMIT} feasible values where a concrete "
                               "one was needed; only some were tried")
            vals = vals[:CONC_LIMIT]
        if len(vals) == 1:
            self.forced()
        v = vals[self.vm.hc_choose(len(vals))] if len(vals) > 1 else vals[0]
        if len(vals) > 1 or self.incomplete:
            self.assume((z3.fpIsNaN(t) if v != v else z3.fpToIEEEBV(t) == z3.fpToIEEEBV(fp(v, x.bits)))
                        if z3.is_fp(t) else t == v)
        return v

    # -- the state -------------------------------------------------------------------------
    def vars_of(self, t) -> frozenset:
        """The input variables a term mentions (remembered for every
        subterm: the bytes of a z3-array object share one big array)."""
        cache = self.varcache
        i = self.tid(t)
        r = cache.get(i)
        if r is not None:
            return r
        stack = [(t, i, False)]
        while stack:
            e, j, done = stack.pop()
            if j in cache:
                continue
            if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
                cache[j] = frozenset((e.decl().name(),))
                self.keep.setdefault(j, e)  # (an id cached must not be reused)
                continue
            kids = [(k, k.get_id()) for k in e.children()]
            if done:
                cache[j] = frozenset().union(*(cache[k] for _, k in kids))
                self.keep.setdefault(j, e)
            else:
                stack.append((e, j, True))
                stack.extend((k, kid, False) for k, kid in kids if kid not in cache)
        return cache[i]


# namespace entries that take symbolic values as they are (or are not values)
_AS_IS = {"_uninit", "_gf", "_hc_frame", "_sjres", "_set_sjres", "_def", "_insertvalue", "_libm", "_shuffle", "_select",
          "_crit", "_critcp", "_crec"}  # (_crit counts a pointer it cannot read as visible)


def install(vm) -> Engine:
    """Make vm's runs symbolic: nondet calls give fresh variables, and the
    VM's own functions get concrete numbers for symbolic arguments."""
    from divm.load.nondet import NONDET
    from divm.vm.builtins import too_big
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
    G["_ld"] = G["_ldm"] = lambda p, ty: eng.load(vm, p, ty)
    G["_st"] = lambda p, v, ty: eng.store(vm, p, v, ty)
    G["_uninit"] = eng.uninit_value
    G["_ldu"] = lambda p, ty: eng.load(vm, p, ty, True)
    G["_icall"] = lambda ptr, args, va, want: vm.icall(conc(ptr), args, va, want)
    trace = G["_hc_trace"]

    def hc_trace(kind, *args):
        if kind == T_EXIT and args and args[0][1].__class__ is Sym:  # (no fork over a status nothing follows)
            args = ((args[0][0], eng.example(args[0][1])),) + args[1:]
        return trace(kind, *args)
    G["_hc_trace"] = hc_trace
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
        b["__VERIFIER_nondet_" + name] = (lambda bits=bits, name=name: eng.fresh(bits, f"__VERIFIER_nondet_{name}"))
    for name, bits in (("__VERIFIER_nondet_float", 32), ("__VERIFIER_nondet_double", 64),
                       ("__lamp_any_float32", 32), ("__lamp_any_float64", 64),
                       ("__lamp_any_f32", 32), ("__lamp_any_f64", 64)):
        b[name] = (lambda bits=bits, name=name: eng.fresh_float(bits, name))
    G["_f32"] = lambda x: x if x.__class__ is Sym else ops.f32(x)
    # vectors move symbolic lanes as they are; only an index must be concrete
    G["_extractelement"] = lambda vec, i, ty: vm.extractelement(vec, conc(i), ty)
    G["_insertelement"] = lambda vec, v, i: vm.insertelement(vec, v, conc(i))
    G["_iabs"] = eng.iabs
    G["_reduce"] = eng.reduce
    G["_minmax"] = eng.minmax
    G["_sy_fbin"] = eng.fbin
    G["_sy_fneg"] = eng.fneg
    G["_sy_fcmp"] = eng.fcmp
    G["_sy_fcast"] = eng.fcast
    eng.install_float(G, b)
    for bits in (8, 16, 32, 64):
        b[f"__lamp_any_i{bits}"] = (lambda bits=bits: eng.fresh(bits, f"__lamp_any_i{bits}"))

    # blocks of symbolic size (vm/symmem.py): the VM's functions that make
    # objects or tell their size take a symbolic size as it is
    G["_hc_obj_make"] = lambda size, typ=3: eng.make_object(vm, size, conc(typ))
    G["_hc_obj_size"] = lambda p: eng.object_size(vm, conc(p))
    G["_alloca"] = lambda size, count, align: eng.sized_alloca(vm, size, count, align)
    b["__divm_too_big"] = lambda n: 1 if n.__class__ is Sym else too_big(vm, n)
    b["__divm_big_block"] = lambda n: eng.big_block(vm, n) if n.__class__ is Sym else too_big(vm, n)

    def nondet_memory(p, n):
        n = conc(n)
        for i in range(n):
            eng.store(vm, vm.gep(conc(p), i), eng.fresh(8, "__VERIFIER_nondet_memory"), I8)
    b["__VERIFIER_nondet_memory"] = nondet_memory
    for fn in vm.prog.functions:  # calls through pointers reach the wrapped ones too
        if fn.decl:
            vm.FT[fn.idx] = vm.stub(fn)
    return eng


"""Which programs the Horn-clause prover takes, and what it needs to know
about them: the functions reachable from main, the locals and globals that
are plain variables, the registers that live across blocks.

A program fits when everything reachable from main computes on integers
held in registers, in scalar locals whose address is only loaded from and
stored to, and in scalar globals used the same way; calls go to the
program's own functions or to the SV-COMP environment.  Anything else
(pointers, arrays, floats, threads, the C library) raises Unfit: the
explicit search decides those programs."""

from __future__ import annotations

from divm.load.ir import Fn, Ins, Program

REACH_CALLS = ("reach_error", "__VERIFIER_error")
ERROR_CALLS = ("reach_error", "__VERIFIER_error", "__assert_fail", "__assert", "__assert_perror_fail")
END_CALLS = ("exit", "_exit", "_Exit", "abort")
ENV_CALLS = ("__VERIFIER_assume", "__VERIFIER_assert", "__VERIFIER_atomic_begin", "__VERIFIER_atomic_end")
NONDET_PREFIXES = ("__VERIFIER_nondet_", "__lamp_any_i")
INT_OPS = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor"}
CASTS = {"trunc", "zext", "sext", "freeze"}


class Unfit(Exception):
    """The program uses something the prover does not model."""


def where(fn: Fn, ins: Ins) -> str:
    loc = f" at {ins.loc[0]}:{ins.loc[1]}" if ins.loc else ""
    return f"{ins.op} in {fn.name}{loc}"


def same_type(a, b) -> bool:
    """Does a call of type a fit a function of type b?  (A Windows target
    calls an unprototyped `int f()`, declared `(...)`, with its arguments'
    fixed types, as the VM does: codegen/calls.py.)"""
    def sig(t):
        return (t.k, t.bits)
    if b is None or sig(a.ret) != sig(b.ret):
        return False
    if b.vararg and not a.vararg:
        return [sig(t) for t in a.params[:len(b.params)]] == [sig(t) for t in b.params]
    return a.vararg == b.vararg and [sig(t) for t in a.params] == [sig(t) for t in b.params]


class Scan:
    """The reachable functions and their variables; Unfit if any part of
    them is beyond the prover."""

    def __init__(self, prog: Program, reach_calls: bool = False):
        self.prog = prog
        self.reach_calls = reach_calls  # (-o cancel:assert) reach_error() with a body is a plain call
        self.fns: list[Fn] = []
        self.allocas: dict[str, dict[str, Ins]] = {}   # function -> register -> alloca
        self.carried: dict[str, list[str]] = {}         # function -> registers live across blocks
        self.types: dict[str, dict[str, object]] = {}   # function -> register -> type
        self.globals: dict[int, object] = {}            # glob idx -> Glob
        self.glob_of: dict | None = None
        # the runtime runs a program's replacements of its own functions
        # and its constructors: code main does not call
        own = set(ERROR_CALLS) | set(ENV_CALLS) | {"main"}
        for name in sorted(prog.replaced - own):
            if not name.startswith(NONDET_PREFIXES):
                raise Unfit(f"the program defines the runtime's {name}")
        for name in ("llvm.global_ctors", "llvm.global_dtors"):
            g = prog.glob_by_name.get(name)
            if g is not None and not g.system:
                raise Unfit("the program has constructors or destructors")
        main = prog.fn_by_name.get("main")
        if main is None or main.decl:
            raise Unfit("no main")
        if main.params:
            raise Unfit("main takes arguments")
        todo = [main]
        seen = {main.name}
        while todo:
            fn = todo.pop()
            self.fns.append(fn)
            for callee in self.function(fn):
                if callee.name not in seen:
                    seen.add(callee.name)
                    todo.append(callee)

    def function(self, fn: Fn) -> list[Fn]:
        """Check fn; the program's functions it calls."""
        if fn.decl or fn.system:
            raise Unfit(f"calls {fn.name}")
        if fn.ty is None or not all(t.k == "i" for t in fn.ty.params) or fn.ty.vararg:
            raise Unfit(f"{fn.name} takes non-integer arguments")
        if fn.ty.ret.k not in ("i", "v"):
            raise Unfit(f"{fn.name} returns a non-integer")
        types = self.types[fn.name] = {}
        for p, t in zip(fn.params, fn.ty.params):
            types[p] = t
        allocas: dict[str, Ins] = {}
        callees: list[Fn] = []
        defined: dict[str, int] = {p: -1 for p in fn.params}
        for b in fn.blocks:
            for ins in b.phis + b.ins:
                if ins.res is not None:
                    defined[ins.res] = b.idx
                    types[ins.res] = ins.ty
                if ins.op == "alloca":
                    if ins.x.k != "i" or not (ins.a and ins.a[0].const and ins.a[0].val == 1):
                        raise Unfit(f"a local that is not a scalar integer ({where(fn, ins)})")
                    allocas[ins.res] = ins
                elif ins.op == "call":
                    callee = self.call(fn, ins)
                    if callee is not None:
                        callees.append(callee)
        self.check_uses(fn, allocas)
        self.allocas[fn.name] = allocas
        self.carried[fn.name] = self.live_across(fn, defined)
        return callees

    def call(self, fn: Fn, ins: Ins) -> Fn | None:
        x = ins.x
        if x.get("indirect") or x.get("byval"):
            raise Unfit(f"an indirect call or a struct argument ({where(fn, ins)})")
        callee: Fn = x["callee"]
        name = callee.name
        if not same_type(x["fnty"], callee.ty):
            raise Unfit(f"a call of {name} through another function type ({where(fn, ins)})")
        if name in END_CALLS or name in ERROR_CALLS and not (self.reach_calls and name in REACH_CALLS
                                                             and not (callee.decl or callee.system)):
            return None
        if name in ENV_CALLS and (callee.decl or callee.system or name.startswith("__VERIFIER_atomic")):
            return None
        if name.startswith(NONDET_PREFIXES) and (callee.decl or callee.system):
            if ins.ty.k != "i" or ins.a:
                raise Unfit(f"{name} (only integer inputs are modelled)")
            return None
        return callee

    def check_uses(self, fn: Fn, allocas: dict[str, Ins]) -> None:
        """Every pointer is a promoted local or global, used only as the
        address of a load or store of its own type."""
        for b in fn.blocks:
            for ins in b.phis + b.ins:
                if ins.op == "lifetime":
                    continue  # (a scalar local's block: its value is a register's)
                if ins.op == "call":
                    callee = ins.x["callee"].name
                    if callee in ERROR_CALLS:
                        continue  # (its arguments are only read for the message)
                ops = ins.a
                if ins.op == "phi":
                    ops = [v for _, v in ins.x]
                for i, op in enumerate(ops):
                    if op.ty.k != "p":
                        if op.ty.k != "i" and ins.op != "ret":
                            raise Unfit(f"a value of type {op.ty} ({where(fn, ins)})")
                        if op.const and not isinstance(op.val, int):
                            raise Unfit(f"an undefined constant ({where(fn, ins)})")
                        continue
                    if not (ins.op == "load" and i == 0 or ins.op == "store" and i == 1):
                        raise Unfit(f"a pointer ({where(fn, ins)})")
                    ty = ins.ty if ins.op == "load" else ins.a[0].ty
                    if ty.k != "i" or ins.x == "atomic":
                        raise Unfit(f"a load or store of {ty} ({where(fn, ins)})")
                    if op.const:
                        self.global_var(fn, ins, op.val, ty)
                    elif op.name not in allocas or allocas[op.name].x.bits != ty.bits:
                        raise Unfit(f"memory through a pointer ({where(fn, ins)})")
                if ins.res is not None and ins.ty.k not in ("i", "p") and ins.op != "call":
                    raise Unfit(f"a value of type {ins.ty} ({where(fn, ins)})")
                if ins.ty.k == "p" and ins.op != "alloca":
                    raise Unfit(f"a pointer ({where(fn, ins)})")

    def global_var(self, fn: Fn, ins: Ins, addr: int, ty) -> None:
        idx, off = addr >> 32, addr & 0xFFFFFFFF
        if self.glob_of is None:
            self.glob_of = {g.idx: g for g in self.prog.globals}
        g = self.glob_of.get(idx)
        if off or g is None:
            raise Unfit(f"memory through a pointer ({where(fn, ins)})")
        if g.ty is None or g.ty.k != "i" or g.ty.bits != ty.bits or g.tls or g.decl:
            raise Unfit(f"global {g.name} is not a scalar integer ({where(fn, ins)})")
        if g.init is not None and not isinstance(g.init, int):
            raise Unfit(f"global {g.name}'s initialiser")
        self.globals[idx] = g

    @staticmethod
    def live_across(fn: Fn, defined: dict[str, int]) -> list[str]:
        """Registers a block reads that another block defines (phi results
        included: they are defined on the edge)."""
        out: dict[str, None] = {}
        for b in fn.blocks:
            for ins in b.phis:
                out[ins.res] = None
                for pred, v in ins.x:
                    if not v.const and defined.get(v.name) != pred:
                        out[v.name] = None
            for ins in b.ins:
                for op in ins.a:
                    if not op.const and op.ty.k == "i" and defined.get(op.name, b.idx) != b.idx:
                        out[op.name] = None
        return list(out)

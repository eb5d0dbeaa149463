"""A program as constrained Horn clauses over bit-vectors (the encoding of
SeaHorn and of z3's Spacer examples, for the programs `scan.Scan` takes).

Per function f and block B a predicate `f.B(entry, vars)` holds of the
values at B's start that some run reaches: `entry` are f's arguments and
the globals when f was called, `vars` the promoted locals, the globals now
and the registers live across blocks.  `f.call(args, globals)` holds of
the calls some run makes, `f.sum(args, globals, result, globals')` of the
calls that return.  A clause per block and successor says how a block
turns its start into the next one's; a clause with head False says how it
reaches an error.  The clauses are satisfiable exactly when no run
reaches an error, and the solution is a set of inductive invariants.

Errors are the VM's on this fragment and a few more (an encoding may
only over-approximate them): calls of reach_error and friends, a failed
__VERIFIER_assert, division by zero, INT_MIN / -1, a shift by the width
or more, an `unreachable`, abort() unless -o cancel:abort, a non-zero
exit status unless -o ignore:exit, signed overflow under -o
check:overflow."""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from divm.load.ir import Blk, Fn, Ins, Op
from divm.prove.scan import CASTS, END_CALLS, ERROR_CALLS, INT_OPS, NONDET_PREFIXES, REACH_CALLS, Scan, Unfit, where


@dataclass
class Options:
    abort_error: bool = True      # abort() is an error (not under -o cancel:abort)
    exit_error: bool = True       # a non-zero exit status is an error (not under -o ignore:exit)
    uninit_nondet: bool = False   # -o nondet:uninit: an uninitialised local holds any value
    overflow: bool = False        # -o check:overflow: nsw overflow is an error
    void_main: bool = False       # -o allow:void-main: main may return void
    assert_cancels: bool = False  # -o cancel:assert: a failed assertion ends its path (VM.reach)
    wrap_undefined: bool = False  # SV-COMP: signed overflow is undefined, so no termination proof may rest on a wrap
    math_ints: bool = False       # clauses into False where a signed value out of range decides the run (wraps)


@dataclass
class Clause:
    head: object                  # a predicate application, or None for False
    body: list = field(default_factory=list)   # predicate applications
    cond: list = field(default_factory=list)   # constraints
    what: str = ""                # the error, for a clause with head False


def bv(ty) -> z3.BitVecSortRef:
    return z3.BitVecSort(max(ty.bits, 1))


class Frame:
    """One clause being built: the values of a block's variables as a
    straight-line walk through it changes them."""

    def __init__(self, enc: "Encoder", fn: Fn, blk: Blk):
        self.enc, self.fn = enc, fn
        self.entry = [enc.var(f"{fn.name}.in.{p}", t) for p, t in enc.entry_types(fn)]
        self.locals = {r: enc.var(f"{fn.name}.{r}", a.x) for r, a in enc.scan.allocas[fn.name].items()}
        self.globs = {i: enc.var(f"g.{g.name}", g.ty) for i, g in enc.scan.globals.items()}
        types = enc.scan.types[fn.name]
        self.regs = {r: enc.var(f"{fn.name}.{r}", types[r]) for r in enc.scan.carried[fn.name]}
        self.body = [enc.block_pred(fn, blk.idx)(*self.state())]
        self.cond: list = []
        self.blk_idx = blk.idx
        self.wide: dict[str, z3.ExprRef] = {}  # (math_ints) nsw results as unbounded integers, in enough bits
        if blk.idx == 0:  # the arguments are the entry values
            for (p, _), e in zip(enc.entry_types(fn), self.entry):
                if not p.startswith("@"):
                    self.regs[p] = e

    def state(self, regs: dict | None = None, globs: dict | None = None) -> list:
        regs = self.regs if regs is None else regs
        globs = self.globs if globs is None else globs
        return [*self.entry, *self.locals.values(), *globs.values(),
                *(regs[r] for r in self.enc.scan.carried[self.fn.name])]

    def val(self, op) -> z3.ExprRef:
        if op.const:
            return self.enc.const(op.val, op.ty)
        return self.regs[op.name]

    def error(self, cond, what: str) -> None:
        c = z3.simplify(cond) if cond is not True else z3.BoolVal(True)
        if not z3.is_false(c):
            self.enc.clauses.append(Clause(None, list(self.body), [*self.cond, c], what))

    def seen(self, op, by, ins: Ins, cond=None) -> None:
        """(math_ints) op's value is used where its being out of range
        would change the run (by is relevant): a clause into False if the
        unbounded value and the wrapped one may differ."""
        w = None if op.const else self.wide.get(op.name)
        if w is not None and by in self.enc.relevant:
            narrow = self.regs[op.name]
            out = w != z3.SignExt(w.size() - narrow.size(), narrow)
            self.error(out if cond is None else z3.And(cond, out),
                       f"signed overflow that decides the run ({where(self.fn, ins)})")

    def goto(self, target: int, cond=None, ins: Ins | None = None) -> None:
        """The clause from here to block target (its phis take this block's values)."""
        fn = self.fn
        regs = dict(self.regs)
        for phi in fn.blocks[target].phis:
            for pred, v in phi.x:
                if pred == self.blk_idx:
                    regs[phi.res] = self.val(v)
                    if self.wide:
                        self.seen(v, ("r", fn.name, phi.res), ins, cond)
        for r in self.wide:  # (the next block sees only the wrapped value)
            if r in self.enc.carried_set[fn.name]:
                self.seen(Op(r, None), ("r", fn.name, r), ins, cond)
        conds = list(self.cond) + ([cond] if cond is not None else [])
        head = self.enc.block_pred(fn, target)(*self.state(regs))
        self.enc.clauses.append(Clause(head, list(self.body), conds))


class Encoder:
    math = False  # signed arithmetic is exact (intencode.py with exact=True)

    def __init__(self, scan: Scan, opts: Options):
        self.scan, self.opts = scan, opts
        self.clauses: list[Clause] = []
        self.preds: dict[str, z3.FuncDeclRef] = {}
        self.fresh = 0
        self.glob_list = list(scan.globals.items())
        self.relevant = relevance(scan, opts) if opts.math_ints else set()
        self.carried_set = {name: set(regs) for name, regs in scan.carried.items()}
        self.scanned = {fn.name for fn in scan.fns}

    # -- what the arithmetic is (bit-vectors here; intencode.py: unbounded integers)
    def sort(self, ty) -> z3.SortRef:
        return bv(ty)

    def const(self, val: int, ty) -> z3.ExprRef:
        return z3.BitVecVal(val & ((1 << ty.bits) - 1), max(ty.bits, 1))

    def truth(self, v) -> z3.BoolRef:
        """An i1 value as a formula."""
        return v == 1

    def icmp(self, pred: str, a, b, ty) -> z3.ExprRef:
        return z3.If(compare(pred, a, b), z3.BitVecVal(1, 1), z3.BitVecVal(0, 1))

    def convert(self, op: str, v, frm: int, to: int) -> z3.ExprRef:
        return cast(op, v, frm, to)

    def nondet(self, f: "Frame", ins: Ins, name: str) -> z3.ExprRef:
        return self.new(name, ins.ty)

    def var(self, name: str, ty) -> z3.ExprRef:
        return z3.Const(name, self.sort(ty))

    def new(self, name: str, ty) -> z3.ExprRef:
        self.fresh += 1
        return z3.Const(f"{name}!{self.fresh}", self.sort(ty))

    def entry_types(self, fn: Fn) -> list:
        return [*zip(fn.params, fn.ty.params), *((f"@{g.name}", g.ty) for _, g in self.glob_list)]

    def pred(self, name: str, sorts: list) -> z3.FuncDeclRef:
        p = self.preds.get(name)
        if p is None:
            p = self.preds[name] = z3.Function(name, *sorts, z3.BoolSort())
        return p

    def block_pred(self, fn: Fn, idx: int) -> z3.FuncDeclRef:
        sc = self.scan
        types = [t for _, t in self.entry_types(fn)]
        types += [a.x for a in sc.allocas[fn.name].values()]
        types += [g.ty for _, g in self.glob_list]
        types += [sc.types[fn.name][r] for r in sc.carried[fn.name]]
        return self.pred(f"{fn.name}#{idx}", [self.sort(t) for t in types])

    def call_pred(self, fn: Fn) -> z3.FuncDeclRef:
        return self.pred(f"{fn.name}#call", [self.sort(t) for _, t in self.entry_types(fn)])

    def sum_pred(self, fn: Fn) -> z3.FuncDeclRef:
        ret = [fn.ty.ret] if fn.ty.ret.k == "i" else []
        return self.pred(f"{fn.name}#sum", [self.sort(t) for _, t in self.entry_types(fn)]
                         + [self.sort(t) for t in ret] + [self.sort(g.ty) for _, g in self.glob_list])

    def encode(self) -> list[Clause]:
        main = self.scan.fns[0]
        if main.ty.ret.k != "i" and not self.opts.void_main:
            raise Unfit("main returns void (the VM's error, unless -o allow:void-main)")
        init = [self.const(g.init or 0, g.ty) for _, g in self.glob_list]
        self.clauses.append(Clause(self.call_pred(main)(*init)))
        for fn in self.scan.fns:
            self.function(fn)
        return self.clauses

    def function(self, fn: Fn) -> None:
        if not self.opts.uninit_nondet:
            uninitialised_reads(fn, self.scan.allocas[fn.name])
        # the entry block starts from a call, locals and carried registers unknown
        f = Frame(self, fn, fn.blocks[0])
        call = self.call_pred(fn)(*f.entry)
        self.clauses.append(Clause(self.block_pred(fn, 0)(*f.state(globs=dict(zip(f.globs, f.entry[len(fn.params):])))),
                                   [call]))
        for blk in fn.blocks:
            self.block(fn, blk)

    def block(self, fn: Fn, blk: Blk) -> None:
        f = Frame(self, fn, blk)
        for ins in blk.ins:
            if not self.instruction(f, ins):
                return

    def instruction(self, f: Frame, ins: Ins) -> bool:
        """Adds ins to the clause being built (and the clauses it ends or
        branches off); False when the path ends here."""
        op = ins.op
        if f.wide:
            self.observe(f, ins)
        if op in INT_OPS:
            f.regs[ins.res] = self.binop(f, ins)
        elif op == "icmp":
            f.regs[ins.res] = self.icmp(ins.x, f.val(ins.a[0]), f.val(ins.a[1]), ins.a[0].ty)
        elif op == "select":
            f.regs[ins.res] = z3.If(self.truth(f.val(ins.a[0])), f.val(ins.a[1]), f.val(ins.a[2]))
        elif op in CASTS:
            f.regs[ins.res] = self.convert(op, f.val(ins.a[0]), ins.a[0].ty.bits, ins.ty.bits)
        elif op in ("alloca", "lifetime"):
            pass
        elif op == "load":
            a = ins.a[0]
            f.regs[ins.res] = f.globs[a.val >> 32] if a.const else f.locals[a.name]
        elif op == "store":
            a, v = ins.a[1], f.val(ins.a[0])
            if a.const:
                f.globs[a.val >> 32] = v
            else:
                f.locals[a.name] = v
        elif op == "call":
            return self.call(f, ins)
        elif op in ("br", "switch", "ret", "unreachable"):
            self.terminator(f, ins)
            return False
        else:
            raise Unfit(f"instruction {where(f.fn, ins)}")
        return True

    def observe(self, f: Frame, ins: Ins) -> None:
        """(math_ints) The values ins uses as they are, each checked where
        it matters (Frame.seen); nsw add and sub carry them on unbounded."""
        op, fn = ins.op, f.fn.name
        if op in ("add", "sub") and ins.x == "nsw":
            return
        if op == "store":
            a = ins.a[1]
            f.seen(ins.a[0], ("g", a.val >> 32) if a.const else ("l", fn, a.name), ins)
        elif op == "call":
            callee = ins.x["callee"]
            own = callee.name in self.scanned
            for i, a in enumerate(ins.a):
                f.seen(a, ("r", callee.name, callee.params[i]) if own else ALWAYS, ins)
        elif op in ("br", "switch"):
            for a in ins.a[:1]:
                f.seen(a, ALWAYS, ins)
        elif op == "ret":
            for a in ins.a:
                f.seen(a, ("ret", fn), ins)
        else:
            for a in ins.a:
                f.seen(a, ("r", fn, ins.res), ins)

    def unbounded(self, f: Frame, ins: Ins, r: z3.ExprRef) -> None:
        """(math_ints) The value of the nsw operation ins as an unbounded
        integer (in bits enough to hold it), beside its wrapped value r."""
        op, bits = ins.op, ins.ty.bits
        if op in ("mul", "shl"):  # (their operands were checked: observe)
            a, b = f.val(ins.a[0]), f.val(ins.a[1])
            w = z3.SignExt(bits, a) * z3.SignExt(bits, b) if op == "mul" else z3.SignExt(bits, a) << z3.ZeroExt(bits, b)
        else:
            wa, wb = (f.wide.get(x.name) if not x.const else None for x in ins.a[:2])
            if max(wa.size() if wa is not None else 0, wb.size() if wb is not None else 0) >= 4 * bits:
                for x in ins.a[:2]:  # (a long chain: checked here, started afresh)
                    f.seen(x, ("r", f.fn.name, ins.res), ins)
                wa = wb = None
            wa = wa if wa is not None else f.val(ins.a[0])
            wb = wb if wb is not None else f.val(ins.a[1])
            size = max(wa.size(), wb.size()) + 1
            wa, wb = z3.SignExt(size - wa.size(), wa), z3.SignExt(size - wb.size(), wb)
            w = wa + wb if op == "add" else wa - wb
        f.wide[ins.res] = w

    def binop(self, f: Frame, ins: Ins) -> z3.ExprRef:
        op, a, b = ins.op, f.val(ins.a[0]), f.val(ins.a[1])
        bits = ins.ty.bits
        r = self.wrapped(f, ins, op, a, b, bits)
        if self.opts.math_ints and ins.x == "nsw" and op in ("add", "sub", "mul", "shl") \
                and ("r", f.fn.name, ins.res) in self.relevant:
            self.unbounded(f, ins, r)
        return r

    def wrapped(self, f: Frame, ins: Ins, op: str, a, b, bits: int) -> z3.ExprRef:
        if op in ("udiv", "sdiv", "urem", "srem"):
            f.error(b == 0, f"division by zero ({where(f.fn, ins)})")
            if op[0] == "s":
                smin = z3.BitVecVal(1 << (bits - 1), bits)
                f.error(z3.And(a == smin, b == z3.BitVecVal(-1, bits)), f"INT_MIN / -1 ({where(f.fn, ins)})")
            f.cond.append(b != 0)
            return {"udiv": z3.UDiv, "sdiv": lambda x, y: x / y, "urem": z3.URem, "srem": z3.SRem}[op](a, b)
        if op in ("shl", "lshr", "ashr"):
            f.error(z3.UGE(b, bits), f"shift by the width or more ({where(f.fn, ins)})")
            f.cond.append(z3.ULT(b, bits))
            r = {"shl": lambda x, y: x << y, "lshr": z3.LShR, "ashr": lambda x, y: x >> y}[op](a, b)
            if op == "shl" and ins.x == "nsw" and self.opts.overflow:  # a signed C shift (load/srcfacts.py)
                wide = z3.SignExt(bits, a) << z3.ZeroExt(bits, b)
                f.error(wide != z3.SignExt(bits, r), f"signed overflow ({where(f.fn, ins)})")
            return r
        if op in ("add", "sub", "mul") and ins.x == "nsw" and self.opts.overflow:
            wide = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y}[op](
                z3.SignExt(bits, a), z3.SignExt(bits, b))
            f.error(wide != z3.SignExt(bits, z3.Extract(bits - 1, 0, wide)), f"signed overflow ({where(f.fn, ins)})")
        return {"add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y,
                "and": lambda x, y: x & y, "or": lambda x, y: x | y, "xor": lambda x, y: x ^ y}[op](a, b)

    def call(self, f: Frame, ins: Ins) -> bool:
        callee: Fn = ins.x["callee"]
        name = callee.name
        args = [f.val(a) for a in ins.a]
        plain = self.opts.assert_cancels and name in REACH_CALLS and not (callee.decl or callee.system)
        if name in ERROR_CALLS and not plain:
            if not self.opts.assert_cancels:
                f.error(True, f"{name} called ({where(f.fn, ins)})")
            return False
        if name in END_CALLS:
            if name == "abort":
                if self.opts.abort_error:
                    f.error(True, f"abort called ({where(f.fn, ins)})")
            elif self.opts.exit_error:
                f.error(nonzero(args[0]), f"exit with a non-zero status ({where(f.fn, ins)})")
            return False
        if name.startswith(NONDET_PREFIXES) and (callee.decl or callee.system):
            f.regs[ins.res] = self.nondet(f, ins, name)
            return True
        if name == "__VERIFIER_assume" and (callee.decl or callee.system):
            f.cond.append(nonzero(args[0]))
            return True
        if name == "__VERIFIER_assert" and (callee.decl or callee.system):
            if not self.opts.assert_cancels:
                f.error(z3.Not(nonzero(args[0])), f"__VERIFIER_assert failed ({where(f.fn, ins)})")
            f.cond.append(nonzero(args[0]))
            return True
        if name.startswith("__VERIFIER_atomic") and (callee.decl or callee.system):
            return True
        globs = [f.globs[i] for i, _ in self.glob_list]
        self.clauses.append(Clause(self.call_pred(callee)(*args, *globs), list(f.body), list(f.cond)))
        ret = [self.new(f"{name}.ret", ins.ty)] if callee.ty.ret.k == "i" else []
        after = [self.new(f"g.{g.name}", g.ty) for _, g in self.glob_list]
        f.body.append(self.sum_pred(callee)(*args, *globs, *ret, *after))
        f.globs = dict(zip(f.globs, after))
        if ret and ins.res is not None:
            f.regs[ins.res] = ret[0]
        return True

    def terminator(self, f: Frame, ins: Ins) -> None:
        fn = f.fn
        if ins.op == "br":
            if not ins.a:
                f.goto(ins.x[0], ins=ins)
            else:
                c = self.truth(f.val(ins.a[0]))
                f.goto(ins.x[0], c, ins)
                f.goto(ins.x[1], z3.Not(c), ins)
        elif ins.op == "switch":
            v = f.val(ins.a[0])
            default, cases = ins.x
            vals = [self.const(c, ins.a[0].ty) for c, _ in cases]
            for val, (_, target) in zip(vals, cases):
                f.goto(target, v == val, ins)
            f.goto(default, z3.And(*[v != val for val in vals]) if vals else None, ins)
        elif ins.op == "unreachable":
            f.error(True, f"unreachable code reached ({where(fn, ins)})")
        else:
            ret = [f.val(ins.a[0])] if ins.a and fn.ty.ret.k == "i" else []
            if fn is self.scan.fns[0] and self.opts.exit_error and ret:
                f.error(ret[0] != 0, "main returns a non-zero status")
            globs = [f.globs[i] for i, _ in self.glob_list]
            head = self.sum_pred(fn)(*f.entry, *ret, *globs)
            self.clauses.append(Clause(head, list(f.body), list(f.cond)))


def constants(enc: Encoder) -> list[int]:
    """The signed constants the program compares with (at most 8, the
    smallest in magnitude first)."""
    out = set()
    for fn in enc.scan.fns:
        for b in fn.blocks:
            for ins in b.ins:
                if ins.op == "icmp":
                    for a in ins.a:
                        if a.const and isinstance(a.val, int):
                            bits = a.ty.bits
                            v = a.val & ((1 << bits) - 1)
                            out.add(v - (1 << bits) if v >> (bits - 1) else v)
    return sorted(out, key=abs)[:8]


def nonzero(v) -> z3.BoolRef:
    """A C truth value (an i1 over unbounded integers is a boolean already)."""
    return v if z3.is_bool(v) else v != 0


def compare(pred: str, a, b) -> z3.BoolRef:
    return {"eq": lambda: a == b, "ne": lambda: a != b, "ugt": lambda: z3.UGT(a, b), "uge": lambda: z3.UGE(a, b),
            "ult": lambda: z3.ULT(a, b), "ule": lambda: z3.ULE(a, b), "sgt": lambda: a > b, "sge": lambda: a >= b,
            "slt": lambda: a < b, "sle": lambda: a <= b}[pred]()


def cast(op: str, v, frm: int, to: int) -> z3.ExprRef:
    if op == "freeze" or frm == to:
        return v
    if op == "trunc":
        return z3.Extract(to - 1, 0, v)
    return (z3.ZeroExt if op == "zext" else z3.SignExt)(to - frm, v)


def uninitialised_reads(fn: Fn, allocas: dict) -> None:
    """Unfit if a load may read a promoted local that no store has written
    on some path to it (the VM reports uses of such values; the clauses do
    not model definedness)."""
    preds: list[list[int]] = [[] for _ in fn.blocks]
    for b in fn.blocks:
        for t in successors(b):
            preds[t].append(b.idx)
    every = frozenset(allocas)
    out = [every] * len(fn.blocks)  # written on every path to a block's end

    def start(b: Blk) -> frozenset:
        ps = preds[b.idx]
        return frozenset() if b.idx == 0 or not ps else frozenset.intersection(*(out[p] for p in ps))

    changed = True
    while changed:
        changed = False
        for b in fn.blocks:
            new = start(b) | {i.a[1].name for i in b.ins if i.op == "store" and not i.a[1].const}
            if new != out[b.idx]:
                out[b.idx], changed = new, True
    for b in fn.blocks:
        written = set(start(b))
        for ins in b.ins:
            if ins.op == "store" and not ins.a[1].const:
                written.add(ins.a[1].name)
            elif ins.op == "load" and not ins.a[0].const and ins.a[0].name not in written:
                raise Unfit(f"a local that may be read before it is written ({where(fn, ins)})")


ALWAYS = ("always",)  # what decides the run by itself: branches, divisors, the environment's arguments


def relevance(scan: Scan, opts: Options) -> set:
    """What may decide which way a run goes: ("r", function, register),
    ("l", function, local), ("g", global), ("ret", function) and ALWAYS.
    A value that decides nothing may be out of range harmlessly (an
    unbounded integer's run takes the same blocks as the wrapped one)."""
    fns = {fn.name: fn for fn in scan.fns}
    defs: dict = {}
    stores: dict = {}   # ("l", fn, local) or ("g", idx) -> [(function, value)]
    rets: dict = {}     # function -> [value]
    calls: dict = {}    # function -> [(caller, call)]
    todo: list = []
    for fn in scan.fns:
        for b in fn.blocks:
            for ins in b.phis + b.ins:
                if ins.res is not None:
                    defs[(fn.name, ins.res)] = ins
                op, used = ins.op, []
                if op in ("br", "switch"):
                    used = ins.a[:1]
                elif op in ("udiv", "sdiv", "urem", "srem"):
                    used = ins.a[:2]
                elif op in ("shl", "lshr", "ashr"):
                    used = ins.a[1:2]
                elif op == "store":
                    a = ins.a[1]
                    stores.setdefault(("g", a.val >> 32) if a.const else ("l", fn.name, a.name), []).append(
                        (fn.name, ins.a[0]))
                elif op == "ret":
                    rets.setdefault(fn.name, []).extend(ins.a)
                    if fn is scan.fns[0] and opts.exit_error:
                        used = ins.a
                elif op == "call":
                    name = ins.x["callee"].name
                    if name in fns:
                        calls.setdefault(name, []).append((fn.name, ins))
                    elif name not in ERROR_CALLS and (name not in END_CALLS or opts.exit_error):
                        used = ins.a
                todo += [("r", fn.name, a.name) for a in used if not a.const]
    out = {ALWAYS}
    while todo:
        item = todo.pop()
        if item in out:
            continue
        out.add(item)
        if item[0] in ("l", "g"):
            todo += [("r", f, v.name) for f, v in stores.get(item, ()) if not v.const]
        elif item[0] == "ret":
            todo += [("r", item[1], v.name) for v in rets.get(item[1], ()) if not v.const]
        else:
            _, f, reg = item
            fn = fns[f]
            if reg in fn.params:
                i = fn.params.index(reg)
                todo += [("r", caller, c.a[i].name) for caller, c in calls.get(f, ()) if not c.a[i].const]
            d = defs.get((f, reg))
            if d is None or d.op == "alloca":
                continue
            if d.op == "phi":
                todo += [("r", f, v.name) for _, v in d.x if not v.const]
            elif d.op == "load":
                a = d.a[0]
                todo.append(("g", a.val >> 32) if a.const else ("l", f, a.name))
            elif d.op == "call":
                if d.x["callee"].name in fns:
                    todo.append(("ret", d.x["callee"].name))
            else:
                todo += [("r", f, a.name) for a in d.a if not a.const]
    return out


def successors(b: Blk) -> list[int]:
    t = b.ins[-1] if b.ins else None
    if t is None:
        return []
    if t.op == "br":
        return list(t.x)
    if t.op == "switch":
        return [t.x[0], *(c for _, c in t.x[1])]
    return []

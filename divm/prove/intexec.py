"""Symbolic execution of integer programs over unbounded integers, as
SV-COMP reads C: nsw (signed) arithmetic is exact, other arithmetic wraps
modulo 2^n, casts convert, i1 values are booleans.  Anything whose
unbounded meaning is not plain here (bit operations on integers, division
by a variable, calls of the program's functions with loops) is Unfit.
Used by the proofs that read the program this way (recur.py, ranking.py);
nothing here rests on the VM."""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from divm.load.ir import Blk, Fn, Ins, Op
from divm.prove.encode import nonzero, successors
from divm.prove.scan import END_CALLS, ERROR_CALLS, NONDET_PREFIXES, REACH_CALLS, Scan, Unfit, where

END = -1           # where a way goes that ends the run
RET = -2           # where a way of an inlined function goes that returns
DEPTH = 8          # inlined calls, at most


@dataclass
class Input:
    """A nondet call on a way."""
    var: z3.ArithRef
    name: str
    bits: int
    ins: Ins


@dataclass
class Way:
    """A way from a state at a block: where it goes (a block, END, or None
    while in the block), its conditions and the state it arrives with."""
    to: int | None
    cond: list
    state: dict
    inputs: list = field(default_factory=list)


def signed(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if bits > 1 and v >> (bits - 1) else v


def wrap(x, bits: int):
    """x as the two's complement integer of bits bits holds."""
    half = 1 << (bits - 1)
    return (x + half) % (1 << bits) - half


def unsigned(x, bits: int):
    return x % (1 << bits)


def convert(op: str, v, frm: int, to: int, reading=unsigned):
    """A cast of v from frm to to bits (reading: v's unsigned value)."""
    if op == "freeze" or frm == to:
        return v
    if frm == 1:
        return z3.If(v, -1 if op == "sext" else 1, 0)
    if op == "trunc":
        return unsigned(v, 1) == 1 if to == 1 else wrap(v, to)  # (the low bit)
    return v if op == "sext" else reading(v, frm)


def compare(pred: str, a, b, bits: int, reading=unsigned) -> z3.BoolRef:
    """icmp pred of two bits-bit values (reading: a value's unsigned one)."""
    if bits == 1:
        if pred in ("eq", "ne"):
            return a == b if pred == "eq" else a != b
        a, b = z3.If(a, 1, 0), z3.If(b, 1, 0)
        pred = {"sgt": "ult", "sge": "ule", "slt": "ugt", "sle": "uge"}.get(pred, pred)  # (true is -1 signed)
    elif pred[0] == "u":
        a, b = reading(a, bits), reading(b, bits)
    return {"eq": lambda: a == b, "ne": lambda: a != b, "gt": lambda: a > b, "ge": lambda: a >= b,
            "lt": lambda: a < b, "le": lambda: a <= b}[pred if pred in ("eq", "ne") else pred[1:]]()


def by_constant(op: str, a, k: int, bits: int, nsw: bool, reading=unsigned, exact=lambda r: r):
    """A division, remainder or shift of a by the constant k (its bits read
    unsigned: not 0, a shift amount below bits), as C computes them;
    exact(r): the value of an nsw shift whose exact result is r."""
    if op == "shl":
        r = a * (1 << k)
        return exact(r) if nsw else wrap(r, bits)
    if op == "ashr":
        return a / (1 << k)  # (floor)
    if op == "lshr":
        return wrap(reading(a, bits) / (1 << k), bits)
    if op in ("udiv", "urem"):
        ua = reading(a, bits)
        return wrap(ua / k if op == "udiv" else ua % k, bits)
    d = signed(k, bits)
    if d == -1:
        return -a if op == "sdiv" else z3.IntVal(0)
    # C truncates towards zero; z3 divides by a positive number rounding down
    q = z3.If(a >= 0, a / abs(d), -((-a) / abs(d)))
    q = q if d > 0 else -q
    return q if op == "sdiv" else a - d * q


class Exec:
    """Symbolic execution of main's blocks over unbounded integers (i1 as
    booleans); a state maps registers, ("l", local) and ("g", global idx)
    to terms."""

    def __init__(self, scan: Scan, fn: Fn, allow_assume: bool, depth: int = 0, count: list | None = None):
        self.scan, self.fn, self.allow_assume, self.depth = scan, fn, allow_assume, depth
        self.count = count if count is not None else [0]

    def fresh(self, name: str, ty) -> z3.ExprRef:
        """A new variable (boolean for i1 or z3.BoolSort(), else integer)."""
        self.count[0] += 1
        n = self.count[0]
        boolean = ty == z3.BoolSort() if isinstance(ty, z3.SortRef) else ty is not None and ty.bits == 1
        return z3.Bool(f"{name}~{n}") if boolean else z3.Int(f"{name}~{n}")

    def val(self, st: dict, op: Op):
        if op.const:
            if op.ty.bits == 1:
                return z3.BoolVal(op.val & 1 == 1)
            return z3.IntVal(signed(op.val, op.ty.bits))
        return st[op.name]

    def block(self, w0: Way, b: Blk) -> list[Way]:
        """The ways through block b on from w0 (its phis already taken)."""
        ways = [Way(None, list(w0.cond), dict(w0.state), list(w0.inputs))]
        for ins in b.ins:
            nxt = []
            for w in ways:
                nxt.extend(self.step(w, ins))
            ways = nxt
        return ways

    def enter(self, st: dict, frm: int, to: int) -> dict:
        """The state on the edge frm -> to (to's phis take frm's values)."""
        out = dict(st)
        for phi in self.fn.blocks[to].phis:
            for pred, v in phi.x:
                if pred == frm:
                    out[phi.res] = self.val(st, v)
        return out

    def step(self, w: Way, ins: Ins) -> list[Way]:
        """w extended by ins (a finished way is passed on unchanged, an
        impossible one dropped)."""
        if w.to is not None:
            return [w]
        if w.cond and z3.is_false(w.cond[-1]):
            return []
        st, op = w.state, ins.op
        if op in ("add", "sub", "mul"):
            a, b = self.val(st, ins.a[0]), self.val(st, ins.a[1])
            if ins.ty.bits == 1:
                raise Unfit(f"i1 arithmetic ({where(self.fn, ins)})")
            r = a + b if op == "add" else a - b if op == "sub" else a * b
            st[ins.res] = r if ins.x == "nsw" else wrap(r, ins.ty.bits)
        elif op in ("and", "or", "xor"):
            if ins.ty.bits != 1:
                raise Unfit(f"a bit operation ({where(self.fn, ins)})")
            a, b = self.val(st, ins.a[0]), self.val(st, ins.a[1])
            st[ins.res] = z3.And(a, b) if op == "and" else z3.Or(a, b) if op == "or" else z3.Xor(a, b)
        elif op in ("sdiv", "srem", "udiv", "urem", "shl", "ashr", "lshr"):
            st[ins.res] = self.divide(st, ins)
        elif op == "icmp":
            st[ins.res] = compare(ins.x, self.val(st, ins.a[0]), self.val(st, ins.a[1]), ins.a[0].ty.bits)
        elif op == "select":
            st[ins.res] = z3.If(self.val(st, ins.a[0]), self.val(st, ins.a[1]), self.val(st, ins.a[2]))
        elif op in ("zext", "sext", "trunc", "freeze"):
            st[ins.res] = convert(op, self.val(st, ins.a[0]), ins.a[0].ty.bits, ins.ty.bits)
        elif op in ("alloca", "lifetime"):
            pass
        elif op == "load":
            a = ins.a[0]
            st[ins.res] = st[("g", a.val >> 32) if a.const else ("l", a.name)]
        elif op == "store":
            a = ins.a[1]
            st[("g", a.val >> 32) if a.const else ("l", a.name)] = self.val(st, ins.a[0])
        elif op == "call":
            return self.call(w, ins)
        elif op == "br":
            if not ins.a:
                return [Way(ins.x[0], w.cond, st, w.inputs)]
            c = self.val(st, ins.a[0])
            return [Way(ins.x[0], [*w.cond, c], st, w.inputs), Way(ins.x[1], [*w.cond, z3.Not(c)], st, w.inputs)]
        elif op == "switch":
            v = self.val(st, ins.a[0])
            default, cases = ins.x
            bits = ins.a[0].ty.bits
            vals = [z3.IntVal(signed(c, bits)) for c, _ in cases]
            out = [Way(t, [*w.cond, v == c], st, w.inputs) for c, (_, t) in zip(vals, cases)]
            return out + [Way(default, [*w.cond, *(v != c for c in vals)], st, w.inputs)]
        elif op == "ret" and self.depth:
            if ins.a:
                st["$ret"] = self.val(st, ins.a[0])
            return [Way(RET, w.cond, st, w.inputs)]
        elif op in ("ret", "unreachable"):
            return [Way(END, w.cond, st, w.inputs)]
        else:
            raise Unfit(f"instruction {where(self.fn, ins)}")
        return [w]

    def divide(self, st: dict, ins: Ins):
        b = ins.a[1]
        bits = ins.ty.bits
        if not b.const or signed(b.val, bits) == 0 or bits == 1:
            raise Unfit(f"{ins.op} by a variable ({where(self.fn, ins)})")
        k = b.val & ((1 << bits) - 1)
        if ins.op in ("shl", "ashr", "lshr") and k >= bits:
            raise Unfit(f"a shift by the width or more ({where(self.fn, ins)})")
        return by_constant(ins.op, self.val(st, ins.a[0]), k, bits, ins.x == "nsw")

    def call(self, w: Way, ins: Ins) -> list[Way]:
        callee: Fn = ins.x["callee"]
        name, env = callee.name, callee.decl or callee.system
        st = w.state
        if name in END_CALLS or name in ERROR_CALLS and (env or name not in REACH_CALLS):
            return [Way(END, w.cond, st, w.inputs)]  # (a reach_error() the program defines is a plain call)
        if name.startswith(NONDET_PREFIXES) and env:
            from divm.load.nondet import NONDET
            kind = name[len("__VERIFIER_nondet_"):] if name.startswith("__VERIFIER_nondet_") else None
            bits, sign = NONDET.get(kind, (ins.ty.bits, True)) if kind is not None else (ins.ty.bits, True)
            v = self.fresh(name, ins.ty)
            cond = list(w.cond)
            if ins.ty.bits > 1:
                if bits >= ins.ty.bits:  # (every bit pattern of the register, as it reads them)
                    bits, sign = ins.ty.bits, True
                lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if sign and bits > 1 else (0, (1 << bits) - 1)
                cond += [v >= lo, v <= hi]
            st[ins.res] = v
            return [Way(None, cond, st, [*w.inputs, Input(v, name, ins.ty.bits, ins)])]
        if name == "__VERIFIER_assume" and env:
            if not self.allow_assume:
                raise Unfit(f"__VERIFIER_assume in the loop ({where(self.fn, ins)})")
            return [Way(None, [*w.cond, nonzero(self.val(st, ins.a[0]))], st, w.inputs)]
        if name == "__VERIFIER_assert" and env:  # (a failed one aborts: the run ends)
            c = nonzero(self.val(st, ins.a[0]))
            return [Way(None, [*w.cond, c], st, w.inputs), Way(END, [*w.cond, z3.Not(c)], dict(st), w.inputs)]
        if name.startswith("__VERIFIER_atomic") and env:
            return [w]
        if env or self.depth >= DEPTH or not acyclic(callee):
            raise Unfit(f"a call of {name} ({where(self.fn, ins)})")
        return self.inline(w, ins, callee)

    def inline(self, w: Way, ins: Ins, callee: Fn) -> list[Way]:
        """The ways through a call of the program's own function (with no
        loop), back in the caller."""
        sub = Exec(self.scan, callee, self.allow_assume, self.depth + 1, self.count)
        st = {k: v for k, v in w.state.items() if k.__class__ is tuple and k[0] == "g"}
        st.update(zip(callee.params, (self.val(w.state, a) for a in ins.a)))
        out, todo = [], [(0, None, Way(None, w.cond, st, w.inputs))]
        while todo:
            b, frm, v = todo.pop()
            if frm is not None:
                v = Way(None, v.cond, sub.enter(v.state, frm, b), v.inputs)
            for r in sub.block(v, callee.blocks[b]):
                if r.to == END:
                    out.append(r)
                elif r.to == RET:
                    back = dict(w.state)
                    back.update((k, x) for k, x in r.state.items() if k.__class__ is tuple and k[0] == "g")
                    if ins.res is not None:
                        back[ins.res] = r.state["$ret"]
                    out.append(Way(None, r.cond, back, r.inputs))
                else:
                    todo.append((r.to, b, r))
        return out


def acyclic(fn: Fn) -> bool:
    from divm.props.ltl import sccs
    succ = {b.idx: successors(b) for b in fn.blocks}
    return len(sccs(list(succ), succ)) == len(succ) and not any(b in succ[b] for b in succ)


def loops(fn: Fn) -> list[tuple[int, set[int], bool]]:
    """fn's loops, inner ones too: (head, blocks, whether a loop is inside);
    None if a loop has more than one way in (irreducible)."""
    from divm.props.ltl import sccs
    succ = {b.idx: successors(b) for b in fn.blocks}
    out = []

    def within(blocks: set[int]) -> bool:
        sub = {b: [t for t in succ[b] if t in blocks] for b in blocks}
        for comp in sccs(list(sub), sub):
            part = set(comp)
            if len(part) == 1 and comp[0] not in sub[comp[0]]:
                continue
            heads = [b for b in part if b == 0 or any(b in succ[p] for p in succ if p not in part)]
            if len(heads) != 1:
                return False
            inner = {b: [t for t in sub[b] if t in part and t != heads[0]] for b in part}
            nested = len(sccs(list(inner), inner)) != len(part) or any(b in inner[b] for b in part)
            out.append((heads[0], part, nested))
            if nested and not within(part - {heads[0]}):
                return False
        return True
    return sorted(out, key=lambda x: x[0]) if within(set(succ)) else None


def c_names(scan: Scan, fn: Fn, s: dict, names_of, line: int | None) -> tuple[list, set]:
    """Pairs (variable of state s, a constant named as the program names
    it at line) for z3.substitute, and the ids of the variables without a
    C name in scope there (registers, the compiler's slots, hidden
    globals); names_of(function, line): {alloca register: C name}."""
    cnames = names_of(fn.name, line) if names_of is not None and line else {}
    out, unnamed = [], set()
    for k, v in s.items():
        name = None
        if k.__class__ is tuple and k[0] == "g":
            g = scan.globals[k[1]].name
            name = g if g.isidentifier() and g not in cnames.values() else None
        elif k.__class__ is tuple:
            name = cnames.get(k[1])
        if name is None:
            unnamed.add(v.get_id())
        out.append((v, z3.Const(name or (k[1] if k.__class__ is tuple else k).lstrip("%"), v.sort())))
    return out, unnamed

"""Proving that some run never ends: a reachable closed recurrent set
(SV-COMP's termination property read with unbounded integers, as SV-COMP
counts: signed arithmetic never wraps, unsigned arithmetic wraps).

A loop of main with head h (no loop inside it) runs for ever from a state
s0 at h when a set R of states at h holds s0 and every way from a state
in R through the loop's body comes back to h in R, whatever its inputs:
none leaves the loop, ends the run or fails an assertion (Gupta et al.'s
closed recurrent sets).  With no `__VERIFIER_assume` in the body some way
is always taken, so the run from s0 goes round for ever.  s0 comes from a
path from main's entry (a model gives its inputs: the witness); R is the
largest conjunction of guessed atoms true at s0 that is closed (Houdini:
an atom a model of a way back falsifies is dropped), which then must keep
every way out infeasible.

The program is read as C means it: registers hold integers, nsw
operations are exact, other arithmetic wraps modulo 2^n, casts convert;
anything whose unbounded meaning is not plain here (bit operations on
integers, division by a variable, calls of the program's own functions)
is Unfit.  Nothing here rests on the VM: this is a proof in SV-COMP's
semantics, used only by `divm svcomp`."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from divm.load.ir import Blk, Fn, Ins, Op
from divm.prove.chc import free_consts
from divm.prove.encode import successors, uninitialised_reads
from divm.prove.scan import END_CALLS, ERROR_CALLS, NONDET_PREFIXES, Scan, Unfit, where

PATHS = 256        # ways through one loop's body, at most
STEM_BLOCKS = 400  # blocks on a way to the loop, at most
VISITS = 3         # arrivals at a loop's head tried as s0
MODELS = 3         # inputs tried per arrival
END = -1           # where a way goes that ends the run
RET = -2           # where a way of an inlined function goes that returns
DEPTH = 8          # inlined calls, at most


@dataclass
class Input:
    """A nondet call on the way to s0."""
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


@dataclass
class Proof:
    function: str
    line: int | None
    file: str | None
    inputs: list                 # [{"function", "file", "line", "value", "bits", "caller"}]
    recurrent: str               # R, for the report
    cycle: list                  # [{"file", "line", "function"}] of the loop's body


def signed(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if bits > 1 and v >> (bits - 1) else v


def wrap(x, bits: int):
    """x as the two's complement integer of bits bits holds."""
    half = 1 << (bits - 1)
    return (x + half) % (1 << bits) - half


def unsigned(x, bits: int):
    return x % (1 << bits)


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
        """w extended by ins (a finished way is passed on unchanged)."""
        if w.to is not None or w.cond and z3.is_false(w.cond[-1]):
            return [w]
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
            st[ins.res] = self.compare(ins.x, ins.a[0], self.val(st, ins.a[0]), self.val(st, ins.a[1]))
        elif op == "select":
            st[ins.res] = z3.If(self.val(st, ins.a[0]), self.val(st, ins.a[1]), self.val(st, ins.a[2]))
        elif op in ("zext", "sext", "trunc", "freeze"):
            st[ins.res] = self.cast(op, self.val(st, ins.a[0]), ins.a[0].ty.bits, ins.ty.bits)
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
        a, op = self.val(st, ins.a[0]), ins.op
        d = signed(b.val, bits)
        if op in ("shl", "ashr", "lshr"):
            k = b.val & ((1 << bits) - 1)
            if k >= bits:
                raise Unfit(f"a shift by the width or more ({where(self.fn, ins)})")
            if op == "shl":
                return a * (1 << k) if ins.x == "nsw" else wrap(a * (1 << k), bits)
            return a / (1 << k) if op == "ashr" else wrap(unsigned(a, bits) / (1 << k), bits)  # (floor)
        if op in ("udiv", "urem"):
            d = b.val & ((1 << bits) - 1)
            ua = unsigned(a, bits)
            return wrap(ua / d if op == "udiv" else ua % d, bits)
        if d == -1 and op == "sdiv":
            return -a
        # C truncates towards zero; z3 divides by a positive number rounding down
        ad = abs(d)
        q = z3.If(a >= 0, a / ad, -((-a) / ad))
        q = q if d > 0 else -q
        return q if op == "sdiv" else a - d * q

    def compare(self, pred: str, op: Op, a, b) -> z3.BoolRef:
        if op.ty.bits == 1:
            if pred in ("eq", "ne"):
                return a == b if pred == "eq" else a != b
            a, b = z3.If(a, 1, 0), z3.If(b, 1, 0)
            pred = {"sgt": "ult", "sge": "ule", "slt": "ugt", "sle": "uge"}.get(pred, pred)  # (true is -1 signed)
        elif pred[0] == "u":
            a, b = unsigned(a, op.ty.bits), unsigned(b, op.ty.bits)
            pred = "s" + pred[1:]
        return {"eq": lambda: a == b, "ne": lambda: a != b, "sgt": lambda: a > b, "sge": lambda: a >= b,
                "slt": lambda: a < b, "sle": lambda: a <= b, "ugt": lambda: a > b, "uge": lambda: a >= b,
                "ult": lambda: a < b, "ule": lambda: a <= b}[pred]()

    @staticmethod
    def cast(op: str, v, frm: int, to: int):
        if op == "freeze" or frm == to:
            return v
        if frm == 1:
            return z3.If(v, -1 if op == "sext" else 1, 0)
        if op == "trunc":
            return unsigned(v, 2) == 1 if to == 1 else wrap(v, to)
        return v if op == "sext" else unsigned(v, frm)

    def call(self, w: Way, ins: Ins) -> list[Way]:
        callee: Fn = ins.x["callee"]
        name, env = callee.name, callee.decl or callee.system
        st = w.state
        if name in ERROR_CALLS or name in END_CALLS:
            return [Way(END, w.cond, st, w.inputs)]
        if name.startswith(NONDET_PREFIXES) and env:
            from divm.vm.builtins import NONDET
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
            return [Way(None, [*w.cond, self.val(st, ins.a[0]) != 0], st, w.inputs)]
        if name == "__VERIFIER_assert" and env:  # (a failed one aborts: the run ends)
            c = self.val(st, ins.a[0]) != 0
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


def nonterminating(prog, timeout: float, names_of=None) -> Proof | None:
    """A proof that some run of prog never ends, or None (Unfit, or none
    found before the time limit).  names_of(function, line): {alloca
    register: C name}, for the recurrent set's text."""
    deadline = time.time() + timeout
    try:
        scan = Scan(prog, reach_calls=True)
        fn = scan.fns[0]
        uninitialised_reads(fn, scan.allocas[fn.name])
    except Unfit:
        return None
    for h, part in loops(fn):
        if time.time() >= deadline:
            return None
        try:
            p = try_loop(scan, fn, h, part, deadline, names_of)
        except (Unfit, z3.Z3Exception, KeyError):  # (KeyError: the loop reads what no start defines)
            continue
        if p is not None:
            return p
    return None


def loops(fn: Fn) -> list[tuple[int, set[int]]]:
    """main's loops with no loop inside, also those inside others: (head,
    blocks)."""
    from divm.props.ltl import sccs
    succ = {b.idx: successors(b) for b in fn.blocks}
    out = []

    def within(blocks: set[int]) -> None:
        sub = {b: [t for t in succ[b] if t in blocks] for b in blocks}
        for comp in sccs(list(sub), sub):
            part = set(comp)
            if len(part) == 1 and comp[0] not in sub[comp[0]]:
                continue
            heads = [b for b in part if b == 0 or any(b in succ[p] for p in succ if p not in part)]
            if len(heads) != 1:
                continue
            inner = {b: [t for t in sub[b] if t in part and t != heads[0]] for b in part}
            if len(sccs(list(inner), inner)) == len(part) and not any(b in inner[b] for b in part):
                out.append((heads[0], part))
            else:
                within(part - {heads[0]})
    within(set(succ))
    return sorted(out, key=lambda x: x[0])


def try_loop(scan: Scan, fn: Fn, h: int, part: set[int], deadline: float, names_of=None) -> Proof | None:
    ex = Exec(scan, fn, allow_assume=False)
    stem = Exec(scan, fn, allow_assume=True, count=ex.count)
    state = [("l", r) for r in scan.allocas[fn.name]] + [("g", i) for i in scan.globals] + scan.carried[fn.name]
    bodies: dict = {}
    for sigma_cond, sigma_state, inputs in arrivals(stem, fn, scan, h, deadline):
        keys = tuple(k for k in state if k in sigma_state)
        if keys not in bodies:  # (the state at h: what the way there defined)
            s = {k: ex.fresh("s", z3.BoolSort() if z3.is_bool(sigma_state[k]) else None) for k in keys}
            bodies[keys] = s, *body_ways(ex, fn, h, part, s)
        s, back, out = bodies[keys]
        if back is None:
            return None
        here = [(s[k], sigma_state[k]) for k in keys]
        mine = {v.get_id() for v in s.values()}
        # a start that does not leave the loop at once
        stay = [z3.substitute(z3.Not(z3.And(*c)), *here) for c in out
                if c and all(v.get_id() in mine for v in free_consts(z3.And(*c)))]
        sol = z3.Solver()
        sol.set("timeout", 5000)
        sol.add(*sigma_cond, *stay)
        for _ in range(MODELS):
            if time.time() >= deadline or sol.check() != z3.sat:
                break
            m = sol.model()
            sigma = {k: m.eval(sigma_state[k], model_completion=True) for k in keys}
            atoms = guesses(s, keys, sigma, out)
            kept = [a for a in atoms
                    if z3.is_true(z3.simplify(z3.substitute(a, *((s[k], sigma[k]) for k in keys))))]
            r = closed(kept, back, out, s, deadline)
            if r is not None:
                return proof(fn, h, part, m, inputs, r, s, scan, names_of)
            if not inputs:
                break
            sol.add(z3.Or(*(i.var != m.eval(i.var, model_completion=True) for i in inputs)))
    return None


def body_ways(ex: Exec, fn: Fn, h: int, part: set[int], s: dict):
    """The ways from state s at h round the loop: (back to h, out of it)."""
    back, out = [], []
    todo = [(h, None, Way(None, [], s))]
    while todo:
        b, frm, w0 = todo.pop()
        if frm is not None:
            w0 = Way(None, w0.cond, ex.enter(w0.state, frm, b))
        for w in ex.block(w0, fn.blocks[b]):
            if w.to == END or w.to not in part:
                out.append(w.cond)
            elif w.to == h:
                back.append((w.cond, ex.enter(w.state, b, h)))
            else:
                todo.append((w.to, b, w))
            if len(back) + len(out) > PATHS:
                return None, None
    return back, out


def guesses(s: dict, keys: tuple, sigma: dict, out: list) -> list:
    """Atoms over the state at h: signs, orders, the start's values and
    differences, and the negated ways out (those over the state alone)."""
    ints = [k for k in keys if not z3.is_bool(s[k])]
    atoms = []
    for k in keys:
        v = s[k]
        if z3.is_bool(v):
            atoms += [v, z3.Not(v)]
            continue
        c = sigma[k].as_long()
        atoms += [v >= 0, v > 0, v <= 0, v < 0, v == c, v <= c, v >= c, v <= abs(c), v >= -abs(c), v % 2 == c % 2]
    for i, a in enumerate(ints):
        for b in ints[i + 1:]:
            atoms += [s[a] <= s[b], s[a] >= s[b], s[a] - s[b] == z3.simplify(sigma[a] - sigma[b])]
    mine = {s[k].get_id() for k in keys}
    for c in out:
        f = z3.Not(z3.And(*c)) if c else z3.BoolVal(False)
        if all(v.get_id() in mine for v in free_consts(f)):
            atoms.append(f)
    return atoms


def closed(atoms: list, back: list, out: list, s: dict, deadline: float) -> list | None:
    """The largest subset of atoms closed under the ways back (Houdini),
    if it keeps every way out infeasible."""
    cur = list(atoms)
    keys = list(s)
    changed = True
    while changed and cur:
        changed = False
        for cond, arrive in back:
            if time.time() >= deadline:
                return None
            sub = [(s[k], arrive[k]) for k in keys if arrive[k] is not s[k]]
            nxt = [z3.substitute(a, *sub) if sub else a for a in cur]
            sol = z3.Solver()
            sol.set("timeout", max(100, int(min(2.0, deadline - time.time()) * 1000)))
            sol.add(*cur, *cond, z3.Not(z3.And(*nxt)))
            r = sol.check()
            if r == z3.unknown:
                return None
            if r == z3.sat:
                m = sol.model()
                keep = [a for a, n in zip(cur, nxt) if z3.is_true(m.eval(n, model_completion=True))]
                if len(keep) == len(cur):
                    return None
                cur, changed = keep, True
    for cond in out:
        sol = z3.Solver()
        sol.set("timeout", max(100, int(min(5.0, deadline - time.time()) * 1000)))
        sol.add(*cur, *cond)
        if sol.check() != z3.unsat:
            return None
    return cur


def arrivals(ex: Exec, fn: Fn, scan: Scan, h: int, deadline: float):
    """Ways from main's entry to h (the first VISITS arrivals on each):
    (conditions, state, inputs)."""
    st0: dict = {}
    for i, g in scan.globals.items():
        st0[("g", i)] = z3.IntVal(signed(g.init or 0, g.ty.bits)) if g.ty.bits > 1 else z3.BoolVal(bool(g.init))
    todo = [(0, None, Way(None, [], st0), 0, 0)]
    found = 0
    while todo and found < 12:
        b, frm, w0, n, visits = todo.pop()
        if time.time() >= deadline or n > STEM_BLOCKS:
            continue
        if frm is not None:
            w0 = Way(None, w0.cond, ex.enter(w0.state, frm, b), w0.inputs)
        if b == h:
            visits += 1
            found += 1
            yield w0.cond, w0.state, w0.inputs
            if visits >= VISITS:
                continue
        for w in reversed(ex.block(w0, fn.blocks[b])):
            if w.to == END:
                continue
            sol = z3.Solver()
            sol.set("timeout", 2000)
            sol.add(*w.cond)
            if sol.check() == z3.sat:
                todo.append((w.to, b, w, n + 1, visits))


def proof(fn: Fn, h: int, part: set[int], m: z3.ModelRef, inputs: list, r: list, s: dict, scan: Scan,
          names_of=None) -> Proof:
    locs = [i.loc for b in sorted(part) for i in fn.blocks[b].ins if i.loc]
    head = next((i.loc for i in fn.blocks[h].ins if i.loc), locs[0] if locs else None)
    ins_out = []
    for inp in inputs:
        v = m.eval(inp.var, model_completion=True)
        v = (1 if z3.is_true(v) else 0) if z3.is_bool(v) else v.as_long()
        loc = inp.ins.loc
        ins_out.append({"function": inp.name, "file": loc[0] if loc else None, "line": loc[1] if loc else None,
                        "value": v & ((1 << inp.bits) - 1), "bits": inp.bits, "caller": fn.name})
    seen, cycle = set(), []
    for loc in [head, *locs] if head else locs:
        if loc[:2] not in seen:
            seen.add(loc[:2])
            cycle.append({"file": loc[0], "line": loc[1], "function": fn.name})
    cnames = names_of(fn.name, head[1]) if names_of is not None and head else {}
    names, unnamed = [], set()
    for k, v in s.items():  # (the state's variables as the program names them)
        if k.__class__ is not tuple:
            name = k.lstrip("%")
        elif k[0] == "g":
            name = scan.globals[k[1]].name
        else:
            name = cnames.get(k[1])
            if name is None and names_of is not None:  # (the compiler's: a return value's slot)
                unnamed.add(v.get_id())
            name = name or k[1].lstrip("%")
        names.append((v, z3.Const(name, v.sort())))

    def exact(a) -> bool:
        return z3.is_eq(a) and z3.is_const(a.arg(0)) and not z3.is_int_value(a.arg(0)) and z3.is_int_value(a.arg(1))
    fixed = {a.arg(0).get_id() for a in r if exact(a)}
    shown: list[str] = []
    for a in r:  # (what an equality with a number says already is left out)
        vs = {v.get_id() for v in free_consts(a)}
        if vs & unnamed or len(vs) == 1 and vs <= fixed and not exact(a):
            continue
        t = str(z3.simplify(z3.substitute(a, *names)))
        if t not in shown:
            shown.append(t)
    text = " && ".join(shown[:12]) + (" && ..." if len(shown) > 12 else "")
    return Proof(fn.name, head[1] if head else None, head[0] if head else None, ins_out, text or "true", cycle)

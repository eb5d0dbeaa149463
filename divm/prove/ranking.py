"""Proving that every run ends, read with unbounded integers as SV-COMP
counts (intexec.py): invariants at main's loop heads and a ranking
function for every loop.

terminate.py proves termination in the VM's wrapping arithmetic and then
must reject every proof a signed wrap could decide; SV-COMP's nonlinear
tasks (`while (6 * n + 6 <= k)`) end only because C's integers do not
wrap, so here the arithmetic is exact to begin with.

The loop heads and main's entry are cut points.  Each way from a cut
point to the next (symbolic execution; the program's functions without
loops are inlined) relates the state at one to the state at the other;
the invariants are the largest conjunction of guessed atoms (signs,
bounds by the constants the program compares with, orders of two
variables) at every head that every way keeps, starting from anything
at the entry but the globals' initial values (Houdini).

A loop with head h ends when the ways from h back to h (a loop inside is
one step: what it writes takes any value its head's invariant allows,
then a way out of it) admit a lexicographic ranking function: f1 never
grows on any way and shrinks by at least 1 on some, where it is at least
0; those ways can be taken only finitely often; f2 does the same for the
rest, and so on.  Candidates are the differences of the terms the loop's
comparisons compare, and single variables, up or down.  With every loop
ranked (no recursion: calls are inlined), every run ends."""

from __future__ import annotations

import time
from dataclasses import dataclass

import z3

from divm.load.ir import Fn
from divm.prove.chc import free_consts
from divm.prove.encode import successors as successors_of
from divm.prove.encode import uninitialised_reads
from divm.prove.intexec import END, Exec, Way, c_names, loops, signed
from divm.prove.scan import Scan, Unfit

WAYS = 512      # ways between cut points, at most
ATOMS = 400     # guessed atoms per head, at most


@dataclass
class Ranked:
    rankings: list      # [{"function", "file", "line", "ranking"}]
    invariants: list    # [{"file", "line", "function", "value", "lines"}]: for a correctness witness
    seconds: float


class Stop(Exception):
    """Too many ways, or the time limit."""


def terminates(prog, timeout: float, names_of=None) -> Ranked | None:
    """A proof that every run of prog ends (read with unbounded integers),
    or None."""
    t0 = time.time()
    deadline = t0 + timeout
    try:
        scan = Scan(prog, reach_calls=True)
        fn = scan.fns[0]
        uninitialised_reads(fn, scan.allocas[fn.name])
        structure = loops(fn)
        if structure is None:
            return None
        p = Prover(scan, fn, structure, deadline, names_of)
        ranks = p.prove()
    except (Unfit, Stop, z3.Z3Exception, KeyError):
        return None
    if ranks is None:
        return None
    return Ranked(ranks, p.loop_invariants() if names_of is not None else [], time.time() - t0)


class Prover:
    def __init__(self, scan: Scan, fn: Fn, structure: list, deadline: float, names_of):
        self.scan, self.fn, self.deadline, self.names_of = scan, fn, deadline, names_of
        self.loops = structure
        self.heads = {h: part for h, part, _ in structure}
        self.ex = Exec(scan, fn, allow_assume=True)
        self.keys = [("l", r) for r in scan.allocas[fn.name]] + [("g", i) for i in scan.globals] + \
            list(scan.carried[fn.name])
        types = scan.types[fn.name]
        self.bool = {k for k in self.keys if (k.__class__ is tuple and k[0] == "l" and
                                              scan.allocas[fn.name][k[1]].x.bits == 1) or
                     (k.__class__ is tuple and k[0] == "g" and scan.globals[k[1]].ty.bits == 1) or
                     (k.__class__ is not tuple and types[k].bits == 1)}
        self.state = {h: self.fresh_state() for h in self.heads}

    def fresh_state(self) -> dict:
        return {k: self.ex.fresh("v", z3.BoolSort() if k in self.bool else None) for k in self.keys}

    def check(self, *facts, ms: int = 2000):
        if time.time() >= self.deadline:
            raise Stop()
        sol = z3.Solver()
        sol.set("timeout", max(50, int(min(ms / 1000, self.deadline - time.time()) * 1000)))
        sol.add(*facts)
        r = sol.check()
        return r, (sol.model() if r == z3.sat else None)

    # -- the ways between cut points
    def ways_from(self, start: int, st: dict, cond: list, stop: set[int], summarise: dict | None) -> list:
        """The ways from block start (state st) to the first block in stop:
        (block, conditions, state); a way that ends the run is left out.
        summarise: the invariants of the inner loops to take as one step."""
        out = []
        todo = [(start, None, Way(None, list(cond), st), frozenset())]
        n = 0
        while todo:
            b, frm, w0, done = todo.pop()
            if frm is not None:
                w0 = Way(None, w0.cond, self.ex.enter(w0.state, frm, b), w0.inputs)
                if b in stop:
                    out.append((b, w0.cond, w0.state))
                    continue
                if summarise is not None and b in self.heads:  # an inner loop: one step
                    if b in done:
                        continue  # (its passes are in the step)
                    w0, done = self.summary(b, w0, summarise), done | {b}
            for w in self.ex.block(w0, self.fn.blocks[b]):
                n += 1
                if n > WAYS:
                    raise Stop()
                if w.to != END:
                    todo.append((w.to, b, w, done))
        return out

    def summary(self, h: int, w: Way, inv: dict) -> Way:
        """Arrival w at inner head h after any number of passes: what the
        loop writes takes any value h's invariant allows."""
        st = dict(w.state)
        for k in self.written(h):
            if k in st:
                st[k] = self.ex.fresh("h", z3.BoolSort() if z3.is_bool(st[k]) else None)
        s = self.state[h]
        return Way(None, [*w.cond, *(z3.substitute(a, *((s[k], st[k]) for k in self.keys)) for a in inv[h])], st)

    def written(self, h: int) -> set:
        out = set()
        for b in self.heads[h]:
            blk = self.fn.blocks[b]
            for ins in blk.phis + blk.ins:
                if ins.res is not None:
                    out.add(ins.res)
                if ins.op == "store":
                    a = ins.a[1]
                    out.add(("g", a.val >> 32) if a.const else ("l", a.name))
                if ins.op == "call":  # (an inlined function writes globals)
                    out.update(("g", i) for i in self.scan.globals)
        return out

    # -- invariants
    def atoms(self, s: dict) -> list:
        consts = sorted({0, 1, -1, *self.constants()}, key=abs)[:10]
        ints = [k for k in self.keys if k not in self.bool]
        out = []
        for k in self.keys:
            v = s[k]
            if k in self.bool:
                out += [v, z3.Not(v)]
                continue
            out += [v >= c for c in consts] + [v <= c for c in consts]
        for i, a in enumerate(ints):
            for b in ints[i + 1:]:
                out += [s[a] <= s[b], s[a] >= s[b]]
        return out[:ATOMS]

    def constants(self) -> set[int]:
        out = set()
        for b in self.fn.blocks:
            for ins in b.ins:
                if ins.op == "icmp":
                    out.update(signed(a.val, a.ty.bits) for a in ins.a if a.const and isinstance(a.val, int))
        return out

    def invariants(self) -> dict:
        """The atoms at each head that every way between cut points keeps."""
        init = self.fresh_state()
        start = [init[("g", i)] == (z3.IntVal(signed(g.init or 0, g.ty.bits)) if g.ty.bits > 1 else
                                    z3.BoolVal(bool(g.init))) for i, g in self.scan.globals.items()]
        heads = set(self.heads)
        segs = [(None, b, c, st) for b, c, st in self.ways_from(0, dict(init), start, heads, None)]
        for h in heads:
            segs += [(h, b, c, st) for b, c, st in self.ways_from(h, dict(self.state[h]), [], heads, None)]
        inv = {h: self.atoms(self.state[h]) for h in heads}
        changed = True
        while changed:
            changed = False
            for frm, to, cond, st in segs:
                s2 = self.state[to]
                sub = [(s2[k], st[k]) for k in self.keys if k in st]
                want = [z3.substitute(a, *sub) for a in inv[to]]
                if not want:
                    continue
                have = inv[frm] if frm is not None else []
                r, m = self.check(*have, *cond, z3.Not(z3.And(*want)))
                if r == z3.unsat:
                    continue
                if r == z3.unknown:  # (one at a time, the undecided ones dropped)
                    keep = [a for a, x in zip(inv[to], want) if self.check(*have, *cond, z3.Not(x), ms=300)[0]
                            == z3.unsat]
                else:
                    keep = [a for a, x in zip(inv[to], want) if z3.is_true(m.eval(x, model_completion=True))]
                if len(keep) < len(inv[to]):
                    inv[to], changed = keep, True
        return inv

    # -- ranking functions
    def prove(self) -> list | None:
        inv = self.inv = self.invariants()
        out = []
        for h, part, _ in self.loops:
            f = self.rank(h, part, inv)
            if f is None:
                return None
            out.append(f)
        return out

    def rank(self, h: int, part: set[int], inv: dict) -> dict | None:
        s = self.state[h]
        inner = {x: inv[x] for x in self.heads if x != h and x in part}
        todo = self.ways_from(h, dict(s), list(inv[h]), {h} | (set(range(len(self.fn.blocks))) - part), inner)
        back = [(cond, st) for b, cond, st in todo if b == h]
        cands = self.candidates(s, back, todo)
        chosen = []
        while back:
            for f in cands:
                down = []
                for w in back:
                    cond, st = w
                    f2 = z3.substitute(f, *((s[k], st[k]) for k in self.keys if k in st))
                    if self.check(*cond, f2 > f)[0] != z3.unsat:  # (it may grow)
                        break
                    if self.check(*cond, z3.Or(f2 > f - 1, f < 0))[0] == z3.unsat:
                        down.append(w)
                else:
                    if down:
                        chosen.append(f)
                        back = [w for w in back if all(w is not d for d in down)]
                        break
            else:
                return None
        loc = next((i.loc for i in self.fn.blocks[h].ins if i.loc), None)
        return {"function": self.fn.name, "file": loc[0] if loc else None, "line": loc[1] if loc else None,
                "ranking": self.describe(chosen, s, loc)}

    def loop_invariants(self) -> list[dict]:
        """Each head's invariant atoms over C variables, in C."""
        out = []
        for h, part, _ in self.loops:
            blk = self.fn.blocks[h]
            locs = [i.loc for i in blk.phis + blk.ins if i.loc][:1]
            locs += [self.fn.blocks[b].ins[-1].loc for b in part if h in successors_of(self.fn.blocks[b])
                     and self.fn.blocks[b].ins[-1].loc]
            if not locs:
                continue
            s = self.state[h]
            names, unnamed = c_names(self.scan, self.fn, s, self.names_of, locs[0][1])
            parts = []
            for a in self.inv[h]:
                vs = free_consts(a)
                if not vs or any(v.get_id() in unnamed for v in vs) or not (z3.is_le(a) or z3.is_ge(a)):
                    continue
                if all(z3.is_const(x) for x in a.children()):  # (x <= 5, x >= y: plain C)
                    parts.append(" ".join(str(z3.substitute(a, *names)).split()))
            if parts:
                out.append({"file": locs[0][0], "line": locs[0][1], "function": self.fn.name,
                            "value": " && ".join(f"({p})" for p in parts),
                            "lines": list(dict.fromkeys(lc[1] for lc in locs if lc[0] == locs[0][0]))})
        return out

    def candidates(self, s: dict, back: list, ways: list) -> list:
        """Differences of compared terms over the state at h, then single
        variables up and down."""
        mine = {v.get_id() for v in s.values()}
        out: list = []
        seen: set = set()

        def add(t):
            t = z3.simplify(t)
            if t.get_id() not in seen and not z3.is_int_value(t):
                seen.add(t.get_id())
                out.append(t)
        for _, cond, _ in ways:
            for c in cond:
                for a, b in comparisons(c):
                    if all(v.get_id() in mine for v in free_consts(a - b)):
                        add(b - a)
                        add(a - b)
        for k in self.keys:
            if k not in self.bool:
                add(s[k])
                add(-s[k])
        return out

    def describe(self, fs: list, s: dict, loc) -> str:
        names, _ = c_names(self.scan, self.fn, s, self.names_of, loc[1] if loc else None)
        text = [" ".join(str(z3.substitute(f, *names)).split()) for f in fs]
        return text[0] if len(text) == 1 else "(" + ", ".join(text) + ")"


def comparisons(c) -> list[tuple]:
    """The (left, right) integer terms of the comparisons in formula c."""
    out, todo, seen = [], [c], set()
    while todo:
        t = todo.pop()
        if t.get_id() in seen or not z3.is_app(t):
            continue
        seen.add(t.get_id())
        if (z3.is_le(t) or z3.is_lt(t) or z3.is_ge(t) or z3.is_gt(t) or z3.is_eq(t) or z3.is_distinct(t)) \
                and t.num_args() == 2 and z3.is_int(t.arg(0)):
            out.append((t.arg(0), t.arg(1)))
        elif z3.is_bool(t):
            todo.extend(t.children())
    return out

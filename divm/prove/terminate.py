"""Proving that every run ends: a ranking function for each loop, checked
with Horn clauses (SV-COMP's termination property for the programs the
prover takes).

A run that never ends makes an endless chain of calls or stays for ever
in one strongly connected part of one function's control-flow graph.
An endless chain of calls stays, from some call on, within one group of
functions that call each other in a circle (or one that calls itself):
each call within the group must pass a ranking function of the
arguments (and the globals when called) a smaller value than its caller
got (rank_calls; a term names parameter i, or global j, of whichever
function it is).  For each such part
with head h, divm looks for a ranking function f, a sum of ±variables
read as integers (sign- or zero-extended), that is smaller each time a
run comes back to h than when it was last there.  Such an f has finitely
many values, so no run comes back to h for ever; the runs that avoid h
from some point on stay in a part of the rest, which is proved the same
way.  Where no single f does, a lexicographic list does: f1 never grows
on a way back to h and shrinks on some ways, which can then be taken only
finitely often; f2 does the same for the other ways, and so on.

Each way back to h is a formula over the state x0 it leaves h in and the
state it comes back in: the clauses of its blocks chained (Paths; a loop
inside is one step).  z3 decides whether f shrinks along it, given the
invariants at h: the safety proof's and guessed ones (signs, orders,
bounds: houdini.py), both checked as any solution is (chc.check).  The
candidates come from the comparisons the loop's branches test, then from
single variables.

For SV-COMP (wrap_undefined) the same proof is tried first on the clauses
read with exact signed arithmetic (intencode.py, exact=True), where no
wrap needs ruling out; there a variable has infinitely many values, so a
term that shrinks must also be at least 0 where it does."""

from __future__ import annotations

import time
from functools import partial

import z3

from divm.load.ir import Fn
from divm.prove.encode import Clause, Encoder, constants, successors
from divm.prove.scan import Scan, Unfit

CASTS = ("zext", "sext", "trunc", "freeze")


def recursion(scan: Scan) -> list[list[Fn]]:
    """The groups of functions that call each other in a circle (a function
    that calls itself is a group of one)."""
    from divm.props.ltl import sccs
    calls: dict[str, list[str]] = {fn.name: [] for fn in scan.fns}
    for fn in scan.fns:
        for b in fn.blocks:
            for ins in b.ins:
                if ins.op == "call" and ins.x["callee"].name in calls:
                    calls[fn.name].append(ins.x["callee"].name)
    order = {fn.name: k for k, fn in enumerate(scan.fns)}
    return [[scan.fns[order[n]] for n in sorted(group, key=order.get)] for group in sccs(list(calls), calls)
            if len(group) > 1 or group[0] in calls[group[0]]]


def prove_termination(prog, opts, timeout: float, names_of=None):
    """chc.prove's answer for safety and termination together: proved when
    no input reaches an error and every run ends (a chc.Result with the
    ranking functions)."""
    from divm.prove.chc import Result, encode, loop_invariants, safe
    t0 = time.time()
    try:
        enc, clauses = encode(prog, opts)
    except Unfit as e:
        return Result("unfit", str(e), time.time() - t0)
    if opts.wrap_undefined:  # SV-COMP's reading first: signed arithmetic exact (no wraps to rule out)
        try:
            res = exact_termination(prog, opts, timeout * 0.6, names_of)
        except z3.Z3Exception:  # (a term beyond z3's patience: the bit-vector proof is still to try)
            res = None
        if res is not None:
            res.seconds = time.time() - t0
            return res
        timeout -= time.time() - t0
        t0 = time.time()
    # the safety proof first, then the loops get the rest of the time
    res = safe(clauses, timeout * 0.4, t0, constants(enc))
    if res.status == "proved":
        why, ranks = terminates(enc, clauses, res.invariants, t0 + timeout, names_of)
        if why:
            res = Result("unknown", why, clauses=res.clauses, predicates=res.predicates)
        else:
            res.rankings = ranks
    if res.status == "proved" and names_of is not None:
        res.loops = loop_invariants(enc, res.invariants, names_of)
    res.seconds = time.time() - t0
    return res


def exact_termination(prog, opts, timeout: float, names_of=None):
    """prove_termination over the clauses read with exact signed arithmetic
    (intencode.py, exact=True), as SV-COMP counts termination: a proved
    chc.Result, or None.  Its safety part says only that no error happens
    in that reading; the search beside it finds the VM's."""
    from divm.prove.chc import encode, loop_invariants, solve
    from divm.prove.intencode import IntEncoder
    t0 = time.time()
    try:
        enc, clauses = encode(prog, opts, partial(IntEncoder, exact=True))
    except Unfit:
        return None
    res = solve(clauses, timeout * 0.4, inline=True, guidance=True)
    if res.status != "proved":
        return None
    why, ranks = terminates(enc, clauses, res.invariants, t0 + timeout, names_of)
    if why:
        return None
    res.rankings, res.ints = ranks, True
    if names_of is not None:
        res.loops = loop_invariants(enc, res.invariants, names_of)
    return res


def terminates(enc: Encoder, clauses: list[Clause], inv: dict, deadline: float,
               names_of=None) -> tuple[str, list[dict]]:
    """('', the ranking functions) when every chain of calls and every loop
    of every function ends, else (why not, [])."""
    found = []
    base = [c for c in clauses if c.head is not None]
    inv = strengthen(base, inv, constants(enc), min(10.0, (deadline - time.time()) / 2))
    if enc.opts.wrap_undefined and not enc.opts.overflow and not enc.math:  # (math: nothing wraps)
        why = wraps(enc, base, inv)
        if why:
            return why, []
    for group in recursion(enc.scan):
        f = rank_calls(enc, base, inv, group, deadline)
        fn = group[0]
        names = " and ".join(g.name for g in group)
        loc = head_loc(fn, 0)
        if f is None:
            late = " before the time limit" if time.time() >= deadline else ""
            return f"no ranking function found for the recursion of {names}{late}", []
        found.append({"function": names, "file": loc[0] if loc else None, "line": loc[1] if loc else None,
                      "recursion": True,
                      "ranking": describe_all(enc, fn, f, names_of, loc, entry_slot(len(fn.params)))})
    for fn in enc.scan.fns:
        order = reverse_postorder(fn)
        todo = cycles(fn, set(order))
        while todo:
            part = todo.pop()
            h = min(part, key=order.index)
            f = rank(enc, base, inv, fn, part, h, deadline)
            loc = head_loc(fn, h)
            if f is None:
                at = f" at line {loc[1]}" if loc else ""
                late = " before the time limit" if time.time() >= deadline else ""
                return f"no ranking function found for the loop in {fn.name}{at}{late}", []
            found.append({"function": fn.name, "file": loc[0] if loc else None, "line": loc[1] if loc else None,
                          "ranking": describe_all(enc, fn, f, names_of, loc)})
            todo.extend(cycles(fn, part - {h}))
    return "", found


def wraps(enc: Encoder, base: list[Clause], inv: dict) -> str:
    """'' when, in every state the invariants allow, each signed value that
    decides which way a run goes is the same with unbounded integers as
    wrapped (then a ranking function of the wrapping clauses ranks the runs
    of SV-COMP's C, where signed arithmetic never wraps), else where it may
    differ.  `f(n) { return n ? f(n - 1) : 0; }` is ranked by (unsigned)n,
    but for n < 0 it ends only by wrapping past INT_MIN; Stockholm's
    `x = x + a - b - 1` may leave the range in the middle and come back.
    Each such place is checked with the last few steps to it (what `&&`
    knows on the way, which no invariant of a single block says)."""
    from dataclasses import replace
    into: dict[str, list[Clause]] = {}
    for c in base:
        into.setdefault(c.head.decl().name(), []).append(c)
    for c in Encoder(enc.scan, replace(enc.opts, math_ints=True)).encode():
        if c.head is None and c.what.startswith("signed overflow"):
            for depth in (0, WRAP_STEPS):
                s = z3.Solver()
                s.set("timeout", 2000)
                s.add(*(Before(inv, into).expand(a, depth) for a in c.body), *c.cond)
                if s.check() == z3.unsat:
                    break
            else:
                return f"a {c.what} may happen, and a ranking function may rest on its wrap"
    return ""


WRAP_STEPS = 6  # how many steps back wraps() looks


class Before:
    """A predicate's atom as its invariant and, some steps deep, the
    clauses that lead to it (their variables renamed apart)."""

    def __init__(self, inv: dict, into: dict):
        self.inv, self.into, self.n, self.budget = inv, into, 0, 64

    def expand(self, atom, depth: int) -> z3.BoolRef:
        from divm.prove.chc import free_consts
        name = atom.decl().name()
        here = inst(self.inv, atom) if name in self.inv else z3.BoolVal(True)
        ways = self.into.get(name, [])
        if depth == 0 or not ways or len(ways) > self.budget:
            return here
        self.budget -= len(ways)
        out = []
        for c in ways:
            sub = []
            for v in free_consts(z3.And(c.head, *c.cond, *c.body)):
                self.n += 1
                sub.append((v, z3.Const(f"wrap~{self.n}", v.sort())))
            head = z3.substitute(c.head, *sub) if sub else c.head
            parts = [z3.substitute(x, *sub) if sub else x for x in c.cond]
            parts += [x == y for x, y in zip(head.children(), atom.children())]
            for k, b in enumerate(c.body):
                b = z3.substitute(b, *sub) if sub else b
                parts.append(self.expand(b, depth - 1) if k == 0 else
                             inst(self.inv, b) if b.decl().name() in self.inv else z3.BoolVal(True))
            out.append(z3.And(*parts))
        return z3.And(here, z3.Or(*out))


def strengthen(base: list[Clause], inv: dict, bounds: list[int], timeout: float) -> dict:
    """The safety proof's invariants and the guessed ones with bounds
    (x >= 0, x < y: what ranking functions need), conjoined: both hold of
    every reachable state."""
    from divm.prove.chc import check, predicates
    from divm.prove.houdini import houdini
    guessed = houdini(base, predicates(base), timeout, bounds)
    if guessed is None or check(base, guessed):  # (checked as any solution is)
        return inv
    out = dict(inv)
    for name, (params, f) in guessed.items():
        if name in out:
            ps, g = out[name]
            out[name] = (ps, z3.And(g, z3.substitute(f, *zip(params, ps))) if ps else z3.And(g, f))
        else:
            out[name] = (params, f)
    return out


def reverse_postorder(fn: Fn) -> list[int]:
    """The blocks reachable from the entry, in reverse postorder (a loop's
    head comes before its body)."""
    seen, post = {0}, []
    stack = [(0, iter(successors(fn.blocks[0])))]
    while stack:
        b, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            post.append(b)
            stack.pop()
        elif nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, iter(successors(fn.blocks[nxt]))))
    return post[::-1]


def cycles(fn: Fn, blocks: set[int]) -> list[set[int]]:
    """The strongly connected parts of the graph on blocks that hold a cycle."""
    from divm.props.ltl import sccs
    edges = {b: [t for t in successors(fn.blocks[b]) if t in blocks] for b in blocks}
    return [set(part) for part in sccs(sorted(blocks), edges) if len(part) > 1 or part[0] in edges[part[0]]]


def head_loc(fn: Fn, h: int) -> tuple | None:
    blk = fn.blocks[h]
    return next((i.loc for i in blk.phis + blk.ins if i.loc), None)


def state_slots(enc: Encoder, fn: Fn) -> dict[str, int]:
    """Where each variable of fn is in its block predicates' arguments:
    register (alloca or carried) or '@idx' (a global) -> position."""
    sc = enc.scan
    pos = len(enc.entry_types(fn))
    slots: dict[str, int] = {}
    for r in sc.allocas[fn.name]:
        slots[r] = pos
        pos += 1
    for i, _ in enc.glob_list:
        slots[f"@{i}"] = pos
        pos += 1
    for r in sc.carried[fn.name]:
        slots[r] = pos
        pos += 1
    return slots


def candidates(enc: Encoder, fn: Fn, part: set[int]) -> list[tuple]:
    """Ranking functions to try, as tuples of terms (slot, sign, signed):
    first those the loop's exit comparisons suggest, their sums, then each
    variable up or down."""
    slots = state_slots(enc, fn)
    defs = {}
    for b in fn.blocks:
        for ins in b.phis + b.ins:
            if ins.res is not None:
                defs[ins.res] = ins

    def slot(op, depth=0):
        """The variable an operand reads (through casts and constant
        additions), None for a constant, False if it is no variable."""
        if op.const:
            return None
        if op.name in slots:
            return slots[op.name]
        d = defs.get(op.name)
        if d is None or depth > 4:
            return False
        if d.op == "load":
            a = d.a[0]
            return slots.get(f"@{a.val >> 32}" if a.const else a.name, False)
        if d.op in CASTS:
            return slot(d.a[0], depth + 1)
        if d.op in ("add", "sub") and (d.a[0].const or d.a[1].const):
            return slot(d.a[1] if d.a[0].const else d.a[0], depth + 1)
        return False

    def compares(op, depth=0) -> list:
        """The comparisons a branch condition is made of (through phis,
        and/or of conditions, casts)."""
        d = None if op.const else defs.get(op.name)
        if d is None or depth > 6:
            return []
        if d.op == "icmp":
            return [d]
        if d.op == "phi":
            return [c for _, v in d.x for c in compares(v, depth + 1)]
        if d.op in ("and", "or", "xor") and d.ty.bits == 1 or d.op in CASTS:
            return [c for v in d.a for c in compares(v, depth + 1)]
        return []

    exits: list[tuple] = []
    for b in sorted(part):
        t = fn.blocks[b].ins[-1] if fn.blocks[b].ins else None
        if t is None or t.op != "br" or not t.a:
            continue
        for d in compares(t.a[0]):
            a, c = slot(d.a[0]), slot(d.a[1])
            if a is False or c is False or a is None and c is None:
                continue
            for signed in ((True,) if d.x[0] == "s" else (False,) if d.x[0] == "u" else (True, False)):
                for sign in (1, -1):
                    exits.append(tuple(sorted(t for t in ((a, sign, signed), (c, -sign, signed)) if t[0] is not None)))
    out = list(dict.fromkeys(exits))
    for i, f in enumerate(exits):
        for g in exits[i + 1:]:
            if f[0][2] == g[0][2] and not {s for s, _, _ in f} & {s for s, _, _ in g}:
                out.append(tuple(sorted(f + g)))
    for s in sorted(slots.values()):
        for signed in (True, False):
            for sign in (-1, 1):
                out.append(((s, sign, signed),))
    return list(dict.fromkeys(out))


def value(f: tuple, args: list, width: int, at=None) -> z3.ExprRef | None:
    """f's value over the state args (None: no such term over unbounded
    integers, whose variables are already read as signed)."""
    terms = []
    for s, sign, signed in f:
        a = args[s if at is None else at(s)]
        if z3.is_int(a):
            if not signed:
                return None
            v = a
        elif not z3.is_bv(a):  # (a boolean)
            return None
        else:
            v = (z3.SignExt if signed else z3.ZeroExt)(width - a.size(), a)
        terms.append(v if sign > 0 else -v)
    return z3.simplify(sum(terms[1:], terms[0]))


def width_of(sort: z3.SortRef) -> int:
    return sort.size() if isinstance(sort, z3.BitVecSortRef) else 1


def rank(enc: Encoder, base: list[Clause], inv: dict, fn: Fn, part: set[int], h: int,
         deadline: float) -> list | None:
    """A (lexicographic) ranking function for the loop part with head h, or
    None: each path from h back to h, as a formula over the state x0 it left
    h in and the state it comes back in, must make it smaller, given the
    invariants at h and along the way."""
    head = enc.block_pred(fn, h)
    if not head.arity():
        return None
    x0 = [z3.Const(f"{fn.name}.rank.x0.{i}", head.domain(i)) for i in range(head.arity())]
    width = max(width_of(head.domain(i)) for i in range(head.arity())) + 8
    paths = Paths(enc, base, inv, fn, part, h).walk(x0)
    if paths is None:
        return None
    solvers = []
    for end, cons in paths:
        s = z3.Solver()
        s.set("timeout", 2000)
        s.add(inst(inv, head(*x0)), *cons)
        solvers.append((s, end, None, x0, None))
    return lexicographic(solvers, candidates(enc, fn, part), width, deadline)


def lexicographic(solvers: list, cands: list, width: int, deadline: float) -> list | None:
    """Ranking functions f1, f2, ... of the paths (solver, state at the
    path's end and where its slots are, state at its start and where its
    slots are): f1 never grows on any path and shrinks on some, which can
    then happen only finitely often; f2 does the same for the other paths,
    and so on until every path shrinks one.  A single f that shrinks on
    every path is the common case.  None if the candidates give no such
    list."""
    memo: dict = {}

    def test(f, i: int, strict: bool) -> bool:
        """Does f shrink (strict) or not grow on path i?"""
        key = (f, i, strict)
        if key not in memo:
            s, end, at_end, start, at_start = solvers[i]
            then, now = value(f, end, width, at_end), value(f, start, width, at_start)
            if then is None or now is None:
                memo[key] = False
                return False
            s.push()
            if not strict:
                s.add(then > now)
            elif z3.is_int(now):  # (unbounded: it must also be bounded below where it shrinks)
                s.add(z3.Or(then > now - 1, now < 0))
            else:  # (finitely many values)
                s.add(then >= now)
            memo[key] = s.check() == z3.unsat
            s.pop()
        return memo[key]

    left = list(range(len(solvers)))
    out: list = []
    while left:
        for f in cands:
            if time.time() > deadline or len(out) >= 3:
                return None
            shrink = [i for i in left if test(f, i, True)]
            if shrink and all(test(f, i, False) for i in left if i not in shrink):
                out.append(f)
                left = [i for i in left if i not in shrink]
                break
        else:
            return None
    return out


GLOBAL = 1000  # a ranking term's slot for global j of the values a function is called with: GLOBAL + j


def entry_slot(nparams: int):
    """Where a recursion ranking's slot is in a function's entry values
    (its parameters, then the globals when it was called)."""
    return lambda slot: slot if slot < GLOBAL else nparams + slot - GLOBAL


def rank_calls(enc: Encoder, base: list[Clause], inv: dict, group: list[Fn], deadline: float) -> list | None:
    """A (lexicographic) ranking function of the arguments (and the globals
    when called) that every call within the group of functions makes
    smaller than its caller got them: no chain of calls is endless.  A
    term names parameter i, or global j, of whichever function it is."""
    nparams = min(len(fn.params) for fn in group)
    sorts = [{fn.ty.params[i].bits for fn in group} for i in range(nparams)]
    slots = [i for i in range(nparams) if len(sorts[i]) == 1] + [GLOBAL + j for j in range(len(enc.glob_list))]
    if not slots:
        return None
    goals = {enc.call_pred(g).name(): g for g in group}
    entries = []
    for fn in group:
        head = enc.block_pred(fn, 0)
        x0 = [z3.Const(f"{fn.name}.rank.x0.{i}", head.domain(i)) for i in range(head.arity())]
        paths = Paths(enc, base, inv, fn, set(reverse_postorder(fn)), 0, goals=set(goals)).walk(x0)
        if paths is None:
            return None
        call = enc.call_pred(fn)(*x0[:len(enc.entry_types(fn))])  # (every entry is a call: its invariant holds)
        known = [inst(inv, head(*x0))] + ([inst(inv, call)] if call.decl().name() in inv else [])
        for end, cons, callee in paths:
            s = z3.Solver()
            s.set("timeout", 2000)
            s.add(*known, *cons)
            entries.append((s, end, entry_slot(len(goals[callee].params)), x0, entry_slot(len(fn.params))))
    width = max(max(width_of(e[1][e[2](k)].sort()) for k in slots) for e in entries) + 8 if entries else 8
    cands = [((k, sign, signed),) for k in slots for signed in (True, False) for sign in (-1, 1)]
    few = slots[:6]
    cands += [((k, 1, True), (m, sign, True)) for i, k in enumerate(few) for m in few[i + 1:] for sign in (1, -1)]
    return lexicographic(entries, cands, width, deadline)


def inst(inv: dict, atom) -> z3.BoolRef:
    """A predicate application replaced by its invariant."""
    params, f = inv[atom.decl().name()]
    return z3.substitute(f, *zip(params, atom.children())) if params else f


class Paths:
    """The ways from a loop's head back to it (or from a function's entry
    into the calls of goals), each a formula: the steps' clauses chained,
    with the invariants of the calls they make.  A smaller
    loop inside is one step: the variables it writes take any values its
    invariants allow where it is left, the others keep theirs."""

    MAX = 256

    def __init__(self, enc: Encoder, base: list[Clause], inv: dict, fn: Fn, part: set[int], h: int,
                 goals: set[str] = frozenset()):
        self.inv, self.h, self.n = inv, h, 0
        block = {enc.block_pred(fn, b).name(): b for b in range(len(fn.blocks))}
        self.out: dict[int, list] = {b: [] for b in part}
        self.goals: dict[int, list] = {b: [] for b in part}  # clauses into a goal (call predicates)
        for c in base:
            b = block.get(c.body[0].decl().name()) if c.body else None
            if b not in part:
                continue
            t = block.get(c.head.decl().name())
            if t in part:
                self.out[b].append((c, t))
            elif c.head.decl().name() in goals:
                self.goals[b].append(c)
        self.inner = {}  # block -> the smaller loop it is in
        for sub in cycles(fn, part - {h}):
            frozen = frozenset(sub)
            for b in sub:
                self.inner[b] = frozen
        self.pred = {b: enc.block_pred(fn, b) for b in part}
        self.written: dict[frozenset, set[int]] = {}

    def walk(self, x0: list) -> list | None:
        """[(state back at h, constraints)], None if there are too many;
        with goals, [(a goal's arguments, constraints, the goal)] of the
        ways from h into them."""
        self.paths: list = []
        try:
            self.arrive(self.h, x0, [], first=True)
        except OverflowError:
            return None
        return self.paths

    def record(self, state: list, cons: list, goal: Clause | None = None) -> None:
        if len(self.paths) >= self.MAX:
            raise OverflowError
        self.paths.append((state, cons) if goal is None else (state, cons, goal.head.decl().name()))

    def arrive(self, b: int, cur: list, cons: list, first: bool = False) -> None:
        if b == self.h and not first:
            return self.record(cur, cons)
        sub = self.inner.get(b)
        if sub is None:
            for c in self.goals[b]:
                nxt, more = self.step(c, cur)
                self.record(nxt, cons + more, c)
            for c, t in self.out[b]:
                nxt, more = self.step(c, cur)
                self.arrive(t, nxt, cons + more)
            return
        # the smaller loop, left at some block of it
        written = self.modified(sub)
        for b2 in sub:
            for c in self.goals[b2]:
                at = [self.fresh(v) if k in written else v for k, v in enumerate(cur)]
                nxt, more = self.step(c, at)
                self.record(nxt, cons + [inst(self.inv, self.pred[b2](*at))] + more, c)
            for c, t in self.out[b2]:
                if t in sub:
                    continue
                at = [self.fresh(v) if k in written else v for k, v in enumerate(cur)]
                nxt, more = self.step(c, at)
                self.arrive(t, nxt, cons + [inst(self.inv, self.pred[b2](*at))] + more)

    def modified(self, sub: frozenset) -> set[int]:
        """The argument positions a step inside sub may change."""
        if sub not in self.written:
            out: set[int] = set()
            for b in sub:
                for c, t in self.out[b]:
                    if t in sub:
                        out |= {k for k, (x, y) in enumerate(zip(c.body[0].children(), c.head.children()))
                                if not x.eq(y)}
            self.written[sub] = out
        return self.written[sub]

    def fresh(self, v: z3.ExprRef) -> z3.ExprRef:
        self.n += 1
        return z3.Const(f"rank~{self.n}", v.sort())

    def step(self, c: Clause, cur: list) -> tuple[list, list]:
        """The state after clause c from state cur, and what c requires."""
        from divm.prove.chc import free_consts
        src = c.body[0].children()
        known = {v.get_id() for v in src}
        others = {v.get_id(): v for t in (*c.head.children(), *c.cond, *c.body[1:]) for v in free_consts(t)
                  if v.get_id() not in known}.values()
        sub = [*zip(src, cur), *((v, self.fresh(v)) for v in others)]
        nxt = [z3.substitute(a, *sub) for a in c.head.children()]
        more = [z3.substitute(x, *sub) for x in c.cond] + [z3.substitute(inst(self.inv, a), *sub) for a in c.body[1:]]
        return nxt, more


def describe_all(enc: Encoder, fn: Fn, fs: list, names_of, loc, at=None) -> str:
    """A ranking function in words: `x`, or `(x, y)` lexicographically."""
    parts = [describe(enc, fn, f, names_of, loc, at) for f in fs]
    return parts[0] if len(parts) == 1 else f"({', '.join(parts)})"


def describe(enc: Encoder, fn: Fn, f: tuple, names_of, loc, at=None) -> str:
    """f in C-like words: the variables' names where known."""
    slots = {v: k for k, v in state_slots(enc, fn).items()}
    cnames = names_of(fn.name, loc[1]) if names_of is not None and loc else {}
    glob = dict(enc.glob_list)
    # the values fn was called with: a parameter by the local it is stored
    # in, a global by its name
    homes = {i.a[0].name: i.a[1].name for i in fn.blocks[0].ins
             if i.op == "store" and not i.a[0].const and not i.a[1].const}
    for k, (p, _) in enumerate(enc.entry_types(fn)):
        slots[k] = p if p.startswith("@") else homes.get(p, p)
    by_name = {g.name: g for _, g in enc.glob_list}
    out = ""
    for s, sign, signed in f:
        r = slots[s if at is None else at(s)]
        if r.startswith("@"):
            name = by_name[r[1:]].name if r[1:] in by_name else glob[int(r[1:])].name
        else:
            name = cnames.get(r, r)
        name = name if signed else f"(unsigned){name}"
        out += (" - " if sign < 0 else " + " if out else "") + name
    return out.strip() if not out.startswith(" - ") else "-" + out[3:]

"""Proving that some run never ends: a reachable closed recurrent set
(SV-COMP's termination property read with unbounded integers, as SV-COMP
counts: signed arithmetic never wraps, unsigned arithmetic wraps).

A loop of main with head h (no loop inside it) runs for ever from a state
s0 at h when a set R of states at h holds s0 and every way from a state
in R through the loop's body comes back to h in R, whatever its inputs:
none leaves the loop, ends the run or fails an assertion (Gupta et al.'s
closed recurrent sets).  With no `__VERIFIER_assume` in the body some way
is always taken, so the run from s0 goes round for ever.  Inputs in the
body may instead be fixed, the same in every round (constant_inputs): the
run whose calls return them.  s0 comes from a
path from main's entry (a model gives its inputs: the witness); R is the
largest conjunction of guessed atoms true at s0 that is closed (Houdini:
an atom a model of a way back falsifies is dropped), which then must keep
every way out infeasible.

The program is read as C means it (intexec.py): registers hold integers,
nsw operations are exact, other arithmetic wraps modulo 2^n.  This is a
proof in SV-COMP's semantics, used only by `divm svcomp`."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

import z3

from divm.load.ir import Fn
from divm.prove.chc import free_consts
from divm.prove.encode import uninitialised_reads
from divm.prove.intexec import END, Exec, Way, c_names, loops, signed
from divm.prove.scan import Scan, Unfit

PATHS = 256        # ways through one loop's body, at most
STEM_BLOCKS = 400  # blocks on a way to the loop, at most
VISITS = 3         # arrivals at a loop's head tried as s0
MODELS = 3         # inputs tried per arrival


@dataclass
class Proof:
    function: str
    line: int | None
    file: str | None
    inputs: list                 # [{"function", "file", "line", "value", "bits", "caller"}]
    recurrent: str               # R, for the report
    cycle: list                  # [{"file", "line", "function", "input"?}] of the loop's body
                                 # (input: {"function", "value", "bits"} a call there returns each round)


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
    for h, part, nested in loops(fn) or ():
        if nested:
            continue
        if time.time() >= deadline:
            return None
        try:
            p = try_loop(scan, fn, h, part, deadline, names_of)
        except (Unfit, z3.Z3Exception, KeyError):  # (KeyError: the loop reads what no start defines)
            continue
        if p is not None:
            return p
    return None


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
        s, back, out, body_inputs = bodies[keys]
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
            at = [(s[k], sigma[k]) for k in keys]
            # the body's inputs free, then fixed (constant_inputs, made only if needed)
            tries = itertools.chain([((), back, out)], ((f, *with_inputs(back, out, f)) for f in
                                                        constant_inputs(body_inputs, back, s, sigma, deadline)))
            for fixed, back_f, out_f in tries:
                kept = [a for a in guesses(s, keys, sigma, out_f) if z3.is_true(z3.simplify(z3.substitute(a, *at)))]
                r = closed(kept, back_f, out_f, s, deadline)
                if r is not None:
                    return proof(fn, h, part, m, inputs, r, s, scan, names_of, fixed)
            if not inputs:
                break
            sol.add(z3.Or(*(i.var != m.eval(i.var, model_completion=True) for i in inputs)))
    return None


def body_ways(ex: Exec, fn: Fn, h: int, part: set[int], s: dict):
    """The ways from state s at h round the loop: (back to h, out of it,
    the nondet calls on them)."""
    back, out, inputs = [], [], []
    todo = [(h, None, Way(None, [], s))]
    while todo:
        b, frm, w0 = todo.pop()
        if frm is not None:
            w0 = Way(None, w0.cond, ex.enter(w0.state, frm, b), w0.inputs)
        for w in ex.block(w0, fn.blocks[b]):
            if w.to == END or w.to not in part:
                out.append(w.cond)
            elif w.to == h:
                back.append((w.cond, ex.enter(w.state, b, h)))
            else:
                todo.append((w.to, b, w))
                continue
            inputs += [i for i in w.inputs if all(i.var is not j.var for j in inputs)]
            if len(back) + len(out) > PATHS:
                return None, None, []
    return back, out, inputs


def constant_inputs(body_inputs: list, back: list, s: dict, sigma: dict, deadline: float):
    """Values for the nondet calls of the loop's body, the same in every
    round, that some way back takes from the start sigma: [(Input, value)]
    each (none if the body has no inputs).  A run whose calls return them
    is one of the program's runs: a set closed under the loop with them
    fixed is a recurrent set of that run (`while (__VERIFIER_nondet_int())`
    goes round for ever when the call returns 1)."""
    if not body_inputs:
        return
    at = [(s[k], sigma[k]) for k in s if k in sigma]
    seen = set()
    for cond, _ in back:
        if time.time() >= deadline or len(seen) >= MODELS:
            return
        sol = z3.Solver()
        sol.set("timeout", 2000)
        sol.add(*(z3.substitute(c, *at) for c in cond))
        if sol.check() != z3.sat:
            continue
        m = sol.model()
        fixed = tuple((i, m.eval(i.var, model_completion=True)) for i in body_inputs)
        key = tuple(str(v) for _, v in fixed)
        if key not in seen:
            seen.add(key)
            yield list(fixed)


def with_inputs(back: list, out: list, fixed: list) -> tuple[list, list]:
    """The ways back and out with the body's inputs fixed."""
    sub = [(i.var, v) for i, v in fixed]
    back_c = [([z3.simplify(z3.substitute(c, *sub)) for c in cond],
               {k: z3.substitute(v, *sub) for k, v in arrive.items()}) for cond, arrive in back]
    out_c = [[z3.simplify(z3.substitute(c, *sub)) for c in cond] for cond in out]
    return back_c, out_c


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
          names_of=None, fixed: list = ()) -> Proof:
    locs = [i.loc for b in sorted(part) for i in fn.blocks[b].ins if i.loc]
    # the body's calls, each round the same value
    each = {}
    for inp, v in fixed:
        v = (1 if z3.is_true(v) else 0) if z3.is_bool(v) else v.as_long()
        if inp.ins.loc:
            each[inp.ins.loc[:2]] = {"function": inp.name, "value": v & ((1 << inp.bits) - 1), "bits": inp.bits}
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
            cycle.append({"file": loc[0], "line": loc[1], "function": fn.name,
                          **({"input": each[loc[:2]]} if loc[:2] in each else {})})
    names, unnamed = c_names(scan, fn, s, names_of, head[1] if head else None)
    if names_of is None:  # (no C names known: show the registers)
        unnamed = set()

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

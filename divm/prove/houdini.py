"""Guessed invariants (Houdini): candidate facts per predicate from a few
templates, dropped until the survivors are inductive.  It finds what
Spacer over bit-vectors misses cheaply: parities and low bits of sums
(x + y is even, x is a multiple of 2^20), sums of two variables
equal to a third (x + y == n), and a parity that holds past a bound the
program compares with (x <= c or x is even).
Its answer goes through the same check as Spacer's (chc.check)."""

from __future__ import annotations

import itertools
import time

import z3

LOW_BITS = (1, 2, 3)   # facts about v mod 2, 4, 8
MAX_PARAMS = 10        # more parameters: only the facts about one and two of them


def templates(params: list, bounds=None) -> list:
    if any(not z3.is_bv(p) for p in params):
        return int_templates([p for p in params if z3.is_int(p)], bounds)
    out = []
    if bounds is not None:  # only signs, orders, and the bounds the program compares with
        for p in params:
            out += [p >= 0, p > 0, p < 0, p <= 0]
            cs = [c for c in bounds if c not in (0, -1) and -(1 << (p.size() - 1)) <= c < (1 << (p.size() - 1))]
            out += [t for c in cs for t in (p <= c, p >= c, p < c, p > c)]
            # a loop whose step changes at a bound keeps its parity past it (phases of +1, then +2)
            out += [z3.Or(p <= c, z3.Extract(0, 0, p) == b) for c in cs for b in (0, 1)]
        for p, q in itertools.permutations(params, 2):
            if p.size() == q.size():
                out += [p <= q, p < q]
        return out
    for p in params:
        w = p.size()
        for k in LOW_BITS:
            if k < w:
                out += [z3.Extract(k - 1, 0, p) == c for c in range(1 << k)]
        # multiples of 2^k (steps by large powers of two)
        out += [z3.Extract(k - 1, 0, p) == 0 for k in range(LOW_BITS[-1] + 1, w)]
    for p, q in itertools.combinations(params, 2):
        if p.size() != q.size():
            continue
        out.append(p == q)
        for k in LOW_BITS[:2]:
            if k < p.size():
                out += [z3.Extract(k - 1, 0, p + q) == c for c in range(1 << k)]
    if len(params) <= MAX_PARAMS:
        for (p, q), r in itertools.product(itertools.combinations(params, 2), params):
            if r is not p and r is not q and p.size() == q.size() == r.size():
                out.append(p + q == r)
    return out


def int_templates(params: list, bounds=None) -> list:
    """The same facts over unbounded integers (intencode.py's clauses)."""
    out = []
    for p in params:
        out += [p >= 0, p > 0, p < 0, p <= 0]
        if bounds is not None:
            cs = [c for c in bounds if c not in (0, -1)]
            out += [t for c in cs for t in (p <= c, p >= c, p < c, p > c)]
            out += [z3.Or(p <= c, p % 2 == b) for c in cs for b in (0, 1)]
        else:
            out += [p % 2 == 0, p % 2 == 1]
    for p, q in itertools.permutations(params, 2):
        out += [p <= q, p < q]
    if bounds is None:
        for p, q in itertools.combinations(params, 2):
            out += [p == q, (p + q) % 2 == 0, (p + q) % 2 == 1]
        if len(params) <= MAX_PARAMS:
            for (p, q), r in itertools.product(itertools.combinations(params, 2), params):
                if r is not p and r is not q:
                    out.append(p + q == r)
    return out


def survivors(s: z3.Solver, cands: list, at_head: list, deadline: float) -> list | None:
    """The candidates that s's constraints imply (at_head: each as the
    clause's head states it).  A model that falsifies some drops them all
    at once; a query z3 cannot answer drops the candidates it asked about
    one by one."""
    alive = list(range(len(cands)))
    while alive:
        if time.time() > deadline:
            return None
        s.push()
        s.add(z3.Or(*[z3.Not(at_head[i]) for i in alive]))
        r = s.check()
        m = s.model() if r == z3.sat else None
        s.pop()
        if r == z3.unsat:
            break
        if m is None:  # one by one
            keep = []
            for i in alive:
                if time.time() > deadline:
                    return None
                s.push()
                s.add(z3.Not(at_head[i]))
                if s.check() == z3.unsat:
                    keep.append(i)
                s.pop()
            alive = keep
            break
        alive = [i for i in alive if not z3.is_false(m.eval(at_head[i], model_completion=True))]
    return [cands[i] for i in alive]


def houdini(clauses: list, preds: dict, timeout: float, bounds=None) -> dict | None:
    """{predicate: (parameters, invariant)}: the largest inductive subset of
    the candidates (None when out of time).  Whether it excludes the errors
    is for chc.check to say."""
    t0 = time.time()
    params = {n: [z3.Const(f"{n}@{i}", p.domain(i)) for i in range(p.arity())] for n, p in preds.items()}
    cands = {n: templates(ps, bounds) for n, ps in params.items()}

    def inst(a):
        ps = params[a.decl().name()]
        f = z3.And(*cands[a.decl().name()]) if cands[a.decl().name()] else z3.BoolVal(True)
        return z3.substitute(f, *zip(ps, a.children())) if ps else f

    changed = True
    while changed:
        changed = False
        for c in clauses:
            if c.head is None:
                continue
            name = c.head.decl().name()
            if not cands[name]:
                continue
            s = z3.Solver()
            s.set("timeout", 2000)
            s.add(*[inst(a) for a in c.body], *c.cond)
            keep = survivors(s, cands[name], [z3.substitute(x, *zip(params[name], c.head.children()))
                                              for x in cands[name]], t0 + timeout)
            if keep is None:
                return None
            if len(keep) < len(cands[name]):
                cands[name] = keep
                changed = True
    return {n: (params[n], z3.And(*cs) if cs else z3.BoolVal(True)) for n, cs in cands.items()}

"""Proving a program safe for every input with z3's Horn-clause engine
(Spacer): the answer for unbounded loops and recursion, which no search
over states finishes.

`prove` encodes the program (encode.py), asks Spacer, and trusts a
solution only after checking it: every clause, with each predicate
replaced by the invariant Spacer found for it, must be valid, which a
plain bit-vector query decides.  So a `proved` rests on the encoding and
on that check, not on Spacer's search."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from divm.load.ir import Program
from divm.prove.cexpr import invariant_c
from divm.prove.encode import Clause, Encoder, Options, constants, successors
from divm.prove.houdini import houdini
from divm.prove.intencode import IntEncoder
from divm.prove.scan import Scan, Unfit


@dataclass
class Result:
    status: str                   # proved, refuted, unknown, unfit
    reason: str = ""
    seconds: float = 0.0
    clauses: int = 0
    predicates: int = 0
    invariants: dict = field(default_factory=dict)   # predicate name -> (parameters, formula)
    loops: list = field(default_factory=list)        # loop invariants in C: {file, line, function, value}
    rankings: list = field(default_factory=list)     # termination: each loop's ranking function
    ints: bool = False            # the invariants are over unbounded integers (intencode.py)

    def to_json(self) -> dict:
        out = {"method": "chc", "status": self.status, "seconds": round(self.seconds, 3),
               "clauses": self.clauses, "predicates": self.predicates}
        if self.reason:
            out["reason"] = self.reason
        if self.loops:
            out["loop_invariants"] = self.loops
        if self.rankings:
            out["rankings"] = self.rankings
        return out


def prove(prog: Program, opts: Options, timeout: float, names_of=None) -> Result:
    """proved (no input reaches an error), refuted (Spacer derived an error:
    the search finds it), unknown (out of time) or unfit (beyond the
    encoding, with the reason).  With names_of (a function's name -> its
    C locals, {alloca register: name}), a proof comes with its loop
    invariants in C."""
    t0 = time.time()
    try:
        enc, clauses = encode(prog, opts)
    except Unfit as e:
        return Result("unfit", str(e), time.time() - t0)
    try:  # (the same program over unbounded integers, where it has that form)
        ints = encode(prog, opts, IntEncoder)
    except Unfit:
        ints = None
    res = safe(clauses, timeout, t0, constants(enc), ints[1] if ints else None)
    if res.status == "proved" and names_of is not None:
        res.loops = loop_invariants(ints[0] if res.ints else enc, res.invariants, names_of)
    res.seconds = time.time() - t0
    return res


def encode(prog: Program, opts: Options, kind=Encoder) -> tuple[Encoder, list[Clause]]:
    """The program's clauses (Unfit if it is beyond them)."""
    enc = kind(Scan(prog, opts.assert_cancels), opts)
    return enc, enc.encode()


def safe(clauses: list[Clause], timeout: float, t0: float, bounds: list[int] | None = None,
         ints: list[Clause] | None = None) -> Result:
    """Each way to an invariant in turn, within timeout s of t0 in all:
    guessed ones (parities and sums, then signs, orders and the bounds the
    program compares with); Spacer over bit-vectors without z3's inlining
    of predicates (the invariants of inlined predicates come back rebuilt
    with quantifiers, which z3 may not be able to check in time), and with
    it, which finds some proofs faster; Spacer with global guidance over
    unbounded integers (ints: intencode.py's clauses), which finds most
    loop invariants of linear arithmetic.  Spacer mostly answers fast or
    not at all, so both readings get a short turn first, then the
    guesses (signs and bounds first, the cheaper), then longer turns."""
    def left() -> float:
        return timeout - (time.time() - t0)
    short = max(1.0, timeout * 0.05)
    bv_spacer = lambda t: solve(clauses, t, inline=False)  # noqa: E731
    int_spacer = lambda t: over_ints(solve(ints, t, inline=True, guidance=True)) if ints else None  # noqa: E731
    order = [(bv_spacer, short), (int_spacer, short),
             (lambda t: guess(clauses, t, bounds) if bounds is not None else None, timeout * 0.15),
             (lambda t: guess(clauses, t), timeout * 0.15),
             (bv_spacer, timeout * 0.25), (int_spacer, timeout * 0.2),
             (lambda t: over_ints(solve(ints, t, inline=False, guidance=True)) if ints else None, timeout * 0.1),
             (lambda t: solve(clauses, t, inline=True), timeout)]
    res = Result("unknown", "no way to an invariant tried")
    for step, t in order:
        if left() <= 0.5:
            break
        out = step(min(t, left()))
        if out is not None:
            res = out
            if res.status != "unknown":
                break
    return res


def over_ints(res: Result) -> Result:
    """A result of the clauses over unbounded integers: there an overflow
    the VM would wrap is an error, so only a proof counts."""
    if res.status == "refuted":
        return Result("unknown", "over unbounded integers, an error or a signed overflow is reachable",
                      clauses=res.clauses, predicates=res.predicates)
    res.ints = res.status == "proved"
    return res


def loop_invariants(enc: Encoder, inv: dict, names_of) -> list[dict]:
    """The invariant of each loop head (a block a back edge enters) over
    the C variables its predicate holds: the locals in scope there (by
    names_of(function, line): {alloca register: C name}) and the globals
    they do not hide."""
    out = []
    for fn in enc.scan.fns:
        for idx, latches in loop_heads(fn).items():
            pred = f"{fn.name}#{idx}"
            # where the loop statement is: the head's first line, or (for
            # `while (1)`, whose head is the body) the back edges' lines
            locs = [i.loc for i in fn.blocks[idx].phis + fn.blocks[idx].ins if i.loc][:1]
            locs += [fn.blocks[b].ins[-1].loc for b in latches if fn.blocks[b].ins[-1].loc]
            if pred not in inv or not locs:
                continue
            loc = locs[0]
            cnames = names_of(fn.name, loc[1])
            hidden = set(cnames.values())
            sign = getattr(names_of, "signed", lambda f, r, n: None)
            kinds = [None] * len(enc.entry_types(fn))
            kinds += [(cnames.get(r), a.x.bits, sign(fn.name, r, cnames.get(r)))
                      for r, a in enc.scan.allocas[fn.name].items()]
            kinds += [(g.name if g.name.isidentifier() and g.name not in hidden else None, g.ty.bits,
                       sign(fn.name, None, g.name)) for _, g in enc.glob_list]
            params, f = inv[pred]
            names = {p.decl().name(): k for p, k in zip(params, kinds) if k is not None and k[0]}
            value = invariant_c(f, names)
            if value:
                out.append({"file": loc[0], "line": loc[1], "function": fn.name, "value": value,
                            "lines": list(dict.fromkeys(lc[1] for lc in locs if lc[0] == loc[0]))})
    return out


def loop_heads(fn) -> dict[int, list[int]]:
    """Blocks entered by a back edge of a depth-first walk from the entry,
    each with the blocks its back edges leave."""
    heads: dict[int, list[int]] = {}
    state: dict[int, int] = {}  # 1 on the stack, 2 done
    stack = [(0, iter(successors(fn.blocks[0])))]
    state[0] = 1
    while stack:
        b, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            state[b] = 2
            stack.pop()
        elif state.get(nxt) == 1:
            heads.setdefault(nxt, []).append(b)
        elif nxt not in state:
            state[nxt] = 1
            stack.append((nxt, iter(successors(fn.blocks[nxt]))))
    return dict(sorted(heads.items()))


def predicates(clauses: list[Clause]) -> dict[str, z3.FuncDeclRef]:
    preds: dict[str, z3.FuncDeclRef] = {}
    for c in clauses:
        for a in (*c.body, *([c.head] if c.head is not None else [])):
            preds[a.decl().name()] = a.decl()
    return preds


def guess(clauses: list[Clause], timeout: float, bounds: list[int] | None = None) -> Result:
    """Invariants from templates (houdini.py; with bounds, the order and
    bound ones), checked as Spacer's are."""
    preds = predicates(clauses)
    n = {"clauses": len(clauses), "predicates": len(preds)}
    inv = houdini(clauses, preds, timeout, bounds)
    if inv is None or check(clauses, inv):
        return Result("unknown", "no guessed invariant excludes the errors", **n)
    return Result("proved", **n, invariants=inv)


def closed(c: Clause, preds: dict) -> z3.BoolRef:
    body = z3.And(*c.body, *c.cond) if c.body or c.cond else z3.BoolVal(True)
    head = c.head if c.head is not None else z3.BoolVal(False)
    f = z3.Implies(body, head)
    vs = [v for v in free_consts(f) if v.decl().name() not in preds]  # (a predicate without arguments)
    return z3.ForAll(vs, f) if vs else f


def free_consts(e: z3.ExprRef) -> list:
    seen: set[int] = set()
    out: dict[int, z3.ExprRef] = {}
    todo = [e]
    while todo:
        t = todo.pop()
        k = t.get_id()
        if k in seen:
            continue
        seen.add(k)
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            out[k] = t
        elif z3.is_app(t):
            todo.extend(t.children())
    return list(out.values())


def solve(clauses: list[Clause], timeout: float, inline: bool, guidance: bool = False) -> Result:
    s = z3.SolverFor("HORN")
    s.set("engine", "spacer")
    if guidance:
        s.set("fp.spacer.global", True)
    s.set("timeout", max(1, int(timeout * 1000)))
    if not inline:
        s.set("fp.xform.inline_eager", False)
        s.set("fp.xform.inline_linear", False)
    preds = predicates(clauses)
    for c in clauses:
        s.add(closed(c, preds))
    n = {"clauses": len(clauses), "predicates": len(preds)}
    r = s.check()
    if r == z3.unsat:
        return Result("refuted", "the clauses derive an error", **n)
    if r != z3.sat:
        return Result("unknown", f"the Horn-clause solver gave up ({s.reason_unknown()})", **n)
    model = s.model()
    inv = {name: invariant(p, model[p]) for name, p in preds.items()}
    bad = check(clauses, inv)
    if bad:
        return Result("unknown", f"the solver's invariants do not check ({bad})", **n)
    return Result("proved", **n, invariants=inv)


def invariant(p: z3.FuncDeclRef, interp) -> tuple[list, z3.BoolRef]:
    """A predicate's interpretation as (parameters, formula over them), the
    existential quantifiers that z3's model reconstruction leaves
    eliminated where z3 can within a second."""
    params = [z3.Const(f"{p.name()}@{i}", p.domain(i)) for i in range(p.arity())]
    if interp is None:
        return params, z3.BoolVal(False)
    try:
        body = interp.else_value() if isinstance(interp, z3.FuncInterp) else interp
    except z3.Z3Exception:  # (a model Spacer left without one, when out of time: check rejects it)
        body = None
    if body is None:
        return params, z3.BoolVal(False)
    f = z3.substitute_vars(body, *params) if params else body
    if has_quantifier(f):
        try:
            g = z3.Goal()
            g.add(f)
            sub = z3.TryFor(z3.Tactic("qe"), 1000)(g)
            if len(sub) == 1:
                f = sub[0].as_expr()
        except z3.Z3Exception:
            pass
    return params, f


def has_quantifier(e: z3.ExprRef) -> bool:
    seen: set[int] = set()
    todo = [e]
    while todo:
        t = todo.pop()
        if z3.is_quantifier(t):
            return True
        if t.get_id() not in seen and z3.is_app(t):
            seen.add(t.get_id())
            todo.extend(t.children())
    return False


def check(clauses: list[Clause], inv: dict) -> str:
    """'' when every clause holds with the invariants for the predicates,
    else what failed."""
    for c in clauses:
        def inst(a):
            params, f = inv[a.decl().name()]
            return z3.substitute(f, *zip(params, a.children())) if params else f
        body = [inst(a) for a in c.body] + list(c.cond)
        head = inst(c.head) if c.head is not None else z3.BoolVal(False)
        s = z3.Solver()
        s.set("timeout", 5000)
        s.add(*body, z3.Not(head))
        r = s.check()
        if r != z3.unsat:
            into = c.head.decl().name() if c.head is not None else f"an error, {c.what}"
            return f"a clause into {into}: {r}"
    return ""

"""Keys of symbolic states (`--symbolic`, see vm/symbolic.py): the
symbolic bytes of objects and the path condition, in canonical form."""

from __future__ import annotations

from operator import itemgetter

import z3

from divm.state.snapshot import content_py


def key_part(eng, objs: dict) -> tuple:
    """Before a key is taken: the contents of objects with symbolic bytes
    (the C walk does not see them).  Returns what the key must add (or
    None), and (object, content) pairs to put back after the key.

    Two states are the same when their memory and the part of the path
    condition that constrains the inputs the memory still holds are
    equal, inputs renamed in order of appearance.  Constraints over
    inputs nothing holds any more form independent satisfiable
    clusters: dropping them leaves the feasible futures as they are,
    and lets a loop that reads a new input per pass come back to a
    state seen before.  The third result is the path condition's kept
    conjuncts, renamed (for equivalent())."""
    pc = eng.vm.sym_state[0]
    holders = [(oid, o) for oid, o in objs.items() if o.sym is not None]
    if not holders and not pc:
        return None, [], ()
    holders.sort(key=itemgetter(0))
    order: dict = {}  # live input -> canonical number, in order of appearance
    for _, o in holders:
        for v in object_vars(eng, o):
            order.setdefault(v, len(order))
    kpc = eng.slice(pc, frozenset(order))  # (what a query about the held inputs would see)
    for c in kpc:
        for v in sorted(eng.vars_of(c)):
            order.setdefault(v, len(order))
    rename = None
    if any(not (v[:2] == "in" and v[2:] == str(n)) for v, n in order.items()):
        rename = {v: (z3.BitVec(v, eng.width[v]), z3.BitVec(f"in{n}", eng.width[v])) for v, n in order.items()
                  if v != f"in{n}"}

    def renamed(t):
        """t with its own inputs renamed (substitute is linear in the pairs
        it is given: not all of them for every byte of a big array)."""
        pairs = [rename[v] for v in eng.vars_of(t) if v in rename]
        return z3.substitute(t, *pairs) if pairs else t
    temp = []
    for _, o in holders:
        if rename is None:
            if o.h is None:
                o.h = content_py(o, eng.tid)
                if not o.frozen:  # (an unfrozen object's contents may change: forget them)
                    temp.append((o, None))
        else:  # (renamed contents belong to this state only: never cached)
            h, o.h = o.h, None
            frozen, o.frozen = o.frozen, False
            saved = o.sym
            o.sym = {k: renamed(t) for k, t in saved.items()}
            try:
                o.h = content_py(o, eng.tid)
            finally:
                o.sym, o.frozen = saved, frozen
            temp.append((o, h))
    if rename is not None:
        kpc = [renamed(c) for c in kpc]
    # (a conjunction: the order and repetition of its conjuncts do not matter)
    return ("sym", tuple(sorted({eng.tid(c) for c in kpc}))), temp, tuple(kpc)


def object_vars(eng, o) -> list:
    """The inputs o's symbolic bytes mention, in order of appearance
    (remembered for frozen contents: a big array of inputs is walked once,
    not once per state)."""
    cache = eng.objvars
    if o.frozen and o.serial in cache:
        return cache[o.serial]
    out: dict = {}
    sym, pyids, known = o.sym, eng.pyids, eng.varcache
    for k in sorted(sym):
        t = sym[k]
        vs = known.get(pyids.get(id(t)))  # (vars_of's memo, without its call)
        if vs is None:
            vs = eng.vars_of(t)
        for v in sorted(vs) if len(vs) > 1 else vs:
            out.setdefault(v, None)
    r = list(out)
    if o.frozen:
        cache[o.serial] = r
    return r


def equivalent(a: tuple, b: tuple, timeout_ms: int = 500) -> bool:
    """Whether two path conditions (conjunctions over the same renamed
    inputs) admit exactly the same inputs; False when z3 cannot tell in
    time (two states then stay apart, which is only slower)."""
    s = z3.Solver()
    s.set("timeout", timeout_ms)
    s.set("ctrl_c", False)  # (SIGINT is divm's: vm/symbolic.py's no_ctrl_c)
    s.add(z3.And(*a) != z3.And(*b) if a and b else z3.Not(z3.And(*(a or b))))
    return s.check() == z3.unsat

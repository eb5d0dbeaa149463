"""Registers: which allocas live in Python locals, what a frame keeps,
and which locals are live where a parked frame resumes."""

from __future__ import annotations

from divm.codegen.cfg import successors
from divm.load.ir import Fn, Ins
from divm.load.types import Ty


def promotable_allocas(fn: Fn) -> set[str]:
    """Entry-block allocas of one scalar whose address never escapes: only
    loaded and stored whole.  They live in Python locals (an undefined value
    until the first store), which is what -O0 code spends most time on."""
    cands = {}
    for ins in fn.blocks[0].ins:
        if ins.op == "alloca" and ins.x.k in ("i", "p", "f", "d", "x") and ins.a[0].const \
                and ins.a[0].val == 1:
            cands[ins.res] = ins.x
    if not cands:
        return set()

    def same(t: Ty, u: Ty) -> bool:
        return t is u or (t.k == u.k and t.bits == u.bits and t.size == u.size)

    for b in fn.blocks:
        for ins in b.phis:
            for _, op in ins.x:
                cands.pop(op.name, None)
        for ins in b.ins:
            for n, op in enumerate(ins.a):
                if op.const or op.name not in cands:
                    continue
                if ins.op == "load" and n == 0 and same(ins.ty, cands[op.name]):
                    continue
                if ins.op == "store" and n == 1 and same(ins.a[0].ty, cands[op.name]):
                    continue
                if ins.op == "lifetime":  # (a register's life is its own)
                    continue
                cands.pop(op.name)
    return set(cands)


def frame_registers(fn: Fn, promoted: set[str]) -> dict[str, Ty]:
    """Every local a frame must keep: parameters, results, promoted allocas."""
    regs: dict[str, Ty] = {}
    for name, t in zip(fn.params, fn.ty.params):
        regs[name] = t
    for b in fn.blocks:
        for ins in b.phis + b.ins:
            if ins.res is not None:
                if ins.res in promoted:
                    regs["m" + ins.res] = ins.x
                else:
                    regs[ins.res] = ins.ty
    return regs


def _reads(ins: Ins, promoted: set[str]) -> list[str]:
    """The locals an instruction reads (a promoted alloca is read by a load)."""
    out = []
    for n, op in enumerate(ins.a):
        if op.const or op.name is None:
            continue
        if op.name in promoted:
            if ins.op == "load" and n == 0:
                out.append("m" + op.name)
            continue  # the store's address: it writes the local instead
        out.append(op.name)
    return out


def _writes(ins: Ins, promoted: set[str]) -> str | None:
    if ins.op == "store" and not ins.a[1].const and ins.a[1].name in promoted:
        return "m" + ins.a[1].name
    if ins.res is None:
        return None
    return "m" + ins.res if ins.res in promoted else ins.res


def live_before(fn: Fn, promoted: set[str]) -> list[list[frozenset]]:
    """For each block, the locals live just before each instruction (after
    the block's phis).  Standard backward dataflow; a phi operand is a use at
    the end of its predecessor."""
    blocks = fn.blocks
    succ = [successors(b.ins[-1]) for b in blocks]
    phi_uses: list[set[str]] = [set() for _ in blocks]  # used on the edges out of a block
    for b in blocks:
        for p in b.phis:
            for pred, op in p.x:
                if not op.const and op.name is not None:
                    phi_uses[pred].add(op.name)
    gen: list[set[str]] = []
    kill: list[set[str]] = []
    for b in blocks:
        g: set[str] = set()
        k: set[str] = set()
        for ins in b.ins:
            for r in _reads(ins, promoted):
                if r not in k:
                    g.add(r)
            w = _writes(ins, promoted)
            if w is not None:
                k.add(w)
        gen.append(g)
        kill.append(k)
    phi_defs = [{p.res for p in b.phis} for b in blocks]
    live_in: list[set[str]] = [set() for _ in blocks]
    changed = True
    while changed:
        changed = False
        for i in range(len(blocks) - 1, -1, -1):
            out = set(phi_uses[i])
            for t in succ[i]:
                out |= live_in[t] - phi_defs[t]
            new = gen[i] | (out - kill[i])
            if new != live_in[i]:
                live_in[i] = new
                changed = True
    result = []
    for i, b in enumerate(blocks):
        cur = set(phi_uses[i])
        for t in succ[i]:
            cur |= live_in[t] - phi_defs[t]
        per = [frozenset()] * len(b.ins)
        for n in range(len(b.ins) - 1, -1, -1):
            ins = b.ins[n]
            w = _writes(ins, promoted)
            if w is not None:
                cur.discard(w)
            cur.update(_reads(ins, promoted))
            per[n] = frozenset(cur)
        result.append(per)
    return result


def resume_live(fn: Fn, g, regs: dict) -> dict[int, tuple[str, ...]]:
    """Resume entry -> the locals its frame must keep, in frame order.  The
    result of the call a frame resumes after is not kept: the callee's
    return value supplies it."""
    lb = g.live
    order = {name: i for i, name in enumerate(regs)}
    out: dict[int, tuple[str, ...]] = {}
    # a parked frame may be continued at a label (__dios_jump): what the
    # labels need is kept at every call too
    at_labels = {n for b in fn.blocks if b.ins[-1].op == "indirectbr" for t in b.ins[-1].x for n in lb[t][0]}
    # and a longjmp may land after any setjmp of the function, once it was parked anywhere
    at_sj = {n for (bidx, start, kind) in g.splits if kind == "sj" and start < len(lb[bidx]) for n in lb[bidx][start]}
    g.sj_live = at_sj  # (a fresh call sets them to None: a frame parked before they are assigned keeps them so)
    for (bidx, start, kind), rid in g.splits.items():
        if kind not in ("call", "crit", "entry"):
            continue
        names = set(lb[bidx][start]) if start < len(lb[bidx]) else set()
        if kind == "call":
            names |= at_labels
        names |= at_sj
        if kind == "call":
            names.discard(g.results.get(rid))
        out[rid] = tuple(sorted(names, key=order.__getitem__))
    for rid in g.resume_lines.values():
        if rid < 100000:  # a loop point: the block's start, its phis assigned
            out[rid] = tuple(sorted(set(lb[rid][0]) | at_sj, key=order.__getitem__))
    return out


_DERIVES = {"gep", "bitcast", "addrspacecast", "phi", "select", "ptrtoint", "inttoptr"}


def renamed_lifetimes(fn: Fn, promoted: set[str], live: list) -> set[int]:
    """The llvm.lifetime.start markers (by id) after which their variable may
    get a new id: no value computed from its address before the marker is
    still used after it.  Front-end code computes addresses where it uses
    them; an optimiser may hoist them out of a loop (then the variable keeps
    its id: IR's semantics, where the next pass's object is at that address).
    live: live_before's result."""
    starts = [(bi, n, ins) for bi, b in enumerate(fn.blocks) for n, ins in enumerate(b.ins)
              if ins.op == "lifetime" and ins.x and not ins.a[0].const and ins.a[0].name not in promoted]
    if not starts:
        return set()
    derived: dict[str, set[str]] = {ins.a[0].name: set() for _, _, ins in starts}
    users: dict[str, list[str]] = {}
    for b in fn.blocks:
        for ins in b.phis + b.ins:
            if ins.op in _DERIVES and ins.res is not None:
                ops = [op for _, op in ins.x] if ins.op == "phi" else ins.a
                for op in ops:
                    if not op.const and op.name is not None:
                        users.setdefault(op.name, []).append(ins.res)
    for x, d in derived.items():
        todo = list(users.get(x, ()))
        while todo:
            r = todo.pop()
            if r not in d and r != x:
                d.add(r)
                todo.extend(users.get(r, ()))
    return {id(ins) for bi, n, ins in starts if not derived[ins.a[0].name] & live[bi][n]}

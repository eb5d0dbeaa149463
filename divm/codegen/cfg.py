"""The control-flow graph: a terminator's successors, and the join points
that can follow their branch as plain code."""

from __future__ import annotations

from divm.load.ir import Fn, Ins


def successors(t: Ins) -> list[int]:
    if t.op == "br":
        return list(t.x)
    if t.op == "switch":
        return [t.x[0]] + [d for _, d in t.x[1]]
    if t.op == "indirectbr":
        return list(t.x)
    return []


def join_points(fn: Fn, cands: set[int]) -> dict[int, int]:
    """Join blocks that can follow their branch as plain code (the end of
    an if/else or a switch), each with that branch's block: J's immediate
    dominator B ends in a conditional branch or a switch, so every path to
    J runs through B's arms.  Only joins whose predecessors all come before
    them in block order: no edge into one is a loop edge (which would carry
    an interrupt point), and none is a loop header.  A join that turns out
    to be reached from outside the arms' inline code gets a dispatch entry
    after all (see ControlFlow.edge)."""
    blocks = fn.blocks
    n = len(blocks)
    succ = [successors(b.ins[-1]) for b in blocks]
    pred: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for t in succ[i]:
            if i not in pred[t]:
                pred[t].append(i)
    # reverse postorder from the entry, then Cooper-Harvey-Kennedy
    order: list[int] = []
    seen = [False] * n
    stack = [(0, iter(succ[0]))]
    seen[0] = True
    while stack:
        b, it = stack[-1]
        for t in it:
            if not seen[t]:
                seen[t] = True
                stack.append((t, iter(succ[t])))
                break
        else:
            order.append(b)
            stack.pop()
    order.reverse()
    rpo = {b: k for k, b in enumerate(order)}
    idom: dict[int, int] = {0: 0}
    changed = True
    while changed:
        changed = False
        for b in order[1:]:
            new = None
            for p in pred[b]:
                if p not in idom:
                    continue
                if new is None:
                    new = p
                    continue
                x, y = p, new
                while x != y:
                    while rpo[x] > rpo[y]:
                        x = idom[x]
                    while rpo[y] > rpo[x]:
                        y = idom[y]
                new = x
            if new is not None and idom.get(b) != new:
                idom[b] = new
                changed = True
    out: dict[int, int] = {}
    for j in sorted(cands):
        if j == 0 or j not in idom or len(pred[j]) < 2 or any(p >= j for p in pred[j]):
            continue
        b = idom[j]
        t = blocks[b].ins[-1]
        if not (t.op == "switch" or t.op == "br" and len(t.x) == 2 and t.x[0] != t.x[1]):
            continue
        out[j] = b  # a later join of the same branch replaces an earlier one
    last: dict[int, int] = {}
    for j, b in out.items():
        last[b] = j
    return {j: b for b, j in last.items()}


def recursive_fns(prog) -> frozenset:
    """The program's own functions that lie on a cycle of direct calls: their
    entry is a loop point (recursion is a loop that back edges miss)."""
    r = getattr(prog, "recursive_fns", None)
    if r is not None:
        return r
    users = [f for f in prog.functions if not f.decl and not f.system]
    ids = {f.idx for f in users}
    calls: dict[int, set[int]] = {}
    for f in users:
        prog.decoder.ensure(f)
        calls[f.idx] = {c.idx for b in f.blocks for ins in b.ins if ins.op == "call"
                        for c in (ins.x.get("callee"),) if c is not None and c.idx in ids}
    rec = set()
    for f in users:
        seen, todo = set(), list(calls[f.idx])
        while todo:
            g = todo.pop()
            if g == f.idx:
                rec.add(f.idx)
                break
            if g not in seen:
                seen.add(g)
                todo.extend(calls.get(g, ()))
    prog.recursive_fns = r = frozenset(rec)
    return r

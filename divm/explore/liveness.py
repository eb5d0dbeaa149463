"""Liveness: look for an infinite run accepted by a Büchi automaton (the
negated LTL property), or one passing the program's accepting transitions
infinitely often.  Three phases: the program's state graph is explored
whole (a final state stutters forever), paired with the automaton, and the
product is searched for a fair accepting strongly connected component,
from which a lasso (prefix, loop) is built."""

from __future__ import annotations

import time
from collections import deque

from divm.explore.search import Limits, Machine, Result, Step, boot


class Lasso:
    def __init__(self, prefix: list[Step], loop: list[Step]):
        self.prefix = prefix
        self.loop = loop


class Graph:
    """The program's explored state graph: node -> [(step, node)], a label
    (the true propositions) per node, the first-found parent links."""

    def __init__(self, key0, label0):
        self.index = {key0: 0}
        self.labels = [label0]
        self.out: list[list] = [[]]
        self.parent = {0: (None, None)}

    def add(self, key, n: int, step: Step) -> tuple[int, bool]:
        """The node for key reached from n by step; True if it is new."""
        m = self.index.get(key)
        if m is not None:
            return m, False
        m = self.index[key] = len(self.labels)
        self.labels.append(step.label)
        self.out.append([])
        self.parent[m] = (n, step)
        return m, True


def path_to(parent: dict, key) -> list[Step]:
    """The steps from the initial state to key, following parent links."""
    steps = []
    while True:
        p, step = parent[key]
        if p is None:
            break
        steps.append(step)
        key = p
    steps.reverse()
    return steps



def liveness(machine: Machine, automaton=None, fair: bool = False, limits: Limits | None = None,
             progress=None) -> Result:
    """Look for an infinite run accepted by the automaton (the negated
    property), or one passing accepting transitions infinitely often when
    automaton is None.  The program graph is explored whole (terminal states
    stutter forever), paired with the automaton, and searched for a fair
    accepting strongly connected component."""
    limits = limits or Limits()
    res = Result()
    t0 = time.time()
    vm = machine.vm
    start = boot(machine, res)
    if start is None:
        return res
    key0, snap0 = start
    g = Graph(key0, machine.observe(vm) if machine.observe else frozenset())
    if explore_graph(machine, g, snap0, res, limits, progress, t0):
        return res  # a safety error on the way
    res.states, res.transitions = len(g.index), machine.transitions
    # the graph: a key and label per state, a target and a step per edge
    res.stored_bytes = machine.canon.stored_bytes() + 8 * len(g.index) + 8 * sum(map(len, g.out))
    if res.verdict != "inconclusive":
        find_lasso(g, automaton, fair, res)
    res.seconds = time.time() - t0
    return res


def explore_graph(machine: Machine, g: Graph, snap0, res: Result, limits: Limits, progress, t0: float) -> bool:
    """Explore the whole state graph into g; True if a safety error ended it
    (res then holds the error and its path), res.verdict "inconclusive" if a
    limit did."""
    vm = machine.vm
    todo = [(0, snap0)]
    while todo:
        n, snap = todo.pop()
        for step, nkey, nsnap in machine.successors(snap):
            if step.error is not None:
                res.verdict, res.error = "error", step.error
                res.path = path_to(g.parent, n) + [step]
                res.states, res.transitions = len(g.index), machine.transitions
                res.seconds = time.time() - t0
                return True
            if nkey is None:
                continue
            m, new = g.add(nkey, n, step)
            if new and nsnap is not None:
                todo.append((m, nsnap))
            elif new:  # the program ended: it stutters in its last state
                stutter = Step([], None, [], None, True)
                stutter.label, stutter.bt = step.label, step.bt
                g.out[m].append((stutter, m))
            g.out[n].append((step, m))
        reason = graph_limit(vm, limits, len(g.index), t0)
        if reason:
            res.verdict, res.reason = "inconclusive", reason
            break
        if progress is not None:
            progress(len(g.index), machine.transitions, len(todo), time.time() - t0)
    return False


def graph_limit(vm, limits: Limits, states: int, t0: float) -> str:
    """Why the graph exploration must stop now ("" if it need not)."""
    if vm.stop_request is not None:  # a signal, or a limit met inside a transition
        return vm.stop_request
    if limits.max_states is not None and states >= limits.max_states:
        return f"state limit {limits.max_states} reached"
    if limits.max_time is not None and time.time() - t0 > limits.max_time:
        return f"time limit {limits.max_time:g} s reached"
    return ""


class Product:
    """The graph paired with the automaton (or with the program's own
    accepting marks when there is none): initial nodes, successors and
    which acceptance sets an edge is in."""

    def __init__(self, g: Graph, automaton):
        self.g, self.A = g, automaton
        if automaton is None:
            self.init, self.nacc = [(0, None)], 1
        else:
            self.init = [(0, q) for q in sorted(automaton.initial) if self.ok(q, g.labels[0])]
            self.nacc = len(automaton.acc)

    def ok(self, q, lab) -> bool:
        return self.A.pos[q] <= lab and not (self.A.neg[q] & lab)

    def succ(self, v) -> list:
        n, q = v
        if self.A is None:
            return [((m, None), st) for st, m in self.g.out[n]]
        return [((m, r), st) for st, m in self.g.out[n] for r in self.A.succ[q] if self.ok(r, self.g.labels[m])]

    def edge_acc(self, v, st, w) -> tuple:
        if self.A is None:
            return (0,) if st.accepting else ()
        return tuple(i for i, a in enumerate(self.A.acc) if w[1] in a)

    def edges(self) -> tuple[list, dict]:
        """The reachable product nodes in breadth-first order and their edges."""
        seen = set(self.init)
        order = list(self.init)
        edges: dict = {}
        i = 0
        while i < len(order):
            v = order[i]
            i += 1
            es = edges[v] = self.succ(v)
            for w, _ in es:
                if w not in seen:
                    seen.add(w)
                    order.append(w)
        return order, edges


def find_lasso(g: Graph, automaton, fair: bool, res: Result) -> None:
    """Search the product for an accepting (fair) strongly connected
    component; on finding one, res gets the verdict "error" and the lasso."""
    from divm.props.ltl import sccs
    p = Product(g, automaton)
    order, edges = p.edges()
    succ = {v: [w for w, _ in es] for v, es in edges.items()}
    for comp in sccs(order, succ):
        cs = set(comp)
        inner = [(v, st, w) for v in comp for w, st in edges[v] if w in cs]
        if not inner:
            continue
        got = set()
        for v, st, w in inner:
            got.update(p.edge_acc(v, st, w))
        if len(got) < p.nacc:
            continue
        need = fair_needs(g, comp, inner) if fair else []
        if need is None:
            continue
        lasso = build_lasso(p.init, edges, cs, comp, inner, p.nacc, p.edge_acc, need)
        res.verdict = "error"
        res.lasso = lasso
        res.path = lasso.prefix + lasso.loop
        return


def fair_needs(g: Graph, comp, inner) -> list | None:
    """Under weak fairness: the threads the loop must schedule (those enabled
    everywhere in the component), or None if the component cannot."""
    enabled_all = None
    for v in comp:
        en = {st.thread for st, _ in g.out[v[0]] if st.thread is not None}
        enabled_all = en if enabled_all is None else enabled_all & en
    taken = {st.thread for _, st, _ in inner}
    if enabled_all and not enabled_all <= taken:
        return None
    return [("thread", t) for t in sorted(enabled_all or ())]


def build_lasso(init, edges, cs, comp, inner, nacc, edge_acc, need) -> Lasso:
    """A path to the component, then a cycle in it through an edge of every
    acceptance set and (with fairness) an edge of every needed thread."""
    def bfs(sources, goal, within=None):
        prev = {s: None for s in sources}
        q = deque(sources)
        while q:
            v = q.popleft()
            if goal(v):
                path = []
                while prev[v] is not None:
                    u, st = prev[v]
                    path.append(st)
                    v = u
                return v, list(reversed(path)), None
            for w, st in edges.get(v, ()):
                if within is not None and w not in within:
                    continue
                if w not in prev:
                    prev[w] = (v, st)
                    q.append(w)
        return None, [], None

    # targets: one edge per acceptance set and per needed thread
    targets = []
    for a in range(nacc):
        targets.append(next((v, st, w) for v, st, w in inner if a in edge_acc(v, st, w)))
    for _, t in need:
        targets.append(next((v, st, w) for v, st, w in inner if st.thread == t))
    start = targets[0][0] if targets else comp[0]
    # prefix: from an initial node to start
    prefix_path = []
    prev = {s: None for s in init}
    q = deque(init)
    while q:
        v = q.popleft()
        if v == start:
            break
        for w, st in edges.get(v, ()):
            if w not in prev:
                prev[w] = (v, st)
                q.append(w)
    v = start
    while prev.get(v) is not None:
        u, st = prev[v]
        prefix_path.append(st)
        v = u
    prefix_path.reverse()
    loop = []
    cur = start
    for src, st, dst in targets:
        _, seg, _ = bfs([cur], lambda x, s=src: x == s, cs)
        loop += seg
        loop.append(st)
        cur = dst
    if not targets:  # any cycle: one inner edge and back
        src, st, dst = inner[0]
        _, seg, _ = bfs([cur], lambda x, s=src: x == s, cs)
        loop += seg + [st]
        cur = dst
    _, back, _ = bfs([cur], lambda x: x == start, cs)
    if cur != start:
        loop += back
    return Lasso(prefix_path, loop)

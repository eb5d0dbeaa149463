"""LTL for `divm verify --liveness`: the monitor file, formulas, and their
translation into generalised Büchi automata.

Formulas are trees of tuples: ('ap', name), ('true',), ('false',),
('!', f), ('X', f), ('F', f), ('G', f), ('&&', a, b), ('||', a, b),
('->', a, b), ('<->', a, b), ('U', a, b), ('R', a, b), ('W', a, b).
The translation is the tableau construction of Gerth, Peled, Vardi and
Wolper on the negation normal form of the negated property: automaton
states carry the literals that must hold in the program state they are
paired with, and one acceptance set per Until subformula."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


class LTLError(Exception):
    """A syntax or name error, with the line and column where it was found."""


# -- formulas -------------------------------------------------------------------------

TOKEN = re.compile(r"\s*(?:(?P<op><->|->|&&|\|\||<>|\[\]|[!()])|(?P<word>[A-Za-z_][A-Za-z0-9_]*))")
UNARY = {"!": "!", "X": "X", "F": "F", "G": "G", "<>": "F", "[]": "G"}
TEMPORAL_BINARY = {"U": "U", "R": "R", "V": "R", "W": "W"}
BOOL_BINARY = {"&&": "&&", "||": "||", "->": "->", "<->": "<->"}


class FormulaParser:
    """SPIN's precedence: unary operators bind tightest, then the temporal
    binary ones (U, R/V, W), then the boolean binary operators on one
    left-associative level."""

    def __init__(self, text: str, line: int = 1, col0: int = 1):
        self.text = text
        self.line = line
        self.col0 = col0
        self.toks: list[tuple[str, str, int]] = []
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            m = TOKEN.match(text, pos)
            if not m or m.end() == pos:
                c = len(text[:pos]) - len(text[:pos].lstrip()) if False else pos
                while c < len(text) and text[c].isspace():
                    c += 1
                raise LTLError(f"{line}:{col0 + c}: unexpected character {text[c]!r} in formula")
            start = m.start("op") if m.group("op") else m.start("word")
            self.toks.append(("op" if m.group("op") else "word", m.group("op") or m.group("word"), start))
            pos = m.end()
        self.i = 0

    def err(self, msg: str, at: int | None = None):
        if at is None:
            at = self.toks[self.i][2] if self.i < len(self.toks) else len(self.text)
        raise LTLError(f"{self.line}:{self.col0 + at}: {msg}")

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def parse(self):
        if not self.toks:
            self.err("empty formula")
        f = self.binary()
        if self.peek() is not None:
            self.err(f"unexpected {self.peek()[1]!r}")
        return f

    def binary(self):
        left = self.temporal()
        while (t := self.peek()) is not None and t[1] in BOOL_BINARY:
            self.i += 1
            left = (BOOL_BINARY[t[1]], left, self.temporal())
        return left

    def temporal(self):
        left = self.unary()
        t = self.peek()
        if t is not None and t[1] in TEMPORAL_BINARY:
            self.i += 1
            return (TEMPORAL_BINARY[t[1]], left, self.temporal())
        return left

    def unary(self):
        t = self.peek()
        if t is None:
            self.err("formula ends too early")
        self.i += 1
        kind, v, _ = t
        if v in UNARY:
            return (UNARY[v], self.unary())
        if v == "(":
            f = self.binary()
            if self.peek() is None or self.peek()[1] != ")":
                self.err("missing ')'")
            self.i += 1
            return f
        if kind == "word":
            if v == "true":
                return ("true",)
            if v == "false":
                return ("false",)
            if v in TEMPORAL_BINARY:
                self.i -= 1
                self.err(f"operator {v} needs a left operand")
            return ("ap", v)
        self.i -= 1
        self.err(f"unexpected {v!r}")


def parse_formula(text: str, line: int = 1, col0: int = 1):
    return FormulaParser(text, line, col0).parse()


def show(f) -> str:
    op = f[0]
    if op == "ap":
        return f[1]
    if op in ("true", "false"):
        return op
    if len(f) == 2:
        return f"{op}({show(f[1])})" if op != "!" else f"!({show(f[1])})"
    return f"({show(f[1])} {op} {show(f[2])})"


def atoms(f) -> set[str]:
    if f[0] == "ap":
        return {f[1]}
    return set().union(*(atoms(x) for x in f[1:] if isinstance(x, tuple))) if len(f) > 1 else set()


def nnf(f, neg: bool = False):
    """Negation normal form over !, &&, ||, X, U, R (and true/false/ap)."""
    op = f[0]
    if op == "true":
        return ("false",) if neg else ("true",)
    if op == "false":
        return ("true",) if neg else ("false",)
    if op == "ap":
        return ("!", f) if neg else f
    if op == "!":
        return nnf(f[1], not neg)
    if op == "X":
        return ("X", nnf(f[1], neg))
    if op == "F":
        return nnf(("U", ("true",), f[1]), neg)
    if op == "G":
        return nnf(("R", ("false",), f[1]), neg)
    if op == "&&":
        return (("||" if neg else "&&"), nnf(f[1], neg), nnf(f[2], neg))
    if op == "||":
        return (("&&" if neg else "||"), nnf(f[1], neg), nnf(f[2], neg))
    if op == "->":
        return nnf(("||", ("!", f[1]), f[2]), neg)
    if op == "<->":
        return nnf(("||", ("&&", f[1], f[2]), ("&&", ("!", f[1]), ("!", f[2]))), neg)
    if op == "U":
        return (("R" if neg else "U"), nnf(f[1], neg), nnf(f[2], neg))
    if op == "R":
        return (("U" if neg else "R"), nnf(f[1], neg), nnf(f[2], neg))
    if op == "W":  # a W b == b R (a || b)
        return nnf(("R", f[2], ("||", f[1], f[2])), neg)
    raise ValueError(op)


# -- the tableau construction ------------------------------------------------------------

@dataclass
class Node:
    name: int
    incoming: set = field(default_factory=set)
    new: set = field(default_factory=set)
    old: set = field(default_factory=set)
    nxt: set = field(default_factory=set)


@dataclass
class Buchi:
    """A generalised Büchi automaton with labels on states: a run of the
    program s0 s1 ... is accepted by q0 q1 ... when each si satisfies the
    literals of qi and, for every acceptance set, some qi in it recurs."""
    states: list[int]
    initial: set[int]
    succ: dict[int, list[int]]
    pos: dict[int, frozenset]   # propositions that must hold
    neg: dict[int, frozenset]   # propositions that must not hold
    acc: list[set[int]]
    false_states: set[int] = field(default_factory=set)

    def accepts_lasso(self, prefix: list[frozenset], loop: list[frozenset]) -> bool:
        """Does the automaton accept the word prefix loop^omega?  Used to test
        the translation against SPIN's on random words."""
        word = prefix + loop
        n = len(word)

        def label_ok(q, i):
            letter = word[i]
            return self.pos[q] <= letter and not (self.neg[q] & letter)

        def nxt(i):
            return i + 1 if i + 1 < n else len(prefix)
        nodes = [(q, 0) for q in self.initial if label_ok(q, 0)]
        seen = set(nodes)
        edges: dict = {}
        stack = list(nodes)
        while stack:
            q, i = stack.pop()
            out = []
            j = nxt(i)
            for r in self.succ.get(q, ()):
                if label_ok(r, j):
                    out.append((r, j))
                    if (r, j) not in seen:
                        seen.add((r, j))
                        stack.append((r, j))
            edges[(q, i)] = out
        return has_accepting_cycle(seen, edges, lambda v: v[1] >= len(prefix),
                                   [lambda v, a=a: v[0] in a for a in self.acc])


def translate(f) -> Buchi:
    """A generalised Büchi automaton accepting exactly the runs satisfying f."""
    g = nnf(f)
    counter = [0]
    nodes: list[Node] = []

    def fresh() -> int:
        counter[0] += 1
        return counter[0]

    def expand(node: Node) -> None:
        if not node.new:
            for nd in nodes:
                if nd.old == node.old and nd.nxt == node.nxt:
                    nd.incoming |= node.incoming
                    return
            nodes.append(node)
            expand(Node(fresh(), {node.name}, set(node.nxt), set(), set()))
            return
        eta = node.new.pop()
        op = eta[0]
        if eta in node.old:
            expand(node)
            return
        if op in ("ap", "!", "true", "false"):
            if op == "false" or (op == "ap" and ("!", eta) in node.old) or \
                    (op == "!" and eta[1] in node.old):
                return
            node.old.add(eta)
            expand(node)
        elif op == "&&":
            node.new |= {eta[1], eta[2]} - node.old
            node.old.add(eta)
            expand(node)
        elif op == "X":
            node.old.add(eta)
            node.nxt.add(eta[1])
            expand(node)
        elif op in ("||", "U", "R"):
            if op == "||":
                new1, nxt1, new2 = {eta[1]}, set(), {eta[2]}
            elif op == "U":
                new1, nxt1, new2 = {eta[1]}, {eta}, {eta[2]}
            else:  # R
                new1, nxt1, new2 = {eta[2]}, {eta}, {eta[1], eta[2]}
            n1 = Node(fresh(), set(node.incoming), node.new | (new1 - node.old), node.old | {eta},
                      node.nxt | nxt1)
            n2 = Node(fresh(), set(node.incoming), node.new | (new2 - node.old), node.old | {eta},
                      set(node.nxt))
            expand(n1)
            expand(n2)
        else:
            raise ValueError(op)

    expand(Node(fresh(), {0}, {g}, set(), set()))
    states = [n.name for n in nodes]
    succ: dict[int, list[int]] = {s: [] for s in states}
    initial = set()
    for n in nodes:
        for i in n.incoming:
            if i == 0:
                initial.add(n.name)
            elif i in succ:
                succ[i].append(n.name)
    pos = {n.name: frozenset(x[1] for x in n.old if x[0] == "ap") for n in nodes}
    neg = {n.name: frozenset(x[1][1] for x in n.old if x[0] == "!") for n in nodes}
    untils = sorted({x for n in nodes for x in n.old if x[0] == "U"}, key=show)
    acc = [{n.name for n in nodes if u not in n.old or u[2] in n.old} for u in untils]
    return Buchi(states, initial, succ, pos, neg, acc)


def has_accepting_cycle(vertices, edges, in_loop, acc_tests) -> bool:
    """Is there a cycle (through vertices satisfying in_loop) that meets every
    acceptance test?  Tarjan's SCCs, then a check per non-trivial SCC."""
    for comp in sccs(vertices, edges):
        cs = set(comp)
        if not any(in_loop(v) for v in comp):
            continue
        nontrivial = len(comp) > 1 or any(w == comp[0] for w in edges.get(comp[0], ()))
        if not nontrivial:
            continue
        if all(any(t(v) for v in comp) for t in acc_tests) and all(in_loop(v) for v in cs):
            return True
    return False


def sccs(vertices, edges):
    """Strongly connected components, iteratively (Tarjan)."""
    index: dict = {}
    low: dict = {}
    onstack: set = set()
    stack: list = []
    out = []
    counter = 0
    for root in vertices:
        if root in index:
            continue
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        onstack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    onstack.add(w)
                    work.append((w, iter(edges.get(w, ()))))
                    advanced = True
                    break
                if w in onstack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    onstack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(comp)
    return out


# -- the monitor file -----------------------------------------------------------------------

@dataclass
class Monitor:
    defines: dict[str, tuple[str, int, int]]      # name -> (C expression, line, column)
    properties: list[tuple[str, object, int]]     # (name, formula, line)


def parse_monitor(text: str) -> Monitor:
    defines: dict[str, tuple[str, int, int]] = {}
    props: list[tuple[str, object, int]] = []
    for ln, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//", 1)[0].rstrip()
        if not line.strip():
            continue
        stripped = line.lstrip()
        col = len(line) - len(stripped) + 1
        m = re.match(r"#\s*(define|property)\b\s*", stripped)
        if not m:
            raise LTLError(f"{ln}:{col}: expected #define or #property")
        rest = stripped[m.end():]
        rcol = col + m.end()
        nm = re.match(r"([A-Za-z_][A-Za-z0-9_]*)\s*", rest)
        if not nm:
            raise LTLError(f"{ln}:{rcol}: expected a name after #{m.group(1)}")
        name = nm.group(1)
        body = rest[nm.end():]
        bcol = rcol + nm.end()
        if not body.strip():
            raise LTLError(f"{ln}:{bcol}: #{m.group(1)} {name} has nothing after the name")
        if m.group(1) == "define":
            if name in defines:
                raise LTLError(f"{ln}:{rcol}: {name} is defined twice")
            defines[name] = (body.strip(), ln, bcol)
        else:
            if any(p[0] == name for p in props):
                raise LTLError(f"{ln}:{rcol}: property {name} is declared twice")
            props.append((name, parse_formula(body, ln, bcol), ln))
    if not props:
        raise LTLError("1:1: the monitor file declares no #property")
    for name, f, ln in props:
        for a in atoms(f):
            if a not in defines:
                raise LTLError(f"{ln}:1: property {name} uses {a}, which no #define names")
    return Monitor(defines, props)

"""LTL: parsing, and the Büchi translation checked against SPIN's on random
formulas and random ultimately periodic words."""

import random
import re
import shutil
import subprocess

import pytest

from divm.props.ltl import LTLError, has_accepting_cycle, parse_formula, parse_monitor, show, translate


def test_precedence():
    assert parse_formula("!p && q") == ("&&", ("!", ("ap", "p")), ("ap", "q"))
    assert parse_formula("p && q || r") == ("||", ("&&", ("ap", "p"), ("ap", "q")), ("ap", "r"))
    assert parse_formula("p || q && r") == ("&&", ("||", ("ap", "p"), ("ap", "q")), ("ap", "r"))
    assert parse_formula("p -> q -> r") == ("->", ("->", ("ap", "p"), ("ap", "q")), ("ap", "r"))
    assert parse_formula("G F p") == ("G", ("F", ("ap", "p")))
    assert parse_formula("[]<>p") == ("G", ("F", ("ap", "p")))
    assert parse_formula("p U q U r") == ("U", ("ap", "p"), ("U", ("ap", "q"), ("ap", "r")))
    assert parse_formula("p U q && r") == ("&&", ("U", ("ap", "p"), ("ap", "q")), ("ap", "r"))
    assert parse_formula("X p V q") == ("R", ("X", ("ap", "p")), ("ap", "q"))
    assert parse_formula("G(want0 -> F cs0)") == ("G", ("->", ("ap", "want0"), ("F", ("ap", "cs0"))))


@pytest.mark.parametrize("text,where", [("p &&", "1:5"), ("(p", "1:3"), ("p q", "1:3"), ("U p", "1:1"),
                                         ("p $ q", "1:3"), ("", "1:1")])
def test_syntax_errors_have_positions(text, where):
    with pytest.raises(LTLError) as e:
        parse_formula(text)
    assert str(e.value).startswith(where), str(e.value)


def test_monitor_file():
    m = parse_monitor("// a comment\n#define cs0   (in_cs[0] == 1)   // here\n#define want0 flag[0]\n"
                      "#property mutual_progress  G(want0 -> F cs0)\n#property no_starvation    G F cs0\n")
    assert m.defines["cs0"][0] == "(in_cs[0] == 1)"
    assert [p[0] for p in m.properties] == ["mutual_progress", "no_starvation"]
    with pytest.raises(LTLError) as e:
        parse_monitor("#define a x\n#property p G (a &&)\n")
    assert str(e.value).startswith("2:")
    with pytest.raises(LTLError) as e:
        parse_monitor("#define a x\n#property p G b\n")
    assert "b" in str(e.value)
    with pytest.raises(LTLError):
        parse_monitor("#definitely a x\n")


def accepts(f, prefix, loop):
    return translate(f).accepts_lasso(prefix, loop)


def test_semantics_by_hand():
    p, q = frozenset({"p"}), frozenset({"q"})
    e = frozenset()
    assert accepts(parse_formula("F p"), [e, e], [p])
    assert not accepts(parse_formula("F p"), [e], [e])
    assert accepts(parse_formula("G F p"), [], [e, p])
    assert not accepts(parse_formula("F G p"), [], [e, p])
    assert accepts(parse_formula("p U q"), [p, p], [q])
    assert not accepts(parse_formula("p U q"), [p, e], [q])
    assert accepts(parse_formula("X p"), [e, p], [e])
    assert not accepts(parse_formula("X p"), [p, e], [p])
    assert accepts(parse_formula("p W q"), [], [p])
    assert accepts(parse_formula("p R q"), [], [q])
    assert not accepts(parse_formula("p R q"), [q], [e])


# -- against SPIN ---------------------------------------------------------------------------

def spin_automaton(formula: str):
    """Parse `spin -f` output: edge-labelled states, accept* states accepting;
    reaching the end of the claim accepts whatever follows."""
    out = subprocess.run(["spin", "-f", formula], capture_output=True, text=True, timeout=30).stdout
    states: dict[str, list] = {}
    alias: dict[str, str] = {}
    accepting = set()
    cur_labels: list[str] = []
    cur = None
    init = None
    for raw in out.splitlines():
        line = raw.strip()
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*):$", line)
        if m:
            cur_labels.append(m.group(1))
            continue
        if cur_labels:
            cur = cur_labels[0]
            for lab in cur_labels:
                alias[lab] = cur
                if lab.startswith("accept"):
                    accepting.add(cur)
            if init is None:
                init = cur
            states.setdefault(cur, [])
            cur_labels = []
        if cur is None:
            continue
        if line == "skip":
            states[cur].append(("1", "ALL"))
        m = re.match(r"^:: atomic \{ (.*) -> assert", line)
        if m:
            states[cur].append((m.group(1), "ALL"))
            continue
        m = re.match(r"^:: (.*) -> goto (\w+)$", line)
        if m:
            states[cur].append((m.group(1), m.group(2)))
    states["ALL"] = [("1", "ALL")]
    accepting.add("ALL")
    return init, {s: [(g, alias.get(t, t)) for g, t in es] for s, es in states.items()}, accepting


def guard_true(guard: str, letter) -> bool:
    expr = guard.replace("&&", " and ").replace("||", " or ").replace("!", " not ")
    expr = re.sub(r"\btrue\b", "True", expr)
    expr = re.sub(r"\bfalse\b", "False", expr)
    expr = re.sub(r"\b([a-z]\w*)\b", lambda m: m.group(1) if m.group(1) in ("and", "or", "not")
                  else str(m.group(1) in letter), expr)
    return bool(eval(expr))  # only our own tokens reach eval


def spin_accepts(aut, prefix, loop) -> bool:
    init, states, accepting = aut
    word = prefix + loop
    n = len(word)
    if init is None:
        return False
    start = [(init, 0)]
    seen = set(start)
    edges = {}
    stack = list(start)
    while stack:
        s, i = stack.pop()
        j = i + 1 if i + 1 < n else len(prefix)
        out = []
        for g, t in states.get(s, ()):
            if guard_true(g, word[i]):
                out.append((t, j))
        edges[(s, i)] = out
        for w in out:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return has_accepting_cycle(seen, edges, lambda v: v[1] >= len(prefix), [lambda v: v[0] in accepting])


def random_formula(rng, depth):
    if depth == 0 or rng.random() < 0.25:
        return ("ap", rng.choice("pq"))
    op = rng.choice(["!", "F", "G", "&&", "||", "->", "U", "R"])
    if op in ("!", "F", "G"):
        return (op, random_formula(rng, depth - 1))
    return (op, random_formula(rng, depth - 1), random_formula(rng, depth - 1))


def spin_text(f) -> str:
    op = f[0]
    if op == "ap":
        return f[1]
    if op in ("F", "G"):
        return {"F": "<>", "G": "[]"}[op] + "(" + spin_text(f[1]) + ")"
    if op == "!":
        return "!(" + spin_text(f[1]) + ")"
    sop = {"R": "V"}.get(op, op)
    return f"({spin_text(f[1])}) {sop} ({spin_text(f[2])})"


@pytest.mark.skipif(shutil.which("spin") is None, reason="spin is not installed")
def test_translation_agrees_with_spin():
    rng = random.Random(2024)
    letters = [frozenset(), frozenset("p"), frozenset("q"), frozenset("pq")]
    checked = 0
    for _ in range(40):
        f = random_formula(rng, 3)
        ours = translate(f)
        theirs = spin_automaton(spin_text(f))
        for _ in range(15):
            prefix = [rng.choice(letters) for _ in range(rng.randrange(0, 3))]
            loop = [rng.choice(letters) for _ in range(rng.randrange(1, 4))]
            a = ours.accepts_lasso(prefix, loop)
            b = spin_accepts(theirs, prefix, loop)
            assert a == b, (show(f), prefix, loop, a, b)
            checked += 1
    assert checked == 600

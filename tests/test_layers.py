"""The package layout is the architecture: each folder of divm/ is a layer,
imports point one way (cli → prove → explore → props/state → vm → codegen → load),
and no modules import each other in a circle (lazy imports inside
functions count too)."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PKG = os.path.join(ROOT, "divm")
# a layer may import the layers below it, never those above
ORDER = ["load", "codegen", "vm", "state", "props", "explore", "prove", "cli"]
RANK = {name: i for i, name in enumerate(ORDER)}
ALLOWED_SIDEWAYS = {("explore", "props"), ("explore", "state")}  # explore uses both


def modules() -> dict[str, str]:
    out = {}
    for dp, _, files in os.walk(PKG):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dp, f), ROOT)[:-3].replace(os.sep, ".")
                out[rel.removesuffix(".__init__")] = os.path.join(dp, f)
    return out


def imports(name: str, path: str, known: set[str]) -> set[str]:
    """The divm modules `name` imports, anywhere in its text."""
    tree = ast.parse(open(path).read(), path)
    pkg = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = pkg.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return {m for m in found if m in known and m != name}


def layer(mod: str) -> str | None:
    parts = mod.split(".")
    return parts[1] if len(parts) > 2 and parts[1] in RANK else None


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {m: {d for d in imports(m, p, known) if d != m.rpartition(".")[0]} for m, p in mods.items()}


def test_every_module_is_in_a_layer():
    loose = [m for m in modules() if m.count(".") == 1 and m.split(".")[1] not in RANK and m != "divm.__main__"]
    assert not loose, f"modules outside the layer folders: {loose}"


def test_imports_point_down():
    wrong = []
    for mod, deps in graph().items():
        lm = layer(mod)
        for d in deps:
            ld = layer(d)
            if lm and ld and lm != ld and RANK[ld] > RANK[lm] and (lm, ld) not in ALLOWED_SIDEWAYS:
                wrong.append(f"{mod} -> {d}")
    assert not wrong, "imports against the layering: " + ", ".join(sorted(wrong))


def test_no_import_cycles():
    g = graph()
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for d in sorted(g.get(m, ())):
            if state.get(d) == 1:
                cycles.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2
    for m in sorted(g):
        if m not in state:
            visit(m)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_units_are_small():
    """No class over 400 lines and no function over 80 (generated code is
    not in divm/: it lives in the disk cache)."""
    big = []
    for path in modules().values():
        for node in ast.walk(ast.parse(open(path).read(), path)):
            size = getattr(node, "end_lineno", 0) - getattr(node, "lineno", 0) + 1
            if isinstance(node, ast.ClassDef) and size > 400 or \
                    isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and size > 80:
                big.append(f"{os.path.relpath(path, ROOT)}:{node.lineno} {node.name} ({size} lines)")
    assert not big, "too large: " + ", ".join(big)

"""Is a program's meaning the same under ILP32 as under divm's LP64?

divm's memory has 64-bit pointers, so a program written for ILP32 (SV-COMP's
`-m32` tasks) runs with LP64 types.  The two agree on every type but `long`,
pointers and what derives from them (`size_t`, `ptrdiff_t`, `intptr_t`).
This scans clang's AST of the program for the constructs whose value can
depend on that difference: arithmetic or calls of type `long`/`unsigned
long`, casts between pointers and integers, and `sizeof` of a pointer.  A
program without them computes the same values either way (its sizes of
structures with pointers differ, but consistently: accesses follow the same
layout as allocations).  Preprocessed files (`.i`) made for ILP32 already
carry ILP32 typedefs (`size_t` is `unsigned int` there)."""

from __future__ import annotations

import re
import subprocess

from divm.load.loader import ROOT, LoadError, cc_flags, find_clang

_NODE = re.compile(r"^[\s|`-]*(\w+) 0x[0-9a-f]+ (?:<.*?> )?(?:[^']*?)'([^']*)'(?::'([^']*)')?")
_RANGE = re.compile(r" <([^,>]*)[,>]")
_LONG = ("long", "unsigned long")
# handles whose values are the same small numbers under both (divm's thread
# ids): reading, passing, assigning and comparing them computes nothing
# (arithmetic on them is still a hazard)
_OPAQUE = ("pthread_t",)
_MOVES = re.compile(r"^[\s|`-]*(?:DeclRefExpr|CallExpr|ParenExpr|ImplicitCastExpr .*<LValueToRValue>|"
                    r"BinaryOperator .*'(?:=|==|!=)'$)")
_CONSTANT = re.compile(r"^[\s|`-]*(?:IntegerLiteral|CharacterLiteral|UnaryExprOrTypeTraitExpr) ")


def ilp32_hazards(path: str, limit: int = 5) -> list[str]:
    """Where the program (a .c or .i file) may compute differently under
    ILP32 than under LP64: up to limit "file:line: what" strings (empty: no
    such construct was found)."""
    flags = [f for f in cc_flags() if f not in ("-emit-llvm", "-c", "-g")]
    cmd = [find_clang(), *flags, "-fsyntax-only", "-Xclang", "-ast-dump", "-fno-color-diagnostics", path]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise LoadError(f"cannot analyse {path}: {e}") from None
    if r.returncode != 0:
        raise LoadError(f"cannot compile {path}: " + (r.stderr.strip().splitlines() or ["clang failed"])[0])
    ours = (str(ROOT / "libc-shim"), str(ROOT / "dios"))
    found: list[str] = []
    cur, line = path, 0
    lines = r.stdout.splitlines()
    for i, text in enumerate(lines):
        r = _RANGE.search(text)
        first = r.group(1) if r else ""
        if first.startswith("line:"):
            line = int(first.split(":")[1])
        elif not first.startswith(("col:", "<")) and first.count(":") >= 2:
            cur, ln, _ = first.rsplit(":", 2)
            line = int(ln)
        m = _NODE.match(text)
        if m is None:
            continue
        kind, ty, desugared = m.groups()
        if cur.startswith(ours) or not (kind.endswith("Expr") or kind.endswith("Operator")):
            continue
        if ty in _OPAQUE and _MOVES.match(text):
            continue
        what = hazard(kind, text, desugared or ty, lines[i + 1] if i + 1 < len(lines) else "")
        if what:
            found.append(f"{cur}:{line}: {what}")
            if len(found) >= limit:
                break
    return found


def hazard(kind: str, text: str, ty: str, child: str) -> str:
    """Why one AST node may differ between ILP32 and LP64 ("" if it cannot)."""
    if "<PointerToIntegral>" in text or "<IntegralToPointer>" in text:
        return "a cast between a pointer and an integer"
    if kind == "UnaryExprOrTypeTraitExpr":
        return "sizeof of a pointer" if text.rstrip().endswith("*'") else ""
    if ty not in _LONG:
        return ""
    if kind == "IntegerLiteral":
        value = text.rsplit(" ", 1)[-1]
        return f"the long constant {value}" if value.isdigit() and int(value) >= 1 << 31 else ""
    if kind == "ImplicitCastExpr" and _CONSTANT.match(child):
        return ""  # a small constant made long has one value under both
    return f"a value of type {ty}"

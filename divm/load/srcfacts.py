"""What -o check:overflow needs from the C source that the IR has lost.

- Overflow that clang folds away: `INT_MAX + 1`, `1 << 31` over constants (literals,
  enumerators, const variables) becomes the wrapped constant in the IR, no
  instruction is left to check.  clang's -Winteger-overflow names each such
  expression; codegen makes the code at its place fault when it runs (the
  instruction of that line whose column is the last at or before the
  expression's).
- Signed left shifts: the IR's `shl` has no signedness, but `x << k` of a
  signed x overflows when x * 2^k is outside its type.  clang's AST says
  which shifts are signed; their `shl` instructions (found by the debug
  location, which is the operator's) get the `nsw` flag, so they are
  checked as `add nsw` is, by the VM and the prover alike.

One clang run gives both."""

from __future__ import annotations

import json
import os
import re
import subprocess

from divm.load.loader import cc_flags, find_clang

_WARN = re.compile(r"^(.*?):(\d+):(\d+): warning: (overflow in expression; result is .*?|shift count >= width of type|"
                   r"shift count is negative|signed shift result .*?) \[-W(?:integer-overflow|shift-count-overflow|"
                   r"shift-count-negative|shift-sign-overflow|shift-overflow)\]$", re.M)
# a fold after one of these on its line may be in an operand that never runs
# (the folded operand leaves no code of its own to place the fault at)
_CONDITIONAL = re.compile(r"&&|\|\||\?")
_SIGNED = {"int", "long", "long long", "short", "signed char", "__int128", "long int", "long long int",
           "short int", "__int128_t"}

Pos = tuple[int, int]  # (line, column)


class SourceFacts:
    def __init__(self) -> None:
        self.folded: dict[tuple[str, int], list[tuple[int, str, bool]]] = {}  # (file, line) -> _folded's
        self.signed_shl: dict[str, list[tuple[Pos, Pos]]] = {}  # file base name -> [(after lhs, before rhs)]
        self.stmts: dict[str, list[tuple[Pos, Pos]]] = {}  # file base name -> the statements of blocks
        self.global_folds: list[str] = []  # the folded overflows in initialisers of static storage


def source_facts(path: str) -> SourceFacts:
    """The folded overflows and signed shifts of a C source; none when clang
    cannot tell (or is not there)."""
    facts = SourceFacts()
    flags = [f for f in cc_flags() if f not in ("-emit-llvm", "-c", "-g")]
    cmd = [find_clang(), "-Xclang", "-ast-dump=json", *flags, "-Winteger-overflow", "-Wshift-count-overflow",
           "-Wshift-count-negative", "-Wshift-overflow", "-Wshift-sign-overflow",
           "-fsyntax-only", "-fno-color-diagnostics", path,
           # (lines as the loader compiles a .i: its copy has no line markers)
           "-Xclang", "-fno-diagnostics-use-presumed-location"]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return facts
    statics: dict[str, list[tuple[Pos, Pos]]] = {}
    if r.returncode == 0:
        try:
            _walk(json.loads(r.stdout), facts.signed_shl, statics, facts.stmts)
        except (ValueError, RecursionError):
            facts.signed_shl, statics, facts.stmts = {}, {}, {}
    facts.folded = _folded(r.stderr, facts.stmts)
    # an initialiser of static storage runs before main: no instruction of
    # its own (and one of a function's lines with no code may be dead code)
    for (file, line), found in sorted(facts.folded.items()):
        spans = statics.get(os.path.basename(file), ())
        facts.global_folds += [text for col, text, _ in found if any(lo <= (line, col) <= hi for lo, hi in spans)]
    return facts


def _folded(stderr: str, stmts: dict) -> dict:
    """(file, line) -> [(column, clang's words, whether the statement holds
    no && || ?: before it)] of the warnings of a fold that runs whenever
    its line's code does."""
    out: dict[tuple[str, int], list[tuple[int, str, bool]]] = {}
    lines: dict[str, list[str]] = {}
    for file, line, col, what in _WARN.findall(stderr):
        line, col = int(line), int(col)
        if file not in lines:
            try:
                with open(file, errors="replace") as f:
                    lines[file] = f.read().splitlines()
            except OSError:
                lines[file] = []
        src = lines[file]
        text = src[line - 1] if line <= len(src) else "&&"
        if _CONDITIONAL.search(text[:col - 1]):
            continue  # (missed rather than reported on a path where it does not happen)
        inner = [s[0] for s in stmts.get(os.path.basename(file), ()) if s[0] <= (line, col) <= s[1]]
        (l0, c0) = max(inner) if inner else (line, 1)
        before = "\n".join([src[l0 - 1][c0 - 1:]] + src[l0:line - 1]) if l0 < line <= len(src) else ""
        what = what.replace("'", "")
        what = f"shift amount out of range: {what}" if what.startswith("shift count") else f"signed overflow: {what}"
        out.setdefault((file, line), []).append((col, what, not _CONDITIONAL.search(before)))
    return out


def _walk(ast: dict, shifts: dict, statics: dict, stmts: dict) -> None:
    """The signed `<<` and `<<=` of the AST: where their operator is, between
    the end of the left operand and the start of the right one; the
    initialisers of variables of static storage (globals, static locals);
    the ranges of the statements of blocks.

    clang's JSON writes a location's file and line only where they change
    from the last location written, so the walk goes in document order.
    Locations in macros are taken where the macro is used (as the debug
    locations are), which may make both bounds that place."""
    last = {"file": "", "line": 0}

    def pos(loc: dict) -> tuple[str, Pos] | None:
        for k in ("spellingLoc", "expansionLoc"):
            if k in loc:
                pos(loc[k])
        if "col" in loc:
            last["file"] = loc.get("file", last["file"])
            last["line"] = loc.get("line", last["line"])
            if "expansionLoc" not in loc:
                return last["file"], (last["line"], loc["col"])
        if "expansionLoc" in loc:
            e = loc["expansionLoc"]
            return e.get("file", last["file"]), (e.get("line", last["line"]), e["col"])
        return None

    stack = [(ast, "")]
    found = []  # (node, its left and right operands): bounds read once the walk has passed them
    ends: dict[int, tuple] = {}
    while stack:
        n, parent = stack.pop()
        if "loc" in n:
            pos(n["loc"])
        rng = n.get("range")
        if rng:
            ends[id(n)] = (pos(rng.get("begin", {})), pos(rng.get("end", {})))
        inner = n.get("inner", ())
        if n.get("opcode") in ("<<", "<<=") and len(inner) == 2:
            t = n.get("computeResultType") or n.get("type") or {}
            if t.get("desugaredQualType", t.get("qualType")) in _SIGNED:
                found.append((inner[0], inner[1]))
        elif n.get("kind") == "VarDecl" and "init" in n and (parent == "TranslationUnitDecl"
                                                              or n.get("storageClass") == "static"):
            b, e = ends.get(id(n), (None, None))
            if b and e and os.path.basename(b[0]) == os.path.basename(e[0]):
                statics.setdefault(os.path.basename(b[0]), []).append((b[1], e[1]))
        if parent == "CompoundStmt":
            b, e = ends.get(id(n), (None, None))
            if b and e and os.path.basename(b[0]) == os.path.basename(e[0]) and b[1][0] < e[1][0]:
                stmts.setdefault(os.path.basename(b[0]), []).append((b[1], e[1]))  # (one line: nothing to add)
        kind = n.get("kind", "")
        stack.extend((c, kind) for c in reversed(inner) if isinstance(c, dict))
    for lhs, rhs in found:
        a, b = ends.get(id(lhs), (None, None))[1], ends.get(id(rhs), (None, None))[0]
        if a and b and os.path.basename(a[0]) == os.path.basename(b[0]):
            shifts.setdefault(os.path.basename(a[0]), []).append((a[1], b[1]))


def mark_signed_shifts(prog, spans: dict) -> None:
    """Flag the program's `shl` instructions that are signed C shifts nsw."""
    for fn in prog.functions:
        if fn.decl or fn.system or not fn.blocks:
            continue
        for bl in fn.blocks:
            for ins in bl.ins:
                if ins.op == "shl" and ins.loc and ins.col:
                    at = (ins.loc[1], ins.col)
                    if any(lo <= at <= hi for lo, hi in spans.get(os.path.basename(ins.loc[0]), ())):
                        ins.x = "nsw"


def program_facts(prog) -> SourceFacts:
    """The program's source facts, its signed shifts marked (once)."""
    facts = getattr(prog, "src_facts", None)
    if facts is None:
        facts = source_facts(prog.source) if prog.source else SourceFacts()
        mark_signed_shifts(prog, facts.signed_shl)
        prog.src_facts = facts
    return facts

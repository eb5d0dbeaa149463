"""Is a program's meaning the same under ILP32 as under divm's LP64?

divm's memory has 64-bit pointers, so a program written for ILP32 (SV-COMP's
`-m32` tasks) runs with LP64 types.  The two agree on every type but `long`,
pointers and what derives from them (`size_t`, `ptrdiff_t`, `intptr_t`).
This scans clang's AST of the program for the constructs whose value can
depend on that difference: arithmetic or calls of type `long`/`unsigned
long`, casts between pointers and integers, and `sizeof` of a pointer
(not a `long` that only a constant too big for `int` makes: 64 bits in
both, wide_constants).  A
program without them computes the same values either way (its sizes of
structures with pointers differ, but consistently: accesses follow the same
layout as allocations) -- unless it looks at a size: `sizeof`, `_Alignof`
or `offsetof` of a type whose layout differs (clang's record layouts under
both models say which structures do) is a hazard, except as the size an
allocation or a copy is given.  Preprocessed files (`.i`) made for ILP32
already carry ILP32 typedefs (`size_t` is `unsigned int` there).

Not seen: sizes written as numbers (`malloc(8)` for a structure of a
pointer and an int, a byte offset into one)."""

from __future__ import annotations

import re
import subprocess

from divm.load.loader import ROOT, LoadError, cc_flags, find_clang

_NODE = re.compile(r"^[\s|`-]*(\w+) 0x[0-9a-f]+ (?:<.*?> )?(?:[^']*?)'([^']*)'(?::'([^']*)')?")
_RANGE = re.compile(r" <([^,>]*)[,>]")
_FUNCTION = re.compile(r"^[|`]-FunctionDecl 0x[0-9a-f]+ .*?((?: used| referenced)?) (\w+) '[^']*'")
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
    lines = r.stdout.splitlines()
    differ = differing_records(flags, path)
    parents = parent_lines(lines)
    wide = wide_constants(lines, parents, flags, path)
    same = same_constants(lines, parents)
    same |= narrowed_sizes(lines, parents, same)
    unused = False  # in a function nothing calls (glibc's inline helpers in a .i): it computes nothing
    for i, (text, (cur, line, _)) in enumerate(zip(lines, positions(lines, path))):
        if text.startswith(("|-", "`-")):  # a top-level declaration
            fd = _FUNCTION.match(text)
            unused = fd is not None and not fd.group(1) and fd.group(2) != "main"
        if i in wide or i in same:
            continue
        m = _NODE.match(text)
        if m is None:
            continue
        kind, ty, desugared = m.groups()
        if unused or cur.startswith(ours) or not (kind.endswith("Expr") or kind.endswith("Operator")):
            continue
        if ty in _OPAQUE and _MOVES.match(text):
            continue
        what = hazard(kind, text, desugared or ty, lines[i + 1] if i + 1 < len(lines) else "")
        if not what and kind in ("UnaryExprOrTypeTraitExpr", "OffsetOfExpr"):
            what = size_hazard(kind, text, lines, i, parents, differ)
        elif not what and kind == "CallExpr":
            what = alloc_hazard(lines, i, parents, differ)
        elif not what and "<BitCast>" in text:
            what = view_hazard(desugared or ty, lines[i + 1] if i + 1 < len(lines) else "", differ)
        if what:
            found.append(f"{cur}:{line}: {what}")
            if len(found) >= limit:
                break
    return found


def positions(lines: list[str], path: str):
    """(file, line, column) where each node of an AST dump begins (a node
    without a range: where the last one began)."""
    cur, line, col = path, 0, 0
    for text in lines:
        r = _RANGE.search(text)
        first = r.group(1) if r else ""
        if first.startswith("line:"):
            _, ln, c = first.split(":")
            line, col = int(ln), int(c)
        elif first.startswith("col:"):
            col = int(first[4:])
        elif not first.startswith("<") and first.count(":") >= 2:
            cur, ln, c = first.rsplit(":", 2)
            line, col = int(ln), int(c)
        yield cur, line, col


_WIDE_LITERAL = re.compile(r"^[\s|`-]*IntegerLiteral 0x[0-9a-f]+ <[^>]*> '(long|long long)' (\d+)$")
_SIGN = re.compile(r"^[\s|`-]*(?:UnaryOperator 0x[0-9a-f]+ <[^>]*> 'long' prefix '[-+]'|"
                   r"ParenExpr 0x[0-9a-f]+ <[^>]*> 'long')")
_WIDENED = re.compile(r"^[\s|`-]*ImplicitCastExpr 0x[0-9a-f]+ <[^>]*> 'long' <IntegralCast>$")
_NARROW = re.compile(r"^[\s|`-]*\w+ 0x[0-9a-f]+ .*?'(?:int|unsigned int|short|unsigned short|char|signed char|"
                     r"unsigned char|_Bool)'(?::'[^']*')?(?: \w+)*(?: <\w+>)?$")
_ARITH = re.compile(r"^[\s|`-]*BinaryOperator 0x[0-9a-f]+ <[^>]*> '(?:int|long)' '(?:[-+*/%&|^<>]|<=|>=|==|!=)'$")


def wide_constants(lines: list[str], parents: list[int], flags: list[str], path: str) -> set[int]:
    """The nodes of type `long` only because an integer constant does not
    fit in 32 bits: under ILP32 the constant is a `long long` (C99), so
    they compute with 64 bits in both models (`x >= -2147483648`).  The
    constant itself (its ILP32 type read from an -m32 AST: a hex
    2147483648L is an `unsigned long` of 32 bits there), a sign before it,
    a narrower operand converted to it, and the comparison or arithmetic
    of the two."""
    literal = {}
    for i, text in enumerate(lines):
        m = _WIDE_LITERAL.match(text)
        if m and m.group(1) == "long" and int(m.group(2)) >= 1 << 31:
            literal[i] = None
    if not literal:
        return set()
    c = [find_clang(), *flags, "-m32", "-fsyntax-only", "-Xclang", "-ast-dump", "-fno-color-diagnostics", path]
    try:
        r = subprocess.run(c, capture_output=True, text=True, errors="replace", timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return set()
    if r.returncode != 0:
        return set()
    lines32 = r.stdout.splitlines()
    ilp32 = {}
    for text, where in zip(lines32, positions(lines32, path)):
        m = _WIDE_LITERAL.match(text)
        if m:
            ilp32[where] = m.group(1)
    out = {i for i, where in zip(range(len(lines)), positions(lines, path))
           if i in literal and ilp32.get(where) == "long long"}
    children: dict[int, list[int]] = {}
    for i, p in enumerate(parents):
        children.setdefault(p, []).append(i)
    changed = True
    while changed:  # (outwards: `n < (4294967295 / 4)`)
        changed = False
        for i, kids in children.items():
            if i < 0 or i in out:
                continue
            if len(kids) == 1 and kids[0] in out and _SIGN.match(lines[i]):  # a sign or parentheses
                out.add(i)
                changed = True
            elif len(kids) == 2 and _ARITH.match(lines[i]) and any(k in out for k in kids):
                other = kids[1] if kids[0] in out else kids[0]
                if other in out:
                    out.add(i)
                    changed = True
                elif _WIDENED.match(lines[other]) and len(children.get(other, [])) == 1 \
                        and _NARROW.match(lines[children[other][0]]):
                    out |= {other, i}
                    changed = True
    return out


_NARROW_TYPES = {"int", "unsigned int", "short", "unsigned short", "char", "signed char", "unsigned char", "_Bool"}
# integer types' widths under (LP64, ILP32)
_WIDTH = {"_Bool": (1, 1), "char": (8, 8), "signed char": (8, 8), "unsigned char": (8, 8), "short": (16, 16),
          "unsigned short": (16, 16), "int": (32, 32), "unsigned int": (32, 32), "long": (64, 32),
          "unsigned long": (64, 32), "long long": (64, 64), "unsigned long long": (64, 64)}
_SIZE = {"char": (1, 1), "signed char": (1, 1), "unsigned char": (1, 1), "_Bool": (1, 1), "short": (2, 2),
         "unsigned short": (2, 2), "int": (4, 4), "unsigned int": (4, 4), "float": (4, 4), "long": (8, 4),
         "unsigned long": (8, 4), "long long": (8, 8), "unsigned long long": (8, 8), "double": (8, 8)}
_EXPR = re.compile(r"^[\s|`-]*(\w+) 0x[0-9a-f]+ <[^>]*> '([^']*)'(?::'([^']*)')?(.*)$")


def same_constants(lines: list[str], parents: list[int]) -> set[int]:
    """The nodes of integer constant expressions (literals, sizeof of basic
    types and pointers, casts, arithmetic) whose value is the same under
    both models, counted with each model's widths (`10 * sizeof(char)`:
    10 either way; `100000L * 100000L` and `sizeof(int *)` differ)."""
    c = _Constants(lines, parents)
    out: set[int] = set()
    for i in range(len(lines)):
        if i in out:
            continue
        a = c.value(i, 0)
        if a is not None and a == c.value(i, 1):
            stack = [i]
            while stack:
                j = stack.pop()
                out.add(j)
                stack.extend(c.children.get(j, []))
    return out


_ALLOCATORS = ("malloc", "calloc", "realloc", "alloca", "__builtin_alloca")
_TRUNCATES = re.compile(r"^[\s|`-]*(?:ImplicitCastExpr|CStyleCastExpr) 0x[0-9a-f]+ <[^>]*> '[^']*'(?::'[^']*')? "
                        r"<IntegralCast>")
_SKIP_UP = re.compile(r"^[\s|`-]*(?:ParenExpr|ImplicitCastExpr 0x[0-9a-f]+ <[^>]*> '[^']*'(?::'[^']*')? <NoOp>) ")


def narrowed_sizes(lines: list[str], parents: list[int], same: set[int]) -> set[int]:
    """The nodes of unsigned long arithmetic (+ - * & | ^) over ints made
    wider, pointer differences and constants the same under both models,
    whose result is made 32 bits wide or is an allocation's size.  Their
    low 32 bits are the same under both (the operations compute them from
    the operands' low 32 bits), so a value cut to 32 bits is too, and an
    allocation's size is where it is below 2^32, which `-o check:size32`
    tests (`malloc(n * sizeof(int))`, `__builtin_alloca(n)` in a .i file).
    A pointer difference is one number under both (the pointers are in one
    object, of at most 2 GiB): it is no hazard wherever it is."""
    c = _Constants(lines, parents)
    types = [_EXPR.match(t) for t in lines]

    def ty(i: int) -> str:
        m = types[i]
        return (m.group(3) or m.group(2)) if m else ""

    def ptrdiff(i: int) -> bool:
        kids = c.children.get(i, [])
        return types[i] is not None and types[i].group(1) == "BinaryOperator" and ty(i) == "long" and \
            types[i].group(4).strip() == "'-'" and len(kids) == 2 and all(ty(k).endswith("*") for k in kids)

    def tree(i: int, out: list[int]) -> bool:  # (the nodes above the leaves go to out)
        m, kids = types[i], c.children.get(i, [])
        if i in same or ptrdiff(i):
            return True
        if m is None or ty(i) not in ("unsigned long", "long"):
            return False
        kind, rest = m.group(1), m.group(4).strip()
        if kind == "ParenExpr" and len(kids) == 1:
            out.append(i)
            return tree(kids[0], out)
        if ty(i) != "unsigned long":  # (signed arithmetic overflows at other bounds)
            return False
        if kind in ("ImplicitCastExpr", "CStyleCastExpr") and "<IntegralCast>" in rest and len(kids) == 1:
            out.append(i)
            return ty(kids[0]) in _NARROW_TYPES or tree(kids[0], out)
        ok = kind == "BinaryOperator" and len(kids) == 2 and rest in ("'+'", "'-'", "'*'", "'&'", "'|'", "'^'") or \
            kind == "UnaryOperator" and len(kids) == 1 and re.search(r"prefix '[-~]'", rest)
        out.append(i)
        return bool(ok) and all(tree(k, out) for k in kids)

    def widened(i: int) -> bool:
        kids = c.children.get(i, [])
        return types[i] is not None and types[i].group(1) == "ImplicitCastExpr" and len(kids) == 1 and \
            "<IntegralCast>" in types[i].group(4) and ty(kids[0]) in _NARROW_TYPES

    out: set[int] = {i for i in range(len(lines)) if ptrdiff(i)}
    for i, kids in c.children.items():
        # an int made long, compared with a constant 0 <= C < 2^31 (`n >= 2147483647 / sizeof(int)`):
        # a negative int is above C either way (2^64 - |n| or 2^32 - |n|), any other is itself
        if i < 0 or len(kids) != 2 or not re.match(r"^[\s|`-]*BinaryOperator .*'(?:[<>]|<=|>=|==|!=)'$", lines[i]):
            continue
        for a, b in (kids, kids[::-1]):
            v = c.value(b, 0) if widened(a) and b in same else None
            if v is not None and 0 <= v < 1 << 31:
                out.add(a)
    for i in range(len(lines)):
        if ty(i) not in ("unsigned long", "long") or i in out:
            continue
        j = parents[i]
        while j >= 0 and _SKIP_UP.match(lines[j]):
            j = parents[j]
        if j < 0:
            continue
        narrowed = _TRUNCATES.match(lines[j]) and ty(j) in _NARROW_TYPES
        sized = re.match(r"^[\s|`-]*CallExpr ", lines[j]) and callee_of(lines, j) in _ALLOCATORS
        nodes: list[int] = []
        if (narrowed or sized) and tree(i, nodes):
            out.update(nodes)
    # (a sign or parentheses around a pointer difference)
    changed = True
    while changed:
        changed = False
        for i, kids in c.children.items():
            if i >= 0 and i not in out and len(kids) == 1 and kids[0] in out and _SKIP_UP.match(lines[i]):
                out.add(i)
                changed = True
    return out


def _width(t: str, m: int) -> tuple[int, bool] | None:
    """(bits, signed) of integer type t under model m (0 LP64, 1 ILP32)."""
    t = t.replace("const ", "").strip()
    if t not in ("int", "unsigned int"):
        t = t.replace(" int", "")
    w = _WIDTH.get(t)
    return (w[m], not t.startswith("unsigned") and t != "_Bool") if w else None


def _fit(v: int, w: tuple[int, bool]) -> int:
    v &= (1 << w[0]) - 1
    return v - (1 << w[0]) if w[1] and v >> (w[0] - 1) else v


def _cdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


_BINARY = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "&": lambda a, b: a & b,
           "|": lambda a, b: a | b, "^": lambda a, b: a ^ b, "/": _cdiv, "%": lambda a, b: a - b * _cdiv(a, b)}


class _Constants:
    """Values of constant expressions in a text AST dump, per model."""

    def __init__(self, lines: list[str], parents: list[int]):
        self.lines = lines
        self.children: dict[int, list[int]] = {}
        for i, p in enumerate(parents):
            self.children.setdefault(p, []).append(i)
        self.memo: dict[tuple[int, int], int | None] = {}

    def value(self, i: int, m: int) -> int | None:
        key = (i, m)
        if key not in self.memo:
            self.memo[key] = None  # (a node is visited once per model)
            self.memo[key] = self.evaluate(i, m)
        return self.memo[key]

    def evaluate(self, i: int, m: int) -> int | None:
        e = _EXPR.match(self.lines[i])
        if e is None:
            return None
        kind, ty, desugared, rest = e.groups()
        kids, rest = self.children.get(i, []), rest.strip()
        if kind in ("IntegerLiteral", "CharacterLiteral"):
            return int(rest) if rest.lstrip("-").isdigit() else None
        if kind == "UnaryExprOrTypeTraitExpr":
            s = re.fullmatch(r"sizeof(?: '([^']*)'(?::'([^']*)')?)?", rest)
            if not s or bool(kids) == bool(s.group(1)):
                return None
            if kids:  # sizeof of an expression: its type (`sizeof mask` of a char[32])
                k = _EXPR.match(self.lines[kids[0]])
                t = (k.group(3) or k.group(2)) if k else ""
            else:
                t = s.group(2) or s.group(1)
            t = t.replace("const ", "").strip()
            a = re.fullmatch(r"(.*?) ?\[(\d+)\]", t)  # (an array of a basic type)
            n, t = (int(a.group(2)), a.group(1)) if a else (1, t)
            size = (8, 4) if t.endswith("*") else _SIZE.get(t)
            return n * size[m] if size else None
        if kind == "ParenExpr" and len(kids) == 1:
            return self.value(kids[0], m)
        w = _width(desugared or ty, m)
        args = [self.value(k, m) for k in kids]
        if w is None or None in args:
            return None
        if kind in ("ImplicitCastExpr", "CStyleCastExpr") and len(kids) == 1 and \
                re.search(r"<(IntegralCast|NoOp)>", rest):
            return _fit(args[0], w)
        op = re.fullmatch(r"'([^']+)'", rest) if kind == "BinaryOperator" and len(kids) == 2 else \
            re.search(r"prefix '([-+~])'", rest) if kind == "UnaryOperator" and len(kids) == 1 else None
        if op is None:
            return None
        if len(kids) == 1:
            r = {"-": -args[0], "+": args[0], "~": ~args[0]}[op.group(1)]
        elif op.group(1) in _BINARY and not (op.group(1) in "/%" and args[1] == 0):
            r = _BINARY[op.group(1)](*args)
        else:
            return None
        return None if w[1] and _fit(r, w) != r else _fit(r, w)  # (a signed overflow: no constant)


def hazard(kind: str, text: str, ty: str, child: str) -> str:
    """Why one AST node may differ between ILP32 and LP64 ("" if it cannot)."""
    if "<PointerToIntegral>" in text:
        return "a cast between a pointer and an integer"
    if "<IntegralToPointer>" in text:
        # an int made a pointer holds the same number under both (and is
        # never a valid address in divm); only a wider one may differ
        n = _NODE.match(child)
        return "" if n and (n.group(3) or n.group(2)) in _NARROW_TYPES else "a cast between a pointer and an integer"
    if kind == "UnaryExprOrTypeTraitExpr":
        return ""  # (size_hazard: a size that differs)
    if ty not in _LONG:
        return ""
    if kind == "IntegerLiteral":
        value = text.rsplit(" ", 1)[-1]
        return f"the long constant {value}" if value.isdigit() and int(value) >= 1 << 31 else ""
    if kind == "ImplicitCastExpr" and _CONSTANT.match(child):
        return ""  # a small constant made long has one value under both
    return f"a value of type {ty}"


_LAYOUT = re.compile(r"^Type: (.*)\n\nLayout: <ASTRecordLayout\n\s*Size:(\d+)\n\s*DataSize:\d+\n\s*Alignment:(\d+)"
                     r"\n\s*FieldOffsets: \[([^\]]*)\]", re.M)
_ARG_TYPE = re.compile(r"(?:sizeof|alignof|__alignof|_Alignof|OffsetOfExpr.*?) '([^']*)'(?::'([^']*)')?\s*$")
_RECORD = re.compile(r"\b(?:struct|union) [\w:]+|^\w+$")
# what may be given a size that differs, the same in both models
_SIZED = {"malloc", "calloc", "realloc", "reallocarray", "alloca", "__builtin_alloca", "memset", "memcpy",
          "memmove", "memcmp", "bzero", "explicit_bzero", "fread", "fwrite", "qsort", "bsearch",
          "__builtin_memset", "__builtin_memcpy", "__builtin_memmove", "__builtin_memcmp"}


def differing_records(flags: list[str], path: str) -> set[str] | None:
    """The structures and unions whose layout (size, alignment, offsets)
    differs between ILP32 and LP64, by clang's record layouts (None if
    clang cannot tell)."""
    layouts = []
    for extra in ([], ["-m32"]):
        c = [find_clang(), *flags, *extra, "-fsyntax-only", "-Xclang", "-fdump-record-layouts-simple", path]
        try:
            r = subprocess.run(c, capture_output=True, text=True, errors="replace", timeout=600)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if r.returncode != 0:
            return None
        layouts.append({m[0]: m[1:] for m in _LAYOUT.findall(r.stdout)})
    lp64, ilp32 = layouts
    return {t for t in lp64.keys() | ilp32.keys() if lp64.get(t) != ilp32.get(t)}


def parent_lines(lines: list[str]) -> list[int]:
    """Each line's parent node in clang's text AST dump (-1 for the root),
    by the indentation of its tree prefix."""
    parents, stack = [], []  # stack: (depth, line)
    for i, text in enumerate(lines):
        depth = len(text) - len(text.lstrip(" |`-"))
        while stack and stack[-1][0] >= depth:
            stack.pop()
        parents.append(stack[-1][1] if stack else -1)
        stack.append((depth, i))
    return parents


def type_differs(t: str, differ: set[str] | None) -> bool:
    """Can the type named t have another size or alignment under ILP32?"""
    if "*" in t or "(" in t or re.search(r"\blong\b", t.replace("long long", "")):
        return True
    if differ is None:
        return bool(_RECORD.search(t))
    return any(r in differ for r in _RECORD.findall(t))


def size_hazard(kind: str, text: str, lines: list[str], i: int, parents: list[int], differ) -> str:
    """sizeof, _Alignof or offsetof of a type laid out differently, unless
    it only gives an allocation or a copy its size."""
    m = _ARG_TYPE.search(text)
    if m:
        names = [m.group(1), m.group(2) or ""]
    else:  # sizeof of an expression: the type of its operand (the next line)
        n = _NODE.match(lines[i + 1]) if i + 1 < len(lines) else None
        names = [n.group(2), n.group(3) or ""] if n else ["?*"]
    if kind == "OffsetOfExpr":  # (the dump does not name its structure: any that differs may be it)
        if differ is not None and not differ:
            return ""
        names = [sorted(differ)[0] if differ else "a structure"]
    elif not any(type_differs(t, differ) for t in names if t):
        return ""
    j = parents[i]
    while j >= 0 and re.match(r"^[\s|`-]*(?:ImplicitCastExpr|ParenExpr|CStyleCastExpr) ", lines[j]):
        j = parents[j]
    if j >= 0 and re.match(r"^[\s|`-]*CallExpr ", lines[j]):
        if callee_of(lines, j) in _SIZED:
            return ""
    what = "offsetof" if kind == "OffsetOfExpr" else "sizeof" if " sizeof" in text else "alignof"
    return f"{what} of {names[0]}, whose size differs under ILP32"


def callee_of(lines: list[str], j: int) -> str:
    """The function a CallExpr at line j calls directly ("" if none)."""
    for k in range(j + 1, min(j + 4, len(lines))):
        m = re.search(r"DeclRefExpr .*Function 0x[0-9a-f]+ '(\w+)'", lines[k])
        if m:
            return m.group(1)
    return ""


def alloc_hazard(lines: list[str], i: int, parents: list[int], differ) -> str:
    """An allocation whose size is a number, not a sizeof, for a structure
    laid out differently (`struct s *p = malloc(8)`: enough under one
    model only)."""
    if callee_of(lines, i) not in ("malloc", "calloc", "realloc", "alloca", "__builtin_alloca"):
        return ""
    depth = len(lines[i]) - len(lines[i].lstrip(" |`-"))
    k = i + 1
    while k < len(lines) and len(lines[k]) - len(lines[k].lstrip(" |`-")) > depth:
        if "UnaryExprOrTypeTraitExpr" in lines[k]:
            return ""
        k += 1
    j = parents[i]
    while j >= 0 and re.match(r"^[\s|`-]*ParenExpr ", lines[j]):
        j = parents[j]
    m = _NODE.match(lines[j]) if j >= 0 and re.match(r"^[\s|`-]*(?:ImplicitCastExpr|CStyleCastExpr) ",
                                                      lines[j]) else None
    if m is None:
        return ""
    t = (m.group(3) or m.group(2)).rstrip(" *")
    if t != (m.group(3) or m.group(2)) and type_differs(t, differ):
        return f"an allocation of a number of bytes for {t}, whose size differs under ILP32"
    return ""


def view_hazard(dest: str, child: str, differ) -> str:
    """A pointer to a structure laid out differently cast to a pointer to
    something else but void: its bytes read by another type's offsets."""
    m = _NODE.match(child)
    src = (m.group(3) or m.group(2)) if m else ""
    if not src.endswith("*") or not dest.endswith("*") or dest.replace(" ", "") in ("void*", "constvoid*"):
        return ""
    pointee = src[:-1].strip()
    if pointee == dest[:-1].strip() or not _RECORD.search(pointee) or not type_differs(pointee, differ):
        return ""
    return f"the bytes of {pointee}, whose layout differs under ILP32, seen as {dest}"

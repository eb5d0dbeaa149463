"""Is a program's meaning the same under ILP32 as under divm's LLP64?

divm's memory has 64-bit pointers, so a program written for ILP32 (SV-COMP's
`-m32` tasks) is compiled for LLP64 (clang's x86_64-w64-windows-gnu, with a
Linux's preprocessor macros, bit fields and wchar_t: LLP64_FLAGS), where
`long` is 32 bits as under ILP32.  The two agree on every type but pointers
and the types the compiler makes of them: `sizeof`'s size_t and a pointer
difference's ptrdiff_t are 64 bits wide here, 32 there.  This scans clang's
AST of the program under both models for the constructs whose value can
depend on that: integer values whose type is wider here than there (the
AST under -m32 says which), casts between pointers and integers, and
`sizeof` of a pointer.  A program without them computes the same values
either way (its sizes of structures with pointers differ, but consistently:
accesses follow the same layout as allocations) -- unless it looks at a
size: `sizeof`, `_Alignof` or `offsetof` of a type whose layout differs
(clang's record layouts under both models say which structures do) is a
hazard, except as the size an allocation or a copy is given.  Preprocessed
files (`.i`) made for ILP32 already carry ILP32 typedefs (`size_t` is
`unsigned int` there).

Not seen: sizes written as numbers (`malloc(8)` for a structure of a
pointer and an int, a byte offset into one)."""

from __future__ import annotations

import re
import subprocess

from divm.load.loader import LLP64_FLAGS, ROOT, LoadError, cc_flags, find_clang

_NODE = re.compile(r"^[\s|`-]*(\w+) 0x[0-9a-f]+ (?:<.*?> )?(?:[^']*?)'([^']*)'(?::'([^']*)')?")
_RANGE = re.compile(r" <([^,>]*)[,>]")
_FUNCTION = re.compile(r"^[|`]-FunctionDecl 0x[0-9a-f]+ .*?((?: used| referenced)?) (\w+) '[^']*'")
_CONSTANT = re.compile(r"^[\s|`-]*(?:IntegerLiteral|CharacterLiteral|UnaryExprOrTypeTraitExpr) ")
_WIDE = ("long long", "unsigned long long")


def _clang(flags: list[str], path: str, *what: str) -> str:
    """clang's output for path (`-E`, or a dump: `-fsyntax-only -Xclang ...`)."""
    cmd = [find_clang(), *flags, *what, "-fno-color-diagnostics", path]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise LoadError(f"cannot analyse {path}: {e}") from None
    if r.returncode != 0:
        raise LoadError(f"cannot compile {path}: " + (r.stderr.strip().splitlines() or ["clang failed"])[0])
    return r.stdout


def ilp32_hazards(path: str, limit: int = 5) -> list[str]:
    """Where the program (a .c or .i file) may compute differently under
    ILP32 than under LLP64: up to limit "file:line: what" strings (empty: no
    such construct was found)."""
    base = [f for f in cc_flags() if f not in ("-emit-llvm", "-c", "-g")]
    flags, flags32 = base + LLP64_FLAGS, base + ["-m32"]
    if not path.endswith(".i"):
        line = preprocessing_differs(flags, flags32, path)
        if line is not None:
            return [f"{path}:{line}: the preprocessor makes another line of it under ILP32 (a macro or an #if "
                    "of the target)"]
    lines = _clang(flags, path, "-fsyntax-only", "-Xclang", "-ast-dump").splitlines()
    lines32 = _clang(flags32, path, "-fsyntax-only", "-Xclang", "-ast-dump").splitlines()
    ours = (str(ROOT / "libc-shim"), str(ROOT / "dios"))
    found: list[str] = []
    there = counterparts(lines, lines32, path)
    wide = wider_nodes(lines, there)
    differ = differing_records(flags, flags32, path)
    parents = parent_lines(lines)
    same = same_constants(lines, parents, there)
    same |= narrowed_sizes(lines, parents, same, wide, there)
    unused = False  # in a function nothing calls (glibc's inline helpers in a .i): it computes nothing
    for i, (text, (cur, line, _)) in enumerate(zip(lines, positions(lines, path))):
        if text.startswith(("|-", "`-")):  # a top-level declaration
            fd = _FUNCTION.match(text)
            unused = fd is not None and not fd.group(1) and fd.group(2) != "main"
        if i in same:
            continue
        m = _NODE.match(text)
        if m is None:
            continue
        kind, ty, desugared = m.groups()
        if unused or cur.startswith(ours) or not (kind.endswith("Expr") or kind.endswith("Operator")):
            continue
        what = hazard(kind, text, desugared or ty, i, lines, wide, there)
        if not what and kind in ("UnaryExprOrTypeTraitExpr", "OffsetOfExpr"):
            what = size_hazard(kind, text, lines, i, parents, differ, there)
        elif not what and kind == "CallExpr":
            what = alloc_hazard(lines, i, parents, differ)
            if not what and callee_of(lines, i) in _WRITES_SIZES:
                what = f"{callee_of(lines, i)} writes a size_t, 64 bits in divm's C library"
        elif not what and "<BitCast>" in text:
            what = view_hazard(desugared or ty, lines[i + 1] if i + 1 < len(lines) else "", differ)
        if what:
            found.append(f"{cur}:{line}: {what}")
            if len(found) >= limit:
                break
    return found


_MARKER = re.compile(r'^# (\d+) "((?:[^"\\]|\\.)*)"')


def preprocessing_differs(flags: list[str], flags32: list[str], path: str) -> int | None:
    """The first line of the program (not of its headers) the preprocessor
    makes differently under the two models (`SIZE_MAX`, `#ifdef
    __x86_64__`), or None: the ASTs compared below are of the same code."""
    def own(fl: list[str]) -> list[tuple[int, str]]:
        out, cur, n = [], None, 0
        for text in _clang(fl, path, "-E").splitlines():
            m = _MARKER.match(text)
            if m:
                cur, n = m.group(2), int(m.group(1))
                continue
            if cur == path and text.strip():
                out.append((n, text))
            n += 1
        return out
    a, b = own(flags), own(flags32)
    for (n, x), (_, y) in zip(a, b):
        if x != y:
            return n
    return None if len(a) == len(b) else (a[len(b)][0] if len(a) > len(b) else b[len(a)][0])


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


_DETAIL = re.compile(r"<(\w+)>$|('[^']+')$|(prefix|postfix) '[^']+'")


def _keys(lines: list[str], path: str):
    """A key per node that the same node of the same source has in another
    model's dump: its kind, where it begins, its cast or operator, and how
    many such nodes came before it there."""
    seen: dict = {}
    for text, where in zip(lines, positions(lines, path)):
        m = _NODE.match(text)
        d = _DETAIL.search(text) if m else None
        k = (m.group(1) if m else text.lstrip(" |`-").split(" ", 1)[0], where, d.group(0) if d else "")
        n = seen.get(k, 0)
        seen[k] = n + 1
        yield k + (n,)


def counterparts(lines: list[str], lines32: list[str], path: str) -> list[str | None]:
    """For each line of the LLP64 dump, the same node's line in the ILP32
    dump (None: a node only LLP64 has, such as a conversion to a size_t
    that is another type there)."""
    at32 = dict(zip(_keys(lines32, path), lines32))
    return [at32.get(k) for k in _keys(lines, path)]


def _canonical(text: str | None) -> str:
    m = _NODE.match(text) if text else None
    return ((m.group(3) or m.group(2)) if m else "").replace("const ", "").replace("volatile ", "").strip()


def wider_nodes(lines: list[str], there: list[str | None]) -> set[int]:
    """The integer-valued nodes wider under LLP64 than under ILP32: a 64-bit
    type here that is another there (size_t, ptrdiff_t), or of a node
    ILP32 does not have."""
    out = set()
    for i, text in enumerate(lines):
        t = _canonical(text)
        if t in _WIDE and _canonical(there[i]) != t:
            out.add(i)
    return out


def _narrow(t: str) -> bool:
    """An integer type of 32 bits or fewer (under either model)."""
    w = _width(t)
    return w is not None and w[0] <= 32


# integer types' widths (the same under LLP64 and ILP32: `long` is 32 bits)
_WIDTH = {"_Bool": 1, "char": 8, "signed char": 8, "unsigned char": 8, "short": 16, "unsigned short": 16,
          "int": 32, "unsigned int": 32, "long": 32, "unsigned long": 32, "long long": 64,
          "unsigned long long": 64}
_SIZE = {"char": 1, "signed char": 1, "unsigned char": 1, "_Bool": 1, "short": 2, "unsigned short": 2, "int": 4,
         "unsigned int": 4, "float": 4, "long": 4, "unsigned long": 4, "long long": 8, "unsigned long long": 8,
         "double": 8}
_EXPR = re.compile(r"^[\s|`-]*(\w+) 0x[0-9a-f]+ <[^>]*> '([^']*)'(?::'([^']*)')?(.*)$")


def same_constants(lines: list[str], parents: list[int], there: list[str | None]) -> set[int]:
    """The nodes of integer constant expressions (literals, sizeof of basic
    types and pointers, casts, arithmetic) whose value is the same under
    both models, counted with each model's types (`10 * sizeof(char)`:
    10 either way; `sizeof(int) * 0x80000000` and `sizeof(int *)` differ)."""
    c = _Constants(lines, parents, there)
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


def narrowed_sizes(lines: list[str], parents: list[int], same: set[int], wide: set[int],
                   there: list[str | None]) -> set[int]:
    """The nodes of unsigned wider arithmetic (+ - * & | ^) over narrower
    ints made wider, pointer differences and constants the same under both
    models, whose result is made 32 bits wide or is an allocation's size.
    Their low 32 bits are the same under both (the operations compute them
    from the operands' low 32 bits), so a value cut to 32 bits is too, and
    an allocation's size is where it is below 2^32, which `-o check:size32`
    tests (`malloc(n * sizeof(int))`, `__builtin_alloca(n)` in a .i file).
    A pointer difference is one number under both (the pointers are in one
    object, of at most 2 GiB): it is no hazard wherever it is."""
    c = _Constants(lines, parents, there)
    types = [_EXPR.match(t) for t in lines]

    def ty(i: int) -> str:
        return _canonical(lines[i]) if types[i] else ""

    def ptrdiff(i: int) -> bool:
        kids = c.children.get(i, [])
        return i in wide and types[i] is not None and types[i].group(1) == "BinaryOperator" and \
            ty(i) == "long long" and \
            types[i].group(4).strip() == "'-'" and len(kids) == 2 and all(ty(k).endswith("*") for k in kids)

    def tree(i: int, out: list[int]) -> bool:  # (the nodes above the leaves go to out)
        m, kids = types[i], c.children.get(i, [])
        if i in same or ptrdiff(i):
            return True
        if m is None or i not in wide:
            return False
        kind, rest = m.group(1), m.group(4).strip()
        if kind == "ParenExpr" and len(kids) == 1:
            out.append(i)
            return tree(kids[0], out)
        if not ty(i).startswith("unsigned"):  # (signed arithmetic overflows at other bounds)
            return False
        if kind in ("ImplicitCastExpr", "CStyleCastExpr") and "<IntegralCast>" in rest and len(kids) == 1:
            out.append(i)
            return _narrow(ty(kids[0])) and kids[0] not in wide or tree(kids[0], out)
        ok = kind == "BinaryOperator" and len(kids) == 2 and rest in ("'+'", "'-'", "'*'", "'&'", "'|'", "'^'") or \
            kind == "UnaryOperator" and len(kids) == 1 and re.search(r"prefix '[-~]'", rest)
        out.append(i)
        return bool(ok) and all(tree(k, out) for k in kids)

    def widened(i: int) -> bool:
        kids = c.children.get(i, [])
        return i in wide and types[i] is not None and types[i].group(1) == "ImplicitCastExpr" and len(kids) == 1 and \
            "<IntegralCast>" in types[i].group(4) and _narrow(ty(kids[0])) and kids[0] not in wide

    out: set[int] = {i for i in range(len(lines)) if ptrdiff(i)}
    for i, kids in c.children.items():
        # an int made wider, compared with a constant 0 <= C < 2^31 (`n >= 2147483647 / sizeof(int)`):
        # a negative int is above C either way (2^64 - |n| or 2^32 - |n|), any other is itself
        if i < 0 or len(kids) != 2 or not re.match(r"^[\s|`-]*BinaryOperator .*'(?:[<>]|<=|>=|==|!=)'$", lines[i]):
            continue
        for a, b in (kids, kids[::-1]):
            v = c.value(b, 0) if widened(a) and b in same else None
            if v is not None and 0 <= v < 1 << 31:
                out.add(a)
    for i in range(len(lines)):
        if i not in wide or i in out:
            continue
        j = parents[i]
        while j >= 0 and _SKIP_UP.match(lines[j]):
            j = parents[j]
        if j < 0:
            continue
        narrowed = _TRUNCATES.match(lines[j]) and _narrow(ty(j)) and j not in wide
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


def _width(t: str) -> tuple[int, bool] | None:
    """(bits, signed) of integer type t."""
    t = t.replace("const ", "").strip()
    if t not in ("int", "unsigned int"):
        t = t.replace(" int", "")
    w = _WIDTH.get(t)
    return (w, not t.startswith("unsigned") and t != "_Bool") if w else None


def _fit(v: int, w: tuple[int, bool]) -> int:
    v &= (1 << w[0]) - 1
    return v - (1 << w[0]) if w[1] and v >> (w[0] - 1) else v


def _cdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


_BINARY = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "&": lambda a, b: a & b,
           "|": lambda a, b: a | b, "^": lambda a, b: a ^ b, "/": _cdiv, "%": lambda a, b: a - b * _cdiv(a, b)}


class _Constants:
    """Values of constant expressions in a text AST dump, per model (0
    LLP64, its own dump's types; 1 ILP32, the types of the same nodes in
    its dump: a node it does not have is no constant there)."""

    def __init__(self, lines: list[str], parents: list[int], there: list[str | None]):
        self.lines = (lines, there)
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
        text = self.lines[m][i]
        e = _EXPR.match(text) if text else None
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
                t = _canonical(self.lines[m][kids[0]])
            else:
                t = s.group(2) or s.group(1)
            t = t.replace("const ", "").strip()
            a = re.fullmatch(r"(.*?) ?\[(\d+)\]", t)  # (an array of a basic type)
            n, t = (int(a.group(2)), a.group(1)) if a else (1, t)
            size = (8, 4)[m] if t.endswith("*") else _SIZE.get(t)
            return n * size if size else None
        if kind == "ParenExpr" and len(kids) == 1:
            return self.value(kids[0], m)
        w = _width(desugared or ty)
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


def hazard(kind: str, text: str, ty: str, i: int, lines: list[str], wide: set[int],
           there: list[str | None]) -> str:
    """Why one AST node may differ between ILP32 and LLP64 ("" if it cannot)."""
    child = lines[i + 1] if i + 1 < len(lines) else ""
    if "<PointerToIntegral>" in text:
        return "a cast between a pointer and an integer"
    if "<IntegralToPointer>" in text:
        # an int made a pointer holds the same number under both (and is
        # never a valid address in divm); only a wider one may differ
        return "" if _narrow(_canonical(child)) and i + 1 not in wide else "a cast between a pointer and an integer"
    if kind == "UnaryExprOrTypeTraitExpr" or i not in wide:
        return ""  # (size_hazard: a size that differs)
    if kind == "ImplicitCastExpr" and _CONSTANT.match(child):
        return ""  # a small constant made wider has one value under both
    t32 = _canonical(there[i])
    return f"a value of type {ty}" + (f" ({t32} under ILP32)" if t32 else "")


_LAYOUT = re.compile(r"^Type: (.*)\n\nLayout: <ASTRecordLayout\n\s*Size:(\d+)\n\s*DataSize:\d+\n\s*Alignment:(\d+)"
                     r"\n\s*FieldOffsets: \[([^\]]*)\]", re.M)
_ARG_TYPE = re.compile(r"(?:sizeof|alignof|__alignof|_Alignof|OffsetOfExpr.*?) '([^']*)'(?::'([^']*)')?\s*$")
_RECORD = re.compile(r"\b(?:struct|union) [\w:]+|^\w+$")
# what may be given a size that differs, the same in both models
_SIZED = {"malloc", "calloc", "realloc", "reallocarray", "alloca", "__builtin_alloca", "memset", "memcpy",
          "memmove", "memcmp", "bzero", "explicit_bzero", "fread", "fwrite", "qsort", "bsearch",
          "__builtin_memset", "__builtin_memcpy", "__builtin_memmove", "__builtin_memcmp"}


def differing_records(flags: list[str], flags32: list[str], path: str) -> set[str] | None:
    """The structures and unions whose layout (size, alignment, offsets)
    differs between ILP32 and LLP64, by clang's record layouts (None if
    clang cannot tell)."""
    layouts = []
    for fl in (flags, flags32):
        try:
            text = _clang(fl, path, "-fsyntax-only", "-Xclang", "-fdump-record-layouts-simple")
        except LoadError:
            return None
        layouts.append({m[0]: m[1:] for m in _LAYOUT.findall(text)})
    llp64, ilp32 = layouts
    return {t for t in llp64.keys() | ilp32.keys() if llp64.get(t) != ilp32.get(t)}


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
    """Can the type named t have another size or alignment under ILP32?
    (Pointers, long double, long long and double -- 4-aligned there in a
    structure --, and structures whose layout differs.)"""
    if "*" in t or "(" in t or "long double" in t:
        return True
    if differ is None:
        return bool(_RECORD.search(t))
    return any(r in differ for r in _RECORD.findall(t))


def size_hazard(kind: str, text: str, lines: list[str], i: int, parents: list[int], differ,
                there: list[str | None]) -> str:
    """sizeof, _Alignof or offsetof of a type laid out differently, unless
    it only gives an allocation or a copy its size."""
    m = _ARG_TYPE.search(text)
    m32 = _ARG_TYPE.search(there[i] or "")
    if m:
        names = [m.group(1), m.group(2) or ""]
        if m32 is None or (m32.group(2) or m32.group(1)) != (m.group(2) or m.group(1)):
            names.append("?*")  # (another type there: size_t)
    else:  # sizeof of an expression: the type of its operand (the next line)
        n = _NODE.match(lines[i + 1]) if i + 1 < len(lines) else None
        names = [n.group(2), n.group(3) or ""] if n else ["?*"]
        if i + 1 >= len(lines) or _canonical(there[i + 1]) != _canonical(lines[i + 1]):
            names.append("?*")
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


# C library functions that store a size_t (or ssize_t) through a pointer the
# program gives: 8 bytes in divm's, 4 in an ILP32 task's variable
_WRITES_SIZES = {"getline", "getdelim", "open_memstream", "iconv", "pthread_attr_getstacksize",
                 "pthread_attr_getguardsize", "pthread_attr_getstack", "confstr"}


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

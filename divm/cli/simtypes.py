"""C types for `divm sim`, from the debug information clang emits with -g,
and which register holds each local variable of a function (the
#dbg_declare records of the program's module)."""

from __future__ import annotations

import re

from divm.props.propositions import DebugTypes


class CType:
    """A C type: kind is int, float, ptr, struct, union, array, enum, func,
    void, or alias (a typedef or qualifier around `base`)."""
    __slots__ = ("kind", "name", "size", "unsigned", "base", "count", "members", "enums")

    def __init__(self, kind: str, name: str, size: int = 0, unsigned: bool = False, base=None, count=None):
        self.kind, self.name, self.size, self.unsigned = kind, name, size, unsigned
        self.base, self.count = base, count
        self.members: list[tuple] = []  # (name, byte offset, type, bit offset in the byte, bit width or 0)
        self.enums: dict[int, str] = {}

    def strip(self) -> CType:
        t = self
        for _ in range(64):
            if t.kind != "alias" or t.base is None:
                break
            t = t.base
        return t


VOID = CType("void", "void")
LONG = CType("int", "long", 8)
INT = CType("int", "int", 4)
DOUBLE = CType("float", "double", 8)


def pointer_to(t: CType) -> CType:
    return CType("ptr", pointer_name(t), 8, True, t)


def pointer_name(base: CType) -> str:
    """int *, char **, int (*)[3]."""
    n = base.name
    if base.strip().kind == "array" and " [" in n:
        i = n.index(" [")
        return f"{n[:i]} (*){n[i + 1:]}"
    return n + ("*" if n.endswith("*") else " *")


class Types:
    """C types of debug-info references ("!12"), made once each."""

    def __init__(self, dt: DebugTypes):
        self.dt = dt
        self.memo: dict[str, CType] = {}

    def get(self, ref) -> CType:
        ref = (ref or "").lstrip("!")
        got = self.memo.get(ref)
        if got is not None:
            return got
        t = self.dt.md.get(ref)
        if not t:
            return VOID
        a = lambda name: self.dt.attr(t, name)  # noqa: E731
        if t.startswith("!DIBasicType"):
            enc = a("encoding") or ""
            ct = CType("float" if "float" in enc else "int", a("name") or "?", int(a("size") or 0) // 8,
                       "unsigned" in enc or "boolean" in enc)
        elif t.startswith("!DIDerivedType"):
            return self.derived(ref, a)
        elif t.startswith("!DICompositeType"):
            return self.composite(ref, t, a)
        elif t.startswith("!DISubroutineType"):
            ct = CType("func", "function")
        else:
            ct = VOID
        self.memo[ref] = ct
        return ct

    def derived(self, ref: str, a) -> CType:
        tag = a("tag")
        if tag == "DW_TAG_pointer_type":
            ct = self.memo[ref] = CType("ptr", "", 8, True)
            ct.base = self.get(a("baseType"))
            ct.name = pointer_name(ct.base)
            return ct
        ct = self.memo[ref] = CType("alias", a("name") or "")
        ct.base = self.get(a("baseType"))
        if tag != "DW_TAG_typedef":
            word = {"DW_TAG_const_type": "const", "DW_TAG_volatile_type": "volatile",
                    "DW_TAG_atomic_type": "_Atomic"}.get(tag)
            ct.name = f"{word} {ct.base.name}" if word else ct.base.name
        return ct

    def composite(self, ref: str, t: str, a) -> CType:
        tag = a("tag")
        size = int(a("size") or 0) // 8
        elements = self.dt.md.get((a("elements") or "").lstrip("!"), "")
        parts = [self.dt.md.get(r, "") for r in re.findall(r"!(\d+)", elements)]
        if tag == "DW_TAG_array_type":
            dims = []
            for p in parts:
                c = self.dt.attr(p, "count")
                dims.append(int(c) if c and c.lstrip("-").isdigit() else None)
            ct = self.get(a("baseType"))
            for d in reversed(dims or [None]):
                ct = CType("array", "", (d or 0) * sizeof(ct), False, ct, d)
            ct.name = array_name(ct)
            self.memo[ref] = ct
            return ct
        if tag == "DW_TAG_enumeration_type":
            ct = self.memo[ref] = CType("enum", f"enum {a('name') or '(anonymous)'}", size, "isUnsigned" in t)
            for p in parts:
                v = self.dt.attr(p, "value")
                if v is not None and v.lstrip("-").isdigit():
                    ct.enums[int(v)] = self.dt.attr(p, "name")
            return ct
        word = "union" if tag == "DW_TAG_union_type" else "struct"
        ct = self.memo[ref] = CType(word, f"{word} {a('name') or '(anonymous)'}", size)
        for p in parts:
            if self.dt.attr(p, "tag") != "DW_TAG_member":
                continue
            off = int(self.dt.attr(p, "offset") or 0)
            bits = int(self.dt.attr(p, "size") or 0) if "DIFlagBitField" in p else 0
            ct.members.append((self.dt.attr(p, "name") or "", off // 8, self.get(self.dt.attr(p, "baseType")),
                               off % 8, bits))
        return ct


def array_name(t: CType) -> str:
    dims = ""
    while t.kind == "array":
        dims += f"[{t.count if t.count is not None else ''}]"
        t = t.base.strip() if t.base.kind == "alias" and t.base.strip().kind == "array" else t.base
    return f"{t.name} {dims}"


def sizeof(t: CType) -> int:
    t = t.strip()
    return 8 if t.kind == "ptr" else t.size


class LocalVar:
    """A local variable (or parameter) of a function: the register of its
    alloca ("r5"), its debug type and where it is declared."""
    __slots__ = ("name", "reg", "type", "line", "arg", "span")

    def __init__(self, name: str, reg: str, type_ref: str, line: int, arg: int):
        self.name, self.reg, self.type, self.line, self.arg = name, reg, type_ref, line, arg
        self.span: tuple[int, int] | None = None  # the lines of its block (None: the whole function)


DEFINE = re.compile(r'^define [^@]*@("(?:[^"\\]|\\.)*"|[-\w.$]+)\(', re.M)
DECLARE = re.compile(r'#dbg_declare\(ptr (%[-\w.$]+|%"[^"]*"), !(\d+),')


class DebugInfo:
    """What sim knows of the program's C level: types (Types over
    DebugTypes) and each function's local variables."""

    def __init__(self, prog):
        from divm.load import llvmapi as A
        self.prog = prog
        self.locals: dict[str, list[LocalVar]] = {}
        try:
            self.dt = DebugTypes(prog)
            p = A.lib().LLVMPrintModuleToString(prog.decoder.mod)
            text = A.s(p)
            A.lib().LLVMDisposeMessage(p)
        except Exception:  # no module to read: no types, no locals (globals are still there)
            self.dt = DebugTypes.__new__(DebugTypes)
            self.dt.md, self.dt.gtype, text = {}, {}, ""
        self.types = Types(self.dt)
        for m in DEFINE.finditer(text):
            name = m.group(1).strip('"')
            fn = prog.fn_by_name.get(name)
            start = text.find("\n", m.start())
            end = text.find("\n}\n", start)
            if fn is not None and not fn.decl and start >= 0 and end > start:
                self.locals[name] = self.function_locals(fn, text[start + 1:end])

    def function_locals(self, fn, body: str) -> list[LocalVar]:
        """The variables #dbg_declare names, by the instruction number the
        decoder gives each register (instructions are counted as printed;
        continuation lines of a switch are not instructions), each with the
        lines its block spans."""
        index: dict[str, int] = {}
        decls = []
        locs: set[str] = set()  # the DILocations of the instructions
        n = 0
        in_switch = False
        for line in body.split("\n"):
            s = line.strip()
            if not line.startswith("  ") or not s or s.startswith(";"):
                continue
            if in_switch:
                in_switch = not s.startswith("]")
                continue
            if s.startswith("#dbg_"):
                m = DECLARE.match(s)
                if m:
                    decls.append((m.group(1), m.group(2)))
                continue
            m = re.match(r'(%[-\w.$]+|%"[^"]*") = ', s)
            if m:
                index[m.group(1)] = n
            locs.update(re.findall(r"!dbg !(\d+)", s))
            in_switch = s.endswith("[")
            n += 1
        spans = self.block_spans(locs)
        allocas = [i.res for i in fn.blocks[0].ins if i.op == "alloca"] if fn.blocks else []
        out = []
        for val, md in decls:
            v = self.dt.md.get(md, "")
            k = index.get(val)
            if k is None or f"r{k}" not in allocas or not v.startswith("!DILocalVariable"):
                continue
            a = self.dt.attr
            var = LocalVar(a(v, "name") or "?", f"r{k}", a(v, "type") or "", int(a(v, "line") or 0),
                           int(a(v, "arg") or 0))
            var.span = spans.get((a(v, "scope") or "").lstrip("!"))
            out.append(var)
        return out

    def block_spans(self, locs: set[str]) -> dict[str, tuple[int, int]]:
        """The first and last line of each lexical block, by the locations of
        the instructions inside it (or inside blocks within it)."""
        spans: dict[str, tuple[int, int]] = {}
        a = self.dt.attr
        for ref in locs:
            loc = self.dt.md.get(ref, "")
            line = int(a(loc, "line") or 0)
            scope = (a(loc, "scope") or "").lstrip("!")
            for _ in range(64):
                t = self.dt.md.get(scope, "")
                if not t.startswith("!DILexicalBlock") or not line:
                    break
                lo, hi = spans.get(scope, (line, line))
                spans[scope] = (min(lo, line), max(hi, line))
                scope = (a(t, "scope") or "").lstrip("!")
        return spans

    def global_type(self, name: str) -> CType | None:
        ref = self.dt.gtype.get(name)
        return self.types.get(ref) if ref else None

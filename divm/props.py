"""Atomic propositions of a monitor file: C expressions over the program's
global variables, evaluated on a program state.

Supported: integer literals (decimal, hex, octal, character), global
variables, array indexing, `.` on struct globals (field names come from the
debug info clang emits with -g), unary `! - ~`, and the binary operators
`* / % + - << >> < <= > >= == != & ^ | && ||`.  Integers narrower than 64
bits read as signed unless the debug info says unsigned."""

from __future__ import annotations

import re
import struct

from .ltl import LTLError
from .memory import M32, decode
from .types import Ty

TOK = re.compile(r"\s*(?:(?P<num>0[xX][0-9a-fA-F]+|\d+)[uUlL]*|(?P<chr>'(?:\\.|[^'\\])')|"
                 r"(?P<id>[A-Za-z_][A-Za-z0-9_]*)|(?P<op><<|>>|<=|>=|==|!=|&&|\|\||[-+*/%<>!~&^|()\[\].]))")
BINARY = [("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", "<=", ">", ">="), ("<<", ">>"),
          ("+", "-"), ("*", "/", "%")]


class Expr:
    def __init__(self, text: str, line: int, col: int, prog, fields: dict, unsigned: set):
        self.text, self.line, self.col = text, line, col
        self.prog = prog
        self.fields = fields
        self.unsigned = unsigned
        self.toks = []
        pos = 0
        while pos < len(text):
            if not text[pos:].strip():
                break
            m = TOK.match(text, pos)
            if not m:
                c = pos + len(text[pos:]) - len(text[pos:].lstrip())
                self.err(f"unexpected character {text[c]!r}", c)
            kind = m.lastgroup
            start = m.start(kind)
            self.toks.append((kind, m.group(kind), start))
            pos = m.end()
        self.i = 0
        if not self.toks:
            self.err("empty expression", 0)
        self.tree = self.binary(0)
        if self.i < len(self.toks):
            self.err(f"unexpected {self.toks[self.i][1]!r}")
        self.globals = sorted({n for n in self.names(self.tree)})

    def err(self, msg: str, at: int | None = None):
        if at is None:
            at = self.toks[self.i][2] if self.i < len(self.toks) else len(self.text)
        raise LTLError(f"{self.line}:{self.col + at}: {msg}")

    def peek(self):
        return self.toks[self.i][1] if self.i < len(self.toks) else None

    def binary(self, level: int):
        if level == len(BINARY):
            return self.unary()
        left = self.binary(level + 1)
        while self.i < len(self.toks) and self.toks[self.i][0] == "op" and self.peek() in BINARY[level]:
            op = self.peek()
            self.i += 1
            left = ("bin", op, left, self.binary(level + 1))
        return left

    def unary(self):
        if self.peek() in ("!", "-", "~", "+"):
            op = self.peek()
            self.i += 1
            return ("un", op, self.unary())
        return self.postfix(self.primary())

    def primary(self):
        if self.i >= len(self.toks):
            self.err("expression ends too early")
        kind, v, at = self.toks[self.i]
        self.i += 1
        if kind == "num":
            return ("num", int(v, 16) if v[:2].lower() == "0x" else int(v, 8) if v.startswith("0") and len(v) > 1
                    else int(v))
        if kind == "chr":
            body = v[1:-1]
            return ("num", ord(body.encode().decode("unicode_escape")) if body.startswith("\\") else ord(body))
        if kind == "id":
            gl = self.prog.glob_by_name.get(v)
            if gl is None or gl.decl:
                self.err(f"the program has no global variable {v!r}", at)
            return ("var", v)
        if v == "(":
            e = self.binary(0)
            if self.peek() != ")":
                self.err("missing ')'")
            self.i += 1
            return e
        self.i -= 1
        self.err(f"unexpected {v!r}")

    def postfix(self, e):
        while self.peek() in ("[", "."):
            if self.peek() == "[":
                self.i += 1
                idx = self.binary(0)
                if self.peek() != "]":
                    self.err("missing ']'")
                self.i += 1
                e = ("index", e, idx)
            else:
                self.i += 1
                if self.i >= len(self.toks) or self.toks[self.i][0] != "id":
                    self.err("expected a field name after '.'")
                e = ("field", e, self.toks[self.i][1], self.toks[self.i][2])
                self.i += 1
        return e

    def names(self, e):
        if e[0] == "var":
            yield e[1]
        for x in e[1:]:
            if isinstance(x, tuple):
                yield from self.names(x)

    # -- evaluation ----------------------------------------------------------------
    def value(self, objs) -> int:
        return self.ev(self.tree, objs)

    def lvalue(self, e, objs) -> tuple[int, int, Ty, str]:
        """(object id, offset, type, C-level name) of a variable, element or field."""
        if e[0] == "var":
            gl = self.prog.glob_by_name[e[1]]
            return gl.idx, 0, gl.ty, e[1]
        if e[0] == "index":
            oid, off, ty, nm = self.lvalue(e[1], objs)
            if ty.k not in ("a", "vec"):
                raise LTLError(f"{self.line}:{self.col}: {nm} is not an array")
            i = self.ev(e[2], objs)
            return oid, off + i * ty.elem.size, ty.elem, nm + "[]"
        if e[0] == "field":
            oid, off, ty, nm = self.lvalue(e[1], objs)
            if ty.k != "s":
                raise LTLError(f"{self.line}:{self.col + e[3]}: {nm} is not a struct")
            names = self.fields.get(ty.text, {})
            hit = [o for o, n in names.items() if n == e[2]]
            if not hit or hit[0] not in ty.offsets:
                raise LTLError(f"{self.line}:{self.col + e[3]}: no field {e[2]!r} in {nm} "
                               "(struct fields need the program compiled with -g)")
            k = ty.offsets.index(hit[0])
            return oid, off + ty.offsets[k], ty.elems[k], nm + "." + e[2]
        raise LTLError(f"{self.line}:{self.col}: not a variable")

    def ev(self, e, objs) -> int:
        k = e[0]
        if k == "num":
            return e[1]
        if k in ("var", "index", "field"):
            oid, off, ty, nm = self.lvalue(e, objs)
            if ty.k in ("a", "s", "vec"):
                return (oid << 32) | off
            o = objs.get(oid)
            if o is None or off + ty.store > len(o.b):
                raise LTLError(f"{self.line}:{self.col}: {nm} is out of bounds")
            v = decode(ty, o.b, off, None)
            if ty.k == "i" and ty.bits > 1 and v >> (ty.bits - 1) and nm.split("[")[0] not in self.unsigned:
                v -= 1 << ty.bits
            return int(v) if not isinstance(v, float) else v
        if k == "un":
            v = self.ev(e[2], objs)
            return {"!": int(not v), "-": -v, "~": ~v, "+": v}[e[1]]
        op = e[1]
        a = self.ev(e[2], objs)
        if op == "&&":
            return int(bool(a) and bool(self.ev(e[3], objs)))
        if op == "||":
            return int(bool(a) or bool(self.ev(e[3], objs)))
        b = self.ev(e[3], objs)
        if op in ("/", "%") and b == 0:
            return 0
        return {"*": lambda: a * b, "/": lambda: int(a / b), "%": lambda: a - int(a / b) * b,
                "+": lambda: a + b, "-": lambda: a - b, "<<": lambda: a << (b & 63), ">>": lambda: a >> (b & 63),
                "<": lambda: int(a < b), "<=": lambda: int(a <= b), ">": lambda: int(a > b),
                ">=": lambda: int(a >= b), "==": lambda: int(a == b), "!=": lambda: int(a != b),
                "&": lambda: a & b, "^": lambda: a ^ b, "|": lambda: a | b}[op]()


def debug_types(prog) -> tuple[dict[str, dict[int, str]], set[str]]:
    """From the debug info: field names of structs by byte offset (keyed by
    the LLVM type name) and the global variables of unsigned type."""
    from . import llvmapi as A
    dec = prog.decoder
    p = A.lib().LLVMPrintModuleToString(dec.mod)
    text = A.s(p)
    A.lib().LLVMDisposeMessage(p)
    md = dict(re.findall(r"^!(\d+) = (?:distinct )?(.*)$", text, re.M))

    def attr(t, name):
        m = re.search(rf"\b{name}: (\"[^\"]*\"|[^,)]+)", t)
        return m.group(1).strip('"') if m else None

    def resolve(ref, depth=0):
        t = md.get(ref.lstrip("!")) if ref else None
        while t and depth < 20 and t.startswith("!DIDerivedType") and attr(t, "tag") != "DW_TAG_member" \
                and attr(t, "tag") != "DW_TAG_pointer_type":
            t = md.get((attr(t, "baseType") or "").lstrip("!"))
            depth += 1
        return t
    fields: dict[str, dict[int, str]] = {}
    for t in md.values():
        if t.startswith("!DICompositeType") and attr(t, "tag") == "DW_TAG_structure_type" and attr(t, "name"):
            els = md.get((attr(t, "elements") or "").lstrip("!"), "")
            names = {}
            for ref in re.findall(r"!(\d+)", els):
                m = md.get(ref, "")
                if attr(m, "tag") == "DW_TAG_member" and attr(m, "name"):
                    names[int(attr(m, "offset") or 0) // 8] = attr(m, "name")
            fields["%struct." + attr(t, "name")] = names
    unsigned = set()
    for t in md.values():
        if t.startswith("!DIGlobalVariable("):
            ty = resolve(attr(t, "type"))
            while ty and ty.startswith("!DICompositeType") and attr(ty, "tag") == "DW_TAG_array_type":
                ty = resolve(attr(ty, "baseType"))
            if ty and ty.startswith("!DIBasicType") and "unsigned" in (attr(ty, "encoding") or "") + \
                    (attr(ty, "name") or "") or ty and "DW_ATE_boolean" in ty:
                unsigned.add(attr(t, "name"))
    return fields, unsigned


class Propositions:
    def __init__(self, prog, defines: dict):
        fields, unsigned = debug_types(prog)
        self.exprs = {name: Expr(text, line, col, prog, fields, unsigned)
                      for name, (text, line, col) in defines.items()}

    def globals_read(self) -> set[str]:
        return {g for e in self.exprs.values() for g in e.globals}

    def label(self, objs, names) -> frozenset:
        """The propositions (of those named) true in the state given by objs."""
        out = []
        for n in names:
            try:
                if self.exprs[n].value(objs):
                    out.append(n)
            except (ZeroDivisionError, struct.error):
                pass
        return frozenset(out)


_ = M32

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

from divm.props.ltl import LTLError
from divm.load.layout import decode
from divm.load.types import Ty

TOK = re.compile(r"\s*(?:(?P<num>0[xX][0-9a-fA-F]+|\d+)[uUlL]*|(?P<chr>'(?:\\.|[^'\\])')|"
                 r"(?P<id>[A-Za-z_][A-Za-z0-9_]*)|(?P<op><<|>>|<=|>=|==|!=|&&|\|\||[-+*/%<>!~&^|()\[\].]))")
BINARY = [("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", "<=", ">", ">="), ("<<", ">>"),
          ("+", "-"), ("*", "/", "%")]


class Expr:
    def __init__(self, text: str, line: int, col: int, prog, dt: DebugTypes):
        self.text, self.line, self.col = text, line, col
        self.prog = prog
        self.dt = dt
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
        # a pointer's value read as a number: it depends on the objects'
        # numbers, which heap symmetry renumbers (cli/liveness.py drops it)
        self.pointer_read = False

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

    def lvalue(self, e, objs) -> tuple[int, int, Ty, str, object]:
        """(object id, offset, type, C-level name, debug type) of a variable,
        an element or a field."""
        from divm.load.types import make_int
        if e[0] == "var":
            gl = self.prog.glob_by_name[e[1]]
            return gl.idx, 0, gl.ty, e[1], self.dt.gtype.get(e[1])
        if e[0] == "index":
            oid, off, ty, nm, di = self.lvalue(e[1], objs)
            edi = self.dt.element(di) if di else None
            if ty.k in ("a", "vec"):
                ety, esize = ty.elem, ty.elem.size
            elif edi is not None and self.dt.size(edi):
                # (a partly initialised array is a struct of pieces in the
                # IR: the debug type has the element's size)
                esize = self.dt.size(edi) // 8
                ety = make_int(8 * esize)
            else:
                raise LTLError(f"{self.line}:{self.col}: {nm} is not an array")
            i = self.ev(e[2], objs)
            return oid, off + i * esize, ety, nm + "[]", edi
        if e[0] == "field":
            oid, off, ty, nm, di = self.lvalue(e[1], objs)
            m = self.dt.member(di, e[2]) if di else None
            if m is None:
                raise LTLError(f"{self.line}:{self.col + e[3]}: no field {e[2]!r} in {nm} "
                               "(struct fields need the program compiled with -g)")
            moff, mdi, bf = m
            if bf is not None:  # a bit-field: the bytes holding it, and where in them it is
                shift, size = bf
                return oid, off + shift // 8, make_int(8 * ((shift % 8 + size + 7) // 8)), nm + "." + e[2], \
                    ("bf", shift % 8, size, mdi)
            mty = None
            if ty.k == "s" and moff in ty.offsets:
                mty = ty.elems[ty.offsets.index(moff)]
            sc = self.dt.scalar(mdi)
            if sc is not None and (mty is None or mty.k not in ("i", "p", "f", "d")):
                mty = make_int(sc[0])
            if mty is None and self.dt.size(mdi):  # (a struct member, known from the debug type alone)
                mty = make_int(self.dt.size(mdi))
            if mty is None:
                raise LTLError(f"{self.line}:{self.col + e[3]}: cannot read field {e[2]!r} of {nm}")
            return oid, off + moff, mty, nm + "." + e[2], mdi
        raise LTLError(f"{self.line}:{self.col}: not a variable")

    def ev(self, e, objs) -> int:
        k = e[0]
        if k == "num":
            return e[1]
        if k in ("var", "index", "field"):
            oid, off, ty, nm, di = self.lvalue(e, objs)
            if ty.k in ("a", "s", "vec"):
                return (oid << 32) | off
            o = objs.get(oid)
            if o is None or off + ty.store > len(o.b):
                raise LTLError(f"{self.line}:{self.col}: {nm} is out of bounds")
            v = decode(ty, o.b, off, None)
            if ty.k == "p":
                self.pointer_read = True
            bits = ty.bits if ty.k == "i" else 0
            if isinstance(di, tuple):  # a bit-field
                _, shift, bits, di = di
                v = (v >> shift) & ((1 << bits) - 1)
            sc = self.dt.scalar(di) if di else None
            if bits > 1 and v >> (bits - 1) and not (sc and sc[1]):
                v -= 1 << bits
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


class DebugTypes:
    """The debug-info types of global variables: enough to name struct fields
    and to tell unsigned integers from signed ones."""

    def __init__(self, prog):
        from divm.load import llvmapi as A
        p = A.lib().LLVMPrintModuleToString(prog.decoder.mod)
        text = A.s(p)
        A.lib().LLVMDisposeMessage(p)
        self.md = dict(re.findall(r"^!(\d+) = (?:distinct )?(.*)$", text, re.M))
        self.gtype = {}
        for t in self.md.values():
            if t.startswith("!DIGlobalVariable("):
                self.gtype.setdefault(self.attr(t, "name"), self.attr(t, "type"))

    @staticmethod
    def attr(t, name):
        m = re.search(rf"\b{name}: (\"[^\"]*\"|[^,)]+)", t or "")
        return m.group(1).strip('"') if m else None

    def resolve(self, ref):
        """Strip typedefs and qualifiers: the text of the underlying type."""
        t = self.md.get((ref or "").lstrip("!"))
        for _ in range(32):
            if t and t.startswith("!DIDerivedType") and self.attr(t, "tag") in (
                    "DW_TAG_typedef", "DW_TAG_const_type", "DW_TAG_volatile_type", "DW_TAG_atomic_type",
                    "DW_TAG_restrict_type"):
                t = self.md.get((self.attr(t, "baseType") or "").lstrip("!"))
            else:
                break
        return t

    def element(self, ref):
        t = self.resolve(ref)
        if t and t.startswith("!DICompositeType") and self.attr(t, "tag") == "DW_TAG_array_type":
            return self.attr(t, "baseType")
        return None

    def member(self, ref, name):
        """(byte offset, type ref, bit-field) of a struct or union member;
        a bit-field's is (bit offset, bits), else None."""
        t = self.resolve(ref)
        if not t or not t.startswith("!DICompositeType"):
            return None
        els = self.md.get((self.attr(t, "elements") or "").lstrip("!"), "")
        for r in re.findall(r"!(\d+)", els):
            m = self.md.get(r, "")
            if self.attr(m, "tag") == "DW_TAG_member" and self.attr(m, "name") == name:
                off = int(self.attr(m, "offset") or 0)
                bf = (off, int(self.attr(m, "size") or 0)) if "DIFlagBitField" in (self.attr(m, "flags") or "") \
                    else None
                return off // 8, self.attr(m, "baseType"), bf
        return None

    def size(self, ref) -> int:
        """The bits of a type (0 if unknown)."""
        return int(self.attr(self.resolve(ref), "size") or 0)

    def scalar(self, ref):
        """(bits, unsigned, float) of a basic type, or None."""
        t = self.resolve(ref)
        if t and t.startswith("!DIBasicType"):
            enc = self.attr(t, "encoding") or ""
            return int(self.attr(t, "size") or 0), "unsigned" in enc or "boolean" in enc, "float" in enc
        if t and t.startswith("!DIDerivedType") and self.attr(t, "tag") == "DW_TAG_pointer_type":
            return 64, True, False
        return None


class Propositions:
    def __init__(self, prog, defines: dict):
        dt = DebugTypes(prog)
        self.exprs = {name: Expr(text, line, col, prog, dt) for name, (text, line, col) in defines.items()}

    def check(self, objs) -> None:
        """Evaluate every proposition once (on the initial globals), so type
        errors surface before the search, with their line and column."""
        for e in self.exprs.values():
            e.value(objs)

    @property
    def pointer_read(self) -> bool:
        return any(e.pointer_read for e in self.exprs.values())

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


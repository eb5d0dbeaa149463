"""C expressions for `divm sim`: Expr's parser (props/propositions.py) with
locals, `*`, `&` and `->` added, evaluated over a state's memory, a frame's
locals and the globals; values as text with their types, the memory
around an object and the definedness of a value's bits."""

from __future__ import annotations

import struct

from divm.cli.explain import pointer_text
from divm.cli.simtypes import DOUBLE, INT, LONG, CType, DebugInfo, pointer_to, sizeof
from divm.load.layout import CODE_BASE, M32, PL_CODE
from divm.load.values import U, Sym
from divm.props.propositions import DebugTypes, Expr

MAX_ITEMS = 32  # array elements shown by print
MAX_DEPTH = 4   # nested aggregates shown by print
SYMBOLIC = "(a value computed from the inputs)"


class EvalError(Exception):
    """An expression that cannot be evaluated: one line for the user."""


class Parsed(Expr):
    """Expr's parser (props/propositions.py), also taking local variables,
    unary `*` and `&` and `->`; known(name) says whether a name is a variable."""

    def __init__(self, text: str, known, prog, dt: DebugTypes):
        self.known = known
        super().__init__(text, 1, 0, prog, dt)

    def err(self, msg: str, at: int | None = None):
        if at is None:
            at = self.toks[self.i][2] if self.i < len(self.toks) else len(self.text)
        raise EvalError(f"{msg} (column {at + 1})")

    def unary(self):
        if self.i < len(self.toks) and self.toks[self.i][0] == "op" and self.peek() in ("*", "&"):
            op = self.peek()
            self.i += 1
            return ("deref" if op == "*" else "addr", self.unary())
        return super().unary()

    def primary(self):
        if self.i < len(self.toks) and self.toks[self.i][0] == "id":
            _, v, at = self.toks[self.i]
            self.i += 1
            if not self.known(v):
                self.err(f"no variable {v!r} here", at)
            return ("var", v)
        return super().primary()

    def arrow(self) -> bool:
        t = self.toks
        return (self.peek() == "-" and self.i + 1 < len(t) and t[self.i + 1][1] == ">"
                and t[self.i + 1][2] == t[self.i][2] + 1)

    def postfix(self, e):
        while True:
            if self.peek() == "[":
                self.i += 1
                idx = self.binary(0)
                if self.peek() != "]":
                    self.err("missing ']'")
                self.i += 1
                e = ("index", e, idx)
                continue
            arrow = self.arrow()
            if self.peek() != "." and not arrow:
                return e
            self.i += 2 if arrow else 1
            if self.i >= len(self.toks) or self.toks[self.i][0] != "id":
                self.err("expected a field name")
            e = ("arrow" if arrow else "field", e, self.toks[self.i][1])
            self.i += 1


class V:
    """A value: in memory (object id and offset; bits for a bit-field) or
    a plain value (val: int, float, U, Sym or None for undefined); t its
    C type; reg: a local the VM keeps in a register."""
    __slots__ = ("t", "oid", "off", "val", "reg", "bits")

    def __init__(self, t: CType, oid=None, off: int = 0, val=None, reg: bool = False, bits=None):
        self.t, self.oid, self.off, self.val, self.reg, self.bits = t, oid, off, val, reg, bits


class Evaluator:
    """C expressions over a state's memory (objs), its globals and the
    locals of one frame (scope: name -> V, or a str saying why it is not
    available)."""

    def __init__(self, info: DebugInfo, objs: dict, scope: dict, regs: list | None = None, engine=None):
        self.info, self.prog, self.objs, self.scope, self.regs = info, info.prog, objs, scope, regs
        self.engine = engine  # --symbolic: the engine (a trace's inputs give symbolic values theirs)
        self.names: dict | None = None  # draw's names of the state's objects ("heap 2"), once asked
        self.globals = {g.idx: g for g in info.prog.globals if not g.system}

    def known(self, name: str) -> bool:
        g = self.prog.glob_by_name.get(name)
        return name in self.scope or g is not None and not g.decl

    def evaluate(self, text: str) -> V:
        if not text.strip():
            raise EvalError("an expression is missing")
        return self.ev(Parsed(text, self.known, self.prog, self.info.dt).tree)

    def ev(self, e) -> V:
        k = e[0]
        if k == "num":
            return V(INT if -(1 << 31) <= e[1] < (1 << 31) else LONG, val=e[1])
        if k == "var":
            return self.variable(e[1])
        if k in ("field", "arrow"):
            base = self.ev(e[1])
            return self.member(self.deref(base) if k == "arrow" else base, e[2])
        if k == "index":
            base, i = self.ev(e[1]), self.number(self.ev(e[2]))
            t = base.t.strip()
            if t.kind == "array" and base.oid is not None:
                return V(t.base, base.oid, base.off + int(i) * sizeof(t.base))
            if t.kind == "ptr":
                return self.deref(base, int(i))
            raise EvalError(f"{t.name} is neither an array nor a pointer")
        if k == "deref":
            return self.deref(self.ev(e[1]))
        if k == "addr":
            v = self.ev(e[1])
            if v.oid is None or v.bits:
                raise EvalError("that has no address" + (": the VM keeps this local in a register (its address "
                                                         "is never taken, so it is not in memory)" if v.reg else ""))
            return V(pointer_to(v.t), val=(v.oid << 32) | v.off)
        if k == "un":
            x = self.number(self.ev(e[2]))
            return V(LONG if isinstance(x, int) else DOUBLE, val={"!": lambda: int(not x), "-": lambda: -x,
                                                                   "~": lambda: ~int(x), "+": lambda: x}[e[1]]())
        a = self.ev(e[2])
        if e[1] in ("&&", "||"):  # the right operand only when it decides
            x = self.number(a)
            if bool(x) == (e[1] == "||"):
                return V(INT, val=int(bool(x)))
            return V(INT, val=int(bool(self.number(self.ev(e[3])))))
        return self.binary(e[1], a, self.ev(e[3]))

    def variable(self, name: str) -> V:
        got = self.scope.get(name)
        if isinstance(got, str):
            raise EvalError(got)
        if got is not None:
            return got
        g = self.prog.glob_by_name[name]
        t = self.info.global_type(name)
        if t is None:
            raise EvalError(f"{name} has no debug information (compile the program with -g)")
        return V(t, g.idx, 0)

    def member(self, v: V, name: str) -> V:
        t = v.t.strip()
        if t.kind not in ("struct", "union"):
            raise EvalError(f"{t.name} has no fields")
        for mname, off, mt, bit, width in t.members:
            if mname == name:
                return V(mt, v.oid, v.off + off, bits=(bit, width) if width else None)
        raise EvalError(f"{t.name} has no field {name!r}")

    def deref(self, v: V, index: int = 0) -> V:
        t = v.t.strip()
        if t.kind == "array" and v.oid is not None:
            return V(t.base, v.oid, v.off + index * sizeof(t.base))
        if t.kind != "ptr":
            raise EvalError(f"{t.name} is not a pointer")
        p = self.number(v)
        if t.base.strip().kind in ("void", "func"):
            raise EvalError(f"cannot look through a {t.name}")
        p += index * sizeof(t.base)
        if not p >> 32:
            raise EvalError("a NULL pointer" if not p else f"an invalid pointer ({p:#x})")
        if p >> 32 not in self.objs:
            raise EvalError("a function pointer" if CODE_BASE <= p >> 32 < PL_CODE else
                            "the pointer points to a freed object")
        return V(t.base, p >> 32, p & M32)

    def binary(self, op: str, a: V, b: V) -> V:
        x, y = self.number(a), self.number(b)
        ta, tb = a.t.strip(), b.t.strip()
        if op in ("+", "-") and ta.kind in ("ptr", "array") and tb.kind not in ("ptr", "array"):
            base = ta.base
            return V(pointer_to(base) if ta.kind == "array" else ta,
                     val=x + (y if op == "+" else -y) * max(sizeof(base), 1))
        if op == "-" and ta.kind == "ptr" and tb.kind == "ptr":
            return V(LONG, val=(x - y) // max(sizeof(ta.base), 1))
        if op in ("/", "%") and y == 0:
            raise EvalError("division by zero")
        fl = isinstance(x, float) or isinstance(y, float)
        ops = {"*": lambda: x * y, "/": lambda: x / y if fl else int(x / y), "%": lambda: x - int(x / y) * y,
               "+": lambda: x + y, "-": lambda: x - y, "<<": lambda: int(x) << (int(y) & 63),
               ">>": lambda: int(x) >> (int(y) & 63), "<": lambda: int(x < y), "<=": lambda: int(x <= y),
               ">": lambda: int(x > y), ">=": lambda: int(x >= y), "==": lambda: int(x == y),
               "!=": lambda: int(x != y), "&": lambda: int(x) & int(y), "^": lambda: int(x) ^ int(y),
               "|": lambda: int(x) | int(y), "&&": lambda: int(bool(x) and bool(y)),
               "||": lambda: int(bool(x) or bool(y))}
        r = ops[op]()
        return V(DOUBLE if isinstance(r, float) else INT if op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||")
                 else LONG, val=r)

    # -- reading values -----------------------------------------------------------
    def raw(self, v: V):
        """The value as it is: int, float, U (some bits undefined), a Sym, or None."""
        if v.oid is None:
            return v.val
        t = v.t.strip()
        o = self.objs.get(v.oid)
        if o is None:
            raise EvalError("the object is gone (freed)")
        n = sizeof(t) if not v.bits else (v.bits[0] + v.bits[1] + 7) // 8
        if v.off + n > len(o.b) or n <= 0:
            raise EvalError("out of the object's bounds" if n > 0 else f"{t.name} has no size")
        if o.sym and any(v.off + i in o.sym for i in range(n)):
            if self.engine is None or v.bits:
                return Sym(None, 8 * n)
            from divm.load.layout import decode_obj
            from divm.load.types import make_int
            return decode_obj(make_int(8 * n), o, v.off)
        x = int.from_bytes(o.b[v.off:v.off + n], "little")
        m = int.from_bytes(o.ud[v.off:v.off + n], "little") if o.ud is not None else 0
        if v.bits:
            mask = (1 << v.bits[1]) - 1
            x, m = (x >> v.bits[0]) & mask, (m >> v.bits[0]) & mask
        if m:
            return U(x, m)
        if t.kind == "float":
            return float_of(x, n)
        if t.kind in ("int", "enum") and not t.unsigned:
            width = v.bits[1] if v.bits else 8 * n
            if width and x >> (width - 1):
                x -= 1 << width
        return x

    def number(self, v: V):
        """A value to compute with: defined, a number; an array decays to a pointer."""
        t = v.t.strip()
        if t.kind == "array" and v.oid is not None:
            return (v.oid << 32) | v.off
        if t.kind in ("struct", "union", "array", "void", "func"):
            raise EvalError(f"a {t.name} is not a number")
        x = self.raw(v)
        if x is None or x.__class__ is U:
            raise EvalError("the value is undefined" + (" (in part)" if x is not None else ""))
        if x.__class__ is Sym:
            x = self.model_value(t, x)
            if x is None:
                raise EvalError("the value is computed from the inputs (symbolic)")
        if t.kind == "int" and v.oid is None and v.reg and not t.unsigned and sizeof(t):
            w = 8 * sizeof(t)
            x &= (1 << w) - 1
            x -= (1 << w) if x >> (w - 1) else 0
        return x

    def text(self, v: V, depth: int = 0) -> str:
        """The value as C-like text."""
        t = v.t.strip()
        if t.kind in ("struct", "union", "array"):
            if v.oid is None:
                return "?"
            if depth >= MAX_DEPTH:
                return "{...}"
            if t.kind == "array":
                return self.array_text(v, t, depth)
            items = [f".{name} = {self.text(V(mt, v.oid, v.off + off, bits=(bit, w) if w else None), depth + 1)}"
                     for name, off, mt, bit, w in t.members]
            return "{" + ", ".join(items) + "}"
        try:
            x = self.raw(v)
        except EvalError as e:
            return f"({e})"
        if x is None:
            return "(undefined)"
        if x.__class__ is Sym:
            return self.symbolic(t, x)
        if x.__class__ is U:
            n = 8 * sizeof(t) if not v.bits else v.bits[1]
            full = (1 << n) - 1
            return "(undefined)" if x.m & full == full else f"(partly undefined: {bin(x.m & full).count('1')} of {n} " \
                                                            "bits; bits shows which)"
        if v.reg and t.kind in ("int", "enum"):
            x = self.number(v)
        if t.kind == "ptr":
            return self.pointer(t, int(x))
        return scalar_text(self.prog, self.objs, t, x)

    def model_value(self, t: CType, x: Sym):
        """What a trace's inputs make of a value computed from the inputs
        (None: not following a trace)."""
        if self.engine is None or x.t is None or getattr(self.engine, "model_pairs", None) is None:
            return None
        try:
            n = self.engine.evaluate(x.t)
        except Exception:  # (it does not follow from the recorded inputs)
            return None
        if isinstance(n, int) and t.kind in ("int", "enum", "float", "ptr") and sizeof(t):
            w = 8 * sizeof(t)
            n &= (1 << w) - 1
            if t.kind == "float":
                n = float_of(n, sizeof(t))
            elif t.kind != "ptr" and not t.unsigned and n >> (w - 1):
                n -= 1 << w
        return n

    def symbolic(self, t: CType, x: Sym) -> str:
        n = self.model_value(t, x)
        if n is None:
            return SYMBOLIC
        shown = self.pointer(t, n) if t.kind == "ptr" and isinstance(n, int) else scalar_text(
            self.prog, self.objs, t, n)
        return f"{shown} (computed from the inputs: their values in the trace)"

    def pointer(self, t: CType, p: int) -> str:
        """A pointer by the variable it points into (&a[1], &s.next), else
        as explain names it; a char pointer with its string."""
        oid, off = p >> 32, p & M32
        named = next(((n, v.t) for n, v in self.scope.items() if isinstance(v, V) and v.oid == oid and not v.off),
                      None)
        if named is None and oid < CODE_BASE:
            g = self.globals.get(oid)
            gt = self.info.global_type(g.name) if g is not None else None
            named = (g.name, gt) if gt is not None else None
        where = place(named[1], off) if named is not None else None
        if named is not None:
            text = f"&{named[0]}{where}" if where is not None else f"&{named[0]} + {off}"
        elif oid in self.objs and self.regs is not None:
            if self.names is None:
                from divm.cli.draw import object_names
                self.names = object_names(self.prog, self.objs, self.regs)
            text = f"({self.names[oid][0]}, {len(self.objs[oid].b)} bytes)" + (f" + {off}" if off else "")
        else:
            text = pointer_text(self.prog, self.objs, p)
        return text + string_at(self.objs, t, p)

    def array_text(self, v: V, t: CType, depth: int) -> str:
        el = t.base
        size = max(sizeof(el), 1)
        o = self.objs.get(v.oid)
        n = t.count if t.count is not None else (len(o.b) - v.off) // size if o is not None else 0
        if el.strip().kind == "int" and size == 1 and o is not None and (o.ud is None or not any(
                o.ud[v.off:v.off + n])) and not o.sym:
            data = bytes(o.b[v.off:v.off + n])
            end = data.find(b"\0")
            if end >= 0 and all(32 <= c < 127 or c in (9, 10) for c in data[:end]):
                return c_string(data[:end]) + (f" (+{n - end - 1} bytes)" if n - end - 1 > 0 and any(
                    data[end:]) else "")
        items = [self.text(V(el, v.oid, v.off + i * size), depth + 1) for i in range(min(n, MAX_ITEMS))]
        return "{" + ", ".join(items) + (", ..." if n > MAX_ITEMS else "") + "}"


def float_of(x: int, n: int) -> float:
    if n == 4:
        return struct.unpack("<f", x.to_bytes(4, "little"))[0]
    if n == 8:
        return struct.unpack("<d", x.to_bytes(8, "little"))[0]
    from divm.vm.ops import bits_to_fp80
    return float(bits_to_fp80(x & ((1 << 80) - 1)))


def c_string(data: bytes) -> str:
    return '"' + data.decode("latin-1").replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") \
        .replace("\t", "\\t") + '"'


def place(t: CType, off: int) -> str | None:
    """The element or field of a t that starts off bytes in ("[1]", ".next",
    "" for off 0), None if off is inside one."""
    t = t.strip()
    if off == 0:
        return ""
    if t.kind == "array" and sizeof(t.base) > 0:
        i, rest = divmod(off, sizeof(t.base))
        sub = place(t.base, rest) if t.count is None or i < t.count else None
        return f"[{i}]{sub}" if sub is not None else None
    for name, moff, mt, _, width in t.members if t.kind == "struct" else ():
        if not width and moff <= off < moff + max(sizeof(mt), 1):
            sub = place(mt, off - moff)
            return f".{name}{sub}" if sub is not None else None
    return None


def string_at(objs: dict, t: CType, p: int) -> str:
    """ "..." for a char pointer to a defined, terminated string."""
    o = objs.get(p >> 32)
    if o is None or t.base.strip().kind != "int" or sizeof(t.base) != 1:
        return ""
    off = p & M32
    data = bytes(o.b[off:off + 64])
    end = data.find(b"\0")
    return " " + c_string(data[:end]) if end >= 0 and (o.ud is None or not any(o.ud[off:off + end + 1])) else ""


def scalar_text(prog, objs: dict, t: CType, x) -> str:
    """A defined scalar that is no pointer as C-like text: an enum by name,
    a char with its letter."""
    if isinstance(x, float):
        return repr(x)
    if t.kind == "enum" and x in t.enums:
        return f"{t.enums[x]} ({x})"
    if t.kind == "int" and t.size == 1 and "char" in t.name and 32 <= x < 127:
        return f"{x} {chr(x)!r}"
    return str(x)


def type_text(v: V) -> str:
    return v.t.name + (", in a register" if v.reg else "")


# -- memory and bits ------------------------------------------------------------------

def bits_text(ev: Evaluator, v: V) -> list[str]:
    """Each bit of a scalar, most significant first: 0/1, ? undefined, $ symbolic."""
    t = v.t.strip()
    n = sizeof(t)
    if v.oid is not None:
        o = ev.objs.get(v.oid)
        if o is None or v.off + n > len(o.b) or n <= 0:
            raise EvalError("no such bytes")
        data = bytes(o.b[v.off:v.off + n])
        ud = bytes(o.ud[v.off:v.off + n]) if o.ud is not None else bytes(n)
        sym = {i for i in range(n) if o.sym and v.off + i in o.sym}
    else:
        x = v.val
        if isinstance(x, float):
            x = int.from_bytes(struct.pack("<d" if n == 8 else "<f", x), "little")
        if x is None or x.__class__ is Sym:
            x = U(0, -1) if x is None else x
        val, m = (x.v, x.m) if x.__class__ is U else (int(x), 0) if x.__class__ is not Sym else (0, 0)
        data = (val & ((1 << 8 * n) - 1)).to_bytes(n, "little")
        ud = (m & ((1 << 8 * n) - 1)).to_bytes(n, "little")
        sym = set(range(n)) if x.__class__ is Sym else set()
    groups = []
    for i in reversed(range(n)):
        groups.append("".join("$" if i in sym else "?" if ud[i] >> b & 1 else str(data[i] >> b & 1)
                              for b in range(7, -1, -1)))
    undef = sum(bin(c).count("1") for i, c in enumerate(ud) if i not in sym)
    lines = [" ".join(groups[k:k + 8]) for k in range(0, len(groups), 8)]
    what = "every bit defined" if not undef and not sym else \
        ", ".join(([f"{undef} of {8 * n} bits undefined"] if undef else []) +
                  ([f"{8 * len(sym)} of {8 * n} bits symbolic (computed from the inputs)"] if sym else []))
    return lines + [f"({what}; most significant bit first, ? undefined, $ symbolic)"]


def memory_text(prog, objs: dict, regs: list, start: int, extra: dict | None = None, levels: int = 3,
                limit: int = 12) -> list[str]:
    """The objects reachable from object `start` in a few steps, as text:
    name (extra: names of locals), size, the bytes (?? undefined, $$
    symbolic) and where each pointer leads."""
    from divm.cli.draw import byte_text, object_names, pointers, shown_rows
    names = object_names(prog, objs, regs)
    names.update((k, (v, False)) for k, v in (extra or {}).items())
    seen, queue, out = {start}, [(start, 0)], []
    while queue and len(seen) <= limit + 1:
        oid, level = queue.pop(0)
        o = objs[oid]
        undef = o.nud if o.ud is not None else 0
        out.append(f"{names[oid][0]}: {len(o.b)} bytes" + (f", {undef} undefined" if undef else "")
                   + (", read-only" if o.ro else ""))
        rows = shown_rows(o)
        for off, end in rows:
            if off in o.ptrs and end - off == 8:
                p = struct.unpack_from("<Q", o.b, off)[0]
                what = pointer_text(prog, objs, p)
                if p >> 32 in objs and p >> 32 in names:
                    what = f"-> {names[p >> 32][0]}" + (f" + {p & M32}" if p & M32 else "")
            else:
                what = " ".join(byte_text(o, j) for j in range(off, end))
            out.append(f"  {off:4}: {what}")
        if rows and rows[-1][1] < len(o.b):
            out.append(f"  ... bytes {rows[-1][1]}-{len(o.b) - 1} not shown")
        for _, p in pointers(o):
            if p >> 32 in objs and p >> 32 not in seen and level + 1 < levels:
                seen.add(p >> 32)
                queue.append((p >> 32, level + 1))
    if queue:
        out.append(f"(and {len(queue)} more objects)")
    return out

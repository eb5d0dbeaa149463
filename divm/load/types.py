"""LLVM types as the evaluator sees them: a kind letter plus layout.

k: 'i' integer (bits), 'p' pointer, 'f' float, 'd' double, 'x' x86 long
double, 'v' void, 's' struct, 'a' array, 'vec' vector, 'fn' function,
'label', 'token', 'md' metadata."""

from __future__ import annotations


class Ty:
    __slots__ = ("k", "bits", "size", "store", "align", "elems", "offsets", "padding",
                 "elem", "n", "ret", "params", "vararg", "text")

    def __init__(self, k: str, text: str = ""):
        self.k = k
        self.bits = 0
        self.size = 0
        self.store = 0
        self.align = 1
        self.elems: list[Ty] = []
        self.offsets: list[int] = []
        self.padding: list[tuple[int, int]] = []
        self.elem: Ty | None = None
        self.n = 0
        self.ret: Ty | None = None
        self.params: list[Ty] = []
        self.vararg = False
        self.text = text

    def __repr__(self) -> str:
        return self.text or self.k

    @property
    def mask(self) -> int:
        return (1 << self.bits) - 1

    @property
    def scalar(self) -> bool:
        return self.k in ("i", "p", "f", "d", "x")


def make_int(bits: int) -> Ty:
    t = Ty("i", f"i{bits}")
    t.bits = bits
    t.store = (bits + 7) // 8
    size = 1
    while size < t.store:
        size *= 2
    t.size = size if bits <= 128 else ((t.store + 7) // 8) * 8
    t.align = min(t.size, 16)
    return t


I1, I8, I32, I64 = make_int(1), make_int(8), make_int(32), make_int(64)
PTR = Ty("p", "ptr")
PTR.bits, PTR.size, PTR.store, PTR.align = 64, 8, 8, 8
DOUBLE = Ty("d", "double")
DOUBLE.bits, DOUBLE.size, DOUBLE.store, DOUBLE.align = 64, 8, 8, 8
VOID = Ty("v", "void")


def _mkty():
    """Types the VM itself needs: va_list, x86 long double, i128."""
    s = Ty("s", "%struct.__va_list_tag")
    s.elems = [I32, I32, PTR, PTR]
    s.offsets = [0, 4, 8, 16]
    s.size = s.store = 24
    s.align = 8
    x = Ty("x", "x86_fp80")
    x.size, x.store, x.align, x.bits = 16, 10, 16, 80
    return s, x, make_int(128)


VA_LIST, X86FP80, I128 = _mkty()

"""divm's decoded program: what the loader produces and the code generator
consumes.  Plain Python objects, no LLVM handles."""

from __future__ import annotations

from divm.load.types import Ty


class Op:
    """An operand: a register name, or a constant with its Python value."""
    __slots__ = ("name", "ty", "val", "const")

    def __init__(self, name, ty: Ty, val=None, const: bool = False):
        self.name = name
        self.ty = ty
        self.val = val
        self.const = const

    def __repr__(self) -> str:
        return self.name if not self.const else repr(self.val)


class Ins:
    __slots__ = ("op", "res", "ty", "a", "x", "loc", "col")

    def __init__(self, op: str, res, ty: Ty):
        self.op = op
        self.res = res
        self.ty = ty
        self.a: list[Op] = []
        self.x = None
        self.loc: tuple[str, int] | None = None
        self.col = 0  # (the debug location's column)

    def __repr__(self) -> str:
        return f"{self.res} = {self.op} {self.a} {self.x}"


class Blk:
    __slots__ = ("idx", "phis", "ins")

    def __init__(self, idx: int):
        self.idx = idx
        self.phis: list[Ins] = []
        self.ins: list[Ins] = []


class Fn:
    def __init__(self, name: str, idx: int):
        self.name = name
        self.idx = idx
        self.ty: Ty | None = None
        self.decl = True
        self.system = False
        self.params: list[str] = []
        self.blocks: list[Blk] = []
        self.file = ""
        self.line = 0
        self.ref = None

    def __repr__(self) -> str:
        return f"<fn {self.name}>"


class Glob:
    def __init__(self, name: str, idx: int):
        self.name = name
        self.idx = idx
        self.ty: Ty | None = None
        self.size = 0
        self.const = False
        self.tls = False
        self.system = False
        self.decl = False
        self.init = None
        self.ref = None


class Program:
    def __init__(self):
        self.functions: list[Fn] = []
        self.fn_by_name: dict[str, Fn] = {}
        self.globals: list[Glob] = []
        self.glob_by_name: dict[str, Glob] = {}
        self.aliases: dict[str, int] = {}
        self.ext_uses: dict[str, str] = {}  # undefined function -> first use
        self.replaced: set[str] = set()  # the runtime's functions and globals the program defines
        self.name = ""
        self.source: str | None = None  # the C file it was compiled from
        self.uninit_reads: str | None = None  # what an optimising divm cc may have folded away (loader.py)
        self.digest = ""
        self.llp64 = False  # `long` is 32 bits (a Windows-gnu triple: link.py; divm's pointers stay 64)
        self.decoder = None  # decodes the remaining functions on demand

    @property
    def va_list_size(self) -> int:
        """Bytes of a va_list: a char * (LLP64), or x86-64's __va_list_tag."""
        return 8 if self.llp64 else 24

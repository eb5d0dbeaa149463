"""What every part of the code generator shares: the lines emitted so far,
their line map, and how values and types are spelled in Python."""

from __future__ import annotations

import math

from divm.load.ir import Fn, Op
from divm.load.types import Ty


class CodegenError(Exception):
    pass


def mask(bits: int) -> str:
    return hex((1 << bits) - 1)


class Emitter:
    def __init__(self, vm, fn: Fn):
        self.vm = vm
        self.fn = fn
        self.lines: list[str] = []
        self.linemap: dict[int, tuple[str, int]] = {}
        self.interrupts = not fn.system  # DiOS and libc-shim run with interrupts masked
        # SV-COMP's __VERIFIER_atomic_* functions run as one step: no
        # interrupt points, and interrupts masked until they return
        self.atomic = fn.name.startswith("__VERIFIER_atomic_") and not fn.system
        if self.atomic:
            self.interrupts = False

    def emit(self, ind: int, text: str, loc=None) -> None:
        self.lines.append("    " * ind + text)
        if loc is not None:
            self.linemap[len(self.lines)] = loc

    def const(self, v) -> str:
        if v.__class__ is bool:
            return "1" if v else "0"
        if v.__class__ is int:
            return str(v) if v < 4096 else hex(v)
        if v.__class__ is float and math.isfinite(v):
            return repr(v)
        return self.vm.pool(v)

    def val(self, op: Op) -> str:
        if op.const:
            return self.const(op.val)
        return op.name

    def tname(self, ty: Ty) -> str:
        return self.vm.pool(ty)

    @staticmethod
    def defined(*vals: str) -> str:
        """The test that operand expressions hold plain (defined) ints."""
        tests = [f"({x}).__class__ is int" for x in vals if not (x[0].isdigit() or x[0] == "-")]
        return " and ".join(tests) or "True"

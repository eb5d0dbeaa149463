"""Signed overflow that clang folds away before divm sees it.

`INT_MAX + 1` over constants (literals, enumerators, const variables)
becomes the wrapped constant in the IR: no instruction is left to check.
clang's -Winteger-overflow names each such expression; -o check:overflow
makes the code at its place fault when it runs (codegen: the instruction
of that line whose column is the last at or before the expression's)."""

from __future__ import annotations

import re
import subprocess

from divm.load.loader import cc_flags, find_clang

_WARN = re.compile(r"^(.*?):(\d+):(\d+): warning: (overflow in expression; result is .*?) \[-Winteger-overflow\]$",
                   re.M)


def constant_overflows(path: str) -> dict[tuple[str, int], list[tuple[int, str]]]:
    """(file, line) -> [(column, clang's words)] of the folded overflows of
    a C source; empty when clang cannot tell (or is not there)."""
    flags = [f for f in cc_flags() if f not in ("-emit-llvm", "-c", "-g")]
    cmd = [find_clang(), *flags, "-Winteger-overflow", "-fsyntax-only", "-fno-color-diagnostics", path]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return {}
    out: dict[tuple[str, int], list[tuple[int, str]]] = {}
    for file, line, col, what in _WARN.findall(r.stderr):
        out.setdefault((file, int(line)), []).append((int(col), what.replace("'", "")))
    return out

"""Signed overflow (and shifts out of range) that clang folds away before
divm sees it.

`INT_MAX + 1` over constants (literals, enumerators, const variables)
becomes the wrapped constant in the IR: no instruction is left to check.
clang's -Winteger-overflow names each such expression; -o check:overflow
makes the code at its place fault when it runs (codegen: the instruction
of that line whose column is the last at or before the expression's)."""

from __future__ import annotations

import re
import subprocess

from divm.load.loader import cc_flags, find_clang

_WARN = re.compile(r"^(.*?):(\d+):(\d+): warning: (overflow in expression; result is .*?|shift count >= width of type|"
                   r"shift count is negative) \[-W(?:integer-overflow|shift-count-overflow|shift-count-negative)\]$",
                   re.M)
# a fold after one of these on its line may be in an operand that never runs
# (the folded operand leaves no code of its own to place the fault at)
_CONDITIONAL = re.compile(r"&&|\|\||\?")


def constant_overflows(path: str) -> dict[tuple[str, int], list[tuple[int, str]]]:
    """(file, line) -> [(column, clang's words)] of the folded overflows of
    a C source; empty when clang cannot tell (or is not there)."""
    flags = [f for f in cc_flags() if f not in ("-emit-llvm", "-c", "-g")]
    cmd = [find_clang(), *flags, "-Winteger-overflow", "-Wshift-count-overflow", "-Wshift-count-negative",
           "-fsyntax-only", "-fno-color-diagnostics", path]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return {}
    out: dict[tuple[str, int], list[tuple[int, str]]] = {}
    lines: dict[str, list[str]] = {}
    for file, line, col, what in _WARN.findall(r.stderr):
        if file not in lines:
            try:
                with open(file, errors="replace") as f:
                    lines[file] = f.read().splitlines()
            except OSError:
                lines[file] = []
        text = lines[file][int(line) - 1] if int(line) <= len(lines[file]) else "&&"
        if _CONDITIONAL.search(text[:int(col) - 1]):
            continue  # (missed rather than reported on a path where it does not happen)
        what = what.replace("'", "")
        what = f"signed overflow: {what}" if what.startswith("overflow") else f"shift amount out of range: {what}"
        out.setdefault((file, int(line)), []).append((int(col), what))
    return out

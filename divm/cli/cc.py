"""divm cc: compile C to bitcode against libc-shim and DiOS."""

from __future__ import annotations

import os
import sys

from divm.cli.parser import UsageError
from divm.load.loader import LoadError, cc_flags, compile_c

USAGE = """usage: divm cc [-h] [--print-flags] [clang options] FILE.c... [-o OUT.bc]

Compiles C to bitcode against libc-shim and DiOS, with debug info; several
files are linked into one.  clang's warnings and errors are shown as clang
prints them.

options:
  -h, --help     show this help message and exit
  --print-flags  print the flags divm cc gives clang (to compile with clang itself)
  -o OUT.bc      the bitcode file (default: the first source's name, .bc, here)
  clang options  anything else goes to clang after divm's flags (-O1 with no
                 optimisation pass, for lifetime markers, and -ffp-contract=off
                 come first; a user's -O level runs its passes; -w silences
                 warnings; -I, -D as usual)"""


def cmd_cc(argv: list[str]) -> int:
    if "--print-flags" in argv:
        print(" ".join(cc_flags(warnings=True)))
        return 0
    if not argv or "-h" in argv or "--help" in argv:
        print(USAGE)
        return 0 if argv else 2
    out = None
    srcs, flags = [], []
    it = iter(argv)
    for a in it:
        if a == "-o":
            out = next(it, None)
        elif a.startswith("-o") and len(a) > 2:
            out = a[2:]
        elif a.endswith(".c") and not a.startswith("-"):
            srcs.append(a)
        else:
            flags.append(a)
    if not srcs:
        raise UsageError("cc: no C source files given")
    for s in srcs:
        if not os.path.exists(s):
            raise LoadError(f"{s}: no such file")
    if out is None:
        out = os.path.splitext(os.path.basename(srcs[0]))[0] + ".bc"
    compile_c(srcs, out, flags, diagnostics=show)
    return 0


def show(text: str) -> None:
    """clang's messages, all of them, as clang printed them."""
    sys.stdout.flush()
    sys.stderr.write(text)
    sys.stderr.flush()

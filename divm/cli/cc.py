"""divm cc: compile C to bitcode against libc-shim and DiOS."""

from __future__ import annotations

import os

from divm.cli.parser import UsageError
from divm.load.loader import LoadError, cc_flags, compile_c

USAGE = ("usage: divm cc [clang options] FILE.c... -o OUT.bc\n"
         "compiles C to bitcode against libc-shim and DiOS; -O0 -ffp-contract=off come\n"
         "first, so a user's -O1 wins.  --print-flags shows the clang flags.")


def cmd_cc(argv: list[str]) -> int:
    if "--print-flags" in argv:
        print(" ".join(cc_flags()))
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
    compile_c(srcs, out, flags)
    return 0

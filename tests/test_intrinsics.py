"""Every intrinsic clang emits for the test corpus at -O0..-O2 is one divm knows.

This is the check that keeps divm's intrinsic list honest: it compiles a
varied corpus (the differential programs, the libc-shim and DiOS sources and
the benchmarks) at each optimisation level and greps the IR."""

import glob
import os
import re
import subprocess

import pytest

from divm.load.intrinsics import known_intrinsic
from divm.load.loader import cc_flags, find_clang

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = sorted(glob.glob(os.path.join(ROOT, "tests", "programs", "*.c"))
                + glob.glob(os.path.join(ROOT, "tools", "benchmarks", "*.c"))
                + glob.glob(os.path.join(ROOT, "libc-shim", "src", "**", "*.c"), recursive=True)
                + glob.glob(os.path.join(ROOT, "dios", "src", "*.c")))
IGNORED = re.compile(r"^llvm\.(dbg\.|lifetime\.|assume$|experimental\.noalias\.scope\.decl|var\.annotation"
                     r"|donothing|sideeffect|pseudoprobe|prefetch|invariant\.)")


@pytest.mark.parametrize("opt", ["-O0", "-O1", "-O2"])
def test_corpus_intrinsics_are_known(opt, tmp_path):
    clang = find_clang()
    seen: dict[str, str] = {}
    for src in CORPUS:
        flags = [f for f in cc_flags() if f not in ("-c", "-emit-llvm")]
        r = subprocess.run([clang, *flags, opt, "-S", "-emit-llvm", src, "-o", "-"],
                           capture_output=True, text=True)
        if r.returncode:
            continue  # corpus files that need extra flags are covered elsewhere
        for name in re.findall(r"@(llvm\.[\w.]+)\(", r.stdout):
            seen.setdefault(name, os.path.basename(src))
    assert seen, "the corpus produced no intrinsics at all"
    unknown = {n: f for n, f in seen.items() if not IGNORED.match(n) and not known_intrinsic(n)}
    assert not unknown, f"intrinsics divm does not execute: {unknown}"

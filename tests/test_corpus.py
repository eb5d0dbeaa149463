"""Native sanity checks of the test corpus itself (no divm involved).

A differential failure is only meaningful when the program's native
behaviour is well defined, so every tests/programs/*.c must produce the
same stdout and exit status under gcc -O0, gcc -O1 and clang-22 -O2, and
its metadata must be well-formed. The heavier checks (sanitizers, MSan,
valgrind) are in tests/native_check.py, to be run by hand after editing the
corpus.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import (
    compile_native, find_clang, ids, parse_meta, program_files, require_gcc, run_native, tail,
)

PROGRAMS = program_files()


def test_corpus_size():
    assert len(PROGRAMS) >= 40


@pytest.mark.parametrize("prog", PROGRAMS, ids=ids(PROGRAMS))
def test_program_is_deterministic(prog, tmp_path):
    meta = parse_meta(prog)
    if meta.stdin is not None:
        assert meta.stdin.exists(), f"{prog.name}: stdin file {meta.stdin} missing"
    assert not set(meta.raw) - {"args", "stdin"}, f"{prog.name}: unknown metadata {sorted(meta.raw)}"
    builds = [("gcc", "-O0"), ("gcc", "-O1")]
    clang = find_clang()
    if clang:
        builds.append((clang, "-O2"))
    results = []
    for i, (cc, opt) in enumerate(builds):
        compiler = require_gcc() if cc == "gcc" else cc
        exe = compile_native(compiler, prog, tmp_path / f"exe{i}", opt)
        results.append((f"{Path(compiler).name} {opt}", run_native(exe, meta, cwd=tmp_path)))
    ref_name, ref = results[0]
    # exit status 1 is what divm uses for "error": keep programs away from it
    assert ref.returncode != 1, f"{prog.name} exits with 1, which divm reserves for errors"
    for name, r in results[1:]:
        assert (r.stdout, r.returncode) == (ref.stdout, ref.returncode), (
            f"{prog.name}: {name} differs from {ref_name}\n--- {ref_name} ---\n{tail(ref.stdout)}\n"
            f"--- {name} ---\n{tail(r.stdout)}")

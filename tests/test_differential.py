"""Differential tests: every tests/programs/*.c must behave under
`divm run` exactly as the natively compiled program does.

Variants:
  O0        native `gcc -O0`;   divm runs the .c (divm cc's default -O0)
  O1        native `gcc -O1`;   `divm cc -O1 x.c -o x.bc`, then `divm run x.bc`
  clang-O2  native `clang-22 -O2`; `divm cc -O2 x.c -o x.bc`, then run the .bc
            (only the programs in O2_SUBSET unless DIVM_TEST_O2_ALL=1)

Compared: stdout byte for byte and the exit status. The native stderr lines
must also appear, in order, in divm's stderr (divm may add its own lines).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import (
    compile_native, copy_source, describe_divm_failure, divm_run_args, ids, parse_meta,
    program_files, require_clang, require_gcc, run_divm, run_native, stderr_lines_in_order, tail,
)

PROGRAMS = program_files()

# Programs worth running after clang's -O2 pipeline (vectorised loops,
# select/phi-heavy code, funnel shifts, intrinsics such as llvm.umul.with.overflow).
O2_SUBSET = {
    "bit_builtins", "overflow_builtins", "int128", "int_widths", "int_divmod", "float_arith",
    "struct_pass", "bitfields", "arrays_multi", "switch", "goto", "setjmp", "checksums",
    "matrix", "sieve", "sort_bench", "hashtable", "nqueens", "bigfact", "tokenizer",
    "varargs", "strings", "divide_switch_copy", "minmax_copy", "long_double_math",
}


def _o2_programs():
    if os.environ.get("DIVM_TEST_O2_ALL") == "1":
        return PROGRAMS
    return [p for p in PROGRAMS if p.stem in O2_SUBSET]


def _check(prog, native, divm):
    meta = parse_meta(prog)
    problems = []
    if divm.stdout != native.stdout:
        problems.append("stdout differs")
    if divm.returncode != native.returncode:
        problems.append(f"exit status {divm.returncode} != native {native.returncode}")
    missing = stderr_lines_in_order(native.stderr, divm.stderr)
    if missing is not None:
        problems.append(f"native stderr line missing from divm's stderr: {missing!r}")
    if problems:
        pytest.fail(
            f"{prog.name} (args {meta.args}, stdin {meta.stdin.name if meta.stdin else None}): "
            + "; ".join(problems) + f" -- {describe_divm_failure(divm)}\n"
            f"--- native stdout ---\n{tail(native.stdout)}\n"
            f"--- divm stdout ---\n{tail(divm.stdout)}\n"
            f"--- divm stderr ---\n{tail(divm.stderr)}")


def _differential(prog, tmp_path, compiler, opt, divm_opt):
    meta = parse_meta(prog)
    src = copy_source(prog, tmp_path)
    exe = compile_native(compiler, src, tmp_path / "native", opt)
    native = run_native(exe, meta, cwd=tmp_path)
    if divm_opt is None:
        target = src
    else:
        target = tmp_path / f"{prog.stem}{divm_opt}.bc"
        cc = run_divm(["cc", divm_opt, str(src), "-o", str(target)], cwd=tmp_path)
        assert cc.returncode == 0 and target.exists(), (
            f"divm cc {divm_opt} failed ({cc.returncode}):\n{tail(cc.stderr)}")
    divm = run_divm(divm_run_args(target, meta), cwd=tmp_path)
    _check(prog, native, divm)


@pytest.mark.parametrize("prog", PROGRAMS, ids=ids(PROGRAMS))
def test_gcc_O0(prog, tmp_path):
    _differential(prog, tmp_path, require_gcc(), "-O0", None)


@pytest.mark.parametrize("prog", PROGRAMS, ids=ids(PROGRAMS))
def test_gcc_O1(prog, tmp_path):
    _differential(prog, tmp_path, require_gcc(), "-O1", "-O1")


@pytest.mark.parametrize("prog", _o2_programs(), ids=ids(_o2_programs()))
def test_clang_O2(prog, tmp_path):
    _differential(prog, tmp_path, require_clang(), "-O2", "-O2")


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
def test_no_math_errno(opt, tmp_path):
    """-fno-math-errno makes fmod a frem instruction, sqrt and lrint
    intrinsics (long double ones too): the same results as native."""
    prog = next(p for p in PROGRAMS if p.stem == "long_double_math")
    meta = parse_meta(prog)
    src = copy_source(prog, tmp_path)
    native = run_native(compile_native(require_clang(), src, tmp_path / "native", opt, ["-fno-math-errno"]),
                        meta, cwd=tmp_path)
    target = tmp_path / "p.bc"
    cc = run_divm(["cc", opt, "-fno-math-errno", str(src), "-o", str(target)], cwd=tmp_path)
    assert cc.returncode == 0, tail(cc.stderr)
    _check(prog, native, run_divm(divm_run_args(target, meta), cwd=tmp_path))

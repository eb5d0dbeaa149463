"""Differential tests: every tests/programs/*.c must behave under
`divm run` exactly as the natively compiled program does.

Variants:
  O0        native `gcc -O0`;   divm runs the .c (divm cc's default -O0)
  O1        native `gcc -O1`;   `divm cc -O1 x.c -o x.bc`, then `divm run x.bc`
  clang-O2  native `clang-22 -O2`; `divm cc -O2 x.c -o x.bc`, then run the .bc
            (only the programs in O2_SUBSET unless DIVM_TEST_O2_ALL=1)
  llp64     native `gcc -m32 -O0` (SSE arithmetic, not x87's excess precision);
            `divm cc --target=x86_64-w64-windows-gnu x.c -o x.bc`, then run the
            .bc: a 32-bit long as under ILP32, with divm's 64-bit pointers
            (the programs not in LLP64_EXCLUDE)

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
    program_files, require_clang, require_gcc, require_gcc_m32, run_divm, run_native,
    stderr_lines_in_order, tail,
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


# Not in the llp64 variant.  divm's LLP64 keeps x86-64's 64-bit pointers,
# size_t and alignments while gcc -m32 is i386 (ILP32): programs that print
# what depends on those legitimately differ.
LLP64_EXCLUDE = {
    # pointer-sized types printed
    "int_widths",       # sizeof(void *)
    "flexible_array",   # sizeof and offsetof of a struct of size_t members
    "misc_std",         # SIZE_MAX, PTRDIFF_MAX, a size_t's wrap; offsetof past a double (4-aligned on i386)
    # i386 aligns double and long long to 4 in structures, x86-64 to 8
    "packed",           # sizeof and offsetof of a struct with a uint64_t
    "unions",           # sizeof of a struct holding a union with a double
    "struct_pass",      # sizeof of structs with a double and a long long
    # features or behaviour of gcc -m32 that divm's LLP64 does not share
    "c11_features",     # static-asserts _Alignof(double) == 8: gcc -m32 does not compile it
    "int128",           # gcc -m32 has no __int128
    "long_double",      # sizeof(long double): 12 on i386, 16 on x86-64
    "printf_int",       # %lx of 0xdeadbeefcafeUL, an unsigned long long where long is 32 bits (undefined;
                        # i386's stack arguments shift), %zx of sizeof(long double)
}


def _llp64_programs():
    return [p for p in PROGRAMS if p.stem not in LLP64_EXCLUDE]


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


def _differential(prog, tmp_path, compiler, opt, divm_cc, native_extra=()):
    """divm_cc None: divm runs the .c; otherwise `divm cc *divm_cc` makes
    the .bc it runs."""
    meta = parse_meta(prog)
    src = copy_source(prog, tmp_path)
    exe = compile_native(compiler, src, tmp_path / "native", opt, native_extra)
    native = run_native(exe, meta, cwd=tmp_path)
    if divm_cc is None:
        target = src
    else:
        target = tmp_path / f"{prog.stem}-divm.bc"
        cc = run_divm(["cc", *divm_cc, str(src), "-o", str(target)], cwd=tmp_path)
        assert cc.returncode == 0 and target.exists(), (
            f"divm cc {' '.join(divm_cc)} failed ({cc.returncode}):\n{tail(cc.stderr)}")
    divm = run_divm(divm_run_args(target, meta), cwd=tmp_path)
    _check(prog, native, divm)


@pytest.mark.parametrize("prog", PROGRAMS, ids=ids(PROGRAMS))
def test_gcc_O0(prog, tmp_path):
    _differential(prog, tmp_path, require_gcc(), "-O0", None)


@pytest.mark.parametrize("prog", PROGRAMS, ids=ids(PROGRAMS))
def test_gcc_O1(prog, tmp_path):
    _differential(prog, tmp_path, require_gcc(), "-O1", ["-O1"])


@pytest.mark.parametrize("prog", _o2_programs(), ids=ids(_o2_programs()))
def test_clang_O2(prog, tmp_path):
    _differential(prog, tmp_path, require_clang(), "-O2", ["-O2"])


@pytest.mark.parametrize("prog", _llp64_programs(), ids=ids(_llp64_programs()))
def test_llp64(prog, tmp_path):
    _differential(prog, tmp_path, require_gcc_m32(), "-O0", ["--target=x86_64-w64-windows-gnu"],
                  native_extra=["-m32", "-msse2", "-mfpmath=sse"])


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

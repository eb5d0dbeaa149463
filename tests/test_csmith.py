"""Differential tests on csmith-generated programs.

The programs are generated at test time from fixed seeds with options that
keep them small. The seeds were probed with csmith 2.3.0: each program
terminates natively in a few milliseconds (about 30-60k instructions beyond
an empty program's startup), prints the same checksum under gcc -O0/-O1/-O2
and clang -O0/-O2, and runs clean under ASan+UBSan, MSan and valgrind.
Each program is compiled natively with `gcc -O0 -w -I<csmith include>` and
for divm with `divm cc -w -I<csmith include>`; stdout (the checksum line)
and the exit status must agree.

tools/csmith_diff.py runs the same comparison on many random seeds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import describe_divm_failure, require_gcc, run_divm, tail

CSMITH_OPTIONS = [
    "--no-packed-struct", "--max-funcs", "4", "--max-block-depth", "3",
    "--max-array-dim", "2", "--max-array-len-per-dim", "5",
    "--max-expr-complexity", "6", "--no-volatiles",
]
# seed -> checksum printed natively (csmith 2.3.0), for reference only: the
# test compares with the native run, not with these values.
SEEDS = {
    12: "4C2E830C",   # unions, a bit-field
    15: "92C34979",   # unions, bit-fields
    18: "7B7723BC",   # structs, bit-fields
    28: "9FCAD5D7",   # pointer-heavy (pointers to pointers), ~1200 lines
    51: "112CB0B7",   # structs, a union, bit-fields
}
DIVM_TIMEOUT = 120.0


def csmith_include() -> Path:
    return Path(os.environ.get("CSMITH_INCLUDE", "/usr/include/csmith"))


@pytest.fixture(scope="module")
def csmith():
    exe = shutil.which("csmith")
    if exe is None:
        pytest.skip("csmith not found")
    if not (csmith_include() / "csmith.h").exists():
        pytest.skip(f"csmith.h not found in {csmith_include()} (set CSMITH_INCLUDE)")
    return exe


@pytest.mark.parametrize("seed", sorted(SEEDS))
def test_csmith_seed(seed, csmith, tmp_path):
    gcc = require_gcc()
    inc = csmith_include()
    src = tmp_path / f"csmith{seed}.c"
    subprocess.run([csmith, "--seed", str(seed), *CSMITH_OPTIONS, "-o", str(src)],
                   check=True, cwd=tmp_path, stdout=subprocess.DEVNULL, timeout=60)
    exe = tmp_path / "native"
    subprocess.run([gcc, "-O0", "-w", f"-I{inc}", str(src), "-o", str(exe)], check=True, timeout=120)
    native = subprocess.run([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=10)
    assert native.stdout.startswith(b"checksum = "), f"unexpected native output {native.stdout[:200]!r}"

    bc = tmp_path / f"csmith{seed}.bc"
    cc = run_divm(["cc", "-w", f"-I{inc}", str(src), "-o", str(bc)], cwd=tmp_path, timeout=DIVM_TIMEOUT)
    assert cc.returncode == 0 and bc.exists(), f"divm cc failed ({cc.returncode}):\n{tail(cc.stderr)}"
    divm = run_divm(["run", str(bc)], cwd=tmp_path, timeout=DIVM_TIMEOUT)
    assert (divm.stdout, divm.returncode) == (native.stdout, native.returncode), (
        f"seed {seed}: {describe_divm_failure(divm)}\n"
        f"native: {native.stdout!r} exit {native.returncode}\n"
        f"divm:   {divm.stdout[:500]!r} exit {divm.returncode}\n"
        f"--- divm stderr ---\n{tail(divm.stderr)}")

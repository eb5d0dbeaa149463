"""The fast paths of divm/fastlib.py (hot libc-shim functions done in
Python) against the interpreted C functions (DIVM_NO_FASTLIB=1): the same
output, exit status, error kind, message and backtrace, in regular cases
and in every irregular one (undefined bytes, out of bounds, unterminated,
freed, constant data)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from conftest import divm_cmd, divm_env

HERE = Path(__file__).parent / "fastlib"
PROGRAMS = sorted(HERE.glob("*.c"))


def run(bc: Path, fast: bool, *options) -> subprocess.CompletedProcess:
    env = divm_env()
    if not fast:
        env["DIVM_NO_FASTLIB"] = "1"
    else:
        env.pop("DIVM_NO_FASTLIB", None)
    return subprocess.run(divm_cmd("run", *options, bc), env=env, capture_output=True, timeout=120)


@pytest.mark.parametrize("prog", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_fast_equals_slow(prog, tmp_path):
    bc = tmp_path / (prog.stem + ".bc")
    # the error programs at -O0, where clang keeps every library call
    opt = "-O0" if prog.stem.startswith("err_") else "-O1"
    subprocess.run(divm_cmd("cc", opt, prog, "-o", bc), env=divm_env(), check=True)
    opts = ("--choices", "0,1,1,1", "--report", tmp_path / "r.json") if prog.stem == "malloc_fails" else ()
    fast, slow = run(bc, True, *opts), run(bc, False, *opts)
    assert fast.stdout == slow.stdout
    assert fast.stderr == slow.stderr
    assert fast.returncode == slow.returncode
    if prog.stem.startswith("err_"):
        assert fast.returncode == 1 and b"error:" in fast.stderr
    else:
        assert fast.returncode == 0, fast.stderr



def test_formats_match_native(tmp_path):
    """formats.c under divm prints what the host's glibc prints."""
    from conftest import find_gcc
    gcc = find_gcc()
    if gcc is None:
        pytest.skip("no gcc")
    exe = tmp_path / "native"
    subprocess.run([gcc, "-O0", "-w", str(HERE / "formats.c"), "-o", str(exe)], check=True)
    native = subprocess.run([str(exe)], capture_output=True)
    bc = tmp_path / "formats.bc"
    subprocess.run(divm_cmd("cc", HERE / "formats.c", "-o", bc), env=divm_env(), check=True)
    assert run(bc, True).stdout == native.stdout


def test_switch_off():
    from divm import fastlib
    old = os.environ.get("DIVM_NO_FASTLIB")
    try:
        os.environ["DIVM_NO_FASTLIB"] = "1"
        assert not fastlib.enabled()
        os.environ["DIVM_NO_FASTLIB"] = "0"
        assert fastlib.enabled()
    finally:
        if old is None:
            os.environ.pop("DIVM_NO_FASTLIB", None)
        else:
            os.environ["DIVM_NO_FASTLIB"] = old

"""The fast paths of divm/vm/fastlib.py (hot libc-shim functions done in
Python) against the interpreted C functions (DIVM_NO_FASTLIB=1): the same
output, exit status, error kind, message and backtrace, in regular cases
and in every irregular one (undefined bytes, out of bounds, unterminated,
freed, constant data)."""

from __future__ import annotations

import json
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
    # the error programs and malloc_fails at -O0, where clang keeps every
    # library call (at -O1 it drops a malloc whose block is only freed)
    opt = "-O0" if prog.stem.startswith("err_") or prog.stem == "malloc_fails" else "-O1"
    subprocess.run(divm_cmd("cc", opt, prog, "-o", bc), env=divm_env(), check=True)
    opts: tuple = ("--report", tmp_path / "r.json")
    if prog.stem == "malloc_fails":
        opts += ("--choices", "0,1,1,1")
    fast = run(bc, True, *opts)
    fast_choices = json.loads((tmp_path / "r.json").read_text())["choices"]
    slow = run(bc, False, *opts)
    # the same questions to `choose` (a plain run's malloc skips DiOS's call)
    assert fast_choices == json.loads((tmp_path / "r.json").read_text())["choices"]
    assert fast.stdout == slow.stdout
    assert fast.stderr == slow.stderr
    assert fast.returncode == slow.returncode
    if prog.stem.startswith("err_"):
        assert fast.returncode == 1 and b"error:" in fast.stderr
    else:
        assert fast.returncode == 0, fast.stderr



@pytest.mark.parametrize("opts", [(), ("-o", "nofail:malloc"), ("--random", "--seed", "7")])
def test_malloc_choices_logged(tmp_path, opts):
    """A plain run skips __dios_alloc_fails but logs the question it asks,
    and none under -o nofail:malloc; other choosers take DiOS's path."""
    bc = tmp_path / "m.bc"
    subprocess.run(divm_cmd("cc", "-O0", HERE / "malloc_fails.c", "-o", bc), env=divm_env(), check=True)
    got = []
    for fast in (True, False):
        r = run(bc, fast, "--report", tmp_path / "r.json", *opts)
        got.append((r.stdout, r.returncode, json.loads((tmp_path / "r.json").read_text())["choices"]))
    assert got[0] == got[1]
    assert len(got[0][2]) == (0 if opts and opts[0] == "-o" else 2)
    assert all(c[1] == 2 for c in got[0][2])


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
    from divm.vm import fastlib
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

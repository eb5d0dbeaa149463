"""Shared helpers for the divm test-suite.

The differential tests (test_differential.py, test_csmith.py) compile every
program natively and compare its stdout and exit status with what
`python3 -m divm run` produces; test_errors.py checks the verdict, the
error kind and the backtrace that divm reports for programs with exactly
one error.

Metadata is given in `// key: value` comments at the top of a test program
(before the first line that is not a `//` comment):

    // args: a "b c" ''     program arguments, split like a POSIX shell
    // stdin: numbers.txt   file in tests/programs/inputs/ fed to stdin
    // expect: memory       (tests/errors) the error kind, or `none`
    // errorframe: lib      (tests/errors) the fault may be raised inside a
                            callee (libc-shim's free/memcpy/abort, or the
                            program's reach_error); the first frame in the
                            test file (outside reach_error/__VERIFIER_error)
                            must then be at the ERROR line
    // exit: 7              (tests/errors, expect: none) the exit status

and a trailing `// ERROR` comment marks the line of the error.

Environment variables:
    DIVM_TEST_CLANG    clang used for the native -O2 variant (default clang-22)
    DIVM_TEST_GCC      gcc for the native reference builds (default gcc; the
                       llp64 variant needs its -m32, gcc-multilib)
    DIVM_TEST_TIMEOUT  seconds allowed per divm command (default 60)
    DIVM_TEST_O2_ALL   1: run the clang -O2 variant for every program
    DIVM_TEST_CMD      the divm command, split like a shell command line
                       (default: "<python> -m divm" with this checkout on
                       PYTHONPATH); e.g. DIVM_TEST_CMD=divm tests the
                       installed console script
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

import pytest

ROOT = Path(__file__).resolve().parent.parent

# divm's disk cache (divm/load/cache.py): one per test session, shared by the
# xdist workers (they inherit the environment) and removed at the end, so
# the tests neither use nor fill the user's cache.
if not os.environ.get("DIVM_TEST_SESSION_CACHE"):
    import atexit
    import tempfile
    _cache_dir = tempfile.mkdtemp(prefix="divm-test-cache-")
    os.environ["DIVM_TEST_SESSION_CACHE"] = _cache_dir
    atexit.register(shutil.rmtree, _cache_dir, True)
os.environ["DIVM_CACHE"] = os.environ["DIVM_TEST_SESSION_CACHE"]
TESTS_DIR = ROOT / "tests"
PROGRAMS_DIR = TESTS_DIR / "programs"
INPUTS_DIR = PROGRAMS_DIR / "inputs"
ERRORS_DIR = TESTS_DIR / "errors"

DIVM_TIMEOUT = float(os.environ.get("DIVM_TEST_TIMEOUT", "60"))
NATIVE_TIMEOUT = 10.0

# Flags for native reference builds. gnu11 because the corpus uses GNU
# extensions (computed goto, statement expressions, __int128, case ranges);
# -ffp-contract=off matches divm cc's default.
NATIVE_CFLAGS = ["-std=gnu11", "-w", "-g", "-ffp-contract=off"]
NATIVE_LDFLAGS = ["-lm"]

META_RE = re.compile(r"^//\s*([A-Za-z][\w-]*)\s*:\s*(.*?)\s*$")
ERROR_MARK_RE = re.compile(r"//\s*ERROR\b")


# --------------------------------------------------------------------------
# tools

def find_clang() -> Optional[str]:
    """The clang used for native -O2 builds, or None when it is missing."""
    name = os.environ.get("DIVM_TEST_CLANG", "clang-22")
    return shutil.which(name)


def find_gcc() -> Optional[str]:
    return shutil.which(os.environ.get("DIVM_TEST_GCC", "gcc"))


def require_gcc() -> str:
    gcc = find_gcc()
    if gcc is None:
        pytest.skip("gcc not found: native reference builds need it")
    return gcc


_GCC_M32: dict = {}


def require_gcc_m32() -> str:
    """gcc, when it can build and run 32-bit programs (gcc-multilib)."""
    gcc = require_gcc()
    if gcc not in _GCC_M32:
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            src, exe = Path(d) / "t.c", Path(d) / "t"
            src.write_text("int main(void) { return sizeof(long) != 4; }\n")
            r = subprocess.run([gcc, "-m32", str(src), "-o", str(exe)], capture_output=True, timeout=120)
            _GCC_M32[gcc] = r.returncode == 0 and subprocess.run([str(exe)], timeout=10).returncode == 0
    if not _GCC_M32[gcc]:
        pytest.skip("gcc -m32 cannot build or run 32-bit programs (install gcc-multilib)")
    return gcc


def require_clang() -> str:
    clang = find_clang()
    if clang is None:
        pytest.skip("clang-22 not found (set DIVM_TEST_CLANG to another clang)")
    return clang


# --------------------------------------------------------------------------
# metadata

@dataclass
class Meta:
    path: Path
    args: list = field(default_factory=list)
    stdin: Optional[Path] = None
    expect: Optional[str] = None
    errorframe: Optional[str] = None
    exit: int = 0
    error_lines: list = field(default_factory=list)
    raw: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.path.name


def parse_meta(path: Path) -> Meta:
    """Reads the `// key: value` header and the `// ERROR` markers."""
    text = Path(path).read_text()
    raw: dict = {}
    lines = text.splitlines()
    for line in lines:
        if not line.startswith("//"):
            break
        m = META_RE.match(line)
        if m:
            raw[m.group(1).lower()] = m.group(2)
    meta = Meta(path=Path(path), raw=raw)
    if "args" in raw:
        meta.args = shlex.split(raw["args"])
    if "stdin" in raw:
        meta.stdin = INPUTS_DIR / raw["stdin"]
    if "expect" in raw:
        meta.expect = raw["expect"].strip().lower()
    if "errorframe" in raw:
        meta.errorframe = raw["errorframe"].strip().lower()
    if "exit" in raw:
        meta.exit = int(raw["exit"])
    meta.error_lines = [i for i, line in enumerate(lines, 1) if ERROR_MARK_RE.search(line)]
    return meta


def program_files() -> list:
    return sorted(PROGRAMS_DIR.glob("*.c"))


def error_files() -> list:
    return sorted(ERRORS_DIR.glob("*.c"))


def ids(paths: Sequence[Path]) -> list:
    return [p.stem for p in paths]


# --------------------------------------------------------------------------
# running things

def _decode(b: bytes) -> str:
    return b.decode("utf-8", "replace")


def tail(b: bytes, n: int = 3000) -> str:
    s = _decode(b)
    return s if len(s) <= n else "..." + s[-n:]


def divm_env() -> dict:
    """Environment in which `python -m divm` finds the package in ROOT."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    return env


def divm_cmd(*args) -> list:
    base = os.environ.get("DIVM_TEST_CMD")
    prefix = shlex.split(base) if base else [sys.executable, "-m", "divm"]
    return [*prefix, *map(str, args)]


def run_divm(args: Sequence, *, cwd: Path, timeout: float = DIVM_TIMEOUT,
             stdin_bytes: bytes = b"") -> subprocess.CompletedProcess:
    """Runs `python -m divm ARGS` in cwd; fails the test on timeout."""
    cmd = divm_cmd(*args)
    try:
        return subprocess.run(cmd, cwd=str(cwd), env=divm_env(), input=stdin_bytes,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"divm timed out after {timeout:.0f} s: {shlex.join(cmd)}\n"
                    f"--- stdout so far ---\n{tail(e.stdout or b'')}\n"
                    f"--- stderr so far ---\n{tail(e.stderr or b'')}")


def divm_run_args(prog: Path, meta: Meta, *, report: Optional[Path] = None,
                  options: Sequence[str] = ()) -> list:
    """`run [--stdin F] [--report R] [options] PROG [-- ARGS...]`."""
    args = ["run"]
    if meta.stdin is not None:
        args += ["--stdin", str(meta.stdin)]
    if report is not None:
        args += ["--report", str(report)]
    args += list(options)
    args.append(str(prog))
    if meta.args:
        args += ["--", *meta.args]
    return args


def compile_native(compiler: str, src: Path, out: Path, opt: str,
                   extra: Sequence[str] = ()) -> Path:
    cmd = [compiler, opt, *NATIVE_CFLAGS, *extra, str(src), "-o", str(out), *NATIVE_LDFLAGS]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    if r.returncode != 0:
        pytest.fail(f"native compile failed: {shlex.join(cmd)}\n{tail(r.stderr)}")
    return out


def run_native(exe: Path, meta: Meta, *, cwd: Path,
               timeout: float = NATIVE_TIMEOUT) -> subprocess.CompletedProcess:
    stdin = meta.stdin.read_bytes() if meta.stdin is not None else b""
    try:
        return subprocess.run([str(exe), *meta.args], cwd=str(cwd), input=stdin,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"native run of {exe.name} timed out after {timeout} s")


def copy_source(src: Path, tmp_path: Path) -> Path:
    """Copies a test program into the test's own directory, so that nothing
    divm writes beside the program is shared between parallel tests."""
    dst = tmp_path / src.name
    shutil.copyfile(src, dst)
    return dst


def stderr_lines_in_order(expected: bytes, actual: bytes) -> Optional[str]:
    """None when every line of `expected` occurs in `actual` in order (divm
    may add lines of its own); otherwise the first missing line."""
    got = actual.decode("utf-8", "replace").splitlines()
    pos = 0
    for line in expected.decode("utf-8", "replace").splitlines():
        while pos < len(got) and got[pos] != line:
            pos += 1
        if pos == len(got):
            return line
        pos += 1
    return None


def describe_divm_failure(r: subprocess.CompletedProcess) -> str:
    """A short diagnosis of a divm run that did not behave like native."""
    err = _decode(r.stderr)
    first_error = next((ln for ln in err.splitlines() if ln.startswith("error:")), None)
    if "Traceback (most recent call last)" in err:
        return "divm crashed with a Python exception"
    if first_error:
        return f"divm reported an error: {first_error}"
    if r.returncode == 2:
        return "divm exited 2 (bad input / usage)"
    return f"divm exited {r.returncode}"


def load_report(path: Path) -> dict:
    if not path.exists():
        pytest.fail(f"divm did not write the report {path.name}")
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError as e:
        pytest.fail(f"report {path.name} is not valid JSON: {e}\n{path.read_text()[:2000]}")

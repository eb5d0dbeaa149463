"""Loader: parse bitcode or textual IR (compiling C with clang first), link
it with DiOS and libc-shim, and decode every function once into divm's own
instruction form (divm.load.ir): link.py links, decode.py, constants.py and
instructions.py decode.

Everything that needs LLVM happens in this folder; the VM never sees an
LLVM handle."""

from __future__ import annotations

import os
from pathlib import Path

from divm.load.errors import LoadError
from divm.load.ir import Program
from divm.load.link import link_and_decode
from divm.load.paths import ROOT


# -- divm cc ----------------------------------------------------------------

def find_clang() -> str:
    for c in (os.environ.get("DIVM_CLANG", ""), "clang-22", "/usr/lib/llvm-22/bin/clang", "clang"):
        if c and (os.path.isabs(c) and os.path.exists(c) or not os.path.isabs(c) and _which(c)):
            return c
    raise LoadError("clang not found: install clang-22 (see README.md)")


def _which(c: str) -> bool:
    from shutil import which
    return which(c) is not None


def cc_flags() -> list[str]:
    """Flags that make clang compile against libc-shim and DiOS.  -O0 keeps
    undefined behaviour in the program instead of letting the optimiser
    exploit it away; -ffp-contract=off keeps float results bit-identical to a
    native build without fused multiply-add."""
    return ["-O0", "-ffp-contract=off", "-g", "-emit-llvm", "-c",
            "-nostdlibinc", "-isystem", str(ROOT / "libc-shim" / "include"),
            "-isystem", str(ROOT / "dios" / "include"), "-D__divm__", "-D__divine__",
            "-fno-stack-protector", "-fno-pic", "-fno-pie", "-Wno-everything",
            # what older C allows, clang 16+ refuses by default: accept it as a (silenced) warning
            "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
            "-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types",
            "-Wno-error=incompatible-pointer-types", "-Wno-error=return-mismatch"]


def compile_c(sources: list[str], out: str, user_flags: list[str], cwd: str | None = None) -> None:
    import subprocess
    cmd = [find_clang(), *cc_flags(), *user_flags]
    if len(sources) == 1:
        r = subprocess.run([*cmd, sources[0], "-o", out], capture_output=True, text=True, cwd=cwd)
        if r.returncode:
            raise LoadError(_clang_error(r.stderr, sources[0]))
        return
    import tempfile
    with tempfile.TemporaryDirectory() as td:
        parts = []
        for i, src in enumerate(sources):
            o = os.path.join(td, f"{i}.bc")
            r = subprocess.run([*cmd, src, "-o", o], capture_output=True, text=True)
            if r.returncode:
                raise LoadError(_clang_error(r.stderr, src))
            parts.append(o)
        link = os.environ.get("DIVM_LLVM_LINK", "llvm-link-22")
        r = subprocess.run([link, *parts, "-o", out], capture_output=True, text=True)
        if r.returncode:
            raise LoadError("llvm-link failed: " + r.stderr.strip().splitlines()[0])


def physical_lines(path: str, td: str) -> str:
    """A copy of a preprocessed file without its line markers, in td under
    the same name: locations (backtraces, witnesses) are then lines of the
    file itself, not of the sources it was made from."""
    import re
    marker = re.compile(rb"^[ \t]*#[ \t]*(?:line[ \t]+)?\d+([ \t].*)?$")
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    name = os.path.basename(path)
    with open(os.path.join(td, name), "wb") as f:
        f.write(b"\n".join(b"" if marker.match(ln) else ln for ln in lines))
    return name


def _clang_error(stderr: str, src: str) -> str:
    for line in stderr.splitlines():
        if "error:" in line:
            return f"cannot compile {src}: {line.strip()}"
    return f"cannot compile {src}: " + (stderr.strip().splitlines() or ["clang failed"])[0]



def load_program(path: str, cc_options: list[str] | None = None) -> Program:
    p = Path(path)
    if not p.exists():
        raise LoadError(f"{path}: no such file")
    if p.is_dir():
        raise LoadError(f"{path}: is a directory")
    if p.suffix in (".c", ".i"):  # .i: preprocessed C, as SV-COMP's tasks are
        import tempfile
        with tempfile.TemporaryDirectory() as td:
            out = os.path.join(td, "prog.bc")
            if p.suffix == ".i":  # (compiled in td by its own name: locations name the file as the user does)
                compile_c([physical_lines(path, td)], out, cc_options or [], cwd=td)
            else:
                compile_c([path], out, cc_options or [])
            data = Path(out).read_bytes()
    else:
        try:
            data = p.read_bytes()
        except OSError as e:
            raise LoadError(f"{path}: {e.strerror}") from None
        if not data.strip():
            raise LoadError(f"{path}: empty file")
    return link_and_decode(data, p.name)


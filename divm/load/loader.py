"""Loader: parse bitcode or textual IR (compiling C with clang first), link
it with DiOS and libc-shim, and decode every function once into divm's own
instruction form (divm.load.ir): link.py links, decode.py, constants.py and
instructions.py decode.

Everything that needs LLVM happens in this folder; the VM never sees an
LLVM handle."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from divm.load.errors import LoadError
from divm.load.ir import Program
from divm.load.link import UNINIT_GLOBAL, link_and_decode
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


def cc_flags(warnings: bool = False) -> list[str]:
    """Flags that make clang compile against libc-shim and DiOS.  No LLVM
    pass runs (-disable-llvm-passes), which keeps undefined behaviour in the
    program instead of letting the optimiser exploit it away; -O1 makes
    clang's front end mark where block-scope variables live (lifetime
    markers: a pointer kept past its block is dangling, vm/access.py);
    -ffp-contract=off keeps float results bit-identical to a
    native build without fused multiply-add.  Warnings are clang's own with
    `warnings` (divm cc), else off (run and verify compile quietly)."""
    return ["-O1", "-Xclang", "-disable-llvm-passes", "-ffp-contract=off", "-g", "-emit-llvm", "-c",
            "-nostdlibinc", "-isystem", str(ROOT / "libc-shim" / "include"),
            "-isystem", str(ROOT / "dios" / "include"), "-D__divm__", "-D__divine__",
            "-fno-stack-protector", "-fno-pic", "-fno-pie", *([] if warnings else ["-Wno-everything"]),
            # what older C allows, clang 16+ refuses by default: accept it as a (silenced) warning
            "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
            "-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types",
            "-Wno-error=incompatible-pointer-types", "-Wno-error=return-mismatch"]


# clang's LLP64 target (32-bit long, 64-bit pointers: divm svcomp's ILP32
# model) with what a Linux program may look at kept Linux's: macros, bit
# field layout (not Microsoft's), a 32-bit wchar_t
LLP64_TARGET = "--target=x86_64-w64-windows-gnu"
LLP64_FLAGS = [LLP64_TARGET, "-mno-ms-bitfields", "-fno-short-wchar",
               *(f"-U{m}" for m in ("_WIN32", "_WIN64", "WIN32", "WIN64", "__WIN32", "__WIN64", "__WIN32__",
                                    "__WIN64__", "__MINGW32__", "__MINGW64__", "__MSVCRT__")),
               *(f"-D{m}" for m in ("__linux__", "__linux", "linux", "__unix__", "__unix", "unix", "__gnu_linux__",
                                    "__ELF__"))]


def compile_c(sources: list[str], out: str, user_flags: list[str], cwd: str | None = None,
              diagnostics: Callable[[str], None] | None = None) -> None:
    """Compile (and link) C sources to bitcode.  diagnostics(text) gets all
    of clang's messages, warnings on (divm cc); without it, a failure is one
    line (run, verify)."""
    import subprocess
    flags = cc_flags(warnings=diagnostics is not None)
    if any(f.startswith("-O") for f in user_flags):  # (the user's optimisation wins: its passes run)
        flags = [f for f in flags if f not in ("-Xclang", "-disable-llvm-passes")]
    if re.search(r"(?:--target=|-target )\S*windows", " ".join(user_flags)):
        user_flags = [*LLP64_FLAGS[1:], *user_flags]  # (a Windows target is how divm gets LLP64)
    cmd = [find_clang(), *flags, *user_flags]
    failed: list[str] = []

    def clang(src: str, o: str, where: str | None) -> bool:
        r = subprocess.run([*cmd, src, "-o", o], capture_output=True, text=True, cwd=where)
        if diagnostics is not None and r.stderr:
            diagnostics(r.stderr)
        if r.returncode:
            failed.append(_clang_error(r.stderr, src, shown=diagnostics is not None))
        return not r.returncode
    import tempfile
    with tempfile.TemporaryDirectory() as td:
        units = [(src, cwd) for src in sources]
        notes = uninitialised_reads(sources, cmd, cwd) if optimising(user_flags) else []
        if notes:  # (the note travels in the bitcode, so a `divm cc` output carries it to verify)
            units.append((_note_source(notes, td), None))
        if len(units) == 1:
            if not clang(sources[0], out, cwd):
                raise LoadError(failed[0])
            return
        parts = []
        for i, (src, where) in enumerate(units):
            parts.append(os.path.join(td, f"{i}.bc"))
            if not clang(src, parts[-1], where) and diagnostics is None:
                break  # one line is all run and verify show; divm cc shows every file's messages, as clang does
        if failed:
            raise LoadError(failed[0] + (f" ({len(failed) - 1} more files failed)" if len(failed) > 1 else ""))
        link = os.environ.get("DIVM_LLVM_LINK", "llvm-link-22")
        r = subprocess.run([link, *parts, "-o", out], capture_output=True, text=True)
        if r.returncode:
            raise LoadError("llvm-link failed: " + r.stderr.strip().splitlines()[0])


def optimising(user_flags: list[str]) -> bool:
    """Do the user's flags run LLVM's optimisations (the last -O is not -O0)?"""
    levels = [f for f in user_flags if f.startswith("-O")]
    return bool(levels) and levels[-1] != "-O0"


def uninitialised_reads(sources: list[str], cmd: list[str], cwd: str | None) -> list[str]:
    """clang's warnings about reads of uninitialised variables, as
    "file:line: variable 'x'".  The optimiser may fold such a read into
    any value it likes (a branch on it disappears), so the bitcode can be
    correct where the C program is not: verify then cannot answer `valid`."""
    import re
    import subprocess
    quiet = [f for f in cmd if f not in ("-w", "-c", "-emit-llvm")
             and (not f.startswith("-W") or f.startswith("-Wno-error="))]
    found: list[str] = []
    for src in sources:
        r = subprocess.run([*quiet, "-fsyntax-only", "-Wno-everything", "-Wuninitialized",
                            "-Wsometimes-uninitialized", src], capture_output=True, text=True, cwd=cwd)
        for m in re.finditer(r"^(.*?):(\d+):\d+: warning: (variable '[^']*') is (?:used )?uninitiali[sz]ed",
                             r.stderr, re.M):
            found.append(f"{os.path.basename(m[1])}:{m[2]}: {m[3]}")
    return list(dict.fromkeys(found))


def _note_source(notes: list[str], td: str) -> str:
    """A C file in td defining UNINIT_GLOBAL, the notes as a string."""
    text = "; ".join(notes).replace("\\", "\\\\").replace('"', '\\"')
    path = os.path.join(td, "uninit-note.c")
    with open(path, "w") as f:
        f.write(f'const char {UNINIT_GLOBAL}[] = "{text}";\n')
    return os.path.abspath(path)


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


def _clang_error(stderr: str, src: str, shown: bool = False) -> str:
    """One line for a failed compile: the first error and how many more, or
    (shown: clang's messages were passed through) only how many."""
    import re
    # a message line, not a quoted source line ("   12 | ..."), nor "3 errors generated."
    errors = [ln.strip() for ln in stderr.splitlines()
              if not ln.startswith(" ") and re.search(r"(^|: )(fatal )?error: ", ln)]
    if shown:
        n = len(errors)
        return f"cannot compile {src}" + (f": {n} error{'s' if n > 1 else ''} (clang's messages above)" if n else "")
    first = errors[0] if errors else (stderr.strip().splitlines() or ["clang failed"])[0]
    more = len(errors) - 1
    return f"cannot compile {src}: {first}" + (
        f" ({more} more error{'s' if more > 1 else ''}; divm cc shows them all)" if more else "")



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
    prog = link_and_decode(data, p.name)
    prog.source = str(p) if p.suffix in (".c", ".i") else None
    return prog


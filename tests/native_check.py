#!/usr/bin/env python3
"""Checks the test corpus natively, with sanitizers and valgrind.

Run by hand after adding or editing test programs (it is not a pytest
module):

    python3 tests/native_check.py                 # every tests/programs/*.c
    python3 tests/native_check.py sieve rand      # selected programs
    python3 tests/native_check.py --errors        # tests/errors/*.c table

For each program it builds gcc -O0/-O1/-O2, clang -O0/-O2, gcc with
ASan+UBSan (+float-divide-by-zero, float-cast-overflow), clang with MSan,
and runs the gcc -O0 build under valgrind memcheck (uninitialised values,
invalid accesses, definite leaks). All runs must print the same stdout and
exit with the same status, and no tool may report anything.

With --errors it runs each error program under clang ASan+UBSan, MSan and
valgrind and prints the line each tool blames next to the `// ERROR` line,
as a cross-check of the annotations (not every tool sees every error kind).
Exit status: 0 if no problem was found, 1 otherwise.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from conftest import error_files, parse_meta, program_files  # noqa: E402

CLANG = shutil.which("clang-22") or "clang-22"
BASE = ["-std=gnu11", "-g", "-w", "-ffp-contract=off"]
UBSAN = ["-fsanitize=address,undefined,float-divide-by-zero", "-fno-sanitize-recover=all"]
BUILDS = [
    ("gcc -O0", ["gcc", "-O0"]),
    ("gcc -O1", ["gcc", "-O1"]),
    ("gcc -O2", ["gcc", "-O2"]),
    ("clang -O0", [CLANG, "-O0"]),
    ("clang -O2", [CLANG, "-O2"]),
    ("gcc asan+ubsan", ["gcc", "-O0", *UBSAN, "-fsanitize=float-cast-overflow"]),
    ("clang msan", [CLANG, "-O1", "-fsanitize=memory", "-fsanitize-memory-track-origins"]),
]
TOOL_REPORT = re.compile(r"runtime error|ERROR: AddressSanitizer|WARNING: MemorySanitizer|ERROR: LeakSanitizer")


def run(cmd, meta, timeout=60):
    stdin = meta.stdin.read_bytes() if meta.stdin else b""
    try:
        return subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def check_program(prog: Path, work: Path) -> list:
    meta = parse_meta(prog)
    problems, ref = [], None
    for name, cc in BUILDS:
        exe = work / (prog.stem + "-" + re.sub(r"\W+", "_", name))
        c = subprocess.run([*cc, *BASE, str(prog), "-o", str(exe), "-lm"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if c.returncode:
            problems.append(f"{name}: compile failed: {c.stderr.decode()[:300]}")
            continue
        r = run([str(exe), *meta.args], meta)
        if r is None:
            problems.append(f"{name}: timeout")
            continue
        if TOOL_REPORT.search(r.stderr.decode("utf-8", "replace")):
            problems.append(f"{name}: {r.stderr.decode('utf-8', 'replace')[:600]}")
        if ref is None:
            ref = (r.stdout, r.returncode)
        elif (r.stdout, r.returncode) != ref:
            problems.append(f"{name}: output or exit status differs from gcc -O0")
    exe = work / (prog.stem + "-gcc_O0")
    if exe.exists():
        r = run(["valgrind", "-q", "--error-exitcode=99", "--leak-check=full",
                 "--errors-for-leak-kinds=definite,indirect", "--track-origins=yes", str(exe), *meta.args], meta, 300)
        if r is None or r.returncode == 99:
            problems.append("valgrind: " + (r.stderr.decode("utf-8", "replace")[:800] if r else "timeout"))
    return problems


def check_errors(work: Path) -> int:
    print(f"{'program':34} {'kind':9} {'ERROR':>5} {'asan':>5} {'msan':>5} {'vg':>5}")
    for prog in error_files():
        meta = parse_meta(prog)
        blamed = {}
        for tool, flags in (("asan", ["-O0", *UBSAN]), ("msan", ["-O0", "-fsanitize=memory"]), ("vg", ["-O0"])):
            exe = work / f"{prog.stem}-{tool}"
            c = subprocess.run([CLANG, *flags, *BASE, str(prog), "-o", str(exe), "-lm"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if c.returncode:
                blamed[tool] = "cc!"
                continue
            cmd = ["valgrind", "-q", str(exe)] if tool == "vg" else [str(exe)]
            r = run(cmd + meta.args, meta, 60)
            m = re.search(re.escape(prog.name) + r":(\d+)", r.stderr.decode("utf-8", "replace")) if r else None
            blamed[tool] = m.group(1) if m else "-"
        line = str(meta.error_lines[0]) if meta.error_lines else "-"
        print(f"{prog.name:34} {meta.expect:9} {line:>5} {blamed['asan']:>5} {blamed['msan']:>5} {blamed['vg']:>5}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="program stems (default: all)")
    ap.add_argument("--errors", action="store_true", help="cross-check tests/errors instead")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="divm-native-") as d:
        work = Path(d)
        if args.errors:
            return check_errors(work)
        progs = [p for p in program_files() if not args.names or p.stem in args.names]
        bad = 0
        for prog in progs:
            problems = check_program(prog, work)
            print(f"{prog.name}: {'ok' if not problems else 'PROBLEMS'}", flush=True)
            for pr in problems:
                print("    " + pr.replace("\n", "\n    "))
            bad += bool(problems)
        print(f"{len(progs) - bad}/{len(progs)} programs clean")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

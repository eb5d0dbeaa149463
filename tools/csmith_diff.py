#!/usr/bin/env python3
"""Differential testing of divm against native execution on csmith programs.

For each seed in [START, START + SEEDS): generate a program with csmith,
compile it natively (gcc -O0 -w -I<csmith include>) and run it with a
timeout; seeds whose native run times out (or fails to generate/compile) are
discarded. Then compile it with `divm cc` and run it with `divm run` under a
timeout, and print a verdict per seed:

  agree        stdout and exit status are identical
  disagree     divm ran to the end but its output or exit status differ
  divm-error   divm reported an error in the (UB-free) program, crashed,
               refused the input, or `divm cc` failed
  timeout      divm did not finish within --timeout seconds

followed by the counts and the agreement rate (agree / seeds not discarded).
The exit status is 0 whatever the verdicts (2 only for bad usage).

Example:
    python3 tools/csmith_diff.py --seeds 20 --start 1000
    python3 tools/csmith_diff.py --seeds 50 --jobs 2 --keep /tmp/csmith-fails
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DEFAULT_CSMITH_OPTS = ("--no-packed-struct --max-funcs 4 --max-block-depth 3 "
                       "--max-array-dim 2 --max-array-len-per-dim 5 "
                       "--max-expr-complexity 6 --no-volatiles")

VERDICTS = ("agree", "disagree", "divm-error", "timeout")


@dataclass
class Result:
    seed: int
    verdict: str              # one of VERDICTS, or "discarded"
    detail: str = ""
    native_seconds: float = 0.0
    divm_seconds: float = 0.0


def divm_env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def first_line(b: bytes, prefix: str = "") -> str:
    for line in b.decode("utf-8", "replace").splitlines():
        if line.startswith(prefix) and line.strip():
            return line.strip()[:200]
    return ""


def run(cmd, timeout, **kw):
    """subprocess.run with a timeout; returns (CompletedProcess | None, seconds)."""
    start = time.monotonic()
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start
    return r, time.monotonic() - start


def check_seed(seed: int, args) -> Result:
    with tempfile.TemporaryDirectory(prefix=f"csmith{seed}-") as d:
        work = Path(d)
        src = work / f"csmith{seed}.c"
        r, _ = run([args.csmith, "--seed", str(seed), *shlex.split(args.csmith_opts), "-o", str(src)], 60)
        if r is None or r.returncode != 0 or not src.exists():
            return Result(seed, "discarded", "csmith failed")
        exe = work / "native"
        r, _ = run([args.cc, "-O0", "-w", f"-I{args.csmith_include}", str(src), "-o", str(exe)], 120)
        if r is None or r.returncode != 0:
            return Result(seed, "discarded", "native compile failed: " + first_line(r.stderr if r else b""))
        prog_args = ["1"] if args.hash_values else []
        native, nsec = run([str(exe), *prog_args], args.native_timeout)
        if native is None:
            return Result(seed, "discarded", f"native run timed out ({args.native_timeout:g} s)")

        result = divm_compare(seed, src, work, prog_args, native, args)
        result.native_seconds = nsec
        if args.keep and result.verdict != "agree":
            keep = Path(args.keep)
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, keep / src.name)
            (keep / f"csmith{seed}.native.out").write_bytes(native.stdout)
        return result


def divm_compare(seed, src, work, prog_args, native, args) -> Result:
    divm = [sys.executable, "-m", "divm"] if not args.divm else shlex.split(args.divm)
    bc = work / f"csmith{seed}.bc"
    start = time.monotonic()
    cc_cmd = [*divm, "cc", *shlex.split(args.divm_cflags), f"-I{args.csmith_include}", str(src), "-o", str(bc)]
    r, _ = run(cc_cmd, args.timeout, cwd=str(work), env=divm_env())
    if r is None:
        return Result(seed, "timeout", "divm cc timed out", divm_seconds=time.monotonic() - start)
    if r.returncode != 0 or not bc.exists():
        return Result(seed, "divm-error", f"divm cc exited {r.returncode}: " + first_line(r.stderr),
                      divm_seconds=time.monotonic() - start)
    remaining = max(1.0, args.timeout - (time.monotonic() - start))
    run_cmd = [*divm, "run", *shlex.split(args.divm_run_opts), str(bc)]
    if prog_args:
        run_cmd += ["--", *prog_args]
    r, _ = run(run_cmd, remaining, cwd=str(work), env=divm_env())
    secs = time.monotonic() - start
    if r is None:
        return Result(seed, "timeout", f"divm run timed out ({args.timeout:g} s)", divm_seconds=secs)
    if (r.stdout, r.returncode) == (native.stdout, native.returncode):
        return Result(seed, "agree", first_line(r.stdout), divm_seconds=secs)
    err = r.stderr.decode("utf-8", "replace")
    if "Traceback (most recent call last)" in err:
        last = [ln for ln in err.splitlines() if ln.strip()][-1:]
        return Result(seed, "divm-error", "crash: " + (last[0][:200] if last else ""), divm_seconds=secs)
    error_line = first_line(r.stderr, "error:")
    if error_line and native.returncode != 1:
        return Result(seed, "divm-error", error_line, divm_seconds=secs)
    if r.returncode == 2:
        return Result(seed, "divm-error", "exit 2: " + first_line(r.stderr), divm_seconds=secs)
    return Result(seed, "disagree",
                  f"native {first_line(native.stdout)!r} exit {native.returncode}; "
                  f"divm {first_line(r.stdout)!r} exit {r.returncode}", divm_seconds=secs)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    p.add_argument("--seeds", type=int, default=20, help="number of seeds to try (default 20)")
    p.add_argument("--start", type=int, default=1, help="first seed (default 1)")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds for divm cc + run per seed (default 120)")
    p.add_argument("--native-timeout", type=float, default=5.0, help="seconds for the native run (default 5)")
    p.add_argument("--jobs", type=int, default=1, help="seeds checked in parallel (default 1)")
    p.add_argument("--csmith", default=shutil.which("csmith") or "csmith", help="csmith executable")
    p.add_argument("--csmith-opts", default=DEFAULT_CSMITH_OPTS, help="csmith options (default: %(default)s)")
    p.add_argument("--csmith-include", default=os.environ.get("CSMITH_INCLUDE", "/usr/include/csmith"))
    p.add_argument("--cc", default=os.environ.get("CC", "gcc"), help="native compiler (default gcc)")
    p.add_argument("--divm", default="", help="divm command (default: python3 -m divm from this checkout)")
    p.add_argument("--divm-cflags", default="-w", help="extra `divm cc` options, e.g. '-w -O1' (default -w)")
    p.add_argument("--divm-run-opts", default="", help="extra `divm run` options")
    p.add_argument("--hash-values", action="store_true",
                   help="pass argument 1 so the programs print every global's checksum (slower)")
    p.add_argument("--keep", default="", help="copy the programs of seeds that do not agree into this directory")
    args = p.parse_args(argv)
    if args.seeds < 0 or args.jobs < 1:
        p.error("--seeds must be >= 0 and --jobs >= 1")
    if shutil.which(args.csmith) is None and not Path(args.csmith).exists():
        print(f"csmith not found ({args.csmith})", file=sys.stderr)
        return 2

    seeds = range(args.start, args.start + args.seeds)
    counts = {v: 0 for v in VERDICTS}
    discarded = 0
    width = len(str(seeds[-1])) if len(seeds) else 1

    def report(res: Result):
        nonlocal discarded
        if res.verdict == "discarded":
            discarded += 1
        else:
            counts[res.verdict] += 1
        timing = ("" if res.verdict == "discarded"
                  else f" [native {res.native_seconds:.3f} s, divm {res.divm_seconds:.1f} s]")
        print(f"seed {res.seed:>{width}}: {res.verdict:<10} {res.detail}{timing}", flush=True)

    if args.jobs == 1:
        for s in seeds:
            report(check_seed(s, args))
    else:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for res in pool.map(lambda s: check_seed(s, args), seeds):
                report(res)

    compared = sum(counts.values())
    print(f"\n{len(seeds)} seeds: " + ", ".join(f"{counts[v]} {v}" for v in VERDICTS)
          + f", {discarded} discarded (native timeout or generation failure)")
    rate = 100.0 * counts["agree"] / compared if compared else 0.0
    print(f"agreement rate: {counts['agree']}/{compared} = {rate:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())

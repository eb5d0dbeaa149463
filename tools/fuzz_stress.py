#!/usr/bin/env python3
"""Fuzz divm's loader and VM with random LLVM IR from llvm-stress.

For each seed in [START, START + SEEDS), `llvm-stress-22 -seed N -size S`
makes one random function

    define void @autogen_SD<N>(ptr, ptr, ptr, i32, i64, i8)

(vector operations, odd integer widths, casts, selects, loops, stores of any
type through its pointer arguments).  The script wraps it in a module with
three zero-initialised 4 KiB buffers and a `main` that calls it with the
buffers and fixed constants, then feeds the module to

    python3 -m divm run PROG.ll
    python3 -m divm run -o ignore:KIND... PROG.ll     (every fault kind ignored, so
                                                       execution goes on past faults)
    python3 -m divm verify --max-states 50 --max-time T/2 PROG.ll

each under a timeout T.  An outcome is acceptable when divm

  ran        finished: `run` with the program's exit status, `verify` with
             0 (valid) or 3 (inconclusive)
  refused    exit 2 with exactly one line `divm: error: ...` on stderr
  error      exit 1 with a line `error: KIND: ...` (a program error: llvm-stress
             code reads uninitialised memory, stores out of bounds, divides by
             zero ...)

Anything else is a finding: a Python traceback, `internal error`, any other
exit status or stderr shape, a timeout (for `run`, unless `lli-22` also
runs for more than 5 s on the same module: then the program loops and the
outcome is `loops`; the run that ignores faults takes other paths than lli
and may loop anyway; `verify` must stop at --max-time), and a disagreement between `run` and `verify` (`run` reports an
error of kind K but `verify` reports none or another kind, or `run`
finishes cleanly and `verify` finds an error).

Output: one line per seed, a summary with the counts, and exit status 1 if
there were findings (0 otherwise, 2 for bad usage).

Examples:
    python3 tools/fuzz_stress.py --seeds 50 --start 1
    python3 tools/fuzz_stress.py --seeds 300 --start 1000 --jobs 2 --keep /tmp/fuzz-findings
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STRESS = os.environ.get("LLVM_STRESS", "llvm-stress-22")
LLI = os.environ.get("LLI", "lli-22")

# what main passes: three buffers, then i32, i64, i8 constants
ARGS = "ptr @fuzz.buf0, ptr @fuzz.buf1, ptr @fuzz.buf2, i32 7, i64 12345, i8 3"

WRAPPER = """
@fuzz.buf0 = global [4096 x i8] zeroinitializer, align 64
@fuzz.buf1 = global [4096 x i8] zeroinitializer, align 64
@fuzz.buf2 = global [4096 x i8] zeroinitializer, align 64

define i32 @main() {{
  call void @{fn}({args})
  ret i32 0
}}
"""

OK = ("ran", "refused", "error")
LOOP_PROBE = 5.0
IGNORE_ALL = [x for k in ("memory", "integer", "float", "control", "assert")
              for x in ("-o", f"ignore:{k}")]


@dataclass
class Outcome:
    kind: str            # ran | refused | error | loops, or a finding: crash | internal | timeout | bad-exit
    detail: str = ""
    rc: int | None = None
    seconds: float = 0.0
    error_kind: str = ""  # for kind == "error": the first word after "error:"

    @property
    def finding(self) -> bool:
        return self.kind not in OK and self.kind != "loops"


@dataclass
class SeedResult:
    seed: int
    run: Outcome | None = None
    lax: Outcome | None = None       # run with every fault kind ignored
    verify: Outcome | None = None
    notes: list[str] = field(default_factory=list)  # run/verify disagreements
    skipped: str = ""

    @property
    def findings(self) -> list[str]:
        out = []
        for name, o in self.outcomes():
            if o is not None and o.finding:
                out.append(f"{name}: {o.kind}: {o.detail}")
        return out + self.notes

    def outcomes(self):
        return (("run", self.run), ("lax", self.lax), ("verify", self.verify))


def make_module(seed: int, size: int, work: Path, scalable: bool = False) -> Path | str:
    """The wrapped llvm-stress module, or a string saying why there is none."""
    raw = work / f"stress{seed}.ll"
    extra = ["--enable-scalable-vectors"] if scalable else []
    r = subprocess.run([STRESS, "-seed", str(seed), "-size", str(size), *extra, "-o", str(raw)],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0 or not raw.exists():
        return f"llvm-stress failed: {(r.stderr.strip().splitlines() or ['?'])[0]}"
    text = raw.read_text()
    m = re.search(r"^define void @(autogen_SD\d+)\(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5\)",
                  text, re.M)
    if m is None:
        return "llvm-stress emitted an unexpected signature"
    raw.write_text(text + WRAPPER.format(fn=m.group(1), args=ARGS))
    return raw


def classify(command: str, r: subprocess.CompletedProcess | None, secs: float, timeout: float) -> Outcome:
    if r is None:
        return Outcome("timeout", f"no answer within {timeout:g} s", None, secs)
    err = r.stderr.decode("utf-8", "replace")
    lines = [ln for ln in err.splitlines() if ln.strip()]
    rc = r.returncode
    if "Traceback (most recent call last)" in err:
        return Outcome("crash", (lines[-1] if lines else "")[:200], rc, secs)
    if "internal error" in err:
        line = next(ln for ln in lines if "internal error" in ln)
        return Outcome("internal", line[:200], rc, secs)
    if rc < 0:
        return Outcome("crash", f"killed by signal {-rc}", rc, secs)
    if rc == 2:
        if len(lines) == 1 and lines[0].startswith("divm: error: "):
            return Outcome("refused", lines[0][len("divm: error: "):][:200], rc, secs)
        return Outcome("bad-exit", f"exit 2 with stderr {' | '.join(lines)[:200]!r}", rc, secs)
    error_line = next((ln for ln in lines if ln.startswith("error:")), None)
    if rc == 1:
        if error_line is not None:
            kind = error_line.split(":")[1].strip()
            return Outcome("error", error_line[:200], rc, secs, kind)
        if command == "run":  # the program's own exit(1) is not possible here: main returns 0
            return Outcome("bad-exit", f"exit 1 without an error line: {' | '.join(lines)[:200]!r}", rc, secs)
        return Outcome("bad-exit", f"exit 1 without an error line: {' | '.join(lines)[:200]!r}", rc, secs)
    if error_line is not None:
        return Outcome("bad-exit", f"exit {rc} but an error line: {error_line[:150]}", rc, secs)
    if command == "verify" and rc not in (0, 3):
        return Outcome("bad-exit", f"verify exited {rc}", rc, secs)
    summary = next((ln for ln in lines if ln.startswith("divm: ")), "")
    return Outcome("ran", summary[:200] if command == "verify" else f"exit {rc}", rc, secs)


def run(cmd: list[str], timeout: float, cwd: Path):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    start = time.monotonic()
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                           timeout=timeout, cwd=str(cwd), env=env)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start
    return r, time.monotonic() - start


def native_loops(prog: Path, timeout: float) -> bool:
    """True when lli also runs past the timeout (the random program loops)."""
    if shutil.which(LLI) is None:
        return False
    try:
        subprocess.run([LLI, str(prog)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       stdin=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        return True
    return False


def check_seed(seed: int, size: int = 100, timeout: float = 30.0, max_states: int = 50,
               keep: str = "", divm: list[str] | None = None, scalable: bool = False) -> SeedResult:
    divm = divm or [sys.executable, "-m", "divm"]
    res = SeedResult(seed)
    with tempfile.TemporaryDirectory(prefix=f"fuzz{seed}-") as d:
        work = Path(d)
        prog = make_module(seed, size, work, scalable)
        if isinstance(prog, str):
            res.skipped = prog
            return res
        # a program that loops natively (lli-22 runs past LOOP_PROBE seconds)
        # may loop under divm run too: then a shorter timeout, and a timeout
        # is the program's doing.  verify must stop at --max-time whatever.
        loops = native_loops(prog, min(timeout, LOOP_PROBE))
        rt = min(timeout, LOOP_PROBE) if loops else timeout
        r, secs = run([*divm, "run", str(prog)], rt, work)
        res.run = classify("run", r, secs, rt)
        # (ignoring control faults ignores branches on undefined values too,
        # after which a run easily loops: a shorter limit is enough to see
        # that it does not crash)
        lt = min(rt, 3 * LOOP_PROBE)
        r, secs = run([*divm, "run", *IGNORE_ALL, str(prog)], lt, work)
        res.lax = classify("run", r, secs, lt)
        r, secs = run([*divm, "verify", "--max-states", str(max_states), "--max-time", f"{timeout / 2:g}",
                       "--trace-out", str(work / "t.trace.json"), str(prog)], timeout, work)
        res.verify = classify("verify", r, secs, timeout)
        if loops:
            for o in (res.run, res.lax):
                if o.kind == "timeout":
                    o.kind, o.detail = "loops", "lli-22 does not finish either"
        if res.lax.kind == "timeout":  # ignoring faults changes the path: it may well loop
            res.lax.kind, res.lax.detail = "loops", "runs past the timeout with faults ignored"
        compare(res)
        if keep and res.findings:
            k = Path(keep)
            k.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(prog, k / prog.name)
    return res


def compare(res: SeedResult) -> None:
    """run and verify see the same deterministic single-threaded program."""
    a, b = res.run, res.verify
    if a is None or b is None or a.finding or b.finding:
        return
    if a.kind == "refused" or b.kind == "refused":
        if a.kind != b.kind:
            res.notes.append(f"mismatch: run {a.kind}, verify {b.kind}")
        return
    if a.kind == "error":
        if b.kind == "error" and b.error_kind != a.error_kind:
            res.notes.append(f"mismatch: run found {a.error_kind}, verify found {b.error_kind}")
        elif b.kind == "ran" and b.rc == 0:
            res.notes.append(f"mismatch: run found {a.error_kind}, verify says valid")
    elif a.kind == "ran" and b.kind == "error":
        res.notes.append(f"mismatch: run finished cleanly, verify found {b.error_kind}")


def describe(o: Outcome | None) -> str:
    if o is None:
        return "-"
    if o.kind == "error":
        return f"error({o.error_kind})"
    if o.kind == "ran":
        return f"ran({o.rc})"
    return o.kind


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    p.add_argument("--seeds", type=int, default=50, help="number of seeds (default 50)")
    p.add_argument("--start", type=int, default=1, help="first seed (default 1)")
    p.add_argument("--size", type=int, default=100, help="llvm-stress -size (default 100)")
    p.add_argument("--timeout", type=float, default=30.0, help="seconds per divm command (default 30)")
    p.add_argument("--max-states", type=int, default=50, help="verify --max-states (default 50)")
    p.add_argument("--jobs", type=int, default=1, help="seeds checked in parallel (default 1)")
    p.add_argument("--keep", default="", help="copy the modules of seeds with findings into this directory")
    p.add_argument("--quiet", action="store_true", help="print only seeds with findings and the summary")
    p.add_argument("--scalable", action="store_true",
                   help="let llvm-stress use scalable vectors (divm must refuse them cleanly)")
    args = p.parse_args(argv)
    if args.seeds < 0 or args.jobs < 1 or args.size < 1 or args.timeout <= 0:
        p.error("--seeds must be >= 0, --jobs and --size >= 1, --timeout > 0")
    if shutil.which(STRESS) is None:
        print(f"{STRESS} not found (install llvm-22)", file=sys.stderr)
        return 2

    seeds = range(args.start, args.start + args.seeds)
    width = len(str(seeds[-1])) if len(seeds) else 1
    counts: dict[str, dict[str, int]] = {"run": {}, "lax": {}, "verify": {}}
    refusals: dict[str, int] = {}
    finding_seeds: list[int] = []
    skipped = 0

    def report(res: SeedResult) -> None:
        nonlocal skipped
        if res.skipped:
            skipped += 1
            print(f"seed {res.seed:>{width}}: skipped ({res.skipped})", flush=True)
            return
        for name, o in res.outcomes():
            key = o.kind
            counts[name][key] = counts[name].get(key, 0) + 1
            if o.kind == "refused":
                what = re.sub(r"\d+", "N", o.detail.split(" in function")[0])[:80]
                refusals[what] = refusals.get(what, 0) + 1
        found = res.findings
        if found:
            finding_seeds.append(res.seed)
        if found or not args.quiet:
            line = (f"seed {res.seed:>{width}}: run {describe(res.run):<17} lax {describe(res.lax):<17} "
                    f"verify {describe(res.verify):<17} "
                    f"[{res.run.seconds:.1f} + {res.lax.seconds:.1f} + {res.verify.seconds:.1f} s]")
            print(line + ("  FINDING" if found else ""), flush=True)
            for f in found:
                print(f"    {f}", flush=True)
            if not found and not args.quiet:
                for _, o in res.outcomes():
                    if o.kind in ("refused", "error"):
                        print(f"    {o.detail}", flush=True)
                        break

    def one(s: int) -> SeedResult:
        return check_seed(s, args.size, args.timeout, args.max_states, args.keep, scalable=args.scalable)

    if args.jobs == 1:
        for s in seeds:
            report(one(s))
    else:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for res in pool.map(one, seeds):
                report(res)

    total = len(seeds) - skipped
    print(f"\n{len(seeds)} seeds, {skipped} skipped, {total} checked, "
          f"{len(finding_seeds)} with findings")
    for name in ("run", "lax", "verify"):
        c = counts[name]
        print(f"  {name:<6} " + ", ".join(f"{n} {k}" for k, n in sorted(c.items(), key=lambda kv: -kv[1])))
    if refusals:
        print("  refused because:")
        for what, n in sorted(refusals.items(), key=lambda kv: -kv[1]):
            print(f"    {n:>4}  {what}")
    if finding_seeds:
        print("  seeds with findings: " + " ".join(map(str, finding_seeds)))
    return 1 if finding_seeds else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Do the reductions keep verdicts?  Each program is verified four times:
with every reduction (the default: interrupt reductions, heap symmetry
and sleep sets), with --no-sleep-sets, with --no-symmetry (the key keeps
the raw order of heap and stack objects, as before heap symmetry), and
with --no-reduce (none).  The verdicts and error kinds must agree, and a
valid program must have as many states with sleep sets as without (they
skip transitions, never states); an unreduced run that hits its time
limit (inconclusive) proves nothing either way and is only shown.

    tools/reduction_check.py                      # tests/verify, tests/conformance, tests/symbolic
    tools/reduction_check.py prog.c ... --jobs 2 --max-time 120 --json out.json

A program's `// options:` line (tests/test_verify.py's format) is passed
on.  Prints one line per program: verdicts, states in each mode, and
whether heap symmetry was dropped (the program can tell objects' numbers
apart, vm/order.py); exits 1 if any verdict differs."""
from __future__ import annotations

import argparse
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODES = {"reduced": [], "no-sleep": ["--no-sleep-sets"], "no-symmetry": ["--no-symmetry"],
         "no-reduce": ["--no-reduce"]}


def options(path: str) -> list[str]:
    m = re.search(r"//\s*options:\s*(.*)", open(path, errors="replace").read())
    return shlex.split(m.group(1)) if m else []


def verify(path: str, extra: list[str], max_time: float) -> dict:
    """The report of one divm verify run (result "failed" if there is none)."""
    with tempfile.TemporaryDirectory() as tmp:
        rep = os.path.join(tmp, "r.json")
        cmd = [sys.executable, "-m", "divm", "verify", "--quiet", *options(path), *extra,
               "--max-time", str(max_time), "--report", rep, "--trace-out", os.path.join(tmp, "t.json"), path]
        try:
            subprocess.run(cmd, cwd=ROOT, capture_output=True, timeout=max_time + 300)
            with open(rep) as f:
                return json.load(f)
        except (subprocess.TimeoutExpired, OSError, ValueError):
            return {"result": "failed"}


def outcome(r: dict) -> str:
    """A report's verdict, with the error kind."""
    err = r.get("error") or {}
    return r["result"] + (f" {err['kind']}" if r["result"] == "error" and err.get("kind") else "")


def compare(path: str, max_time: float = 300) -> dict:
    """Verify path in every mode: the outcomes, states and whether they agree."""
    same = {"no-sleep": "reduced"} if "--symbolic" in options(path) else {}  # (no sleep sets there)
    runs = {m: verify(path, extra, max_time) for m, extra in MODES.items() if m not in same}
    runs.update({m: runs[k] for m, k in same.items()})
    seen = {outcome(r) for r in runs.values() if r["result"] not in ("inconclusive",)}
    # (all inconclusive agree: a program whose runs divm cannot all explore)
    agree = (len(seen) == 1 and "failed" not in seen) or not seen
    if runs["reduced"]["result"] == runs["no-sleep"]["result"] == "valid":
        agree = agree and runs["reduced"].get("states") == runs["no-sleep"].get("states")
    return {"program": os.path.relpath(path, ROOT), "agree": agree,
            "outcomes": {m: outcome(r) for m, r in runs.items()},
            "states": {m: r.get("states") for m, r in runs.items()},
            "symmetry": runs["reduced"].get("heap_symmetry")}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("programs", nargs="*")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--max-time", type=float, default=300, help="per run (default 300 s)")
    p.add_argument("--json", metavar="FILE")
    a = p.parse_args()
    progs = a.programs or [x for d in ("verify", "conformance", "symbolic")
                           for x in sorted(glob.glob(os.path.join(ROOT, "tests", d, "*.c")))]
    bad = 0
    rows = []
    with ThreadPoolExecutor(a.jobs) as pool:
        for row in pool.map(lambda q: compare(q, a.max_time), progs):
            rows.append(row)
            bad += not row["agree"]
            st = row["states"]
            print(f"{'ok ' if row['agree'] else 'DIFF'} {row['program']:48} "
                  f"{' / '.join(row['outcomes'].values()):40} states {' / '.join(str(st[m]) for m in MODES)}"
                  f"  symmetry {row['symmetry']}", flush=True)
    print(f"{len(rows) - bad} of {len(rows)} programs agree ({' / '.join(MODES)})")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

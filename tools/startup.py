#!/usr/bin/env python3
"""Start-up time of divm, cold (empty cache) and warm (cache filled).

    python3 tools/startup.py [--runs N] [--keep DIR]

Measures `divm run hello.bc` (a printf hello world compiled with `divm cc`)
and `divm verify tiny.bc` (a two-thread program with a handful of states),
each in a fresh Python process: wall time and CPU time (user + system of the
child), the median of N runs.  "cold" runs each start from an empty cache
directory (everything is built: runtime link and decode, code generation);
"warm" runs reuse one filled cache; "off" runs with DIVM_CACHE=off.  Also
prints `python3 -c pass` as the floor no start-up can go below."""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HELLO = r"""#include <stdio.h>
int main(void) { printf("hello, world\n"); return 0; }
"""

TINY = r"""#include <pthread.h>
int x;
void *t(void *a) { x++; return 0; }
int main(void) {
    pthread_t id;
    pthread_create(&id, 0, t, 0);
    x++;
    pthread_join(id, 0);
    return 0;
}
"""


def timed(cmd: list[str], env: dict) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} failed ({r.returncode}): {r.stderr.decode()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--keep", metavar="DIR", help="work in DIR and keep it")
    a = ap.parse_args()
    work = Path(a.keep or tempfile.mkdtemp(prefix="divm-startup-"))
    work.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    divm = [sys.executable, "-m", "divm"]
    for name, src in (("hello", HELLO), ("tiny", TINY)):
        (work / f"{name}.c").write_text(src)
        r = subprocess.run(divm + ["cc", "-o", str(work / f"{name}.bc"), str(work / f"{name}.c")], env=env,
                           capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"divm cc failed: {r.stderr}")
    cases = [("run hello.bc", ["run", str(work / "hello.bc")]),
             ("verify tiny.bc", ["verify", "--trace-out", str(work / "t.json"), str(work / "tiny.bc")])]
    print(f"python {sys.version.split()[0]}, {a.runs} runs each, median wall / CPU seconds")
    floor = [timed([sys.executable, "-c", "pass"], env) for _ in range(a.runs)]
    print(f"{'python3 -c pass':24s} {statistics.median(w for w, _ in floor):6.3f} / "
          f"{statistics.median(c for _, c in floor):6.3f}")
    for label, args in cases:
        res = {}
        for mode in ("off", "cold", "warm"):
            samples = []
            warm_dir = work / "cache-warm"
            for i in range(a.runs):
                e = dict(env)
                if mode == "off":
                    e["DIVM_CACHE"] = "off"
                elif mode == "cold":
                    d = work / f"cache-cold-{i}"
                    shutil.rmtree(d, ignore_errors=True)
                    e["DIVM_CACHE"] = str(d)
                else:
                    e["DIVM_CACHE"] = str(warm_dir)
                    if i == 0:
                        timed(divm + args, e)  # fill it
                samples.append(timed(divm + args, e))
            res[mode] = (statistics.median(w for w, _ in samples), statistics.median(c for _, c in samples))
        print(f"{label:24s} " + "   ".join(f"{m} {w:6.3f} / {c:6.3f}" for m, (w, c) in res.items()))
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

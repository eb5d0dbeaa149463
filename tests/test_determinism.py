"""Determinism: the same program and options give the same state count, the
same verdict and the same counterexample on every run, whatever Python's
hash seed (the search order must not depend on set or dict iteration of
hashed objects)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERIFY = os.path.join(ROOT, "tests", "verify")
LIVENESS = os.path.join(ROOT, "tests", "liveness")

HASH_SEEDS = ("1", "4242")


def divm(args, hash_seed, cwd):
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=600)


def summary(report: dict) -> dict:
    keep = ("result", "property", "states", "transitions", "error", "reason", "properties")
    out = {k: report.get(k) for k in keep}
    for p in out["properties"] or ():
        p.pop("trace", None)
    return out


CASES = [
    ("race_counter", ["--search", "dfs"], os.path.join(VERIFY, "race_counter.c")),   # error, with trace
    ("race_counter_bfs", ["--search", "bfs"], os.path.join(VERIFY, "race_counter.c")),
    ("mutex_counter", [], os.path.join(VERIFY, "mutex_counter.c")),                   # valid, threads
    ("lock_order", [], os.path.join(VERIFY, "lock_order.c")),                         # deadlock
    ("malloc_unchecked", [], os.path.join(VERIFY, "malloc_unchecked.c")),             # malloc failure choices
    ("starve_liveness", ["--liveness", os.path.join(LIVENESS, "starve.ltl")], os.path.join(LIVENESS, "starve.c")),
]


@pytest.mark.parametrize("opts,prog", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_same_answer_whatever_the_hash_seed(tmp_path, opts, prog):
    results = []
    for seed in HASH_SEEDS:
        d = tmp_path / f"seed{seed}"
        d.mkdir()
        rep, trace = str(d / "r.json"), str(d / "t.json")
        r = divm(["verify", *opts, "--report", rep, "--trace-out", trace, prog], seed, str(d))
        assert r.returncode in (0, 1), r.stderr[-3000:]
        report = json.load(open(rep))
        trace_bytes = open(trace, "rb").read() if os.path.exists(trace) else None
        # the counterexample as printed (program output, threads, choices, backtrace)
        printed = [ln for ln in r.stderr.splitlines() if not ln.startswith(("divm: ", "trace written"))]
        results.append((r.returncode, summary(report), trace_bytes, printed))
    (rc1, s1, t1, p1), (rc2, s2, t2, p2) = results
    assert rc1 == rc2
    assert s1 == s2
    assert t1 == t2
    assert p1 == p2
    if rc1 == 1:
        assert t1 is not None


def test_random_run_is_reproducible(tmp_path):
    """`run --random --seed N` makes the same choices whatever the hash seed."""
    prog = os.path.join(VERIFY, "race_counter.c")
    outs = []
    for seed in HASH_SEEDS:
        rep = str(tmp_path / f"r{seed}.json")
        r = divm(["run", "--random", "--seed", "7", "--report", rep, prog], seed, str(tmp_path))
        outs.append((r.returncode, r.stdout, json.load(open(rep))["choices"]))
    assert outs[0] == outs[1]

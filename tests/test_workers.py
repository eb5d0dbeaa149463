"""`divm verify --workers N`: the same answers as one worker.

The parent normally explores alone for a second before it forks (small
state spaces never fork); DIVM_PARALLEL_WARMUP=0 makes it fork as soon as
there is work for every worker, so that these small programs really run in
parallel.  Valid programs: the same number of states as one worker (with
sleep sets, which transitions a search skips depends on its order: at most
those of a plain search), and without sleep sets the same transitions too.
Buggy programs: the same verdict and kind of error, and a
counterexample that `divm replay` re-runs to that error."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from machines import machine_for
from test_interrupt import MANY_STATES  # a lock taken 90 times: more states than a test waits for

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERIFY = os.path.join(ROOT, "tests", "verify")
ENV = {**os.environ, "DIVM_PARALLEL_WARMUP": "0"}

VALID = ["mutex_counter", "peterson", "spin_ok", "sem_ok", "barrier_ok", "rwlock_ok", "once_ok"]
BUGGY = [("race_counter", "assert"), ("lock_order", "deadlock"), ("use_after_free_thread", "memory"),
         ("sem_bug", "assert"), ("lost_wakeup", "deadlock"), ("malloc_unchecked", "memory")]


def divm(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout, env=ENV)


def verify(tmp_path, name, workers, *opts):
    rep = str(tmp_path / f"r{workers}.json")
    trace = str(tmp_path / f"t{workers}.json")
    r = divm("verify", "--workers", str(workers), *opts, "--report", rep, "--trace-out", trace,
             os.path.join(VERIFY, name + ".c"))
    assert "Traceback" not in r.stderr, r.stderr
    return r, json.load(open(rep)), trace


def meta_options(name):
    import re
    import shlex
    text = open(os.path.join(VERIFY, name + ".c")).read()
    m = re.search(r"//\s*options:\s*(.*)", text)
    return shlex.split(m.group(1)) if m else []


@pytest.mark.parametrize("name", VALID)
def test_valid_programs_same_counts(tmp_path, name):
    opts = meta_options(name)
    _, one, _ = verify(tmp_path, name, 1, *opts)
    _, plain, _ = verify(tmp_path, name, 1, "--no-sleep-sets", *opts)
    assert one["result"] == "valid", one
    for n in (2, 3) if name in ("mutex_counter", "peterson") else (2,):
        r, par, _ = verify(tmp_path, name, n, *opts)
        assert r.returncode == 0, r.stderr[-3000:]
        assert par["workers"] == n and par["sleep_sets"] == "on"
        assert (par["result"], par["states"]) == (one["result"], one["states"]), (one, par)
        assert par["transitions"] <= plain["transitions"]
        _, par, _ = verify(tmp_path, name, n, "--no-sleep-sets", *opts)
        assert (par["result"], par["states"], par["transitions"]) == \
            (plain["result"], plain["states"], plain["transitions"]), (plain, par)


@pytest.mark.parametrize("name,kind", BUGGY, ids=[b[0] for b in BUGGY])
def test_buggy_programs_same_verdict_and_a_real_counterexample(tmp_path, name, kind):
    opts = meta_options(name)
    for n in (2, 3) if name == "race_counter" else (2,):
        r, par, trace = verify(tmp_path, name, n, *opts)
        assert r.returncode == 1, r.stderr[-3000:]
        assert par["result"] == "error" and par["error"]["kind"] == kind, par
        rp = divm("replay", os.path.join(VERIFY, name + ".c"), trace)
        assert rp.returncode == 1, rp.stdout + rp.stderr
        assert f"error: {kind}" in rp.stderr, rp.stderr


def test_hash_compaction_same_counts(tmp_path):
    _, one, _ = verify(tmp_path, "peterson", 1, "--hash-compaction", "--no-sleep-sets")
    _, par, _ = verify(tmp_path, "peterson", 2, "--hash-compaction", "--no-sleep-sets")
    assert par["state_storage"] == "hash-compaction"
    assert (par["states"], par["transitions"]) == (one["states"], one["transitions"])
    _, par, _ = verify(tmp_path, "peterson", 2, "--hash-compaction")  # (sleep sets: states met again)
    assert par["states"] == one["states"] and par["transitions"] <= one["transitions"]


def test_bfs_same_counts(tmp_path):
    _, one, _ = verify(tmp_path, "mutex_counter", 1, "--no-sleep-sets")
    _, par, _ = verify(tmp_path, "mutex_counter", 2, "--search", "bfs", "--no-sleep-sets")
    assert (par["states"], par["transitions"]) == (one["states"], one["transitions"])
    _, par, _ = verify(tmp_path, "mutex_counter", 2, "--search", "bfs")
    assert par["states"] == one["states"] and par["transitions"] <= one["transitions"]


def test_more_workers_than_cpus(tmp_path):
    _, one, _ = verify(tmp_path, "peterson", 1)
    r, par, _ = verify(tmp_path, "peterson", 2 * (os.cpu_count() or 1) + 1)
    assert r.returncode == 0 and par["states"] == one["states"], r.stderr[-3000:]


def test_state_limit(tmp_path):
    r, par, _ = verify(tmp_path, "mutex_counter", 2, "--max-states", "50")
    assert r.returncode == 3, r.stderr[-3000:]
    assert par["result"] == "inconclusive" and par["states"] >= 50, par
    assert "state limit" in par["reason"]




def test_time_limit(tmp_path):
    prog = tmp_path / "many.c"
    prog.write_text(MANY_STATES)
    rep = str(tmp_path / "r.json")
    t0 = time.time()
    r = divm("verify", "--workers", "2", "--max-time", "4", "--report", rep, str(prog))
    assert r.returncode == 3, r.stderr[-3000:]
    assert time.time() - t0 < 60
    data = json.load(open(rep))
    assert data["result"] == "inconclusive" and "time limit" in data["reason"], data
    assert data["states"] > 1 and data["workers"] == 2


def test_signal_stops_all_workers(tmp_path):
    prog = tmp_path / "many.c"
    prog.write_text(MANY_STATES)
    rep = str(tmp_path / "r.json")
    for delay in (6.0, 15.0):
        p = subprocess.Popen([sys.executable, "-m", "divm", "verify", "--workers", "2", "--report", rep,
                              str(prog)], cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=ENV)
        time.sleep(delay)
        assert p.poll() is None, p.communicate()
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
        if os.path.exists(rep):
            break
    assert p.returncode == 3, err
    assert "Traceback" not in err, err
    data = json.load(open(rep))
    assert data["result"] == "inconclusive" and data["reason"] == "interrupted by SIGINT", data
    assert data["states"] > 1
    # no worker is left behind
    out = subprocess.run(["ps", "-o", "pid=,ppid=", "--ppid", str(p.pid)], capture_output=True, text=True)
    assert not out.stdout.strip(), out.stdout


def test_workers_refuse_liveness(tmp_path):
    r = divm("verify", "--workers", "2", "--liveness", os.path.join(VERIFY, "peterson.c"))
    assert r.returncode == 2 and "--workers" in r.stderr, r.stderr


def test_owner_hash_speedups_agree_with_python():
    """The owner of a state is the same with divm/state/_speedups.c and without it
    (workers built either way agree), and the key taking the owner walk's
    numbering is the key computed alone, as is the key of the worker's
    walk that gives both."""
    from divm.explore import parallel
    from divm.state import snapshot as S
    if S._speedups is None:
        pytest.skip("divm._speedups is not built")
    src = os.path.join(ROOT, "tools", "verify_benchmarks", "philosophers.c")
    m = machine_for(src, "p")
    _, snap = m.initial()
    todo, seen, owners = [snap], set(), set()
    fast = S._speedups
    while todo and len(seen) < 300:
        for _step, k, s in m.successors(todo.pop()):
            if s is None or k in seen:
                continue
            seen.add(k)
            todo.append(s)
            h, rt = parallel.part(m, s.objs, s.regs, s.flags)
            assert m.canon.key(s.objs, s.regs, s.flags, rt=rt) == k
            for mask in (parallel.ALL, parallel.USER, parallel.NO_FRAMES):
                hm = parallel.part(m, s.objs, s.regs, s.flags, mask)[0]
                # a worker's one walk: the same key and the same owner
                k2, seg, n, total = m.canon.key_part(s.objs, s.regs, s.flags, parallel._D64,
                                                     parallel._digest64, mask)
                assert k2 == k and parallel._mix(s.flags, seg, n, total, mask) == hm
                S._speedups = None
                try:
                    assert parallel.part(m, s.objs, s.regs, s.flags, mask)[0] == hm
                finally:
                    S._speedups = fast
                owners.add((mask, hm % 2))
    assert len(seen) >= 300 and len(owners) == 6


def test_changes_speedups_agree_with_python():
    """The objects a state sends (its differences from the initial state)
    are the same in C and in Python, and None when the ids looked at miss
    one."""
    from divm.explore import parallel
    from divm.state import snapshot as S
    if S._speedups is None:
        pytest.skip("divm._speedups is not built")
    a, b, c, d = object(), object(), object(), object()
    base = {1: a, 2: b, 3: c, 5: d}
    objs = {1: a, 2: object(), 4: object(), 5: d}  # 2 copied, 3 freed, 4 new
    cases = [({2}, {4, 3}), ({2, 1}, {4, 9, 3, 8}), ({2, 3}, set()), ({2}, {4})]
    fast = S._speedups
    for pchg, dirty in cases:
        got = parallel.changes(objs, base, pchg, dirty)
        S._speedups = None
        try:
            assert parallel.changes(objs, base, pchg, dirty) == got
        finally:
            S._speedups = fast
    assert parallel.changes(objs, base, {2}, {4, 3}) == {2, 3, 4}
    assert parallel.changes(objs, base, {2, 3}, set()) is None


def test_owner_hash_narrows_only_when_it_spreads():
    """The owner hash covers the program's own data only if that still
    spreads the frontier evenly; a frontier too small to tell, or one whose
    states share their data, gets the hash of the whole state."""
    from divm.explore import parallel
    src = os.path.join(ROOT, "tools", "verify_benchmarks", "philosophers.c")
    m = machine_for(src, "p")
    _, snap = m.initial()
    level, seen = [snap], set()
    while 0 < len(level) < 100:  # breadth first, as the workers' frontier is
        nxt = []
        for s in level:
            for _step, k, ns in m.successors(s):
                if ns is not None and k not in seen:
                    seen.add(k)
                    nxt.append(ns)
        level = nxt
    assert len(level) >= 100
    assert parallel.choose_mask(m, level, 2) == parallel.USER
    assert parallel.choose_mask(m, level[:5], 2) == parallel.ALL
    same = [s for s in level if parallel.part(m, s.objs, s.regs, s.flags, parallel.USER)[0]
            == parallel.part(m, level[0].objs, level[0].regs, level[0].flags, parallel.USER)[0]]
    assert parallel.choose_mask(m, same * 20, 2) != parallel.USER


def test_idle_workers_take_work(tmp_path):
    """A worker without work takes states from a busy one (here every
    first state goes to worker 0), sleep sets with them: the same states,
    and a counterexample through handed-over states still replays."""
    env = {**ENV, "DIVM_PARALLEL_SKEW": "1", "DIVM_PARALLEL_STATS": "1"}
    src = os.path.join(ROOT, "tools", "verify_benchmarks", "philosophers.c")
    rep1, rep2 = str(tmp_path / "one.json"), str(tmp_path / "two.json")
    subprocess.run([sys.executable, "-m", "divm", "verify", "--no-sleep-sets", "--report", rep1, src], cwd=ROOT,
                   env=ENV, capture_output=True, timeout=600)
    r = subprocess.run([sys.executable, "-m", "divm", "verify", "--workers", "2", "--report", rep2, src],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    one, two = json.load(open(rep1)), json.load(open(rep2))
    assert (two["result"], two["states"]) == (one["result"], one["states"])
    assert two["sleep_sets"] == "on" and two["transitions"] <= one["transitions"]
    import re
    taken = [int(x) for x in re.findall(r"(\d+) states taken from others", r.stderr)]
    assert len(taken) == 2 and sum(taken) > 0, r.stderr  # which one steals depends on timing
    trace = str(tmp_path / "t.json")
    bug = os.path.join(VERIFY, "race_counter.c")
    r = subprocess.run([sys.executable, "-m", "divm", "verify", "--workers", "2", "--trace-out", trace, bug],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 1, r.stderr
    rp = divm("replay", bug, trace)
    assert rp.returncode == 1 and "error: assert" in rp.stderr, rp.stderr

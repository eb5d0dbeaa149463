"""Sleep sets (divm/explore/sleep.py): the same states and verdicts as the
plain search, fewer transitions; footprints (divm/vm/footprint.py) in C
and in Python alike.  Every test program's verdict and state count with
and without them: tests/test_reductions.py."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from divm.explore.search import Footprint, independent, written_py
from divm.state.snapshot import _speedups
from divm.vm.footprint import BIG, WHOLE, Footprints, differ_py, span
from divm.vm.memory import K_HEAP, Obj, clone


def written_one(a: bytes, b: bytearray) -> int:
    """_speedups.written's mask of one shared object whose bytes were a and are b."""
    o, n = Obj(len(a), K_HEAP, defined=True), Obj(len(b), K_HEAP, defined=True)
    o.b[:], n.b[:] = a, b
    o.shared = True
    return _speedups.written({1}, {1: o}, {1: n}, BIG)[0].get(1, 0)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "tools", "verify_benchmarks")


def verify(tmp_path, *args, env: dict | None = None) -> dict:
    rep = tmp_path / "r.json"
    r = subprocess.run([sys.executable, "-m", "divm", "verify", "--quiet", "--report", str(rep),
                        "--trace-out", str(tmp_path / "t.json"), *args], cwd=ROOT, capture_output=True, text=True,
                       timeout=900, env=env)
    assert "Traceback" not in r.stderr, r.stderr
    return json.loads(rep.read_text())


@pytest.mark.parametrize("name,n,k", [("mutex", 3, 1), ("ticket", 2, 2), ("barrier", 3, 1), ("condvar", 2, 2),
                                      ("workqueue", 2, 1)])
def test_same_states_fewer_transitions(tmp_path, name, n, k):
    bc = tmp_path / f"{name}.bc"
    subprocess.run([sys.executable, "-m", "divm", "cc", f"-DN={n}", f"-DK={k}", "-o", str(bc),
                    os.path.join(BENCH, name + ".c")], cwd=ROOT, check=True, capture_output=True, timeout=300)
    on, off = verify(tmp_path, str(bc)), verify(tmp_path, "--no-sleep-sets", str(bc))
    assert on["sleep_sets"] == "on" and off["sleep_sets"] == "off"
    assert on["result"] == off["result"] == "valid"
    assert on["states"] == off["states"]
    assert on["transitions"] < off["transitions"]


def test_breadth_first_too(tmp_path):
    bc = tmp_path / "ticket.bc"
    subprocess.run([sys.executable, "-m", "divm", "cc", "-DN=2", "-DK=2", "-o", str(bc),
                    os.path.join(BENCH, "ticket.c")], cwd=ROOT, check=True, capture_output=True, timeout=300)
    on, off = verify(tmp_path, "--search", "bfs", str(bc)), verify(tmp_path, "--search", "bfs", "--no-sleep-sets",
                                                                   str(bc))
    assert on["states"] == off["states"] and on["transitions"] < off["transitions"]


def test_a_fresh_threads_first_access_counts(tmp_path):
    """Each new thread's first transition may make one visible access no
    parked frame shows (there is none yet): broken_mutex's error needs it."""
    r = verify(tmp_path, os.path.join(ROOT, "tests", "verify", "broken_mutex.c"))
    assert r["result"] == "error" and r["sleep_sets"] == "on"


def test_off_where_it_does_not_apply(tmp_path):
    prog = os.path.join(ROOT, "tests", "verify", "mutex_counter.c")
    for args in (["-o", "check:race"], ["--no-reduce", "--max-time", "30"], ["--workers", "2", "--no-sleep-sets"]):
        assert verify(tmp_path, *args, prog)["sleep_sets"] == "off", args


def test_workers_too(tmp_path):
    """--workers: each state's sleep set goes with it to its owner (and with
    a stolen state to its thief); the same states, fewer transitions."""
    bc = tmp_path / "cvbuffer.bc"
    subprocess.run([sys.executable, "-m", "divm", "cc", "-DN=3", "-DK=1", "-o", str(bc),
                    os.path.join(BENCH, "cvbuffer.c")], cwd=ROOT, check=True, capture_output=True, timeout=300)
    env = {**os.environ, "DIVM_PARALLEL_WARMUP": "0"}
    on = verify(tmp_path, "--workers", "2", str(bc), env=env)
    off = verify(tmp_path, "--workers", "2", "--no-sleep-sets", str(bc), env=env)
    one = verify(tmp_path, str(bc))
    assert on["sleep_sets"] == "on" and on["workers"] == 2
    assert on["result"] == off["result"] == one["result"] == "valid"
    assert on["states"] == off["states"] == one["states"]
    assert on["transitions"] < off["transitions"]


def fp(touched: dict, written: dict, any_=False) -> Footprint:
    return Footprint(1, {**touched, **written}, written, any_)


def test_independence():
    a = fp({1: span(0, 4)}, {})
    b = fp({}, {1: span(4, 4)})
    assert independent(a, b)  # (neighbouring bytes)
    c = fp({}, {1: span(2, 4)})
    assert not independent(a, c) and not independent(c, a)
    assert independent(fp({1: span(0, 4)}, {}), fp({1: span(0, 4)}, {}))  # (two reads)
    assert not independent(a, fp({}, {1: WHOLE}))
    assert not independent(fp({}, {}, any_=True), fp({}, {}))


@pytest.mark.skipif(_speedups is None, reason="divm/state/_speedups.c not built")
def test_masks_in_c_and_python_agree():
    r = random.Random(7)
    for _ in range(3000):
        n = r.choice([0, 1, 3, 8, 64, 65, 200, BIG, BIG + 1])
        a = bytes(r.randrange(256) for _ in range(n))
        b = bytearray(a)
        for _ in range(r.randrange(4)):
            if n:
                b[r.randrange(n)] ^= 1 << r.randrange(8)
        if r.random() < 0.1 and n:
            b = b[:-1]
        assert differ_py(a, bytes(b)) == written_one(a, b)
    for _ in range(3000):  # (undefined bits, pointer marks, metadata, sharing, made and freed objects)
        old, new, dirty = {}, {}, set()
        for oid in range(r.randrange(5)):
            n = r.choice([1, 8, 16, 40, BIG + 8])
            o = Obj(n, K_HEAP, defined=r.random() < 0.5)
            o.b[:] = bytes(r.randrange(4) for _ in range(n))
            o.ptrs = {r.choice([0, 8, n - 8]) for _ in range(r.randrange(3)) if n >= 8}
            o.shared = r.random() < 0.8
            c = clone(o)
            if r.random() < 0.5:
                c.b[r.randrange(n)] ^= 1
            if r.random() < 0.2 and c.ud is not None:
                c.ud[r.randrange(n)] ^= 0xF0
            if r.random() < 0.2:
                c.ptrs ^= {r.choice([0, 8, n - 8, BIG])}
            if r.random() < 0.1:
                c.meta = b"m"
            if r.random() < 0.1:
                c.sym = {0: None}
            if r.random() > 0.1:
                old[oid] = o
            if r.random() > 0.1:
                new[oid] = c
            if r.random() > 0.2:
                dirty.add(oid)
        assert written_py(dirty, old, new) == _speedups.written(dirty, old, new, BIG)
    f = Footprints.__new__(Footprints)
    for _ in range(3000):
        f.touch_log = [((r.randrange(3) << 32) | r.choice([0, 5, 100, BIG - 6, BIG + 4]), r.choice([0, 1, 4, 8, 70]))
                       if r.random() > 0.05 else ("undefined", 1) for _ in range(r.randrange(10))]
        assert f.touched_masks() == _speedups.touch_masks(f.touch_log, BIG), f.touch_log

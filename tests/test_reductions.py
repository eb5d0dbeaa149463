"""The reductions keep verdicts: every test program is verified with all
of them (interrupt reductions and heap symmetry), with --no-symmetry (the
key keeps the raw order of heap and stack objects) and with --no-reduce
(neither), and the verdicts must agree (tools/reduction_check.py).  Heap
symmetry is only sound while the program cannot tell objects' numbers
apart: the guard (divm/vm/order.py) must see it when it can."""

import glob
import importlib.util
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = [p for d in ("verify", "conformance", "symbolic")
            for p in sorted(glob.glob(os.path.join(ROOT, "tests", d, "*.c")))]
_spec = importlib.util.spec_from_file_location("reduction_check", os.path.join(ROOT, "tools", "reduction_check.py"))
reduction_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(reduction_check)


@pytest.mark.parametrize("path", PROGRAMS, ids=[os.path.relpath(p, os.path.join(ROOT, "tests"))[:-2]
                                                for p in PROGRAMS])
def test_reductions_keep_verdicts(path):
    row = reduction_check.compare(path, max_time=300)  # (symbolic/float_math_ok takes 80 s a run alone)
    assert row["agree"], row


def report(tmp_path, *args):
    rep = tmp_path / "r.json"
    subprocess.run([sys.executable, "-m", "divm", "verify", "--quiet", "--report", str(rep),
                    "--trace-out", str(tmp_path / "t.json"), *args], cwd=ROOT, capture_output=True, timeout=600,
                   env={**os.environ, "DIVM_PARALLEL_WARMUP": "0"})
    return json.load(open(rep))


def test_symmetry_merges_allocation_orders(tmp_path):
    prog = os.path.join(ROOT, "tests", "verify", "heap_symmetry_ok.c")
    on = report(tmp_path, "-o", "nofail:malloc", prog)
    off = report(tmp_path, "-o", "nofail:malloc", "--no-symmetry", prog)
    assert on["result"] == off["result"] == "valid"
    assert on["heap_symmetry"] == "on" and off["heap_symmetry"] == "off"
    assert on["states"] < off["states"]


def _search(path, guard: bool):
    """A symmetric DFS of path in this process, with the guard or without."""
    from divm.cli.api import machine
    from divm.explore.explorer import DFS, Task, run
    from divm.explore.search import Machine
    m = machine(path, opts=["nofail:malloc"])
    if not guard:  # the order of the two blocks is then seen by nobody
        m.vm.ocmp = lambda x, y, r: r
        m.vm.p2i = lambda x: x
        m.vm.G["_ocmp"], m.vm.G["_p2i"] = m.vm.ocmp, m.vm.p2i
    m = Machine(m.vm, checkers=m.checkers, symmetry=True)
    return run(DFS(), m, Task()), m


@pytest.mark.parametrize("name", ["heap_order_bug", "heap_order_int_bug"])
def test_guard_sees_the_order(name):
    """Without the guard heap symmetry would merge the run that allocates
    p1 first with the one that allocates p2 first and miss the error."""
    path = os.path.join(ROOT, "tests", "verify", name + ".c")
    res, m = _search(path, guard=True)
    assert res.verdict == "error" and m.symmetry_dropped
    res, m = _search(path, guard=False)
    assert res.verdict == "valid" and not m.symmetry_dropped


def test_workers_start_over(tmp_path):
    r = report(tmp_path, "-o", "nofail:malloc", "--workers", "2",
               os.path.join(ROOT, "tests", "verify", "heap_order_bug.c"))
    assert r["result"] == "error" and r["heap_symmetry"] == "dropped"

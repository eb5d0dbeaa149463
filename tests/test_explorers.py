"""The explorer plug-in interface: built-ins are plug-ins of it, and a
user's explorer (examples/explorers/bounded.py) is selected by
MODULE:CLASS, by FILE.py:CLASS and through the divm.explorers entry point
group, from the command line and the Python API."""

import importlib.metadata
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RACE = os.path.join(ROOT, "examples", "race.c")
HELLO = os.path.join(ROOT, "examples", "hello.c")
BOUNDED = os.path.join(ROOT, "examples", "explorers", "bounded.py")


def divm(*args, env=None, cwd=ROOT):
    e = dict(os.environ, PYTHONPATH=ROOT, **(env or {}))
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=600, env=e)


def test_builtins_are_explorers():
    from divm.explore.explorer import BUILTIN, Explorer, resolve
    assert set(BUILTIN) == {"dfs", "bfs", "liveness", "parallel"}
    for name, cls in BUILTIN.items():
        assert resolve(name) is cls
        assert isinstance(cls(), Explorer)


def test_bounded_finds_the_race_like_dfs(tmp_path):
    reports = {}
    for search in ("dfs", "examples.explorers.bounded:BoundedDFS"):
        rep, trace = tmp_path / f"{search[:3]}.json", tmp_path / f"{search[:3]}.trace.json"
        r = divm("verify", "--search", search, "--report", str(rep), "--trace-out", str(trace), RACE)
        assert r.returncode == 1, r.stderr
        reports[search] = json.loads(rep.read_text())
        assert divm("replay", RACE, str(trace)).returncode == 1  # the counterexample replays
    dfs, bounded = reports.values()
    assert bounded["error"] == dfs["error"]
    assert bounded["states"] <= dfs["states"] + 1


def test_bounded_by_path_from_elsewhere(tmp_path):
    """FILE.py:CLASS works from any directory; a cut search is inconclusive."""
    r = divm("verify", "--search", f"{BOUNDED}:BoundedDFS", "--trace-out", str(tmp_path / "t.json"),
             "--report", str(tmp_path / "r.json"), RACE, env={"DIVM_MAX_DEPTH": "3"}, cwd=str(tmp_path))
    assert r.returncode == 3, r.stderr
    rep = json.loads((tmp_path / "r.json").read_text())
    assert rep["result"] == "inconclusive" and "depth bound 3" in rep["reason"]


def test_bounded_valid_program(tmp_path):
    r = divm("verify", "--search", f"{BOUNDED}:BoundedDFS", HELLO, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr


def test_entry_point(monkeypatch):
    from divm.explore import explorer
    ep = importlib.metadata.EntryPoint(name="bounded", value="examples.explorers.bounded:BoundedDFS",
                                       group=explorer.ENTRY_POINTS)

    def entry_points(group=None, name=None):
        return [e for e in [ep] if group in (None, e.group) and name in (None, e.name)]
    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    monkeypatch.syspath_prepend(ROOT)
    assert explorer.resolve("bounded").__name__ == "BoundedDFS"
    assert "bounded" in explorer.names()


@pytest.mark.parametrize("spec, words", [
    ("nosuch", ["no such explorer", "dfs"]),
    ("examples.explorers.bounded:Nope", ["has no Nope"]),
    ("no.such.module:X", ["no module named"]),
    ("json:dumps", ["not an explorer"]),
    ("/nonexistent/x.py:X", ["no such file"]),
])
def test_bad_specs(spec, words):
    r = divm("verify", "--search", spec, HELLO)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    for w in words:
        assert w in r.stderr, r.stderr


def test_safety_explorer_refuses_liveness():
    r = divm("verify", "--liveness", "--search", f"{BOUNDED}:BoundedDFS", HELLO)
    assert r.returncode == 2 and "safety only" in r.stderr


def test_workers_need_a_parallel_explorer():
    r = divm("verify", "--workers", "2", "--search", f"{BOUNDED}:BoundedDFS", HELLO)
    assert r.returncode == 2 and "--workers" in r.stderr


def test_api_with_explorer_class():
    sys.path.insert(0, ROOT)
    try:
        import divm
        from examples.explorers.bounded import BoundedDFS
        rep = divm.verify(RACE, search=BoundedDFS)
    finally:
        sys.path.remove(ROOT)
    assert rep["result"] == "error" and rep["error"]["kind"] == "assert"
    assert rep["trace"]["format"] == "divm-trace"

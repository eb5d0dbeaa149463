"""The public Python API: the README's example runs as written, and the
API gives what the command line gives."""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def readme_example() -> str:
    text = open(os.path.join(ROOT, "README.md")).read()
    section = text[text.index("## Python API"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_readme_example_runs():
    r = subprocess.run([sys.executable, "-c", readme_example()], capture_output=True, text=True, cwd=ROOT,
                       timeout=600, env=dict(os.environ, PYTHONPATH=ROOT))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[:3] == ["error assert 20", "hello, divm", "0"], r.stdout


def test_import_is_light():
    code = "import sys, divm; print(sorted(m for m in sys.modules if m.startswith('divm')))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       env=dict(os.environ, PYTHONPATH=ROOT))
    mods = eval(r.stdout)
    assert not any(m.startswith(("divm.explore", "divm.vm", "divm.cli.api")) for m in mods), mods


def test_verify_matches_the_cli(tmp_path):
    import divm
    race = os.path.join(ROOT, "examples", "race.c")
    rep = tmp_path / "r.json"
    r = subprocess.run([sys.executable, "-m", "divm", "verify", "--search", "bfs", "--report", str(rep),
                        "--trace-out", str(tmp_path / "t.json"), race], capture_output=True, cwd=ROOT,
                       env=dict(os.environ, PYTHONPATH=ROOT))
    assert r.returncode == 1
    cli = json.loads(rep.read_text())
    api = divm.verify(race, search="bfs", trace_out=str(tmp_path / "a.json"))
    for k in ("result", "property", "states", "transitions", "error"):
        assert api[k] == cli[k], k
    assert json.load(open(api["trace"]))["steps"] == json.load(open(cli["trace"]))["steps"]


def test_options_and_errors(tmp_path):
    import divm
    import pytest
    hello = os.path.join(ROOT, "examples", "hello.c")
    rep = divm.verify(hello, opts=["nofail:malloc"], leakcheck="exit", max_states=1000)
    assert rep["result"] == "valid"
    with pytest.raises(TypeError):
        divm.verify(hello, bogus=1)
    with pytest.raises(divm.UsageError):
        divm.verify(hello, search="nosuch")


def test_machine_by_hand():
    import divm
    from divm.explore.explorer import BFS
    m = divm.machine(os.path.join(ROOT, "examples", "race.c"))
    res = BFS().explore(m, divm.Task())
    assert res.verdict == "error" and res.path[-1].error.kind == "assert"
    prog = divm.load_program(os.path.join(ROOT, "examples", "hello.c"))
    assert any(f.name == "main" for f in prog.functions)

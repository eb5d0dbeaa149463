"""tools/svcomp_score.py: task discovery, verdicts, categories and points
(the same as BenchExec's), the table, and whole runs against a stand-in
`divm` that answers what the task file tells it to.  The last test runs the
real `divm svcomp` and is skipped while `divm svcomp --help` fails.
"""

from __future__ import annotations

import importlib.util
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, divm_cmd, divm_env

SCRIPT = ROOT / "tools" / "svcomp_score.py"


def load_script():
    spec = importlib.util.spec_from_file_location("svcomp_score", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module     # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


score = load_script()

REACH = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"
PROPERTIES = {
    "unreach-call": REACH,
    "valid-memsafety": "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n"
                       "CHECK( init(main()), LTL(G valid-memtrack) )\n",
    "no-overflow": "CHECK( init(main()), LTL(G ! overflow) )\n",
}


def task_yml(props: list[tuple[str, object, str | None, str]], data_model: str = "ILP32",
             prefix: str = "../properties") -> str:
    """A task definition; each property is (name, expected_verdict, subproperty, what the fake answers)."""
    fakes = "".join(f"# fake {name}: {fake}\n" for name, _, _, fake in props)
    entries = ""
    for name, expected, sub, _ in props:
        entries += f"  - property_file: {prefix}/{name}.prp\n"
        if expected is not None:
            entries += f"    expected_verdict: {str(expected).lower()}\n"
        if sub:
            entries += f"    subproperty: {sub}\n"
    return (f"{fakes}format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n{entries}"
            f"options:\n  language: C\n  data_model: {data_model}\n")


def make_bench(root: Path, with_sleeper: bool = False) -> Path:
    (root / "properties").mkdir(parents=True)
    for name, text in PROPERTIES.items():
        (root / "properties" / f"{name}.prp").write_text(text)
    tasks = root / "tasks"
    (tasks / "sub").mkdir(parents=True)
    files = {
        "a.yml": task_yml([("unreach-call", False, None, "false(unreach-call)")]),
        "b.yml": task_yml([("unreach-call", True, None, "true"),
                           ("valid-memsafety", False, "valid-deref", "false(valid-free)")]),
        "c.yml": task_yml([("unreach-call", True, None, "false(unreach-call)")], data_model="LP64"),
        "sub/d.yml": task_yml([("no-overflow", False, None, "true")], prefix="../../properties"),
        "e.yml": task_yml([("termination", True, None, "true")]),            # no property file
        "f.yml": task_yml([("unreach-call", None, None, "true")]),           # no expected verdict
        "g.yml": task_yml([("unreach-call", False, None, "crash")]),
        "m.yml": task_yml([("valid-memsafety", False, "valid-memtrack", "false(valid-memtrack)")]),
        "witness.yml": "- entry_type: violation_sequence\n  content: []\n",  # not a task
    }
    if with_sleeper:
        files["h.yml"] = task_yml([("unreach-call", True, None, "sleep")])
    for name, text in files.items():
        (tasks / name).write_text(text)
    return root


FAKE_DIVM = r'''
import os, subprocess, sys, time
args = sys.argv[1:]
assert args[0] == "svcomp", args
prop, wdir, yml = args[args.index("--prop") + 1], args[args.index("--witness-dir") + 1], args[-1]
assert os.path.isfile(prop) and os.path.isdir(wdir) and os.getcwd() == os.path.realpath(wdir), args
text = open(yml).read()
model = "LP64" if "data_model: LP64" in text else "ILP32"
assert args[args.index("--data-model") + 1] == model, args
assert float(args[args.index("--max-time") + 1]) > 0, args
stem = os.path.splitext(os.path.basename(prop))[0]
action = next(line.split(": ", 1)[1] for line in text.splitlines() if line.startswith(f"# fake {stem}: "))
if action == "sleep":
    subprocess.Popen(["sleep", "60"])      # a child holding the pipes, like divm's workers
    time.sleep(60)
if action == "crash":
    print("divm: error: prog.c:1:1: expected identifier", file=sys.stderr)
    sys.exit(2)
open(os.path.join(wdir, "witness.yml"), "w").write("[]\n")
print("divm: checking", file=sys.stderr)
print("program output")
print(action)
'''


@pytest.fixture
def fake_divm(tmp_path) -> list[str]:
    path = tmp_path / "fake_divm.py"
    path.write_text(FAKE_DIVM)
    return [sys.executable, str(path)]


# ---------------------------------------------------------------- pure parts

def test_discover(tmp_path):
    root = make_bench(tmp_path / "bench")
    tasks, skipped = score.discover(root)
    found = [(t.name, t.prop, t.expected_str, t.data_model) for t in tasks]
    assert found == [
        ("tasks/a.yml", "unreach-call", "false", "ILP32"),
        ("tasks/b.yml", "unreach-call", "true", "ILP32"),
        ("tasks/b.yml", "valid-memsafety", "false(valid-deref)", "ILP32"),
        ("tasks/c.yml", "unreach-call", "true", "LP64"),
        ("tasks/g.yml", "unreach-call", "false", "ILP32"),
        ("tasks/m.yml", "valid-memsafety", "false(valid-memtrack)", "ILP32"),
        ("tasks/sub/d.yml", "no-overflow", "false", "ILP32"),
    ]
    assert all(t.prop_file.is_file() and t.prop_file.is_absolute() for t in tasks)
    assert len(skipped) == 2
    assert "tasks/e.yml" in skipped[0] and "termination.prp" in skipped[0]
    assert "tasks/f.yml" in skipped[1] and "expected_verdict" in skipped[1]


def test_discover_one_property(tmp_path):
    root = make_bench(tmp_path / "bench")
    tasks, skipped = score.discover(root, "valid-memsafety")
    assert [(t.name, t.subproperty) for t in tasks] == [("tasks/b.yml", "valid-deref"),
                                                        ("tasks/m.yml", "valid-memtrack")]
    assert skipped == []
    assert score.discover(root, "no-such-property") == ([], [])


def test_parse_verdict():
    assert score.parse_verdict("noise\nfalse(valid-deref)\n\n") == "false(valid-deref)"
    assert score.parse_verdict("true\n") == "true"
    assert score.parse_verdict("unknown") == "unknown"
    assert score.parse_verdict("true\nmore output\n") is None
    assert score.parse_verdict("false\n") is None
    assert score.parse_verdict("") is None


@pytest.mark.parametrize("expected, sub, got, category", [
    (True, None, "true", "correct-true"),
    (False, None, "false(unreach-call)", "correct-false"),
    (True, None, "false(unreach-call)", "wrong-false"),
    (False, None, "true", "wrong-true"),
    (False, "valid-deref", "false(valid-deref)", "correct-false"),
    (False, "valid-deref", "false(valid-free)", "unknown"),
    (False, "valid-deref", "true", "wrong-true"),
    (True, None, "false(valid-deref)", "wrong-false"),
    (True, None, "unknown", "unknown"),
    (False, None, "error", "error"),
    (False, None, "timeout", "timeout"),
])
def test_categorize(expected, sub, got, category):
    assert score.categorize(expected, sub, got) == category


def test_categories_and_points_agree_with_benchexec(tmp_path):
    result = pytest.importorskip("benchexec.result")
    prp = tmp_path / "p.prp"
    prp.write_text(REACH)
    prop = result.Property.create(str(prp))
    benchexec_name = {"correct-true": result.CATEGORY_CORRECT, "correct-false": result.CATEGORY_CORRECT,
                      "wrong-true": result.CATEGORY_WRONG, "wrong-false": result.CATEGORY_WRONG,
                      "unknown": result.CATEGORY_UNKNOWN, "error": result.CATEGORY_ERROR,
                      "timeout": result.CATEGORY_ERROR}
    as_status = {"error": result.RESULT_ERROR, "timeout": result.RESULT_TIMEOUT}
    for expected in (True, False):
        for sub in (None, "valid-deref", "valid-memtrack"):
            if expected and sub:
                continue    # sv-benchmarks gives subproperties only with false
            for got in sorted(score.VERDICTS) + ["error", "timeout"]:
                status = as_status.get(got, got)
                expected_results = {str(prp): result.ExpectedResult(expected, sub)}
                category = result.get_result_category(expected_results, status, [prop])
                mine = score.categorize(expected, sub, got)
                assert benchexec_name[mine] == category, (expected, sub, got)
                assert score.points(mine) == prop.compute_score(category, status), (expected, sub, got)


def test_summary_and_table():
    rows = [score.Row("t/a.yml", "unreach-call", "false", "false(unreach-call)", 1.5, "correct-false", 1),
            score.Row("t/b.yml", "unreach-call", "true", "true", 0.25, "correct-true", 2),
            score.Row("t/c.yml", "unreach-call", "true", "false(unreach-call)", 3.0, "wrong-false", -16),
            score.Row("t/d.yml", "no-overflow", "false", "true", 3.0, "wrong-true", -32),
            score.Row("t/e.yml", "unreach-call", "true", "timeout", 70.0, "timeout", 0),
            score.Row("t/f.yml", "unreach-call", "true", "unknown", 2.0, "unknown", 0)]
    counts = score.summarize(rows)
    assert counts == {"correct-true": 1, "correct-false": 1, "wrong-true": 1, "wrong-false": 1,
                      "unknown": 1, "error": 0, "timeout": 1, "score": -45}
    table = score.format_table(rows).splitlines()
    assert table[0].split() == ["task", "property", "expected", "got", "seconds", "points"]
    assert table[1].split() == ["t/a.yml", "unreach-call", "false", "false(unreach-call)", "1.50", "+1"]
    assert table[4].split()[-1] == "-32"
    assert "score:   -45" in score.format_summary(counts)


# ---------------------------------------------------------------- runs with a stand-in divm

def test_run_task_kills_the_process_group_on_timeout(tmp_path, fake_divm):
    root = make_bench(tmp_path / "bench", with_sleeper=True)
    (task,) = [t for t in score.discover(root)[0] if t.name == "tasks/h.yml"]
    start = time.monotonic()
    row = score.run_task(task, fake_divm, timeout=1.0, grace=0.0)
    assert time.monotonic() - start < 20     # communicate() would wait for the sleeping child
    assert (row.got, row.category, row.points) == ("timeout", "timeout", 0)


def test_main(tmp_path, fake_divm, capsys):
    root = make_bench(tmp_path / "bench")
    out = tmp_path / "rows.json"
    status = score.main([str(root), "--jobs", "2", "--timeout", "30", "--json", str(out),
                         "--divm", shlex.join(fake_divm)])
    assert status == 1                       # wrong verdicts
    data = json.loads(out.read_text())
    got = {(r["task"], r["property"]): (r["got"], r["category"], r["points"]) for r in data["rows"]}
    assert got == {
        ("tasks/a.yml", "unreach-call"): ("false(unreach-call)", "correct-false", 1),
        ("tasks/b.yml", "unreach-call"): ("true", "correct-true", 2),
        ("tasks/b.yml", "valid-memsafety"): ("false(valid-free)", "unknown", 0),
        ("tasks/c.yml", "unreach-call"): ("false(unreach-call)", "wrong-false", -16),
        ("tasks/g.yml", "unreach-call"): ("error", "error", 0),
        ("tasks/m.yml", "valid-memsafety"): ("false(valid-memtrack)", "correct-false", 1),
        ("tasks/sub/d.yml", "no-overflow"): ("true", "wrong-true", -32),
    }
    assert data["summary"]["score"] == -44
    (g,) = [r for r in data["rows"] if r["task"] == "tasks/g.yml"]
    assert g["detail"] == "exit 2: divm: error: prog.c:1:1: expected identifier"
    stdout, stderr = capsys.readouterr()
    assert "score:   -44" in stdout
    assert "tasks/g.yml unreach-call: exit 2: divm: error:" in stdout
    assert "skipped tasks/e.yml" in stderr


def test_main_exit_0_without_wrong_verdicts(tmp_path, fake_divm, capsys, monkeypatch):
    make_bench(tmp_path / "bench")
    monkeypatch.chdir(tmp_path)     # a relative DIR, while divm runs elsewhere
    assert score.main(["bench", "--prop", "valid-memsafety", "--divm", shlex.join(fake_divm)]) == 0
    assert "score:   1" in capsys.readouterr().out


def test_bad_usage(tmp_path):
    r = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path / "missing")], capture_output=True, text=True)
    assert r.returncode == 2 and "not a directory" in r.stderr


# ---------------------------------------------------------------- with `divm svcomp`

def svcomp_available() -> bool:
    try:
        r = subprocess.run(divm_cmd("svcomp", "--help"), env=divm_env(), capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return r.returncode == 0


REACH_C = """\
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
    if (__VERIFIER_nondet_int() == 5)
        reach_error();
    return 0;
}
"""
SAFE_C = """\
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > 5 && x < 3)
        reach_error();
    return 0;
}
"""


@pytest.mark.skipif(not svcomp_available(), reason="`divm svcomp --help` fails: the svcomp command is not there yet")
def test_with_divm_svcomp(tmp_path):
    root = tmp_path / "bench"
    (root / "properties").mkdir(parents=True)
    (root / "properties" / "unreach-call.prp").write_text(REACH)
    (root / "tasks").mkdir()
    for name, source, expected in (("reach", REACH_C, False), ("safe", SAFE_C, True)):
        (root / "tasks" / f"{name}.c").write_text(source)
        (root / "tasks" / f"{name}.yml").write_text(
            task_yml([("unreach-call", expected, None, "")]).replace("prog.c", f"{name}.c"))
    out = tmp_path / "rows.json"
    r = subprocess.run([sys.executable, str(SCRIPT), str(root), "--timeout", "60", "--jobs", "2",
                        "--json", str(out), "--divm", shlex.join(divm_cmd())],
                       env=divm_env(), capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    rows = {row["task"]: row for row in json.loads(out.read_text())["rows"]}
    assert rows["tasks/reach.yml"]["got"] == "false(unreach-call)", r.stdout
    assert rows["tasks/safe.yml"]["got"] in ("true", "unknown"), r.stdout

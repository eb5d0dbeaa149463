"""The BenchExec tool-info module tools/benchexec/divm.py.

cmdline() and determine_result() are checked on BenchExec's own Task,
ResourceLimits, Run, RunOutput and ProcessExitCode; version() and
executable() on a stand-in `divm`.  BenchExec's own test_tool_info loads the
module by name and checks its version and command lines.  The end-to-end
test needs `divm svcomp` and is skipped while `divm svcomp --help` fails:
it runs the module's command line on a tiny task and reads the real output.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, divm_cmd, divm_env

pytest.importorskip("benchexec")

import benchexec.result as result  # noqa: E402
from benchexec.tools.template import BaseTool2, ToolNotFoundException, UnsupportedFeatureException  # noqa: E402
from benchexec.util import ProcessExitCode  # noqa: E402

MODULE = ROOT / "tools" / "benchexec" / "divm.py"
Task, ResourceLimits, Run, RunOutput = BaseTool2.Task, BaseTool2.ResourceLimits, BaseTool2.Run, BaseTool2.RunOutput


def load_module():
    spec = importlib.util.spec_from_file_location("divm_benchexec_tool", MODULE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool():
    return load_module().Tool()


def make_run(lines: list[str], value: int | None = 0, signal: int | None = None,
             termination_reason: str | None = None) -> Run:
    exit_code = ProcessExitCode.create(value=None if signal else value, signal=signal)
    # RunOutput keeps the line separators, as BenchExec reads them from the log file
    return Run(["divm", "svcomp", "prog.c"], exit_code, RunOutput([line + "\n" for line in lines]),
               termination_reason)


# ---------------------------------------------------------------- cmdline

def test_cmdline_minimal(tool):
    task = Task.with_files(["prog.c"], property_file="unreach-call.prp")
    assert tool.cmdline("divm", [], task, ResourceLimits()) == [
        "divm", "svcomp", "--prop", "unreach-call.prp", "prog.c"]


def test_cmdline_sv_benchmarks_task(tool):
    task = Task.with_files(["prog.i"], property_file="p/valid-memsafety.prp",
                           options={"language": "C", "data_model": "LP64"})
    limits = ResourceLimits(cputime=900, cputime_hard=960, walltime=1000, memory=15_000_000_000)
    assert tool.cmdline("./divm", ["-v"], task, limits) == [
        "./divm", "svcomp", "-v", "--prop", "p/valid-memsafety.prp", "--data-model", "LP64",
        "--max-time", "900", "--max-memory", "12874M", "prog.i"]


def test_cmdline_without_property_or_cputime(tool):
    task = Task.with_files(["prog.c"], options={"language": "C", "data_model": "ILP32"})
    assert tool.cmdline("divm", [], task, ResourceLimits(walltime=30)) == [
        "divm", "svcomp", "--data-model", "ILP32", "--max-time", "30", "prog.c"]


def test_cmdline_user_options_win(tool):
    task = Task.with_files(["prog.c"], property_file="unreach-call.prp",
                           options={"language": "C", "data_model": "LP64"})
    options = ["--prop", "other.prp", "--data-model", "ILP32", "--max-time", "5", "--max-memory", "1G"]
    assert tool.cmdline("divm", options, task, ResourceLimits(cputime=900, memory=1 << 33)) == [
        "divm", "svcomp", *options, "prog.c"]


def test_cmdline_rejects_unsupported_tasks(tool):
    with pytest.raises(UnsupportedFeatureException):
        tool.cmdline("divm", [], Task.with_files(["a.c", "b.c"]), ResourceLimits())
    with pytest.raises(UnsupportedFeatureException):
        tool.cmdline("divm", [], Task.without_files("id"), ResourceLimits())
    with pytest.raises(UnsupportedFeatureException):
        tool.cmdline("divm", [], Task.with_files(["a.c"], options={"data_model": "LLP64"}), ResourceLimits())


# ---------------------------------------------------------------- determine_result

@pytest.mark.parametrize("verdict, expected", [
    ("true", result.RESULT_TRUE_PROP),
    ("false(unreach-call)", result.RESULT_FALSE_REACH),
    ("false(valid-deref)", result.RESULT_FALSE_DEREF),
    ("false(valid-free)", result.RESULT_FALSE_FREE),
    ("false(valid-memtrack)", result.RESULT_FALSE_MEMTRACK),
    ("false(valid-memcleanup)", result.RESULT_FALSE_MEMCLEANUP),
    ("false(no-overflow)", result.RESULT_FALSE_OVERFLOW),
    ("false(no-data-race)", result.RESULT_FALSE_DATARACE),
    ("false(termination)", result.RESULT_FALSE_TERMINATION),
    ("unknown", result.RESULT_UNKNOWN),
])
def test_verdicts(tool, verdict, expected):
    assert tool.determine_result(make_run(["divm: compiling prog.c", "explaining...", verdict])) == expected


def test_verdict_before_trailing_stderr(tool):
    # BenchExec merges stderr into the output; stderr may end after the verdict
    run = make_run(["divm: checking", "false(valid-free)", "divm: wrote witness.yml", ""])
    assert tool.determine_result(run) == result.RESULT_FALSE_FREE


def test_no_verdict_is_an_error(tool):
    status = tool.determine_result(make_run(["divm: checking", "maybe"]))
    assert status.startswith(result.RESULT_ERROR)
    assert tool.determine_result(make_run([])).startswith(result.RESULT_ERROR)


def test_bad_input(tool):
    status = tool.determine_result(make_run(["divm: error: prog.c:3: expected ';'"], value=2))
    assert status == f"{result.RESULT_ERROR} (invalid input)"
    assert result.get_result_classification(status) == result.RESULT_CLASS_OTHER


def test_internal_error(tool):
    lines = ["divm: internal error: KeyError: 'x' (rerun with --debug and please report it)"]
    assert tool.determine_result(make_run(lines, value=2)) == f"{result.RESULT_ERROR} (internal: KeyError)"


def test_interrupted(tool):
    assert tool.determine_result(make_run(["divm: interrupted"], value=3)) == f"{result.RESULT_ERROR} (interrupted)"


def test_python_crash(tool):
    lines = ["Traceback (most recent call last):", '  File "x.py", line 1, in <module>',
             "RecursionError: maximum recursion depth exceeded"]
    assert tool.determine_result(make_run(lines, value=1)) == f"{result.RESULT_ERROR} (RecursionError)"
    assert tool.determine_result(make_run(["oops"], value=1)) == f"{result.RESULT_ERROR} (exit 1)"


def test_killed_by_signal(tool):
    assert tool.determine_result(make_run(["true"], signal=11)) == f"{result.RESULT_ERROR} (signal 11)"


@pytest.mark.parametrize("reason", ["cputime", "cputime-soft", "walltime"])
def test_timeout_discards_verdict(tool, reason):
    run = make_run(["divm: checking", "true"], signal=9, termination_reason=reason)
    assert run.was_timeout
    assert tool.determine_result(run) == result.RESULT_TIMEOUT


def test_out_of_memory_discards_verdict(tool):
    # plain ERROR lets BenchExec write its own OUT OF MEMORY without a suffix
    run = make_run(["false(valid-deref)"], signal=9, termination_reason="memory")
    assert tool.determine_result(run) == result.RESULT_ERROR


# ---------------------------------------------------------------- executable and version

def fake_divm(directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    exe = directory / "divm"
    exe.write_text("#!/bin/sh\necho 'divm 0.1.0'\n")
    exe.chmod(0o755)
    return exe


def test_executable_and_version(tool, tmp_path):
    exe = fake_divm(tmp_path / "tool")
    locator = BaseTool2.ToolLocator(tool_directory=str(tmp_path / "tool"))
    assert Path(tool.executable(locator)).resolve() == exe.resolve()
    assert tool.version(str(exe)) == "0.1.0"
    assert tool.name() == "divm"
    assert tool.project_url() is None


def test_executable_in_bin_of_tool_directory(tool, tmp_path):
    exe = fake_divm(tmp_path / "venv" / "bin")
    locator = BaseTool2.ToolLocator(tool_directory=str(tmp_path / "venv"))
    assert Path(tool.executable(locator)).resolve() == exe.resolve()
    with pytest.raises(ToolNotFoundException):
        tool.executable(BaseTool2.ToolLocator(tool_directory=str(tmp_path / "nowhere")))


# ---------------------------------------------------------------- end to end, with `divm svcomp`

def svcomp_available() -> bool:
    try:
        r = subprocess.run(divm_cmd("svcomp", "--help"), env=divm_env(), capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return r.returncode == 0


needs_svcomp = pytest.mark.skipif(not svcomp_available(),
                                  reason="`divm svcomp --help` fails: the svcomp command is not there yet")

REACH_PRP = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"
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
REACH_YML = """\
format_version: '2.0'
input_files: 'reach.c'
properties:
  - property_file: ../properties/unreach-call.prp
    expected_verdict: false
options:
  language: C
  data_model: ILP32
"""


def write_task(root: Path) -> Path:
    """reach.c, its reach.yml in root/tasks and the property in root/properties."""
    (root / "properties").mkdir(parents=True)
    (root / "properties" / "unreach-call.prp").write_text(REACH_PRP)
    (root / "tasks").mkdir()
    (root / "tasks" / "reach.c").write_text(REACH_C)
    (root / "tasks" / "reach.yml").write_text(REACH_YML)
    return root / "tasks" / "reach.yml"


def tool_directory(root: Path) -> Path:
    """A directory with bin/divm running this checkout (or DIVM_TEST_CMD)."""
    (root / "bin").mkdir(parents=True)
    exe = root / "bin" / "divm"
    exe.write_text(f"#!/bin/sh\nPYTHONPATH={shlex.quote(str(ROOT))}${{PYTHONPATH:+:$PYTHONPATH}} "
                   f"exec {shlex.join(divm_cmd())} \"$@\"\n")
    exe.chmod(0o755)
    return root


@needs_svcomp
def test_cmdline_runs_and_finds_the_violation(tool, tmp_path):
    yml = write_task(tmp_path / "bench")
    exe = tool.executable(BaseTool2.ToolLocator(tool_directory=str(tool_directory(tmp_path / "tool"))))
    task = Task.with_files([str(yml.parent / "reach.c")],
                           property_file=str(tmp_path / "bench" / "properties" / "unreach-call.prp"),
                           options={"language": "C", "data_model": "ILP32"})
    cmd = tool.cmdline(exe, [], task, ResourceLimits(cputime=60, cputime_hard=90))
    work = tmp_path / "work"
    work.mkdir()
    # as BenchExec runs it: stderr into the same output, the working directory
    # collects the witnesses
    r = subprocess.run(cmd, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
    run = Run(cmd, ProcessExitCode.create(value=r.returncode), RunOutput(r.stdout.splitlines(keepends=True)), None)
    assert tool.determine_result(run) == result.RESULT_FALSE_REACH, r.stdout
    assert (work / "witness.yml").is_file()
    assert (work / "witness.graphml").is_file()


def test_benchexec_test_tool_info(tmp_path):
    # needs `divm --version` only, not `divm svcomp`
    yml = write_task(tmp_path / "bench")
    tooldir = tool_directory(tmp_path / "tool")
    output = tmp_path / "output.log"
    output.write_text("divm: checking reach.c\nfalse(unreach-call)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "benchexec.test_tool_info", "tools.benchexec.divm",
                        "--no-container", "--tool-directory", str(tooldir),
                        "--task-definition", str(yml), "--tool-output", str(output)],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    log = r.stdout + r.stderr
    assert r.returncode == 0, log
    assert "Full name of tool module: “tools.benchexec.divm”" in log
    assert "Version: “0.1.0”" in log, log
    assert "'--data-model', 'ILP32', '--max-time', '900'" in log, log     # its SV-Benchmarks dummy task
    assert f"'--prop', '{tmp_path}/bench/properties/unreach-call.prp'" in log, log
    assert "“false(unreach-call)”" in log, log
    assert "does not support SV-Benchmarks task" not in log, log
    assert "Tool module failed" not in log, log

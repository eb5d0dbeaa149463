"""The command line's hygiene (issue 20): help for every option, `-- ARGS`
in usage, negative option values, a closing line that is not taken for
divm's own failure, `--fair` and unmarked acceptance, `replay --report`,
the memory of worker processes, all of clang's messages in `divm cc`, and
progress on and off a terminal."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

import pytest
from test_interrupt import MANY_STATES  # a lock taken 90 times: more states than a test waits for

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIVENESS = os.path.join(ROOT, "tests", "liveness")

NONDET = ("#include <assert.h>\nextern int __VERIFIER_nondet_int(void);\n"
          "int main(void) { int x = __VERIFIER_nondet_int(); assert(x != -3); return 0; }\n")
OK = "int main(void) { return 0; }\n"
# three errors in one file; clang reports them all
THREE_ERRORS = "int main(void) { return a + b + c; }\n"
WARNS = "int main(void) { return f(); }\n"  # an implicit declaration: a warning in clang 22
# a 64 KiB global written in a different place in each state: stores grow fast
FAT = ("#include <dios.h>\nextern int __VERIFIER_nondet_int(void);\nstatic char buf[1 << 16];\n"
       "int main(void) {\n    for (int i = 0; i < 10; i++) {\n"
       "        buf[i * 4099] = (char)__VERIFIER_nondet_int();\n        __dios_reschedule();\n    }\n"
       "    return 0;\n}\n")


def divm(*args, cwd=None, env=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "divm", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd or ROOT, timeout=timeout, env={**os.environ, **(env or {})})


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.strip()]


# -- 1. help text and usage --------------------------------------------------

def subparsers() -> dict:
    from divm.cli.parser import build_parser
    p = build_parser()
    return next(a for a in p._actions if isinstance(a, argparse._SubParsersAction)).choices


@pytest.mark.parametrize("command", ["run", "verify", "replay", "info", "svcomp"])
def test_every_option_has_help(command):
    sub = subparsers()[command]
    missing = [a.option_strings or a.dest for a in sub._actions if not a.help or a.help == argparse.SUPPRESS]
    assert not missing, f"divm {command}: no help for {missing}"
    r = divm(command, "--help")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr


@pytest.mark.parametrize("command", ["run", "verify"])
def test_usage_shows_program_arguments(command):
    r = divm(command, "--help")
    usage = r.stdout.split("\n\n")[0]
    assert usage.startswith(f"usage: divm {command}") and usage.rstrip().endswith("PROG [-- ARGS ...]"), usage
    assert "--report FILE.json" in usage  # the rest of the usage is still argparse's own
    bad = divm(command, "--no-such-option", "x.c")
    assert bad.returncode == 2 and "[-- ARGS ...]" not in bad.stderr  # errors stay one line


def test_cc_help_lists_its_options():
    r = divm("cc", "--help")
    assert r.returncode == 0
    for opt in ("-h, --help", "--print-flags  print", "-o OUT.bc  ", "clang options  "):
        assert opt in r.stdout, r.stdout


# -- 2. option values that start with "-" --------------------------------------

def test_split_argv_joins_negative_ranges_and_leaves_program_arguments():
    from divm.cli.parser import split_argv
    assert split_argv(["verify", "--nondet-range", "-5:5", "p.c", "--", "--nondet-range", "-1", "--liveness"]) \
        == (["verify", "--nondet-range=-5:5", "p.c"], ["--nondet-range", "-1", "--liveness"])
    assert split_argv(["verify", "--nondet", "-0x10:3", "p.c"])[0] == ["verify", "--nondet-range=-0x10:3", "p.c"]
    assert split_argv(["verify", "--nondet-range", "0:3", "p.c"])[0] == ["verify", "--nondet-range", "0:3", "p.c"]


def test_nondet_range_negative_without_equals(tmp_path):
    src = write(tmp_path, "n.c", NONDET)
    r = divm("verify", "--nondet-range", "-5:5", "--report", tmp_path / "r.json", src)
    assert r.returncode == 1, r.stderr  # -3 is in the range: the assertion fails
    assert json.load(open(tmp_path / "r.json"))["error"]["kind"] == "assert"


# -- 3. the closing line -------------------------------------------------------

def test_closing_line_is_not_divm_error(tmp_path):
    src = write(tmp_path, "n.c", NONDET)
    r = divm("verify", "--nondet-range", "-5:5", src)
    assert r.returncode == 1
    assert not any(ln.startswith("divm: error:") for ln in r.stderr.splitlines()), r.stderr
    assert lines(r.stderr)[-1].startswith("divm: found an error: 2 states, "), r.stderr
    ok = divm("verify", write(tmp_path, "ok.c", OK))
    assert ok.returncode == 0 and lines(ok.stderr)[-1].startswith("divm: valid: "), ok.stderr
    cut = divm("verify", "--max-states", "1", "--nondet-range", "0:3", src)
    assert cut.returncode == 3 and lines(cut.stderr)[-1].startswith("divm: inconclusive: "), cut.stderr
    assert lines(cut.stderr)[-1].endswith("(state limit 1 reached)"), cut.stderr


def test_liveness_closing_line(tmp_path):
    r = divm("verify", "--liveness", os.path.join(LIVENESS, "accept_forever.c"), "--trace-out", tmp_path / "t.json")
    assert r.returncode == 1
    assert lines(r.stderr)[-1].startswith("divm: found an error: "), r.stderr


def test_summary_words():
    from divm.cli.output import VERDICT_WORDS
    assert not any(w.startswith("error") for w in VERDICT_WORDS.values())
    assert set(VERDICT_WORDS) == {"valid", "error", "boot-error", "inconclusive"}


# -- 4. --fair, and liveness with nothing marked -------------------------------

def test_fair_without_liveness_is_a_usage_error(tmp_path):
    r = divm("verify", "--fair", write(tmp_path, "ok.c", OK))
    assert r.returncode == 2, r.stderr
    assert lines(r.stderr) == [lines(r.stderr)[0]] and "--liveness" in r.stderr, r.stderr
    assert divm("verify", "--fair", "--liveness", write(tmp_path, "ok2.c", OK)).returncode == 0


def test_liveness_without_accepting_marks_says_so(tmp_path):
    rep = tmp_path / "r.json"
    r = divm("verify", "--liveness", "--report", rep, write(tmp_path, "ok.c", OK))
    assert r.returncode == 0, r.stderr
    assert "divm: note: no transition set the accepting flag" in r.stderr, r.stderr
    data = json.load(open(rep))
    assert data["result"] == "valid" and "accepting flag" in data["warning"], data


def test_liveness_with_accepting_marks_has_no_warning(tmp_path):
    rep = tmp_path / "r.json"
    r = divm("verify", "--liveness", "--report", rep, os.path.join(LIVENESS, "accept_finite.c"))
    assert r.returncode == 0, r.stderr
    assert "note:" not in r.stderr and "warning" not in json.load(open(rep)), r.stderr


# -- 5. replay --report --------------------------------------------------------

def test_replay_writes_its_report(tmp_path):
    src = write(tmp_path, "n.c", NONDET)
    trace = tmp_path / "t.json"
    assert divm("verify", "--nondet-range", "-5:5", "--trace-out", trace, src).returncode == 1
    rep = tmp_path / "rr.json"
    r = divm("replay", "--report", rep, src, trace)
    assert r.returncode == 1, r.stderr
    data = json.load(open(rep))
    assert (data["command"], data["result"], data["steps_replayed"]) == ("replay", "error", 1), data
    assert data["error"]["kind"] == "assert" and data["error"]["backtrace"][0]["function"] == "main", data
    # the same step with another value: the run ends cleanly
    t = json.load(open(trace))
    (v, n), = t["steps"][0]["choices"]
    t["steps"][0]["choices"] = [[(v + 1) % n, n]]
    json.dump(t, open(trace, "w"))
    r = divm("replay", "--report", rep, src, trace)
    assert r.returncode == 0, r.stderr
    data = json.load(open(rep))
    assert (data["result"], data["steps_replayed"], data["exit_status"]) == ("valid", 1, 0), data
    assert "error" not in data


def test_replay_report_into_a_missing_directory_is_refused_first(tmp_path):
    src = write(tmp_path, "n.c", NONDET)
    trace = tmp_path / "t.json"
    assert divm("verify", "--nondet-range", "-5:5", "--trace-out", trace, src).returncode == 1
    r = divm("replay", "--report", tmp_path / "no" / "r.json", src, trace)
    assert r.returncode == 2 and len(lines(r.stderr)) == 1 and "step" not in r.stdout, (r.stdout, r.stderr)


# -- 6. the memory of worker processes ----------------------------------------

def test_peak_memory_counts_child_processes():
    from divm.cli import execution
    child = subprocess.Popen([sys.executable, "-c",
                              "import sys, time\nb = bytearray(b'x' * (256 << 20))\nprint(1, flush=True)\n"
                              "time.sleep(60)"], stdout=subprocess.PIPE)
    try:
        assert child.stdout.readline().strip() == b"1"
        assert child.pid in execution.child_pids()
        total = execution.sample_memory()
        assert total >= 256 << 20, total
        assert execution.peak_memory() >= 256 << 20
    finally:
        child.kill()
        child.wait()


def test_workers_memory_is_in_the_report(tmp_path):
    rep = tmp_path / "r.json"
    r = divm("verify", "--workers", "2", "--nondet-range", "0:1", "--report", rep, write(tmp_path, "fat.c", FAT),
             env={"DIVM_PARALLEL_WARMUP": "0", "DIVM_PARALLEL_STATS": "1"})
    assert r.returncode == 0, r.stderr
    workers = [int(ln.rsplit(" ", 2)[-2]) for ln in r.stderr.splitlines() if ln.startswith("worker ")]
    assert len(workers) == 2, r.stderr  # it forked
    peak = json.load(open(rep))["peak_memory_bytes"] >> 20
    assert peak >= sum(workers), (peak, workers)
    assert f"{peak} MiB" in lines(r.stderr)[-1]


# -- 7. divm cc: every message of clang's --------------------------------------

def test_cc_shows_every_error_and_run_names_the_first(tmp_path):
    src = write(tmp_path, "e.c", THREE_ERRORS)
    r = divm("cc", src, "-o", tmp_path / "e.bc")
    assert r.returncode == 2
    for name in "abc":
        assert f"use of undeclared identifier '{name}'" in r.stderr, r.stderr
    assert lines(r.stderr)[-1] == f"divm: error: cannot compile {src}: 3 errors (clang's messages above)"
    run = divm("run", src)
    assert run.returncode == 2 and len(lines(run.stderr)) == 1, run.stderr
    assert "identifier 'a'" in run.stderr and "(2 more errors; divm cc shows them all)" in run.stderr


def test_cc_shows_warnings(tmp_path):
    src = write(tmp_path, "w.c", WARNS)
    r = divm("cc", src, "-o", tmp_path / "w.bc")
    assert r.returncode == 0 and "warning: call to undeclared function 'f'" in r.stderr, r.stderr
    assert divm("cc", "-w", src, "-o", tmp_path / "w.bc").stderr == ""
    run = divm("run", "--max-states", "1", src)  # run compiles quietly
    assert "call to undeclared function" not in run.stderr, run.stderr


# -- 8. progress -------------------------------------------------------------

def test_progress_line_shows_the_limits():
    from divm.cli.output import progress_line
    from divm.explore.search import Limits
    line = progress_line(1_234_567, 4_000_000, 123, 42.2, Limits(5_000_000, 600, 2 << 30))
    assert line.startswith("divm: 42 s of 600 s, 1.2M states of 5M, 4M transitions, queue 123, ")
    assert "states/s" in line and line.endswith(" of 2048 MiB")
    plain = progress_line(12, 40, 3, 1.3)
    assert " of " not in plain and plain.endswith(" MiB")


def test_progress_in_a_log_waits_its_interval(capsys, monkeypatch):
    from divm.cli.output import Console
    monkeypatch.setattr(Console, "LOG_SECONDS", 2.0)
    c = Console()
    c.tty = False
    c.start_progress(None)
    for secs in (0.5, 1.0, 1.9):
        c.progress(10, 20, 3, secs)
    assert capsys.readouterr().err == ""  # a short search prints no progress
    c.progress(10, 20, 3, 2.1)
    c.progress(11, 21, 3, 2.5)
    c.progress(12, 22, 3, 4.2)
    assert len(lines(capsys.readouterr().err)) == 2
    q = Console("never")
    q.progress(10, 20, 3, 100.0)
    assert capsys.readouterr().err == ""


def test_progress_option_on_a_log(tmp_path):
    src = write(tmp_path, "many.c", MANY_STATES)
    r = divm("verify", "--progress", "--max-time", "3", "--max-states", "1000000", src)
    assert r.returncode == 3, r.stderr
    prog = [ln for ln in r.stderr.splitlines() if " states of 1M, " in ln]
    assert prog and all(" s of 3 s, " in ln and "\r" not in ln for ln in prog), r.stderr
    assert lines(r.stderr)[-1].startswith("divm: inconclusive: ")


def test_quiet(tmp_path):
    src = write(tmp_path, "many.c", MANY_STATES)
    r = divm("verify", "--quiet", "--max-time", "2", src)
    assert r.returncode == 3
    assert lines(r.stderr) == ["divm: inconclusive (time limit 2 s reached)"], r.stderr
    both = divm("verify", "--quiet", "--progress", src)
    assert both.returncode == 2 and "not allowed with" in both.stderr


def test_default_progress_on_a_log_is_silent_for_short_searches(tmp_path):
    r = divm("verify", write(tmp_path, "ok.c", OK))
    assert len(lines(r.stderr)) == 1, r.stderr


def test_progress_on_a_terminal_is_rewritten_in_place(tmp_path):
    import pty
    src = write(tmp_path, "many.c", MANY_STATES)
    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "divm", "verify", "--max-time", "2", src], cwd=ROOT,
                         stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    out = b""
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        out += chunk
    p.wait(timeout=60)
    os.close(master)
    text = out.decode("utf-8", "replace")
    assert p.returncode == 3, text
    assert "\r\x1b[Kdivm: " in text and " s of 2 s, " in text, text
    assert text.rstrip().splitlines()[-1].split("\x1b[K")[-1].startswith("divm: inconclusive: "), text

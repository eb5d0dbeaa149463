"""Nothing lost on interruption: SIGINT or SIGTERM during `divm verify` stops
the search, writes the report with "inconclusive" and the statistics so
far, and exits 3 -- also when the program is stuck in one transition that
never ends.  Reports and traces are written atomically (no temporary files
left behind)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from test_symbolic import HARD_QUERY  # an overflow check z3 takes minutes to refute

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# three threads, each taking a lock thirty times: far more states than a
# test can wait for
MANY_STATES = r"""
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;
static void *work(void *arg) {
    for (int i = 0; i < 30; i++) {
        pthread_mutex_lock(&m);
        counter++;
        pthread_mutex_unlock(&m);
    }
    return arg;
}
int main(void) {
    pthread_t t[3];
    for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, work, 0);
    for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
    return counter == 90 ? 0 : 1;
}
"""

# one thread that never stops: a single transition without end
ENDLESS = "int main(void) { volatile unsigned x = 0; for (;;) x++; }\n"


def start(args, cwd):
    return subprocess.Popen([sys.executable, "-m", "divm", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def interrupt(args, cwd, sig, report):
    """Start divm, send sig once the search runs, return (rc, stderr, seconds
    from the signal to the exit).  A signal that arrives while the program
    is still being compiled and loaded finds no search to stop; then try
    again, waiting longer."""
    for delay in (4.0, 10.0, 20.0):
        p = start(args, cwd)
        time.sleep(delay)
        assert p.poll() is None, p.communicate()
        t0 = time.time()
        p.send_signal(sig)
        try:
            _, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            pytest.fail(f"divm did not stop within 60 s of {sig.name}")
        if os.path.exists(report) or "stopping the search" in err:
            return p.returncode, err, time.time() - t0
    pytest.fail(f"the search never started: {err}")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_stops_verify_with_a_report(tmp_path, sig):
    prog = tmp_path / "many.c"
    prog.write_text(MANY_STATES)
    report = str(tmp_path / "r.json")
    rc, err, secs = interrupt(["verify", "--report", report, str(prog)], str(tmp_path), sig, report)
    assert rc == 3, err
    assert "Traceback" not in err, err
    assert secs < 15, secs
    data = json.load(open(report))
    assert data["result"] == "inconclusive", data
    assert data["reason"] == f"interrupted by {sig.name}", data
    assert data["states"] > 1 and data["transitions"] > 0 and data["search_seconds"] > 0, data
    assert f"divm: inconclusive: {data['states']} states" in err, err
    # nothing half-written: no temporary files, no trace (no error was found)
    assert sorted(os.listdir(tmp_path)) == ["many.c", "r.json"], os.listdir(tmp_path)


def test_signal_stops_an_endless_transition(tmp_path):
    """The search loop cannot see a signal while one transition runs for
    ever: the interrupt points of the program become live and stop it."""
    prog = tmp_path / "endless.c"
    prog.write_text(ENDLESS)
    report = str(tmp_path / "r.json")
    rc, err, secs = interrupt(["verify", "--report", report, str(prog)], str(tmp_path), signal.SIGINT, report)
    assert rc == 3, err
    assert secs < 15, secs
    data = json.load(open(report))
    assert data["result"] == "inconclusive" and data["reason"] == "interrupted by SIGINT", data


def test_signal_stops_liveness(tmp_path):
    prog = tmp_path / "many.c"
    prog.write_text(MANY_STATES)
    ltl = tmp_path / "p.ltl"
    ltl.write_text("#define done (counter == 90)\n#property finishes F done\n#property other G F done\n")
    report = str(tmp_path / "r.json")
    rc, err, secs = interrupt(["verify", "--liveness", str(ltl), "--report", report, str(prog)],
                              str(tmp_path), signal.SIGTERM, report)
    assert rc == 3, err
    data = json.load(open(report))
    assert data["result"] == "inconclusive", data
    assert [p["result"] for p in data["properties"]] == ["inconclusive", "inconclusive"], data
    assert "SIGTERM" in data["properties"][0]["reason"], data


def test_interrupted_run_exits(tmp_path):
    """Ctrl-C on `divm run` of a program that never ends exits at once
    (the interpreter used to wait for the VM thread)."""
    prog = tmp_path / "endless.c"
    prog.write_text(ENDLESS)
    p = start(["run", str(prog)], str(tmp_path))
    time.sleep(4)
    t0 = time.time()
    p.send_signal(signal.SIGINT)
    try:
        _, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        pytest.fail("divm run did not stop after SIGINT")
    assert time.time() - t0 < 10
    assert p.returncode == 3 and "Traceback" not in err, err


def test_signal_stops_a_solver_query(tmp_path):
    """SIGINT while a z3 query runs (verify --symbolic): z3 used to take the
    signal over for itself, answer unknown, and divm went on as if that
    path were feasible (past any limit, towards a spurious error).  Now
    the handler sees it and interrupts the query: inconclusive at once."""
    prog = tmp_path / "hard.c"
    prog.write_text(HARD_QUERY)
    report = str(tmp_path / "r.json")
    rc, err, secs = interrupt(["verify", "--symbolic", "-o", "check:overflow", "--prove-time", "0",
                               "--report", report, str(prog)], str(tmp_path), signal.SIGINT, report)
    assert rc == 3, err
    assert secs < 15, secs
    data = json.load(open(report))
    assert data["result"] == "inconclusive" and data["reason"] == "interrupted by SIGINT", data

"""`divm sim`, the interactive debugger, driven by scripts on standard input:
breakpoints, stepping inside and across transitions, choosing threads and
choices, printing globals, fields and locals with their types, rewinding
and going back, backtraces of every thread, memory and bits, following a
recorded trace to its error, and bad commands."""

from __future__ import annotations

import json
import subprocess
import sys

TWO = r"""#include <pthread.h>
#include <assert.h>
struct pt { int x, y; };
int counter;
struct pt where = {1, 2};
int arr[3];
int *ptr;

void *worker(void *a)
{
    int local = 7;
    counter++;
    where.x = counter + local;
    return 0;
}

int main(void)
{
    pthread_t t;
    int k = 3;
    ptr = &arr[1];
    pthread_create(&t, 0, worker, 0);
    counter++;
    arr[k - 1] = 5;
    pthread_join(t, 0);
    assert(counter == 2);
    return 0;
}
"""

SEQ = r"""#include <stdlib.h>
struct node { int val; char tag; struct node *next; };
struct node *head;
int total;

int add(int a, int b)
{
    int s = a + b;
    return s;
}

int main(void)
{
    int x = __VERIFIER_nondet_int();
    int buf[4] = {1, 2};
    total = add(x, buf[1]);
    head = malloc(sizeof(struct node));
    if (!head)
        return 1;
    head->val = total;
    head->next = head;
    total = total * 10;
    free(head);
    return 0;
}
"""


def sim(tmp_path, source: str, script: str, *opts: str) -> list[tuple[str, str]]:
    """Each command of the script with what it printed."""
    prog = tmp_path / "p.c"
    prog.write_text(source)
    r = subprocess.run([sys.executable, "-m", "divm", "sim", str(prog), *opts], input=script, capture_output=True,
                       text=True, timeout=600, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    blocks = r.stdout.split("(divm) ")
    assert blocks[0].startswith("divm sim: p.c is booted")
    out = []
    for b in blocks[1:]:
        cmd, _, text = b.partition("\n")
        out.append((cmd, text))
    return out


def output(blocks: list[tuple[str, str]], command: str, nth: int = 0) -> str:
    return [text for cmd, text in blocks if cmd == command][nth]


def test_breakpoint_at_a_line_then_continue(tmp_path):
    b = sim(tmp_path, TWO, "break p.c:23\ncontinue\nprint counter\nprint where\nprint where.x\ninfo breakpoints\n")
    assert output(b, "break p.c:23") == "breakpoint 1 at p.c:23\n"
    assert output(b, "continue").startswith("breakpoint 1: thread 1 at main (p.c:23)\n")
    assert "counter++;" in output(b, "continue")
    assert output(b, "print counter") == "counter = 0 (int)\n"
    assert output(b, "print where") == "where = {.x = 1, .y = 2} (struct pt)\n"
    assert output(b, "print where.x") == "where.x = 1 (int)\n"
    assert "(hit 1 times)" in output(b, "info breakpoints")


def test_two_threads_choosing_which_runs(tmp_path):
    script = ("break worker\nstart\nnext\nnext\nnext\nthreads\nthread 2\nstep\nprint local\nprint a\n"
              "backtrace all\nthreads\nnext\nprint counter\nprint where.x\n")
    b = sim(tmp_path, TWO, script)
    assert output(b, "start").startswith("thread 1 at main (p.c:20)")
    # pthread_create ends a transition (a second thread exists): main goes on in the next one
    assert "transition 1: thread 1" in output(b, "next", 2)
    assert "thread 1 at main (p.c:23)" in output(b, "next", 2)
    assert "2   parked   worker (not started)" in output(b, "threads")
    assert "thread 2 runs in the next transition; this one goes on in thread 1" in output(b, "thread 2")
    assert "breakpoint 1: thread 2 at worker (p.c:11)" in output(b, "step")
    assert output(b, "print local") == "local = (undefined) (int, in a register)\n"
    assert output(b, "print a") == "a = NULL (void *, in a register)\n"
    assert output(b, "backtrace all") == "thread 1:\n  #0  main (p.c:23)\nthread 2:\n *#0  worker (p.c:11)\n"
    assert "* 2   running  worker (p.c:11)" in output(b, "threads", 1)
    assert output(b, "next", 3).startswith("thread 2 at worker (p.c:12)")
    assert output(b, "print counter") == "counter = 0 (int)\n"


def test_whole_transitions_rewind_and_old_values(tmp_path):
    script = ("stepa\nthreads\nthread 2\nstepa\nprint counter\nprint where\nstepa 4\nprint counter\ntrace\n"
              "rewind 1\nprint counter\nprint where\nrewind\nprint ptr\nrewind 9\n")
    b = sim(tmp_path, TWO, script)
    assert output(b, "stepa") == "transition 1: thread 1, stopped at main (p.c:22)\n"
    assert "1   can run  main (p.c:22)" in output(b, "threads")
    assert "2   can run  worker (not started)" in output(b, "threads")
    assert "thread 2 runs next" in output(b, "thread 2")
    assert output(b, "stepa", 1).startswith("transition 2: thread 2")
    assert output(b, "print where") == "where = {.x = 1, .y = 2} (struct pt)\n"
    assert output(b, "print counter", 1) != "counter = 0 (int)\n"
    trace = output(b, "trace")
    assert "step 1: thread 1 at main (p.c:22)" in trace and "ptr = &arr + 4" in trace
    assert "step 2: thread 2 at worker (p.c:12)  choices 1/2" in trace
    assert output(b, "rewind 1") == "back after transition 1\nthread 1 at main (p.c:22)\n"
    assert output(b, "print counter", 2) == "counter = 0 (int)\n"
    assert output(b, "rewind") == "back at the booted state\n"
    assert output(b, "print ptr") == "ptr = NULL (int *)\n"
    assert output(b, "rewind 9") == "error: nothing to rewind: no transition has run\n"


def test_locals_finish_back_memory_bits_and_choices(tmp_path):
    script = ("break add\nchoose 2\ncontinue\ninfo locals\nprint a + b * 2\nbacktrace\nup\nprint buf\n"
              "print &buf[1]\nfinish\nprint total\nnext 5\nprint *head\nmemory head\nbits head->tag\nprint &x\n"
              "back\nprint head->next\nback 2\nprint total\ncontinue\n")
    b = sim(tmp_path, SEQ, script, "--nondet-range", "0:5")
    assert output(b, "continue").startswith("breakpoint 1: thread 1 at add (p.c:8)")
    # choose 2: the nondet value is the third of 0..5
    assert output(b, "info locals") == ("a = 2 (int, in a register)\nb = 2 (int, in a register)\n"
                                        "s = (undefined) (int, in a register)\n")
    assert output(b, "print a + b * 2") == "a + b * 2 = 6 (long)\n"
    assert output(b, "backtrace") == " *#0  add (p.c:8)\n  #1  main (p.c:16)\n"
    assert output(b, "up").startswith("#1  main (p.c:16)")
    assert output(b, "print buf") == "buf = {1, 2, 0, 0} (int [4])\n"
    assert output(b, "print &buf[1]") == "&buf[1] = &buf[1] (int *)\n"
    assert output(b, "finish").startswith("thread 1 at main (p.c:16)")
    assert output(b, "print total") == "total = 0 (int)\n"
    assert output(b, "next 5").startswith("thread 1 at main (p.c:22)")
    assert output(b, "print *head") == ("*head = {.val = 4, .tag = (undefined), .next = (heap 1, 16 bytes)} "
                                        "(struct node)\n")
    assert output(b, "memory head") == ("heap 1: 16 bytes, 4 undefined\n     0: 04 00 00 00 ?? ?? ?? ??\n"
                                        "     8: -> heap 1\n")
    assert output(b, "bits head->tag") == ("head->tag (char):\n  ????????\n  (8 of 8 bits undefined; most "
                                           "significant bit first, ? undefined, $ symbolic)\n")
    assert "no address: the VM keeps this local in a register" in output(b, "print &x")
    # back: the transition runs again to the last stop before this one, then the one before that
    assert output(b, "back").startswith("back: thread 1 at main (p.c:21)")
    assert output(b, "print head->next") == "head->next = (undefined) (struct node *)\n"
    assert output(b, "back 2").startswith("back: thread 1 at main (p.c:18)")
    assert output(b, "print total", 1) == "total = 4 (int)\n"
    assert output(b, "continue", 1) == "the program has ended (exit status 0)\n"


def test_following_a_trace_reaches_its_error(tmp_path):
    prog = tmp_path / "p.c"
    prog.write_text(TWO)
    trace = tmp_path / "t.json"
    r = subprocess.run([sys.executable, "-m", "divm", "verify", str(prog), "--trace-out", str(trace)],
                       capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    steps = len(json.loads(trace.read_text())["steps"])
    b = sim(tmp_path, TWO, "continue\nprint counter\nbacktrace\nstep\nrewind\nprint counter\nstepa\n",
            "--trace", str(trace), "--report", str(tmp_path / "r.json"))
    out = output(b, "continue")
    assert "(the end of the recorded trace)" in out
    assert "error: assert: Assertion failed: counter == 2" in out
    assert "just before the error: thread 1 at main (p.c:26)" in out
    assert output(b, "print counter") == "counter = 1 (int)\n"
    assert output(b, "backtrace") == " *#0  main (p.c:26)\n"
    assert output(b, "step") == "the run ends at this error: back, rewind or start go back\n"
    assert output(b, "rewind") == f"back after transition {steps - 1}\nthread 1 at main (p.c:26)\n"
    assert "error: assert" in output(b, "stepa")
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["result"] == "error" and report["steps"] == steps
    assert [s["choices"] for s in report["trace"]["steps"]] == [s["choices"] for s in
                                                                json.loads(trace.read_text())["steps"]]


def test_bad_commands_are_one_line_each(tmp_path):
    b = sim(tmp_path, TWO, "bogus\nprint nosuch\nprint 1 +\nbreak nosuch\nstep x\nback\nprint counter\n"
                           "help step\n")
    assert output(b, "bogus") == "error: unknown command 'bogus' (help lists the commands)\n"
    assert output(b, "print nosuch") == "error: no variable 'nosuch' here (column 1)\n"
    assert output(b, "print 1 +") == "error: expression ends too early (column 4)\n"
    assert output(b, "break nosuch") == "error: no function 'nosuch' in the program\n"
    assert output(b, "step x") == "error: expected a number, not 'x'\n"
    assert output(b, "back").startswith("error: no stop to go back to")
    assert output(b, "print counter") == "counter = 0 (int)\n"
    assert output(b, "help step").startswith("step [N]: run to the next C line")
    assert b[-1] == ("", "")  # the end of input quits


def test_stepi_shows_the_operation_it_stops_before(tmp_path):
    b = sim(tmp_path, "int g;\nint main(void) {\n  int x = 3;\n  g = x * 2 + 1;\n  return g - 7;\n}\n",
            "break main\nstart\nstepi\nstepi\nstepi\n")
    steps = [output(b, "stepi", i) for i in range(3)]
    assert all("of the code generated for main" in s and "\n        -> " in s for s in steps)
    assert any("* 2" in s for s in steps)

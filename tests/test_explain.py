"""Counterexamples that explain themselves: each step's choices in words,
the globals it changed, in the report and on the terminal."""

from __future__ import annotations

import json
import subprocess
import sys

PROG = r"""
#include <pthread.h>
#include <stdlib.h>
#include <assert.h>
struct pt { int x, y; };
int counter;
struct pt where = {1, 2};
int *buf;
void *worker(void *a) { counter++; where.x = counter + 5; return 0; }
int main(void) {
  pthread_t t;
  int k = __VERIFIER_nondet_int();
  buf = malloc(4 * sizeof(int));
  if (!buf) return 0;
  pthread_create(&t, 0, worker, 0);
  counter++;
  pthread_join(t, 0);
  assert(counter == 2 || k != 1);
  return 0;
}
"""


def verify(tmp_path, source: str, *opts: str) -> tuple[dict, str]:
    prog = tmp_path / "p.c"
    prog.write_text(source)
    rep = tmp_path / "r.json"
    r = subprocess.run([sys.executable, "-m", "divm", "verify", str(prog), "--report", str(rep), *opts],
                       capture_output=True, text=True, timeout=600, cwd=tmp_path)
    return json.loads(rep.read_text()), r.stderr


def events(report: dict) -> list[str]:
    return [ev for st in report["steps"] for ev in st.get("events", ())]


def test_choices_and_assignments_in_words(tmp_path):
    report, err = verify(tmp_path, PROG, "--nondet-range", "0:2")
    assert report["result"] == "error"
    ev = events(report)
    assert "__VERIFIER_nondet_int() at p.c:12 returns 1" in ev
    assert "malloc at p.c:13 succeeds" in ev
    assert "thread 2 runs" in ev and "thread 1 runs" in ev
    values = {}
    for st in report["steps"]:
        for a in st.get("assignments", ()):
            values.setdefault(a["name"], []).append(a["value"])
    # the lost update: both threads read 0, so counter only ever becomes 1
    assert values["counter"] == ["1"]
    assert values["where"][-1] == "{.x = 6, .y = 2}"
    assert values["buf"][0].startswith("(heap block #")
    assert "__VERIFIER_nondet_int() at" in err and "thread 2 runs" in err and "counter = 1" in err


def test_malloc_failure_named(tmp_path):
    report, _ = verify(tmp_path, "#include <stdlib.h>\nint main(void) {\n  int *p = malloc(8);\n"
                                 "  *p = 1;\n  free(p);\n  return 0;\n}\n")
    assert report["error"]["kind"] == "memory"
    assert "malloc at p.c:3 fails" in events(report)


def test_symbolic_inputs_and_branches(tmp_path):
    report, _ = verify(tmp_path, "#include <assert.h>\nint g;\nint main(void) {\n"
                                 "  int x = __VERIFIER_nondet_int();\n  if (x > 100) g = x;\n"
                                 "  assert(g != 4242);\n  return 0;\n}\n", "--symbolic")
    ev = events(report)
    assert "__VERIFIER_nondet_int() at p.c:4 returns 4242" in ev
    assert any(e.startswith("the branch at p.c:") and e.endswith("goes the true way") for e in ev)
    assigned = [a for st in report["steps"] for a in st.get("assignments", ())]
    assert {"name": "g", "value": "4242"} in assigned


def test_liveness_counterexample_has_steps(tmp_path):
    report, err = verify(tmp_path, "int x;\nint main(void) {\n  for (;;) x = (x + 1) % 3;\n}\n",
                         "--termination")
    assert report["result"] == "error"
    assert {"name": "x", "value": "1"} in [a for st in report["steps"] for a in st.get("assignments", ())]
    assert "the program runs forever" in err


def test_deadlock_lists_every_thread_and_the_lock_holder(tmp_path):
    report, err = verify(tmp_path, r"""
#include <pthread.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
void *w(void *x) { pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a);
                   pthread_mutex_unlock(&b); return 0; }
int main(void) {
  pthread_t t; pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&a); pthread_mutex_lock(&b); pthread_mutex_unlock(&b); pthread_mutex_unlock(&a);
  pthread_join(t, 0);
  return 0;
}
""")
    assert report["error"]["kind"] == "deadlock"
    threads = {t["thread"]: t for t in report["error"]["threads"]}
    assert set(threads) == {1, 2}
    waits = sorted(t.get("waits", "") for t in threads.values())
    assert "waits for mutex &a, held by thread 1" in waits or "waits for mutex &b, held by thread 2" in waits
    assert all(t["backtrace"] for t in threads.values())
    assert "held by thread" in err


def test_memory_errors_name_the_block_and_its_history(tmp_path):
    report, err = verify(tmp_path, "#include <stdlib.h>\nint main(void) {\n  int *p = malloc(8);\n"
                                   "  if (!p) return 0;\n  p[0] = 1;\n  free(p);\n  return p[1];\n}\n")
    assert report["error"]["objects"] == ["heap block allocated by malloc at p.c:3 in main, "
                                          "freed by free at p.c:6 in main"]
    assert "the error is about: heap block allocated by malloc at p.c:3" in err


def test_memory_errors_name_the_local_variable(tmp_path):
    # a live local reached from a callee, another thread's local, a local after its function returned
    report, err = verify(tmp_path, "void fill(char *p, int n) { for (int i = 0; i <= n; i++) p[i] = 1; }\n"
                                   "int main(void) {\n  char buf[24];\n  fill(buf, 24);\n  return buf[0];\n}\n")
    assert report["error"]["objects"] == ["local variable buf of main (24 bytes)"]
    assert "the error is about: local variable buf of main" in err
    report, _ = verify(tmp_path, "#include <pthread.h>\nint *shared;\n"
                                 "void *t(void *a) { shared[3] = 1; return 0; }\nint main(void) {\n"
                                 "  int arr[2] = {0, 0};\n  shared = arr;\n  pthread_t th;\n"
                                 "  pthread_create(&th, 0, t, 0);\n  pthread_join(th, 0);\n  return arr[0];\n}\n")
    assert report["error"]["objects"] == ["local variable arr of main (8 bytes)"]
    report, _ = verify(tmp_path, "int *f(void) { int x = 5; return &x; }\n"
                                 "int main(void) { int *p = f(); return *p; }\n")
    assert report["error"]["objects"] == ["local variable x of f, after its block or function ended"]


def test_leaks_give_allocation_sites(tmp_path):
    report, _ = verify(tmp_path, "#include <stdlib.h>\nint main(void) {\n  int *p = malloc(8);\n"
                                 "  p = malloc(16);\n  free(p);\n  return 0;\n}\n",
                       "-o", "nofail:malloc", "--leakcheck", "exit")
    assert report["error"]["objects"] == ["8-byte heap block allocated by malloc at p.c:3 in main"]


def test_stack_overflow_has_a_cut_backtrace(tmp_path):
    prog = tmp_path / "p.c"
    prog.write_text("int f(int n) { return n == 0 ? 0 : 1 + f(n + 1); }\nint main(void) { return f(1); }\n")
    r = subprocess.run([sys.executable, "-m", "divm", "run", "p.c"], capture_output=True, text=True,
                       timeout=600, cwd=tmp_path)
    lines = r.stderr.splitlines()
    assert "stack overflow" in lines[0] and lines[1] == "  at f (p.c:1)"
    assert any(ln.startswith("  from ... ") and ln.endswith(" calls ...") for ln in lines)
    assert lines[-1] == "  from main (p.c:2)" and len(lines) <= 25


def test_verify_finds_the_stack_overflow_of_endless_recursion(tmp_path):
    # each transition ends after LOOP_LIMIT calls and parks the stack in memory, where Python's
    # recursion limit does not apply: the parked depth counts (before, the search grew for ever)
    report, err = verify(tmp_path, "int f(int n) { return n == -1 ? 0 : f(n + 1) + 1; }\n"
                                   "int main(void) { return f(0); }\n")
    assert report["error"]["kind"] == "memory" and "stack overflow" in report["error"]["message"]
    bt = report["error"]["backtrace"]
    assert bt[0]["function"] == "f" and bt[-1]["function"] == "main" and len(bt) <= 21
    assert report["states"] < 1000


def test_replay_tells_the_steps(tmp_path):
    report, _ = verify(tmp_path, PROG, "--nondet-range", "0:2")
    r = subprocess.run([sys.executable, "-m", "divm", "replay", str(tmp_path / "p.c"), report["trace"]],
                       capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert r.returncode == 1
    assert "  __VERIFIER_nondet_int() at p.c:12 returns 1" in r.stdout
    assert "  thread 2 runs" in r.stdout and "  counter = 1" in r.stdout


def test_locals_of_the_running_thread(tmp_path):
    report, err = verify(tmp_path, "int main(void) {\n  int x = __VERIFIER_nondet_int();\n"
                                   "  if (x < 0 || x > 10) return 0;\n"
                                   "  while (x > 0) { x = x - 1; if (x == 5) x = 7; }\n"
                                   "  return 0;\n}\n", "--symbolic", "--termination")
    values = [a["value"] for st in report["steps"] for a in st.get("assignments", ())
              if a["name"] == "local main: x"]
    assert values[:2] == ["7", "6"] and "local main: x = 6" in err


def test_locals_of_other_threads_written_through_pointers(tmp_path):
    report, err = verify(tmp_path, "#include <pthread.h>\n#include <assert.h>\n"
                                   "void *t(void *a) { *(int *)a = 5; return 0; }\nint main(void) {\n"
                                   "  int v = 1;\n  pthread_t th;\n  pthread_create(&th, 0, t, &v);\n"
                                   "  pthread_join(th, 0);\n  assert(v == 1);\n  return 0;\n}\n")
    names = [a["name"] for st in report["steps"] for a in st.get("assignments", ())]
    assert "local main: v (thread 1)" in names and "local main: v (thread 1) = 5" in err


def test_address_reuse_named(tmp_path):
    """The choice of a comparison between a freed and a live block (VM.peq)."""
    report, _ = verify(tmp_path, "#include <stdlib.h>\nint main(void) {\n  int *y = malloc(4);\n  free(y);\n"
                                 "  int *x = malloc(4);\n  if (x == y)\n    free(x);\n  free(x);\n  return 0;\n}\n",
                       "-o", "nofail:malloc")
    assert report["error"]["kind"] == "memory"
    assert "the comparison at p.c:6 takes a freed block's address as reused by the live one (equal)" \
        in events(report), events(report)

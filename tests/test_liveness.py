"""`divm verify --liveness` on programs with known verdicts, per property,
with and without fairness; every violation's lasso trace replays."""

import glob
import json
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MONITORS = sorted(glob.glob(os.path.join(ROOT, "tests", "liveness", "*.ltl")))


def divm(*args):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


def expectations(ltl: str, fair: bool) -> dict[str, str]:
    text = open(ltl).read()
    plain = dict(re.findall(r"//\s*expect:\s*(\w+)\s+(holds|violated)", text))
    if fair:
        plain.update(re.findall(r"//\s*expect-fair:\s*(\w+)\s+(holds|violated)", text))
    return plain


@pytest.mark.parametrize("fair", [False, True], ids=["plain", "fair"])
@pytest.mark.parametrize("ltl", MONITORS, ids=[os.path.basename(m)[:-4] for m in MONITORS])
def test_monitor(ltl, fair, tmp_path):
    prog = ltl[:-4] + ".c"
    want = expectations(ltl, fair)
    rep = str(tmp_path / "r.json")
    r = divm("verify", "--liveness", ltl, *(["--fair"] if fair else []), "--report", rep,
             "--trace-out", str(tmp_path / "t.trace.json"), prog)
    assert "Traceback" not in r.stderr, r.stderr
    data = json.load(open(rep))
    got = {p["name"]: {"valid": "holds", "error": "violated"}.get(p["result"], p["result"])
           for p in data["properties"]}
    assert got == want, r.stderr[-2000:]
    assert r.returncode == (1 if "violated" in want.values() else 0)
    for p in data["properties"]:
        if p["result"] == "error":
            assert p["error"]["kind"] == "liveness"
            t = json.load(open(p["trace"]))
            assert t["cycle_start"] is not None and 0 <= t["cycle_start"] < len(t["steps"])
            rp = divm("replay", prog, p["trace"])
            assert rp.returncode == 1 and "loop starts here" in rp.stdout, rp.stdout + rp.stderr


def test_program_marked_acceptance(tmp_path):
    forever = os.path.join(ROOT, "tests", "liveness", "accept_forever.c")
    rep = str(tmp_path / "r.json")
    r = divm("verify", "--liveness", "--report", rep, "--trace-out", str(tmp_path / "t.json"), forever)
    assert r.returncode == 1, r.stderr
    data = json.load(open(rep))
    bt = data["error"]["backtrace"]
    assert bt and bt[0]["line"] == 8  # where the program sets the accepting flag
    assert divm("replay", forever, str(tmp_path / "t.json")).returncode == 1
    finite = os.path.join(ROOT, "tests", "liveness", "accept_finite.c")
    assert divm("verify", "--liveness", finite).returncode == 0


def test_monitor_errors(tmp_path):
    prog = os.path.join(ROOT, "tests", "liveness", "counter.c")
    bad = tmp_path / "bad.ltl"
    bad.write_text("#define a (x == 1)\n#property p G (a && )\n")
    r = divm("verify", "--liveness", str(bad), prog)
    assert r.returncode == 2 and "bad.ltl:2:" in r.stderr and "Traceback" not in r.stderr, r.stderr
    bad.write_text("#define a (nosuchglobal == 1)\n#property p G a\n")
    r = divm("verify", "--liveness", str(bad), prog)
    assert r.returncode == 2 and "nosuchglobal" in r.stderr and "1:" in r.stderr, r.stderr
    r = divm("verify", "--liveness", os.path.join(ROOT, "tests", "liveness", "counter.ltl"),
             "--property", "nope", prog)
    assert r.returncode == 2


CHOOSE_LOOP = r"""
#include <sys/divm.h>
int s;
int main(void)
{
    for (;;) {
        int c = __vm_choose(2);
        s = (s + c) % 4;
        if (s == 3)
            __vm_ctl_flag(0, _VM_CF_Accepting);
    }
}
"""


def test_choice_per_pass_ends_the_transition(tmp_path):
    """A single-threaded loop that chooses on every pass: each transition
    carries a bounded number of choices (not one per pass for 1000 passes),
    so a four-state program is decided at once, and its lasso replays."""
    prog = tmp_path / "choose_loop.c"
    prog.write_text(CHOOSE_LOOP)
    rep, trace = str(tmp_path / "r.json"), str(tmp_path / "t.json")
    r = divm("verify", "--liveness", "--max-time", "60", "--report", rep, "--trace-out", trace, str(prog))
    assert r.returncode == 1, r.stderr
    data = json.load(open(rep))
    assert data["states"] < 50 and data["seconds"] < 30, data
    t = json.load(open(trace))
    assert max(len(st["choices"]) for st in t["steps"]) <= 2, t["steps"]
    rp = divm("replay", str(prog), trace)
    assert rp.returncode == 1 and "loop starts here" in rp.stdout, rp.stdout + rp.stderr


def test_ltl_property_trace_replays(tmp_path):
    """A lasso found for one --property of a monitor file replays: the
    stem, the loop once, exit status 1."""
    checked = 0
    for ltl in MONITORS:
        prog = ltl[:-4] + ".c"
        for name, verdict in expectations(ltl, False).items():
            if verdict != "violated":
                continue
            trace = str(tmp_path / f"{name}.json")
            r = divm("verify", "--liveness", ltl, "--property", name, "--trace-out", trace, prog)
            assert r.returncode == 1, r.stderr
            rp = divm("replay", prog, trace)
            assert rp.returncode == 1 and "loop starts here" in rp.stdout, rp.stdout + rp.stderr
            checked += 1
    assert checked


def test_termination_with_sampled_inputs_is_not_valid(tmp_path):
    """The loop runs forever only for inputs above 5, which the default
    nondet domain {0, 1, -1, 2} never takes: not `valid`, but inconclusive;
    a range that includes them finds the lasso (both used to say valid)."""
    src = tmp_path / "t.c"
    src.write_text("extern int __VERIFIER_nondet_int(void);\n"
                   "int main(void) { int n = __VERIFIER_nondet_int(); while (n > 5) { } return 0; }\n")
    big = tmp_path / "b.c"  # a block beyond divm's objects: its success is not explored
    big.write_text("#include <stdlib.h>\n"
                   "int main(void) { char *p = malloc(3u << 30); while (p) { } return 0; }\n")
    for prog, extra in ((src, ()), (big, ("-o", "nofail:malloc")), (big, ())):
        rep = str(tmp_path / "r.json")
        r = divm("verify", "--termination", *extra, "--report", rep, str(prog))
        assert r.returncode == 3, r.stdout + r.stderr
        assert json.load(open(rep))["result"] == "inconclusive"
    r = divm("verify", "--termination", "--nondet-range", "-10:10", "--trace-out", str(tmp_path / "t.json"), str(src))
    assert r.returncode == 1 and "runs forever" in r.stderr, r.stdout + r.stderr
    r = divm("verify", "--termination", "--nondet-range", "0:3", str(src))  # valid, but says for which values
    assert r.returncode == 0 and "in 0:3 only" in r.stderr.splitlines()[-1], r.stdout + r.stderr


def test_bit_field_propositions(tmp_path):
    """A bit-field member reads its own bits (it was read as the whole
    storage unit), signed ones sign-extended."""
    src = tmp_path / "b.c"
    src.write_text("struct Bits { unsigned f1 : 3; unsigned f2 : 5; int f3 : 4; } bits = { 5, 17, -3 };\n"
                   "int main(void) { for (;;) { } }\n")
    ltl = tmp_path / "b.ltl"
    ltl.write_text("#define a (bits.f1 == 5)\n#define b (bits.f2 == 17)\n#define c (bits.f3 == -3)\n"
                   "#define d (bits.f1 != 141)\n#define e (bits.f2 == 141)\n"
                   "#property f1 G a\n#property f2 G b\n#property f3 G c\n#property whole G d\n#property wrong F e\n")
    rep = str(tmp_path / "r.json")
    divm("verify", "--liveness", str(ltl), "--report", rep, "--trace-out", str(tmp_path / "t.json"), str(src))
    got = {p["name"]: p["result"] for p in json.load(open(rep))["properties"]}
    assert got == {"f1": "valid", "f2": "valid", "f3": "valid", "whole": "valid", "wrong": "error"}, got


def test_pause_waits(tmp_path):
    """pause() and sigsuspend() block until a cancellation (or a handler run
    by kill from another process); they returned at once, so a program
    that pauses for ever was said to terminate."""
    forever = tmp_path / "p.c"
    forever.write_text("#include <unistd.h>\nint main(void) { pause(); return 0; }\n")
    r = divm("verify", "--termination", str(forever))
    assert r.returncode == 1, r.stdout + r.stderr
    cancelled = tmp_path / "c.c"
    cancelled.write_text("#include <pthread.h>\n#include <signal.h>\n#include <unistd.h>\n"
                         "void *t(void *a) { sigset_t s; sigemptyset(&s); pause(); sigsuspend(&s); return a; }\n"
                         "int main(void) { pthread_t th; pthread_create(&th, 0, t, 0);\n"
                         "  pthread_cancel(th); pthread_join(th, 0); return 0; }\n")
    r = divm("verify", "--termination", str(cancelled))
    assert r.returncode == 0, r.stdout + r.stderr


def test_partly_initialised_array_of_structs(tmp_path):
    """clang makes such an array a struct of pieces: indexing follows the
    debug type (it was refused as 'not an array')."""
    src = tmp_path / "a.c"
    src.write_text("struct In { char c; long l; };\nstruct Out { int a; struct In in; int arr[3]; };\n"
                   "struct Out sa[2] = { { 0 }, { 5, { 'q', 77 }, { 1, 2, 3 } } };\n"
                   "int main(void) { for (;;) { } }\n")
    ltl = tmp_path / "a.ltl"
    ltl.write_text("#define a (sa[1].arr[2] == 3 && sa[1].in.l == 77 && sa[1].in.c == 113)\n"
                   "#define b (sa[0].a == 5)\n#property yes G a\n#property no F b\n")
    rep = str(tmp_path / "r.json")
    divm("verify", "--liveness", str(ltl), "--report", rep, "--trace-out", str(tmp_path / "t.json"), str(src))
    got = {p["name"]: p["result"] for p in json.load(open(rep))["properties"]}
    assert got == {"yes": "valid", "no": "error"}, got


def test_pointer_propositions_drop_heap_symmetry(tmp_path):
    """A proposition that reads a pointer's value sees the objects' numbers,
    which heap symmetry renumbers: the states after `a, b = malloc` and
    `b, a = malloc` were one, and the second order's a > b was never seen
    (a wrong valid)."""
    src = tmp_path / "p.c"
    src.write_text("#include <stdlib.h>\nextern _Bool __VERIFIER_nondet_bool(void);\nint *a, *b;\nint ready;\n"
                   "int main(void) {\n  if (__VERIFIER_nondet_bool()) { a = malloc(4); b = malloc(4); }\n"
                   "  else { b = malloc(4); a = malloc(4); }\n  ready = 1;\n  for (;;) { }\n}\n")
    ltl = tmp_path / "p.ltl"
    ltl.write_text("#define bad (ready && a > b)\n#property never_bad G !bad\n")
    r = divm("verify", "-o", "nofail:malloc", "--liveness", str(ltl), "--trace-out", str(tmp_path / "t.json"),
             str(src))
    assert r.returncode == 1, r.stdout + r.stderr

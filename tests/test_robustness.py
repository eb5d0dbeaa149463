"""Bad input thrown at the CLI as a new user would: every case must exit 2
with one line on stderr that names the problem, and never a traceback.

tests/test_cli.py has the first cases (missing file, bytes that are not
bitcode, truncated bitcode, IR that does not parse, no main, a C compile
error, an undefined function, inline assembly, an unknown intrinsic, bad
option values for `run`); tests/test_verify.py and tests/test_liveness.py
some trace and monitor-file cases.  This file covers the rest, for every
command that takes the input."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RACE = os.path.join(ROOT, "tests", "verify", "race_counter.c")
COUNTER = os.path.join(ROOT, "tests", "liveness", "counter.c")

OK_C = "int main(void) { return 0; }\n"


def divm(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, timeout=300, stdin=subprocess.DEVNULL)


def refused(r, *needles):
    """Exit 2, exactly one line on stderr containing every needle, no traceback."""
    assert r.returncode == 2, (r.returncode, r.stdout[-500:], r.stderr[-2000:])
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr
    for n in needles:
        assert n in lines[0], (n, lines[0])


# -- files that are not programs ---------------------------------------------------------

# name -> contents (bytes); None makes a directory
FILES = {
    "empty.ll": b"",
    "empty.bc": b"",
    "blank.ll": b"\n  \n",
    "random.bc": bytes((i * 73 + 41) % 256 for i in range(400)),
    "random.ll": bytes((i * 151 + 7) % 256 for i in range(400)),
    "text.ll": b"hello, world\n",
    "random.c": bytes((i * 73 + 41) % 256 for i in range(400)),
    "dir.c": None,
    "dir.bc": None,
    "bitcode-magic.bc": b"BC\xc0\xde" + b"\x00" * 60,
    "unverified.ll": b"define i32 @main() {\n  %x = add i32 %x, 1\n  ret i32 0\n}\n",
    "no-terminator.ll": b"define i32 @main() {\n  %x = add i32 1, 1\n}\n",
    "nomain.ll": b"define i32 @f() {\n  ret i32 0\n}\n",
    "main-declared.ll": b"declare i32 @main()\ndefine i32 @f() {\n  ret i32 0\n}\n",
    "empty.c": b"",
    "undefined-fns.ll": (b"declare void @frob()\ndeclare i32 @twiddle(i32)\n"
                         b"define i32 @main() {\n  call void @frob()\n  %r = call i32 @twiddle(i32 1)\n"
                         b"  ret i32 %r\n}\n"),
    "undefined-global.ll": (b"@missing = external global i32\n"
                            b"define i32 @main() {\n  %v = load i32, ptr @missing\n  ret i32 %v\n}\n"),
    "asm.c": b"int main(void) {\n  int x = 1;\n  __asm__ volatile(\"\" : \"+r\"(x));\n  return x;\n}\n",
    "asm.ll": b'define i32 @main() {\n  call void asm sideeffect "nop", ""()\n  ret i32 0\n}\n',
    "intrinsic.ll": (b"declare void @llvm.clear_cache(ptr, ptr)\n"
                     b"define i32 @main() {\n  call void @llvm.clear_cache(ptr null, ptr null)\n  ret i32 0\n}\n"),
    "half.ll": b"define i32 @main() {\n  %h = fadd half 1.0, 1.0\n  ret i32 0\n}\n",
    "twoerrors.c": b"int main(void) {\n  return first_missing + second_missing;\n}\nint g( {\n",
    "exceptions.ll": (b"declare i32 @__gxx_personality_v0(...)\ndeclare void @thrower()\n"
                      b"define i32 @main() personality ptr @__gxx_personality_v0 {\n"
                      b"  invoke void @thrower() to label %ok unwind label %bad\n"
                      b"ok:\n  ret i32 0\n"
                      b"bad:\n  %lp = landingpad { ptr, i32 } cleanup\n  ret i32 1\n}\n"),
}

# (case id, command line with {file}, what the message must mention)
CASES = [
    ("empty-ll", ["run", "{empty.ll}"], ["empty.ll", "empty"]),
    ("empty-bc", ["verify", "{empty.bc}"], ["empty.bc", "empty"]),
    ("blank-ll", ["info", "{blank.ll}"], ["blank.ll", "empty"]),
    ("empty-c", ["run", "{empty.c}"], ["empty.c", "no main"]),
    ("random-bc-verify", ["verify", "{random.bc}"], ["random.bc", "not LLVM bitcode"]),
    ("random-ll", ["run", "{random.ll}"], ["random.ll", "not LLVM bitcode or IR"]),
    ("random-ll-info", ["info", "{random.ll}"], ["random.ll"]),
    ("text-ll", ["run", "{text.ll}"], ["text.ll", "invalid LLVM IR", ":1:1"]),
    ("random-c", ["run", "{random.c}"], ["random.c", "cannot compile"]),
    ("bitcode-magic", ["run", "{bitcode-magic.bc}"], ["bitcode-magic.bc", "bitcode"]),
    ("directory-c", ["run", "{dir.c}"], ["dir.c", "directory"]),
    ("directory-bc", ["verify", "{dir.bc}"], ["dir.bc", "directory"]),
    ("directory-info", ["info", "{dir.bc}"], ["dir.bc", "directory"]),
    ("missing-verify", ["verify", "/nonexistent/prog.c"], ["/nonexistent/prog.c", "no such file"]),
    ("missing-info", ["info", "/nonexistent/prog.ll"], ["no such file"]),
    ("missing-replay", ["replay", "/nonexistent/prog.bc", "{trace}"], ["no such file"]),
    ("ir-does-not-verify", ["run", "{unverified.ll}"], ["unverified.ll", "invalid module"]),
    ("ir-does-not-verify-verify", ["verify", "{unverified.ll}"], ["invalid module"]),
    ("ir-no-terminator", ["run", "{no-terminator.ll}"], ["no-terminator.ll"]),
    ("no-main-ll", ["verify", "{nomain.ll}"], ["nomain.ll", "no main"]),
    ("main-only-declared", ["run", "{main-declared.ll}"], ["no main"]),
    ("undefined-functions", ["run", "{undefined-fns.ll}"], ["undefined functions", "frob", "twiddle", "main"]),
    ("undefined-functions-verify", ["verify", "{undefined-fns.ll}"], ["frob", "twiddle"]),
    ("undefined-global", ["run", "{undefined-global.ll}"], ["undefined global variable missing"]),
    ("inline-asm-c", ["verify", "{asm.c}"], ["inline assembly", "main", "asm.c:3"]),
    ("inline-asm-ll", ["info", "{asm.ll}"], ["inline assembly", "main"]),
    ("unknown-intrinsic", ["verify", "{intrinsic.ll}"], ["intrinsic", "llvm.clear_cache", "main"]),
    ("unsupported-type", ["run", "{half.ll}"], ["type half", "main"]),
    ("exceptions", ["run", "{exceptions.ll}"], ["invoke", "main"]),
    ("compile-error-first", ["verify", "{twoerrors.c}"], ["cannot compile", "twoerrors.c:2:", "first_missing"]),
    # options
    ("unknown-option-verify", ["verify", "--bogus", "{ok.c}"], ["--bogus"]),
    ("unknown-option-replay", ["replay", "--frobnicate", "{ok.c}", "{trace}"], ["--frobnicate"]),
    ("unknown-option-info", ["info", "--all", "{ok.c}"], ["--all"]),
    ("unknown-command", ["frobnicate", "{ok.c}"], ["frobnicate"]),
    ("missing-prog", ["verify"], ["PROG"]),
    ("missing-trace", ["replay", "{ok.c}"], ["TRACE"]),
    ("max-states-lots", ["verify", "--max-states", "lots", "{ok.c}"], ["--max-states", "lots"]),
    ("max-states-zero", ["verify", "--max-states", "0", "{ok.c}"], ["--max-states"]),
    ("max-time-soon", ["verify", "--max-time", "soon", "{ok.c}"], ["--max-time", "soon"]),
    ("max-time-negative", ["verify", "--max-time", "-5", "{ok.c}"], ["--max-time"]),
    ("max-memory-lots", ["verify", "--max-memory", "lots", "{ok.c}"], ["--max-memory", "lots"]),
    ("o-nofail-everything", ["verify", "-o", "nofail:everything", "{ok.c}"], ["nofail:everything"]),
    ("o-ignore-unknown", ["run", "-o", "ignore:typos", "{ok.c}"], ["ignore:typos"]),
    ("nondet-range-5", ["verify", "--nondet-range", "5", "{ok.c}"], ["--nondet-range", "LO:HI"]),
    ("nondet-range-reversed", ["verify", "--nondet-range", "5:1", "{ok.c}"], ["--nondet-range"]),
    ("nondet-range-words", ["verify", "--nondet-range", "a:b", "{ok.c}"], ["--nondet-range"]),
    ("stdin-missing-run", ["run", "--stdin", "/nonexistent/input", "{ok.c}"], ["--stdin", "/nonexistent/input"]),
    ("stdin-missing-verify", ["verify", "--stdin", "/nonexistent/input", "{ok.c}"], ["--stdin"]),
    ("stdin-directory", ["run", "--stdin", "{dir.c}", "{ok.c}"], ["--stdin"]),
    ("search-order", ["verify", "--search", "sideways", "{ok.c}"], ["--search", "sideways"]),
    ("leakcheck-value", ["verify", "--leakcheck", "sometimes", "{ok.c}"], ["--leakcheck"]),
    ("workers-zero", ["verify", "--workers", "0", "{ok.c}"], ["--workers"]),
    ("choices-words", ["run", "--choices", "one,two", "{ok.c}"], ["--choices"]),
    ("seed-word", ["run", "--random", "--seed", "x", "{ok.c}"], ["--seed"]),
    ("property-without-liveness", ["verify", "--property", "p", "{ok.c}"], ["--property"]),
    ("report-missing-dir", ["verify", "--report", "/nonexistent/dir/r.json", "{ok.c}"], ["/nonexistent/dir"]),
    ("trace-out-directory", ["verify", "--trace-out", "{dir.c}", "{ok.c}"], ["dir.c", "directory"]),
    # liveness monitor files
    ("monitor-missing", ["verify", "--liveness", "/nonexistent/m.ltl", COUNTER], ["/nonexistent/m.ltl"]),
    ("monitor-empty", ["verify", "--liveness", "{empty.ltl}", COUNTER], ["empty.ltl", "no #property"]),
    ("monitor-undefined-prop", ["verify", "--liveness", "{undef.ltl}", COUNTER], ["undef.ltl", "nowhere"]),
    ("monitor-syntax", ["verify", "--liveness", "{syntax.ltl}", COUNTER], ["syntax.ltl:2:"]),
    ("monitor-directory", ["verify", "--liveness", "{dir.ltl}", COUNTER], ["dir.ltl"]),
]

LTL = {"empty.ltl": "", "undef.ltl": "#property p G nowhere\n",
       "syntax.ltl": "#define a (x == 1)\n#property p G (a U U a)\n"}


@pytest.fixture(scope="module")
def trace(tmp_path_factory):
    """A genuine counterexample of tests/verify/race_counter.c."""
    d = tmp_path_factory.mktemp("trace")
    t = str(d / "race.trace.json")
    r = divm("verify", "--trace-out", t, RACE)
    assert r.returncode == 1, r.stderr
    return t


def materialise(tmp_path, argv, trace_path):
    out = []
    for a in argv:
        if a.startswith("{") and a.endswith("}"):
            name = a[1:-1]
            p = tmp_path / name
            if name == "trace":
                out.append(trace_path)
                continue
            if name == "ok.c":
                p.write_text(OK_C)
            elif name == "dir.ltl":
                p.mkdir(exist_ok=True)
            elif name in LTL:
                p.write_text(LTL[name])
            elif FILES[name] is None:
                p.mkdir(exist_ok=True)
            else:
                p.write_bytes(FILES[name])
            out.append(str(p))
        else:
            out.append(a)
    return out


@pytest.mark.parametrize("argv,needles", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input(tmp_path, trace, argv, needles):
    refused(divm(*materialise(tmp_path, argv, trace), cwd=str(tmp_path)), *needles)


# -- traces that do not fit ------------------------------------------------------------------

def mutate(trace_path, tmp_path, f, name="bad.trace.json"):
    t = json.load(open(trace_path))
    t = f(t)
    p = tmp_path / name
    p.write_text(t if isinstance(t, str) else json.dumps(t))
    return str(p)


def set_(key, value):
    def f(t):
        t[key] = value
        return t
    return f


def set_opt(key, value):
    def f(t):
        t["options"][key] = value
        return t
    return f


def drop(key):
    def f(t):
        del t[key]
        return t
    return f


def more_choices(t):
    t["steps"][-1]["choices"].append([0, 2])
    return t


def fewer_choices(t):
    step = next(s for s in t["steps"] if s["choices"])
    step["choices"].pop()
    return t


def out_of_range(t):
    step = next(s for s in t["steps"] if s["choices"])
    step["choices"][0] = [7, 2]
    return t


def wrong_arity(t):
    step = next(s for s in t["steps"] if s["choices"])
    step["choices"][0] = [0, 5]
    return t


def extra_step(t):
    t["steps"].append({"choices": [], "interrupts": []})
    return t


TRACE_CASES = [
    ("not-json", lambda t: "{not json", ["not JSON"]),
    ("empty", lambda t: "", ["not JSON"]),
    ("json-array", lambda t: [], ["not a divm trace"]),
    ("other-format", set_("format", "spin-trail"), ["not a divm trace"]),
    ("version-2", set_("version", 2), ["version 2"]),
    ("version-string", set_("version", "1"), ["version"]),
    ("no-steps", drop("steps"), ["malformed"]),
    ("steps-not-list", set_("steps", 5), ["malformed"]),
    ("choice-not-pair", lambda t: (t["steps"][0].__setitem__("choices", [[1]]), t)[1], ["malformed"]),
    ("choice-word", lambda t: (t["steps"][0].__setitem__("choices", [["a", 2]]), t)[1], ["malformed"]),
    ("other-program", set_("program", "0" * 64), ["different program"]),
    ("no-program", drop("program"), ["different program"]),
    ("more-choices", more_choices, ["does not fit", "fewer choices"]),
    ("fewer-choices", fewer_choices, ["does not fit", "more choices"]),
    ("choice-out-of-range", out_of_range, ["does not fit", "7 of 2"]),
    ("choice-wrong-arity", wrong_arity, ["does not fit", "of 5"]),
    ("extra-step", extra_step, ["does not fit", "the run ends"]),
    ("cycle-start-word", set_("cycle_start", "x"), ["cycle_start"]),
    ("cycle-start-past-end", set_("cycle_start", 10 ** 6), ["cycle_start"]),
    ("options-bad-o", set_opt("o", ["nofail:everything"]), ["nofail:everything"]),
    ("options-bad-range", set_opt("nondet_range", "5"), ["--nondet-range"]),
    ("options-range-number", set_opt("nondet_range", 5), ["malformed"]),
    ("options-args-numbers", set_opt("args", [1, 2]), ["malformed"]),
    ("options-stdin-number", set_opt("stdin", 5), ["malformed"]),
]


@pytest.mark.parametrize("f,needles", [c[1:] for c in TRACE_CASES], ids=[c[0] for c in TRACE_CASES])
def test_replay_refuses(tmp_path, trace, f, needles):
    refused(divm("replay", RACE, mutate(trace, tmp_path, f)), *needles)


def test_replay_trace_file_problems(tmp_path):
    refused(divm("replay", RACE, str(tmp_path / "missing.json")), "missing.json")
    refused(divm("replay", RACE, str(tmp_path)), "directory")
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00\x01garbage")
    refused(divm("replay", RACE, str(tmp_path / "bin.json")), "not JSON")


def test_replay_of_a_trace_from_another_program(tmp_path, trace):
    other = os.path.join(ROOT, "tests", "verify", "mutex_counter.c")
    refused(divm("replay", other, trace), "different program")


def test_debug_shows_what_the_one_line_hides(tmp_path):
    """--debug is accepted everywhere a user might add it and changes
    nothing for clean refusals."""
    p = tmp_path / "e.ll"
    p.write_text("")
    for cmd in ("run", "verify", "info"):
        refused(divm(cmd, "--debug", str(p)), "empty")

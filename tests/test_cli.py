"""Bad input gets one clear line and exit status 2; never a traceback."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def divm(*args, cwd=None, stdin=None):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, timeout=300, input=stdin)


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text) if isinstance(text, str) else p.write_bytes(text)
    return str(p)


def bad(r, *needles):
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, r.stderr
    for n in needles:
        assert n in r.stderr, r.stderr


def test_missing_file():
    bad(divm("run", "/nonexistent/prog.bc"), "no such file")


def test_not_bitcode(tmp_path):
    bad(divm("run", write(tmp_path, "x.bc", b"\x00\x01garbage\xff" * 10)), "not LLVM bitcode")


def test_truncated_bitcode(tmp_path):
    c = write(tmp_path, "p.c", "int main(void){return 0;}\n")
    bc = str(tmp_path / "p.bc")
    assert divm("cc", c, "-o", bc).returncode == 0
    data = open(bc, "rb").read()
    bad(divm("run", write(tmp_path, "t.bc", data[:len(data) // 2])), "bitcode")


def test_invalid_ir(tmp_path):
    bad(divm("run", write(tmp_path, "x.ll", "define i32 @main() {\n  ret i32 %nope\n}\n")), "invalid LLVM IR")


def test_no_main(tmp_path):
    bad(divm("run", write(tmp_path, "x.c", "int f(void) { return 1; }\n")), "no main")


def test_compile_error(tmp_path):
    bad(divm("run", write(tmp_path, "x.c", "int main(void) { return nope; }\n")), "cannot compile", "nope")


def test_undefined_function(tmp_path):
    src = "int frobnicate(int);\nint main(void) { return frobnicate(1); }\n"
    bad(divm("run", write(tmp_path, "x.c", src)), "undefined function", "frobnicate", "main")


def test_allow_undefined_faults_at_the_call(tmp_path):
    src = ("int frobnicate(int);\nint main(int argc, char **argv) {\n  if (argc > 5)\n"
           "    return frobnicate(1);\n  return 0;\n}\n")
    x = write(tmp_path, "x.c", src)
    r = divm("run", "-o", "allow:undefined", x)  # (never called on this run)
    assert r.returncode == 0, r.stderr
    r = divm("run", "-o", "allow:undefined", x, "--", "a", "b", "c", "d", "e")
    assert r.returncode == 1 and "call of undefined function frobnicate" in r.stderr and "x.c:4" in r.stderr, r.stderr


def test_inline_asm(tmp_path):
    src = 'int main(void) {\n  int x = 0;\n  __asm__ volatile("nop");\n  return x;\n}\n'
    bad(divm("run", write(tmp_path, "x.c", src)), "inline assembly", "main", ":3")


def test_unknown_intrinsic(tmp_path):
    ll = ("declare i64 @llvm.readcyclecounter()\n"
          "define i32 @main() {\n  %r = call i64 @llvm.readcyclecounter()\n  ret i32 0\n}\n")
    bad(divm("run", write(tmp_path, "x.ll", ll)), "intrinsic", "llvm.readcyclecounter")


@pytest.mark.parametrize("opts", [["-o", "nofail:everything"], ["--bogus"], ["--max-states", "lots"],
                                  ["--leakcheck", "sometimes"]])
def test_bad_options(tmp_path, opts):
    p = write(tmp_path, "x.c", "int main(void){return 0;}\n")
    r = divm("run", *opts, p)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr


def test_exit_status_and_args(tmp_path):
    src = ('#include <stdio.h>\n#include <string.h>\n'
           'int main(int argc, char **argv) {\n'
           '  for (int i = 1; i < argc; i++) printf("[%s]", argv[i]);\n'
           '  printf("\\n");\n  return (int)strlen(argv[argc - 1]);\n}\n')
    r = divm("run", write(tmp_path, "a.c", src), "--", "one", "three")
    assert r.returncode == 5, r.stderr
    assert r.stdout == "[one][three]\n"


def test_error_report(tmp_path):
    src = ("#include <stdlib.h>\nint main(void) {\n  int *p = malloc(8);\n  if (!p) return 0;\n"
           "  p[2] = 1;\n  return 0;\n}\n")
    rep = str(tmp_path / "r.json")
    r = divm("run", "--report", rep, write(tmp_path, "m.c", src))
    assert r.returncode == 1
    assert r.stderr.startswith("error: memory")
    data = json.load(open(rep))
    assert data["result"] == "error" and data["error"]["kind"] == "memory"
    top = data["error"]["backtrace"][0]
    assert top["function"] == "main" and top["line"] == 5 and top["file"].endswith("m.c")


def test_ignore_kind_continues(tmp_path):
    src = ("#include <stdio.h>\nint main(void) {\n  int a[2];\n  a[2] = 1;\n"
           "  puts(\"after\");\n  return 3;\n}\n")
    p = write(tmp_path, "i.c", src)
    assert divm("run", p).returncode == 1
    r = divm("run", "-o", "ignore:memory", p)
    assert r.returncode == 3 and r.stdout == "after\n", r.stderr


def test_choices_decide_malloc(tmp_path):
    src = ('#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n  void *p = malloc(4);\n'
           '  puts(p ? "ok" : "null");\n  free(p);\n  return 0;\n}\n')
    p = write(tmp_path, "c.c", src)
    assert divm("run", p).stdout == "ok\n"
    assert divm("run", "--choices", "1", p).stdout == "null\n"
    assert divm("run", "--choices", "1", "-o", "nofail:malloc", p).stdout == "ok\n"


def test_stdin(tmp_path):
    src = ('#include <stdio.h>\nint main(void) {\n  int a, b, s = 0;\n'
           '  while (scanf("%d %d", &a, &b) == 2) s += a * b;\n  printf("%d\\n", s);\n  return 0;\n}\n')
    inp = write(tmp_path, "in.txt", "1 2\n3 4\n")
    r = divm("run", "--stdin", inp, write(tmp_path, "s.c", src))
    assert r.stdout == "14\n", r.stderr


def test_environment(tmp_path):
    """-E NAME=VALUE (DIVINE's option): getenv and main's envp see it, a
    counterexample's trace keeps it, and replay runs with it."""
    src = write(tmp_path, "e.c", '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n'
                '#include <assert.h>\nint main(int c, char **v, char **envp) {\n'
                '  const char *t = getenv("TEST");\n  for (char **e = envp; *e; ++e) puts(*e);\n'
                '  assert(t && strcmp(t, "passed") == 0);\n  return 0;\n}\n')
    r = divm("run", "-E", "TEST=passed", "--env", "B=a=b", src)
    assert r.returncode == 0 and r.stdout == "TEST=passed\nB=a=b\n", r.stderr
    assert divm("run", src).returncode == 1  # (the environment is empty)
    trace = str(tmp_path / "t.json")
    assert divm("verify", "-E", "TEST=failed", "--trace-out", trace, src).returncode == 1
    assert json.load(open(trace))["options"]["env"] == ["TEST=failed"]
    rp = divm("replay", src, trace)
    assert rp.returncode == 1 and "error: assert" in rp.stderr
    assert divm("verify", "-E", "TEST=passed", src).returncode == 0
    bad(divm("run", "-E", "", src), "-E ''", "NAME=VALUE")
    r = divm("run", "-E", "TEST=passed", "-E", "plain", src)  # (an entry without a value, as DIVINE allows)
    assert r.returncode == 0 and r.stdout == "TEST=passed\nplain\n", r.stderr


def test_info(tmp_path):
    p = write(tmp_path, "f.c", "static int g = 3;\nint f(int x) { return x + g; }\nint main(void) { return f(1); }\n")
    r = divm("info", p)
    assert r.returncode == 0
    assert "main" in r.stdout and "f:" in r.stdout


def test_cc_print_flags_and_compile(tmp_path):
    r = divm("cc", "--print-flags")
    assert r.returncode == 0 and "-disable-llvm-passes" in r.stdout and "-ffp-contract=off" in r.stdout
    c = write(tmp_path, "h.c", '#include <stdio.h>\nint main(void) { puts("hi"); return 0; }\n')
    bc = str(tmp_path / "h.bc")
    assert divm("cc", "-O1", c, "-o", bc).returncode == 0
    r = divm("run", bc)
    assert r.returncode == 0 and r.stdout == "hi\n"


def test_optimised_uninitialised_read_is_not_valid(tmp_path):
    """At -O2 clang folds the branch on the uninitialised x into one
    side, and the bitcode is correct; the C program is not (at x = 0x0fffffff
    the assertion fails).  divm cc notes the read in the bitcode, and verify
    then answers inconclusive, never valid."""
    src = ("extern void __VERIFIER_assert(int);\nint main(void) {\n  unsigned int x;\n  while (x < 0x0fffffff)\n"
           "    x++;\n  __VERIFIER_assert(x > 0x0fffffff);\n  return 0;\n}\n")
    c = write(tmp_path, "u.c", src)
    bc = str(tmp_path / "u.bc")
    assert divm("cc", "-O2", "-w", c, "-o", bc).returncode == 0
    rep = str(tmp_path / "r.json")
    r = divm("verify", "--symbolic", "--report", rep, bc)
    assert r.returncode == 3, r.stderr
    assert "u.c:4: variable 'x'" in json.load(open(rep))["reason"]
    r = divm("verify", c)  # (no optimisation: the read is seen)
    assert r.returncode == 1 and "branch on an undefined value" in r.stderr, r.stderr
    init = write(tmp_path, "i.c", src.replace("unsigned int x;", "unsigned int x = 0;"))
    assert divm("cc", "-O2", init, "-o", bc).returncode == 0
    r = divm("verify", bc)  # (x = 0: the loop ends at 0x0fffffff and the assertion fails; no note)
    assert r.returncode == 1 and "__VERIFIER_assert failed" in r.stderr, r.stderr


def test_uninitialised_reads_clang_finds(tmp_path):
    """Both of clang's findings count: a read on every path and on some."""
    from divm.load.loader import cc_flags, find_clang, uninitialised_reads
    c = write(tmp_path, "s.c", "int f(int c) { int x; if (c) x = 1; return x; }\n"
                              "int g(void) { int y; y++; return y; }\nint h(void) { int z = 0; return z; }\n")
    assert uninitialised_reads([c], [find_clang(), *cc_flags()], None) == ["s.c:1: variable 'x'", "s.c:2: variable 'y'"]


def test_run_limits_stop_an_endless_run(tmp_path):
    """divm run --max-time / --max-states end a run that never ends:
    inconclusive, exit 3, with a report."""
    prog = write(tmp_path, "spin.c", "int x;\nint main(void) { for (;;) x = (x + 1) % 3; }\n")
    rep = str(tmp_path / "r.json")
    r = divm("run", "--max-time", "1", "--report", rep, prog)
    assert r.returncode == 3, r.stderr
    assert "time limit" in r.stderr
    assert json.load(open(rep))["result"] == "inconclusive"
    threads = write(tmp_path, "yield.c", "#include <sched.h>\nint main(void) { for (;;) sched_yield(); }\n")
    r = divm("run", "--max-states", "50", threads)
    assert r.returncode == 3 and "50 transitions" in r.stderr, r.stderr


def test_cc_accepts_old_c(tmp_path):
    """Implicit declarations and implicit int compile, as older C allows."""
    prog = write(tmp_path, "old.c", "#include <stdio.h>\nfoo(x) { return x + 1; }\n"
                 "main() { printf(\"%d\\n\", foo(2)); bar(); return 0; }\nbar() { puts(\"bar\"); return 0; }\n")
    r = divm("run", prog)
    assert r.returncode == 0 and r.stdout == "3\nbar\n", r.stdout + r.stderr


def test_nonzero_exit(tmp_path):
    """verify reports exit(non-zero) as a failure (kind assert), unless
    -o ignore:exit; run passes the status on."""
    prog = write(tmp_path, "ex.c", "#include <stdlib.h>\nint main(void) { exit(3); }\n")
    rep = str(tmp_path / "r.json")
    r = divm("verify", "--report", rep, prog)
    assert r.returncode == 1, r.stderr
    err = json.load(open(rep))["error"]
    assert err["kind"] == "assert" and "non-zero status 3" in err["message"], err
    assert divm("verify", "-o", "ignore:exit", prog).returncode == 0
    assert divm("run", prog).returncode == 3
    # a signal's default action ends the program: not a failure it reports
    sig = write(tmp_path, "sig.c", "#include <signal.h>\nint main(void) { raise(SIGTERM); return 0; }\n")
    assert divm("verify", sig).returncode == 0
    assert divm("run", sig).returncode == 143

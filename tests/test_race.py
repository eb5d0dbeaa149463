"""-o check:race beyond the annotated programs of tests/verify/race_check_*.c
(which test_verify.py runs): the same verdicts without reductions and with
parallel workers, off by default (and with -o ignore:race), the report's
two accesses, `divm run`, and no trace of the check in code generated
without it."""

from __future__ import annotations

import glob
import json
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERIFY = os.path.join(ROOT, "tests", "verify")
PROGRAMS = sorted(glob.glob(os.path.join(VERIFY, "race_check_*.c")))
RACY = ["race_check_counter", "race_check_first_access", "race_check_after_loop", "race_check_heap",
        "race_check_memcpy", "race_check_mixed_atomic", "race_check_libc", "race_check_vprintf"]


def divm(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=600, env=env)


def verdict(path: str, *opts: str, tmp, env: dict | None = None) -> dict:
    rep = str(tmp / "r.json")
    r = divm("verify", *opts, "--report", rep, "--trace-out", str(tmp / "t.json"), path, env=env)
    assert "Traceback" not in r.stderr, r.stderr
    return json.load(open(rep))


def expected(path: str) -> tuple[str, str | None]:
    m = re.search(r"//\s*expect:\s*(valid|error\s+(\w+))", open(path).read())
    return m.group(1).split()[0], m.group(2)


@pytest.mark.parametrize("path", PROGRAMS, ids=[os.path.basename(p)[:-2] for p in PROGRAMS])
def test_same_verdict_without_reductions(path, tmp_path):
    """--no-reduce parks before every access, locals' too: the verdict stays."""
    result, kind = expected(path)
    rep = verdict(path, "-o", "check:race", "--no-reduce", tmp=tmp_path)
    assert rep["result"] == result, rep
    if kind:
        assert rep["error"]["kind"] == kind, rep


@pytest.mark.parametrize("name", RACY)
def test_off_by_default(name, tmp_path):
    path = os.path.join(VERIFY, name + ".c")
    assert verdict(path, tmp=tmp_path)["result"] == "valid"
    assert verdict(path, "-o", "check:race", "-o", "ignore:race", tmp=tmp_path)["result"] == "valid"


def test_report_names_both_accesses(tmp_path):
    path = os.path.join(VERIFY, "race_check_heap.c")
    rep = verdict(path, "-o", "check:race", tmp=tmp_path)
    err = rep["error"]
    assert err["kind"] == "race"
    first, second = err["accesses"]
    assert {first["thread"], second["thread"]} == {1, 2}
    assert (first["access"], first["function"], first["line"]) == ("write", "worker", 13)
    assert (second["access"], second["function"], second["line"]) == ("read", "main", 27)
    assert first["size"] == second["size"] == 4 and first["offset"] == second["offset"] == 4
    assert "bytes 4-7 of a heap block of 8 bytes" in err["message"]
    assert "worker (tests/verify/race_check_heap.c:13)" in err["message"]
    assert "main (tests/verify/race_check_heap.c:27)" in err["message"]
    assert err["backtrace"][0] == {"function": "worker", "file": "tests/verify/race_check_heap.c", "line": 13}


@pytest.mark.parametrize("name", ["race_check_counter", "race_check_mutex_ok"])
def test_workers(name, tmp_path):
    """The pending accesses are read from the state: workers need nothing more."""
    path = os.path.join(VERIFY, name + ".c")
    env = {**os.environ, "DIVM_PARALLEL_WARMUP": "0"}
    rep = verdict(path, "-o", "check:race", "--workers", "2", tmp=tmp_path, env=env)
    assert rep["result"] == expected(path)[0], rep
    if rep["result"] == "error":
        assert rep["error"]["kind"] == "race"
        r = divm("replay", path, str(tmp_path / "t.json"))
        assert r.returncode == 1 and "error: race" in r.stderr, r.stderr


def test_run(tmp_path):
    path = os.path.join(VERIFY, "race_check_counter.c")
    r = divm("run", "-o", "check:race", path)
    assert r.returncode == 1 and "error: race: data race on counter" in r.stderr, r.stderr
    assert divm("run", path).returncode == 0


def test_unknown_check_refused():
    r = divm("verify", "-o", "check:races", os.path.join(VERIFY, "race_check_counter.c"))
    assert r.returncode == 2 and "check:race" in r.stderr


def test_generated_code_unchanged_when_off(tmp_path):
    """Off, the generated code has no trace of the check and _crit is the
    plain one; on, the runtime's accesses are remembered (_crec).  A struct
    copy is an interrupt point either way."""
    from divm.cli import main as cli
    from divm.codegen.gen import generate
    from divm.vm.machine import VM
    src = tmp_path / "p.c"
    src.write_text("#include <string.h>\nstruct s { long a, b, c; } g;\nchar buf[8];\n"
                   "long f(void) { struct s l = g; g.b = 1; return l.a + strlen(buf); }\n"
                   "int main(void) { return (int) f(); }\n")
    codes = {}
    for on in (False, True):
        opts = ["-o", "check:race"] if on else []
        args = cli.build_parser().parse_args(["verify", *opts, str(src)])
        vm = VM(cli.load_program(str(src)), cli.machine_env(args, "p", [], b""), out=None)
        cli.configure(vm, args)
        assert vm.G["_crit"] == (vm.crit_race if on else vm.crit)
        for name in ("f", "strlen"):
            fn = vm.prog.fn_by_name[name]
            vm.prog.decoder.ensure(fn)
            codes[on, name] = generate(vm, fn)[0]
    assert "_critcp" in codes[False, "f"] and "_critcp" in codes[True, "f"]
    assert "_crec" not in codes[False, "strlen"] and "_crec" in codes[True, "strlen"]


@pytest.mark.parametrize("fmt,scan,nargs,expect", [
    (b"x=%d s=%s %5.2f %n %.3s %%", False, 5, [(1, False, "s"), (3, True, 4), (4, False, 3)]),
    (b"%*d %d %10s %c %3c %lf %[]a-z] %hhn", True, 7,
     [(0, True, 4), (1, True, 11), (2, True, 1), (3, True, 3), (4, True, 8), (5, True, None), (6, True, 1)]),
    (b"%*.*s|%-8p", False, 4, [(2, False, "s")]),
    (None, False, 2, [(0, True, None), (1, True, None)]),
    (b"%d %Q %s", False, 3, [(1, True, None), (2, True, None)]),
])
def test_format_accesses(fmt, scan, nargs, expect):
    """What printf's and scanf's conversions touch at their arguments; an
    unknown conversion or format makes every argument left a write to its end."""
    from divm.load.libcaccess import format_accesses
    assert format_accesses(fmt, scan, nargs) == expect


def test_format_long_doubles():
    """A va_list holds a long double in 16 bytes: printf's %Lf are named."""
    from divm.load.libcaccess import format_accesses
    wide: list[int] = []
    assert format_accesses(b"%d %Lf %*.*Lg %s %lf", False, 7, wide) == [(5, False, "s")]
    assert wide == [1, 4]
    wide = []
    format_accesses(b"%Lf %d", True, 2, wide)
    assert wide == []  # (scanf's arguments are all pointers)


VA_PROGRAM = """#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
char shared[8] = "ab", safe[8] = "cd";
static void logn(const char *fmt, ...)
{
    va_list ap, copy;
    va_start(ap, fmt);
    int skip = va_arg(ap, int);
    memcpy(copy, ap, sizeof copy);
    FIDDLE;
    vprintf(fmt + skip, copy);
    va_end(ap);
}
void *worker(void *arg) { shared[1] = 'z'; return arg; }
int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    logn(ARGS);
    pthread_join(a, NULL);
    return 0;
}
"""


@pytest.mark.parametrize("args,fiddle,result", [
    # va_arg took the int: the long double after it is 16-aligned, 16 bytes
    ('"%Lf %*d %p %s|", 0, 1.5L, 4, 7, (void *) safe, shared', "", "error"),
    ('"%Lf %*d %s %p|", 0, 1.5L, 4, 7, safe, (void *) shared', "", "valid"),
    # not va_start's form (an fp_offset moved by hand): every pointer it holds is touched
    ('"%Lf %*d %s %p|", 0, 1.5L, 4, 7, safe, (void *) shared', "((unsigned *) copy)[1] = 160", "error"),
])
def test_va_list_arguments(args, fiddle, result, tmp_path):
    """A v* call's pointer arguments are read from its va_list at the
    parked state: after the ones va_arg took, long doubles taking 16
    bytes; a va_list of another form makes every pointer in it a write."""
    src = tmp_path / "v.c"
    src.write_text(VA_PROGRAM.replace("ARGS", args).replace("FIDDLE", fiddle or "(void) 0"))
    rep = verdict(str(src), "-o", "check:race", tmp=tmp_path)
    assert rep["result"] == result, rep
    if result == "error":
        assert rep["error"]["kind"] == "race" and "shared" in rep["error"]["message"], rep


def test_raced_object_is_named(tmp_path):
    """The counterexample names the object of a race: a local variable by
    its name and function, a heap block by where it was allocated."""
    src = tmp_path / "l.c"
    src.write_text("#include <pthread.h>\n#include <stdlib.h>\n"
                   "void *t(void *a) { *(int *) a = 5; return 0; }\n"
                   "int main(void) { int local = 0; pthread_t th;\n"
                   "  pthread_create(&th, 0, t, &local); int v = local; pthread_join(th, 0); return v * 0; }\n")
    r = divm("verify", "-o", "check:race", str(src))
    assert r.returncode == 1 and "the error is about: local variable local of main (4 bytes)" in r.stderr, r.stderr
    src.write_text("#include <pthread.h>\n#include <stdlib.h>\nint *p;\n"
                   "void *t(void *a) { p[1] = 1; return 0; }\n"
                   "int main(void) { p = malloc(8); pthread_t th; pthread_create(&th, 0, t, 0);\n"
                   "  int v = p[1]; pthread_join(th, 0); free(p); return v * 0; }\n")
    r = divm("verify", "-o", "check:race", "-o", "nofail:malloc", str(src))
    assert r.returncode == 1 and "the error is about: 8-byte heap block allocated by malloc at" in r.stderr, r.stderr


OTHER_FORMATS = """#define _GNU_SOURCE
#include <err.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/trace.h>
#include <syslog.h>
char shared[8] = "ab", *msg;
static void vas(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *p = 0;
    if (vasprintf(&p, fmt, ap) >= 0)
        free(p);
    va_end(ap);
}
static void vw(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwarnx(fmt, ap);
    va_end(ap);
}
void *worker(void *arg) { OTHER; return arg; }
int main(void)
{
    pthread_t a;
    char *p = 0;
    pthread_create(&a, NULL, worker, NULL);
    CALL;
    pthread_join(a, NULL);
    free(p);
    return 0;
}
"""


@pytest.mark.parametrize("call,other,result", [
    ('asprintf(&p, "%d %s", 1, shared)', "shared[1] = 'z'", "error"),
    ('asprintf(&msg, "%d", 1)', "(void) *(char *volatile *) &msg", "error"),
    ('asprintf(&p, "%d %p", 1, (void *) shared)', "shared[1] = 'z'; msg = shared", "valid"),
    ('vas("%d %s", 1, shared)', "shared[1] = 'z'", "error"),
    ('warnx("%d %s", 1, shared)', "shared[1] = 'z'", "error"),
    ('vw("%d %s", 1, shared)', "shared[1] = 'z'", "error"),
    ('__dios_trace_f("%d %s", 1, shared)', "shared[1] = 'z'", "error"),
    ('syslog(LOG_INFO, "%d %s", 1, shared)', "shared[1] = 'z'", "error"),
    ('syslog(LOG_INFO, "%d %p", 1, (void *) shared)', "shared[1] = 'z'", "valid"),
    ('__dios_trace_f("%d %p", 1, (void *) shared)', "shared[1] = 'z'", "valid"),
])
def test_other_formats(call, other, result, tmp_path):
    """asprintf (the pointer it stores too), the err.h family, their v*
    forms, syslog and DiOS's __dios_trace_f are checked as printf is."""
    src = tmp_path / "f.c"
    src.write_text(OTHER_FORMATS.replace("CALL", call).replace("OTHER", other))
    rep = verdict(str(src), "-o", "check:race", "-o", "nofail:malloc", tmp=tmp_path)
    assert rep["result"] == result, rep
    if result == "error":
        assert rep["error"]["kind"] == "race", rep



PRINTED = [
    (b"%d|%i|%u", [5, (1 << 32) - 7, (1 << 32) - 1]),
    (b"%+d % d %05d %-6d|%.4d", [7, 8, -3, 42, 9]),
    (b"%ld %lld %hhd %hd %zu", [(1 << 64) - 1, 1 << 62, 0x1FF, 0x18000, 123]),
    (b"%x %#x %X %#o %o %lx", [255, 255, 0xABC, 8, 0, (1 << 64) - 1]),
    (b"%c%c%5c", [65, 66, 67]),
    (b"[%s] [%.2s] [%10s] [%-3s]", ["hello", "hello", "ab", "abcdef"]),
    (b"%*d|%-*d|%.*d", [6, 1, (1 << 32) - 4, 2, 3, 5]),  # (the VM holds an int as its 32 bits)
    (b"%f %.2f %10.3f %e %.0e %g %G %#g", [3.25, -1e10, 2.0 / 3, 12345.678, 0.5, 1e-5, 1e20, 2.5]),
    (b"%f %.1f %+.3e", [1e300, -0.0, float("inf")]),
    (b"%a %.2A", [1.0, -3.75]),
    (b"%p %p 100%%", [0, 0x1234567800000010]),
    (b"no conversions", []),
]


@pytest.mark.parametrize("fmt,args", PRINTED, ids=[f[0].decode() for f in PRINTED])
def test_printed_length_bounds_the_c_library(fmt, args):
    """sprintf's pending write (-o check:race) is what its conversions
    print: never shorter than the host C library's output, and exact
    where the output's length follows from the values (integers, strings)."""
    import ctypes

    from divm.load.libcaccess import printed_length
    libc = ctypes.CDLL(None)
    strings = {}
    va, cargs = [], []
    for a in args:
        if isinstance(a, str):
            p = 0x1000 + len(strings) << 32
            strings[p] = len(a)
            va.append(p)
            cargs.append(ctypes.c_char_p(a.encode()))
        elif isinstance(a, float):
            va.append(a)
            cargs.append(ctypes.c_double(a))
        else:
            va.append(a)
            cargs.append(ctypes.c_ulonglong(a))
    buf = ctypes.create_string_buffer(2048)
    n = libc.snprintf(buf, 2048, fmt, *cargs)
    bound = printed_length(fmt, va, strings.get)
    assert bound is not None and bound >= n, (bound, n, buf.value)
    if not any(isinstance(a, float) for a in args) and b"%p" not in fmt:
        assert bound == n, (bound, n, buf.value)


def test_printed_length_unknown():
    """Where the output cannot be bounded: the write goes to the object's end."""
    from divm.load.libcaccess import printed_length
    assert printed_length(b"%s", [5 << 32], lambda p: None) is None
    assert printed_length(b"%Lf", [1.0], {}.get) is None
    assert printed_length(b"%m %d", [1], {}.get) is None
    assert printed_length(b"%*d", [None, 1], {}.get) is None
    assert printed_length(b"%.3s", [5 << 32], lambda p: None) == 3

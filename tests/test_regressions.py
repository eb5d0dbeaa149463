"""Regression tests for bugs found by fuzzing (tools/fuzz_stress.py), by
differential probes against lli-22, and by throwing bad input at the CLI.

Each test is a small program written from the test; the expected outputs
were checked with lli-22 on the same IR."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PRINT = '''declare i32 @printf(ptr, ...)
@fmt = private constant [6 x i8] c"%lld\\0A\\00"
define void @p(i64 %x) {
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %x)
  ret void
}
'''


def divm(*args, timeout=120, cwd=None):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, timeout=timeout)


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def run_ll(tmp_path, body, *opts):
    return divm("run", *opts, write(tmp_path, "t.ll", PRINT + body))


def clean_refusal(r, *needles):
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr
    for n in needles:
        assert n in r.stderr, r.stderr


def test_select_on_constant_condition(tmp_path):
    """llvm-stress seed 1: `select i1 true, ...` generated `1.__class__`,
    a Python syntax error, at the function's first call."""
    r = run_ll(tmp_path, '''
define i32 @main() {
  %a = select i1 true, i64 7, i64 8
  call void @p(i64 %a)
  %b = select i1 false, i64 7, i64 8
  call void @p(i64 %b)
  %c = select i1 undef, i64 7, i64 7
  ret i32 0
}
''')
    assert (r.returncode, r.stdout) == (0, "7\n8\n"), r.stderr


def test_saturating_add_of_negatives(tmp_path):
    """sadd.sat computed the shl case eagerly too: `x << -100` raised
    ValueError (an internal error) for any negative second operand."""
    r = run_ll(tmp_path, '''
define i32 @main() {
  %a = call i8 @llvm.sadd.sat.i8(i8 -100, i8 -100)
  %a6 = sext i8 %a to i64
  call void @p(i64 %a6)
  %b = call i8 @llvm.ssub.sat.i8(i8 100, i8 -100)
  %b6 = sext i8 %b to i64
  call void @p(i64 %b6)
  %c = call i8 @llvm.sshl.sat.i8(i8 -3, i8 6)
  %c6 = sext i8 %c to i64
  call void @p(i64 %c6)
  %d = call i8 @llvm.ushl.sat.i8(i8 3, i8 7)
  %d6 = zext i8 %d to i64
  call void @p(i64 %d6)
  ret i32 0
}
declare i8 @llvm.sadd.sat.i8(i8, i8)
declare i8 @llvm.ssub.sat.i8(i8, i8)
declare i8 @llvm.sshl.sat.i8(i8, i8)
declare i8 @llvm.ushl.sat.i8(i8, i8)
''')
    assert (r.returncode, r.stdout) == (0, "-128\n127\n-128\n255\n"), r.stderr


def test_odd_width_vectors_are_bit_packed(tmp_path):
    """<4 x i3> is 12 bits in memory (LangRef: as if bitcast to i12); each
    lane took a byte, so bitcasts and stores gave wrong values."""
    r = run_ll(tmp_path, '''
@g = global <4 x i3> <i3 1, i3 2, i3 3, i3 -1>
define i32 @main() {
  %a = bitcast <4 x i3> <i3 1, i3 2, i3 3, i3 -1> to i12
  %a6 = zext i12 %a to i64
  call void @p(i64 %a6)
  %b = bitcast i12 1234 to <4 x i3>
  %b2 = extractelement <4 x i3> %b, i32 2
  %b6 = zext i3 %b2 to i64
  call void @p(i64 %b6)
  %c = load i16, ptr @g
  %c6 = zext i16 %c to i64
  call void @p(i64 %c6)
  %m = alloca <2 x i4>
  store <2 x i4> <i4 5, i4 -1>, ptr %m
  %d = load i8, ptr %m
  %d6 = zext i8 %d to i64
  call void @p(i64 %d6)
  ret i32 0
}
''')
    assert (r.returncode, r.stdout) == (0, "3793\n3\n3793\n245\n"), r.stderr


def test_vector_forms_of_scalar_intrinsics(tmp_path):
    """fshl, sadd.sat, with.overflow, scmp, is.fpclass, fptosi.sat, frexp on
    vectors: the scalar helpers got tuples (TypeError, an internal error)."""
    r = run_ll(tmp_path, '''
define i32 @main() {
  %b = call <2 x i32> @llvm.fshl.v2i32(<2 x i32> <i32 1, i32 2>, <2 x i32> <i32 -1, i32 0>, <2 x i32> <i32 4, i32 1>)
  %b0 = extractelement <2 x i32> %b, i32 0
  %b06 = zext i32 %b0 to i64
  call void @p(i64 %b06)
  %c = call <2 x i8> @llvm.sadd.sat.v2i8(<2 x i8> <i8 100, i8 -100>, <2 x i8> <i8 100, i8 -100>)
  %c0 = extractelement <2 x i8> %c, i32 1
  %c06 = sext i8 %c0 to i64
  call void @p(i64 %c06)
  %d = call {<2 x i32>, <2 x i1>} @llvm.sadd.with.overflow.v2i32(<2 x i32> <i32 2147483647, i32 1>, <2 x i32> <i32 1, i32 1>)
  %d1 = extractvalue {<2 x i32>, <2 x i1>} %d, 1
  %d2 = bitcast <2 x i1> %d1 to i2
  %d26 = zext i2 %d2 to i64
  call void @p(i64 %d26)
  %g = call <2 x i8> @llvm.scmp.v2i8.v2i32(<2 x i32> <i32 -5, i32 5>, <2 x i32> <i32 1, i32 1>)
  %g0 = extractelement <2 x i8> %g, i32 0
  %g06 = sext i8 %g0 to i64
  call void @p(i64 %g06)
  %k = call <2 x i1> @llvm.is.fpclass.v2f64(<2 x double> <double 0x7FF0000000000000, double 1.0>, i32 516)
  %k1 = bitcast <2 x i1> %k to i2
  %k16 = zext i2 %k1 to i64
  call void @p(i64 %k16)
  %o = call <2 x i32> @llvm.fptosi.sat.v2i32.v2f64(<2 x double> <double 1.0e20, double -2.5>)
  %o0 = extractelement <2 x i32> %o, i32 0
  %o06 = zext i32 %o0 to i64
  call void @p(i64 %o06)
  %m = call {<2 x double>, <2 x i32>} @llvm.frexp.v2f64.v2i32(<2 x double> <double 8.0, double 3.0>)
  %m1 = extractvalue {<2 x double>, <2 x i32>} %m, 1
  %m10 = extractelement <2 x i32> %m1, i32 0
  %m106 = sext i32 %m10 to i64
  call void @p(i64 %m106)
  ret i32 0
}
declare <2 x i32> @llvm.fshl.v2i32(<2 x i32>, <2 x i32>, <2 x i32>)
declare <2 x i8> @llvm.sadd.sat.v2i8(<2 x i8>, <2 x i8>)
declare {<2 x i32>, <2 x i1>} @llvm.sadd.with.overflow.v2i32(<2 x i32>, <2 x i32>)
declare <2 x i8> @llvm.scmp.v2i8.v2i32(<2 x i32>, <2 x i32>)
declare <2 x i1> @llvm.is.fpclass.v2f64(<2 x double>, i32)
declare <2 x i32> @llvm.fptosi.sat.v2i32.v2f64(<2 x double>)
declare {<2 x double>, <2 x i32>} @llvm.frexp.v2f64.v2i32(<2 x double>)
''')
    # frexp(8.0) = 0.5 * 2^4 (lli-22 prints 0 for the vector form; the scalar form gives 4)
    assert (r.returncode, r.stdout) == (0, "31\n-128\n1\n-1\n1\n2147483647\n4\n"), r.stderr


def test_vector_getelementptr(tmp_path):
    """A GEP with a vector of indices is a vector of pointers; it was an
    internal error (CodegenError)."""
    r = run_ll(tmp_path, '''
%S = type { i32, [4 x i32] }
@arr = global [4 x i32] [i32 10, i32 20, i32 30, i32 40]
@s = global [2 x %S] [%S { i32 1, [4 x i32] [i32 2, i32 3, i32 4, i32 5] },
                      %S { i32 6, [4 x i32] [i32 7, i32 8, i32 9, i32 10] }]
define i32 @main() {
  %v = getelementptr i32, ptr @arr, <2 x i64> <i64 1, i64 3>
  %p = extractelement <2 x ptr> %v, i32 1
  %x = load i32, ptr %p
  %x6 = zext i32 %x to i64
  call void @p(i64 %x6)
  %w = getelementptr %S, <2 x ptr> <ptr @s, ptr @s>, <2 x i64> <i64 0, i64 1>, i32 1, i64 2
  %q = extractelement <2 x ptr> %w, i32 1
  %y = load i32, ptr %q
  %y6 = zext i32 %y to i64
  call void @p(i64 %y6)
  %z = getelementptr i32, ptr @arr, <2 x i64> <i64 5, i64 0>
  %zp = extractelement <2 x ptr> %z, i32 0
  %zz = load i32, ptr %zp
  ret i32 0
}
''')
    assert r.returncode == 1 and r.stdout == "40\n9\n", (r.stdout, r.stderr)
    assert "error: memory" in r.stderr, r.stderr  # lane 0 of %z is out of bounds


@pytest.mark.parametrize("ty,value", [("half", "1.5"), ("bfloat", "1.5"),
                                      ("fp128", "0xL00000000000000003FFF800000000000")])
def test_unsupported_float_types_are_refused(tmp_path, ty, value):
    """half, bfloat, fp128 have no representation in the VM: they were
    decoded as an unknown type and crashed the code generator."""
    r = divm("run", write(tmp_path, "h.ll", f'''
define i32 @main() {{
  %a = fadd {ty} {value}, {value}
  ret i32 0
}}
'''))
    clean_refusal(r, f"type {ty}", "main")
    r = divm("run", write(tmp_path, "g.ll", f"@g = global {ty} {value}\ndefine i32 @main() {{\n  ret i32 0\n}}\n"))
    clean_refusal(r, f"type {ty}", "global variable g")


def test_unsupported_vararg_type_is_a_clean_error(tmp_path):
    """A construct the code generator cannot translate is found at the
    function's first call: a one-line refusal, not an internal error."""
    r = divm("run", write(tmp_path, "v.ll", '''declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d\\0A\\00"
define i32 @main() {
  call i32 (ptr, ...) @printf(ptr @fmt, <2 x float> <float 1.0, float 2.0>)
  ret i32 0
}
'''))
    clean_refusal(r, "variadic argument", "<2 x float>", "main")


def test_verify_stops_an_endless_transition_at_max_time(tmp_path):
    """A single-threaded program looping forever is one transition that never
    ends; the search checked its limits only between states, so verify hung
    whatever --max-time said."""
    src = write(tmp_path, "loop.c", "int main(void) { volatile int x = 0; for (;;) x++; }\n")
    rep = str(tmp_path / "r.json")
    t0 = time.time()
    r = divm("verify", "--max-time", "2", "--report", rep, src, timeout=60)
    assert r.returncode == 3, r.stderr
    assert time.time() - t0 < 30
    data = json.load(open(rep))
    assert data["result"] == "inconclusive" and "time limit" in data["reason"]


def test_report_into_a_missing_directory(tmp_path):
    """--report into a directory that does not exist was an internal error
    (FileNotFoundError) after the whole run; now refused before it starts."""
    src = write(tmp_path, "ok.c", "int main(void) { return 0; }\n")
    for cmd in (["run"], ["verify"]):
        clean_refusal(divm(*cmd, "--report", str(tmp_path / "no" / "r.json"), src), "does not exist")
    clean_refusal(divm("verify", "--trace-out", str(tmp_path / "no" / "t.json"), src), "does not exist")


@pytest.mark.parametrize("key,value", [("nondet_range", 5), ("args", [1, 2]), ("o", "nofail:malloc"),
                                       ("leakcheck", "sometimes")])
def test_replay_malformed_trace_options(tmp_path, key, value):
    """Trace options of the wrong type were internal errors (AttributeError)
    or silently misread."""
    race = os.path.join(ROOT, "tests", "verify", "race_counter.c")
    trace = tmp_path / "t.json"
    assert divm("verify", "--trace-out", str(trace), race).returncode == 1
    t = json.loads(trace.read_text())
    t["options"][key] = value
    trace.write_text(json.dumps(t))
    clean_refusal(divm("replay", race, str(trace)), "malformed trace")


def test_nonsense_limits_and_options(tmp_path):
    src = write(tmp_path, "ok.c", "int main(void) { return 0; }\n")
    clean_refusal(divm("verify", "--max-time", "-1", src), "--max-time")
    clean_refusal(divm("verify", "--property", "p", src), "--property", "--liveness")


def test_verify_stops_an_endless_transition_at_max_memory(tmp_path):
    """The memory limit was checked only between states: a transition that
    allocates without end ran the machine out of memory."""
    src = write(tmp_path, "grow.c", "#include <stdlib.h>\n#include <string.h>\n"
                "int main(void) { for (;;) { char *p = malloc(1 << 20); memset(p, 1, 1 << 20); } }\n")
    rep = str(tmp_path / "r.json")
    r = divm("verify", "-o", "nofail:malloc", "--max-memory", "300M", "--report", rep, src, timeout=120)
    assert r.returncode == 3, r.stderr
    data = json.load(open(rep))
    assert data["result"] == "inconclusive" and data["reason"] == "memory limit reached", data
    assert data["peak_memory_bytes"] < 600 << 20, data


def test_newer_atomicrmw_operations(tmp_path):
    """uinc_wrap, udec_wrap, usub_cond, usub_sat, fmax, fmin, fminimum were
    an internal error (VMError 'atomicrmw ...')."""
    r = run_ll(tmp_path, '''
declare i32 @printf(ptr, ...)
@ffmt = private constant [4 x i8] c"%a\\0A\\00"
define i32 @main() {
  %a = alloca i32
  store i32 5, ptr %a
  %o1 = atomicrmw uinc_wrap ptr %a, i32 5 seq_cst
  %v1 = load i32, ptr %a
  %v16 = zext i32 %v1 to i64
  call void @p(i64 %v16)
  %o2 = atomicrmw udec_wrap ptr %a, i32 7 seq_cst
  %v2 = load i32, ptr %a
  %v26 = zext i32 %v2 to i64
  call void @p(i64 %v26)
  store i32 9, ptr %a
  %o3 = atomicrmw udec_wrap ptr %a, i32 7 seq_cst
  %v3 = load i32, ptr %a
  %v36 = zext i32 %v3 to i64
  call void @p(i64 %v36)
  %o4 = atomicrmw usub_cond ptr %a, i32 10 seq_cst
  %o5 = atomicrmw usub_sat ptr %a, i32 10 seq_cst
  %v5 = load i32, ptr %a
  %v56 = zext i32 %v5 to i64
  call void @p(i64 %v56)
  %f = alloca double
  store double 1.5, ptr %f
  %o7 = atomicrmw fmax ptr %f, double 2.5 seq_cst
  %o8 = atomicrmw fmin ptr %f, double 0x7FF8000000000000 seq_cst
  %o9 = atomicrmw fminimum ptr %f, double -0.0 seq_cst
  %v9 = load double, ptr %f
  call i32 (ptr, ...) @printf(ptr @ffmt, double %v9)
  ret i32 0
}
'''.replace("declare i32 @printf(ptr, ...)\n", "", 1))
    assert (r.returncode, r.stdout) == (0, "0\n7\n7\n0\n-0x0p+0\n"), r.stderr


THREAD_LOOP = r'''
#include <pthread.h>
#include <assert.h>
pthread_barrier_t b;
int here;
void *f( void *p ) { pthread_barrier_wait( &b ); here = 1; return p; }
int main( void )
{
    for ( int i = 0; i < N; ++i )
    {
        pthread_t t;
        here = 0;
        pthread_barrier_init( &b, 0, 1 );
        pthread_create( &t, 0, f, 0 );
        pthread_join( t, 0 );
        assert( here );
        assert( pthread_barrier_destroy( &b ) == 0 );
    }
    return 0;
}
'''


def test_thread_loop_states_grow_linearly(tmp_path):
    """Creating and joining threads in a loop had a number of states quadratic
    in the iterations: joined threads stayed in DiOS's task table, and the
    joiner kept the id of the last thread it had waited for."""
    states = []
    for n in (10, 20):
        prog = write(tmp_path, f"loop{n}.c", f"#define N {n}\n" + THREAD_LOOP)
        rep = str(tmp_path / f"r{n}.json")
        r = divm("verify", "--report", rep, prog)
        assert r.returncode == 0, r.stderr
        states.append(json.load(open(rep))["states"])
    per_iteration = states[1] - states[0]
    assert per_iteration * 2 <= states[1] + 20, states   # linear, not quadratic


def test_syslog_and_program_name(tmp_path):
    """<syslog.h> was missing (an undefined function), and warn/err printed
    no program name: libc's program_invocation_name was never set from
    argv[0].  As glibc: messages reach stderr only with LOG_PERROR, below
    the mask, "ident: message" (closelog forgets the ident, not the
    options)."""
    prog = write(tmp_path, "logger.c", r'''#include <err.h>
#include <stdio.h>
#include <syslog.h>
int main(void)
{
    syslog(LOG_ERR, "unseen %d", 0);
    openlog("demo", LOG_PERROR, LOG_USER);
    syslog(LOG_INFO, "value %d and %s", 42, "text");
    setlogmask(LOG_UPTO(LOG_WARNING));
    syslog(LOG_INFO, "masked %d", 1);
    syslog(LOG_ERR, "shown %d\n", 2);
    closelog();
    syslog(LOG_ERR, "default %d", 3);
    warnx("warned %d", 4);
    printf("done\n");
    return 0;
}
''')
    r = divm("run", prog)
    assert r.returncode == 0 and r.stdout == "done\n", r
    assert r.stderr.splitlines() == ["demo: value 42 and text", "demo: shown 2", "logger.c: default 3",
                                     "logger.c: warned 4"], r.stderr


def test_longjmp_across_an_interrupt(tmp_path):
    """A longjmp to a setjmp whose function was parked and resumed since
    (here at __dios_reschedule) once ended in a Python traceback: the
    resumed activation was a new Python frame the jmp_buf did not name.
    Now the jmp_buf holds the activation's frame, and the endless loop has
    the few states it has (a counter in the jmp_buf made each new)."""
    src = write(tmp_path, "sj.c", """#include <setjmp.h>
#include <dios.h>
static jmp_buf b;
int main(void)
{
    volatile int i = 0;
    while (1) {
        if (setjmp(b))
            i = 0;
        __dios_reschedule();
        if (i++ == 2)
            longjmp(b, 1);
    }
}
""")
    rep = str(tmp_path / "r.json")
    r = divm("verify", "--report", rep, src)
    assert r.returncode == 0, r.stderr
    assert json.load(open(rep))["states"] < 10


def test_nondet_declared_narrower_enumerated():
    """Without --symbolic the wide default domain's -1 of a size_t declared
    unsigned int (an ILP32 .i) is 0xffffffff, not a 64-bit value in a 32-bit
    register (which made a wrong error): the program of
    tests/symbolic/nondet_narrow_ok.c is inconclusive, never an error."""
    r = divm("verify", os.path.join(ROOT, "tests", "symbolic", "nondet_narrow_ok.c"))
    assert r.returncode == 3 and "inconclusive" in r.stderr, r.stdout + r.stderr

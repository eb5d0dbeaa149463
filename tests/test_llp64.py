"""Programs compiled for LLP64 (`long` of 32 bits, pointers of 64), as
divm svcomp compiles ILP32 tasks: they link with the runtime built for that
model and compute what `gcc -m32` makes of them."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

LLP64 = "--target=x86_64-w64-windows-gnu"

PROGRAM = r'''
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <setjmp.h>
#include <limits.h>
#include <math.h>

static jmp_buf env;

static long sum(int n, ...)
{
    va_list ap, aq;
    va_start(ap, n);
    va_copy(aq, ap);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, long);
    for (int i = 0; i < n; i++)
        s += va_arg(aq, long) * 2;
    va_end(aq);
    va_end(ap);
    return s;
}

static void say(const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    vprintf(f, ap);
    va_end(ap);
}

int main(void)
{
    unsigned long u = ULONG_MAX;
    long l = LONG_MAX;
    printf("%zu %lu %ld %lx\n", sizeof(long), u + 1, l, u);
    printf("%ld %lld\n", sum(3, -1L, 2L, LONG_MIN / 4), (long long)LONG_MIN - 1);
    say("%ld|%lu|%d|%s\n", -5L, 7UL, 3, "x");
    printf("%ld %ld %lu\n", strtol("-2147483649", 0, 10), atol("123"), strtoul("4294967295", 0, 0));
    printf("%ld %ld\n", labs(-7L), lround(2.5));
    if (setjmp(env) == 0)
        longjmp(env, 4);
    puts("back");
    return (int)(u >> 28);
}
'''


def divm(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def test_runs_as_gcc_m32(tmp_path):
    src = tmp_path / "p.c"
    src.write_text(PROGRAM)
    bc = tmp_path / "p.bc"
    r = divm("cc", LLP64, str(src), "-o", str(bc))
    assert r.returncode == 0, r.stderr
    got = divm("run", str(bc))
    assert "Traceback" not in got.stderr, got.stderr
    if shutil.which("gcc") is None or subprocess.run(
            ["gcc", "-m32", "-O0", str(src), "-o", str(tmp_path / "native"), "-lm"], capture_output=True).returncode:
        pytest.skip("no gcc -m32 (gcc-multilib)")
    native = subprocess.run([str(tmp_path / "native")], capture_output=True, text=True)
    assert (got.stdout, got.returncode) == (native.stdout, native.returncode), got.stderr


def test_nondet_long_is_32_bits(tmp_path):
    src = tmp_path / "p.c"
    src.write_text("#include <assert.h>\nextern long __VERIFIER_nondet_long(void);\n"
                   "int main(void) { long x = __VERIFIER_nondet_long();\n"
                   "  assert(x != 2147483647L); return 0; }\n")
    bc = tmp_path / "p.bc"
    assert divm("cc", LLP64, str(src), "-o", str(bc)).returncode == 0
    r = divm("verify", "--symbolic", str(bc), cwd=tmp_path)
    assert r.returncode == 1 and "= 2147483647" in r.stdout + r.stderr, r.stdout + r.stderr


def test_32_bit_pointers_are_refused(tmp_path):
    src = tmp_path / "p.c"
    src.write_text("int main(void) { return 0; }\n")
    bc = tmp_path / "p.bc"
    assert divm("cc", "-m32", str(src), "-o", str(bc)).returncode == 0
    r = divm("run", str(bc))
    assert r.returncode == 2 and "32-bit pointers" in r.stderr and "Traceback" not in r.stderr, r.stderr

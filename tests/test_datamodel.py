"""Which constructs make an ILP32 program compute differently under LLP64."""

from __future__ import annotations

import pytest

from divm.load.datamodel import ilp32_hazards


W = "a value of type unsigned long long (unsigned int under ILP32)"


@pytest.mark.parametrize("body,what", [
    ("int a[2]; return (unsigned long)&a[1] % 8;", "a cast between a pointer and an integer"),
    ("return sizeof(void *) == 4;", "sizeof of void *, whose size differs under ILP32"),
    ("char *ps[4]; return sizeof ps == 16;", "sizeof of char *[4], whose size differs under ILP32"),
    ("int a[2]; return (int)(long)&a[1];", "a cast between a pointer and an integer"),
    ("int n = nd(); return sizeof(int) * n > 100;", W),
    ("int n = nd(); int *p = malloc(sizeof(int) * n / 2); return !p;", W),
    # size_t is unsigned long long here, unsigned int there (in a .c; a .i carries ILP32's)
    ("size_t n = nd(); return n + 1 == 0;", "a value of type unsigned long long (unsigned int under ILP32)"),
    ("return sizeof(size_t) == 4;", "sizeof of size_t, whose size differs under ILP32"),
    ("return sizeof(long double) == 12;", "sizeof of long double, whose size differs under ILP32"),
    # what a program sees of sizes that differ (the layouts under both models say which)
    ("return sizeof(struct s) > 8;", "sizeof of struct s, whose size differs under ILP32"),
    ("int x, *p = &x; return sizeof p == 4;", "sizeof of int *, whose size differs under ILP32"),
    ("return sizeof(struct ll) == 12;", "sizeof of struct ll, whose size differs under ILP32"),  # (4-aligned there)
    ("return __builtin_offsetof(struct s, b) == 4;", "a value of type unsigned long long"),
    ("struct s *p = malloc(8); p->b = 1; return 0;",
     "an allocation of a number of bytes for struct s, whose size differs under ILP32"),
    ("struct s *p = malloc(sizeof *p); return ((char *)p)[12];",
     "the bytes of struct s, whose layout differs under ILP32, seen as char *"),
    ("return sizeof(int) * 0x80000000 == 0;", W),  # (2^33 here, 0 there)
])
def test_hazards(tmp_path, body, what):
    """(Lines 1-4 declare; the body is line 5.)"""
    f = tmp_path / "p.c"
    f.write_text("#include <stdlib.h>\n#include <pthread.h>\n"
                 "struct s { char *a; int b; }; struct ll { int a; long long b; }; int nd(void);\n"
                 "int main(void) {\n  " + body + "\n}\n")
    found = ilp32_hazards(str(f))
    assert any(h.startswith(f"{f}:5: {what}") for h in found), found


@pytest.mark.parametrize("body", [
    # long is 32 bits under both
    "unsigned long x = nd(); return x + 1 == 0;",
    "long d = nd(); long k = (long)d * 3; return d * 3 > 7 && sizeof(long) == 4 && !malloc(k);",
    "long big = 100000L * 100000L; return big > 0;",
    "int x = nd(); long y = nd(); return x < 0x80000000L && x < 4294967295UL && nd() + 2147483648 > y;",
    "pthread_t t = pthread_self(); return t + 1 == 0;",
    "char a[4], *p = a + nd(); long d = p - a; return d > 2;",
    "char *p = alloca(10 * sizeof(char)); return p[0];",  # (a long constant: 10 under both)
    "int **g = malloc(sizeof(int *)); free(g); return 0;",  # (the size of what it holds under each)
    "void *r = (void *)nd(); return r == 0;",  # (an int as a pointer: the same number under both)
    "int k = (2 + 3) * sizeof(int) - 1; return k == 19 && sizeof(long long) == 8;",
    # an allocation's size, below 2^32 the same (-o check:size32 tests it), and one cut to 32 bits
    "int n = nd(); int *p = malloc(n * sizeof(int) + 4); char *q = alloca(n * sizeof(char)); return !p + !q;",
    "int n = nd(); unsigned u = n * sizeof(int) - 1; return u == 7;",
    # an int made unsigned long, compared with a constant below 2^31 (array-memsafety's lis)
    "int n = nd(); if (n < 1 || n >= 2147483647 / sizeof(int)) n = 1; return n != 0 * sizeof(int);",
    "char mask[32]; for (int i = 0; i < sizeof(mask); i++) mask[i] = 0; return sizeof mask == 32;",
    # a pointer difference: one number under both
    "char a[4], *p = a + nd(); int d = (int)(p - a); return (p - a) > 2 || d;",
])
def test_same_under_both(tmp_path, body):
    f = tmp_path / "p.c"
    f.write_text("#include <stdlib.h>\n#include <alloca.h>\n#include <pthread.h>\nint nd(void);\n"
                 "int main(void) {\n  " + body + "\n}\n")
    assert ilp32_hazards(str(f)) == []


def test_width_independent_program(tmp_path):
    f = tmp_path / "p.c"
    f.write_text("#include <stdlib.h>\n#include <string.h>\nstruct n { int v; struct n *next; };\nint nd(void);\n"
                 "int main(void) {\n  struct n *p = malloc(sizeof *p); int *q = malloc(4);\n"
                 "  unsigned u = nd(); long long w = u * 2LL; p->next = 0; free(q); free(p);\n"
                 "  struct n *r = calloc(1, sizeof(struct n)); memset(r, 0, sizeof *r); free(r);\n"
                 "  return (int)(w + u) + (int)sizeof(int[3]);\n}\n")
    assert ilp32_hazards(str(f)) == []


def test_thread_handles_are_not_hazards(tmp_path):
    """pthread_t is unsigned long, but a handle only passed around is the
    same small number under both models."""
    f = tmp_path / "p.c"
    f.write_text("#include <pthread.h>\nvoid *w(void *a) { return a; }\n"
                 "int main(void) {\n  pthread_t a, b; pthread_create(&a, 0, w, 0); b = a;\n"
                 "  pthread_join(b, 0); return pthread_equal(a, pthread_self());\n}\n")
    assert ilp32_hazards(str(f)) == []


@pytest.mark.parametrize("called", [False, True])
def test_functions_nothing_calls_compute_nothing(tmp_path, called):
    """A .i file carries glibc's inline helpers: only those the program
    calls count."""
    f = tmp_path / "p.c"
    f.write_text("static inline unsigned sw(int *x)\n"
                 "{ return (unsigned)(unsigned long)x; }\n"
                 "int main(void) {\n  int y; return " + ("(int)sw(&y)" if called else "0") + ";\n}\n")
    found = ilp32_hazards(str(f))
    assert bool(found) == called, found


@pytest.mark.parametrize("body", [
    "int x = nd(); return x >= -2147483648 && x < 4294967296;",
    "unsigned u = nd(); return u + 2147483648 > (-2147483648);",
    "unsigned n = nd(); return n < 4294967295 / 4;",  # (nla-digbench's dijkstra-u)
    "unsigned n = nd(); return (n & 4294967295) == ((4294967296 - 1) % 7);",
])
def test_constants_too_big_for_int_are_64_bits_in_both(tmp_path, body):
    """A decimal constant above INT_MAX is a long long under both (C99):
    what it is compared with or added to is computed with 64 bits either
    way (SV-COMP's termination-restricted c.07)."""
    f = tmp_path / "p.c"
    f.write_text("int nd(void);\nint main(void) {\n  " + body + "\n}\n")
    assert ilp32_hazards(str(f)) == []


@pytest.mark.parametrize("body,line", [
    ("#ifdef __x86_64__\n  return 1;\n#endif\n  return 0;", 6),
    ("return (int)(SIZE_MAX & 3);", 5),
])
def test_lines_the_preprocessor_makes_otherwise(tmp_path, body, line):
    """A .c file is compiled for LLP64: a macro or an #if of the target may
    make other code than gcc -m32 would (.i files are preprocessed already)."""
    f = tmp_path / "p.c"
    f.write_text("#include <stdint.h>\n\n\nint main(void) {\n  " + body + "\n}\n")
    found = ilp32_hazards(str(f))
    assert found == [f"{f}:{line}: the preprocessor makes another line of it under ILP32 "
                     "(a macro or an #if of the target)"], found


def test_library_calls_that_store_a_size_t(tmp_path):
    """getline stores a size_t through its second argument: 8 bytes in
    divm's C library, a 4-byte variable in an ILP32 .i."""
    f = tmp_path / "p.i"
    f.write_text("typedef unsigned int size_t;\ntypedef struct F FILE;\nextern FILE *stdin;\n"
                 "extern int getline(char **, size_t *, FILE *);\n"
                 "int main(void) { char *l = 0; size_t n = 0; return getline(&l, &n, stdin); }\n")
    assert ilp32_hazards(str(f)) == [f"{f}:5: getline writes a size_t, 64 bits in divm's C library"]

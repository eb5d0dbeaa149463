// expect: valid
// options: --symbolic
// long double (x87 extended precision) through z3's FPSort(15, 64):
// arithmetic, comparisons, conversions, memory, calls.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern double __VERIFIER_nondet_double(void);

struct cell { char tag; long double v; };
long double total;

static long double twice(long double a) { return a + a; }

int main(void) {
    int a = __VERIFIER_nondet_int();
    unsigned b = __VERIFIER_nondet_uint();
    double d = __VERIFIER_nondet_double();
    // 64 significand bits hold every long exactly (a double's 53 do not)
    long v = (long)a << 32 | b;
    long double y = v;
    assert((long)y == v && (unsigned long)(y < 0 ? -y : y) == (unsigned long)(v < 0 ? -v : v));
    struct cell c = { 1, twice(a) };
    total = c.v;
    if (a > -1000000 && a < 1000000)
        assert((int)(total / 2) == a && -total == (long double)(-2 * a));
    long double e = d;  // double to long double and back is exact
    assert((double)e == d || d != d);
    assert((e < 1.0L) == (d < 1.0) && (e != e) == (d != d));
    long double m = 0;
    for (int i = 0; i < 3; i++)
        m += a;
    assert(m == 3.0L * a);
    return 0;
}

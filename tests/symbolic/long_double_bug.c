// expect: error assert
// options: --symbolic
// x87 adds with a 64-bit significand: the sum rounded again to a double
// (double rounding) differs from double addition for some inputs.
#include <assert.h>
extern double __VERIFIER_nondet_double(void);

static long double add(long double a, long double b) { return a + b; }

int main(void) {
    double a = __VERIFIER_nondet_double(), b = __VERIFIER_nondet_double();
    if (a != 1.0)
        return 0;
    long double sums[2] = { add(a, b), 0 };
    assert((double)sums[0] == a + b);  // ERROR
    return 0;
}

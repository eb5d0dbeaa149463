// expect: valid
// options: --symbolic
// fmod and its frem instruction (test_symbolic.py compiles this with
// -fno-math-errno too) on float, double and long double: the result has
// the dividend's sign, is below the divisor and is the dividend below it;
// the special cases as C has them.
#include <assert.h>
#include <math.h>
extern int __VERIFIER_nondet_int(void);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);

int main(void) {
    int part = __VERIFIER_nondet_int();  // (one part a path: paths add up, not multiply)
    if (part == 0) {
        double x = __VERIFIER_nondet_double();
        if (x > -1e6 && x < 1e6) {
            double r = fmod(x, 360.0);
            assert(fabs(r) < 360.0 && signbit(r) == signbit(x));
            assert((fabs(x) >= 360.0 || r == x) && fmod(r, 360.0) == r);
            long double l = x + 0x1p-40L;  // (64 significand bits hold it exactly)
            long double s = fmodl(l, 7.0L);
            assert(fabsl(s) < 7.0L && copysignl(1, s) == copysignl(1, l) && (fabsl(l) >= 7 || s == l));
        }
    } else if (part == 1) {
        float f = __VERIFIER_nondet_float();
        if (f > -1e4f && f < 1e4f) {
            float s = fmodf(f, 2.5f);
            assert(fabsf(s) < 2.5f && signbit(s) == signbit(f) && (fabsf(f) >= 2.5f || s == f));
        }
    } else if (part == 2) {  // a symbolic divisor, above half the dividend
        double a = __VERIFIER_nondet_double(), b = __VERIFIER_nondet_double();
        if (b >= 1 && b <= 100 && a >= 0 && a < 2 * b)
            assert(fmod(a, b) == (a < b ? a : a - b));
    } else {  // NaN for a NaN, an infinite dividend or a zero divisor; an infinite divisor leaves z
        double z = __VERIFIER_nondet_double();
        assert(isnan(fmod(z, 0.0)) && isnan(fmod(INFINITY, z)) && isnan(fmodl(NAN, z)));
        assert(isnan(z) || isinf(z) || fmod(z, -INFINITY) == z);
    }
    return 0;
}

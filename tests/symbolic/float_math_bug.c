// expect: error assert
// options: --symbolic
// rint rounds half to even, round half away from zero: they differ at
// 2.5; sqrtl rounds to 64 bits: the long double above 4 has the root 2
// (the double above 4 has not); fmaxf of two NaNs is NaN (of one, the other operand).
#include <assert.h>
#include <math.h>
extern int __VERIFIER_nondet_int(void);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);

int main(void) {
    int part = __VERIFIER_nondet_int();
    double d = __VERIFIER_nondet_double(), e = __VERIFIER_nondet_double();
    if (part == 0) {
        if (d > 0 && d < 100)
            assert(rint(d) == round(d));  // ERROR
    } else if (part == 1) {
        long double l = d + e * 0x1p-60L;
        if (l > 4 && l < 5)
            assert(sqrtl(l) != 2.0L);  // ERROR
    } else {
        float f = __VERIFIER_nondet_float(), g = __VERIFIER_nondet_float();
        assert(fmaxf(f, g) == fmaxf(f, g));  // ERROR
    }
    return 0;
}

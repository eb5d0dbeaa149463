// expect: error assert
// options: --symbolic
// fmod by a constant over many multiples of it (x = 45.5 + 360 k); fmodl
// at long double precision (an integral l + 2^-60 leaves 2^-60 by 1: in
// double precision nothing would be left); fmodf by a symbolic divisor.
#include <assert.h>
#include <math.h>
extern int __VERIFIER_nondet_int(void);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);

int main(void) {
    int part = __VERIFIER_nondet_int();  // (test_symbolic.py replays each part)
    double x = __VERIFIER_nondet_double();
    if (part == 0) {
        if (x > 1000 && x < 1e6)
            assert(fmod(x, 360.0) != 45.5);  // ERROR
    } else if (part == 1) {
        long double l = (long double)x + 0x1p-60L;
        if (x >= 1 && x < 100)
            assert(fmodl(l, 1.0L) != 0x1p-60L);  // ERROR
    } else {
        float f = __VERIFIER_nondet_float(), g = __VERIFIER_nondet_float();
        if (g > 1 && g < 10 && f > 0 && f < 2 * g)
            assert(fmodf(f, g) != 0.75f || f < g);  // ERROR
    }
    return 0;
}

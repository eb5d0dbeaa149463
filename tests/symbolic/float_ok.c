// expect: valid
// options: --symbolic
// IEEE semantics through z3 floating point: comparisons, conversions, NaN.
#include <assert.h>
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
int main() {
    float f = __VERIFIER_nondet_float();
    double d = __VERIFIER_nondet_double();
    if (f > 1.0f && f < 2.0f) {
        double g = f * 2.0;
        assert(g > 2.0 && g < 4.0);
        int k = (int)(f * 10);
        assert(k >= 10 && k <= 20);
    }
    if (d == d && d > 0)
        assert(d + 1.0 >= 1.0);
    float h = f;
    assert(h == f || f != f);
    if (d > 1e10 && d < 1e11)
        assert((long)d > 10000000000L - 1);

    return 0;
}

// expect: error assert
// options: --symbolic
// x * 0.0 is 0.0 for every finite x, but not for infinities and NaN.
#include <assert.h>
extern double __VERIFIER_nondet_double(void);

int main(void) {
    double d = __VERIFIER_nondet_double();
    if (d > -1e300 && d < 1e300)
        assert(d * 0.0 == 0.0);
    assert(d * 0.0 == 0.0);  // ERROR
    return 0;
}

// expect: valid
// options: -o check:overflow
// what -o check:overflow does not report: unsigned wrap-around, in-range
// shifts and conversions, signed arithmetic that stays in range
#include <limits.h>
#include <assert.h>
int main(void)
{
    volatile unsigned u = UINT_MAX;
    volatile unsigned long long ul = 0;
    assert(u + 1 == 0);
    assert(ul - 1 == ULLONG_MAX);
    assert(u * u == 1);
    volatile int i = INT_MAX - 1, n = 31;
    assert(i + 1 == INT_MAX);
    volatile int m = INT_MIN + 1;
    assert(m - 1 == INT_MIN);
    assert((1u << n) == 0x80000000u);
    assert((-8 >> 3) == -1);
    volatile double d = 2147483647.0, e = -2147483648.0, f = 4294967295.0, g = -0.9;
    assert((int)d == INT_MAX && (int)e == INT_MIN && (unsigned)f == UINT_MAX && (int)g == 0);
    volatile float h = 1e9f;
    assert((long)h == 1000000000L);
    volatile long double ld = -5.5L;
    assert((long long)ld == -5);
    return 0;
}

// expect: none
/* Negative control: arithmetic close to, but not at, the integer faults:
 * unsigned wraparound, INT_MIN / 1, -INT_MAX / -1, x % -1 for x != INT_MIN,
 * float overflow to infinity, NaN from the NAN macro, 0.0 * x. */
#include <stdio.h>
#include <limits.h>
#include <math.h>

int main(void)
{
    unsigned u = 0;
    u -= 1;
    int a = INT_MIN, one = 1, m1 = -1, b = -INT_MAX;
    long long big = LLONG_MAX;
    double huge = 1e308, zero = 0.0;
    printf("%u %d %d %d %lld\n", u, a / one, b / m1, 17 % m1, big / -1);
    double inf = huge * 10.0;
    double nan = NAN;
    printf("%g %d %g\n", inf, isnan(nan) != 0, zero * huge);
    return 0;
}

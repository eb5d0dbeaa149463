/* long double (x86 80-bit extended) arithmetic, conversions, printing and
 * passing through varargs. */
#include <stdio.h>
#include <stdarg.h>
#include <float.h>
#include <stdint.h>

static long double sum_ld(int n, ...)
{
    va_list ap;
    long double s = 0.0L;
    va_start(ap, n);
    for (int i = 0; i < n; i++) s += va_arg(ap, long double);
    va_end(ap);
    return s;
}

static long double mixed(int n, ...)
{
    /* alternating int, long double, double */
    va_list ap;
    long double s = 0.0L;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        int k = va_arg(ap, int);
        long double l = va_arg(ap, long double);
        double d = va_arg(ap, double);
        s += k * l + d;
    }
    va_end(ap);
    return s;
}

static long double by_value(long double a, long double b) { return a * b - a / b; }

int main(void)
{
    long double third = 1.0L / 3.0L;
    printf("1/3 = %.21Lg\n", third);
    printf("1/3 %%Lf = %Lf %%Le = %.10Le\n", third, third);
    long double x = 1.0L;
    for (int i = 0; i < 64; i++) x *= 2.0L;
    printf("2^64 = %.0Lf\n", x);
    printf("2^64+1 = %.0Lf\n", x + 1.0L);
    long double eps = 1.0L;
    while (1.0L + eps / 2.0L != 1.0L) eps /= 2.0L;
    printf("eps = %Lg (LDBL_EPSILON %Lg) digits %d\n", eps, LDBL_EPSILON, LDBL_MANT_DIG);
    printf("max %Lg min %Lg\n", LDBL_MAX, LDBL_MIN);
    printf("by_value = %.18Lg\n", by_value(2.5L, 0.75L));
    printf("sum_ld = %.18Lg\n", sum_ld(4, 1.0L, 0.1L, 0.01L, 0.001L));
    printf("mixed = %.18Lg\n", mixed(3, 1, 0.5L, 0.25, 2, 1.5L, 0.125, 3, 2.5L, 1.0));
    /* conversions */
    long double big = 12345678901234567890.0L;
    unsigned long long ub = (unsigned long long)big;
    printf("(ull)12345678901234567890.0L = %llu\n", ub);
    long long neg = (long long)-9.99e17L;
    printf("(ll)-9.99e17L = %lld\n", neg);
    double d = (double)third;
    float f = (float)third;
    printf("(double)1/3L = %.17g (float) = %.9g\n", d, f);
    long double from_ll = (long double)0x7fffffffffffffffLL;
    printf("(long double)INT64_MAX = %.0Lf\n", from_ll);
    /* compare and sum series */
    long double s = 0.0L;
    for (int k = 1; k <= 500; k++) s += 1.0L / ((long double)k * k);
    printf("sum 1/k^2 = %.19Lg\n", s);
    printf("cmp: %d %d %d\n", third < 0.34L, third > (long double)(1.0 / 3.0), third == 1.0L / 3.0L);
    printf("%%Lg of various: %Lg %Lg %Lg %.3Le\n", 100000.0L, 1e-5L, 123456789.0L, -2.5e100L);
    printf("sizeof(long double) = %zu\n", sizeof(long double));
    return 0;
}

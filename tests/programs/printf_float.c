/* printf of floating-point values: %f %e %g %a with flags and precisions,
 * rounding of ties, tiny and huge values, infinities and NaNs. */
#include <stdio.h>
#include <math.h>
#include <float.h>

int main(void)
{
    double vals[] = { 0.0, 1.0, -1.0, 3.14159265358979, 123456.789, 1e-5, 1e-300, 1e200,
                      0.000123456, 999999.5, 1e15, 1e16, 2.5e-7, -0.0 };
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        double v = vals[i];
        printf("[%f] [%e] [%g] [%.3f] [%.3e] [%.3g] [%.10g] [%a]\n", v, v, v, v, v, v, v, v);
    }
    printf("ties: %.2f %.2f %.2f %.2f\n", 2.675, -2.675, 1.005, 0.125);
    printf("ties0: %.0f %.0f %.0f %.0f %.0f %.0f\n", 0.5, 1.5, 2.5, 3.5, -0.5, -2.5);
    printf("ties1: %.1f %.1f %.1f %.1f\n", 0.25, 0.35, 0.45, 0.05);
    printf("ties2: %.2f %.2f %.3e %.0e\n", 0.375, 0.625, 1.0005, 2.5);
    printf("g: %g %g %g %g %g %g\n", 100000.0, 1000000.0, 0.0001, 0.00001, 123456789.0, 1.5e-10);
    printf("#g: %#g %#g %#.3g %#.0f %#.0e\n", 1.0, 100000.0, 1.0, 3.0, 3.0);
    printf("flags: [%+f] [% f] [%-12.3f] [%012.3f] [%+012.3e] [%12.4g] [%-+12.4g]\n",
           3.5, 3.5, -3.5, -3.5, 31415.9, 0.000314159, 2.0);
    printf("star: [%*.*f] [%-*.*e]\n", 10, 2, 3.14159, 12, 1, 2.71828);
    printf("exact: %.30f\n", 0.1);
    printf("exact: %.0f\n", 1e22);
    printf("exact: %.0f\n", 1e23);
    printf("exact: %.0f\n", 18446744073709551616.0);
    printf("exact: %f\n", 1e300);
    printf("exact: %.20e\n", 1.0 / 3.0);
    printf("tiny: %e %g\n", 4.9406564584124654e-324, 2.2250738585072014e-308);
    printf("max: %e %g %a\n", DBL_MAX, DBL_MAX, DBL_MAX);
    printf("a: %a %a %a %a %a %.2a %.0a %.1a %A\n", 1.0, 0.5, 3.0, -0.1, 1e-320, 1.3, 1.25, 1.75, 255.0);
    printf("float args: %f %g %e\n", 0.1f, 1.0f / 3.0f, 16777216.0f);
    double inf = INFINITY, nan = NAN;
    printf("inf: [%f] [%e] [%g] [%a] [%F] [%E] [%G] [%10f] [%-10f] [%+f]\n", inf, inf, inf, inf, inf, inf, inf, inf, inf, inf);
    printf("-inf: [%f] [%g] [%5.1f]\n", -inf, -inf, -inf);
    printf("nan: [%f] [%e] [%g] [%F] [%8.3f] [%-8f]\n", nan, nan, nan, nan, nan, nan);
    printf("-nan: [%f] [%g]\n", -nan, -nan);
    printf("huge_val: %g\n", HUGE_VAL);
    /* powers of ten and two */
    double p = 1.0;
    for (int i = 0; i < 25; i++) { printf("%.17g ", p); p *= 10.0; }
    printf("\n");
    p = 1.0;
    for (int i = 0; i < 12; i++) { printf("%g ", p); p /= 7.0; }
    printf("\n");
    /* sprintf into buffer, lengths */
    char buf[128];
    int n = snprintf(buf, sizeof buf, "%.15e|%.15f|%.15g", 2.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0);
    printf("%d %s\n", n, buf);
    size_t small = sizeof buf / 16;
    n = snprintf(buf, small, "%f", 12345.6789);
    printf("trunc %d [%s]\n", n, buf);
    return 0;
}

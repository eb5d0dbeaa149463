/* <math.h> on long double (x86 80-bit extended) exactly as native: fabsl,
 * sqrtl, the roundings, copysignl, fminl/fmaxl, fmodl and frem (with
 * -fno-math-errno), fmal, lrintl, classification; values a double cannot
 * hold (64-bit significands, exponents beyond a double's) and the special
 * ones.  Results are printed as their 80 bits (any NaN as "nan"). */
#include <math.h>
#include <stdio.h>
#include <string.h>

static void pl(long double v)
{
    unsigned char b[16] = {0};
    memcpy(b, &v, 10);
    if (v != v) {
        printf(" nan");
        return;
    }
    printf(" ");
    for (int i = 9; i >= 0; i--)
        printf("%02x", b[i]);
}

static void pf(float v)
{
    unsigned b;
    memcpy(&b, &v, 4);
    printf(v != v ? " nan" : " %08x", b);
}

static void pd(double v)
{
    unsigned long long b;
    memcpy(&b, &v, 8);
    printf(v != v ? " nan" : " %016llx", b);
}

static const long double L[] = {
    0.0L, -0.0L, 1.0L, -1.0L, 2.5L, -2.5L, 3.5L, 0.5L, -0.5L, 1.0L / 3, -7.25L,
    3.99999999999999999989L, -3.99999999999999999989L, 0x1p60L + 1, -0x1p60L - 0.5L,
    0x1.fffffffffffffffep62L, 0x1p63L + 3, 1e4000L, -1e4000L, 1e-4000L, 1e-4940L, -1e-4940L,
    0x1p-16382L, 0x1.fffffffffffffffep16383L, 0.1L, 123456789.123456789L,
    INFINITY, -INFINITY, NAN,
};
#define N (int)(sizeof L / sizeof L[0])

int main(void)
{
    for (int i = 0; i < N; i++) {
        volatile long double x = L[i];
        printf("%2d", i);
        pl(fabsl(x)), pl(sqrtl(x)), pl(floorl(x)), pl(ceill(x)), pl(truncl(x));
        pl(roundl(x)), pl(rintl(x)), pl(nearbyintl(x)), pl(-x);
        printf(" %d %d %d %d", fpclassify(x), isnormal(x) != 0, isinf(x) != 0, signbit(x) != 0);
        if (x == x && fabsl(x) < 0x1p62L)
            printf(" %ld %ld", lrintl(x), lroundl(x));
        printf("\n");
    }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            volatile long double x = L[i], y = L[j];
            printf("%2d %2d", i, j);
            pl(fmodl(x, y)), pl(copysignl(x, y)), pl(fmal(x, y, 0.25L)), pl(fmal(x, 3.0L, y));
            if (x != 0 || y != 0)  /* (fminl(0.0L, -0.0L) is either zero) */
                pl(fminl(x, y)), pl(fmaxl(x, y));
            int q;
            if (fabsl(x) < 1e300L && fabsl(y) < 1e300L)
                pl(remquol(x, y, &q)), printf(" %d", x != x || y != y || y == 0 ? 0 : (q < 0 ? -q : q) & 7);
            printf("\n");
        }
    /* float and double subnormals are classified in their own format */
    volatile float f = 1e-40f, g = 2e-38f;
    volatile double d = 1e-310, e = 3e-308;
    printf("%d %d %d %d %d %d\n", isnormal(f), isnormal(g), isnormal(d), isnormal(e), fpclassify(f), fpclassify(d));
    /* double and float fmod: special values */
    static const double D[] = {0.0, -0.0, 5.5, -5.5, 1e308, 4.9e-324, 0.1, INFINITY, -INFINITY, NAN};
    for (int i = 0; i < 10; i++) {
        for (int j = 0; j < 10; j++) {
            volatile double x = D[i], y = D[j];
            volatile float fx = (float)(D[i] > 3e38 ? 3e38 : D[i]), fy = (float)(D[j] > 3e38 ? 3e38 : D[j]);
            pd(fmod(x, y)), pf(fmodf(fx, fy));
        }
        printf("\n");
    }
    /* long double through the host's libm */
    volatile long double t = 0.7L;
    pl(sinl(t)), pl(expl(t)), pl(powl(t, 1.0L / 3)), pl(logl(t)), pl(cbrtl(t)), pl(atan2l(t, 2)), pl(hypotl(t, 3));
    printf("\n");
    return 0;
}

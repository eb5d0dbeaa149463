/* float and double arithmetic and conversions to and from integers. */
#include <stdio.h>
#include <stdint.h>
#include <float.h>
#include <string.h>

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, sizeof u); return u; }
static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, sizeof u); return u; }

int main(void)
{
    double a = 0.1, b = 0.2;
    printf("0.1+0.2 = %.17g (== 0.3: %d)\n", a + b, a + b == 0.3);
    printf("bits: %016llx %016llx\n", (unsigned long long)dbits(a + b), (unsigned long long)dbits(0.3));
    float fa = 0.1f, fb = 0.2f;
    printf("0.1f+0.2f = %.9g bits %08x\n", fa + fb, fbits(fa + fb));
    printf("1/3 = %.17g, 2/3f = %.9g\n", 1.0 / 3.0, 2.0f / 3.0f);
    double x = 1.0;
    for (int i = 0; i < 60; i++) x = x * 1.5 - 0.25;
    printf("iter = %.17g\n", x);
    float fx = 1.0f;
    for (int i = 0; i < 60; i++) fx = fx * 1.1f + 0.3f;
    printf("fiter = %.9g\n", fx);

    /* conversions double -> integer truncate toward zero */
    double dv[] = { 3.99, -3.99, 0.5, -0.5, 2147483647.0, -2147483648.0, 1e10, -1e18, 4294967295.0 };
    for (unsigned i = 0; i < sizeof dv / sizeof dv[0]; i++) {
        double d = dv[i];
        long long ll = (long long)d;
        printf("%.17g -> ll %lld", d, ll);
        if (d > -2147483649.0 && d < 2147483648.0) printf(" int %d", (int)d);
        if (d > -1.0 && d < 4294967296.0) printf(" uint %u", (unsigned)d);
        printf("\n");
    }
    printf("(uint64)1.8e19 = %llu\n", (unsigned long long)1.8e19);
    printf("(uint64)9.3e18 = %llu\n", (unsigned long long)9.3e18);
    /* integer -> floating rounding */
    printf("(float)16777217 = %.1f\n", (float)16777217);
    printf("(float)16777219 = %.1f\n", (float)16777219);
    printf("(double)9007199254740993LL = %.1f\n", (double)9007199254740993LL);
    printf("(double)UINT64_MAX = %.1f\n", (double)UINT64_MAX);
    printf("(float)UINT64_MAX = %.1f\n", (float)UINT64_MAX);
    printf("(double)INT64_MIN = %.1f\n", (double)INT64_MIN);
    unsigned long long big = 0x8000000000000801ULL;
    printf("(double)0x8000000000000801 = %.1f\n", (double)big);
    printf("(float)0.1 = %.20f\n", (float)0.1);
    printf("(double)(float)0.1 = %.20f\n", (double)(float)0.1);
    printf("(float)1e-46 = %g, (float)1e39 = %g\n", (float)1e-46, (float)1e39);
    printf("(float)3.4028235677973366e38 = %g\n", (float)3.4028235677973366e38);
    /* unsigned char/short conversions */
    double small = 200.7;
    unsigned char uc = (unsigned char)small;
    short sh = (short)-32767.9;
    printf("uc=%d sh=%d\n", uc, sh);
    /* comparisons and special arithmetic */
    double z = 0.0, nz = -0.0;
    printf("0.0 == -0.0: %d, bits %016llx %016llx\n", z == nz, (unsigned long long)dbits(z), (unsigned long long)dbits(nz));
    double huge = DBL_MAX;
    printf("DBL_MAX*2 = %g, -DBL_MAX*2 = %g\n", huge * 2.0, -huge * 2.0);
    printf("DBL_MIN/2 = %g, DBL_TRUE_MIN = %g, /2 = %g\n", DBL_MIN / 2.0, 4.9406564584124654e-324, 4.9406564584124654e-324 / 2.0);
    printf("FLT_EPSILON = %g DBL_EPSILON = %g\n", FLT_EPSILON, DBL_EPSILON);
    printf("1+eps/2 == 1: %d\n", 1.0 + DBL_EPSILON / 2 == 1.0);
    /* mixed float/int expressions */
    int i3 = 7;
    float f3 = 2.5f;
    double d3 = i3 / 2 + i3 / 2.0 + f3 * i3;
    printf("mixed = %g\n", d3);
    /* harmonic sums in float and double */
    float hs = 0.0f;
    double hd = 0.0;
    for (int k = 1; k <= 1000; k++) { hs += 1.0f / (float)k; hd += 1.0 / k; }
    printf("H(1000) float %.9g double %.17g\n", hs, hd);
    /* kahan summation */
    double sum = 0.0, c = 0.0;
    for (int k = 0; k < 1000; k++) {
        double y = 0.1 - c;
        double t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    printf("kahan 1000*0.1 = %.17g\n", sum);
    /* float negation and fabs via bits */
    float nf = -fa;
    printf("neg bits %08x\n", fbits(nf));
    return 0;
}

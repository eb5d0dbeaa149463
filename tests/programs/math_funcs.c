/* math.h functions. Transcendental results are printed with 12 significant
 * digits so that a last-ulp difference between libm implementations does
 * not matter; exact functions are printed exactly. */
#include <stdio.h>
#include <math.h>

int main(void)
{
    double xs[] = { 0.0, 0.5, 1.0, 2.0, 3.7, 10.0, 100.25 };
    for (unsigned i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double x = xs[i];
        printf("x=%g sqrt=%.17g sin=%.12g cos=%.12g tan=%.12g exp=%.12g atan=%.12g\n",
               x, sqrt(x), sin(x), cos(x), tan(x), exp(x), atan(x));
        if (x > 0)
            printf("  log=%.12g log10=%.12g log2=%.12g cbrt=%.12g\n", log(x), log10(x), log2(x), cbrt(x));
    }
    printf("pow: %.17g %.17g %.17g %.12g %.12g %.17g\n", pow(2, 10), pow(2, -3), pow(-3, 3), pow(2, 0.5), pow(10, 2.5), pow(0, 0));
    printf("sqrt: %.17g %.17g %.17g\n", sqrt(2.0), sqrt(1e-300), sqrt(144.0));
    double ys[] = { 2.5, -2.5, 2.4999, -0.5, 3.5, -7.75, 1e15 + 0.5, 0.0 };
    for (unsigned i = 0; i < sizeof ys / sizeof ys[0]; i++) {
        double y = ys[i];
        printf("y=%.17g floor=%g ceil=%g round=%g trunc=%g rint=%g nearbyint=%g lround=%ld llrint=%lld fabs=%g\n",
               y, floor(y), ceil(y), round(y), trunc(y), rint(y), nearbyint(y), lround(y), llrint(y), fabs(y));
    }
    printf("fmod: %g %g %g %g\n", fmod(10.5, 3.0), fmod(-10.5, 3.0), fmod(10.5, -3.0), fmod(1e20, 7.0));
    printf("remainder: %g %g\n", remainder(10.5, 3.0), remainder(11.5, 3.0));
    int e;
    double m = frexp(48.0, &e);
    printf("frexp(48) = %g * 2^%d\n", m, e);
    m = frexp(-0.375, &e);
    printf("frexp(-0.375) = %g * 2^%d\n", m, e);
    printf("ldexp: %g %g\n", ldexp(0.75, 4), ldexp(1.0, -1074));
    double ip;
    double fp = modf(-3.25, &ip);
    printf("modf(-3.25) = %g + %g\n", ip, fp);
    printf("copysign: %g %g, fmin %g fmax %g fdim %g\n", copysign(3.0, -0.0), copysign(-2.0, 1.0), fmin(2.0, -1.0), fmax(2.0, -1.0), fdim(5.0, 3.0));
    printf("hypot(3,4)=%.17g atan2(1,-1)=%.12g atan2(-0.0,-1)=%.12g\n", hypot(3.0, 4.0), atan2(1.0, -1.0), atan2(-0.0, -1.0));
    printf("asin(1)=%.12g acos(0)=%.12g sinh(1)=%.12g cosh(1)=%.12g tanh(1)=%.12g\n", asin(1.0), acos(0.0), sinh(1.0), cosh(1.0), tanh(1.0));
    printf("expm1(1e-10)=%.12g log1p(1e-10)=%.12g exp2(10)=%.17g\n", expm1(1e-10), log1p(1e-10), exp2(10.0));
    double inf = INFINITY, nan = NAN;
    /* the classification macros return "nonzero", not necessarily 1 */
    printf("classify: %d %d %d %d %d\n", isnan(nan) != 0, isinf(-inf) != 0, isfinite(1.0) != 0, isnormal(1e-310) != 0, signbit(-0.0) != 0);
    printf("fpclassify: %d %d %d %d %d\n", fpclassify(0.0) == FP_ZERO, fpclassify(1e-310) == FP_SUBNORMAL,
           fpclassify(1.0) == FP_NORMAL, fpclassify(inf) == FP_INFINITE, fpclassify(nan) == FP_NAN);
    printf("nan compare: %d %d %d\n", nan == nan, nan != nan, nan < 1.0);
    printf("sqrt(inf)=%g exp(-inf)=%g atan(inf)=%.12g\n", sqrt(inf), exp(-inf), atan(inf));
    printf("float funcs: %.6g %.6g %.6g %g\n", sqrtf(2.0f), sinf(1.0f), powf(2.0f, 0.5f), floorf(-1.5f));
    /* numerical integration of sin over [0, pi] by Simpson's rule */
    const double pi = 3.14159265358979323846;
    int n = 200;
    double h = pi / n, s = sin(0.0) + sin(pi);
    for (int i = 1; i < n; i++) s += (i % 2 ? 4.0 : 2.0) * sin(i * h);
    printf("simpson = %.10f\n", s * h / 3.0);
    /* newton sqrt vs sqrt */
    double g = 1.0;
    for (int i = 0; i < 30; i++) g = 0.5 * (g + 2.0 / g);
    printf("newton sqrt2 = %.17g equal=%d\n", g, g == sqrt(2.0));
    return 0;
}

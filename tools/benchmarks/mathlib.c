/* mathlib.c -- libm-heavy floating point: sqrt, sin, cos, exp, log, pow,
 * atan2, fabs, floor, fmod, tanh, plus float versions.
 * Usage: mathlib [N] -- N samples (work ~ N). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define DEFAULT_SIZE 60000

static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

int main(int argc, char **argv)
{
    long n = size_arg(argc, argv, DEFAULT_SIZE);
    double acc = 0.0, acc2 = 0.0;
    float facc = 0.0f;
    long neg = 0;
    for (long i = 1; i <= n; i++) {
        double x = (double)i * 0.00037;
        double s = sin(x), c = cos(x * 0.5);
        double e = exp(-x * 0.01);
        double l = log(1.0 + x);
        double p = pow(x, 0.3);
        double r = sqrt(x + 1.0);
        double t = atan2(s, c + 2.0);
        double f = (double)(long)(x * 3.7);   /* floor would be llvm.floor: not in lli */
        double m = fmod(x, 3.0);
        double th = tanh(x - 3.0);
        acc += s * c + e + l + p / r + t + f * 1e-6 + m;
        acc2 += (s > c ? s - c : c - s) * th;   /* fabs is llvm.fabs: not in lli */
        if (s * c < 0)
            neg++;
        float fx = (float)x;
        facc += sinf(fx) * sqrtf(fx + 1.0f) + expf(-fx * 0.1f);
    }
    printf("mathlib n=%ld acc=%.10e acc2=%.10e facc=%.6e neg=%ld\n", n, acc, acc2, (double)facc, neg);
    return 0;
}

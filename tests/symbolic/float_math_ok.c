// expect: valid
// options: --symbolic
// <math.h> functions that stay symbolic (clang makes most of them LLVM
// intrinsics): fabs, sqrt, floor, ceil, trunc, round, rint, copysign,
// fmin, fmax, classification; on double, float and long double.
#include <assert.h>
#include <math.h>
extern int __VERIFIER_nondet_int(void);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);

int main(void) {
    int part = __VERIFIER_nondet_int();  // (one part a path: paths add up, not multiply)
    double d = __VERIFIER_nondet_double(), e = __VERIFIER_nondet_double();
    if (part == 0) {  // roundings of a double
        if (!(d > -1e15 && d < 1e15))
            return 0;
        double fl = floor(d), ce = ceil(d), tr = trunc(d);
        assert(fl <= d && d < fl + 1 && ce >= d && ce - 1 < d && (fl == ce) == (d == tr));
        assert(fabs(tr) <= fabs(d) && (tr == fl || tr == ce) && signbit(tr) == signbit(d));
        double ro = round(d), ri = rint(d);
        assert(fabs(ro - d) <= 0.5 && fabs(ri - d) <= 0.5 && (ri == ro || fabs(ri - d) == 0.5));
    } else if (part == 1) {  // float
        float f = __VERIFIER_nondet_float();
        if (!(f > -1e7f && f < 1e7f))
            return 0;
        float fl = floorf(f), ro = roundf(f), sq = sqrtf(fabsf(f));
        assert(fl <= f && f < fl + 1 && fabsf(ro - f) <= 0.5f && sq >= 0 && (sq <= fabsf(f) || fabsf(f) < 1));
        assert(copysignf(f, -1.0f) == -fabsf(f) && fminf(f, 0) <= 0 && fmaxf(f, 0) >= f);
    } else if (part == 2) {  // long double: 64 significand bits
        long double l = d + e * 0x1p-60L;
        if (!(d > -1e6 && d < 1e6 && e > -1 && e < 1))
            return 0;
        long double fl = floorl(l), ce = ceill(l), tr = truncl(l), ro = roundl(l);
        assert(fl <= l && l < fl + 1 && ce >= l && ce - 1 < l && (tr == fl || tr == ce));
        assert(fabsl(ro - l) <= 0.5L && fabsl(l) == (l < 0 ? -l : l) && fabsl(l) >= 0);
    } else if (part == 3) {  // square roots, exactly rounded
        if (!(d >= 0 && d < INFINITY))
            return 0;
        double s = sqrt(d);
        assert(s >= 0 && (d < 1 ? s >= d : s <= d) && signbit(sqrt(-fabs(d) * 0.0)) == 1 && isnan(sqrt(-1 - d)));
        long double t = sqrtl(d + 0x1p-70L);
        assert(t > 0 && (d < 1 ? t >= d : t <= d) && isnan(sqrtl(-1 - d)));
    } else {  // signs, minimum and maximum, classes
        if (d != d || e != e)
            return 0;
        assert(signbit(copysign(d, e)) == signbit(e) && fabs(copysign(d, e)) == fabs(d));
        double lo = fmin(d, e), hi = fmax(d, e);
        assert(lo <= d && lo <= e && hi >= d && hi >= e && (lo == d || lo == e) && fmin(NAN, e) == e);
        long double l = d;
        assert(fminl(l, e) == lo && fmaxl(l, e) == hi && isinf(l) == isinf(d) && isnormal(l) == (d != 0 && !isinf(d)));
        assert(isnormal(d) == (fabs(d) >= 0x1p-1022 && !isinf(d)) && isfinite(d) == !isinf(d));
    }
    return 0;
}

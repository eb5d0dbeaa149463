/* The <math.h> functions the VM does not provide natively: the long double
 * variants that are bit manipulation (the VM runs the host's long double
 * libm for the others) and a few float/double helpers.  Names in parentheses keep the
 * classification macros of <math.h> from expanding. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int signgam;

union ld { long double v; struct { uint64_t m; uint16_t se; } p; };

static long double ld_make(int neg, int bexp, uint64_t m)
{
    union ld u;
    u.v = 0;
    u.p.m = m;
    u.p.se = (uint16_t)((neg ? 0x8000 : 0) | bexp);
    return u.v;
}

/* ---- exact long double operations ---- */

long double fabsl(long double x)
{
    union ld u;
    u.v = x;
    u.p.se &= 0x7fff;
    return u.v;
}

long double copysignl(long double x, long double y)
{
    union ld u, v;
    u.v = x;
    v.v = y;
    u.p.se = (uint16_t)((u.p.se & 0x7fff) | (v.p.se & 0x8000));
    return u.v;
}

long double truncl(long double x)
{
    union ld u;
    u.v = x;
    int e = (u.p.se & 0x7fff) - 16383;
    if (e >= 63)
        return x; /* integral, inf or nan */
    if (e < 0)
        return copysignl(0.0L, x);
    u.p.m &= ~((1ull << (63 - e)) - 1);
    return u.v;
}

long double floorl(long double x)
{
    long double t = truncl(x);
    return t > x ? t - 1 : t;
}

long double ceill(long double x)
{
    long double t = truncl(x);
    return t < x ? t + 1 : t;
}

long double roundl(long double x)
{
    long double t = truncl(x);
    if (fabsl(x - t) >= 0.5L)
        t += copysignl(1.0L, x);
    return t;
}

/* is the integral value t odd? */
static int odd(long double t)
{
    union ld u;
    u.v = t;
    int e = (u.p.se & 0x7fff) - 16383;
    if (e < 0 || e > 63)
        return 0;
    return (int)((u.p.m >> (63 - e)) & 1);
}

long double rintl(long double x)
{
    long double t = truncl(x), d = fabsl(x - t);
    if (d > 0.5L || (d == 0.5L && odd(t)))
        t += copysignl(1.0L, x);
    return t;
}

long double nearbyintl(long double x) { return rintl(x); }
/* an integral r in [min, -min) converted, otherwise x86's "integer
 * indefinite" min (what glibc's lrint/lround give out of range; a long is 32
 * bits under LLP64) */
static long long to_int(long double r, long long min)
{
    return r >= (long double)min && r < -(long double)min ? (long long)r : min;
}

long lrintl(long double x) { return (long)to_int(rintl(x), LONG_MIN); }
long long llrintl(long double x) { return to_int(rintl(x), LLONG_MIN); }
long lroundl(long double x) { return (long)to_int(roundl(x), LONG_MIN); }
long long llroundl(long double x) { return to_int(roundl(x), LLONG_MIN); }

long double modfl(long double x, long double *ip)
{
    if (__builtin_isnan(x)) {
        *ip = x;
        return x;
    }
    long double t = truncl(x);
    *ip = t;
    if (__builtin_isinf(x) || t == x)
        return copysignl(0.0L, x);
    return x - t;
}

/* x = f * 2^e with f in [0.5, 1) */
long double frexpl(long double x, int *e)
{
    union ld u;
    u.v = x;
    int be = u.p.se & 0x7fff;
    if (be == 0x7fff || (be == 0 && u.p.m == 0)) {
        *e = 0;
        return x;
    }
    if (be == 0) {
        int p = 63 - __builtin_clzll(u.p.m);
        *e = p + 1 - 16445;
        u.p.m <<= 63 - p;
    } else
        *e = be - 16382;
    u.p.se = (uint16_t)((u.p.se & 0x8000) | 16382);
    return u.v;
}

long double scalbnl(long double x, int n)
{
    int e;
    long double f = frexpl(x, &e);
    if (f == 0 || __builtin_isinf(f) || __builtin_isnan(f))
        return x;
    union ld u;
    u.v = f;
    int neg = u.p.se >> 15;
    uint64_t m = u.p.m;
    long long t = (long long)e + n; /* value = m * 2^(t - 64) */
    if (t > 16384) {
        errno = ERANGE;
        return neg ? -HUGE_VALL : HUGE_VALL;
    }
    if (t >= -16381)
        return ld_make(neg, (int)(t + 16382), m);
    /* subnormal: shift right with rounding to nearest, ties to even */
    long long d = -16381 - t;
    if (d > 64) {
        errno = ERANGE;
        return copysignl(0.0L, f);
    }
    uint64_t q = d == 64 ? 0 : m >> d;
    uint64_t rest = d == 64 ? m : m & ((1ull << d) - 1);
    uint64_t half = 1ull << (d - 1);
    if (rest > half || (rest == half && (q & 1)))
        q++;
    if (rest)
        errno = ERANGE;
    return ld_make(neg, q >> 63 ? 1 : 0, q);
}

long double ldexpl(long double x, int n) { return scalbnl(x, n); }

long double scalblnl(long double x, long n)
{
    return scalbnl(x, n > INT_MAX ? INT_MAX : n < INT_MIN ? INT_MIN : (int)n);
}

int ilogbl(long double x)
{
    union ld u;
    u.v = x;
    int be = u.p.se & 0x7fff;
    if (be == 0x7fff)
        return (u.p.m << 1) ? FP_ILOGBNAN : INT_MAX;
    if (be == 0) {
        if (!u.p.m)
            return FP_ILOGB0;
        return (63 - __builtin_clzll(u.p.m)) - 16445;
    }
    return be - 16383;
}

long double logbl(long double x)
{
    if (x == 0)
        return -HUGE_VALL; /* (a pole: no division, the VM would fault) */
    if (__builtin_isnan(x))
        return x;
    if (__builtin_isinf(x))
        return fabsl(x);
    return (long double)ilogbl(x);
}

long double significandl(long double x)
{
    return scalbnl(x, -ilogbl(x));
}

long double fmaxl(long double x, long double y)
{
    if (__builtin_isnan(x))
        return y;
    if (__builtin_isnan(y))
        return x;
    return x > y ? x : y;
}

long double fminl(long double x, long double y)
{
    if (__builtin_isnan(x))
        return y;
    if (__builtin_isnan(y))
        return x;
    return x < y ? x : y;
}

long double fdiml(long double x, long double y)
{
    if (__builtin_isnan(x) || __builtin_isnan(y))
        return x + y;
    return x > y ? x - y : 0.0L;
}

long double nextafterl(long double x, long double y)
{
    if (__builtin_isnan(x) || __builtin_isnan(y))
        return x + y;
    if (x == y)
        return y;
    union ld u;
    u.v = x;
    int neg = u.p.se >> 15, be = u.p.se & 0x7fff;
    uint64_t m = u.p.m;
    if (x == 0)
        return ld_make(y < 0, 0, 1);
    if ((y > x) == !neg) { /* away from zero */
        if (m == ~0ull) {
            m = 1ull << 63;
            be++;
        } else {
            m++;
            if (be == 0 && m >> 63)
                be = 1;
        }
    } else {
        if (be == 1 && m == 1ull << 63) {
            be = 0;
            m--;
        } else if (be > 1 && m == 1ull << 63) {
            be--;
            m = ~0ull;
        } else
            m--;
    }
    if (be == 0x7fff)
        errno = ERANGE;
    return ld_make(neg, be, be == 0x7fff ? 1ull << 63 : m);
}

long double nexttowardl(long double x, long double y) { return nextafterl(x, y); }

int (finitel)(long double x) { return __builtin_isfinite(x); }
int (isinfl)(long double x) { return __builtin_isinf_sign(x); }
int (isnanl)(long double x) { return __builtin_isnan(x); }
int (finite)(double x) { return __builtin_isfinite(x); }
int (isinf)(double x) { return __builtin_isinf_sign(x); }
int (isnan)(double x) { return __builtin_isnan(x); }
int (finitef)(float x) { return __builtin_isfinite(x); }
int (isinff)(float x) { return __builtin_isinf_sign(x); }
int (isnanf)(float x) { return __builtin_isnan(x); }

/* ---- NaN with a payload, as strtod reads "nan(...)" ---- */

static const char *nan_str(char *buf, size_t n, const char *tag)
{
    snprintf(buf, n, "nan(%s)", tag ? tag : "");
    return buf;
}

double nan(const char *tag)
{
    char b[80];
    return strtod(nan_str(b, sizeof b, tag), 0);
}

float nanf(const char *tag)
{
    char b[80];
    return strtof(nan_str(b, sizeof b, tag), 0);
}

long double nanl(const char *tag)
{
    char b[80];
    return strtold(nan_str(b, sizeof b, tag), 0);
}

/* ---- double and float helpers over the native functions ---- */

/* (not through lrint: a long is 32 bits under LLP64) */
long long llrint(double x) { return to_int(rint(x), LLONG_MIN); }
long long llrintf(float x) { return to_int(rintf(x), LLONG_MIN); }

double scalbln(double x, long n)
{
    return scalbn(x, n > INT_MAX ? INT_MAX : n < INT_MIN ? INT_MIN : (int)n);
}

float scalblnf(float x, long n)
{
    return scalbnf(x, n > INT_MAX ? INT_MAX : n < INT_MIN ? INT_MIN : (int)n);
}

/* low three bits of the quotient, from exact fmod steps (Sterbenz) */
#define REMQUO(T, SFX, MAX)                                         \
    T remquo##SFX(T x, T y, int *quo)                               \
    {                                                               \
        T r = remainder##SFX(x, y);                                 \
        *quo = 0;                                                   \
        if (__builtin_isnan(r) || __builtin_isinf(x) || y == 0)     \
            return r;                                               \
        T ax = fabs##SFX(x), ay = fabs##SFX(y), a = ax;             \
        int q = 0;                                                  \
        if (ay <= MAX / 8)                                          \
            a = fmod##SFX(ax, 8 * ay);                              \
        if (ay <= MAX / 4 && a >= 4 * ay)                           \
            a -= 4 * ay, q += 4;                                    \
        if (ay <= MAX / 2 && a >= 2 * ay)                           \
            a -= 2 * ay, q += 2;                                    \
        if (a >= ay)                                                \
            a -= ay, q += 1;                                        \
        if (2 * a > ay || (2 * a == ay && (q & 1)))                 \
            q += 1;                                                 \
        q &= 7;                                                     \
        *quo = (x < 0) != (y < 0) ? -q : q;                         \
        return r;                                                   \
    }
REMQUO(double, , DBL_MAX)
REMQUO(float, f, FLT_MAX)
REMQUO(long double, l, LDBL_MAX)

double nexttoward(double x, long double y)
{
    if (__builtin_isnan(y))
        return (double)y;
    if ((long double)x == y)
        return (double)y;
    return nextafter(x, (long double)x < y ? HUGE_VAL : -HUGE_VAL);
}

float nexttowardf(float x, long double y)
{
    if (__builtin_isnan(y))
        return (float)y;
    if ((long double)x == y)
        return (float)y;
    return nextafterf(x, (long double)x < y ? HUGE_VALF : -HUGE_VALF);
}

/* sign of gamma(x): negative on (-1,0), (-3,-2), ... */
static int gamma_sign(double x)
{
    if (x > 0)
        return 1;
    if (x == 0)
        return __builtin_signbit(x) ? -1 : 1;
    double k = floor(x);
    if (k == x)
        return 1;
    return fmod(k, 2.0) == 0 ? 1 : -1;
}

double lgamma_r(double x, int *sign)
{
    *sign = gamma_sign(x);
    return lgamma(x);
}

float lgammaf_r(float x, int *sign)
{
    *sign = gamma_sign(x);
    return lgammaf(x);
}

long double lgammal_r(long double x, int *sign)
{
    *sign = gamma_sign((double)x);
    return lgammal(x);
}

void sincos(double x, double *s, double *c) { *s = sin(x); *c = cos(x); }
void sincosf(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
void sincosl(long double x, long double *s, long double *c) { *s = sinl(x); *c = cosl(x); }

double significand(double x) { return scalbn(x, -ilogb(x)); }
float significandf(float x) { return scalbnf(x, -ilogbf(x)); }
double exp10(double x) { return pow(10.0, x); }
float exp10f(float x) { return powf(10.0f, x); }
double gamma(double x) { return lgamma(x); }
float gammaf(float x) { return lgammaf(x); }
double drem(double x, double y) { return remainder(x, y); }
float dremf(float x, float y) { return remainderf(x, y); }

/* ---- long double: the VM runs the host's libm for the functions it knows
 * (vm/builtins.py: sinl, sqrtl, fmodl, fmal, ...), exactly; the rest here ---- */

long double gammal(long double x) { return lgammal(x); }
long double dreml(long double x, long double y) { return remainderl(x, y); }


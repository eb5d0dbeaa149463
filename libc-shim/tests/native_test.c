/* Native differential tests: libc-shim's core (symbols renamed divm_*)
 * against the host glibc.  Built and run by run_native_tests.sh. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdarg.h>
#include <errno.h>
#include <math.h>
#include <float.h>
#include <ctype.h>
#include <time.h>
#include <wchar.h>
#include <inttypes.h>
#include <limits.h>
#include <stddef.h>

/* ---- the code under test ---- */
void *__divm_ialloc(size_t n) { void *p = malloc(n ? n : 1); if (!p) abort(); return p; }
void __divm_ifree(void *p) { free(p); }

double divm_strtod(const char *, char **);
float divm_strtof(const char *, char **);
long double divm_strtold(const char *, char **);
long divm_strtol(const char *, char **, int);
unsigned long divm_strtoul(const char *, char **, int);
long long divm_strtoll(const char *, char **, int);
unsigned long long divm_strtoull(const char *, char **, int);
intmax_t divm_strtoimax(const char *, char **, int);
uintmax_t divm_strtoumax(const char *, char **, int);
int divm_atoi(const char *);
int divm_snprintf(char *, size_t, const char *, ...);
int divm_vsnprintf(char *, size_t, const char *, va_list);
int divm_asprintf(char **, const char *, ...);
int divm_sscanf(const char *, const char *, ...);
void divm_qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void *divm_bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));
int divm_rand(void);
void divm_srand(unsigned);
int divm_rand_r(unsigned *);
long divm_random(void);
void divm_srandom(unsigned);
double divm_drand48(void);
long divm_lrand48(void);
long divm_mrand48(void);
void divm_srand48(long);
char *divm_strerror(int);
char *divm_strsignal(int);
struct tm *divm_gmtime_r(const time_t *, struct tm *);
time_t divm_mktime(struct tm *);
time_t divm_timegm(struct tm *);
size_t divm_strftime(char *, size_t, const char *, const struct tm *);
char *divm_asctime_r(const struct tm *, char *);

static long failures, checks;
static int verbose_limit = 30;

static void fail(const char *fmt, ...)
{
    failures++;
    if (failures <= verbose_limit) {
        va_list ap;
        va_start(ap, fmt);
        printf("MISMATCH: ");
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
    }
}

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}
static int rndn(int n) { return (int)(rnd() % (uint64_t)n); }

static double rnd_double(void)
{
    double d;
    uint64_t u;
    switch (rndn(4)) {
    case 0: u = rnd(); memcpy(&d, &u, 8); return d;
    case 1: return (double)(int64_t)rnd() / (double)(1ull << rndn(64));
    case 2: return ldexp((double)(rnd() >> 11), rndn(2200) - 1100);
    default: return (rndn(2) ? -1 : 1) * (double)rndn(100000) / (double)(1 + rndn(1000));
    }
}

static long double rnd_ldouble(void)
{
    union { long double v; struct { uint64_t m; uint16_t se; } p; } u;
    memset(&u, 0, sizeof u);
    switch (rndn(3)) {
    case 0:
        u.p.m = rnd() | (rndn(10) ? 1ull << 63 : 0);
        u.p.se = (uint16_t)rnd();
        if ((u.p.se & 0x7fff) && !(u.p.m >> 63)) u.p.m |= 1ull << 63;
        if (!(u.p.se & 0x7fff)) u.p.m &= ~(1ull << 63); /* no pseudo-denormals */
        return u.v;
    case 1: return ldexpl((long double)rnd(), rndn(600) - 320);
    default: return (long double)rnd_double();
    }
}

/* ================= strtod ================= */

static int scale;

static void check_fp(const char *s)
{
    char *e1, *e2;
    int er1, er2;
    {
        errno = 0; double a = strtod(s, &e1); er1 = errno;
        errno = 0; double b = divm_strtod(s, &e2); er2 = errno;
        checks++;
        if (memcmp(&a, &b, 8) || e1 != e2 || er1 != er2)
            fail("strtod(\"%.200s\"): glibc %a end+%d errno %d, divm %a end+%d errno %d",
                 s, a, (int)(e1 - s), er1, b, (int)(e2 - s), er2);
    }
    {
        errno = 0; float a = strtof(s, &e1); er1 = errno;
        errno = 0; float b = divm_strtof(s, &e2); er2 = errno;
        checks++;
        if (memcmp(&a, &b, 4) || e1 != e2 || er1 != er2)
            fail("strtof(\"%.200s\"): glibc %a end+%d errno %d, divm %a end+%d errno %d",
                 s, a, (int)(e1 - s), er1, b, (int)(e2 - s), er2);
    }
    {
        errno = 0; long double a = strtold(s, &e1); er1 = errno;
        errno = 0; long double b = divm_strtold(s, &e2); er2 = errno;
        checks++;
        if (memcmp(&a, &b, 10) || e1 != e2 || er1 != er2)
            fail("strtold(\"%.200s\"): glibc %La end+%d errno %d, divm %La end+%d errno %d",
                 s, a, (int)(e1 - s), er1, b, (int)(e2 - s), er2);
    }
}

/* exact decimal sum of two fixed-point strings with the same fraction length */
static void dec_add(const char *a, const char *b, char *out)
{
    const char *da = strchr(a, '.'), *db = strchr(b, '.');
    int ia = da - a, ib = db - b, fl = strlen(da + 1);
    int il = (ia > ib ? ia : ib) + 1, n = il + 1 + fl;
    int carry = 0;
    out[n] = 0;
    for (int i = n - 1; i >= 0; i--) {
        if (i == il) { out[i] = '.'; continue; }
        int pos = i < il ? i - il : i - il - 1; /* <0: integer digit index from the point */
        int x = 0, y = 0;
        if (pos < 0) {
            int ka = ia + pos, kb = ib + pos;
            x = ka >= 0 ? a[ka] - '0' : 0;
            y = kb >= 0 ? b[kb] - '0' : 0;
        } else {
            x = da[1 + pos] - '0';
            y = db[1 + pos] - '0';
        }
        int s = x + y + carry;
        out[i] = '0' + s % 10;
        carry = s / 10;
    }
    while (out[0] == '0' && out[1] != '.')
        memmove(out, out + 1, strlen(out));
}

static void test_strtod(void)
{
    static const char *edge[] = {
        "", " ", "+", "-", ".", "-.", ".e1", "0", "-0", "+0.0e5", "0x", "0X", "0x.", "0x.p1", "-0x",
        "0xg", "0x0", "0x0.", "0x0p", "0x0p5", "00x1", "0x.8", "0x1p", "0x1p+", "0x1p-3",
        "0x1.8p3", "0x1.fffffffffffffp1023", "0x1.fffffffffffff8p1023", "0x1p-1074", "0x1p-1075",
        "0x1.0000000000001p-1075", "0x1p-1076", "0x1p-149", "0x1p-150", "0x1.8p-150",
        "0x1p-16445", "0x1p-16446", "0x1.8p-16446", "0x1p16384", "0xffffffffffffffffffffp0",
        "0x123456789abcdef0123p-10", "0x.0000000000000000000000000001p100",
        "inf", "INF", "-Inf", "infinity", "INFINITYx", "infinit", "infx", "in", "nan", "NaN",
        "-nan", "nan()", "nan(123)", "nan(0x7)", "nan(abc", "nan(a_b)", "nan(-5)", "nan(0x7ffffffffffff)",
        "nan(99999999999999999999999)", "nan(1 2)", "1e", "1e+", "1e-", "1e-5x", "1.e3", "1..2",
        "1e99999", "1e-99999", "-1e99999999999999999999", "0e99999999999", "4.9e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308",
        "2.2250738585072012e-308", "2.2250738585072014e-308", "1.7976931348623157e308",
        "1.7976931348623158e308", "1.797693134862315807e308", "1.7976931348623159e308",
        "3.4028234663852886e38", "3.4028235677973366e38", "3.4028235677973367e38", "1.17549435e-38",
        "1.1754942e-38", "1.40129846e-45", "7.00649232e-46", "7.006492321624085e-46", "7.1e-46",
        "1.18973149535723176502e+4932", "1.18973149535723176508e+4932", "3.6e-4951", "1.8e-4951",
        "1.82e-4951", "3.64519953188247460253e-4951", "0.1", "0.5", "2.5", "1e23", "8.589973e9",
        "9007199254740993", "9007199254740992.5", "9007199254740993.0000000000000000000000001",
        "123456789012345678901234567890", "  \t\n+12.5e-1xyz", "1,5", "-.5", "+.5e+2",
        "0.000000000000000000000000000000000000000000000000001e51",
        "100000000000000000000000000000000000000000000000000e-50",
    };
    for (size_t i = 0; i < sizeof edge / sizeof *edge; i++)
        check_fp(edge[i]);

    char buf[16000], b2[16000], b3[16000];
    int n = 20000 * scale;
    for (int i = 0; i < n; i++) {
        double d = rnd_double();
        switch (rndn(6)) {
        case 0: snprintf(buf, sizeof buf, "%.17g", d); break;
        case 1: snprintf(buf, sizeof buf, "%.*g", 1 + rndn(30), d); break;
        case 2: snprintf(buf, sizeof buf, "%a", d); break;
        case 3: snprintf(buf, sizeof buf, "%.*La", rndn(20), rnd_ldouble()); break;
        case 4: snprintf(buf, sizeof buf, "%.*Le", rndn(40), rnd_ldouble()); break;
        default: {
            int len = 1 + rndn(rndn(4) ? 30 : 900), p = 0;
            if (rndn(2)) buf[p++] = '-';
            int dot = rndn(len + 1);
            for (int k = 0; k < len; k++) {
                if (k == dot) buf[p++] = '.';
                buf[p++] = rndn(5) ? '0' + rndn(10) : (rndn(2) ? '0' : '9');
            }
            if (rndn(2)) p += sprintf(buf + p, "e%d", rndn(11000) - 5500);
            else if (rndn(2)) p += sprintf(buf + p, "e%d", rndn(800) - 400);
            buf[p] = 0;
        }
        }
        check_fp(buf);
    }
    /* midpoints between adjacent values, exactly, and their neighbours */
    for (int i = 0; i < 3000 * scale; i++) {
        int which = rndn(3);
        long double x, y;
        if (which == 0) {
            double d = fabs(rnd_double());
            if (!isfinite(d)) continue;
            x = d; y = nextafter(d, INFINITY);
        } else if (which == 1) {
            float f = fabsf((float)rnd_double());
            if (!isfinite(f)) continue;
            x = f; y = nextafterf(f, INFINITY);
        } else {
            x = fabsl(ldexpl((long double)(rnd() | 1ull << 63), rndn(400) - 264));
            y = nextafterl(x, INFINITY);
        }
        if (!isfinite(y)) continue;
        if (which < 2) {
            snprintf(buf, sizeof buf, "%.1200Le", (x + y) / 2);
        } else {
            snprintf(b2, sizeof b2, "%.500Lf", x);
            snprintf(b3, sizeof b3, "%.500Lf", (y - x) / 2);
            dec_add(b2, b3, buf);
        }
        /* strip trailing zeros of the mantissa */
        char *e = strchr(buf, 'e'), tail[32] = "";
        if (e) { strcpy(tail, e); *e = 0; }
        size_t l = strlen(buf);
        while (l > 1 && buf[l - 1] == '0') buf[--l] = 0;
        strcpy(b2, buf); strcat(b2, tail);
        check_fp(b2);
        /* one more digit up or down */
        strcpy(b3, buf);
        l = strlen(b3);
        if (b3[l - 1] >= '1' && b3[l - 1] <= '9') { b3[l - 1]--; strcat(b3, "9999"); strcat(b3, tail); check_fp(b3); }
        strcpy(b3, buf); strcat(b3, "0000000000000000000000000000001"); strcat(b3, tail); check_fp(b3);
        /* truncated */
        strcpy(b3, buf);
        b3[l > 3 ? l - 1 - rndn((int)l - 2) : l] = 0;
        strcat(b3, tail);
        check_fp(b3);
    }
}


/* ================= printf ================= */

static char pb1[40000], pb2[40000];

#define CMPF(n, fmt, ...) do { \
    errno = 0; int r1 = snprintf(pb1, n, fmt, __VA_ARGS__); int e1 = errno; \
    errno = 0; int r2 = divm_snprintf(pb2, n, fmt, __VA_ARGS__); int e2 = errno; \
    checks++; \
    if (r1 != r2 || (n > 0 && strcmp(pb1, pb2)) || (r1 < 0 && e1 != e2)) \
        fail("printf(\"%s\"): glibc %d \"%.300s\" divm %d \"%.300s\"", fmt, r1, pb1, r2, pb2); \
} while (0)

static void rnd_flags(char *f)
{
    static const char fl[] = "-+ #0'";
    int n = rndn(4);
    for (int i = 0; i < n; i++)
        *f++ = fl[rndn(6)];
    *f = 0;
}

static void test_printf(void)
{
    /* fixed cases */
    CMPF(sizeof pb1, "%.2f", -2.675);
    CMPF(sizeof pb1, "%.0f %.0f %.0f %.0f %.0f", 0.5, 1.5, 2.5, -0.5, 3.5);
    CMPF(sizeof pb1, "%.20f", 0.1);
    {
        static const double gv[] = { 100.0, 99.9, 99.5, 999.0, 999.9, 99999.9, 10.0, 9.96, 0.000999, 0.0000999, 0.99, 9.5, 0.000095, 9.9999e-5, 1e5 };
        for (int i = 0; i < 15; i++)
            CMPF(sizeof pb1, "%#.2g %#.1g %#.3g %.2g %#g %#.5g %#.0g %#G %.3g", gv[i], gv[i], gv[i], gv[i], gv[i], gv[i], gv[i], gv[i], gv[i]);
    }
    CMPF(sizeof pb1, "%f", 1e308);
    CMPF(sizeof pb1, "%f %e %g %a", DBL_MAX, DBL_MAX, DBL_MAX, DBL_MAX);
    CMPF(sizeof pb1, "%.1100f", 4.9e-324);
    CMPF(sizeof pb1, "%.1100e %.800g", 4.9e-324, 4.9e-324);
    CMPF(sizeof pb1, "%Lf", LDBL_MAX);
    CMPF(sizeof pb1, "%.17000Lf", LDBL_MIN / 1e10L);
    CMPF(sizeof pb1, "%.12000Le|%La|%LA", LDBL_MIN / 1e10L, LDBL_MIN / 1e10L, LDBL_MIN);
    CMPF(sizeof pb1, "%La %La %.0La %.1La %.2La %La", 1.0L, 0.1L, 0xf.8p0L, 0xf.f8p0L, -0x9.ff8p100L, 0.0L);
    CMPF(sizeof pb1, "%a %A %.0a %.1a %.13a %.20a %a", 1.0, -0.1, 1.5, 0x1.f8p0, 0x1.fffffffffffffp0, 2.2250738585072009e-308, 0.0);
    CMPF(sizeof pb1, "%f %F %e %E %g %G %a %A", INFINITY, INFINITY, -INFINITY, -INFINITY, NAN, -NAN, NAN, -INFINITY);
    CMPF(sizeof pb1, "%010f|%-10f|%+f|% f|%010.3e|%-+12.4g|", INFINITY, -NAN, NAN, INFINITY, 1.5, 2.5);
    CMPF(sizeof pb1, "%p %p %+p % p %#p %010p %.3p %10p %-10p|", (void *)0x12, (void *)0, (void *)0x12, (void *)0x12, (void *)0x12, (void *)0x12, (void *)0x12, (void *)0, (void *)0);
    CMPF(sizeof pb1, "%s|%.3s|%.6s|%10.2s|%-8s|", (char *)0, (char *)0, (char *)0, (char *)0, (char *)0);
    CMPF(sizeof pb1, "%05s|%-05s|%05c|%5%|%-5%|%05%|%c", "ab", "cd", 'x', 0);
    CMPF(sizeof pb1, "[%y][%-#+08.3lly][%'I5.2k][%*.*w]", 7, 3);
    CMPF(sizeof pb1, "abc%", 0);
    CMPF(sizeof pb1, "x%2147483648d", 1);
    CMPF(sizeof pb1, "x%.99999999999d", 1);
    CMPF(sizeof pb1, "x%99999999999$d", 1);
    CMPF(sizeof pb1, "abc%5", 0);
    CMPF(sizeof pb1, "%2$s %1$d %2$s %3$5.2f", 42, "x", 2.5);
    CMPF(sizeof pb1, "%1$*2$.*3$f|%1$-*2$g|%4$Lg", 3.14159, 12, 3, 1.25L);
    CMPF(sizeof pb1, "%3$s %1$s %2$s", "a", "b", "c");
    CMPF(sizeof pb1, "%m %s", "x");
    CMPF(sizeof pb1, "%lc|%ls|%.2ls|%5lc|%-5ls|", (wint_t)'a', L"hello", L"hello", (wint_t)'b', L"xy");
    CMPF(sizeof pb1, "%lc", (wint_t)0xe9);
    CMPF(sizeof pb1, "%ls", L"a\xe9z");
    CMPF(sizeof pb1, "%C %S", (wint_t)'q', L"wide");
    CMPF(sizeof pb1, "%hhd %hhu %hd %hu %d %u %ld %lu %lld %llu %jd %zu %zd %td %qd %Ld %Zu", 300, 300, 70000, 70000, -1, -1, -1L, -1L, -1LL, -1LL, (intmax_t)-5, (size_t)-1, (ssize_t)-1, (ptrdiff_t)-7, -8LL, -9LL, (size_t)10);
    CMPF(sizeof pb1, "%#o %#.0o %#.3o %#x %#X %#.0x %.0d %+.0d % .0d %#5o %-#8x|%#08x", 0, 0, 8, 0, 255, 0, 0, 0, 0, 8, 255, 255);
    CMPF(sizeof pb1, "%d %i %ld", INT_MIN, INT_MAX, LONG_MIN);
    CMPF(sizeof pb1, "%*d|%-*d|%*.*d|%.*d", -5, 1, 5, 2, 6, -2, 3, -1, 7);
    CMPF(5, "%s", "hello world");
    CMPF(1, "%d", 12345);
    CMPF(0, "%d", 12345);
    {
        int n1 = -1, n2 = -1; signed char hh1, hh2; long l1, l2;
        snprintf(pb1, 100, "abc%n%5d%hhn%ln", &n1, 7, &hh1, &l1);
        divm_snprintf(pb2, 100, "abc%n%5d%hhn%ln", &n2, 7, &hh2, &l2);
        checks++;
        if (n1 != n2 || hh1 != hh2 || l1 != l2 || strcmp(pb1, pb2)) fail("%%n");
    }
    /* glibc rounds ties to even on the exact binary value */
    for (int i = 0; i < 2000 * scale; i++) {
        double d = (double)rndn(100000) / (1 << rndn(12));
        char f[16];
        sprintf(f, "%%.%df", rndn(14));
        CMPF(sizeof pb1, f, d);
        sprintf(f, "%%.%de", rndn(10));
        CMPF(sizeof pb1, f, d);
        sprintf(f, "%%.%dg", rndn(10));
        CMPF(sizeof pb1, f, d);
    }

    /* random specs */
    static const char fconv[] = "fFeEgGaA";
    static const char iconv[] = "diouxX";
    static const char *ilen[] = { "", "hh", "h", "l", "ll", "j", "z", "t", "q", "L", "Z" };
    for (int i = 0; i < 60000 * scale; i++) {
        char fmt[64], fl[8], *p = fmt;
        int kind = rndn(10);
        int wstar = rndn(6) == 0, pstar = rndn(6) == 0;
        int wv = rndn(2) ? rndn(30) - 10 : rndn(3000) - 1500, pv = rndn(2) ? rndn(30) - 5 : rndn(1300) - 50;
        rnd_flags(fl);
        *p++ = '%';
        p = stpcpy(p, fl);
        if (wstar) *p++ = '*';
        else if (rndn(2)) p += sprintf(p, "%d", rndn(3) ? rndn(25) : rndn(200));
        if (pstar) p = stpcpy(p, ".*");
        else if (rndn(3)) {
            *p++ = '.';
            if (rndn(5)) p += sprintf(p, "%d", rndn(4) ? rndn(25) : rndn(kind < 5 ? 1200 : 60));
        }
        const char *pre = rndn(3) ? "[" : "", *post = rndn(3) ? "]" : "";
        if (kind < 5) {
            int ld = kind == 4;
            if (ld) *p++ = 'L';
            *p++ = fconv[rndn(8)];
            *p = 0;
            char full[80];
            snprintf(full, sizeof full, "%s%s%s", pre, fmt, post);
            if (ld) {
                long double v = rnd_ldouble();
                if (wstar && pstar) CMPF(sizeof pb1, full, wv, pv, v);
                else if (wstar) CMPF(sizeof pb1, full, wv, v);
                else if (pstar) CMPF(sizeof pb1, full, pv, v);
                else CMPF(sizeof pb1, full, v);
            } else {
                double v = rnd_double();
                if (rndn(4) == 0) v = (double)(rndn(2000) - 1000) / (rndn(100) + 1);
                if (wstar && pstar) CMPF(sizeof pb1, full, wv, pv, v);
                else if (wstar) CMPF(sizeof pb1, full, wv, v);
                else if (pstar) CMPF(sizeof pb1, full, pv, v);
                else CMPF(sizeof pb1, full, v);
            }
        } else if (kind < 9) {
            const char *len = ilen[rndn(11)];
            p = stpcpy(p, len);
            *p++ = iconv[rndn(6)];
            *p = 0;
            char full[80];
            snprintf(full, sizeof full, "%s%s%s", pre, fmt, post);
            int big = *len && strcmp(len, "hh") && strcmp(len, "h");
            long v = (long)rnd();
            if (rndn(4) == 0) v = rndn(3) - 1;
            else if (rndn(3) == 0) v >>= rndn(64);
            if (big) {
                if (wstar && pstar) CMPF(sizeof pb1, full, wv, pv, v);
                else if (wstar) CMPF(sizeof pb1, full, wv, v);
                else if (pstar) CMPF(sizeof pb1, full, pv, v);
                else CMPF(sizeof pb1, full, v);
            } else {
                int iv = (int)v;
                if (wstar && pstar) CMPF(sizeof pb1, full, wv, pv, iv);
                else if (wstar) CMPF(sizeof pb1, full, wv, iv);
                else if (pstar) CMPF(sizeof pb1, full, pv, iv);
                else CMPF(sizeof pb1, full, iv);
            }
        } else {
            int c = rndn(3);
            *p++ = "scp"[c];
            *p = 0;
            char full[80];
            snprintf(full, sizeof full, "%s%s%s", pre, fmt, post);
            if (c == 0) {
                const char *sv = rndn(8) ? "hello, world" : NULL;
                if (wstar && pstar) CMPF(sizeof pb1, full, wv, pv, sv);
                else if (wstar) CMPF(sizeof pb1, full, wv, sv);
                else if (pstar) CMPF(sizeof pb1, full, pv, sv);
                else CMPF(sizeof pb1, full, sv);
            } else if (c == 1) {
                int cv = 32 + rndn(90);
                if (wstar && pstar) CMPF(sizeof pb1, full, wv, pv, cv);
                else if (wstar) CMPF(sizeof pb1, full, wv, cv);
                else if (pstar) CMPF(sizeof pb1, full, pv, cv);
                else CMPF(sizeof pb1, full, cv);
            } else {
                void *pv2 = rndn(5) ? (void *)(uintptr_t)(rnd() >> rndn(64)) : NULL;
                if (wstar && pstar) CMPF(sizeof pb1, full, wv, pv, pv2);
                else if (wstar) CMPF(sizeof pb1, full, wv, pv2);
                else if (pstar) CMPF(sizeof pb1, full, pv, pv2);
                else CMPF(sizeof pb1, full, pv2);
            }
        }
    }
    /* asprintf */
    {
        char *a = 0, *b = 0;
        int r1 = asprintf(&a, "%s-%d-%.3f", "xyz", 42, 3.14159);
        int r2 = divm_asprintf(&b, "%s-%d-%.3f", "xyz", 42, 3.14159);
        checks++;
        if (r1 != r2 || strcmp(a, b)) fail("asprintf");
        free(a); free(b);
    }
}


/* ================= scanf ================= */

static const char *scan_specs[] = {
    "%d", "%i", "%u", "%o", "%x", "%X", "%p", "%hhd", "%hd", "%ld", "%lld", "%jd", "%zu", "%hhu", "%hu",
    "%lu", "%3d", "%2i", "%1x", "%5x", "%*d", "%*i", "%f", "%lf", "%Lf", "%e", "%g", "%a", "%le",
    "%3f", "%4lf", "%6Lg", "%1f", "%2f", "%*f", "%s", "%3s", "%*s", "%c", "%3c", "%*c", "%[a-z]",
    "%[^ ]", "%2[0-9]", "%[]a]", "%[^]x]", "%[-a]", "%[a-]", "%*[xyz]", "%n", "%hhn", "%ln", "%%",
    "%ms", "%m[a-c]", "%mc", "%lc", "%ls", "%l[a-z]", "%C", "%S", "%lo", "%2$d", " ", "x", "-", ".", "%5c",
};

static const char *scan_pieces[] = {
    "0", "1", "-", "+", "12", "-7", "0x", "0X1f", "0x1p3", "077", "08", "9", "99999999999", "4294967296",
    "18446744073709551616", "-9223372036854775809", ".", ".5", "1.", "1e", "1e5", "1e+", "e", "E-3", "p", "p-2",
    "nan", "NAN(12)", "na", "inf", "infinity", "infin", "INFx", "i", "n", " ", "  ", "\t", "\n", "a", "abc",
    "xyz", "z", "]", "%", "(nil)", "(ni", "g", "0x.8", "0x.", "1,5", "3.14159", "2.5e-3", "1e400", "1e-400",
    "0xffffffffffffffffff", "-0", "+-1", "--1", "x",
};

static void test_scanf(void)
{
    char in[256], fmt[128];
    union slot { char c[512]; int i; long l; float f; double d; long double ld; void *p; } a1[4], a2[4];
    for (int it = 0; it < 100000 * scale; it++) {
        char *p = in;
        int np = rndn(6);
        for (int k = 0; k < np && p - in < 60; k++) p = stpcpy(p, scan_pieces[rndn(sizeof scan_pieces / sizeof *scan_pieces)]);
        *p = 0;
        char *q = fmt;
        int ns = 1 + rndn(4), has_pos = 0, has_malloc = 0;
        for (int k = 0; k < ns; k++) {
            const char *sp = scan_specs[rndn(sizeof scan_specs / sizeof *scan_specs)];
            if (strchr(sp, '$')) { has_pos = 1; }
            if (strchr(sp, 'm')) has_malloc = 1;
            q = stpcpy(q, sp);
            if (rndn(3) == 0) q = stpcpy(q, rndn(2) ? " " : ",");
        }
        *q = 0;
        if (has_pos) strcpy(fmt, rndn(2) ? "%2$d %1$s" : "%3$x%1$c%2$lf");
        if (has_malloc) {
            /* only one %m spec, first argument */
            static const char *mf[] = { "%ms", "%m[a-z0-9]", "%3mc%n", "%ms%n" };
            strcpy(fmt, mf[rndn(4)]);
        }
        memset(a1, 0xAA, sizeof a1);
        memset(a2, 0xAA, sizeof a2);
        errno = 0;
        int r1 = sscanf(in, fmt, &a1[0], &a1[1], &a1[2], &a1[3]);
        int e1 = errno;
        errno = 0;
        int r2 = divm_sscanf(in, fmt, &a2[0], &a2[1], &a2[2], &a2[3]);
        int e2 = errno;
        checks++;
        int bad = r1 != r2 || e1 != e2;
        if (has_malloc) {
            char *m1 = a1[0].p, *m2 = a2[0].p;
            int set1 = r1 > 0, set2 = r2 > 0;
            if (set1 != set2) bad = 1;
            else if (set1) {
                size_t l = strchr(fmt, 'c') ? (size_t)a1[1].i : strlen(m1) + 1;
                if (memcmp(m1, m2, l)) bad = 1;
                free(m1); free(m2);
            }
            if (memcmp(&a1[1], &a2[1], sizeof a1[1])) bad = 1;
        } else {
            /* long double slots: compare only the 10 value bytes */
            for (int k = 0; k < 4; k++) {
                if (memcmp(&a1[k], &a2[k], sizeof a1[k])) {
                    union slot x = a1[k], y = a2[k];
                    memset(x.c + 10, 0, 6); memset(y.c + 10, 0, 6);
                    if (memcmp(&x, &y, sizeof x)) bad = 1;
                }
            }
        }
        if (bad)
            fail("sscanf(\"%s\", \"%s\"): glibc %d errno %d [%.20s|%lx] divm %d errno %d [%.20s|%lx]", in, fmt,
                 r1, e1, a1[0].c, a1[0].l, r2, e2, a2[0].c, a2[0].l);
    }
    /* fixed cases */
    {
        int d1 = 0, d2 = 0, n1 = 0, n2 = 0;
        checks++;
        int r1 = sscanf("123", "%d%n%n%d", &d1, &n1, &n2, &d2);
        int x1 = 0, x2 = 0, m1 = 0, m2 = 0;
        int r2 = divm_sscanf("123", "%d%n%n%d", &x1, &m1, &m2, &x2);
        if (r1 != r2 || d1 != x1 || n1 != m1 || n2 != m2) fail("sscanf %%n example");
    }
}


/* ================= strtol ================= */

static void test_strtol(void)
{
    static const char *pieces[] = { " ", "\t", "+", "-", "0", "0x", "0X", "x", "1", "7", "8", "9", "a", "f", "g", "z",
                                    "Z", "12345", "9223372036854775807", "9223372036854775808", "18446744073709551615",
                                    "18446744073709551616", "ffffffffffffffff", "7fffffffffffffff", "zzzzzzzzzzzzz", "." };
    static const int bases[] = { 0, 2, 8, 10, 16, 36, 1, -1, 37, 3, 7, 25 };
    char in[200];
    for (int it = 0; it < 50000 * scale; it++) {
        char *p = in;
        int np = rndn(5);
        for (int k = 0; k < np; k++) p = stpcpy(p, pieces[rndn(sizeof pieces / sizeof *pieces)]);
        *p = 0;
        int base = bases[rndn(12)];
        char *e1 = (char *)1, *e2 = (char *)1;
        int er1, er2;
#define CMPI(fn, T, FMT) do { \
        e1 = e2 = (char *)1; \
        errno = 0; T a = fn(in, &e1, base); er1 = errno; \
        errno = 0; T b = divm_##fn(in, &e2, base); er2 = errno; \
        checks++; \
        if (a != b || e1 != e2 || er1 != er2) \
            fail(#fn "(\"%s\", %d): glibc " FMT " end %ld errno %d divm " FMT " end %ld errno %d", in, base, a, \
                 e1 == (char *)1 ? -1L : (long)(e1 - in), er1, b, e2 == (char *)1 ? -1L : (long)(e2 - in), er2); \
        } while (0)
        CMPI(strtol, long, "%ld");
        CMPI(strtoul, unsigned long, "%lu");
        CMPI(strtoll, long long, "%lld");
        CMPI(strtoull, unsigned long long, "%llu");
        CMPI(strtoimax, intmax_t, "%jd");
        CMPI(strtoumax, uintmax_t, "%ju");
        checks++;
        if (base == 10 && atoi(in) != divm_atoi(in)) fail("atoi(\"%s\")", in);
    }
}

/* ================= qsort, bsearch ================= */

static char cmp_log1[200000], cmp_log2[200000];
static char *cmp_log;
static size_t cmp_n;
static const char *cmp_base;
static size_t cmp_size;
static int cmp_key(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    if (cmp_n + 2 < sizeof cmp_log1) { cmp_log[cmp_n++] = (char)x; cmp_log[cmp_n++] = (char)y; }
    return (x > y) - (x < y);
}

static void test_qsort(void)
{
    for (int it = 0; it < 3000 * scale; it++) {
        size_t n = rndn(it % 10 == 0 ? 3000 : 40);
        size_t sz = sizeof(int) * (1 + rndn(12)); /* key is the first int; payload tells equal keys apart */
        int range = 1 + rndn(50);
        char *a = malloc(n * sz + 1), *b = malloc(n * sz + 1);
        for (size_t i = 0; i < n; i++) {
            int *e = (int *)(a + i * sz);
            e[0] = rndn(range);
            for (size_t k = 1; k < sz / sizeof(int); k++) e[k] = (int)i;
        }
        memcpy(b, a, n * sz);
        cmp_log = cmp_log1; cmp_n = 0;
        qsort(a, n, sz, cmp_key);
        size_t n1 = cmp_n;
        cmp_log = cmp_log2; cmp_n = 0;
        divm_qsort(b, n, sz, cmp_key);
        checks++;
        if (memcmp(a, b, n * sz) || n1 != cmp_n || memcmp(cmp_log1, cmp_log2, n1))
            fail("qsort n=%zu size=%zu: results or comparator calls differ", n, sz);
        /* bsearch on the sorted array */
        for (int k = 0; k < 20 && n; k++) {
            int key = rndn(range + 2) - 1;
            cmp_log = cmp_log1; cmp_n = 0;
            void *r1 = bsearch(&key, a, n, sz, cmp_key);
            cmp_log = cmp_log2; cmp_n = 0;
            void *r2 = divm_bsearch(&key, a, n, sz, cmp_key);
            checks++;
            if (r1 != r2) fail("bsearch");
        }
        free(a); free(b);
    }
    (void)cmp_base; (void)cmp_size;
}

/* ================= rand ================= */

static void test_rand(void)
{
    for (int i = 0; i < 1000; i++) { checks++; if (rand() != divm_rand()) { fail("rand() without srand at %d", i); break; } }
    for (int it = 0; it < 200 * scale; it++) {
        unsigned seed = it < 5 ? (unsigned)it : (unsigned)rnd();
        if (it == 5) seed = 0x80000000u;
        if (it == 6) seed = 0xffffffffu;
        srand(seed); divm_srand(seed);
        for (int i = 0; i < 500; i++) { checks++; if (rand() != divm_rand()) { fail("rand() after srand(%u) at %d", seed, i); break; } }
        srandom(seed); divm_srandom(seed);
        for (int i = 0; i < 100; i++) { checks++; if (random() != divm_random()) { fail("random() after srandom(%u)", seed); break; } }
        unsigned s1 = seed, s2 = seed;
        for (int i = 0; i < 100; i++) { checks++; if (rand_r(&s1) != divm_rand_r(&s2) || s1 != s2) { fail("rand_r(%u)", seed); break; } }
        long l = (long)rnd();
        srand48(l); divm_srand48(l);
        for (int i = 0; i < 50; i++) {
            checks += 3;
            double d1 = drand48(), d2 = divm_drand48();
            if (d1 != d2) { fail("drand48 after srand48(%ld)", l); break; }
            if (lrand48() != divm_lrand48()) { fail("lrand48"); break; }
            if (mrand48() != divm_mrand48()) { fail("mrand48"); break; }
        }
    }
}

/* ================= strings, ctype ================= */

char *divm_strtok(char *, const char *);
char *divm_strstr(const char *, const char *);
size_t divm_strspn(const char *, const char *);
size_t divm_strcspn(const char *, const char *);
int divm_strcmp(const char *, const char *);
int divm_strncmp(const char *, const char *, size_t);
int divm_strcasecmp(const char *, const char *);
int divm_strncasecmp(const char *, const char *, size_t);
char *divm_strchr(const char *, int);
char *divm_strrchr(const char *, int);
void *divm_memchr(const void *, int, size_t);
void *divm_memrchr(const void *, int, size_t);
int divm_memcmp(const void *, const void *, size_t);
void *divm_memmem(const void *, size_t, const void *, size_t);
char *divm_strpbrk(const char *, const char *);
size_t divm_strlen(const char *);
char *divm_strncpy(char *, const char *, size_t);
char *divm_strncat(char *, const char *, size_t);
char *divm_stpncpy(char *, const char *, size_t);
char *divm_strsep(char **, const char *);
int divm___xpg_strerror_r(int, char *, size_t);
int __xpg_strerror_r(int, char *, size_t);
int divm_ffs(int);
int divm_isalpha(int), divm_isdigit(int), divm_isalnum(int), divm_isspace(int), divm_isupper(int),
    divm_islower(int), divm_isxdigit(int), divm_ispunct(int), divm_isprint(int), divm_isgraph(int),
    divm_iscntrl(int), divm_isblank(int), divm_toupper(int), divm_tolower(int);

static int sgn(long x) { return (x > 0) - (x < 0); }

static void rnd_str(char *s, int maxlen)
{
    int n = rndn(maxlen);
    for (int i = 0; i < n; i++) s[i] = "abcAB. ,x\x80\xff"[rndn(12)];
    s[n] = 0;
}

static void test_string(void)
{
    char a[64], b[64], c1[64], c2[64];
    for (int it = 0; it < 20000 * scale; it++) {
        rnd_str(a, 20); rnd_str(b, 5);
        size_t n = rndn(25);
        int ch = "abx.\x80\xff"[rndn(6)];
        checks += 16;
        if (sgn(strcmp(a, b)) != sgn(divm_strcmp(a, b))) fail("strcmp(%s,%s)", a, b);
        if (sgn(strncmp(a, b, n)) != sgn(divm_strncmp(a, b, n))) fail("strncmp");
        if (sgn(strcasecmp(a, b)) != sgn(divm_strcasecmp(a, b))) fail("strcasecmp(%s,%s)", a, b);
        if (sgn(strncasecmp(a, b, n)) != sgn(divm_strncasecmp(a, b, n))) fail("strncasecmp");
        if (strstr(a, b) != divm_strstr(a, b)) fail("strstr(%s,%s)", a, b);
        if (strspn(a, b) != divm_strspn(a, b)) fail("strspn");
        if (strcspn(a, b) != divm_strcspn(a, b)) fail("strcspn");
        if (strpbrk(a, b) != divm_strpbrk(a, b)) fail("strpbrk");
        if (strchr(a, ch) != divm_strchr(a, ch) || strchr(a, 0) != divm_strchr(a, 0)) fail("strchr");
        if (strrchr(a, ch) != divm_strrchr(a, ch)) fail("strrchr");
        if (memchr(a, ch, strlen(a)) != divm_memchr(a, ch, strlen(a))) fail("memchr");
        if (memrchr(a, ch, strlen(a)) != divm_memrchr(a, ch, strlen(a))) fail("memrchr");
        if (sgn(memcmp(a, b, n < 5 ? n : 5)) != sgn(divm_memcmp(a, b, n < 5 ? n : 5))) fail("memcmp");
        if (memmem(a, strlen(a), b, strlen(b)) != divm_memmem(a, strlen(a), b, strlen(b))) fail("memmem");
        memset(c1, 'Q', 64); memset(c2, 'Q', 64);
        strncpy(c1, a, n); divm_strncpy(c2, a, n);
        if (memcmp(c1, c2, 64)) fail("strncpy");
        memset(c1, 'Q', 64); memset(c2, 'Q', 64);
        strcpy(c1, b); strcpy(c2, b);
        strncat(c1, a, n); divm_strncat(c2, a, n);
        if (memcmp(c1, c2, 64)) fail("strncat");
        memset(c1, 'Q', 64); memset(c2, 'Q', 64);
        if (stpncpy(c1, a, n) - c1 != divm_stpncpy(c2, a, n) - c2 || memcmp(c1, c2, 64)) fail("stpncpy");
        /* strtok / strsep */
        strcpy(c1, a); strcpy(c2, a);
        char *t1 = strtok(c1, b), *t2 = divm_strtok(c2, b);
        while (1) {
            checks++;
            if ((t1 ? t1 - c1 : -1) != (t2 ? t2 - c2 : -1)) { fail("strtok(%s,%s)", a, b); break; }
            if (!t1) break;
            t1 = strtok(NULL, b); t2 = divm_strtok(NULL, b);
        }
        strcpy(c1, a); strcpy(c2, a);
        char *p1 = c1, *p2 = c2;
        while (1) {
            char *r1 = strsep(&p1, b), *r2 = divm_strsep(&p2, b);
            checks++;
            if ((r1 ? r1 - c1 : -1) != (r2 ? r2 - c2 : -1) || (p1 ? p1 - c1 : -1) != (p2 ? p2 - c2 : -1)) { fail("strsep"); break; }
            if (!r1) break;
        }
    }
    for (int e = -5; e < 140; e++) {
        checks += 2;
        char x1[256], x2[256];
        strcpy(x1, strerror(e)); strcpy(x2, divm_strerror(e));
        if (strcmp(x1, x2)) fail("strerror(%d): %s / %s", e, x1, x2);
        size_t bl = rndn(40);
        memset(x1, 'Q', 64); memset(x2, 'Q', 64);
        int r1 = __xpg_strerror_r(e, x1, bl), r2 = divm___xpg_strerror_r(e, x2, bl);
        if (r1 != r2 || memcmp(x1, x2, 64)) fail("strerror_r(%d, %zu)", e, bl);
    }
    for (int sgl = -2; sgl < 70; sgl++) {
        checks++;
        char x1[256];
        strcpy(x1, strsignal(sgl));
        if (strcmp(x1, divm_strsignal(sgl))) fail("strsignal(%d): %s / %s", sgl, x1, divm_strsignal(sgl));
    }
    for (int i = -1; i < 256; i++) {
        checks++;
#define B(x) (!!(x))
        if (B(isalpha(i)) != divm_isalpha(i) || B(isdigit(i)) != divm_isdigit(i) || B(isalnum(i)) != divm_isalnum(i) ||
            B(isspace(i)) != divm_isspace(i) || B(isupper(i)) != divm_isupper(i) || B(islower(i)) != divm_islower(i) ||
            B(isxdigit(i)) != divm_isxdigit(i) || B(ispunct(i)) != divm_ispunct(i) || B(isprint(i)) != divm_isprint(i) ||
            B(isgraph(i)) != divm_isgraph(i) || B(iscntrl(i)) != divm_iscntrl(i) || B(isblank(i)) != divm_isblank(i) ||
            toupper(i) != divm_toupper(i) || tolower(i) != divm_tolower(i))
            fail("ctype(%d)", i);
    }
    for (int i = 0; i < 1000; i++) { int v = (int)rnd() >> rndn(32); checks++; if (ffs(v) != divm_ffs(v)) fail("ffs"); }
}

/* ================= time ================= */

static void test_time(void)
{
    static const char *fmts[] = { "%a %A %b %B %c %C %d %D %e %F %g %G %h %H %I %j %k %l %m %M %n %p %P %r %R",
                                  "%s %S %t %T %u %U %V %w %W %x %X %y %Y %z %Z %%", "%-d %_m %05Y %^a %10A %-j %3e %#p",
                                  "%Ec %Oy %E", "plain", "%q %" };
    for (int it = 0; it < 20000 * scale; it++) {
        time_t t = (time_t)(rnd() % 20000000000ull) - 5000000000ll;
        if (it % 3 == 0) t = (time_t)((long)rndn(60) * 365 * 86400 + rndn(86400 * 10));
        struct tm a, b;
        memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
        gmtime_r(&t, &a); divm_gmtime_r(&t, &b);
        checks++;
        if (a.tm_sec != b.tm_sec || a.tm_min != b.tm_min || a.tm_hour != b.tm_hour || a.tm_mday != b.tm_mday ||
            a.tm_mon != b.tm_mon || a.tm_year != b.tm_year || a.tm_wday != b.tm_wday || a.tm_yday != b.tm_yday ||
            a.tm_isdst != b.tm_isdst || a.tm_gmtoff != b.tm_gmtoff || strcmp(a.tm_zone, b.tm_zone))
            fail("gmtime(%ld)", (long)t);
        char s1[512], s2[512];
        for (int k = 0; k < 6; k++) {
            size_t r1 = strftime(s1, sizeof s1, fmts[k], &a), r2 = divm_strftime(s2, sizeof s2, fmts[k], &a);
            checks++;
            if (r1 != r2 || strcmp(s1, s2)) fail("strftime(\"%s\", %ld): \"%s\" / \"%s\"", fmts[k], (long)t, s1, s2);
        }
        asctime_r(&a, s1); divm_asctime_r(&a, s2);
        checks++;
        if (strcmp(s1, s2)) fail("asctime(%ld): %s / %s", (long)t, s1, s2);
        /* mktime/timegm with denormalised fields */
        struct tm c = a, d = a;
        c.tm_sec += rndn(200000) - 100000; c.tm_mon += rndn(40) - 20; c.tm_mday += rndn(100) - 50;
        d = c;
        time_t r1 = timegm(&c), r2 = divm_timegm(&d);
        checks++;
        if (r1 != r2 || c.tm_mday != d.tm_mday || c.tm_yday != d.tm_yday || c.tm_wday != d.tm_wday || c.tm_mon != d.tm_mon)
            fail("timegm(%ld)", (long)t);
    }
}


/* ================= getopt, libgen, wchar, misc ================= */

#include <getopt.h>
#include <libgen.h>
#include <wctype.h>
extern char *divm_optarg;
extern int divm_optind, divm_opterr, divm_optopt;
int divm_getopt(int, char *const[], const char *);
int divm_getopt_long(int, char *const[], const char *, const struct option *, int *);
char *divm___xpg_basename(char *);
char *divm_dirname(char *);
char *__xpg_basename(char *);

static void test_getopt(void)
{
    static const char *pieces[] = { "-a", "-b", "-c", "-ab", "-bx", "-cfoo", "-d", "-", "--", "file", "x", "--alpha",
                                    "--beta=3", "--beta", "--gamma", "--gam", "--al", "--zz", "-:", "-ac", "--alpha=1" };
    static const char *optstrings[] = { "abc:", "ab:c::", ":abc:", "+abc:", "-abc:", "a:b:c" };
    static const struct option lo[] = { { "alpha", no_argument, 0, 'A' }, { "beta", required_argument, 0, 'B' },
                                        { "gamma", optional_argument, 0, 'G' }, { "gamut", no_argument, 0, 'U' }, { 0, 0, 0, 0 } };
    for (int it = 0; it < 20000 * scale; it++) {
        char *v1[12], *v2[12];
        int n = 1 + rndn(8);
        v1[0] = v2[0] = "prog";
        char *orig[12];
        for (int i = 1; i < n; i++) orig[i] = v1[i] = v2[i] = (char *)pieces[rndn(sizeof pieces / sizeof *pieces)];
        v1[n] = v2[n] = 0;
        const char *os = optstrings[rndn(6)];
        int use_long = rndn(2);
        char log1[512], log2[512];
        int l1 = 0, l2 = 0, c;
        optind = 0; opterr = 0;
        while ((c = use_long ? getopt_long(n, v1, os, lo, 0) : getopt(n, v1, os)) != -1 && l1 < 400)
            l1 += snprintf(log1 + l1, sizeof log1 - l1, "%d,%d,%s,%d;", c, optind, optarg ? optarg : "-", c == '?' ? optopt : 0);
        l1 += snprintf(log1 + l1, sizeof log1 - l1, "end %d", optind);
        divm_optind = 0; divm_opterr = 0;
        while ((c = use_long ? divm_getopt_long(n, v2, os, lo, 0) : divm_getopt(n, v2, os)) != -1 && l2 < 400)
            l2 += snprintf(log2 + l2, sizeof log2 - l2, "%d,%d,%s,%d;", c, divm_optind, divm_optarg ? divm_optarg : "-", c == '?' ? divm_optopt : 0);
        l2 += snprintf(log2 + l2, sizeof log2 - l2, "end %d", divm_optind);
        checks++;
        int same = !strcmp(log1, log2);
        for (int i = 0; i < n; i++) same &= v1[i] == v2[i];
        if (!same) {
            char args[256] = "";
            for (int i = 1; i < n; i++) { strcat(args, orig[i]); strcat(args, " "); }
            fail("getopt%s(\"%s\", %s): glibc %s / divm %s", use_long ? "_long" : "", os, args, log1, log2);
        }
    }
    static const char *paths[] = { "", "/", "//", "a", "a/", "/a", "/a/b", "a/b/", "a//b//", "///a", ".", "..", "/usr/lib/", "usr" };
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
        char a[64], b[64];
        strcpy(a, paths[i]); strcpy(b, paths[i]);
        checks += 2;
        if (strcmp(__xpg_basename(a), divm___xpg_basename(b))) fail("basename(%s)", paths[i]);
        strcpy(a, paths[i]); strcpy(b, paths[i]);
        if (strcmp(dirname(a), divm_dirname(b))) fail("dirname(%s)", paths[i]);
    }
}

size_t divm_wcslen(const wchar_t *);
int divm_wcscmp(const wchar_t *, const wchar_t *);
int divm_wcsncmp(const wchar_t *, const wchar_t *, size_t);
wchar_t *divm_wcschr(const wchar_t *, wchar_t);
wchar_t *divm_wcsrchr(const wchar_t *, wchar_t);
wchar_t *divm_wcsstr(const wchar_t *, const wchar_t *);
size_t divm_mbrtowc(wchar_t *, const char *, size_t, mbstate_t *);
size_t divm_wcrtomb(char *, wchar_t, mbstate_t *);
int divm_mblen(const char *, size_t);
int divm_iswalpha(wint_t), divm_iswdigit(wint_t), divm_iswspace(wint_t), divm_iswupper(wint_t),
    divm_iswlower(wint_t), divm_iswxdigit(wint_t), divm_iswpunct(wint_t), divm_iswprint(wint_t);
wint_t divm_towupper(wint_t), divm_towlower(wint_t);
int divm_abs(int);
long divm_labs(long);

static void test_wchar(void)
{
    wchar_t a[32], b[32];
    for (int it = 0; it < 20000 * scale; it++) {
        int na = rndn(12), nb = rndn(4);
        for (int i = 0; i < na; i++) a[i] = L"abcAB .x"[rndn(8)];
        for (int i = 0; i < nb; i++) b[i] = L"abcAB .x"[rndn(8)];
        a[na] = b[nb] = 0;
        wchar_t ch = L"abx."[rndn(4)];
        size_t n = rndn(14);
        checks += 6;
        if (wcslen(a) != divm_wcslen(a)) fail("wcslen");
        if (sgn(wcscmp(a, b)) != sgn(divm_wcscmp(a, b))) fail("wcscmp");
        if (sgn(wcsncmp(a, b, n)) != sgn(divm_wcsncmp(a, b, n))) fail("wcsncmp");
        if (wcschr(a, ch) != divm_wcschr(a, ch)) fail("wcschr");
        if (wcsrchr(a, ch) != divm_wcsrchr(a, ch)) fail("wcsrchr");
        if (wcsstr(a, b) != divm_wcsstr(a, b)) fail("wcsstr");
    }
    for (int c = 0; c < 300; c++) {
        char s[2] = { (char)c, 0 };
        wchar_t w1 = 77, w2 = 77;
        mbstate_t m1, m2;
        memset(&m1, 0, sizeof m1); memset(&m2, 0, sizeof m2);
        errno = 0; size_t r1 = mbrtowc(&w1, s, 1, &m1); int e1 = errno;
        errno = 0; size_t r2 = divm_mbrtowc(&w2, s, 1, &m2); int e2 = errno;
        checks += 4;
        if (r1 != r2 || w1 != w2 || e1 != e2) fail("mbrtowc(%d): %zd/%zd", c, (ssize_t)r1, (ssize_t)r2);
        char o1[8], o2[8];
        errno = 0; r1 = wcrtomb(o1, c, &m1); e1 = errno;
        errno = 0; r2 = divm_wcrtomb(o2, c, &m2); e2 = errno;
        if (r1 != r2 || e1 != e2 || (r1 == 1 && o1[0] != o2[0])) fail("wcrtomb(%d)", c);
        if (mblen(s, 1) != divm_mblen(s, 1)) fail("mblen(%d)", c);
        wint_t wc = (wint_t)c;
        if (!!iswalpha(wc) != divm_iswalpha(wc) || !!iswdigit(wc) != divm_iswdigit(wc) || !!iswspace(wc) != divm_iswspace(wc) ||
            !!iswupper(wc) != divm_iswupper(wc) || !!iswlower(wc) != divm_iswlower(wc) || !!iswxdigit(wc) != divm_iswxdigit(wc) ||
            (c < 128 && (!!iswpunct(wc) != divm_iswpunct(wc) || !!iswprint(wc) != divm_iswprint(wc))) ||
            (c < 128 && (towupper(wc) != divm_towupper(wc) || towlower(wc) != divm_towlower(wc))))
            fail("iswctype(%d)", c);
    }
    for (int i = 0; i < 1000; i++) { int v = (int)rnd(); checks++; if (v != INT_MIN && abs(v) != divm_abs(v)) fail("abs"); }
}

int main(int argc, char **argv)
{
    setenv("TZ", "UTC0", 1);
    tzset();
    scale = argc > 1 ? atoi(argv[1]) : 1;
    if (scale < 1) scale = 1;
    struct { const char *name; void (*fn)(void); } tests[] = {
        { "strtod", test_strtod },
        { "printf", test_printf },
        { "scanf", test_scanf },
        { "strtol", test_strtol },
        { "qsort", test_qsort },
        { "rand", test_rand },
        { "string", test_string },
        { "time", test_time },
        { "getopt", test_getopt },
        { "wchar", test_wchar },
    };
    int nt = sizeof tests / sizeof *tests, bad = 0;
    for (int i = 0; i < nt; i++) {
        long f0 = failures, c0 = checks;
        tests[i].fn();
        printf("%-10s %8ld checks, %ld mismatches\n", tests[i].name, checks - c0, failures - f0);
        if (failures != f0) bad++;
    }
    printf("%d passed, %d failed\n", nt - bad, bad);
    return bad != 0;
}

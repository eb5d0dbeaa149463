/* Variadic functions: ints of several widths, doubles, strings, va_copy,
 * many arguments (beyond the argument registers), vsnprintf. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

static long sum_ints(int n, ...)
{
    va_list ap;
    long s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}

static double sum_doubles(int n, ...)
{
    va_list ap;
    double s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++) s += va_arg(ap, double);
    va_end(ap);
    return s;
}

/* a tiny formatter: i=int l=long long d=double s=string c=char(int) */
static void fmt(const char *spec, ...)
{
    va_list ap;
    va_start(ap, spec);
    for (const char *p = spec; *p; p++) {
        switch (*p) {
        case 'i': printf("i:%d ", va_arg(ap, int)); break;
        case 'l': printf("l:%lld ", va_arg(ap, long long)); break;
        case 'd': printf("d:%g ", va_arg(ap, double)); break;
        case 's': printf("s:%s ", va_arg(ap, const char *)); break;
        case 'c': printf("c:%c ", va_arg(ap, int)); break;
        case 'u': printf("u:%u ", va_arg(ap, unsigned)); break;
        }
    }
    va_end(ap);
    printf("\n");
}

/* walks the list twice with va_copy */
static void twice(int n, ...)
{
    va_list ap, ap2;
    va_start(ap, n);
    va_copy(ap2, ap);
    int mx = -1000000;
    for (int i = 0; i < n; i++) { int v = va_arg(ap, int); if (v > mx) mx = v; }
    printf("max %d; scaled:", mx);
    for (int i = 0; i < n; i++) printf(" %d", va_arg(ap2, int) * 100 / mx);
    printf("\n");
    va_end(ap2);
    va_end(ap);
}

static void pass_on(const char *tag, const char *format, va_list ap)
{
    char buf[128];
    int n = vsnprintf(buf, sizeof buf, format, ap);
    printf("%s(%d): %s\n", tag, n, buf);
}

static void logf_(const char *tag, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    pass_on(tag, format, ap);
    va_end(ap);
}

static void vprint_twice(const char *format, ...)
{
    va_list ap, cp;
    va_start(ap, format);
    va_copy(cp, ap);
    vprintf(format, ap);
    vfprintf(stdout, format, cp);
    va_end(cp);
    va_end(ap);
}

/* many mixed arguments: 14 ints and 12 doubles exceed 6 GP and 8 SSE registers */
static void many(int a1, double d1, int a2, double d2, int a3, double d3, int a4, double d4,
                 int a5, double d5, int a6, double d6, int a7, double d7, int a8, double d8,
                 int a9, double d9, int a10, double d10, int a11, double d11, int a12, double d12,
                 int a13, int a14)
{
    printf("many ints %d doubles %g\n", a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 * 100 + a14 * 1000,
           d1 + d2 + d3 + d4 + d5 + d6 + d7 + d8 + d9 + d10 + d11 * 100 + d12 * 1000);
}

static int count_until_zero(int first, ...)
{
    va_list ap;
    int n = 0;
    va_start(ap, first);
    for (int v = first; v != 0; v = va_arg(ap, int)) n++;
    va_end(ap);
    return n;
}

int main(void)
{
    printf("sum_ints %ld %ld %ld\n", sum_ints(0), sum_ints(3, 1, 2, 3),
           sum_ints(20, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20));
    printf("sum_doubles %g %g\n", sum_doubles(2, 0.5, 0.25),
           sum_doubles(12, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 0.5));
    char c = 'Q';
    short sh = -300;
    float fl = 1.25f;   /* promoted to double */
    fmt("ilidscu", 7, 1LL << 40, -3, 2.5, "text", c, 4000000000u);
    fmt("iddddddddddi", 1, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, (double)fl, (int)sh);
    twice(5, 10, 40, 20, 80, 50);
    logf_("log", "%d + %d = %d, %s %.3f %c", 2, 3, 5, "pi", 3.14159, 'x');
    logf_("long", "%lld %llu %hd %hhu %zu", -1LL, 18446744073709551615ULL, (short)-5, (unsigned char)250, (size_t)77);
    vprint_twice("v %s %d\n", "again", 9);
    many(1, 0.5, 2, 1.5, 3, 2.5, 4, 3.5, 5, 4.5, 6, 5.5, 7, 6.5, 8, 7.5, 9, 8.5, 10, 9.5, 11, 10.5, 12, 11.5, 13, 14);
    printf("count %d\n", count_until_zero(5, 4, 3, 2, 1, 0, 99));
    printf("printf many: %d %d %d %d %d %d %d %d %d %d %f %f %f %f %f %f %f %f %f %f\n",
           1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0);
    return 0;
}

/* strtol family, following glibc's strtol_l.c semantics; the __isoc23_*
 * forms (glibc 2.38's names under C23 or _GNU_SOURCE) also take a 0b prefix. */
#include "../internal.h"

static int digval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

/* Parses into an unsigned magnitude; *neg is the sign, *ovf is set when the
 * magnitude exceeds 'max'.  Returns the magnitude (clamped to max). */
static unsigned long long parse(const char *nptr, char **endptr, int base,
                                unsigned long long max, int *neg, int *ovf, int c23)
{
    const char *s = nptr;
    *neg = 0;
    *ovf = 0;
    if (base < 0 || base == 1 || base > 36) {
        __divm_errno = EINVAL;
        return 0;
    }
    while (__divm_isspace((unsigned char)*s))
        s++;
    if (*s == '-')
        *neg = 1, s++;
    else if (*s == '+')
        s++;
    if (*s == '0') {
        if ((base == 0 || base == 16) && (s[1] == 'x' || s[1] == 'X')) {
            s += 2;
            base = 16;
        } else if (c23 && (base == 0 || base == 2) && (s[1] == 'b' || s[1] == 'B')) {
            s += 2;
            base = 2;
        } else if (base == 0)
            base = 8;
    } else if (base == 0)
        base = 10;
    const char *start = s;
    unsigned long long v = 0;
    for (;; s++) {
        int d = digval((unsigned char)*s);
        if (d >= base)
            break;
        if (!*ovf) {
            if (v > (max - d) / base)
                *ovf = 1;
            else
                v = v * base + d;
        }
    }
    if (s == start) {
        /* no digits: "0x" (or "0b") followed by junk converts the 0 and stops at x */
        if (endptr) {
            int pre = s - nptr >= 2 && s[-2] == '0' &&
                      (s[-1] == 'x' || s[-1] == 'X' || (c23 && (s[-1] == 'b' || s[-1] == 'B')));
            if (pre)
                *endptr = (char *)(s - 1);
            else
                *endptr = (char *)nptr;
        }
        return 0;
    }
    if (endptr)
        *endptr = (char *)s;
    return *ovf ? max : v;
}

static long long sconv(const char *s, char **e, int base, long long min, long long max, int c23)
{
    int neg, ovf;
    unsigned long long m = parse(s, e, base, (unsigned long long)max + 1, &neg, &ovf, c23);
    if (ovf || (!neg && m > (unsigned long long)max)) {
        __divm_errno = ERANGE;
        return neg ? min : max;
    }
    return neg ? (long long)(0 - m) : (long long)m;
}

static unsigned long long uconv(const char *s, char **e, int base, unsigned long long max, int c23)
{
    int neg, ovf;
    unsigned long long m = parse(s, e, base, max, &neg, &ovf, c23);
    if (ovf) {
        __divm_errno = ERANGE;
        return max;
    }
    return neg ? (0 - m) & max : m;
}

long __divm_strtol(const char *s, char **e, int b)
{
    return sconv(s, e, b, LONG_MIN, LONG_MAX, 0);
}

unsigned long __divm_strtoul(const char *s, char **e, int b)
{
    return uconv(s, e, b, ULONG_MAX, 0);
}

long long __divm_strtoll(const char *s, char **e, int b)
{
    return sconv(s, e, b, LLONG_MIN, LLONG_MAX, 0);
}

unsigned long long __divm_strtoull(const char *s, char **e, int b)
{
    return uconv(s, e, b, ULLONG_MAX, 0);
}

/* binary digits too (scanf's %i and %b under C23) */
long __divm_strtol23(const char *s, char **e, int b)
{
    return sconv(s, e, b, LONG_MIN, LONG_MAX, 1);
}

unsigned long __divm_strtoul23(const char *s, char **e, int b)
{
    return uconv(s, e, b, ULONG_MAX, 1);
}

long long __divm_strtoll23(const char *s, char **e, int b)
{
    return sconv(s, e, b, LLONG_MIN, LLONG_MAX, 1);
}

unsigned long long __divm_strtoull23(const char *s, char **e, int b)
{
    return uconv(s, e, b, ULLONG_MAX, 1);
}

long strtol(const char *__restrict s, char **__restrict e, int b)
{
    return sconv(s, e, b, LONG_MIN, LONG_MAX, 0);
}

unsigned long strtoul(const char *__restrict s, char **__restrict e, int b)
{
    return uconv(s, e, b, ULONG_MAX, 0);
}

long long strtoll(const char *__restrict s, char **__restrict e, int b)
{
    return sconv(s, e, b, LLONG_MIN, LLONG_MAX, 0);
}

unsigned long long strtoull(const char *__restrict s, char **__restrict e, int b)
{
    return uconv(s, e, b, ULLONG_MAX, 0);
}

long long strtoq(const char *__restrict s, char **__restrict e, int b)
{
    return strtoll(s, e, b);
}

unsigned long long strtouq(const char *__restrict s, char **__restrict e, int b)
{
    return strtoull(s, e, b);
}

intmax_t strtoimax(const char *__restrict s, char **__restrict e, int b)
{
    return sconv(s, e, b, INTMAX_MIN, INTMAX_MAX, 0);
}

uintmax_t strtoumax(const char *__restrict s, char **__restrict e, int b)
{
    return uconv(s, e, b, UINTMAX_MAX, 0);
}

int atoi(const char *s)
{
    return (int)strtol(s, 0, 10);
}

long atol(const char *s)
{
    return strtol(s, 0, 10);
}

long long atoll(const char *s)
{
    return strtoll(s, 0, 10);
}

/* glibc 2.38's <stdlib.h> and <inttypes.h> rename these under C23 or _GNU_SOURCE */
long __isoc23_strtol(const char *__restrict s, char **__restrict e, int b)
{
    return sconv(s, e, b, LONG_MIN, LONG_MAX, 1);
}

unsigned long __isoc23_strtoul(const char *__restrict s, char **__restrict e, int b)
{
    return uconv(s, e, b, ULONG_MAX, 1);
}

long long __isoc23_strtoll(const char *__restrict s, char **__restrict e, int b)
{
    return sconv(s, e, b, LLONG_MIN, LLONG_MAX, 1);
}

unsigned long long __isoc23_strtoull(const char *__restrict s, char **__restrict e, int b)
{
    return uconv(s, e, b, ULLONG_MAX, 1);
}

intmax_t __isoc23_strtoimax(const char *__restrict s, char **__restrict e, int b)
{
    return sconv(s, e, b, INTMAX_MIN, INTMAX_MAX, 1);
}

uintmax_t __isoc23_strtoumax(const char *__restrict s, char **__restrict e, int b)
{
    return uconv(s, e, b, UINTMAX_MAX, 1);
}

/* strtol family, following glibc's strtol_l.c semantics (no 0b prefix). */
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
                                unsigned long long max, int *neg, int *ovf)
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
        /* no digits: "0x" followed by junk converts the 0 and stops at x */
        if (endptr) {
            if (s - nptr >= 2 && (s[-1] == 'x' || s[-1] == 'X') && s[-2] == '0')
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

static long long sconv(const char *s, char **e, int base, long long min, long long max)
{
    int neg, ovf;
    unsigned long long m = parse(s, e, base, (unsigned long long)max + 1, &neg, &ovf);
    if (ovf || (!neg && m > (unsigned long long)max)) {
        __divm_errno = ERANGE;
        return neg ? min : max;
    }
    return neg ? (long long)(0 - m) : (long long)m;
}

static unsigned long long uconv(const char *s, char **e, int base, unsigned long long max)
{
    int neg, ovf;
    unsigned long long m = parse(s, e, base, max, &neg, &ovf);
    if (ovf) {
        __divm_errno = ERANGE;
        return max;
    }
    return neg ? (0 - m) & max : m;
}

long __divm_strtol(const char *s, char **e, int b)
{
    return sconv(s, e, b, LONG_MIN, LONG_MAX);
}

unsigned long __divm_strtoul(const char *s, char **e, int b)
{
    return uconv(s, e, b, ULONG_MAX);
}

unsigned long long __divm_strtoull(const char *s, char **e, int b)
{
    return uconv(s, e, b, ULLONG_MAX);
}

long strtol(const char *__restrict s, char **__restrict e, int b)
{
    return sconv(s, e, b, LONG_MIN, LONG_MAX);
}

unsigned long strtoul(const char *__restrict s, char **__restrict e, int b)
{
    return uconv(s, e, b, ULONG_MAX);
}

long long strtoll(const char *__restrict s, char **__restrict e, int b)
{
    return sconv(s, e, b, LLONG_MIN, LLONG_MAX);
}

unsigned long long strtoull(const char *__restrict s, char **__restrict e, int b)
{
    return uconv(s, e, b, ULLONG_MAX);
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
    return sconv(s, e, b, INTMAX_MIN, INTMAX_MAX);
}

uintmax_t strtoumax(const char *__restrict s, char **__restrict e, int b)
{
    return uconv(s, e, b, UINTMAX_MAX);
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

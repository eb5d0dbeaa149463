/* Small <stdlib.h> and <inttypes.h> arithmetic, and the multibyte
 * functions of the C locale (ASCII, like glibc's "C"). */
#include "../internal.h"

typedef struct { int quot, rem; } div_t;
typedef struct { long quot, rem; } ldiv_t;
typedef struct { long long quot, rem; } lldiv_t;
typedef struct { intmax_t quot, rem; } imaxdiv_t;

int abs(int x) { return x < 0 ? -x : x; }
long labs(long x) { return x < 0 ? -x : x; }
long long llabs(long long x) { return x < 0 ? -x : x; }
intmax_t imaxabs(intmax_t x) { return x < 0 ? -x : x; }

div_t div(int a, int b) { div_t r = { a / b, a % b }; return r; }
ldiv_t ldiv(long a, long b) { ldiv_t r = { a / b, a % b }; return r; }
lldiv_t lldiv(long long a, long long b) { lldiv_t r = { a / b, a % b }; return r; }
imaxdiv_t imaxdiv(intmax_t a, intmax_t b) { imaxdiv_t r = { a / b, a % b }; return r; }

int mblen(const char *s, size_t n)
{
    if (!s || !*s)
        return 0;
    if (!n)
        return -1;
    if ((unsigned char)*s >= 0x80) {
        __divm_errno = EILSEQ;
        return -1;
    }
    return 1;
}

int mbtowc(int *__restrict pwc, const char *__restrict s, size_t n)
{
    if (!s)
        return 0;
    if (!n)
        return -1;
    unsigned char c = (unsigned char)*s;
    if (c >= 0x80) {
        __divm_errno = EILSEQ;
        return -1;
    }
    if (pwc)
        *pwc = c;
    return c != 0;
}

int wctomb(char *s, int wc)
{
    if (!s)
        return 0;
    if ((unsigned)wc >= 0x80) {
        __divm_errno = EILSEQ;
        return -1;
    }
    *s = (char)wc;
    return 1;
}

size_t mbstowcs(int *__restrict d, const char *__restrict s, size_t n)
{
    size_t i = 0;
    for (;; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) {
            __divm_errno = EILSEQ;
            return (size_t)-1;
        }
        if (d && i >= n)
            return i;
        if (d)
            d[i] = c;
        if (!c)
            return i;
    }
}

size_t wcstombs(char *__restrict d, const int *__restrict s, size_t n)
{
    size_t i = 0;
    for (;; i++) {
        if ((unsigned)s[i] >= 0x80) {
            __divm_errno = EILSEQ;
            return (size_t)-1;
        }
        if (d && i >= n)
            return i;
        if (d)
            d[i] = (char)s[i];
        if (!s[i])
            return i;
    }
}

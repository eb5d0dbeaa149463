/* <wchar.h> and <wctype.h>: wide strings, and conversions in the C locale
 * (ASCII, as glibc's "C": bytes >= 0x80 are EILSEQ). */
#include "internal.h"

typedef int wchar_t_;
typedef unsigned int wint_t_;
typedef struct { int count; unsigned int wch; } mbstate_t_;
#define WEOF_ 0xffffffffu

size_t wcslen(const wchar_t_ *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

size_t wcsnlen(const wchar_t_ *s, size_t max)
{
    size_t n = 0;
    while (n < max && s[n])
        n++;
    return n;
}

wchar_t_ *wcscpy(wchar_t_ *__restrict d, const wchar_t_ *__restrict s)
{
    wchar_t_ *r = d;
    while ((*d++ = *s++))
        ;
    return r;
}

wchar_t_ *wcsncpy(wchar_t_ *__restrict d, const wchar_t_ *__restrict s, size_t n)
{
    size_t i = 0;
    for (; i < n && s[i]; i++)
        d[i] = s[i];
    for (; i < n; i++)
        d[i] = 0;
    return d;
}

wchar_t_ *wcscat(wchar_t_ *__restrict d, const wchar_t_ *__restrict s)
{
    wcscpy(d + wcslen(d), s);
    return d;
}

wchar_t_ *wcsncat(wchar_t_ *__restrict d, const wchar_t_ *__restrict s, size_t n)
{
    wchar_t_ *p = d + wcslen(d);
    while (n-- && *s)
        *p++ = *s++;
    *p = 0;
    return d;
}

int wcscmp(const wchar_t_ *a, const wchar_t_ *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a < *b ? -1 : *a > *b;
}

int wcsncmp(const wchar_t_ *a, const wchar_t_ *b, size_t n)
{
    for (; n; n--, a++, b++) {
        if (*a != *b)
            return *a < *b ? -1 : 1;
        if (!*a)
            return 0;
    }
    return 0;
}

int wcscoll(const wchar_t_ *a, const wchar_t_ *b)
{
    return wcscmp(a, b);
}

wchar_t_ *wcschr(const wchar_t_ *s, wchar_t_ c)
{
    for (;; s++) {
        if (*s == c)
            return (wchar_t_ *)s;
        if (!*s)
            return 0;
    }
}

wchar_t_ *wcsrchr(const wchar_t_ *s, wchar_t_ c)
{
    const wchar_t_ *r = 0;
    for (;; s++) {
        if (*s == c)
            r = s;
        if (!*s)
            return (wchar_t_ *)r;
    }
}

wchar_t_ *wcsstr(const wchar_t_ *h, const wchar_t_ *n)
{
    size_t nl = wcslen(n);
    if (!nl)
        return (wchar_t_ *)h;
    for (; *h; h++)
        if (wcsncmp(h, n, nl) == 0)
            return (wchar_t_ *)h;
    return 0;
}

size_t wcsspn(const wchar_t_ *s, const wchar_t_ *acc)
{
    size_t n = 0;
    for (; s[n]; n++) {
        const wchar_t_ *a = acc;
        while (*a && *a != s[n])
            a++;
        if (!*a)
            break;
    }
    return n;
}

size_t wcscspn(const wchar_t_ *s, const wchar_t_ *rej)
{
    size_t n = 0;
    for (; s[n]; n++) {
        const wchar_t_ *r = rej;
        while (*r && *r != s[n])
            r++;
        if (*r)
            break;
    }
    return n;
}

wchar_t_ *wcsdup(const wchar_t_ *s)
{
    size_t l = wcslen(s) + 1;
    wchar_t_ *d = malloc(l * sizeof *d);
    if (d)
        __builtin_memcpy(d, s, l * sizeof *d);
    return d;
}

wchar_t_ *wmemcpy(wchar_t_ *__restrict d, const wchar_t_ *__restrict s, size_t n)
{
    __builtin_memcpy(d, s, n * sizeof *d);
    return d;
}

wchar_t_ *wmemmove(wchar_t_ *d, const wchar_t_ *s, size_t n)
{
    __builtin_memmove(d, s, n * sizeof *d);
    return d;
}

wchar_t_ *wmemset(wchar_t_ *d, wchar_t_ c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = c;
    return d;
}

int wmemcmp(const wchar_t_ *a, const wchar_t_ *b, size_t n)
{
    for (; n; n--, a++, b++)
        if (*a != *b)
            return *a < *b ? -1 : 1;
    return 0;
}

wchar_t_ *wmemchr(const wchar_t_ *s, wchar_t_ c, size_t n)
{
    for (; n; n--, s++)
        if (*s == c)
            return (wchar_t_ *)s;
    return 0;
}

wint_t_ btowc(int c)
{
    return c >= 0 && c < 0x80 ? (wint_t_)c : WEOF_;
}

int wctob(wint_t_ c)
{
    return c < 0x80 ? (int)c : -1;
}

int mbsinit(const mbstate_t_ *ps)
{
    return !ps || !ps->count;
}

size_t mbrtowc(wchar_t_ *__restrict pwc, const char *__restrict s, size_t n, mbstate_t_ *__restrict ps)
{
    (void)ps;
    if (!s)
        return 0;
    if (!n)
        return (size_t)-2;
    unsigned char c = (unsigned char)*s;
    if (c >= 0x80) {
        __divm_errno = EILSEQ;
        return (size_t)-1;
    }
    if (pwc)
        *pwc = c;
    return c != 0;
}

size_t mbrlen(const char *__restrict s, size_t n, mbstate_t_ *__restrict ps)
{
    return mbrtowc(0, s, n, ps);
}

size_t wcrtomb(char *__restrict s, wchar_t_ wc, mbstate_t_ *__restrict ps)
{
    (void)ps;
    if (!s)
        return 1;
    if ((unsigned)wc >= 0x80) {
        __divm_errno = EILSEQ;
        return (size_t)-1;
    }
    *s = (char)wc;
    return 1;
}

size_t mbsrtowcs(wchar_t_ *__restrict d, const char **__restrict src, size_t n, mbstate_t_ *__restrict ps)
{
    (void)ps;
    const char *s = *src;
    size_t i = 0;
    for (; !d || i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) {
            __divm_errno = EILSEQ;
            if (d)
                *src = s + i;
            return (size_t)-1;
        }
        if (d)
            d[i] = c;
        if (!c) {
            if (d)
                *src = 0;
            return i;
        }
    }
    *src = s + i;
    return i;
}

size_t wcsrtombs(char *__restrict d, const wchar_t_ **__restrict src, size_t n, mbstate_t_ *__restrict ps)
{
    (void)ps;
    const wchar_t_ *s = *src;
    size_t i = 0;
    for (; !d || i < n; i++) {
        if ((unsigned)s[i] >= 0x80) {
            __divm_errno = EILSEQ;
            if (d)
                *src = s + i;
            return (size_t)-1;
        }
        if (d)
            d[i] = (char)s[i];
        if (!s[i]) {
            if (d)
                *src = 0;
            return i;
        }
    }
    *src = s + i;
    return i;
}

int wcwidth(wchar_t_ c)
{
    if (!c)
        return 0;
    return c >= 32 && c < 127 ? 1 : -1;
}

/* <wctype.h>: the ASCII classes */
int iswalpha(wint_t_ c) { return c < 128 && ((c | 32) - 'a' < 26); }
int iswdigit(wint_t_ c) { return c - '0' < 10; }
int iswalnum(wint_t_ c) { return iswalpha(c) || iswdigit(c); }
int iswspace(wint_t_ c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
int iswupper(wint_t_ c) { return c - 'A' < 26; }
int iswlower(wint_t_ c) { return c - 'a' < 26; }
int iswxdigit(wint_t_ c) { return iswdigit(c) || ((c | 32) - 'a' < 6 && c < 128); }
int iswblank(wint_t_ c) { return c == ' ' || c == '\t'; }
int iswcntrl(wint_t_ c) { return c < 32 || c == 127; }
int iswprint(wint_t_ c) { return c >= 32 && c < 127; }
int iswgraph(wint_t_ c) { return c > 32 && c < 127; }
int iswpunct(wint_t_ c) { return iswgraph(c) && !iswalnum(c); }
wint_t_ towupper(wint_t_ c) { return iswlower(c) ? c - 32 : c; }
wint_t_ towlower(wint_t_ c) { return iswupper(c) ? c + 32 : c; }

/* wctype() handles are 1-based indices into this table */
const char *const __divm_wclasses[] = { "alnum", "alpha", "blank", "cntrl", "digit", "graph",
                                       "lower", "print", "punct", "space", "upper", "xdigit" };

unsigned long wctype(const char *name)
{
    for (unsigned i = 0; i < 12; i++) {
        const char *a = __divm_wclasses[i], *b = name;
        while (*a && *a == *b)
            a++, b++;
        if (!*a && !*b)
            return i + 1;
    }
    return 0;
}

int iswctype(wint_t_ c, unsigned long t)
{
    switch (t) {
    case 1: return iswalnum(c);
    case 2: return iswalpha(c);
    case 3: return iswblank(c);
    case 4: return iswcntrl(c);
    case 5: return iswdigit(c);
    case 6: return iswgraph(c);
    case 7: return iswlower(c);
    case 8: return iswprint(c);
    case 9: return iswpunct(c);
    case 10: return iswspace(c);
    case 11: return iswupper(c);
    case 12: return iswxdigit(c);
    }
    return 0;
}

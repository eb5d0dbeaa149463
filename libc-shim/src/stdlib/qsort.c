/* qsort: glibc's merge sort (msort.c), so the comparator sees the same
 * calls in the same order and equal elements keep glibc's (stable) order. */
#include "../internal.h"

struct msort
{
    size_t s;
    char *t;
    int (*cmp)(const void *, const void *, void *);
    void *arg;
    int (*plain)(const void *, const void *); /* qsort's comparator: called directly */
};

static void msort_with_tmp(const struct msort *p, char *b, size_t n)
{
    if (n <= 1)
        return;
    size_t n1 = n / 2, n2 = n - n1, s = p->s;
    char *b1 = b, *b2 = b + n1 * s, *tmp = p->t;
    msort_with_tmp(p, b1, n1);
    msort_with_tmp(p, b2, n2);
    while (n1 > 0 && n2 > 0) {
        if ((p->plain ? p->plain(b1, b2) : p->cmp(b1, b2, p->arg)) <= 0) {
            __builtin_memcpy(tmp, b1, s);
            b1 += s;
            --n1;
        } else {
            __builtin_memcpy(tmp, b2, s);
            b2 += s;
            --n2;
        }
        tmp += s;
    }
    if (n1 > 0)
        __builtin_memcpy(tmp, b1, n1 * s);
    __builtin_memcpy(b, p->t, (n - n2) * s);
}

static void sort(void *b, size_t n, size_t s, int (*cmp)(const void *, const void *, void *), void *arg,
                 int (*plain)(const void *, const void *))
{
    if (n <= 1 || s == 0)
        return;
    char small[1024];
    size_t size = n * s;
    struct msort p = { s, small, cmp, arg, plain };
    if (size > sizeof small)
        p.t = __divm_ialloc(size);
    msort_with_tmp(&p, b, n);
    if (p.t != small)
        __divm_ifree(p.t);
}

void qsort_r(void *b, size_t n, size_t s, int (*cmp)(const void *, const void *, void *), void *arg)
{
    sort(b, n, s, cmp, arg, 0);
}

void qsort(void *b, size_t n, size_t s, int (*cmp)(const void *, const void *))
{
    sort(b, n, s, 0, 0, cmp);
}

void *bsearch(const void *key, const void *base, size_t n, size_t s,
              int (*cmp)(const void *, const void *))
{
    size_t l = 0, u = n;
    while (l < u) {
        size_t idx = (l + u) / 2;
        const void *p = (const char *)base + idx * s;
        int c = cmp(key, p);
        if (c < 0)
            u = idx;
        else if (c > 0)
            l = idx + 1;
        else
            return (void *)p;
    }
    return 0;
}

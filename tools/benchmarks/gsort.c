/* gsort.c -- a generic (void *, element size, comparator callback) sort
 * and binary search, like qsort/bsearch, over ints and over structs.
 * (lli's interpreter cannot pass an interpreted callback to the host's
 * qsort, so the sort is written here.)
 * Usage: gsort [N] -- sorts N ints and N structs, then N bsearches. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SIZE 10000

struct rec { int key; short group; char tag[6]; double weight; };

typedef int (*cmp_fn)(const void *, const void *);

static long ncmp;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    ncmp++;
    return x - y;   /* (x > y) - (x < y) is llvm.scmp: not in lli; |x|,|y| < 10^6 */
}

static int cmp_rec(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    ncmp++;
    if (x->group != y->group)
        return x->group < y->group ? -1 : 1;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return 0;
}

static void swap_bytes(char *a, char *b, size_t size)
{
    char tmp[64];
    memcpy(tmp, a, size);
    memcpy(a, b, size);
    memcpy(b, tmp, size);
}

/* quicksort with median-of-three, insertion sort below 8 elements */
static void gsort(void *base, size_t n, size_t size, cmp_fn cmp)
{
    char *b = base;
    while (n > 8) {
        char *lo = b, *mid = b + (n / 2) * size, *hi = b + (n - 1) * size;
        if (cmp(mid, lo) < 0) swap_bytes(mid, lo, size);
        if (cmp(hi, mid) < 0) { swap_bytes(hi, mid, size);
            if (cmp(mid, lo) < 0) swap_bytes(mid, lo, size); }
        swap_bytes(mid, b, size);   /* pivot to the front */
        size_t i = 1, j = n - 1;
        for (;;) {
            while (i <= j && cmp(b + i * size, b) < 0) i++;
            while (j >= i && cmp(b + j * size, b) > 0) j--;
            if (i >= j) break;
            swap_bytes(b + i * size, b + j * size, size);
            i++; j--;
        }
        swap_bytes(b, b + j * size, size);
        /* recurse on the smaller part */
        if (j < n - j - 1) {
            gsort(b, j, size, cmp);
            b += (j + 1) * size;
            n -= j + 1;
        } else {
            gsort(b + (j + 1) * size, n - j - 1, size, cmp);
            n = j;
        }
    }
    for (size_t i = 1; i < n; i++)
        for (size_t k = i; k > 0 && cmp(b + (k - 1) * size, b + k * size) > 0; k--)
            swap_bytes(b + (k - 1) * size, b + k * size, size);
}

static void *gsearch(const void *key, const void *base, size_t n, size_t size, cmp_fn cmp)
{
    const char *b = base;
    while (n > 0) {
        const char *m = b + (n / 2) * size;
        int c = cmp(key, m);
        if (c == 0) return (void *)m;
        if (c > 0) { b = m + size; n -= n / 2 + 1; }
        else n /= 2;
    }
    return NULL;
}

static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

int main(int argc, char **argv)
{
    long n = size_arg(argc, argv, DEFAULT_SIZE);
    int *a = malloc(n * sizeof *a);
    struct rec *r = malloc(n * sizeof *r);
    unsigned s = 7;
    for (long i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        a[i] = (int)(s >> 4) % 1000000 - 500000;
        r[i].key = (int)(s >> 12) % 5000;
        r[i].group = (short)(s % 7);
        memcpy(r[i].tag, "abcde", 6);
        r[i].tag[0] = 'a' + (char)(i % 26);
        r[i].weight = (double)(i % 100) * 0.5;
    }
    gsort(a, n, sizeof *a, cmp_int);
    gsort(r, n, sizeof *r, cmp_rec);
    long bad = 0;
    for (long i = 1; i < n; i++) {
        if (a[i - 1] > a[i]) bad++;
        if (cmp_rec(&r[i - 1], &r[i]) > 0) bad++;
    }
    long found = 0, fsum = 0;
    s = 99;
    for (long i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        int k = (i & 1) ? a[(s >> 3) % n] : (int)(s >> 4) % 1000000 - 500000;
        int *p = gsearch(&k, a, n, sizeof *a, cmp_int);
        if (p) { found++; fsum += p - a; }
        struct rec q;
        q.group = (short)(s % 7); q.key = (int)(s >> 9) % 5000;
        struct rec *pr = gsearch(&q, r, n, sizeof *r, cmp_rec);
        if (pr) { found++; fsum += pr->tag[0]; }
    }
    unsigned long h = 0;
    for (long i = 0; i < n; i += 7)
        h = h * 31 + (unsigned)a[i] + (unsigned)r[i].key * 3u + (unsigned char)r[i].tag[0];
    printf("gsort n=%ld bad=%ld found=%ld fsum=%ld cmps=%ld hash=%lu\n", n, bad, found, fsum, ncmp, h);
    free(a); free(r);
    return 0;
}

/* editdist.c -- 2-D dynamic programming on int arrays: edit distance
 * (full matrix, with a traceback) and longest common subsequence (two
 * rows) between pseudo-random strings.
 *
 * Usage: editdist [N]   -- N pairs of strings of length LEN (work ~ N).
 */
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_SIZE 23
#define LEN 120

static unsigned rng = 12345u;

static unsigned next(void)
{
    rng = rng * 1103515245u + 12345u;
    return rng >> 16;
}

/* x < y for values whose difference fits in an int, as the sign of an
 * unsigned difference: clang -O1 turns a plain min into llvm.smin, which
 * lli's interpreter cannot run */
#define LESS(x, y) (((unsigned)(x) - (unsigned)(y)) >> 31)

/* the smallest of three, and which one */
static int best3(int a, int b, int c, int *which)
{
    int w = 0, m = a;
    if (LESS(b, m)) { m = b; w = 1; }
    if (LESS(c, m)) { m = c; w = 2; }
    *which = w;
    return m;
}

static int edit_distance(const char *s, int n, const char *t, int m, int *d, long *path)
{
    int w = m + 1;
    for (int i = 0; i <= n; i++)
        d[i * w] = i;
    for (int j = 0; j <= m; j++)
        d[j] = j;
    for (int i = 1; i <= n; i++) {
        for (int j = 1; j <= m; j++) {
            int cost = s[i - 1] != t[j - 1];
            int which;
            d[i * w + j] = best3(d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1,
                                 d[(i - 1) * w + j - 1] + cost, &which);
        }
    }
    /* walk back from the corner, counting the kinds of steps */
    int i = n, j = m;
    long steps = 0;
    while (i > 0 && j > 0) {
        int here = d[i * w + j];
        if (d[(i - 1) * w + j - 1] + (s[i - 1] != t[j - 1]) == here) {
            i--; j--;
        } else if (d[(i - 1) * w + j] + 1 == here) {
            i--;
        } else {
            j--;
        }
        steps++;
    }
    *path += steps + i + j;
    return d[n * w + m];
}

static int lcs(const char *s, int n, const char *t, int m, int *prev, int *cur)
{
    for (int j = 0; j <= m; j++)
        prev[j] = 0;
    for (int i = 1; i <= n; i++) {
        cur[0] = 0;
        for (int j = 1; j <= m; j++) {
            if (s[i - 1] == t[j - 1])
                cur[j] = prev[j - 1] + 1;
            else if (prev[j] >= cur[j - 1])
                cur[j] = prev[j];
            else
                cur[j] = cur[j - 1];
        }
        int *x = prev;
        prev = cur;
        cur = x;
    }
    return prev[m];
}

/* argv[1] if it is a positive number, else the default.  Kept out of
 * line: when clang -O1 can see the value's range it rewrites the loops
 * with llvm.smax, which lli's interpreter cannot run. */
static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

int main(int argc, char **argv)
{
    long pairs = size_arg(argc, argv, DEFAULT_SIZE);
    char *s = malloc(LEN), *t = malloc(LEN);
    int *d = malloc(sizeof(int) * (LEN + 1) * (LEN + 1));
    int *r0 = malloc(sizeof(int) * (LEN + 1)), *r1 = malloc(sizeof(int) * (LEN + 1));
    if (!s || !t || !d || !r0 || !r1)
        return 1;

    long dist = 0, common = 0, path = 0;
    unsigned long check = 0;
    for (long p = 0; p < pairs; p++) {
        for (int i = 0; i < LEN; i++) {
            s[i] = (char)('a' + next() % 4);
            /* t is s with about one change in four */
            t[i] = next() % 4 == 0 ? (char)('a' + next() % 4) : s[i];
        }
        int e = edit_distance(s, LEN, t, LEN, d, &path);
        int c = lcs(s, LEN, t, LEN, r0, r1);
        dist += e;
        common += c;
        check = check * 131 + (unsigned long)(e * 1000 + c);
    }
    free(s); free(t); free(d); free(r0); free(r1);
    printf("editdist pairs=%ld dist=%ld lcs=%ld path=%ld checksum=%lu\n",
           pairs, dist, common, path, check);
    return 0;
}

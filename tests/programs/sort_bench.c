/* Several sorting algorithms on small pseudo-random arrays: insertion,
 * shell, merge (top-down with a temp buffer), quick (Lomuto), heap,
 * counting sort; results are verified and checksummed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 120

static unsigned long long state = 88172645463325252ULL;
static int next_rand(void)
{
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return (int)(state % 1000);
}

static void insertion(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; }
        a[j + 1] = v;
    }
}

static void shell(int *a, int n)
{
    for (int gap = n / 2; gap > 0; gap /= 2)
        for (int i = gap; i < n; i++) {
            int v = a[i], j = i;
            while (j >= gap && a[j - gap] > v) { a[j] = a[j - gap]; j -= gap; }
            a[j] = v;
        }
}

static void merge_rec(int *a, int *tmp, int lo, int hi)
{
    if (hi - lo < 2) return;
    int mid = lo + (hi - lo) / 2;
    merge_rec(a, tmp, lo, mid);
    merge_rec(a, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    while (i < mid) tmp[k++] = a[i++];
    while (j < hi) tmp[k++] = a[j++];
    memcpy(a + lo, tmp + lo, (size_t)(hi - lo) * sizeof *a);
}
static void merge(int *a, int n)
{
    int *tmp = malloc((size_t)n * sizeof *tmp);
    if (!tmp) exit(2);
    merge_rec(a, tmp, 0, n);
    free(tmp);
}

static void quick(int *a, int lo, int hi)
{
    while (lo < hi) {
        int p = a[hi], i = lo;
        for (int j = lo; j < hi; j++)
            if (a[j] < p) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; }
        int t = a[i]; a[i] = a[hi]; a[hi] = t;
        if (i - lo < hi - i) { quick(a, lo, i - 1); lo = i + 1; }
        else { quick(a, i + 1, hi); hi = i - 1; }
    }
}
static void quicksort(int *a, int n) { quick(a, 0, n - 1); }

static void sift(int *a, int i, int n)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && a[l] > a[m]) m = l;
        if (r < n && a[r] > a[m]) m = r;
        if (m == i) return;
        int t = a[i]; a[i] = a[m]; a[m] = t;
        i = m;
    }
}
static void heap(int *a, int n)
{
    for (int i = n / 2 - 1; i >= 0; i--) sift(a, i, n);
    for (int e = n - 1; e > 0; e--) { int t = a[0]; a[0] = a[e]; a[e] = t; sift(a, 0, e); }
}

static void counting(int *a, int n)
{
    static int counts[1000];
    memset(counts, 0, sizeof counts);
    for (int i = 0; i < n; i++) counts[a[i]]++;
    int k = 0;
    for (int v = 0; v < 1000; v++) while (counts[v]--) a[k++] = v;
}

static int cmp(const void *x, const void *y) { int a = *(const int *)x, b = *(const int *)y; return (a > b) - (a < b); }
static void libsort(int *a, int n) { qsort(a, (size_t)n, sizeof *a, cmp); }

struct algo { const char *name; void (*fn)(int *, int); };

int main(void)
{
    static int base[N], work[N], ref[N];
    for (int i = 0; i < N; i++) base[i] = next_rand();
    memcpy(ref, base, sizeof ref);
    insertion(ref, N);
    const struct algo algos[] = { { "insertion", insertion }, { "shell", shell }, { "merge", merge },
                                  { "quick", quicksort }, { "heap", heap }, { "counting", counting }, { "qsort", libsort } };
    int sizes[] = { 0, 1, 2, 7, 50, N };
    for (unsigned a = 0; a < sizeof algos / sizeof algos[0]; a++) {
        int ok = 1;
        unsigned long long check = 0;
        for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            int n = sizes[s];
            memcpy(work, base, sizeof work);
            algos[a].fn(work, n);
            for (int i = 1; i < n; i++) ok &= work[i - 1] <= work[i];
            for (int i = 0; i < n; i++) check = check * 1000003 + (unsigned)work[i];
        }
        ok &= memcmp(work, ref, sizeof ref) == 0;
        printf("%-10s ok=%d check=%016llx\n", algos[a].name, ok, check);
    }
    /* presorted and reversed inputs for quicksort's worst case */
    for (int i = 0; i < N; i++) work[i] = N - i;
    quicksort(work, N);
    printf("reversed -> first %d last %d\n", work[0], work[N - 1]);
    printf("median %d min %d max %d\n", ref[N / 2], ref[0], ref[N - 1]);
    return 0;
}

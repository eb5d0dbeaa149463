/* qsort.c -- quicksort (hand-written, not the library's) on ints.
 *
 * Usage: qsort [N]   -- sorts R arrays of CHUNK pseudo-random ints, with
 * R = N / CHUNK rounded up (work ~ N log CHUNK).  Checks the result is
 * sorted and prints a checksum.
 */
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_SIZE 115000
#define CHUNK 2000

static unsigned rng_state = 2463534242u;

static unsigned xorshift32(void)
{
    unsigned x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

static void insertion_sort(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void quicksort(int *a, int n)
{
    while (n > 16) {
        /* median of three */
        int m = n / 2, t;
        if (a[m] < a[0]) { t = a[m]; a[m] = a[0]; a[0] = t; }
        if (a[n - 1] < a[0]) { t = a[n - 1]; a[n - 1] = a[0]; a[0] = t; }
        if (a[n - 1] < a[m]) { t = a[n - 1]; a[n - 1] = a[m]; a[m] = t; }
        int pivot = a[m];
        int i = 0, j = n - 1;
        for (;;) {
            while (a[i] < pivot) i++;
            while (a[j] > pivot) j--;
            if (i >= j)
                break;
            t = a[i]; a[i] = a[j]; a[j] = t;
            i++; j--;
        }
        /* recurse into the smaller half, loop on the larger */
        int left = j + 1;
        if (left < n - left) {
            quicksort(a, left);
            a += left;
            n -= left;
        } else {
            quicksort(a + left, n - left);
            n = left;
        }
    }
    insertion_sort(a, n);
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
    long total = size_arg(argc, argv, DEFAULT_SIZE);
    int rounds = (int)((total + CHUNK - 1) / CHUNK);

    int *a = malloc(sizeof(int) * CHUNK);
    if (!a)
        return 1;

    unsigned long check = 0;
    long unsorted = 0;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < CHUNK; i++)
            a[i] = (int)(xorshift32() % 1000000u) - 500000;
        quicksort(a, CHUNK);
        for (int i = 1; i < CHUNK; i++)
            if (a[i - 1] > a[i])
                unsorted++;
        for (int i = 0; i < CHUNK; i += 97)
            check = check * 31 + (unsigned)a[i];
    }
    free(a);
    printf("qsort n=%ld unsorted=%ld checksum=%lu\n",
           (long)rounds * CHUNK, unsorted, check);
    return unsorted != 0;
}

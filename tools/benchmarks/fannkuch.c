/* fannkuch.c -- fannkuch-redux (after the benchmarks game): generate
 * permutations of a small int array and count pancake flips.
 *
 * Usage: fannkuch [N]   -- N rounds over all 5040 permutations of 7
 * elements, each round starting from a different rotation (work ~ N).
 */
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_SIZE 14
#define LEN 7

/* how many permutations needed each number of flips: a histogram, not a
 * running maximum, which clang -O1 turns into llvm.smax/umax (lli's
 * interpreter cannot run them) */
static long hist[64];

static int fannkuch(int n, int shift, long *checksum)
{
    int perm[16], perm1[16], count[16];
    int perm_count = 0, r = n;

    for (int i = 0; i < n; i++)
        perm1[i] = (i + shift) % n;
    for (;;) {
        while (r != 1) {
            count[r - 1] = r;
            r--;
        }
        for (int i = 0; i < n; i++)
            perm[i] = perm1[i];
        int flips = 0;
        int k;
        while ((k = perm[0]) != 0) {
            for (int i = 0, j = k; i < j; i++, j--) {
                int t = perm[i];
                perm[i] = perm[j];
                perm[j] = t;
            }
            flips++;
        }
        hist[flips]++;
        *checksum += perm_count % 2 == 0 ? flips : -flips;

        /* the next permutation */
        for (;;) {
            if (r == n)
                return perm_count + 1;
            int p0 = perm1[0];
            for (int i = 0; i < r; i++)
                perm1[i] = perm1[i + 1];
            perm1[r] = p0;
            count[r]--;
            if (count[r] > 0)
                break;
            r++;
        }
        perm_count++;
    }
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
    long rounds = size_arg(argc, argv, DEFAULT_SIZE);
    long checksum = 0, perms = 0;
    for (long r = 0; r < rounds; r++)
        perms += fannkuch(LEN, (int)(r % LEN), &checksum);
    int max_flips = 63;
    while (max_flips > 0 && hist[max_flips] == 0)
        max_flips--;
    unsigned long h = 0;
    for (int k = 0; k <= max_flips; k++)
        h = h * 131 + (unsigned long)hist[k];
    printf("fannkuch rounds=%ld n=%d perms=%ld checksum=%ld maxflips=%d hist=%lu\n",
           rounds, LEN, perms, checksum, max_flips, h);
    return 0;
}

/* fmtout.c -- printf/sprintf-heavy formatting of many numbers.
 * Usage: fmtout [N] -- formats N records with sprintf (ints, hex, padded,
 * doubles in %f/%e/%g, strings, chars), hashes the text, and prints every
 * 16th record with printf (work ~ N). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SIZE 12000

static const char names[6][8] = { "north", "south", "east", "west", "up", "down" };

static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

int main(int argc, char **argv)
{
    long n = size_arg(argc, argv, DEFAULT_SIZE);
    char buf[256], small[32];
    unsigned long h = 1469598103934665603UL;
    long total = 0;
    unsigned seed = 12345;
    for (long i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        int a = (int)(seed >> 8) % 100000 - 50000;
        unsigned u = seed ^ (unsigned)i;
        double d = (double)a / 7.0 + (double)i * 0.013;
        sprintf(small, "%03ld", i % 1000);
        sprintf(buf, "%6ld|%d|%u|%x|%08X|%-7d|%+d|%5.2f|%.3e|%g|%c|%s|%-6s|%s|%lu%%",
                i, a, u, u, u >> 4, a % 1000, a / 3, d, d * 1e5, d / 9.0,
                'A' + (int)(i % 26), names[i % 6], names[(i + 3) % 6], small,
                (unsigned long)i * 2654435761UL);
        size_t len = strlen(buf);   /* not sprintf's result: lli's is wrong */
        total += (long)len;
        for (size_t k = 0; k < len; k++) {
            h ^= (unsigned char)buf[k];
            h *= 1099511628211UL;
        }
        if (i % 16 == 0)
            printf("r %s\n", buf);   /* not "%s\n": that becomes puts, which lli buffers apart from its printf */
    }
    printf("fmtout n=%ld total=%ld hash=%lu\n", n, total, h);
    return 0;
}

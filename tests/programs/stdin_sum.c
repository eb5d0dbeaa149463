// stdin: numbers.txt
/* Reads integers and floating-point numbers from stdin with scanf until
 * EOF, then prints sums, min, max and a histogram. */
#include <stdio.h>

int main(void)
{
    int count;
    if (scanf("%d", &count) != 1) { printf("no count\n"); return 1; }
    long isum = 0;
    int mn = 0, mx = 0;
    int hist[5] = { 0 };
    for (int i = 0; i < count; i++) {
        int v;
        if (scanf("%d", &v) != 1) { printf("short input at %d\n", i); return 1; }
        isum += v;
        if (i == 0 || v < mn) mn = v;
        if (i == 0 || v > mx) mx = v;
        int b = v < 0 ? 0 : v / 25;
        if (b > 4) b = 4;
        hist[b]++;
    }
    printf("count %d sum %ld min %d max %d\n", count, isum, mn, mx);
    for (int b = 0; b < 5; b++) printf("bucket %d: %d\n", b, hist[b]);
    double d, dsum = 0;
    int nd = 0;
    int r;
    while ((r = scanf("%lf", &d)) == 1) { dsum += d; nd++; }
    printf("%d doubles, sum %.6f, last scanf returned %s\n", nd, dsum, r == EOF ? "EOF" : "0");
    char word[32];
    if (scanf("%31s", word) == 1) printf("trailing word: %s\n", word);
    return 0;
}

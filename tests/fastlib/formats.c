/* printf family and string functions in their regular cases: the fast
 * paths (divm/fastlib.py) must print exactly what libc-shim prints. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

int main(void)
{
    char buf[256], small[8];
    long big = -1234567890123L;
    unsigned long ub = 18446744073709551615UL;
    printf("%d %i %u %x %X %o %%|%5d|%-5d|%05d|%+d|% d|%.3d|%.0d|\n", -42, 7, 3000000000u, 255, 255, 8,
           42, 42, 42, 42, 42, 5, 0);
    printf("%ld %lu %lx %lld %llu %zu %hd %hhd %hu %hhu %#x %#o %#X %#.0o\n", big, ub, ub, big, ub,
           (size_t)77, 70000, 300, 70000, 300, 0, 0, 0xabc, 0);
    printf("%*d|%-*d|%.*d|%*d|\n", 6, 12, 6, 12, 4, 7, -6, 9);
    printf("%s|%10s|%-10s|%.3s|%.10s|%c|%3c|%-3c|\n", "hello", "hi", "hi", "hello", "abc", 'x', 'y', 'z');
    printf("%f %e %g %.2f %10.3f %-10.1e| %G %E %.0f %.0f %#g %+f % f %g %g\n", 3.14159, 12345.678,
           0.0001, 2.005, -1.5, 1e100, 1e-10, 1e20, 0.5, 2.5, 1.0, 1.0, 1.0, 100000.0, 1000000.0);
    printf("%.15g %.17g %f %g\n", 0.1, 0.1, -0.0, 1e-320);
    printf("no conversions\n");
    volatile int u = 3, v = 4;
    printf("%d %d %u\n", u < v, u == v, (unsigned)(u != v)); /* i1 widened: Python bools */
    printf("");
    int n = sprintf(buf, "%s-%d-%5.2f", "abc", 42, 3.14159);
    printf("[%s] %d\n", buf, n);
    n = snprintf(small, sizeof small, "%s", "truncated string");
    printf("[%s] %d %d\n", small, n, snprintf(NULL, 0, "%d", 12345));
    char *s = (char *)0;
    printf("%s|%.3s|%p\n", s, s, (void *)0);
    /* strings */
    strcpy(buf, "alpha beta gamma");
    strcat(buf, " delta");
    printf("%zu %zu\n", strlen(buf), strlen(""));
    printf("%s %s %s\n", strchr(buf, 'b'), strchr(buf, 'q') ? "?" : "null", strchr(buf, 0) == buf + strlen(buf) ? "end" : "?");
    printf("%d %d %d %d %d\n", strcmp("abc", "abd") < 0, strcmp("abd", "abc") > 0, strcmp("abc", "abc"),
           strcmp("ab", "abc") < 0, strcmp("\xff", "a") > 0);
    char *heap = malloc(32);
    strcpy(heap, "x");
    strcat(heap, buf + 20);
    printf("%s\n", heap);
    free(heap);
    for (int i = 0; i < 600; i++)
        buf[i % 255] = 'a' + i % 26;
    buf[255] = 0;
    printf("%s%s%s\n", buf, buf, buf); /* more than one 512-byte chunk */
    return 0;
}

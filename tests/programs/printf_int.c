/* printf of integers, characters and strings: every conversion, flag,
 * width, precision, '*' arguments, length modifiers, %n, return values. */
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <limits.h>

int main(void)
{
    int vals[] = { 0, 1, -1, 42, -42, 255, 65535, INT_MAX, INT_MIN };
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        int v = vals[i];
        printf("[%d] [%i] [%u] [%o] [%x] [%X] [%5d] [%-5d] [%05d] [%+d] [% d] [%.3d] [%8.3d] [%-8.3d|] [%#o] [%#x] [%#X]\n",
               v, v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, v, v, v, v, v, v, v, v, (unsigned)v, (unsigned)v, (unsigned)v);
    }
    printf("zero precision: [%.0d] [%.0x] [%#.0o] [%5.0d]\n", 0, 0u, 0u, 0);
    printf("flags combined: [%+05d] [%-+5d] [% 05d] [%+.2d] [%#08x] [%-#8o|]\n", 7, 7, 7, 7, 255u, 8u);
    printf("star: [%*d] [%-*d] [%*d] [%.*d] [%*.*x]\n", 6, 12, 6, 12, -6, 12, 4, 5, 8, 6, 0xabcu);
    printf("hh: %hhd %hhu %hhx h: %hd %hu %hx\n", (signed char)-1, (unsigned char)255, (unsigned char)171,
           (short)-2, (unsigned short)65534, (unsigned short)0xbeef);
    printf("hh of int: %hhd %hhu h of int: %hd\n", 300, 300, 70000);
    printf("l: %ld %lu %lx ll: %lld %llu %llx %llo\n", LONG_MIN, ULONG_MAX, 0xdeadbeefcafeUL, LLONG_MIN, ULLONG_MAX,
           0x123456789abcdefULL, 01777777777777777777777ULL);
    printf("j: %jd %ju z: %zu %zd %zx t: %td\n", (intmax_t)INT64_MIN, (uintmax_t)UINT64_MAX, (size_t)123456789,
           (ptrdiff_t)-5, sizeof(long double), (ptrdiff_t)-77);
    printf("c: [%c] [%3c] [%-3c] [%c]\n", 'x', 'y', 'z', 65);
    printf("s: [%s] [%10s] [%-10s] [%.2s] [%10.3s] [%-10.3s] [%s]\n", "hello", "hi", "hi", "hello", "hello", "hello", "");
    printf("%%: [%%] [%%%%]\n");
    int n1 = 0, n2 = 0;
    signed char n3 = 0;
    long long n4 = 0;
    printf("count%n these%n chars%hhn ok%lln\n", &n1, &n2, &n3, &n4);
    printf("n: %d %d %d %lld\n", n1, n2, n3, n4);
    int r = printf("%s=%d\n", "ret", 12345);
    printf("printf returned %d\n", r);
    r = printf("%s", "");
    printf("empty printf returned %d\n", r);
    char buf[64];
    r = sprintf(buf, "%08.3f|%-6d|%x", 3.14159, -12, 48879u);
    printf("sprintf %d [%s]\n", r, buf);
    r = fprintf(stdout, "%c%c%c\n", 'a', 'b', 'c');
    printf("fprintf returned %d\n", r);
    /* long strings and widths */
    printf("[%40s]\n", "right-aligned in a wide field");
    printf("[%-40s]\n", "left-aligned in a wide field");
    printf("[%.50d]\n", 1);
    /* a table */
    for (int i = 0; i < 4; i++) printf("%-6s|%6d|%#6x|%06o|%+6d\n", i % 2 ? "odd" : "even", i * 1000 - 1500, i * 4095u, (unsigned)i * 511, -i * 7);
    return 0;
}

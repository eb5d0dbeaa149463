/* Division, remainder and shifts of signed and unsigned values of all widths. */
#include <stdio.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

static int vals[] = { 7, -7, 13, -13, 1, -1, 100, -100, INT_MAX, INT_MIN + 1 };
static int divs[] = { 2, -2, 3, -3, 7, -7, 1000 };

int main(void)
{
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        for (unsigned j = 0; j < sizeof divs / sizeof divs[0]; j++) {
            int a = vals[i], b = divs[j];
            printf("%d/%d=%d %d%%%d=%d\n", a, b, a / b, a, b, a % b);
        }
    }
    printf("INT_MIN/1=%d INT_MIN%%-1 avoided, INT_MIN/2=%d INT_MIN%%3=%d\n",
           INT_MIN / 1, INT_MIN / 2, INT_MIN % 3);

    long long la = -9000000000000000001LL;
    printf("ll: %lld %lld %lld %lld\n", la / 7, la % 7, la / -10, la % -10);
    unsigned long long ua = 18000000000000000001ULL;
    printf("ull: %llu %llu\n", ua / 7, ua % 7);
    unsigned int uu = 4000000000u;
    printf("u: %u %u %u\n", uu / 3u, uu % 3u, uu / 65536u);

    short sa = -32768 + 5;
    signed char ca = -100;
    printf("short: %d %d, char: %d %d\n", sa / 9, sa % 9, ca / 3, ca % 3);

    div_t d = div(-17, 5);
    ldiv_t ld = ldiv(17L, -5L);
    lldiv_t lld = lldiv(-1000000000001LL, 1000LL);
    printf("div: %d %d ldiv: %ld %ld lldiv: %lld %lld\n", d.quot, d.rem, ld.quot, ld.rem, lld.quot, lld.rem);
    printf("abs: %d %ld %lld\n", abs(-5), labs(-6L), llabs(-7LL));

    /* shifts */
    for (int s = 0; s < 32; s += 5) {
        int neg = -1000;
        unsigned un = 0x80000001u;
        printf("shift %2d: %d %d %u %u\n", s, neg >> s, 1000 << (s % 20), un >> s, un << s);
    }
    for (int s = 0; s < 64; s += 9) {
        long long n = -123456789012345LL;
        unsigned long long u = 0x8000000000000001ULL;
        printf("shift64 %2d: %lld %llu %llu\n", s, n >> s, u >> s, u << s);
    }
    /* shifts of narrow types (promoted to int) */
    unsigned char b = 0x81;
    printf("uchar shifts: %d %d %d\n", b << 1, b >> 1, (unsigned char)(b << 1));
    signed char sb = -64;
    printf("schar shifts: %d %d\n", sb >> 2, sb * 4);
    /* division by powers of two of negative numbers (signed vs arithmetic shift) */
    for (int v = -9; v <= 9; v += 3)
        printf("%d/4=%d %d>>2=%d %d%%4=%d\n", v, v / 4, v, v >> 2, v, v % 4);
    return 0;
}

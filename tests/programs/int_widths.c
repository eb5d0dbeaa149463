/* Integer arithmetic of every width: wraparound of unsigned types,
 * integer promotions, conversions between widths and signedness. */
#include <stdio.h>
#include <limits.h>
#include <stdint.h>

static void show_char(void)
{
    signed char sc = 100;
    unsigned char uc = 200;
    char c = 'A';
    int promoted = sc + sc;                 /* promoted to int: 200 */
    signed char back = (signed char)(uc);   /* implementation-defined: -56 on gcc/clang */
    unsigned char wrap = (unsigned char)(uc + 100);  /* 300 mod 256 = 44 */
    printf("char: %d %d %d %d %d %d\n", sc, uc, c, promoted, back, wrap);
    uc = 255; uc++;
    printf("uchar 255+1 = %d\n", uc);
    sc = -128;
    printf("schar min = %d, -min as int = %d\n", sc, -sc);
    printf("CHAR_BIT=%d SCHAR_MIN=%d SCHAR_MAX=%d UCHAR_MAX=%d\n",
           CHAR_BIT, SCHAR_MIN, SCHAR_MAX, UCHAR_MAX);
}

static void show_short(void)
{
    short s = SHRT_MAX;
    unsigned short us = USHRT_MAX;
    int sum = s + 1;                        /* no overflow: int arithmetic */
    us = (unsigned short)(us + 1);
    printf("short: %d %d %u\n", s, sum, (unsigned)us);
    short neg = -12345;
    unsigned short asu = (unsigned short)neg;
    printf("short -12345 as ushort = %u\n", (unsigned)asu);
    printf("short*short = %d\n", (short)300 * (short)300);
}

static void show_int(void)
{
    int a = INT_MAX, b = INT_MIN;
    unsigned u = UINT_MAX;
    printf("int: %d %d %u\n", a, b, u);
    u += 2;
    printf("UINT_MAX+2 = %u\n", u);
    unsigned z = 0;
    z -= 1;
    printf("0u-1 = %u\n", z);
    printf("INT_MAX as unsigned + 1 = %u\n", (unsigned)a + 1u);
    printf("(int)3000000000u = %d\n", (int)3000000000u);
    printf("-1 < 1u: %d, -1 < 1: %d\n", -1 < 1u, -1 < 1);
    printf("mul wrap: %u\n", 65537u * 65537u);
    int x = 123456789;
    printf("x*7 %d x/7 %d x%%7 %d x^0x5a5a %d ~x %d\n", x * 7 % 1000003, x / 7, x % 7, x ^ 0x5a5a, ~x);
}

static void show_long(void)
{
    long l = LONG_MAX;
    unsigned long ul = ULONG_MAX;
    long long ll = LLONG_MIN;
    unsigned long long ull = 0;
    ull--;
    printf("long: %ld %lu %lld %llu\n", l, ul, ll, ull);
    printf("LLONG_MIN+1 = %lld\n", ll + 1);
    uint64_t big = 0xfedcba9876543210ull;
    printf("big*3 = %llu\n", (unsigned long long)(big * 3));
    printf("big>>4 = %llx, big<<4 = %llx\n", (unsigned long long)(big >> 4),
           (unsigned long long)(big << 4));
    int64_t sbig = -0x123456789abcdefll;
    printf("sbig>>8 = %lld (arith shift)\n", (long long)(sbig >> 8));
    printf("(int32)big = %d, (int16)big = %d, (int8)big = %d\n",
           (int32_t)big, (int16_t)big, (int8_t)big);
    printf("(uint32)-1LL = %u\n", (uint32_t)-1LL);
    printf("sign extend: %lld %llu\n", (long long)(int)-5, (unsigned long long)(int)-5);
    printf("zero extend: %llu\n", (unsigned long long)(unsigned)-5);
}

static void show_fixed(void)
{
    uint8_t a8 = 250; a8 += 10;
    uint16_t a16 = 65530; a16 += 10;
    uint32_t a32 = 4294967290u; a32 += 10;
    uint64_t a64 = 18446744073709551610ull; a64 += 10;
    printf("fixed wrap: %u %u %u %llu\n", a8, a16, a32, (unsigned long long)a64);
    int8_t s8 = INT8_MIN; int16_t s16 = INT16_MIN; int32_t s32 = INT32_MIN; int64_t s64 = INT64_MIN;
    printf("fixed min: %d %d %d %lld\n", s8, s16, s32, (long long)s64);
    printf("sizes: %zu %zu %zu %zu %zu %zu\n", sizeof(char), sizeof(short), sizeof(int),
           sizeof(long), sizeof(long long), sizeof(void *));
}

static void show_loop(void)
{
    /* a checksum loop mixing widths */
    uint32_t h = 2166136261u;
    uint16_t s = 1;
    uint8_t b = 7;
    for (int i = 0; i < 1000; i++) {
        h ^= (uint32_t)(i & 0xff);
        h *= 16777619u;
        s = (uint16_t)(s * 31 + i);
        b = (uint8_t)(b * 13 + (i >> 2));
    }
    printf("fnv=%08x s=%u b=%u\n", h, (unsigned)s, (unsigned)b);
}

int main(void)
{
    show_char();
    show_short();
    show_int();
    show_long();
    show_fixed();
    show_loop();
    return 0;
}

/* crc32.c -- bit manipulation: CRC-32 (bitwise and table-driven), bit
 * reversal and population counts over a pseudo-random buffer.
 *
 * Usage: crc32 [N]   -- processes N bytes (work ~ N).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SIZE 80000

static unsigned table[256];

static void make_table(void)
{
    for (unsigned i = 0; i < 256; i++) {
        unsigned c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
}

static unsigned crc32_bitwise(const unsigned char *p, long n)
{
    unsigned crc = 0xFFFFFFFFu;
    for (long i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
    return ~crc;
}

static unsigned crc32_table(const unsigned char *p, long n)
{
    unsigned crc = 0xFFFFFFFFu;
    for (long i = 0; i < n; i++)
        crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

/* written as a loop: the SWAR form gets turned into llvm.bitreverse /
 * llvm.fshl by clang -O1, which lli's interpreter cannot run */
static unsigned reverse_bits(unsigned x)
{
    unsigned r = 0;
    for (int k = 0; k < 32; k++) {
        r = (r << 1) | (x & 1);
        x >>= 1;
    }
    return r;
}

static int popcount_swar(unsigned x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
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
    long n = size_arg(argc, argv, DEFAULT_SIZE);

    unsigned char *buf = malloc(n);
    if (!buf)
        return 1;
    unsigned long long s = 0x9E3779B97F4A7C15ull;
    for (long i = 0; i < n; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        buf[i] = (unsigned char)(s >> 56);
    }

    make_table();
    unsigned a = crc32_bitwise(buf, n);
    unsigned b = crc32_table(buf, n);

    unsigned long bits = 0, mix = 0;
    for (long i = 0; i + 4 <= n; i += 4) {
        unsigned w;
        memcpy(&w, buf + i, 4);
        bits += (unsigned long)popcount_swar(w);
        mix = mix * 33 ^ reverse_bits(w);   /* no rotate: see above */
    }
    free(buf);
    printf("crc32 n=%ld bitwise=%08x table=%08x same=%d bits=%lu mix=%lu\n",
           n, a, b, a == b, bits, mix);
    return a != b;
}

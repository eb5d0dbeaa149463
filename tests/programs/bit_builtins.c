/* Bit manipulation: popcount, clz, ctz, ffs, parity, bswap, rotates. */
#include <stdio.h>
#include <stdint.h>

static uint32_t rotl32(uint32_t x, unsigned r) { r &= 31; return r ? (x << r) | (x >> (32 - r)) : x; }
static uint32_t rotr32(uint32_t x, unsigned r) { r &= 31; return r ? (x >> r) | (x << (32 - r)) : x; }
static uint64_t rotl64(uint64_t x, unsigned r) { r &= 63; return r ? (x << r) | (x >> (64 - r)) : x; }
static uint8_t rotl8(uint8_t x, unsigned r) { r &= 7; return (uint8_t)(r ? (x << r) | (x >> (8 - r)) : x); }

static unsigned popcount_manual(uint64_t x)
{
    unsigned n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
}

int main(void)
{
    uint32_t v32[] = { 1, 2, 3, 0x80000000u, 0xffffffffu, 0x00f0f000u, 12345678u, 0x10000u };
    for (unsigned i = 0; i < sizeof v32 / sizeof v32[0]; i++) {
        uint32_t x = v32[i];
        printf("%08x: pop=%d clz=%d ctz=%d ffs=%d parity=%d bswap=%08x rotl7=%08x rotr7=%08x\n",
               x, __builtin_popcount(x), __builtin_clz(x), __builtin_ctz(x), __builtin_ffs((int)x),
               __builtin_parity(x), __builtin_bswap32(x), rotl32(x, 7), rotr32(x, 7));
    }
    uint64_t v64[] = { 1, 0x8000000000000000ull, 0x0123456789abcdefull, 0xffffffffffffffffull, 0x100000000ull };
    for (unsigned i = 0; i < sizeof v64 / sizeof v64[0]; i++) {
        uint64_t x = v64[i];
        printf("%016llx: pop=%d/%u clz=%d ctz=%d bswap=%016llx rotl13=%016llx\n",
               (unsigned long long)x, __builtin_popcountll(x), popcount_manual(x),
               __builtin_clzll(x), __builtin_ctzll(x),
               (unsigned long long)__builtin_bswap64(x), (unsigned long long)rotl64(x, 13));
    }
    printf("bswap16: %04x %04x\n", __builtin_bswap16(0x1234), __builtin_bswap16(0xff00));
    printf("ffs(0)=%d ffsll=%d\n", __builtin_ffs(0), __builtin_ffsll(0x100000000ll));
    for (unsigned r = 0; r < 9; r++) printf("%02x ", rotl8(0x96, r));
    printf("\n");
    /* classic tricks */
    for (uint32_t x = 1; x < 70; x = x * 3 + 1) {
        uint32_t next_pow2 = x - 1;
        next_pow2 |= next_pow2 >> 1; next_pow2 |= next_pow2 >> 2; next_pow2 |= next_pow2 >> 4;
        next_pow2 |= next_pow2 >> 8; next_pow2 |= next_pow2 >> 16; next_pow2++;
        int is_pow2 = (x & (x - 1)) == 0;
        uint32_t lowest = x & (0u - x);
        printf("x=%u nextpow2=%u ispow2=%d lowest=%u log2=%d\n", x, next_pow2, is_pow2, lowest, 31 - __builtin_clz(x));
    }
    /* bit reversal */
    uint32_t r = 0x12345678u, rev = 0;
    for (int i = 0; i < 32; i++) { rev = (rev << 1) | (r & 1); r >>= 1; }
    printf("reverse(0x12345678)=%08x\n", rev);
    /* gray code */
    for (unsigned g = 0; g < 8; g++) printf("%u ", g ^ (g >> 1));
    printf("\n");
    /* sign tricks */
    int vals[] = { -5, 0, 7, -2147483647 };
    for (int i = 0; i < 4; i++) {
        int v = vals[i];
        int sign = (v > 0) - (v < 0);
        int mask = v >> 31;
        unsigned absv = (unsigned)((v + mask) ^ mask);
        printf("v=%d sign=%d abs=%u\n", v, sign, absv);
    }
    return 0;
}

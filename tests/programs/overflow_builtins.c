/* __builtin_{add,sub,mul}_overflow with various operand and result types. */
#include <stdio.h>
#include <limits.h>
#include <stdint.h>

int main(void)
{
    int r;
    int o;
    o = __builtin_add_overflow(INT_MAX, 1, &r); printf("add INT_MAX+1: o=%d r=%d\n", o, r);
    o = __builtin_add_overflow(100, 200, &r); printf("add 100+200: o=%d r=%d\n", o, r);
    o = __builtin_sub_overflow(INT_MIN, 1, &r); printf("sub INT_MIN-1: o=%d r=%d\n", o, r);
    o = __builtin_mul_overflow(65536, 65536, &r); printf("mul 65536^2: o=%d r=%d\n", o, r);
    o = __builtin_mul_overflow(-46341, 46341, &r); printf("mul -46341*46341: o=%d r=%d\n", o, r);
    o = __builtin_mul_overflow(-46340, 46340, &r); printf("mul -46340*46340: o=%d r=%d\n", o, r);

    unsigned u;
    o = __builtin_add_overflow(UINT_MAX, 1u, &u); printf("uadd: o=%d r=%u\n", o, u);
    o = __builtin_sub_overflow(0u, 1u, &u); printf("usub: o=%d r=%u\n", o, u);
    o = __builtin_sub_overflow(5, 7, &u); printf("int 5-7 into unsigned: o=%d r=%u\n", o, u);
    o = __builtin_add_overflow(-1, 0, &u); printf("int -1 into unsigned: o=%d r=%u\n", o, u);

    long long ll;
    o = __builtin_mul_overflow(LLONG_MAX, 2LL, &ll); printf("llmul: o=%d r=%lld\n", o, ll);
    o = __builtin_add_overflow(LLONG_MIN, -1LL, &ll); printf("lladd: o=%d r=%lld\n", o, ll);
    o = __builtin_mul_overflow(3037000499LL, 3037000499LL, &ll); printf("llmul ok: o=%d r=%lld\n", o, ll);
    o = __builtin_mul_overflow(3037000500LL, 3037000500LL, &ll); printf("llmul ovf: o=%d r=%lld\n", o, ll);

    unsigned long long ull;
    o = __builtin_mul_overflow(0x100000000ULL, 0x100000000ULL, &ull); printf("ullmul: o=%d r=%llu\n", o, ull);
    o = __builtin_umulll_overflow(4294967295ULL, 4294967297ULL, &ull); printf("umulll: o=%d r=%llu\n", o, ull);

    unsigned char uc;
    o = __builtin_add_overflow(200, 100, &uc); printf("into uchar: o=%d r=%u\n", o, uc);
    signed char sc;
    o = __builtin_mul_overflow(-16, 8, &sc); printf("into schar: o=%d r=%d\n", o, sc);
    o = __builtin_mul_overflow(-16, 9, &sc); printf("into schar: o=%d r=%d\n", o, sc);
    short sh;
    o = __builtin_sub_overflow(-32768, 1, &sh); printf("into short: o=%d r=%d\n", o, sh);

    int si;
    o = __builtin_sadd_overflow(2000000000, 2000000000, &si); printf("sadd: o=%d r=%d\n", o, si);
    long sl;
    o = __builtin_ssubl_overflow(LONG_MIN, 1L, &sl); printf("ssubl: o=%d r=%ld\n", o, sl);

    /* overflow-checked factorial */
    int64_t f = 1;
    int n;
    for (n = 1; n < 30; n++) {
        int64_t next;
        if (__builtin_mul_overflow(f, (int64_t)n, &next)) break;
        f = next;
    }
    printf("largest factorial in int64: %d! = %lld\n", n - 1, (long long)f);
    uint32_t acc = 1;
    int steps = 0;
    while (!__builtin_mul_overflow(acc, 3u, &acc)) steps++;
    printf("3^k fits uint32 for k <= %d, wrapped=%u\n", steps, acc);
    return 0;
}

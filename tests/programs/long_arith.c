/* long and unsigned long at their limits: the wrap of unsigned long, LONG_MAX
 * and ULONG_MAX, printf of the extremes with l, ll, j and positional
 * arguments, %ln, labs/ldiv/lldiv.  The values differ between a 64-bit long
 * (LP64) and a 32-bit one (gcc -m32, divm's LLP64 runtime); each build
 * prints its own. */
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long wrap_add(unsigned long a, unsigned long b) { return a + b; }
static unsigned long wrap_mul(unsigned long a, unsigned long b) { return a * b; }

int main(void)
{
    printf("bits: long %d, long long %d\n", (int)(sizeof(long) * CHAR_BIT),
           (int)(sizeof(long long) * CHAR_BIT));
    printf("LONG_MIN=%ld LONG_MAX=%ld ULONG_MAX=%lu\n", LONG_MIN, LONG_MAX, ULONG_MAX);
    printf("hex %lx %lX %#lo\n", ULONG_MAX, (unsigned long)LONG_MIN, ULONG_MAX);
    printf("LLONG_MIN=%lld LLONG_MAX=%lld ULLONG_MAX=%llu %llx\n", LLONG_MIN, LLONG_MAX,
           ULLONG_MAX, ULLONG_MAX);
    printf("widths [%+25ld] [%-22lu] [%025lx] [%.30ld]\n", LONG_MIN, ULONG_MAX, ULONG_MAX, LONG_MAX);
    printf("mixed %ld %lld %ld %llu %d\n", -1L, -1LL, LONG_MAX, 0x8000000000000000ULL, 7);
    printf("intmax %jd %ju int64 %" PRId64 " %" PRIu64 " %" PRIx64 "\n", INTMAX_MIN, UINTMAX_MAX,
           INT64_MIN, UINT64_MAX, (uint64_t)0x123456789abcdefULL);
    printf("positional %3$lld %1$ld %2$lu %1$lx\n", LONG_MIN, ULONG_MAX, LLONG_MIN);

    /* unsigned long wraps at its own width */
    unsigned long u = ULONG_MAX;
    printf("ULONG_MAX+1=%lu ULONG_MAX+2=%lu\n", wrap_add(u, 1), wrap_add(u, 2));
    printf("0-1=%lu\n", 0UL - 1);
    printf("2^31*2=%lu 2^31*4=%lu\n", wrap_mul(0x80000000UL, 2), wrap_mul(0x80000000UL, 4));
    printf("65536*65536=%lu 3000000000+3000000000=%lu\n", wrap_mul(65536, 65536),
           wrap_add(3000000000UL, 3000000000UL));
    unsigned long s = 1;
    for (int i = 0; i < 70; i++)
        s = s * 3 + (unsigned long)i;
    printf("poly %lu %lx\n", s, s);
    /* the same in long long, which is 64 bits in both models */
    unsigned long long ull = 1;
    for (int i = 0; i < 70; i++)
        ull = ull * 3 + (unsigned long long)i;
    printf("poly64 %llu\n", ull);

    /* conversions to and from long */
    long long big = 0x123456789LL;
    printf("(long)0x123456789=%ld (unsigned long)-1LL=%lu (long)3000000000U=%ld\n", (long)big,
           (unsigned long)-1LL, (long)3000000000U);
    printf("LONG_MAX>INT_MAX: %d ULONG_MAX==UINT_MAX: %d\n", LONG_MAX > INT_MAX, ULONG_MAX == UINT_MAX);
    printf("shift 1UL<<31=%lu top bit %lu\n", 1UL << 31, 1UL << (sizeof(long) * CHAR_BIT - 1));
    printf("-1L>>1=%ld ULONG_MAX>>1=%lu\n", -1L >> 1, ULONG_MAX >> 1);

    /* labs, ldiv, lldiv at the limits */
    printf("labs %ld %ld llabs %lld\n", labs(-LONG_MAX), labs(LONG_MIN + 1), llabs(LLONG_MIN + 1));
    ldiv_t d = ldiv(LONG_MAX, 7);
    ldiv_t e = ldiv(LONG_MIN, 10);
    printf("ldiv %ld %ld / %ld %ld\n", d.quot, d.rem, e.quot, e.rem);
    lldiv_t f = lldiv(LLONG_MIN, 1000000007LL);
    printf("lldiv %lld %lld\n", f.quot, f.rem);

    /* %n at each length */
    long ln = 0;
    long long lln = 0;
    signed char hhn = 0;
    printf("%s%ln%s%lln%hhn\n", "abc", &ln, "defgh", &lln, &hhn);
    printf("n: %ld %lld %d\n", ln, lln, hhn);

    /* snprintf of the extremes */
    char buf[128];
    int k = snprintf(buf, sizeof buf, "%ld|%lu|%lld|%llu", LONG_MIN, ULONG_MAX, LLONG_MIN, ULLONG_MAX);
    printf("snprintf %d \"%s\"\n", k, buf);
    return 0;
}

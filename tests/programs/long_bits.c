/* Bit work on unsigned long: a bit set of BITS_PER_LONG-bit words, the
 * builtins clzl/ctzl/popcountl against their ll forms, ffsl, rotations by
 * the width of a long, signal sets (words of unsigned long), lrint and
 * llrint.  The width of long differs between LP64 and a 32-bit long
 * (gcc -m32, divm's LLP64 runtime); each build prints its own. */
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define BITS_PER_LONG ((int)(sizeof(unsigned long) * CHAR_BIT))
#define NBITS 200

static unsigned long set[(NBITS + BITS_PER_LONG - 1) / BITS_PER_LONG];

static void set_bit(int i) { set[i / BITS_PER_LONG] |= 1UL << (i % BITS_PER_LONG); }
static int test_bit(int i) { return (set[i / BITS_PER_LONG] >> (i % BITS_PER_LONG)) & 1; }

static unsigned long rotl(unsigned long x, int r)
{
    r %= BITS_PER_LONG;
    return r ? x << r | x >> (BITS_PER_LONG - r) : x;
}

int main(void)
{
    printf("BITS_PER_LONG %d words %d\n", BITS_PER_LONG, (int)(sizeof set / sizeof set[0]));
    for (int i = 0; i < NBITS; i += 7)
        set_bit(i);
    set_bit(31), set_bit(32), set_bit(63), set_bit(64);
    int cnt = 0, first = -1, last = -1;
    for (int i = 0; i < NBITS; i++)
        if (test_bit(i)) {
            cnt++;
            last = i;
            if (first < 0)
                first = i;
        }
    printf("set: %d bits, first %d last %d\n", cnt, first, last);
    for (unsigned w = 0; w < sizeof set / sizeof set[0]; w++)
        printf(" %lx", set[w]);
    printf("\n");
    int pop = 0;
    for (unsigned w = 0; w < sizeof set / sizeof set[0]; w++)
        pop += __builtin_popcountl(set[w]);
    printf("popcount %d\n", pop);

    static const unsigned long v[] = { 1, 2, 0x80000000UL, 0xffffffffUL, 0x10000UL, 12345678UL,
                                       ~0UL, ~0UL >> 1, ~0UL ^ (~0UL >> 1) };
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
        unsigned long x = v[i];
        unsigned long long y = x;
        printf("%lx: clzl %d ctzl %d popl %d ffsl %d | clzll %d ctzll %d popll %d ffsll %d rot %lx %lx\n", x,
               __builtin_clzl(x), __builtin_ctzl(x), __builtin_popcountl(x), ffsl((long)x),
               __builtin_clzll(y), __builtin_ctzll(y), __builtin_popcountll(y), ffsll((long long)y),
               rotl(x, 1), rotl(x, BITS_PER_LONG - 4));
    }
    printf("ffsl(0) %d ffsll(1<<40) %d\n", ffsl(0), ffsll(1LL << 40));

    /* a signal set spans several unsigned long words (not 32 and 33: glibc's own) */
    sigset_t ss;
    sigemptyset(&ss);
    int sigs[] = { SIGINT, SIGUSR1, SIGUSR2, SIGTERM, 31, 34, 35, 40, 63, 64 };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaddset(&ss, sigs[i]);
    sigdelset(&ss, 35);
    printf("sigset:");
    for (int s = 1; s <= 64; s++)
        if (sigismember(&ss, s))
            printf(" %d", s);
    printf("\n");

    /* lrint within a 32-bit long, llrint beyond it */
    printf("lrint %ld %ld lround %ld %ld llrint %lld %lld llround %lld\n", lrint(2147483000.4),
           lrint(-2147483000.6), lround(-2.5), lround(1e9 + 0.5), llrint(1e15 + 0.5),
           llrint(-4503599627370495.0), llround(-1e17));

    /* time_t is a long: the end of a 32-bit time_t */
    time_t t = 0x7fffffff;
    struct tm tm;
    gmtime_r(&t, &tm);
    printf("gmtime %d-%02d-%02d %02d:%02d:%02d\n", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
           tm.tm_hour, tm.tm_min, tm.tm_sec);
    printf("difftime %.1f\n", difftime((time_t)0x7fffffff, (time_t)-0x7fffffff));
    return 0;
}

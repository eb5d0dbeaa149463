/* bits64.c -- 64-bit integer arithmetic: xorshift and multiply-based
 * mixing of unsigned 64-bit words, signed division and remainder by
 * variables and constants, gcd, modular exponentiation, bit counting.
 *
 * Usage: bits64 [N]   -- N pseudo-random words (work ~ N).
 */
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_SIZE 17500

static unsigned long long state = 0x853C49E6748FEA9Bull;

static unsigned long long xorshift64(void)
{
    unsigned long long x = state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return state = x;
}

static unsigned long long mix(unsigned long long z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static long long gcd(long long a, long long b)
{
    while (b != 0) {
        long long t = a % b;
        a = b;
        b = t;
    }
    return a;   /* signed: an absolute value would be llvm.abs, which lli cannot run */
}

/* base^e mod m, m < 2^32 so the products fit in 64 bits */
static unsigned long long powmod(unsigned long long base, unsigned long long e, unsigned long long m)
{
    unsigned long long r = 1 % m;
    base %= m;
    while (e) {
        if (e & 1)
            r = r * base % m;
        base = base * base % m;
        e >>= 1;
    }
    return r;
}

/* a loop, not the SWAR form: keeps clang from emitting llvm.ctpop */
static int bits_set(unsigned long long x)
{
    int n = 0;
    for (int k = 0; k < 64; k += 4)
        n += (int)((0x4332322132212110ull >> (((x >> k) & 15) * 4)) & 15);
    return n;
}

static int leading_zeros(unsigned long long x)
{
    int n = 0;
    if (x == 0)
        return 64;
    while (!(x & 0x8000000000000000ull)) {
        x <<= 1;
        n++;
    }
    return n;
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

    unsigned long long h = 0, pm = 0;
    long long q = 0, g = 0;
    long bits = 0, lz = 0;
    for (long i = 0; i < n; i++) {
        unsigned long long x = xorshift64();
        unsigned long long y = mix(x + (unsigned long long)i);
        long long a = (long long)(x >> 1) * ((i & 1) ? -1 : 1);
        long long b = (long long)(y >> 40) - 8000000;
        if (b == 0)
            b = 7;
        q += a / b + a % b;
        q ^= a / 1000003 - a % 97;
        g += gcd(a >> 20, b);
        pm += powmod(y, x >> 32, (y >> 33) | 1);
        bits += bits_set(x ^ y);
        lz += leading_zeros(y >> (i % 48));
        h = (h ^ y) * 0x100000001B3ull;
        h ^= h >> 29;
    }
    printf("bits64 n=%ld h=%llu q=%lld g=%lld pm=%llu bits=%ld lz=%ld\n",
           n, h, q, g, pm, bits, lz);
    return 0;
}

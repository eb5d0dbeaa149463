/* rand/random (glibc's TYPE_3 additive feedback generator), rand_r and the
 * drand48 family, producing exactly glibc's sequences. */
#include "../internal.h"

/* ---- random ---- */

static int32_t rstate[31];
static int fidx = 3, ridx = 0, rinit;
long random(void);

void srandom(unsigned int seed)
{
    if (seed == 0)
        seed = 1;
    rstate[0] = (int32_t)seed;
    int32_t word = (int32_t)seed;
    for (int i = 1; i < 31; ++i) {
        /* state[i] = (16807 * state[i - 1]) % 2147483647 without overflow */
        long hi = word / 127773;
        long lo = word % 127773;
        word = (int32_t)(16807 * lo - 2836 * hi);
        if (word < 0)
            word += 2147483647;
        rstate[i] = word;
    }
    fidx = 3;
    ridx = 0;
    rinit = 1;
    for (int i = 0; i < 310; i++)
        (void)random();
}

long random(void)
{
    if (!rinit)
        srandom(1);
    uint32_t val = (uint32_t)rstate[fidx] + (uint32_t)rstate[ridx];
    rstate[fidx] = (int32_t)val;
    long result = val >> 1;
    if (++fidx >= 31) {
        fidx = 0;
        ++ridx;
    } else if (++ridx >= 31)
        ridx = 0;
    return result;
}

void srand(unsigned int seed)
{
    srandom(seed);
}

int rand(void)
{
    return (int)random();
}

int rand_r(unsigned int *seed)
{
    unsigned int next = *seed;
    int result;
    next *= 1103515245;
    next += 12345;
    result = (unsigned int)(next / 65536) % 2048;
    next *= 1103515245;
    next += 12345;
    result <<= 10;
    result ^= (unsigned int)(next / 65536) % 1024;
    next *= 1103515245;
    next += 12345;
    result <<= 10;
    result ^= (unsigned int)(next / 65536) % 1024;
    *seed = next;
    return result;
}

/* ---- drand48 ---- */

static unsigned short x48[3], old48[3];
static unsigned long long a48 = 0x5deece66dull;
static unsigned short c48 = 0xb;

static void iterate(unsigned short x[3])
{
    uint64_t X = (uint64_t)x[2] << 32 | (uint32_t)x[1] << 16 | x[0];
    uint64_t r = X * a48 + c48;
    x[0] = r & 0xffff;
    x[1] = (r >> 16) & 0xffff;
    x[2] = (r >> 32) & 0xffff;
}

double erand48(unsigned short x[3])
{
    iterate(x);
    union { double d; uint64_t u; } t;
    uint64_t m0 = ((uint64_t)x[2] << 4) | (x[1] >> 12);
    uint64_t m1 = ((uint64_t)(x[1] & 0xfff) << 20) | ((uint64_t)x[0] << 4);
    t.u = (1023ull << 52) | (m0 << 32) | (m1 & 0xffffffffull);
    return t.d - 1.0;
}

double drand48(void)
{
    return erand48(x48);
}

long nrand48(unsigned short x[3])
{
    iterate(x);
    return (long)((uint32_t)x[2] << 15 | x[1] >> 1);
}

long lrand48(void)
{
    return nrand48(x48);
}

long jrand48(unsigned short x[3])
{
    iterate(x);
    return (int32_t)(((uint32_t)x[2] << 16) | x[1]);
}

long mrand48(void)
{
    return jrand48(x48);
}

void srand48(long seed)
{
    seed &= 0xffffffffl;
    x48[2] = (unsigned short)(seed >> 16);
    x48[1] = (unsigned short)(seed & 0xffff);
    x48[0] = 0x330e;
    a48 = 0x5deece66dull;
    c48 = 0xb;
}

unsigned short *seed48(unsigned short s[3])
{
    old48[0] = x48[0];
    old48[1] = x48[1];
    old48[2] = x48[2];
    x48[0] = s[0];
    x48[1] = s[1];
    x48[2] = s[2];
    a48 = 0x5deece66dull;
    c48 = 0xb;
    return old48;
}

void lcong48(unsigned short p[7])
{
    x48[0] = p[0];
    x48[1] = p[1];
    x48[2] = p[2];
    a48 = (uint64_t)p[5] << 32 | (uint32_t)p[4] << 16 | p[3];
    c48 = p[6];
}

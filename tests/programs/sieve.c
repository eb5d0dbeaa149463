/* Sieve of Eratosthenes, prime counting, twin primes, Goldbach checks,
 * and a segmented bit sieve. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

#define LIMIT 3000

static unsigned char composite[LIMIT + 1];

int main(void)
{
    composite[0] = composite[1] = 1;
    for (int i = 2; i * i <= LIMIT; i++)
        if (!composite[i])
            for (int j = i * i; j <= LIMIT; j += i) composite[j] = 1;
    int count = 0, twins = 0, last = 0;
    for (int i = 2; i <= LIMIT; i++) {
        if (!composite[i]) {
            count++;
            if (i >= 4 && !composite[i - 2]) twins++;
            last = i;
        }
    }
    printf("primes <= %d: %d, twin pairs %d, largest %d\n", LIMIT, count, twins, last);
    printf("first 25:");
    for (int i = 2, n = 0; n < 25; i++) if (!composite[i]) { printf(" %d", i); n++; }
    printf("\n");
    /* pi(x) at powers of ten */
    for (int x = 10; x <= LIMIT; x *= 10) {
        int c = 0;
        for (int i = 2; i <= x; i++) c += !composite[i];
        printf("pi(%d) = %d\n", x, c);
    }
    /* Goldbach for even numbers up to 200 */
    int ok = 1;
    for (int e = 4; e <= 200; e += 2) {
        int found = 0;
        for (int p = 2; p <= e / 2 && !found; p++) found = !composite[p] && !composite[e - p];
        ok &= found;
    }
    printf("goldbach up to 200: %s\n", ok ? "holds" : "fails");
    /* a bit-packed sieve of odd numbers up to 20000 */
    enum { BITLIMIT = 10000 };
    uint32_t bits[(BITLIMIT / 2) / 32 + 1];
    memset(bits, 0, sizeof bits);
    for (int i = 3; i * i <= BITLIMIT; i += 2)
        if (!(bits[(i / 2) >> 5] & (1u << ((i / 2) & 31))))
            for (int j = i * i; j <= BITLIMIT; j += 2 * i) bits[(j / 2) >> 5] |= 1u << ((j / 2) & 31);
    int bc = 1;   /* the prime 2 */
    for (int i = 3; i <= BITLIMIT; i += 2) bc += !(bits[(i / 2) >> 5] & (1u << ((i / 2) & 31)));
    printf("bit sieve primes <= %d: %d\n", BITLIMIT, bc);
    return 0;
}

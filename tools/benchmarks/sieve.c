/* sieve.c -- sieve of Eratosthenes over a large char array.
 *
 * Usage: sieve [N]   -- sieve the integers below N (work ~ N log log N).
 * Prints the number of primes below N and a checksum of them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SIZE 660000

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

    char *composite = malloc(n);
    if (!composite)
        return 1;
    memset(composite, 0, n);

    for (long i = 2; i * i < n; i++)
        if (!composite[i])
            for (long j = i * i; j < n; j += i)
                composite[j] = 1;

    long count = 0;
    unsigned long sum = 0;
    for (long i = 2; i < n; i++)
        if (!composite[i]) {
            count++;
            sum = sum * 31 + (unsigned long)i;
        }

    free(composite);
    printf("sieve n=%ld primes=%ld checksum=%lu\n", n, count, sum);
    return 0;
}

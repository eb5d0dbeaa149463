/* recursion.c -- call-heavy deep recursion.
 *
 * Usage: recursion [R]   -- R rounds; each round runs naive fib(22) or
 * fib(23) (57313 / 92735 calls), ackermann(2, 40..43) (~3500 calls) and a
 * non-tail recursion 2000 frames deep, so work ~ R (the default makes
 * about 2.3 million calls).  Prints the number of calls and a checksum.
 */
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_SIZE 28

/* no global call counter in the hot functions: a global increment per
 * call costs more than the call itself in an interpreter */
static int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

/* number of calls fib(n) makes: 2 * fib(n + 1) - 1 */
static long fib_calls(int n)
{
    long a = 0, b = 1;
    for (int i = 0; i < n + 1; i++) {
        long t = a + b;
        a = b;
        b = t;
    }
    return 2 * a - 1;
}

static int ackermann(int m, int n, long *calls)
{
    ++*calls;
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1, calls);
    return ackermann(m - 1, ackermann(m, n - 1, calls), calls);
}

/* not a tail call: the addition happens after the callee returns */
static unsigned long deep(int depth, unsigned long acc)
{
    if (depth == 0)
        return acc;
    return deep(depth - 1, acc * 3 + (unsigned long)depth) + (unsigned long)(depth & 7);
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
    int rounds = size_arg(argc, argv, DEFAULT_SIZE);

    unsigned long check = 0;
    long calls = 0;
    for (int r = 0; r < rounds; r++) {
        int k = 22 + (r & 1);
        check = check * 7 + (unsigned long)fib(k);
        calls += fib_calls(k);
        check = check * 7 + (unsigned long)ackermann(2, 40 + (r & 3), &calls);
        check = check * 7 + deep(2000, (unsigned long)r);
        calls += 2001;
    }
    printf("recursion rounds=%d calls=%ld checksum=%lu\n", rounds, calls, check);
    return 0;
}

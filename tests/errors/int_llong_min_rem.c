// expect: integer
/* LLONG_MIN % -1: the implied division overflows (x86 traps on it and the
 * LLVM srem is undefined), so it is an integer fault like LLONG_MIN / -1. */
#include <stdio.h>
#include <limits.h>

int main(void)
{
    long long vals[] = { 10, -7, LLONG_MIN };
    long long d = -1;
    for (int i = 0; i < 3; i++) {
        long long r = vals[i] % d; // ERROR
        printf("%lld\n", r);
    }
    return 0;
}

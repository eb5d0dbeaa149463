// expect: undefined
/* A non-void function falls off its end without returning a value, and
 * the caller uses the result in a condition.
 * Why "undefined" and not "control": in C (unlike C++) clang at -O0 does
 * not mark the missing return; it returns the value loaded from the never
 * written return slot, i.e. uninitialised bytes. Returning them is allowed;
 * the caller's branch on them is the first observable misuse. (SPEC's
 * "return of a missing value" under control is for IR-level mismatches.) */
#include <stdio.h>

static int sign_of(int x)
{
    if (x > 0) return 1;
    if (x < 0) return -1;
}

int main(void)
{
    int s = sign_of(0);
    if (s == 0) // ERROR
        puts("zero");
    return 0;
}

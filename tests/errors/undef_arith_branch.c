// expect: undefined
/* Arithmetic on an uninitialised value yields an undefined value; using
 * one of its bits in a condition is an error (bit-precise tracking: the
 * low bit of a + 7 depends on a). */
#include <stdio.h>

static int flag(int v) { return v; }

int main(void)
{
    int a;
    int b = a + 7;
    int c = flag(1);
    if ((b & 1) == c) // ERROR
        puts("odd");
    return 0;
}

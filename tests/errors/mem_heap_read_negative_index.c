// expect: memory
/* Reads a[i] for a negative i held in a 64-bit variable. */
#include <stdio.h>
#include <stdlib.h>

static __attribute__((noinline)) long pick(long *a, long i)
{
    return a[i]; // ERROR
}

int main(int argc, char **argv)
{
    (void)argv;
    long *a = calloc(8, sizeof *a);
    if (!a) return 1;
    long s = 0;
    for (long i = 7; i >= -argc; i--)  /* down to -1 */
        s += pick(a, i);
    printf("%ld\n", s);
    free(a);
    return 0;
}

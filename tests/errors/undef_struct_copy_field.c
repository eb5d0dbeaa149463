// expect: undefined
/* A struct copied whole (a memcpy) carries its uninitialised field along. */
#include <stdio.h>
#include <stdlib.h>

struct rec { long a, b, c, d; };

static __attribute__((noinline)) void fill(struct rec *r, int skip)
{
    r->a = 1; r->b = 2; r->d = 4;
    if (!skip) r->c = 3;
}

int main(int argc, char **argv)
{
    (void)argv;
    struct rec *src = malloc(sizeof *src), *dst = malloc(sizeof *dst * 2);
    if (!src || !dst) return 1;
    fill(src, argc);   /* argc is 1: c is left undefined */
    dst[1] = *src;
    if (dst[1].c > 2) // ERROR
        puts("big");
    free(src);
    free(dst);
    return 0;
}

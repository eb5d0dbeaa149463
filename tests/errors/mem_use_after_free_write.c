// expect: memory
/* Writes through a stale pointer kept in a cache after the block it points
 * to was freed. */
#include <stdio.h>
#include <stdlib.h>

struct cache { int *last; };

static int *alloc_counter(struct cache *c)
{
    int *p = malloc(sizeof *p);
    if (!p) exit(1);
    *p = 0;
    c->last = p;
    return p;
}

int main(void)
{
    struct cache c = { NULL };
    int *counter = alloc_counter(&c);
    *counter += 1;
    free(counter);
    *c.last = 2; // ERROR
    printf("done\n");
    return 0;
}

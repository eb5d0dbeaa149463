// expect: memory
/* Writes one element before the start of a heap block. */
#include <stdio.h>
#include <stdlib.h>

struct item { int key; int value; };

int main(void)
{
    struct item *items = calloc(4, sizeof *items);
    if (!items) return 1;
    struct item *p = items;
    for (int i = 0; i < 4; i++) p[i].key = i;
    p--;
    p->value = 17; // ERROR
    printf("%d\n", items[0].value);
    free(items);
    return 0;
}

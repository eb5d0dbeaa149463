// expect: memory
/* Indexes past the end of an array member of a heap-allocated struct
 * whose array is the last member: the access leaves the heap object. */
#include <stdio.h>
#include <stdlib.h>

struct rec { int id; short vals[5]; };

int main(void)
{
    struct rec *r = malloc(sizeof *r);
    if (!r) return 1;
    r->id = 1;
    int n = (int)(sizeof *r / sizeof(short));   /* 8: much more than 5 */
    for (int i = 0; i < n; i++)
        r->vals[i] = (short)i; // ERROR
    printf("%d\n", r->vals[0]);
    free(r);
    return 0;
}

/* run with --choices 0,1,1,1: allocations may fail with ENOMEM */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    char *p = malloc(8), *q = malloc(8);
    printf("%d %d %d\n", p != 0, q != 0, errno == ENOMEM);
    free(p);
    free(q);
    free(0);
    return 0;
}

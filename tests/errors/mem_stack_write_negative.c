// expect: memory
/* Writes to index -1 of a stack array (computed at run time). */
#include <stdio.h>

static int index_of(int v) { return v - 10; }

int main(void)
{
    int before = 7;
    int a[8];
    int after = 9;
    int i = index_of(9);
    a[i] = 42; // ERROR
    printf("%d %d %d\n", before, a[0], after);
    return 0;
}

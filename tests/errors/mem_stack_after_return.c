// expect: memory
/* Dereferences a pointer to a local variable of a function that has
 * returned: the frame's objects are freed on return. */
#include <stdio.h>

static int *make_counter(int start)
{
    int counter = start;
    int *p = &counter;
    return p;
}

int main(void)
{
    int *c = make_counter(5);
    int v = *c; // ERROR
    printf("%d\n", v);
    return 0;
}

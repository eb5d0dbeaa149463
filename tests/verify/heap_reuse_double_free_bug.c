// expect: error memory
// After free(y) the allocator may hand y's address to the next block:
// x == y can hold (SV-COMP's memsafety/cmp-freed-ptr), and then x is freed
// twice.  divm explores both answers of a comparison between a freed and a
// live heap pointer at one offset.
#include <stdlib.h>
int main(void)
{
    int *y = malloc(sizeof(int));
    free(y);
    int *x = malloc(sizeof(int));
    if (x == y)
        free(x);
    free(x); // ERROR
    return 0;
}

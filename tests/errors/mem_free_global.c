// expect: memory
// errorframe: lib
/* Frees a pointer to a global variable chosen at run time. */
#include <stdlib.h>

static int global_storage[8];

static int *get_storage(int use_heap)
{
    return use_heap ? malloc(8 * sizeof(int)) : global_storage;
}

int main(void)
{
    int *s = get_storage(0);
    s[0] = 1;
    free(s); // ERROR
    return 0;
}

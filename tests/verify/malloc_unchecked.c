// expect: error memory
#include <stdlib.h>

int main(void)
{
    int *p = malloc(sizeof(int)); /* may fail: verify explores that too */
    *p = 42; // ERROR
    free(p);
    return 0;
}

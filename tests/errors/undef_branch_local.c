// expect: undefined
/* Branches on an uninitialised local variable. */
#include <stdio.h>

int main(void)
{
    int x;
    int y = 3;
    if (x) // ERROR
        y = 4;
    printf("%d\n", y);
    return 0;
}

// expect: assert
// errorframe: lib
/* reach_error() declared but not defined by the program: libc-shim
 * provides it. */
#include <stdio.h>

extern void reach_error(void);

int main(void)
{
    int a = 6, b = 7;
    if (a * b == 42)
        reach_error(); // ERROR
    puts("unreachable");
    return 0;
}

// expect: error integer
// options: -o check:overflow
// signed addition that overflows (nsw): INT_MAX + 1
#include <limits.h>
int main(void)
{
    volatile int x = INT_MAX;
    int y = x + 1; // ERROR
    return y == 0;
}

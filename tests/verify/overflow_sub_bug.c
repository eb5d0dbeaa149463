// expect: error integer
// options: -o check:overflow
// signed subtraction that overflows (nsw): LLONG_MIN - 1
#include <limits.h>
int main(void)
{
    volatile long long x = LLONG_MIN;
    long long y = x - 1; // ERROR
    return y == 0;
}

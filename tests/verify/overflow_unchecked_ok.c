// expect: valid
// without -o check:overflow, signed overflow is not reported (it wraps)
#include <limits.h>
int main(void)
{
    volatile int x = INT_MAX;
    int y = x + 1;
    return y == INT_MIN ? 0 : 1;
}

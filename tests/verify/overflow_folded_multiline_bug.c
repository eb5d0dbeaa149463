// expect: error integer
// options: -o check:overflow
// a fold on a line of its own, in a statement whose code is on the line
// before: the fault goes to that code
#include <limits.h>
volatile int g;
int main(void)
{
    int y = 0;
    if (g)
        y = INT_MAX;
    int z = // ERROR
        INT_MAX + 1;
    return (y + z) & 0;
}

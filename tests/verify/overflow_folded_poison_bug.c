// expect: error integer
// options: -o check:overflow
// INT_MIN / -1 over constants has no value: clang folds it to poison with
// no warning, here straight into a return
#include <limits.h>
volatile int never;
int lowest(void)
{
    return INT_MIN / -1; // ERROR
}
int main(void)
{
    int y = 0;
    if (never)
        y = (int)1e10;  /* (out of int's range: on a path never taken) */
    if (never)
        y = 1 << 31;
    return y + lowest();
}

// expect: error integer
// options: -o check:overflow
// clang folds INT_MAX + 1 over constants (an enumerator, a const
// variable) to the wrapped value: no instruction is left to check, so
// its warning places the fault (the first fold is on a path never taken)
#include <limits.h>
enum { BIG = INT_MAX };
const int c = INT_MAX;
volatile int never;
int main(void)
{
    int y = 0;
    if (never)
        y = BIG + 1;
    y += c + 1; // ERROR
    return y == 0;
}

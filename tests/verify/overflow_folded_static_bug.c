// expect: error integer
// options: -o check:overflow
// a static local's initialiser is a constant computed before main: the
// overflow is reported at main's start; a fold in code clang leaves out
// (if (0), after the return) is not
#include <limits.h>
int counter(void)
{
    static int s = INT_MAX * 2;
    return s++;
}
int main(void) // ERROR
{
    if (0) {
        int dead = INT_MAX + 1;
        return dead;
    }
    return counter() & 0;
}

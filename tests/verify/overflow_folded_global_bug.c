// expect: error integer
// options: -o check:overflow
// an overflow in a global's initialiser happens before main runs: the
// error is at main's start
#include <limits.h>
enum { BIG = INT_MAX };
int fine = BIG - 1;
long wide = (long)BIG + 1;
int g = BIG + 1;
int main(void) // ERROR
{
    return (fine + g + (int)wide) & 0;
}

// expect: error integer
// options: -o check:overflow
// abs of the most negative int: clang compiles abs() to llvm.abs with
// its "INT_MIN is poison" flag; the result is not representable
#include <limits.h>
#include <stdlib.h>
int main(void)
{
    volatile int x = INT_MIN + 1;
    int a = abs(x);     /* fine: INT_MAX */
    x = x - 1;
    long b = labs(a);   /* fine */
    int c = abs(x); // ERROR
    return a + (int)b + c == 0;
}

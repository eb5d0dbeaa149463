// expect: control
/* Calls a three-parameter function through a pointer type that passes one
 * argument: the call site and the callee disagree on the argument count. */
#include <stdio.h>

static int sum3(int a, int b, int c) { return a + b + c; }

typedef int (*unary_fn)(int);

int main(void)
{
    unary_fn f = (unary_fn)sum3;
    int r = f(1); // ERROR
    printf("%d\n", r);
    return 0;
}

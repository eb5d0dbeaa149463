// expect: integer
/* INT_MIN / -1 overflows (the quotient is not representable). */
#include <stdio.h>
#include <limits.h>

static int divide(int a, int b) { return a / b; } // ERROR

int main(void)
{
    printf("%d\n", divide(INT_MIN, 1));
    printf("%d\n", divide(INT_MIN, -1));
    return 0;
}

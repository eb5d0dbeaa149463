// expect: float
/* Floating-point division by zero (reported by default, ignorable with
 * -o ignore:float). */
#include <stdio.h>

static double ratio(double a, double b) { return a / b; } // ERROR

int main(void)
{
    double total = 0.0;
    printf("%g\n", ratio(1.0, 4.0));
    printf("%g\n", ratio(3.0, total));
    return 0;
}

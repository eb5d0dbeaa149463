// expect: undefined
/* An undefined value stays undefined when it is stored into a fully
 * defined object (a global, a double in a heap block) and loaded back. */
#include <stdio.h>
#include <stdlib.h>

int g;
double d[2];

int main(void)
{
    int a;
    double x;
    d[1] = x * 2.0;
    g = a + 7;
    if (d[0] < 1.0)
        printf("defined\n");
    if (g) // ERROR
        printf("g\n");
    return 0;
}

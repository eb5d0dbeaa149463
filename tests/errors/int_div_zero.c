// expect: integer
/* Integer division by zero. */
#include <stdio.h>

static int average(const int *v, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s / n; // ERROR
}

int main(void)
{
    int v[3] = { 3, 6, 9 };
    printf("%d\n", average(v, 3));
    printf("%d\n", average(v, 0));
    return 0;
}

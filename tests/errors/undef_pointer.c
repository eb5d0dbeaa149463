// expect: undefined
/* Stores through an uninitialised pointer. */
#include <stdio.h>

struct point { int x, y; };

int main(void)
{
    struct point pts[2] = { { 1, 2 }, { 3, 4 } };
    struct point *cur;
    int n = 2;
    if (n > 5) cur = &pts[0];
    cur->x = 10; // ERROR
    printf("%d\n", pts[0].x);
    return 0;
}

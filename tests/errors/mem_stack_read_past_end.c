// expect: memory
/* Reads one element past the end of a stack array in a loop that runs
 * one iteration too many. */
#include <stdio.h>

int main(void)
{
    int a[4] = { 1, 2, 3, 4 };
    int s = 0;
    for (int i = 0; i <= 4; i++) {
        s += a[i]; // ERROR
    }
    printf("%d\n", s);
    return 0;
}

// expect: undefined
/* Branches on heap memory that malloc returned uninitialised. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int *counts = malloc(8 * sizeof *counts);
    if (!counts) return 1;
    for (int i = 0; i < 4; i++) counts[i] = i;   /* only half is set */
    int positive = 0;
    for (int i = 0; i < 8; i++) {
        if (counts[i] > 0) // ERROR
            positive++;
    }
    printf("%d\n", positive);
    free(counts);
    return 0;
}

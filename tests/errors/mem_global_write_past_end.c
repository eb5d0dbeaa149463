// expect: memory
/* Writes one element past the end of a global array; the next global may
 * be adjacent in memory natively, but every global is its own object. */
#include <stdio.h>

int table[10];
int neighbour = 5;

static void fill(int n)
{
    for (int i = 0; i < n; i++)
        table[i] = i * i; // ERROR
}

int main(void)
{
    fill(11);
    printf("%d %d\n", table[9], neighbour);
    return 0;
}

// expect: undefined
/* Uses an uninitialised variable as an array index: the address depends on
 * undefined bits. */
#include <stdio.h>

int main(void)
{
    int table[16] = { 0 };
    int idx;
    int sum = 0;
    sum += table[idx]; // ERROR
    printf("%d\n", sum);
    return 0;
}

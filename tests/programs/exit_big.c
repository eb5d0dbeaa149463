/* main returns 300: the exit status is 300 & 0xff = 44. Output ends
 * without a newline and main's return flushes stdout. */
#include <stdio.h>

static int compute(void)
{
    int s = 0;
    for (int i = 1; i <= 24; i++) s += i;
    return s;
}

int main(void)
{
    int v = compute();
    printf("sum is %d, returning %d", v, v);
    return v;
}

/* main returns -1: the exit status is 255. */
#include <stdio.h>

int main(void)
{
    puts("returning -1");
    return -1;
}

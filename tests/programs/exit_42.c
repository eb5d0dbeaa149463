/* main returns 42. */
#include <stdio.h>

int main(void)
{
    printf("returning 42\n");
    return 42;
}

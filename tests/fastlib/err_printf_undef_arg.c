#include <stdio.h>
int main(void)
{
    int x;
    printf("%d\n", x + 1);
    return 0;
}

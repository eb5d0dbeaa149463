#include <stdio.h>
int main(void)
{
    char b[4];
    sprintf(b, "%d", 123456);
    return b[0];
}

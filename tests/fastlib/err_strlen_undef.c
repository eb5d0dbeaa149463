#include <stdio.h>
#include <string.h>
int main(void)
{
    char b[8];
    b[0] = 'a';
    return (int)strlen(b);
}

#include <string.h>
#include <stdio.h>
int main(void)
{
    const char *k = "constant";
    strcpy((char *)k, "x");
    printf("%s\n", k);
    return 0;
}

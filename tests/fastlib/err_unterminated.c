#include <stdio.h>
#include <string.h>
#include <stdlib.h>
int main(void)
{
    char *p = malloc(3);
    memcpy(p, "abc", 3);
    printf("%s\n", p);
    return strcmp(p, "abc");
}

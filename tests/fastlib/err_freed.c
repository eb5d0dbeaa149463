#include <string.h>
#include <stdlib.h>
int main(void)
{
    char *p = malloc(8);
    strcpy(p, "abc");
    free(p);
    return (int)strlen(p);
}

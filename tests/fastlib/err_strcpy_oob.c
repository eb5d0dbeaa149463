#include <string.h>
#include <stdlib.h>
int main(void)
{
    char *p = malloc(4);
    strcpy(p, "too long");
    free(p);
    return 0;
}

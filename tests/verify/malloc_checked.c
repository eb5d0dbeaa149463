// expect: valid
// options: -o ignore:exit
// (the program reports an allocation failure by its exit status)
#include <stdlib.h>
#include <string.h>

int main(void)
{
    char *p = malloc(8);
    if (!p)
        return 1;
    char *q = strdup("abc");
    if (!q) {
        free(p);
        return 1;
    }
    strcpy(p, q);
    free(q);
    free(p);
    return 0;
}

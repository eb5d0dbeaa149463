// expect: error leak
// options: -o nofail:malloc --leakcheck exit
#include <stdlib.h>

int main(void)
{
    char *p = malloc(16);
    p = malloc(32); /* the first block is lost */
    free(p);
    return 0;
}

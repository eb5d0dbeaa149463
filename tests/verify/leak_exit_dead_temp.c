// expect: error leak
// options: -o nofail:malloc --leakcheck exit
// At exit() the block is held only by a dead temporary (malloc's result,
// since overwritten in p): it is lost, and a live activation does not keep
// it alive.
#include <stdlib.h>

int main(void)
{
    char *p = malloc(10);
    p = 0;
    exit(p != 0);
}

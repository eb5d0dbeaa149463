// expect: error leak
// options: -o nofail:malloc --leakcheck return
#include <stdlib.h>

static int work(void)
{
    int *tmp = malloc(4 * sizeof(int));
    tmp[0] = 1;
    return tmp[0]; // ERROR
}

int main(void)
{
    int r = work();
    return r - 1;
}

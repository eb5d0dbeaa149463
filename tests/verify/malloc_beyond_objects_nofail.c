// expect: inconclusive
// options: -o nofail:malloc
// A block larger than a VM object (2 GiB): divm cannot run the program
// where malloc succeeds, and must not say valid on the strength of the
// NULL it returns instead (a real malloc of 3 GiB may well succeed).
#include <assert.h>
#include <stdlib.h>

int main(void)
{
    char *p = malloc(3u << 30);
    if (p) {
        p[0] = 1;
        assert(p[0] == 2); /* the bug, beyond what divm explores */
    }
    return 0;
}
